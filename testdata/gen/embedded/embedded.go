// Package embedded embeds variants and a union in other structs: a
// variant embedding a variant, a plain struct embedding one, and a tool
// input embedding the union itself. Go promotes the embedded variant's
// generated methods (its marker method among them), so each struct gets
// JSON methods of its own, and only the struct marked
// //unionflat:variant is a variant.
package embedded

import (
	"time"

	"github.com/unionflat/unionflat/testdata/gen/unions"
)

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

// Dot is a variant with no fields.
//
//unionflat:variant dot
type Dot struct{}

// Big embeds Dot, which adds no field but its generated methods.
//
//unionflat:variant big
type Big struct {
	Dot
	N int `json:"n"`
}

func (Dot) isShape() {}
func (Big) isShape() {}

// Wait has a duration, so it gets a MarshalJSON of its own.
type Wait struct {
	For time.Duration `json:"for"`
}

// Timed embeds Wait with its one field hidden by its own.
type Timed struct {
	Wait
	For string `json:"for"`
}

// Deep embeds Wait two levels down.
type Deep struct {
	Middle
	For int `json:"for"`
}

// Middle embeds Wait.
type Middle struct{ Wait }

// Quoted embeds a variant of another package, whose generated methods
// this package's load does not see.
type Quoted struct {
	unions.TextBlock
	By string `json:"by"`
}

// Arrange holds each of them.
//
//unionflat:tool
type Arrange struct {
	Big    Big    `json:"big"`
	Wait   Wait   `json:"wait"`
	Timed  Timed  `json:"timed"`
	Deep   Deep   `json:"deep"`
	Quoted Quoted `json:"quoted"`
}
