// Package marshalers uses types whose own MarshalJSON or MarshalText
// makes encoding/json write something other than their schema.
package marshalers

import "math/big"

// Color writes its name but cannot read it back: MarshalText without
// UnmarshalText.
type Color int

const (
	Red Color = iota
	Green
)

func (c Color) MarshalText() ([]byte, error) { return []byte([]string{"red", "green"}[c]), nil }

// Shade writes whatever its MarshalJSON returns.
type Shade int

const (
	Light Shade = iota + 1
	Dark
)

func (s Shade) MarshalJSON() ([]byte, error) { return []byte(`"light"`), nil }

// Upper is a named string written upper-case and read as it stands.
type Upper string

func (u *Upper) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

func (u Upper) String() string { return string(u) }

// Point writes itself as an array.
type Point struct{ X, Y int }

func (p Point) MarshalJSON() ([]byte, error) { return []byte("[0,0]"), nil }

// Mark embeds Point, so its MarshalJSON is promoted.
type Mark struct {
	Point
	Label string `json:"label"`
}

// Serial has text methods, but encoding/json asks MarshalJSON first.
type Serial struct{ s string }

func (s *Serial) UnmarshalText(b []byte) error { s.s = string(b); return nil }

func (s Serial) MarshalText() ([]byte, error) { return []byte(s.s), nil }

func (s Serial) MarshalJSON() ([]byte, error) { return []byte(`{"serial":"` + s.s + `"}`), nil }

//unionflat:tool
type Paint struct {
	Color Color  `json:"color"`
	Shade Shade  `json:"shade"`
	Name  Upper  `json:"name"`
	At    Point  `json:"at"`
	Marks []Mark `json:"marks"`
	// Total is a *big.Int, which has text methods and JSON ones: encoding/json
	// writes it as a JSON number.
	Total  *big.Int `json:"total"`
	Serial Serial   `json:"serial"`
}
