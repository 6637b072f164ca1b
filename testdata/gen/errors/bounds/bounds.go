// Package bounds declares rules that contradict each other, so that no
// value could pass them, and enum values that break the field's own rules.
package bounds

type Level string

const (
	LevelLow  Level = "low"
	LevelHigh Level = "HIGH"
)

//unionflat:tool
type Query struct {
	A int      `json:"a" jsonschema:"minimum=10,maximum=5"`
	B float64  `json:"b" jsonschema:"exclusiveMinimum=1,maximum=1"`
	C int      `json:"c" jsonschema:"exclusiveMinimum=1,exclusiveMaximum=2"`
	D uint8    `json:"d" jsonschema:"minimum=300"`
	E string   `json:"e" jsonschema:"minLength=5,maxLength=3"`
	F []int    `json:"f" jsonschema:"minItems=4,maxItems=2"`
	G string   `json:"g" jsonschema:"pattern=^[a-z]+$,enum=abc,enum=ABC"`
	H string   `json:"h" jsonschema:"maxLength=2,enum=ok,enum=long"`
	I int      `json:"i" jsonschema:"minimum=1,maximum=9,enum=0,enum=5,enum=10"`
	J float64  `json:"j" jsonschema:"multipleOf=0.5,enum=1.5,enum=1.25"`
	K []string `json:"k" jsonschema:"minLength=3,maxLength=1"`
	L Level    `json:"l" jsonschema:"pattern=^[a-z]+$"`
	M string   `json:"m" jsonschema_extras:"const=toolong" jsonschema:"maxLength=3"`
	P [3]bool  `json:"p" jsonschema:"maxItems=2"`
	Q [2]int   `json:"q" jsonschema:"minItems=3"`
	// These pass: equal bounds, an integer range with a whole number.
	N int    `json:"n" jsonschema:"minimum=3,maximum=3"`
	O int    `json:"o" jsonschema:"exclusiveMinimum=1.5,exclusiveMaximum=2.5"`
	R [2]int `json:"r" jsonschema:"minItems=2,maxItems=2"`
}
