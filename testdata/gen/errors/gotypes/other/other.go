// Package other declares a struct holding a duration, for package gotypes.
package other

import "time"

// Span is a struct of another package holding a duration.
type Span struct {
	Length time.Duration `json:"length"`
	Name   string        `json:"name"`
}

// Secret keeps its state in an unexported field.
type Secret struct{ key string }

// Open's exported field comes through an unexported embedding.
type Open struct{ inner }

type inner struct{ Name string }

// Keeper holds a Secret, whose state is lost.
type Keeper struct {
	Key Secret `json:"key"`
}

// Paging's cursor is a struct that omitempty never leaves out, whose zero
// value breaks its rule.
type Paging struct {
	Cursor Cursor `json:"cursor,omitempty"`
}

// Cursor must not be empty.
type Cursor struct {
	Token string `json:"token" jsonschema:"minLength=1"`
}

// Address holds a pointer to a Secret, as url.URL holds a *url.Userinfo.
type Address struct {
	Host string  `json:"host"`
	User *Secret `json:"user"`
}
