// Package iface has interface fields that are not unions.
package iface

// Shape is an interface without //unionflat:union.
type Shape interface{ Area() float64 }

//unionflat:tool
type Draw struct {
	Any    interface{}      `json:"any"`
	Also   any              `json:"also"`
	Err    error            `json:"err"`
	Shape  Shape            `json:"shape"`
	Shapes []Shape          `json:"shapes"`
	ByName map[string]any   `json:"by_name"`
	Method interface{ M() } `json:"method"`
}
