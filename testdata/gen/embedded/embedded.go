// Package embedded embeds variants and a union in other structs: a
// variant embedding a variant, a plain struct embedding one, and a tool
// input embedding the union itself. Go promotes the embedded variant's
// generated methods (its marker method among them), so each struct gets
// JSON methods of its own, and only the struct marked
// //unionflat:variant is a variant.
package embedded

// Shape is a figure.
//
//unionflat:union
type Shape interface{ isShape() }

// Square has equal sides.
//
//unionflat:variant square
type Square struct {
	Side int `json:"side"`
}

// Framed is a square with a frame: a variant embedding a variant.
//
//unionflat:variant framed
type Framed struct {
	Square
	Frame int `json:"frame"`
}

func (Square) isShape() {}
func (Framed) isShape() {}

// Tile embeds a square to reuse its fields; it implements Shape only
// through the embedded Square, so it is no variant of Shape.
type Tile struct {
	Square
	Row int `json:"row"`
}

// Lay places a tile and a shape.
//
//unionflat:tool
type Lay struct {
	Tile Tile `json:"tile"`
	// Shape is embedded: a property named Shape, as encoding/json writes
	// it, and no variant of Shape either.
	Shape
}
