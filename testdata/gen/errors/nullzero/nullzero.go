// Package nullzero declares required nullable fields that are not
// pointers, and optional ones with a default: null leaves their zero
// value, which their rules reject.
package nullzero

import "time"

// Color is a string enum without "".
type Color string

const (
	Red  Color = "red"
	Blue Color = "blue"
)

// Level is an integer enum whose constants include 0.
type Level int

const (
	Info Level = iota
	Warn
)

//unionflat:tool
type Paint struct {
	Color Color         `json:"color" jsonschema:"nullable"`
	Name  string        `json:"name" jsonschema:"nullable,minLength=1"`
	Size  int           `json:"size" jsonschema:"nullable,minimum=1"`
	Wait  time.Duration `json:"wait" jsonschema:"nullable,minimum=1s"`
	// Optional with a default: null leaves "", not the default, and the
	// field's MarshalJSON writes "".
	Mode string `json:"mode,omitempty" jsonschema:"enum=draft,enum=final,nullable,default=draft"`
	// The zero value passes, or the field is a pointer or optional: no
	// diagnostic.
	Level Level   `json:"level" jsonschema:"nullable"`
	Ptr   *Color  `json:"ptr" jsonschema:"nullable"`
	Note  string  `json:"note,omitempty" jsonschema:"nullable,minLength=1"`
	Ratio float64 `json:"ratio" jsonschema:"nullable,maximum=1"`
}
