// Package names declares two roots whose generated names are the same,
// and package-level names that hide predeclared identifiers the generated
// code uses. Names that only generated locals and imports use (key, d,
// json) are not reported: the generator spells its own around them.
package names

// Shape is drawn on the canvas.
//
//unionflat:union
type Shape interface{ isShape() }

type Circle struct {
	Radius float64 `json:"radius"`
}

func (Circle) isShape() {}

// ShapeFlat's ShapeFlatSchema is the flat schema of union Shape too.
//
//unionflat:tool
type ShapeFlat struct {
	Shape Shape `json:"shape"`
	Key   key   `json:"key"`
}

// key is a name generated decoders use for a local.
type key string

var json = "a package-level json"

// error hides the predeclared error that generated functions return.
type error struct{}

func len(string) int { return 0 }
