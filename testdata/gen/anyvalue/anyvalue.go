// Package anyvalue holds free-form values: any, map[string]any and []any,
// read as encoding/json reads them.
package anyvalue

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
