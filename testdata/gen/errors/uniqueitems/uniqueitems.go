// Package uniqueitems asks uniqueItems of items that == cannot compare by
// value: the generated check did not compile, panicked on a union holding
// a slice, or compared pointers by address.
package uniqueitems

import "time"

// Words holds a slice.
type Words struct {
	List []string `json:"list"`
}

// Point is comparable: no diagnostic.
type Point struct {
	X int `json:"x"`
}

// Part is a union.
//
//unionflat:union
type Part interface{ isPart() }

// Text holds a slice.
//
//unionflat:variant text
type Text struct {
	Lines []string `json:"lines"`
}

func (Text) isPart() {}

//unionflat:tool
type Pick struct {
	Parts  []Part           `json:"parts" jsonschema:"uniqueItems=true"`
	Words  []Words          `json:"words" jsonschema:"uniqueItems=true"`
	Ptrs   []*Point         `json:"ptrs" jsonschema:"uniqueItems=true"`
	Nested [][]string       `json:"nested" jsonschema:"uniqueItems=true"`
	Maps   []map[string]int `json:"maps" jsonschema:"uniqueItems=true"`
	// Compared by value: no diagnostic.
	Points []Point         `json:"points" jsonschema:"uniqueItems=true"`
	Waits  []time.Duration `json:"waits" jsonschema:"uniqueItems=true"`
	Times  []time.Time     `json:"times" jsonschema:"uniqueItems=true"`
	Grid   [][2]int        `json:"grid" jsonschema:"uniqueItems=true"`
}
