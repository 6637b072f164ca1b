// Package floatedges writes float literals (defaults, enum and const
// values) that the field's float type cannot hold: beyond its largest
// magnitude the generated code would not compile, and below its smallest
// the value would become 0.
package floatedges

//unionflat:tool
type Tune struct {
	Big   float64 `json:"big,omitempty" jsonschema:"default=1e309"`
	Neg   float64 `json:"neg,omitempty" jsonschema:"default=-2e308"`
	Tiny  float32 `json:"tiny,omitempty" jsonschema:"default=1e-50"`
	Enum  float64 `json:"enum,omitempty" jsonschema:"enum=1e-400,enum=1"`
	Const float32 `json:"const,omitempty" jsonschema_extras:"const=1e39"`
	// Largest and smallest hold: no diagnostic.
	Largest  float64 `json:"largest,omitempty" jsonschema:"default=1.7976931348623157e308"`
	Smallest float64 `json:"smallest,omitempty" jsonschema:"default=5e-324"`
}
