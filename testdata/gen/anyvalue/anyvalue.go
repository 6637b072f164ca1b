// Package anyvalue holds free-form values: any, map[string]any and []any,
// read as encoding/json reads them.
package anyvalue

import "encoding/json"

// SetMetadata stores values of any shape under a key.
//
//unionflat:tool name=set_metadata
type SetMetadata struct {
	// Key names the entry.
	Key string `json:"key"`
	// Value is any JSON value.
	Value any `json:"value"`
	// Labels are free-form values by name.
	Labels map[string]any `json:"labels,omitempty"`
	// Args are free-form values in order.
	Args []any `json:"args,omitempty"`
	// Extra is left out when nil.
	Extra interface{} `json:"extra,omitempty"`
	// Note holds a free-form value below a struct.
	Note *Note `json:"note,omitempty"`
	// Named is of a named empty interface type.
	Named Value `json:"named,omitempty"`
}

// Value is any JSON value, as any is.
type Value interface{}

// Note is a struct with a free-form field.
type Note struct {
	Text string `json:"text"`
	Data any    `json:"data,omitempty"`
}

// Configure takes free-form values under profiles that cannot say one:
// each is advertised there as a string holding its JSON text, which the
// decoder reads as the value it holds.
//
//unionflat:tool profile=openai-strict profile=gemini
type Configure struct {
	// Settings are free-form values by name.
	Settings map[string]any `json:"settings"`
	// Value is any JSON value.
	Value any `json:"value"`
	// Steps are free-form values in order.
	Steps []any `json:"steps,omitempty"`
}

// Strict is Configure with repairs off: a string holding JSON text is
// still read, as the profile asks.
//
//unionflat:tool profile=openai-strict repair=off
type Strict struct {
	Value    any             `json:"value"`
	Raw      json.RawMessage `json:"raw,omitempty"`
	Settings map[string]any  `json:"settings,omitempty"`
}
