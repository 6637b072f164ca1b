// Package other declares a struct holding a duration, for package gotypes.
package other

import "time"

// Span is a struct of another package holding a duration.
type Span struct {
	Length time.Duration `json:"length"`
	Name   string        `json:"name"`
}
