// Package discriminator names its discriminators and lets variants hold
// them as real fields.
package discriminator

// Shape is a geometric shape, told apart by its "kind".
//
//unionflat:union discriminator=kind
type Shape interface{ isShape() }

// Circle declares the discriminator as a field; its value comes from the
// const in the tag.
type Circle struct {
	// Kind is always "circle".
	Kind   string  `json:"kind" jsonschema_extras:"const=circle"`
	Radius float64 `json:"radius" jsonschema:"exclusiveMinimum=0"`
}

// Rect declares the field with an enum and the same values in the
// directive.
//
//unionflat:variant rect,rectangle
type Rect struct {
	W    float64 `json:"w"`
	H    float64 `json:"h"`
	Kind string  `json:"kind,omitempty" jsonschema:"enum=rect,enum=rectangle"`
}

// Square declares the field, with its values from the directive only.
//
//unionflat:variant square
type Square struct {
	Kind string  `json:"kind"`
	Side float64 `json:"side"`
}

// Dot declares no field: the discriminator is added for it.
//
//unionflat:variant dot
type Dot struct{}

func (Circle) isShape() {}
func (Rect) isShape()   {}
func (Square) isShape() {}
func (Dot) isShape()    {}

// Draw draws shapes.
//
//unionflat:tool name=draw
type Draw struct {
	Shapes []Shape `json:"shapes"`
	// Kind on the tool itself is an ordinary field.
	Kind string `json:"kind,omitempty"`
}
