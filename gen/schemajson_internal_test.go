package gen

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"

	"github.com/unionflat/unionflat/flatten"
)

// TestMarshalSchemaOfEveryDocument builds every document the golden
// cases give (each union and struct as a root, lossless, to flatten and
// with type bounds; each output type) and wants marshalSchema's bytes to
// be json.Marshal's.
func TestMarshalSchemaOfEveryDocument(t *testing.T) {
	dirs := generatedCases(t)
	docs := 0
	for _, dir := range dirs {
		pkgs, diags, err := Load(Config{Dir: dir, Patterns: []string{"./..."}})
		if err != nil || len(diags) > 0 {
			t.Fatalf("%s: %v %v", dir, err, diags)
		}
		for _, pkg := range pkgs {
			for _, root := range everyDocument(pkg) {
				docs++
				compareMarshal(t, dir, root)
			}
		}
	}
	if docs < 100 {
		t.Errorf("only %d documents built", docs)
	}
}

// everyDocument builds each document a package's roots could give.
func everyDocument(pkg *Package) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	finish := func(d *schemaDoc, root *jsonschema.Schema) {
		root.Version = draft
		if len(d.defs) > 0 {
			root.Definitions = d.defs
		}
		out = append(out, root)
	}
	for _, forFlat := range []bool{false, true} {
		for _, bounds := range []bool{false, true} {
			for _, u := range pkg.Unions {
				d := newSchemaDoc(forFlat)
				d.typeBounds = bounds
				finish(d, d.unionBody(u))
			}
			for _, st := range pkg.Structs {
				d := newSchemaDoc(forFlat)
				d.typeBounds = bounds
				finish(d, d.structBody(st))
			}
		}
	}
	for _, x := range pkg.Encoded {
		d := &outputDoc{schemaDoc: *newSchemaDoc(true)}
		if x.Struct != nil {
			finish(&d.schemaDoc, d.object(x.Struct))
		} else {
			finish(&d.schemaDoc, d.union(x.Union))
		}
	}
	return out
}

// TestMarshalSchemaOfRandomSchemas wants json.Marshal's bytes for
// schemas from a seeded generator that sets every keyword invopop's
// Schema has, with nil and empty values, boolean and empty schemas, and
// strings of every kind of character JSON escapes.
func TestMarshalSchemaOfRandomSchemas(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 2026))
	indentedRefusals = 0
	for range 5000 {
		compareMarshal(t, "random", randomSchema(r, 3))
	}
	// Both ways of refusing (a key twice, invalid UTF-8 in a value of
	// type any) are drawn; most documents are written.
	if indentedRefusals < 50 || indentedRefusals > 2500 {
		t.Errorf("%d of 5000 documents refused indented: the generator draws too few or too many", indentedRefusals)
	}
}

// indentedRefusals counts the documents compareMarshal saw refused
// indented (by both marshalSchemaIndented and flatten.Reformat).
var indentedRefusals int

func compareMarshal(t *testing.T, where string, s *jsonschema.Schema) {
	t.Helper()
	want, wantErr := json.Marshal(s)
	got, err := marshalSchema(s)
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("%s: error %v, json.Marshal's %v", where, err, wantErr)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: marshalSchema and json.Marshal differ:\n%s\n%s", where, got, want)
	}
	if wantErr != nil {
		if _, err := marshalSchemaIndented(s, "  "); err == nil {
			t.Fatalf("%s: indented, no error; json.Marshal's %v", where, wantErr)
		}
		return
	}
	want, wantErr = flatten.Reformat(want, "  ")
	got, err = marshalSchemaIndented(s, "  ")
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("%s: indented, error %v, flatten.Reformat's %v", where, err, wantErr)
	}
	if err != nil {
		indentedRefusals++
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: marshalSchemaIndented and flatten.Reformat differ:\n%s\n%s", where, got, want)
	}
}

