// Package unionuse misuses unions: a struct in two unions, a pointer to a
// union.
package unionuse

//unionflat:union
type Shape interface{ isShape() }

//unionflat:union
type Figure interface{ isFigure() }

// Circle implements both unions.
type Circle struct {
	R float64 `json:"r"`
}

// Square implements Shape only.
type Square struct {
	Side float64 `json:"side"`
}

func (Circle) isShape()  {}
func (Circle) isFigure() {}
func (Square) isShape()  {}

//unionflat:tool
type Draw struct {
	Shape *Shape `json:"shape"`
}
