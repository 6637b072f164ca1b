// Package novariants declares a union nothing implements.
package novariants

//unionflat:union
type Shape interface{ isShape() }

// Other implements another interface.
type Other struct{}

func (Other) isOther() {}
