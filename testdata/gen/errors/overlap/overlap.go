// Package overlap gives two variants the same discriminator value.
package overlap

//unionflat:union
type Shape interface{ isShape() }

//unionflat:variant round,circle
type Circle struct{}

//unionflat:variant circle
type Disc struct{}

// Ring takes the default value "ring", which Hoop claims too.
type Ring struct{}

//unionflat:variant ring
type Hoop struct{}

// Oval disagrees with itself: the tag and the directive differ.
//
//unionflat:variant oval
type Oval struct {
	Type string `json:"type" jsonschema:"enum=ellipse"`
}

// Square holds the discriminator in a field that is not a string.
type Square struct {
	Type int `json:"type"`
}

//unionflat:variant tri,triangle,tri
type Tri struct{}

func (Circle) isShape() {}
func (Disc) isShape()   {}
func (Ring) isShape()   {}
func (Hoop) isShape()   {}
func (Oval) isShape()   {}
func (Square) isShape() {}
func (Tri) isShape()    {}
