package toolout

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/internal/schematest"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// values is the wild generator: both variants of Payment, anything in
// the fields, nil a third of the time. Validate refuses most of what it
// draws.
func values(seed uint64) *schematest.GoValues {
	g := schematest.NewGoValues(seed, map[reflect.Type][]any{
		reflect.TypeFor[Payment](): {Card{}, Transfer{}},
		reflect.TypeFor[Remark]():  {(*Flag)(nil)},
	})
	g.Strings = []string{"", "A", "ABC-12", "XYZ-0", "1234", "open", "shipped", "a@example.com", "card", "wire"}
	g.Fields = map[string][]any{"Transfer.Method": {"", "transfer", "wire"}}
	return g
}

// tame is the generator of values near the rules' edges, on both sides:
// Validate accepts a fair share of them.
func tame(seed uint64) *schematest.GoValues {
	g := values(seed)
	g.NilOneIn = 40
	g.Fields["Order.ID"] = []any{"o-1", "o-2", "o-3", ""}
	g.Fields["Order.Status"] = []any{"open", "shipped", "open", "lost"}
	g.Fields["Order.Level"] = []any{0, 1, 0, 1, 2}
	g.Fields["Line.SKU"] = []any{"ABC-12", "XYZ-0", "QRS-9", "ABC-12", "abc-1"}
	g.Fields["Line.Quantity"] = []any{1, 2, 1000, 3, 0}
	g.Fields["Person.Email"] = []any{"", "a@example.com", "b@example.org", "not an email"}
	g.Fields["Card.Last4"] = []any{"1234", "0000", "9999", "12a4"}
	g.Fields["Folder.Name"] = []any{"docs", "src", "bin", ""}
	return g
}

// validate reports whether data validates under a compiled schema.
func validate(t *testing.T, s *jsonschema.Schema, data []byte) error {
	t.Helper()
	doc, err := schematest.Parse(data)
	if err != nil {
		t.Fatalf("not JSON: %s", data)
	}
	return s.Validate(doc)
}

// TestOutputSchemaDescribesMarshalling: random Go values of every output
// type, marshalled by encoding/json (and the generated MarshalJSON),
// validate under the type's output schema, formats asserted. The values
// take nil, empty and full slices, maps and pointers, both variants,
// extreme numbers and durations: the test also checks that they did.
func TestOutputSchemaDescribesMarshalling(t *testing.T) {
	const n = 3000
	cases := []struct {
		name   string
		schema string
		draw   func(g *schematest.GoValues) any
		marks  []string // text some marshalled value must hold
	}{
		{"Order", OrderOutputSchema, func(g *schematest.GoValues) any { var o Order; g.Fill(&o); return o },
			[]string{`":null`, `":[]`, `":{}`, `"method":"card"`, `"method":"transfer"`, `"method":"wire"`,
				`"-2562047h47m16.854775808s"`, `"remark":null`, `"remark":{"type":"flag"`}},
		{"Payment", PaymentOutputSchema, func(g *schematest.GoValues) any {
			var p Payment
			for p == nil {
				g.Fill(&p)
			}
			return p
		}, []string{`"method":"card"`, `"method":"transfer"`, `"method":"wire"`}},
		{"Folder", FolderOutputSchema, func(g *schematest.GoValues) any { var f Folder; g.Fill(&f); return f },
			[]string{`"folders":[]`, `"folders":[null`, `"parent":{`, `"sizes":[null`}},
	}
	for _, c := range cases {
		marks := c.marks
		t.Run(c.name, func(t *testing.T) {
			s := schematest.Validator(t, []byte(c.schema))
			g := values(uint64(len(c.name)))
			seen := map[string]bool{}
			rejected := 0
			for range n {
				data, err := json.Marshal(c.draw(g))
				if err != nil {
					t.Fatalf("json.Marshal: %v", err)
				}
				if err := validate(t, s, data); err != nil {
					rejected++
					if rejected <= 3 {
						t.Errorf("the output schema rejects what encoding/json writes:\n%s\n%v", data, err)
					}
				}
				for _, mark := range marks {
					seen[mark] = seen[mark] || strings.Contains(string(data), mark)
				}
			}
			if rejected > 0 {
				t.Errorf("%d of %d marshalled values rejected", rejected, n)
			}
			for _, mark := range marks {
				if !seen[mark] {
					t.Errorf("no value wrote %s: the generator misses a case", mark)
				}
			}
		})
	}
}

