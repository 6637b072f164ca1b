// Package hooks declares types with invopop/jsonschema's run-time schema
// hooks, which the generator cannot run.
package hooks

import (
	"github.com/invopop/jsonschema"

	"github.com/unionflat/unionflat/testdata/gen/errors/hooks/ext"
)

//unionflat:tool
type Search struct {
	Query string `json:"query"`
	Page  Page   `json:"page"`
	Sort  Sort   `json:"sort,omitempty"`
	// Budget's hook is another package's: reported where it is used.
	Budget ext.Money `json:"budget"`
}

// JSONSchemaExtend would add a rule at run time.
func (Search) JSONSchemaExtend(s *jsonschema.Schema) {}

type Page struct {
	Size int `json:"size"`
}

// JSONSchema would replace the schema at run time.
func (Page) JSONSchema() *jsonschema.Schema { return &jsonschema.Schema{Type: "object"} }

type Sort string

func (Sort) JSONSchemaAlias() any { return "" }

// GetFieldDocString would give field descriptions at run time.
func (Page) GetFieldDocString(field string) string { return "" }
