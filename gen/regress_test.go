package gen_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/schema"

	"github.com/unionflat/unionflat/gen"
)

// loadSource writes files into a fresh module (example.com/src, no
// dependencies) and loads its root package.
func loadSource(t *testing.T, files map[string]string) (*model.Package, []gen.Diagnostic) {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/src\n\ngo 1.26\n"
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, diags, err := gen.Load(gen.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("loaded %d packages, want 1 (diagnostics: %v)", len(pkgs), diags)
	}
	return pkgs[0], diags
}

// A variant's field may name a union declared after the variant's own
// union: every union must be known before any variant is modelled.
func TestUnionFieldDeclaredLater(t *testing.T) {
	pkg, diags := loadSource(t, map[string]string{"a.go": `package a

//unionflat:union
type Block interface{ isBlock() }

type Callout struct {
	Icon Icon ` + "`json:\"icon\"`" + `
}

func (Callout) isBlock() {}

//unionflat:union
type Icon interface{ isIcon() }

type EmojiIcon struct {
	Char string ` + "`json:\"char\"`" + `
}

func (EmojiIcon) isIcon() {}
`})
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if len(pkg.Unions) != 2 {
		t.Fatalf("got %d unions, want 2", len(pkg.Unions))
	}
	callout := pkg.Unions[0].Variants[0].Struct
	if f := callout.Fields[0]; f.Type.Kind != model.KindUnion || f.Type.Union != pkg.Unions[1] {
		t.Fatalf("Callout.Icon is kind %d, want the union Icon", f.Type.Kind)
	}
}

// Variants and enum constants spread over several files come in file
// order, then source order, on every load: go/packages parses files in
// parallel, so raw token.Pos order across files differs between runs.
func TestCrossFileOrderIsDeterministic(t *testing.T) {
	files := map[string]string{"a.go": `package a

//unionflat:union
type U interface{ isU() }

type Speed string

//unionflat:tool
type Go struct {
	U     U     ` + "`json:\"u\"`" + `
	Speed Speed ` + "`json:\"speed\"`" + `
}
`}
	var wantVariants, wantEnum []string
	for i := range 8 {
		n := fmt.Sprint(i)
		files["b"+n+".go"] = "package a\n\ntype V" + n + " struct{}\n\nfunc (V" + n + ") isU() {}\n\nconst S" + n + " Speed = \"s" + n + "\"\n"
		wantVariants = append(wantVariants, "V"+n)
		wantEnum = append(wantEnum, "s"+n)
	}
	for range 4 {
		pkg, diags := loadSource(t, maps.Clone(files))
		if len(diags) > 0 {
			t.Fatalf("diagnostics: %v", diags)
		}
		var variants []string
		for _, v := range pkg.Unions[0].Variants {
			variants = append(variants, v.Struct.Name)
		}
		if !slices.Equal(variants, wantVariants) {
			t.Fatalf("variants %v, want %v", variants, wantVariants)
		}
		if enum := pkg.Tools[0].Struct.Fields[1].Type.Enum; !slices.Equal(enum, wantEnum) {
			t.Fatalf("enum %v, want %v", enum, wantEnum)
		}
	}
}

// A package may use the identifiers its own generated file declares; that
// file is kept out of loading, so loading must tolerate the package's
// compile errors (go list -export reports them as a list error), and it
// must still report a field whose type is really undefined.
func TestLoadToleratesOwnGeneratedIdentifiers(t *testing.T) {
	pkg, diags := loadSource(t, map[string]string{
		"a.go": `package a

//unionflat:tool
type Draw struct {
	N int ` + "`json:\"n\"`" + `
}
`,
		"use.go": "package a\n\nvar advertised = DrawTool.FlatSchema + DrawSchema\n",
	})
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if len(pkg.Tools) != 1 || pkg.Tools[0].Name != "draw" {
		t.Fatalf("tools %v, want draw", pkg.Tools)
	}

	_, diags = loadSource(t, map[string]string{"a.go": `package a

//unionflat:tool
type Draw struct {
	V Missing ` + "`json:\"v\"`" + `
}
`})
	var got []string
	for _, d := range diags {
		got = append(got, filepath.Base(d.Pos.Filename)+":"+fmt.Sprint(d.Pos.Line)+": "+d.Msg)
	}
	if want := []string{"a.go:5: field V: undefined: Missing"}; !slices.Equal(got, want) {
		t.Fatalf("diagnostics %q, want %q", got, want)
	}
}

