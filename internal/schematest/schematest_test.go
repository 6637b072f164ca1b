package schematest

import (
	"slices"
	"testing"
)

// TestGenerator checks the generator on a schema with one of every
// keyword it honours: nearly every instance must be valid.
func TestGenerator(t *testing.T) {
	doc := []byte(`{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"type": "object", "additionalProperties": false,
		"required": ["s", "n", "i", "a", "m", "u", "f"],
		"properties": {
			"s": {"type": "string", "minLength": 3, "maxLength": 5},
			"p": {"type": "string", "pattern": "^[a-z]{2}-[0-9]+$"},
			"n": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
			"i": {"type": "integer", "minimum": -3, "maximum": 9, "multipleOf": 3},
			"a": {"type": "array", "minItems": 2, "maxItems": 2, "uniqueItems": true, "items": {"type": "integer", "minimum": 0, "maximum": 255}},
			"m": {"type": "object", "additionalProperties": {"type": ["boolean", "null"]}},
			"u": {"oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]},
			"f": {"type": "string", "format": "date-time"},
			"b": {"type": "string", "contentEncoding": "base64"},
			"e": {"enum": ["x", 1, null]},
			"any": true
		},
		"$defs": {
			"A": {"type": "object", "properties": {"k": {"const": "a"}}, "required": ["k"], "additionalProperties": false},
			"B": {"type": "object", "properties": {"k": {"const": "b"}, "next": {"$ref": "#/$defs/B"}}, "required": ["k"]}
		}
	}`)
	s, err := Compile(doc)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(doc, 2)
	if err != nil {
		t.Fatal(err)
	}
	valid := 0
	for range 200 {
		inst, _ := Parse(Marshal(g.Value()))
		if err := s.Validate(inst); err == nil {
			valid++
		} else {
			t.Logf("invalid: %s: %v", Marshal(inst), err)
		}
	}
	if valid < 180 {
		t.Errorf("%d of 200 instances valid, want at least 180", valid)
	}
	if got, want := g.Branches(), []string{"#/properties/u oneOf 0", "#/properties/u oneOf 1"}; !slices.Equal(got, want) {
		t.Errorf("branches %q, want %q", got, want)
	}
}

// TestMutate checks that mutations change the instance and leave the
// original alone.
func TestMutate(t *testing.T) {
	g, err := New([]byte(`{"type":"object","properties":{"a":{"type":"array","items":{"type":"string"}}},"required":["a"]}`), 3)
	if err != nil {
		t.Fatal(err)
	}
	changed := 0
	for range 100 {
		v := g.Value()
		before := string(Marshal(v))
		m := g.Mutate(v)
		if string(Marshal(v)) != before {
			t.Fatalf("Mutate changed its input: %s -> %s", before, Marshal(v))
		}
		if string(Marshal(m)) != before {
			changed++
		}
	}
	if changed < 90 {
		t.Errorf("only %d of 100 mutations changed the instance", changed)
	}
}

// TestEdgeNumbers: for a numeric schema the generator and Mutate give the
// numbers every rule must meet: -0, capital exponents, the bounds, and
// numbers within 1e-17 of a bound on either side.
func TestEdgeNumbers(t *testing.T) {
	doc := []byte(`{"type":"number","exclusiveMinimum":0,"maximum":10000,"multipleOf":0.5}`)
	g, err := New(doc, 4)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for range 4000 {
		v := g.Value()
		seen[string(Marshal(v))] = true
		seen[string(Marshal(g.Mutate(v)))] = true
	}
	for _, want := range []string{"-0", "1E+2", "10000", "10000.0", "10000.00000000000000001", "9999.99999999999999999",
		"0.49999999999999999", "1e-400", "1e400", "1.5000000000000001", "0.5"} {
		if !seen[want] {
			t.Errorf("never drew %s", want)
		}
	}
}
