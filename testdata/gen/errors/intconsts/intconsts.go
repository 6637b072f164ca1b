// Package intconsts bounds integer enums so that some of their constants,
// or all of them, cannot pass.
package intconsts

// Level has a negative constant.
type Level int

const (
	Debug Level = iota - 1
	Info
	Warn
)

// Small is a uint8 enum.
type Small uint8

const (
	One Small = 1
	Two Small = 2
)

//unionflat:tool
type Tune struct {
	Level  Level   `json:"level" jsonschema:"minimum=0"`
	None   Level   `json:"none" jsonschema:"minimum=5"`
	Even   Small   `json:"even" jsonschema:"multipleOf=2"`
	Levels []Level `json:"levels" jsonschema:"maximum=0"`
	// A tag enum replaces the constants: no diagnostic.
	Picked Level `json:"picked" jsonschema:"enum=0,enum=1,minimum=0"`
}
