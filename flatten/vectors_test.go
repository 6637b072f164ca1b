package flatten_test

import (
	"bytes"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/flatten"
)

// vector is one acceptance case of testdata/flatten/vectors-*.json, the
// format the project's shared acceptance checker reads.
type vector struct {
	Name                string          `json:"name"`
	Origin              string          `json:"origin"`
	Note                string          `json:"note"`
	Input               json.RawMessage `json:"input"`
	ExpectNoCombinators bool            `json:"expect_no_combinators"`
	ExpectUnchanged     bool            `json:"expect_unchanged"`
	Expect              []struct {
		Pointer string          `json:"pointer"`
		Schema  json.RawMessage `json:"schema"`
	} `json:"expect"`
	Descriptions []struct {
		Pointer  string   `json:"pointer"`
		Contains []string `json:"contains"`
	} `json:"descriptions"`
	Absent []string          `json:"absent"`
	Valid  []json.RawMessage `json:"valid"`
	Reject []json.RawMessage `json:"reject"`
}

func loadVectors(t testing.TB) []vector {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "flatten", "vectors-*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no vector files: %v", err)
	}
	var all []vector
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		var vs []vector
		if err := dec.Decode(&vs); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		all = append(all, vs...)
	}
	return all
}

// TestVectors runs every acceptance vector: the expected subschemas, the
// descriptions, the absent keys, the superset invariant on the listed
// instances (checked with an independent validator), the instances the flat
// form must still reject, and idempotence.
func TestVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			res, err := flatten.JSON(v.Input, flatten.Options{})
			if err != nil {
				t.Fatalf("flatten: %v", err)
			}
			in, out := decode(t, v.Input), decode(t, res.Schema)
			if v.ExpectUnchanged && !jsonEqual(in, out) {
				t.Errorf("want the input unchanged, got %s", res.Schema)
			}
			if v.ExpectNoCombinators {
				if p := findCombinator(out, "", true); p != "" {
					t.Errorf("combinator left at %s", p)
				}
			}
			for _, e := range v.Expect {
				got, ok := at(out, e.Pointer)
				if !ok {
					t.Errorf("expect %q: not in the output", e.Pointer)
					continue
				}
				st := stateOf(e.Pointer)
				if g, w := normalize(got, st), normalize(decode(t, e.Schema), st); !jsonEqual(g, w) {
					t.Errorf("expect %q:\n got %s\nwant %s", e.Pointer, mustJSON(g), mustJSON(w))
				}
			}
			for _, d := range v.Descriptions {
				node, _ := at(out, d.Pointer)
				m, _ := node.(map[string]any)
				desc, _ := m["description"].(string)
				for _, sub := range d.Contains {
					if !strings.Contains(desc, sub) {
						t.Errorf("description at %q is %q, want it to contain %q", d.Pointer, desc, sub)
					}
				}
			}
			for _, p := range v.Absent {
				if got, ok := at(out, p); ok {
					t.Errorf("absent %q: present as %s", p, mustJSON(got))
				}
			}
			inSchema, outSchema := compile(t, in), compile(t, out)
			for i, raw := range v.Valid {
				inst := decode(t, raw)
				if err := inSchema.Validate(inst); err != nil {
					t.Fatalf("vector error: valid[%d] fails the input: %v", i, err)
				}
				if err := outSchema.Validate(inst); err != nil {
					t.Errorf("unsound: valid[%d] %s rejected by the flat schema: %v", i, raw, err)
				}
			}
			for i, raw := range v.Reject {
				inst := decode(t, raw)
				if inSchema.Validate(inst) == nil {
					t.Fatalf("vector error: reject[%d] passes the input", i)
				}
				if outSchema.Validate(inst) == nil {
					t.Errorf("reject[%d] %s accepted by the flat schema", i, raw)
				}
			}
			again, err := flatten.JSON(res.Schema, flatten.Options{})
			if err != nil || !bytes.Equal(again.Schema, res.Schema) {
				t.Errorf("not idempotent:\n once %s\ntwice %s (%v)", res.Schema, again.Schema, err)
			}
		})
	}
}

func decode(t testing.TB, raw []byte) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	return v
}

