// Package open opts structs out of additionalProperties: false.
package open

// Event is something that happened.
//
//unionflat:union
type Event interface{ isEvent() }

// ClickEvent accepts keys it does not declare.
//
//unionflat:variant click
//unionflat:open
type ClickEvent struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// KeyEvent is closed.
//
//unionflat:variant key
type KeyEvent struct {
	Key string `json:"key" jsonschema:"minLength=1"`
	// Shift is declared by key events alone: the open click event takes
	// it with any value, which its flat schema must accept too.
	Shift bool `json:"shift,omitempty"`
}

func (ClickEvent) isEvent() {}
func (KeyEvent) isEvent()   {}

// Extra is an open struct used as a field.
//
//unionflat:open
type Extra struct {
	Source string `json:"source,omitempty"`
}

// Track records events.
//
//unionflat:tool
//unionflat:open
type Track struct {
	Events []Event `json:"events"`
	Extra  Extra   `json:"extra"`
}