// A variant that lists a discriminator value twice would make a schema
// enum with a repeated item; it is a misuse like two variants sharing one,
// reported at the second.
func TestVariantValueGivenTwice(t *testing.T) {
	_, diags := loadSource(t, map[string]string{"a.go": `package a

//unionflat:union
type U interface{ isU() }

//unionflat:variant a,b,a
type A struct{}

func (A) isU() {}
`})
	var got []string
	for _, d := range diags {
		got = append(got, fmt.Sprintf("%d:%d: %s", d.Pos.Line, d.Pos.Column, d.Msg))
	}
	if want := []string{`6:25: variant A of union U gives the discriminator value "a" twice`}; !slices.Equal(got, want) {
		t.Fatalf("diagnostics %q, want %q", got, want)
	}
}

// A space after the colon makes a line that go/ast does not take for a
// directive, so go doc would show it: it is reported, not read. (gofmt
// rewrites such a line to a plain comment, so this is unformatted source.)
func TestSpaceAfterDirectiveColon(t *testing.T) {
	_, diags := loadSource(t, map[string]string{"a.go": `package a

//unionflat: union
type U interface{ isU() }
`})
	var got []string
	for _, d := range diags {
		got = append(got, fmt.Sprintf("%d:%d: %s", d.Pos.Line, d.Pos.Column, d.Msg))
	}
	if want := []string{`3:1: //unionflat: union is not a directive: write //unionflat:union, with no space after the colon`}; !slices.Equal(got, want) {
		t.Fatalf("diagnostics %q, want %q", got, want)
	}
}

// Two shapes whose generated decoders once did not build, found by
// TestOutputClass: a pointer to an array (the decoder wrote *p[i] for
// (*p)[i]), and, under openai-strict, a variant whose only field is its
// own discriminator beside an empty variant (the members loop declared a
// val that no case read). The generated package must pass go vet, and a
// decode through each must give the value back.
func TestEdgeShapesCompile(t *testing.T) {
	dir := writeModule(t, "edge")
	writeFile(t, filepath.Join(dir, "edge.go"), `package edge

//unionflat:union discriminator=type
//unionflat:schema profile=openai-strict
type E interface{ isE() }

//unionflat:variant only
type Only struct {
	Kind string `+"`json:\"type\"`"+`
}

func (Only) isE() {}

//unionflat:variant empty
type Empty struct{}

func (Empty) isE() {}

//unionflat:tool
type T struct {
	Grid *[2][]string `+"`json:\"grid\"`"+`
}
`)
	writeFile(t, filepath.Join(dir, "edge_test.go"), `package edge

import (
	"reflect"
	"testing"
)

func TestDecode(t *testing.T) {
	in, err := DecodeT([]byte(`+"`"+`{"grid":[["a"],["b","c"]]}`+"`"+`))
	if err != nil || in.Grid == nil || !reflect.DeepEqual(*in.Grid, [2][]string{{"a"}, {"b", "c"}}) {
		t.Errorf("DecodeT = %+v, %v", in, err)
	}
	e, err := DecodeE([]byte(`+"`"+`{"type":"only"}`+"`"+`))
	if err != nil || e != (Only{Kind: "only"}) {
		t.Errorf("DecodeE = %#v, %v", e, err)
	}
}
`)
	res := generateClean(t, dir)
	for _, f := range res.Files {
		if err := os.WriteFile(f.Path, f.Content, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := runGo(t, dir, "vet", "./..."); err != nil {
		t.Fatalf("go vet of the generated package: %v\n%s", err, out)
	}
	if out, err := runGo(t, dir, "test", "./..."); err != nil {
		t.Fatalf("go test of the generated package: %v\n%s", err, out)
	}
}

// An array's item-count tag that its length makes looser (maxItems=2 on
// a [1]T, minItems=1 on a [3]T) leaves the array's own count in the
// schema: the tag once replaced it, and the schema then accepted two
// items where the decoder, rightly, takes one. Found by TestRepairClass.
func TestArrayCountTagLooserThanLength(t *testing.T) {
	pkg, diags := loadSource(t, map[string]string{"a.go": `package a

//unionflat:tool
type T struct {
	One   [1]int ` + "`json:\"one\" jsonschema:\"maxItems=2\"`" + `
	Three [3]int ` + "`json:\"three\" jsonschema:\"minItems=1\"`" + `
	Some  []int  ` + "`json:\"some\" jsonschema:\"minItems=1,maxItems=4\"`" + `
}
`})
	if len(diags) > 0 || len(pkg.Tools) != 1 {
		t.Fatalf("diagnostics: %v", diags)
	}
	s, err := schema.ToolSchemas(pkg.Tools[0])
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Properties map[string]struct{ MinItems, MaxItems int }
	}
	if err := json.Unmarshal(s.Lossless, &doc); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string][2]int{"one": {1, 1}, "three": {3, 3}, "some": {1, 4}} {
		if p := doc.Properties[name]; p.MinItems != want[0] || p.MaxItems != want[1] {
			t.Errorf("%s: minItems %d, maxItems %d; want %d, %d", name, p.MinItems, p.MaxItems, want[0], want[1])
		}
	}
}