func compile(t testing.TB, doc any) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("urn:test:schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("urn:test:schema.json")
	if err != nil {
		t.Fatalf("compile %s: %v", mustJSON(doc), err)
	}
	return s
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// jsonEqual is deep equality with numbers compared by value.
func jsonEqual(a, b any) bool {
	if na, ok := a.(json.Number); ok {
		nb, ok := b.(json.Number)
		if !ok {
			return false
		}
		if na == nb {
			return true // the same text, even one big.Rat will not take (1e1000001)
		}
		x, ok1 := new(big.Rat).SetString(string(na))
		y, ok2 := new(big.Rat).SetString(string(nb))
		return ok1 && ok2 && x.Cmp(y) == 0
	}
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			if yv, ok := y[k]; !ok || !jsonEqual(xv, yv) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !jsonEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}

func at(doc any, ptr string) (any, bool) {
	if ptr == "" {
		return doc, true
	}
	cur := doc
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch c := cur.(type) {
		case map[string]any:
			next, ok := c[tok]
			if !ok {
				return nil, false
			}
			cur = next
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// What a node in a schema document is, for walking it by keyword.
type nodeState int

const (
	inSchema nodeState = iota
	inSchemaList
	inSchemaMap
	inSetValue // type, enum, required: compared as sets
	inData
)

func childState(parent nodeState, key string) nodeState {
	switch parent {
	case inSchemaList, inSchemaMap:
		return inSchema
	case inSchema:
	default:
		return inData
	}
	switch key {
	case "items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "not",
		"if", "then", "else", "contains", "propertyNames", "additionalItems", "contentSchema":
		return inSchema
	case "allOf", "anyOf", "oneOf", "prefixItems":
		return inSchemaList
	case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
		return inSchemaMap
	case "type", "enum", "required":
		return inSetValue
	}
	return inData
}

func stateOf(ptr string) nodeState {
	st := inSchema
	if ptr == "" {
		return st
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		st = childState(st, tok)
	}
	return st
}

// normalize drops annotations, sorts set-like arrays and removes "open"
// spellings (true, {}) of additionalProperties, items and
// unevaluatedProperties, so that equivalent schemas compare equal.
func normalize(v any, st nodeState) any {
	switch st {
	case inSetValue:
		arr, ok := v.([]any)
		if !ok {
			return v
		}
		out := slices.Clone(arr)
		slices.SortFunc(out, func(a, b any) int { return strings.Compare(mustJSON(a), mustJSON(b)) })
		return out
	case inData:
		return v
	case inSchemaList:
		arr, ok := v.([]any)
		if !ok {
			return normalize(v, inSchema)
		}
		out := make([]any, len(arr))
		for i, e := range arr {
			out[i] = normalize(e, inSchema)
		}
		return out
	case inSchemaMap:
		m, ok := v.(map[string]any)
		if !ok {
			return v
		}
		out := map[string]any{}
		for k, e := range m {
			out[k] = normalize(e, inSchema)
		}
		return out
	}
	if b, ok := v.(bool); ok && b {
		return map[string]any{}
	}
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	out := map[string]any{}
	for k, e := range m {
		switch k {
		case "description", "title", "examples", "$comment":
			continue
		case "additionalProperties", "items", "unevaluatedProperties":
			if b, ok := e.(bool); ok && b {
				continue
			}
			if em, ok := e.(map[string]any); ok && len(em) == 0 {
				continue
			}
		}
		out[k] = normalize(e, childState(inSchema, k))
	}
	return out
}

// findCombinator returns where a oneOf or anyOf (or, with allOf set, an
// allOf) keyword stands in a schema document, or "".
func findCombinator(v any, at string, allOf bool) string {
	return walkCombinators(v, inSchema, at, allOf)
}

func walkCombinators(v any, st nodeState, at string, allOf bool) string {
	switch c := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(c))
		for k := range c {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if st == inSchema && (k == "oneOf" || k == "anyOf" || (allOf && k == "allOf")) {
				return at + "/" + k
			}
			next := childState(st, k)
			if next == inData || next == inSetValue {
				continue
			}
			if p := walkCombinators(c[k], next, at+"/"+k, allOf); p != "" {
				return p
			}
		}
	case []any:
		next := inSchema
		if st != inSchemaList && st != inSchema {
			return ""
		}
		for i, e := range c {
			if p := walkCombinators(e, next, at+"/"+strconv.Itoa(i), allOf); p != "" {
				return p
			}
		}
	}
	return ""
}
