package flatten_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/unionflat/unionflat/flatten"
)

// FuzzJSON: flatten never panics on any input, with any options; a
// failure is a *SyntaxError inside the input; a success reads valid JSON,
// writes valid JSON, leaves documents without unions as they were (with
// no option on), is idempotent and deterministic, and never touches the
// input. The byte o picks the options (see allOptions).
func FuzzJSON(f *testing.F) {
	seeds := knownInputs(f)
	for _, s := range hostileSeeds {
		seeds = append(seeds, []byte(s))
	}
	for i, s := range seeds {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, data []byte, o uint8) {
		opts := allOptions()[o%8]
		keep := bytes.Clone(data)
		res, err := flatten.JSON(data, opts)
		if !bytes.Equal(data, keep) {
			t.Fatalf("input modified")
		}
		if err != nil {
			var se *flatten.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %T is not a *SyntaxError: %v", err, err)
			}
			if se.Offset < 0 || se.Offset > int64(len(data)) {
				t.Fatalf("offset %d outside the input of %d bytes", se.Offset, len(data))
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("accepted input that is not JSON: %q", data)
		}
		if !json.Valid(res.Schema) {
			t.Fatalf("output is not JSON: %q", res.Schema)
		}
		in, out := decodeNumbers(t, data), decodeNumbers(t, res.Schema)
		if o%8 == 0 && !hasUnionKey(in) && !jsonEqual(in, out) {
			t.Fatalf("a document without oneOf/anyOf changed:\n in %s\nout %s", data, res.Schema)
		}
		again, err := flatten.JSON(res.Schema, opts)
		if err != nil {
			t.Fatalf("the output does not flatten again: %v", err)
		}
		if !bytes.Equal(again.Schema, res.Schema) {
			t.Fatalf("not idempotent:\n  in %s\nonce %s\ntwice %s", data, res.Schema, again.Schema)
		}
		if same, _ := flatten.JSON(data, opts); !bytes.Equal(same.Schema, res.Schema) {
			t.Fatalf("not deterministic:\n%s\n%s", res.Schema, same.Schema)
		}
		opts.Indent = " "
		indented, err := flatten.JSON(data, opts)
		if err != nil || !jsonEqual(decodeNumbers(t, indented.Schema), out) {
			t.Fatalf("the indented output differs from the compact one (%v):\n%s\n%s", err, indented.Schema, res.Schema)
		}
	})
}

// knownInputs are the documents the tests name: every vector's input,
// every rule input, property schema and option case.
func knownInputs(tb testing.TB) [][]byte {
	var docs [][]byte
	for _, v := range loadVectors(tb) {
		docs = append(docs, []byte(v.Input))
	}
	for _, in := range allRuleInputs() {
		docs = append(docs, []byte(in))
	}
	for _, c := range propertySchemas {
		docs = append(docs, []byte(c.schema))
	}
	for _, c := range optionCases {
		docs = append(docs, []byte(c.in))
	}
	return docs
}

// hostileSeeds are small malformed or awkward documents.
var hostileSeeds = []string{
	``, ` `, `{`, `[`, `"`, `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, "\"\xff\"", `"\ud800"`, `"\udc00"`,
	`"\ud83d\ude00"`, `[1,]`, `{"a":1,}`, `01`, `1.`, `-`, `1e`, `{} x`, `tru`, `nul`, "\"\x01\"",
	`{"$ref":"#"}`, `{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"oneOf":[{"$ref":"#/$defs/a"},{"type":"object"}]}`,
	`{"$defs":{"u":{"oneOf":[{"$ref":"#/$defs/u"},{"type":"object","properties":{"k":{"const":"a"}},"required":["k"]}]}}}`,
	`{"oneOf":[{"properties":{"k":{"const":"a"}},"required":["k"]},{"properties":{"k":{"enum":["b","c"]}},"required":["k"]}]}`,
	`[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]`, `{"a":{"b":{"c":{"d":{}}}}}`, `123456789012345678901234567890e-99999`,
}

// decodeNumbers decodes JSON with numbers kept as text.
func decodeNumbers(t *testing.T, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decode %q: %v", data, err)
	}
	return v
}

// hasUnionKey reports a oneOf or anyOf key anywhere in a decoded value.
func hasUnionKey(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			if k == "oneOf" || k == "anyOf" || hasUnionKey(e) {
				return true
			}
		}
	case []any:
		for _, e := range v {
			if hasUnionKey(e) {
				return true
			}
		}
	}
	return false
}
