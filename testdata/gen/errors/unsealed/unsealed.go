// Package unsealed declares unions any package could implement.
package unsealed

//unionflat:union
type Shape interface{ Area() float64 }

//unionflat:union
type Empty interface{}

//unionflat:union
type NotIface struct{}

type Circle struct{}

func (Circle) Area() float64 { return 0 }