// randomSchema is a schema of random keywords, nested depth levels more.
func randomSchema(r *rand.Rand, depth int) *jsonschema.Schema {
	switch r.IntN(12) {
	case 0:
		return jsonschema.TrueSchema
	case 1:
		return jsonschema.FalseSchema
	case 2:
		return &jsonschema.Schema{}
	case 3:
		return nil
	}
	s := &jsonschema.Schema{}
	maybe := func() bool { return r.IntN(4) == 0 }
	sub := func() *jsonschema.Schema {
		if depth == 0 || !maybe() {
			return nil
		}
		return randomSchema(r, depth-1)
	}
	list := func() []*jsonschema.Schema {
		if depth == 0 || !maybe() {
			return nil
		}
		out := []*jsonschema.Schema{}
		for range r.IntN(3) {
			out = append(out, randomSchema(r, depth-1))
		}
		return out
	}
	schemaMap := func() map[string]*jsonschema.Schema {
		if depth == 0 || !maybe() {
			return nil
		}
		out := map[string]*jsonschema.Schema{}
		for range r.IntN(3) {
			out[randomString(r)] = randomSchema(r, depth-1)
		}
		return out
	}
	str := func() string {
		if maybe() {
			return randomString(r)
		}
		return ""
	}
	num := func() json.Number {
		if !maybe() {
			return ""
		}
		return json.Number([]string{"0", "-1.5", "1e9", "12345678901234567890", "0.1"}[r.IntN(5)])
	}
	count := func() *uint64 {
		if !maybe() {
			return nil
		}
		n := r.Uint64N(1 << 40)
		return &n
	}
	s.Version, s.ID, s.Anchor, s.Ref, s.DynamicRef = str(), jsonschema.ID(str()), str(), str(), str()
	s.Definitions = schemaMap()
	s.Comments = str()
	s.AllOf, s.AnyOf, s.OneOf = list(), list(), list()
	s.Not, s.If, s.Then, s.Else = sub(), sub(), sub(), sub()
	s.DependentSchemas = schemaMap()
	s.PrefixItems = list()
	s.Items, s.Contains = sub(), sub()
	if maybe() {
		s.Properties = orderedmap.New[string, *jsonschema.Schema]()
		for range r.IntN(4) {
			s.Properties.Set(randomString(r), randomSchema(r, max(depth-1, 0)))
		}
	}
	s.PatternProperties = schemaMap()
	s.AdditionalProperties, s.PropertyNames = sub(), sub()
	s.Type = str()
	if maybe() {
		s.Enum = []any{}
		for range r.IntN(5) {
			s.Enum = append(s.Enum, []any{randomString(r), 1.5, nil, true, false,
				json.Number("2.50"), json.Number("-1e400"), json.Number("01")}[r.IntN(8)])
		}
	}
	if maybe() {
		s.Const = []any{randomString(r), 3, json.RawMessage(`{"a": [1, "<&>"]}`), []any{}, map[string]any{"": []any{[]any{}}}}[r.IntN(5)]
	}
	s.MultipleOf, s.Maximum, s.ExclusiveMaximum, s.Minimum, s.ExclusiveMinimum = num(), num(), num(), num(), num()
	s.MaxLength, s.MinLength = count(), count()
	s.Pattern = str()
	s.MaxItems, s.MinItems = count(), count()
	s.UniqueItems = maybe()
	s.MaxContains, s.MinContains, s.MaxProperties, s.MinProperties = count(), count(), count(), count()
	if maybe() {
		s.Required = []string{}
		for range r.IntN(3) {
			s.Required = append(s.Required, randomString(r))
		}
	}
	if maybe() {
		s.DependentRequired = map[string][]string{randomString(r): {randomString(r)}}
	}
	s.Format, s.ContentEncoding, s.ContentMediaType = str(), str(), str()
	s.ContentSchema = sub()
	s.Title, s.Description = str(), str()
	if maybe() {
		s.Default = randomString(r)
	}
	s.Deprecated, s.ReadOnly, s.WriteOnly = maybe(), maybe(), maybe()
	if maybe() {
		s.Examples = []any{randomString(r), map[string]any{"k": 1}}
	}
	if maybe() {
		s.Extras = map[string]any{}
		for range r.IntN(3) {
			key := []string{randomString(r), "x-" + randomString(r), "type", "description"}[r.IntN(4)]
			s.Extras[key] = []any{json.RawMessage(`[1, 2]`), []string{"a", "null"}, randomString(r),
				json.RawMessage(`{"a": {"b": [[], {}, [{"c": null}]]}, "d": "\u003c\ud834\udd1e"}`),
				json.RawMessage(`{"a": 1, "a": 2}`), json.RawMessage(`"\xff"`), map[string]any{}}[r.IntN(7)]
		}
	}
	return s
}

// randomString draws from characters JSON writes as they are and those
// it escapes: quotes, backslashes, controls, HTML's, U+2028 and U+2029,
// non-ASCII and invalid UTF-8.
func randomString(r *rand.Rand) string {
	pieces := []string{"a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\b", "\f", "\x00", "\x1f", "\x7f",
		"<", ">", "&", "\u2028", "\u2029", "\uFEFF", "\uFFFD", "é", "✓", "𝄞", "\xff", "\xe2\x82", "\xef\xbb", "/", "'"}
	var b strings.Builder
	for range r.IntN(8) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

// TestMarshalSchemaKnowsEveryField wants invopop's Schema to have the
// fields marshalSchema writes, in its order, and no other: a version
// that adds or moves one must update marshalSchema (the other tests set
// only the fields they know).
func TestMarshalSchemaKnowsEveryField(t *testing.T) {
	want := []string{"$schema", "$id", "$anchor", "$ref", "$dynamicRef", "$defs", "$comment",
		"allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas",
		"prefixItems", "items", "contains", "properties", "patternProperties", "additionalProperties", "propertyNames",
		"type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
		"maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
		"maxProperties", "minProperties", "required", "dependentRequired", "format",
		"contentEncoding", "contentMediaType", "contentSchema", "title", "description", "default",
		"deprecated", "readOnly", "writeOnly", "examples", "-", "boolean"}
	var got []string
	st := reflect.TypeFor[jsonschema.Schema]()
	for i := range st.NumField() {
		f := st.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() {
			name = f.Name
		}
		got = append(got, name)
	}
	if !slices.Equal(got, want) {
		t.Errorf("invopop/jsonschema.Schema's fields are\n%q\nmarshalSchema writes\n%q", got, want)
	}
}
