package schematest

import (
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Differential judges a decoder against santhosh-tekuri/jsonschema on a
// lossless schema: rounds instances drawn from the schema with the seed,
// every other one mutated into a near miss, must get the same verdict
// from both. A disagreement tolerate names (a documented difference) is
// counted under that name instead of failing; tolerate sees the instance
// as sent and as parsed, and the decoder's error.
type Differential struct {
	Schema   []byte
	Seed     uint64
	Rounds   int
	Decode   func([]byte) error
	Tolerate func(data []byte, parsed any, decodeErr error) (why string, ok bool)
}

// DifferentialCounts is what a Differential run found.
type DifferentialCounts struct {
	Valid, Invalid int            // instances both accept, and both reject
	Tolerated      map[string]int // tolerated disagreements by name
}

// Run runs the comparison, failing t on every disagreement not
// tolerated.
func (df Differential) Run(t *testing.T) DifferentialCounts {
	t.Helper()
	schema, err := Compile(df.Schema)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := New(df.Schema, df.Seed)
	if err != nil {
		t.Fatal(err)
	}
	counts := DifferentialCounts{Tolerated: map[string]int{}}
	for i := range df.Rounds {
		inst := gen.Value()
		if i%2 == 1 {
			inst = gen.Mutate(inst)
		}
		data := Marshal(inst)
		parsed, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		verr := schema.Validate(parsed)
		derr := df.Decode(data)
		switch want, got := verr == nil, derr == nil; {
		case got == want && want:
			counts.Valid++
		case got == want:
			counts.Invalid++
		default:
			if why, ok := df.tolerate(data, parsed, derr); ok {
				counts.Tolerated[why]++
				continue
			}
			t.Errorf("instance %d: validator accepts=%v, decoder accepts=%v\n%s\ndecoder: %v\nvalidator: %v",
				i, want, got, data, derr, verr)
		}
	}
	return counts
}

func (df Differential) tolerate(data []byte, parsed any, derr error) (string, bool) {
	if df.Tolerate == nil {
		return "", false
	}
	return df.Tolerate(data, parsed, derr)
}

// Validator compiles a schema for a test, failing it on error.
func Validator(t *testing.T, doc []byte) *jsonschema.Schema {
	t.Helper()
	s, err := Compile(doc)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