type (
	byteKind     uint8
	textByteKind uint8
)

func (textByteKind) MarshalText() ([]byte, error) { return []byte("s"), nil }

// TestByteKindSlicesAreBase64 holds encoding/json to what the refusal of
// a slice of a named byte type says of it (errors case fieldtype): such a
// slice is written as base64 text, an array of it as numbers, and a slice
// of a byte type with text methods as the strings they write.
func TestByteKindSlicesAreBase64(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{[]byteKind{1, 2, 3}, `"AQID"`},
		{[2]byteKind{1, 2}, `[1,2]`},
		{[]textByteKind{1, 2}, `["s","s"]`},
	} {
		got, err := json.Marshal(tc.v)
		if err != nil || string(got) != tc.want {
			t.Errorf("json.Marshal(%#v) = %s, %v; want %s", tc.v, got, err, tc.want)
		}
	}
}

// A field whose type is a struct of another package that holds what JSON
// loses (url.URL, whose User is a *url.Userinfo) is reported at that
// field, in the user's file, with the reason in url.URL after it: the
// only diagnostic once pointed at $GOROOT/src/net/url/url.go. Each field
// that brings the type in is reported.
func TestForeignProblemAtUsersField(t *testing.T) {
	_, diags := loadSource(t, map[string]string{"a.go": `package a

import "net/url"

//unionflat:tool
type Fetch struct {
	U url.URL ` + "`json:\"u\"`" + `
	L []*url.URL ` + "`json:\"l\"`" + `
}
`})
	if len(diags) != 2 {
		t.Fatalf("diagnostics %v, want one at each field", diags)
	}
	for i, d := range diags {
		if filepath.Base(d.Pos.Filename) != "a.go" || d.Pos.Line != 7+i ||
			!strings.Contains(d.Msg, "in url.URL (url.go:") || !strings.Contains(d.Msg, "field User: url.Userinfo keeps its state in unexported fields") {
			t.Errorf("diagnostic %v, want it at a.go:%d with url.URL's reason after it", d, 7+i)
		}
	}
}