// encodeCase is one output type whose EncodeT the properties judge.
type encodeCase struct {
	name    string
	schemas []string // every schema what EncodeT returns must validate under
	encode  func(g *schematest.GoValues) ([]byte, error)
	decode  func([]byte) error
}

var encodeCases = []encodeCase{
	{
		name:    "Order",
		schemas: []string{OrderOutputSchema},
		encode:  func(g *schematest.GoValues) ([]byte, error) { var o Order; g.Fill(&o); return EncodeOrder(o) },
	},
	{
		name:    "Folder",
		schemas: []string{FolderOutputSchema},
		encode:  func(g *schematest.GoValues) ([]byte, error) { var f Folder; g.Fill(&f); return EncodeFolder(f) },
	},
	{
		name:    "Payment",
		schemas: []string{PaymentOutputSchema, PaymentSchema},
		encode:  func(g *schematest.GoValues) ([]byte, error) { var p Payment; g.Fill(&p); return EncodePayment(p) },
		decode:  func(data []byte) error { _, err := DecodePayment(data); return err },
	},
}

// checkEncode draws one value, encodes it and judges the outcome: an
// *unionflat.Errors, or bytes that every schema of the case accepts and
// the decoder reads back. It reports whether the value was encoded.
func checkEncode(t *testing.T, c encodeCase, schemas []*jsonschema.Schema, g *schematest.GoValues) bool {
	data, err := c.encode(g)
	var errs *unionflat.Errors
	if err != nil && !errors.As(err, &errs) {
		t.Fatalf("Encode%s: %v, not a *unionflat.Errors", c.name, err)
	}
	if !schematest.CheckEncoded(t, c.name, data, err, schemas...) {
		return false
	}
	if c.decode != nil {
		if err := c.decode(data); err != nil {
			t.Fatalf("Decode%s refuses what Encode%s wrote:\n%s\n%v", c.name, c.name, data, err)
		}
	}
	return true
}

func compileAll(t *testing.T, docs []string) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	for _, d := range docs {
		out = append(out, schematest.Validator(t, []byte(d)))
	}
	return out
}

// TestEncodeKeepsThePromise: over random values, wild ones (most break a
// rule, and Validate refuses them) and tame ones (near the rules' edges),
// EncodeT either refuses with the problems or returns bytes its schemas
// accept; both outcomes occur in fair shares.
func TestEncodeKeepsThePromise(t *testing.T) {
	const n = 2000
	for _, c := range encodeCases {
		t.Run(c.name, func(t *testing.T) {
			schemas := compileAll(t, c.schemas)
			encoded := 0
			for i, g := range []*schematest.GoValues{values(7), tame(8)} {
				for range n {
					if checkEncode(t, c, schemas, g) {
						encoded++
					}
				}
				t.Logf("generator %d: %d of %d encoded so far", i, encoded, (i+1)*n)
			}
			if encoded < n/25 || encoded > 2*n-n/25 {
				t.Errorf("%d of %d values encoded: want both outcomes, and a fair share of each", encoded, 2*n)
			}
		})
	}
}

// FuzzEncode: a fuzzed seed draws a value of each output type; EncodeT
// never returns bytes its schemas reject.
func FuzzEncode(f *testing.F) {
	for seed := range uint64(16) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		for _, c := range encodeCases {
			checkEncode(t, c, compileAll(t, c.schemas), values(seed))
			checkEncode(t, c, compileAll(t, c.schemas), tame(seed))
		}
	})
}

// TestToolCarriesOutput: the descriptor of a tool with output= carries the
// output schema, an object at the root; one without has none.
func TestToolCarriesOutput(t *testing.T) {
	if string(LookupTool.OutputSchema()) != OrderOutputSchema || LookupTool.Output != OrderOutputSchema {
		t.Errorf("LookupTool.OutputSchema() is not OrderOutputSchema")
	}
	if ChargeTool.Output != PaymentOutputSchema || BrowseTool.Output != FolderOutputSchema {
		t.Errorf("ChargeTool or BrowseTool does not carry its output schema")
	}
	for _, doc := range []string{OrderOutputSchema, PaymentOutputSchema, FolderOutputSchema} {
		var root struct{ Type string }
		if err := json.Unmarshal([]byte(doc), &root); err != nil || root.Type != "object" {
			t.Errorf("output schema root type = %q, %v: want object", root.Type, err)
		}
	}
	if (unionflat.Tool{}).OutputSchema() != nil {
		t.Errorf("a tool without output has an output schema")
	}
}
