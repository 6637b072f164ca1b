// Package multipleof asks for multipleOf values that have no multiples:
// JSON Schema wants a number greater than 0.
package multipleof

//unionflat:tool
type Steps struct {
	Zero     int     `json:"zero" jsonschema:"multipleOf=0"`
	Negative float64 `json:"negative" jsonschema:"multipleOf=-0.5"`
	Tiny     float64 `json:"tiny" jsonschema:"multipleOf=0.0e5"`
	Fine     float64 `json:"fine" jsonschema:"multipleOf=1e-3"`
}