// A unionflat.Nullable field keeps absent, null and a value apart, in a
// tool's input, in a struct inside a slice, in a union's variant and
// around an untagged union: the decoder reads each state, the element's
// rules apply to a value only, and encoding/json writes each back as it
// was read, so that decoding the output gives the same value.
func TestNullableThreeStates(t *testing.T) {
	dir := writeModule(t, "nullable")
	writeFile(t, filepath.Join(dir, "n.go"), `package n

import unionflat "github.com/unionflat/unionflat/runtime"

//unionflat:union discriminator=op
type Op interface{ isOp() }

//unionflat:variant set
type Set struct {
	Due unionflat.Nullable[string] `+"`json:\"due,omitzero\" jsonschema:\"format=date\"`"+`
}

func (Set) isOp() {}

type Row struct {
	ID    string                  `+"`json:\"id\"`"+`
	Limit unionflat.Nullable[int] `+"`json:\"limit,omitzero\" jsonschema:\"minimum=1\"`"+`
}

//unionflat:union untagged
type Label interface{ isLabel() }

type LabelName string

func (LabelName) isLabel() {}

type LabelObj struct {
	Name string `+"`json:\"name\"`"+`
}

func (LabelObj) isLabel() {}

//unionflat:tool
type T struct {
	Rows  []Row                     `+"`json:\"rows\"`"+`
	Op    Op                        `+"`json:\"op\"`"+`
	Note  unionflat.Nullable[Row]   `+"`json:\"note,omitzero\"`"+`
	Label unionflat.Nullable[Label] `+"`json:\"label,omitzero\"`"+`
}
`)
	writeFile(t, filepath.Join(dir, "n_test.go"), `package n

import (
	"encoding/json"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

func TestStates(t *testing.T) {
	in := `+"`"+`{"rows":[{"id":"a"},{"id":"b","limit":null},{"id":"c","limit":2}],"op":{"op":"set","due":null},"note":{"id":"n","limit":5},"label":"bug"}`+"`"+`
	x, err := DecodeT([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	r := x.Rows
	if r[0].Limit.Present() || !r[1].Limit.IsNull() || r[2].Limit != unionflat.Some(2) {
		t.Errorf("rows: %+v", r)
	}
	if s, ok := x.Op.(Set); !ok || !s.Due.IsNull() {
		t.Errorf("op: %#v", x.Op)
	}
	if n, ok := x.Note.Get(); !ok || n.Limit != unionflat.Some(5) {
		t.Errorf("note: %+v", x.Note)
	}
	if l, ok := x.Label.Get(); !ok || l != LabelName("bug") {
		t.Errorf("label: %+v", x.Label)
	}
	out, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Errorf("marshalled\n%s\nwant\n%s", out, in)
	}
	var back T
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	if again, _ := json.Marshal(back); string(again) != in {
		t.Errorf("round trip\n%s\nwant\n%s", again, in)
	}
	_, err = DecodeT([]byte(`+"`"+`{"rows":[{"id":"a","limit":0}],"op":{"op":"set","due":"soon"},"note":null}`+"`"+`))
	if err == nil || !strings.Contains(err.Error(), "/rows/0/limit") || !strings.Contains(err.Error(), "/op/due") {
		t.Errorf("rules on values: %v", err)
	}
	if err := (T{Rows: []Row{{ID: "a", Limit: unionflat.Some(0)}}, Op: Set{}}).Validate(); err == nil || !strings.Contains(err.Error(), "/rows/0/limit") {
		t.Errorf("Validate: %v", err)
	}
}
`)
	res := generateClean(t, dir)
	for _, f := range res.Files {
		if err := os.WriteFile(f.Path, f.Content, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := runGo(t, dir, "vet", "./..."); err != nil {
		t.Fatalf("go vet of the generated package: %v\n%s", err, out)
	}
	if out, err := runGo(t, dir, "test", "./..."); err != nil {
		t.Fatalf("go test of the generated package: %v\n%s", err, out)
	}
}

// Fields of type any, map[string]any and []any decode as encoding/json
// decodes them into the same types: float64 numbers, map[string]any,
// []any, strings, booleans and nil, at any depth, and a number no float64
// holds is a problem for both.
func TestAnyDecodesAsEncodingJSON(t *testing.T) {
	dir := writeModule(t, "free")
	writeFile(t, filepath.Join(dir, "free.go"), `package free

//unionflat:tool
type T struct {
	Value  any            `+"`json:\"value\"`"+`
	Labels map[string]any `+"`json:\"labels,omitempty\"`"+`
	Args   []any          `+"`json:\"args,omitempty\"`"+`
}
`)
	writeFile(t, filepath.Join(dir, "free_test.go"), `package free

import (
	"encoding/json"
	"reflect"
	"testing"
)

// plain has T's fields without T's UnmarshalJSON: encoding/json's own.
type plain struct {
	Value  any
	Labels map[string]any
	Args   []any
}

func TestDecode(t *testing.T) {
	values := []string{
		"null", "true", "false", "0", "-0", "1.5", "-2e3", "12345678901234567890",
		"1e-400", "0.1", `+"`\"\"`"+`, `+"`\"caf\\u00e9 \\\"q\\\" \\ud83d\\ude00\"`"+`,
		"[]", "{}", `+"`[1, \"a\", null, [true, {}]]`"+`,
		`+"`{\"a\": {\"b\": [1, 2.5]}, \"c\": null, \"\\u00e9\": \"x\"}`"+`,
	}
	for _, v := range values {
		in := `+"`{\"value\": `"+` + v + `+"`, \"labels\": {\"k\": `"+` + v + `+"`}, \"args\": [`"+` + v + `+"`, `"+` + v + `+"`]}`"+`
		got, err := DecodeT([]byte(in))
		if err != nil {
			t.Errorf("DecodeT(%s): %v", in, err)
			continue
		}
		var want plain
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			t.Fatalf("json.Unmarshal(%s): %v", in, err)
		}
		if !reflect.DeepEqual(plain(got), want) {
			t.Errorf("DecodeT(%s) = %#v, encoding/json reads %#v", in, plain(got), want)
		}
		// Back through encoding/json and the decoder, the same value.
		out, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		again, err := DecodeT(out)
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Errorf("DecodeT(json.Marshal(%#v)) = %#v, %v", got, again, err)
		}
		if err := got.Validate(); err != nil {
			t.Errorf("Validate(%#v): %v", got, err)
		}
	}
	// A number no float64 holds is refused by both.
	for _, v := range []string{"1e999", "-1e400"} {
		in := `+"`{\"value\": [`"+` + v + `+"`]}`"+`
		if _, err := DecodeT([]byte(in)); err == nil {
			t.Errorf("DecodeT(%s) gives no error", in)
		}
		var want plain
		if err := json.Unmarshal([]byte(in), &want); err == nil {
			t.Errorf("json.Unmarshal(%s) gives no error", in)
		}
	}
}
`)
	res := generateClean(t, dir)
	for _, f := range res.Files {
		if err := os.WriteFile(f.Path, f.Content, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := runGo(t, dir, "vet", "./..."); err != nil {
		t.Fatalf("go vet of the generated package: %v\n%s", err, out)
	}
	if out, err := runGo(t, dir, "test", "./..."); err != nil {
		t.Fatalf("go test of the generated package: %v\n%s", err, out)
	}
}

// A free-form value (any, []any, map[string]any, json.RawMessage) makes
// no profile fail: one that cannot say it advertises a string holding
// its JSON text. Before, one such field under gemini or openai-strict
// failed the whole package.
func TestFreeFormUnderEveryProfile(t *testing.T) {
	dir := writeModule(t, "freeprofiles")
	var profiles []string
	for _, p := range []string{"openai-strict", "gemini", "gemini-json", "anthropic", "anthropic-strict", "mcp", "portable", "ollama"} {
		profiles = append(profiles, "profile="+p)
	}
	writeFile(t, filepath.Join(dir, "free.go"), `package free

import "encoding/json"

//unionflat:tool `+strings.Join(profiles, " ")+`
type T struct {
	Value  any             `+"`json:\"value\"`"+`
	Opt    any             `+"`json:\"opt,omitempty\"`"+`
	Labels map[string]any  `+"`json:\"labels,omitempty\"`"+`
	Args   []any           `+"`json:\"args\"`"+`
	Raw    json.RawMessage `+"`json:\"raw\"`"+`
	Inner  *Inner          `+"`json:\"inner,omitempty\"`"+`
}

type Inner struct {
	Data any `+"`json:\"data\"`"+`
}
`)
	res := generateClean(t, dir)
	var text string
	for _, f := range res.Files {
		text += string(f.Content)
	}
	for _, name := range []string{"TOpenAIStrictSchema", "TGeminiSchema"} {
		if !strings.Contains(text, name) {
			t.Errorf("no %s generated", name)
		}
	}
	if !strings.Contains(text, "impl.JSONText") {
		t.Errorf("the decoder does not read strings of JSON text")
	}
}
