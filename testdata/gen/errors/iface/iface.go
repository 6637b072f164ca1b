// Package iface has interface fields that are not unions.
package iface

// Shape is an interface without //unionflat:union.
type Shape interface{ Area() float64 }

//unionflat:tool
type Draw struct {
	Err    error            `json:"err"`
	Shape  Shape            `json:"shape"`
	Shapes []Shape          `json:"shapes"`
	Method interface{ M() } `json:"method"`
}
