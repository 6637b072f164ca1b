// Package ext is another package whose type has a schema hook.
package ext

import "github.com/invopop/jsonschema"

type Money struct {
	Cents int `json:"cents"`
}

func (Money) JSONSchema() *jsonschema.Schema { return &jsonschema.Schema{Type: "string"} }
