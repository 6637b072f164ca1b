package profile_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/flatten/profile"
	"github.com/unionflat/unionflat/internal/schematest"
)

// TestLintFindings: one failing document per provider rule, asserting the
// rule and its pointer.
func TestLintFindings(t *testing.T) {
	obj := func(props string) string {
		return `{"type":"object","properties":{` + props + `},"required":[],"additionalProperties":false}`
	}
	many := func(n int, prop string) string {
		var parts []string
		for i := range n {
			parts = append(parts, fmt.Sprintf(`"p%d":%s`, i, prop))
		}
		return strings.Join(parts, ",")
	}
	deep := `{"type":"string"}`
	for range 7 {
		deep = `{"type":"object","properties":{"a":` + deep + `}}`
	}
	for _, tc := range []struct {
		profile profile.Profile
		doc     string
		rule    string
		pointer string
	}{
		{profile.MCP, `{"type":"array"}`, "root-object", ""},
		{profile.Anthropic, `{"type":"object","anyOf":[{"type":"object"}]}`, "root-combinator", ""},
		{profile.OpenAIStrict, obj(`"a":{"oneOf":[{"type":"string"},{"type":"number"}]}`), "combinator", "/properties/a/oneOf"},
		{profile.Portable, `{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"number"}]}}}`, "combinator", "/properties/a/anyOf"},
		{profile.Gemini, `{"type":"object","properties":{"a":{"description":"anything"}}}`, "untyped", "/properties/a"},
		{profile.OpenAIStrict, obj(`"a":{"type":"array","items":{}}`), "untyped", "/properties/a/items"},
		{profile.OpenAIStrict, `{"type":"object","$defs":{"x":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/x","description":"d"}},"required":["a"],"additionalProperties":false}`, "ref-siblings", "/properties/a"},
		{profile.GeminiJSON, `{"type":"object","$defs":{"x":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/x","title":"t"}}}`, "ref-siblings", "/properties/a"},
		{profile.Gemini, `{"type":"object","properties":{"a":{"type":"array","items":true}}}`, "untyped", "/properties/a/items"},
		{profile.Anthropic, `{"type":"object","properties":{"a":{"type":"array","prefixItems":[{"type":"string"},{"description":"x"}]}}}`, "untyped", "/properties/a/prefixItems/1"},
		{profile.Gemini, `{"type":"object","properties":{"a":{"type":"string","const":"x"}}}`, "keyword", "/properties/a/const"},
		{profile.Gemini, `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"}`, "keyword", ""},
		{profile.Gemini, `{"type":"object","properties":{"a":{"$id":"urn:a","type":"string"}}}`, "keyword", "/properties/a/$id"},
		{profile.OpenAIStrict, obj(`"a":{"type":"string","format":"uri"}`), "format", "/properties/a/format"},
		{profile.Gemini, `{"type":"object","properties":{"a":{"type":"string","format":"email"}}}`, "format", "/properties/a/format"},
		{profile.Gemini, `{"type":"object","properties":{"a":{"type":["string","null"]}}}`, "type-array", "/properties/a/type"},
		{profile.Gemini, `{"type":"object","properties":{"a":{"type":"integer","enum":[1,2]}}}`, "enum", "/properties/a/enum"},
		{profile.AnthropicStrict, `{"type":"object","properties":{"a":{"enum":[[1],[2]]}},"additionalProperties":false}`, "enum", "/properties/a/enum"},
		{profile.Gemini, `{"type":"object","properties":{"a":{"$ref":"#/properties/b"},"b":{"type":"string"}}}`, "ref", "/properties/a/$ref"},
		{profile.Gemini, `{"type":"object","properties":{"a":{"type":"array"}}}`, "items", "/properties/a"},
		{profile.Gemini, `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`, "additionalProperties", "/additionalProperties"},
		{profile.OpenAIStrict, `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`, "additionalProperties", ""},
		{profile.AnthropicStrict, `{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"string"}}},"additionalProperties":false}`, "additionalProperties", "/properties/m"},
		{profile.OpenAIStrict, obj(`"a":{"type":"string"}`), "required", "/properties/a"},
		{profile.Anthropic, `{"type":"object","properties":{"a b":{"type":"string"}}}`, "property-name", "/properties/a b"},
		{profile.AnthropicStrict, `{"type":"object","properties":{"a":{"type":"array","items":{"type":"string"},"minItems":3}},"additionalProperties":false}`, "keyword", "/properties/a/minItems"},
		{profile.AnthropicStrict, `{"type":"object","properties":{"a":{"type":"integer","minimum":1}},"additionalProperties":false}`, "keyword", "/properties/a/minimum"},
		{profile.Portable, deep, "size", "/properties/a/properties/a/properties/a/properties/a/properties/a/properties/a/properties/a"},
		{profile.Portable, `{"type":"object","properties":{` + many(101, `{"type":"string"}`) + `}}`, "size", ""},
		{profile.AnthropicStrict, `{"type":"object","properties":{` + many(17, `{"type":["string","null"]}`) + `},"required":[` + strings.TrimSuffix(strings.Repeat(`"x",`, 1), ",") + `],"additionalProperties":false}`, "size", ""},
		{profile.AnthropicStrict, `{"type":"object","properties":{` + many(25, `{"type":"string"}`) + `},"additionalProperties":false}`, "size", ""},
		{profile.Gemini, `{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"}}}`, "ordering", ""},
		{profile.GeminiJSON, `{"type":"object","properties":{"o":{"type":"object","properties":{"a":{"type":"string"}},"propertyOrdering":["a","b"]}},"propertyOrdering":["o"]}`, "ordering", "/properties/o"},
		{profile.GeminiJSON, `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"propertyOrdering":["a","a","b"]}`, "ordering", ""},
		{profile.Gemini, `{"type":"object","properties":{"a":{"type":"string"}},"propertyOrdering":"a"}`, "ordering", ""},
		{profile.OpenAIStrict, `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false,"propertyOrdering":["a"]}`, "keyword", "/propertyOrdering"},
		{profile.Portable, `{"type":"object","properties":{"a":{"type":"string","enum":[` + strings.TrimSuffix(strings.Repeat(`"v",`, 501), ",") + `]}}}`, "size", ""},
	} {
		t.Run(string(tc.profile)+"/"+tc.rule, func(t *testing.T) {
			findings, err := profile.Lint([]byte(tc.doc), tc.profile)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range findings {
				if f.Rule == tc.rule && f.Pointer == tc.pointer {
					return
				}
			}
			t.Errorf("want a %q finding at %q, got %v", tc.rule, tc.pointer, findings)
		})
	}
}

// TestLintTypedItems: items described by a type, an enum, a const, a
// $ref or an anyOf are not untyped, and neither is an open object's
// additionalProperties: true.
func TestLintTypedItems(t *testing.T) {
	for _, items := range []string{`{"type":"string"}`, `{"enum":["a"]}`, `{"const":1}`, `{"$ref":"#/$defs/x"}`, `{"anyOf":[{"type":"string"}]}`} {
		doc := `{"type":"object","$defs":{"x":{"type":"string"}},"properties":{"a":{"type":"array","items":` + items +
			`},"m":{"type":"object","additionalProperties":true}}}`
		findings, err := profile.Lint([]byte(doc), profile.MCP)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range findings {
			if f.Rule == "untyped" {
				t.Errorf("items %s: %s", items, f)
			}
		}
	}
}

// TestProfileBareRefBranch: under openai-strict the words beside a $ref
// that is one branch of a union (not a nullable wrapper) stay with that
// branch, which becomes an anyOf of the $ref alone, and do not describe
// the whole union.
func TestProfileBareRefBranch(t *testing.T) {
	doc := []byte(`{"type":"object","$defs":{"N":{"type":"object","properties":{"n":{"$ref":"#/$defs/N"}},"required":["n"],"additionalProperties":false}},` +
		`"properties":{"either":{"anyOf":[{"$ref":"#/$defs/N","description":"a node"},{"type":"string","description":"a name"}]}},` +
		`"required":["either"],"additionalProperties":false}`)
	res, findings, err := profile.ForProfile(doc, profile.OpenAIStrict, flatten.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(findings) > 0 {
		t.Errorf("findings %v", findings)
	}
	out := decode(t, res.Schema)
	want := `{"anyOf":[{"anyOf":[{"$ref":"#/$defs/N"}],"description":"a node"},{"type":"string","description":"a name"}]}`
	if got, _ := at(out, "/properties/either"); !jsonEqual(got, decode(t, []byte(want))) {
		t.Errorf("either is %s, want %s", mustJSON(got), want)
	}
}

// TestProfileRootWrapper: a nullable wrapper at the root with unused
// definitions beside it is projected under openai-strict as it will be
// projected again: once.
func TestProfileRootWrapper(t *testing.T) {
	doc := []byte(`{"anyOf":[{"type":"string"},{"type":"null"}],"$defs":{"X":{"type":"integer"}}}`)
	once, _, err := profile.ForProfile(doc, profile.OpenAIStrict, flatten.Options{})
	if err != nil {
		t.Fatal(err)
	}
	twice, _, err := profile.ForProfile(once.Schema, profile.OpenAIStrict, flatten.Options{})
	if err != nil || string(twice.Schema) != string(once.Schema) {
		t.Errorf("projecting again changes it (%v):\n%s\n%s", err, once.Schema, twice.Schema)
	}
}

// TestProfileBareRefs: under openai-strict an optional recursive
// property is a $ref to a nullable copy of its definition, and the
// descriptions that stood beside $refs join the description of the object
// that holds them, naming the property; gemini-json keeps a description
// beside a $ref, which it takes.
func TestProfileBareRefs(t *testing.T) {
	doc := `{"type":"object","$defs":{"N":{"type":"object","description":"A node.","properties":{"v":{"type":"integer"},` +
		`"next":{"$ref":"#/$defs/N","description":"The next."},"first":{"$ref":"#/$defs/N","description":"The first."}},` +
		`"required":["v","first"],"additionalProperties":false}},"properties":{"n":{"$ref":"#/$defs/N"}},"required":["n"],"additionalProperties":false}`
	for _, tc := range []struct {
		p                 profile.Profile
		next, first, desc string
	}{
		{profile.OpenAIStrict, `{"$ref":"#/$defs/NOrNull"}`, `{"$ref":"#/$defs/N"}`, "A node. next: The next. first: The first."},
		{profile.GeminiJSON, `{"$ref":"#/$defs/N","description":"The next."}`, `{"$ref":"#/$defs/N","description":"The first."}`, "A node."},
	} {
		res, findings, err := profile.ForProfile([]byte(doc), tc.p, flatten.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(findings) > 0 {
			t.Errorf("%s: findings %v", tc.p, findings)
		}
		out := decode(t, res.Schema)
		for name, want := range map[string]string{"next": tc.next, "first": tc.first} {
			got, _ := at(out, "/$defs/N/properties/"+name)
			if !jsonEqual(got, decode(t, []byte(want))) {
				t.Errorf("%s: %s is %s, want %s", tc.p, name, mustJSON(got), want)
			}
		}
		if desc, _ := at(out, "/$defs/N/description"); desc != tc.desc {
			t.Errorf("%s: N's description is %q, want %q", tc.p, desc, tc.desc)
		}
	}
}

// TestProfileOutputsPassLint: projecting the flat form of every vector,
// and of seeded random schemas (schematest.RandomSchema: unions, kept
// unions, recursive definitions, nullable wrappers, $refs with keywords
// beside them), onto every profile gives documents whose remaining
// findings are only the ones a projection cannot remove (a root that is
// not an object, an untyped property, a $ref under a profile without
// them), and that projecting again leaves as they are.
func TestProfileOutputsPassLint(t *testing.T) {
	for _, v := range loadVectors(t) {
		checkProjections(t, v.Name, v.Input)
	}
	for seed := range uint64(300) {
		checkProjections(t, fmt.Sprintf("random %d", seed), schematest.RandomSchema(seed))
	}
}

// checkProjections flattens a document as the generator does and
// projects it onto every profile, as TestProfileOutputsPassLint says.
func checkProjections(t *testing.T, name string, input []byte) {
	t.Helper()
	removable := map[string]bool{"keyword": true, "format": true, "type-array": true, "enum": true,
		"items": false, "additionalProperties": true, "required": true, "ordering": true, "ref-siblings": true}
	flat, err := flatten.JSON(input, flatten.Options{InlineRefs: true, NullableTypes: true})
	if err != nil {
		t.Fatal(err)
	}
	_, compileErr := schematest.Compile(flat.Schema)
	for _, p := range profile.Profiles() {
		res, findings, err := profile.ForProfile(flat.Schema, p, flatten.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := schematest.Compile(res.Schema); err != nil && compileErr == nil {
			t.Errorf("%s/%s: the projection does not compile, where the flat schema does: %v\n%s", name, p, err, res.Schema)
		}
		again, err := profile.Lint(res.Schema, p)
		if err != nil {
			t.Fatal(err)
		}
		// What the projection could not say comes first; then what
		// Lint finds on the projected document.
		linted := findings
		for len(linted) > 0 && (linted[0].Rule == "recursive" || linted[0].Rule == "dropped") {
			linted = linted[1:]
		}
		if !slices.Equal(again, linted) {
			t.Errorf("%s/%s: ForProfile reports %v beside its own findings, Lint of its output %v", name, p, linted, again)
		}
		for _, f := range findings {
			if removable[f.Rule] && !strings.Contains(f.Message, "additionalProperties: false") {
				t.Errorf("%s/%s: the projection left %s", name, p, f)
			}
		}
		twice, _, err := profile.ForProfile(res.Schema, p, flatten.Options{})
		if err != nil || string(twice.Schema) != string(res.Schema) {
			t.Errorf("%s/%s: projecting again changes the document (%v):\n%s\n%s", name, p, err, res.Schema, twice.Schema)
		}
	}
}

// TestMCPTakesAnySchema: an MCP inputSchema is any JSON Schema with an
// object root, so mcp finds nothing in properties and items that say
// nothing of what they are (json.RawMessage), where every provider
// profile does but ollama, whose api.Tool keeps them (its rendering for
// the model says any).
func TestMCPTakesAnySchema(t *testing.T) {
	doc := []byte(`{"type":"object","properties":{"raw":{},"list":{"type":"array","items":true},"pair":{"type":"array","prefixItems":[{}]}}}`)
	if findings, err := profile.Lint(doc, profile.MCP); err != nil || len(findings) > 0 {
		t.Errorf("mcp: %v %v", findings, err)
	}
	for _, p := range profile.Profiles() {
		if p == profile.MCP {
			continue
		}
		findings, err := profile.Lint(doc, p)
		if err != nil {
			t.Fatal(err)
		}
		found := slices.ContainsFunc(findings, func(f profile.Finding) bool { return f.Rule == "untyped" && f.Pointer == "/properties/raw" })
		if want := p != profile.Ollama; found != want {
			t.Errorf("%s: an untyped finding at /properties/raw: %v, want %v: %v", p, found, want, findings)
		}
	}
}

// TestLintAdviceAndRefusals: a document Gemini takes as it is, only
// without propertyOrdering, has advice and no refusal; mcp takes a nested
// oneOf (and every other combinator) as it takes anyOf; each problem is
// found once, by its own rule (a closed object and a $ref under gemini
// were found twice, once as a keyword).
func TestLintAdviceAndRefusals(t *testing.T) {
	lint := func(doc string, p profile.Profile) []profile.Finding {
		t.Helper()
		findings, err := profile.Lint([]byte(doc), p)
		if err != nil {
			t.Fatal(err)
		}
		return findings
	}
	for _, p := range []profile.Profile{profile.Gemini, profile.GeminiJSON} {
		findings := lint(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"object","properties":{"c":{"type":"string"}}}}}`, p)
		if len(findings) != 2 {
			t.Errorf("%s: %v, want the two missing propertyOrdering", p, findings)
		}
		for _, f := range findings {
			if f.Rule != "ordering" || !f.Advice {
				t.Errorf("%s: %v is not ordering advice", p, f)
			}
		}
	}
	nested := `{"type":"object","properties":{"a":{"oneOf":[{"type":"string"},{"type":"integer"}]},` +
		`"b":{"anyOf":[{"type":"string"},{"type":"integer"}]},"c":{"allOf":[{"type":"string"}],"not":{"const":""}},` +
		`"d":{"if":{"type":"string"},"then":{"minLength":1},"else":{"type":"integer"}}}}`
	if findings := lint(nested, profile.MCP); len(findings) > 0 {
		t.Errorf("mcp: nested combinators found: %v", findings)
	}
	once := `{"type":"object","$defs":{"s":{"type":"string"}},"properties":{` +
		`"a":{"type":"object","properties":{"x":{"type":"string"}},"propertyOrdering":["x"],"additionalProperties":false},` +
		`"b":{"$ref":"#/$defs/s"}},"propertyOrdering":["a","b"]}`
	seen := map[string]string{}
	for _, f := range lint(once, profile.Gemini) {
		if rule, twice := seen[f.Pointer]; twice {
			t.Errorf("gemini: %s found as %s and as %s", f.Pointer, rule, f.Rule)
		}
		seen[f.Pointer] = f.Rule
	}
	if seen["/properties/a/additionalProperties"] != "additionalProperties" || seen["/properties/b/$ref"] != "ref" {
		t.Errorf("gemini: %v, want additionalProperties and ref found by their rules", seen)
	}
	// Beside a type that is not an object, additionalProperties is still
	// found, as a keyword.
	stray := lint(`{"type":"object","properties":{"a":{"type":"string","additionalProperties":false}},"propertyOrdering":["a"]}`, profile.Gemini)
	if len(stray) != 1 || stray[0].Pointer != "/properties/a/additionalProperties" || stray[0].Rule != "keyword" {
		t.Errorf("gemini: %v, want additionalProperties beside a string found once, as a keyword", stray)
	}
}

// TestDialect: the profiles whose targets read JSON Schema 2020-12 and
// keep $schema find a $schema of another dialect, and none other; the
// anthropic-strict projection names 2020-12.
func TestDialect(t *testing.T) {
	for _, tc := range []struct {
		schema string
		wrong  bool
	}{
		{"http://json-schema.org/draft-07/schema#", true},
		{"https://json-schema.org/draft/2019-09/schema", true},
		{"https://json-schema.org/draft/2020-12/schema", false},
		{"https://json-schema.org/draft/2020-12/schema#", false},
	} {
		doc := []byte(`{"$schema":"` + tc.schema + `","type":"object","properties":{"a":{"type":"string"}}}`)
		for _, p := range profile.Profiles() {
			findings, err := profile.Lint(doc, p)
			if err != nil {
				t.Fatal(err)
			}
			found := slices.ContainsFunc(findings, func(f profile.Finding) bool { return f.Rule == "dialect" && f.Pointer == "/$schema" })
			want := tc.wrong && (p == profile.MCP || p == profile.Anthropic || p == profile.AnthropicStrict)
			if found != want {
				t.Errorf("%s, $schema %s: dialect finding %v, want %v: %v", p, tc.schema, found, want, findings)
			}
			// anthropic-strict's projection keeps only keywords that mean
			// the same in 2020-12, and says so.
			_, projected, err := profile.ForProfile(doc, p, flatten.Options{})
			if err != nil {
				t.Fatal(err)
			}
			found = slices.ContainsFunc(projected, func(f profile.Finding) bool { return f.Rule == "dialect" })
			if want := want && p != profile.AnthropicStrict; found != want {
				t.Errorf("%s, $schema %s: after projection, dialect finding %v, want %v: %v", p, tc.schema, found, want, projected)
			}
		}
	}
}

// TestGeminiProjectsOnce: what one projection makes of a type array
// (branches of their own, an integer whose bound reaches past 2^53 among
// them written as a decimal string, an unbounded one kept an integer) and
// of a nullable wrapper kept apart only by keywords
// the profile drops (not, $schema, $defs) is what a second projection
// would make of it: the first one does it.
func TestGeminiProjectsOnce(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"type":"object","properties":{"v":{"type":["string","integer"]},"w":{"anyOf":[{"type":"string"},{"type":["integer","null"],"minimum":-9223372036854775808}]}}}`,
			`{"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{"type":"integer"}]},"w":{"anyOf":[{"type":"string"},{"type":"string","pattern":"^-?(0|[1-9][0-9]*)$","nullable":true,"description":"An integer written in decimal digits as a string, at least -9223372036854775808."}]}},"propertyOrdering":["v","w"]}`},
		{`{"type":"object","properties":{"v":{"anyOf":[{"type":"string","maxLength":4},{"type":"null"}],"not":{"type":"null"}}}}`,
			`{"type":"object","properties":{"v":{"type":"string","maxLength":4,"nullable":true}},"propertyOrdering":["v"]}`},
		{`{"$schema":"https://json-schema.org/draft/2020-12/schema","anyOf":[{"type":"object"},{"type":"null"}],"$defs":{"N":{"type":"string"}}}`,
			`{"type":"object","nullable":true}`},
		// Each branch of a type array takes the keywords of its kind:
		// the array's items, the string's length, the object's
		// properties (found by the class test's untagged unions).
		{`{"type":"object","properties":{"v":{"type":["string","array","object"],"minLength":1,"items":{"type":"string"},"properties":{"n":{"type":"string"}},"required":["n"],"description":"A label."}}}`,
			`{"type":"object","properties":{"v":{"description":"A label.","anyOf":[{"type":"string","minLength":1},{"type":"array","items":{"type":"string"}},{"type":"object","properties":{"n":{"type":"string"}},"propertyOrdering":["n"],"required":["n"]}]}},"propertyOrdering":["v"]}`},
		// The anyOf that widening makes of prefixItems and items is
		// projected too (found by a review, from a random schema).
		{`{"type":"object","properties":{"x":{"type":"array","prefixItems":[{"type":"null"},{"type":"string"}],"items":false}}}`,
			`{"type":"object","properties":{"x":{"type":"array","items":{"type":"string","nullable":true}}},"propertyOrdering":["x"]}`},
	} {
		once, _, err := profile.ForProfile([]byte(tc.in), profile.Gemini, flatten.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if string(once.Schema) != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, once.Schema, tc.want)
		}
		twice, _, err := profile.ForProfile(once.Schema, profile.Gemini, flatten.Options{})
		if err != nil || string(twice.Schema) != string(once.Schema) {
			t.Errorf("%s: projected again: %s (%v)", tc.in, twice.Schema, err)
		}
	}
}

// TestProfileSaysWhatItDrops: a projection never empties a $ref or drops
// a keyword without a word: what it cannot say is a finding.
func TestProfileSaysWhatItDrops(t *testing.T) {
	in := []byte(`{"type":"object","$defs":{
		"Leaf":{"type":"object","properties":{"v":{"type":"boolean"}}},
		"Node":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}}}},
		"properties":{
			"leaf":{"$ref":"#/$defs/Leaf"},
			"tree":{"$ref":"#/$defs/Node"},
			"tags":{"type":"object","additionalProperties":{"type":"string"}},
			"keys":{"type":"object","propertyNames":{"pattern":"^a"}},
			"opt":{"anyOf":[{"type":"string"},{"type":"null"}]}}}`)
	res, findings, err := profile.ForProfile(in, profile.Gemini, flatten.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range findings {
		got = append(got, f.String())
	}
	for _, want := range []string{
		"/properties/tree: recursive definition Node cannot be said under gemini [recursive]",
		"/properties/keys/propertyNames: propertyNames cannot be said under gemini: dropped [dropped]",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("missing finding %q in %q", want, got)
		}
	}
	out := decode(t, res.Schema)
	// A map's values are said in words: any keys only widens.
	if d, _ := at(out, "/properties/tags/description"); d != "Any keys; each value a string." {
		t.Errorf("the map's values are not said in words: %v", d)
	}
	if leaf, _ := at(out, "/properties/leaf/properties/v/type"); leaf != "boolean" {
		t.Errorf("the $ref to Leaf was not inlined: %s", res.Schema)
	}
	if tree, _ := at(out, "/properties/tree/type"); tree != "object" {
		t.Errorf("the recursive $ref did not keep its type: %s", res.Schema)
	}
	if opt, _ := at(out, "/properties/opt"); !jsonEqual(opt, decode(t, []byte(`{"type":"string","nullable":true}`))) {
		t.Errorf("the nullable wrapper is not one nullable type: %s", mustJSON(opt))
	}
}

// TestProfileOrdering: under the gemini profiles every object with
// properties, at any depth, lists them in propertyOrdering in declaration
// order, so a document whose keys an SDK sorts still tells the model the
// order; other profiles have none, but where they keep every keyword
// (anthropic, mcp, below items under ollama); one already naming every
// property once is kept as written.
func TestProfileOrdering(t *testing.T) {
	in := []byte(`{"type":"object","properties":{
		"zeta":{"type":"string"},
		"alpha":{"type":"object","properties":{"y":{"type":"integer"},"b":{"type":"boolean"}}},
		"list":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"},"c":{"type":"string"}},
			"propertyOrdering":["c","k"]}},
		"empty":{"type":"object","properties":{}},
		"mid":{"type":"string"}},"required":["zeta"]}`)
	want := map[string][]any{
		"/propertyOrdering":                       {"zeta", "alpha", "list", "empty", "mid"},
		"/properties/alpha/propertyOrdering":      {"y", "b"},
		"/properties/list/items/propertyOrdering": {"c", "k"},
	}
	for _, p := range profile.Profiles() {
		res, findings, err := profile.ForProfile(in, p, flatten.Options{})
		if err != nil {
			t.Fatal(err)
		}
		out := decode(t, res.Schema)
		ordering := p == profile.Gemini || p == profile.GeminiJSON
		for ptr, names := range want {
			got, ok := at(out, ptr)
			switch {
			case ordering && !jsonEqual(got, names):
				t.Errorf("%s: %s = %v, want %v", p, ptr, got, names)
			case !ordering && ok && p != profile.Anthropic && p != profile.MCP &&
				!(p == profile.Ollama && strings.Contains(ptr, "/items/")): // kept below items
				t.Errorf("%s: %s = %v, want none", p, ptr, got)
			}
		}
		if got, ok := at(out, "/properties/empty/propertyOrdering"); ordering && ok {
			t.Errorf("%s: an object without properties has propertyOrdering %v", p, got)
		}
		if ordering {
			// The key follows properties, where a reader looks for it.
			if i, j := strings.Index(string(res.Schema), `"propertyOrdering":["zeta"`), strings.Index(string(res.Schema), `"required"`); i < 0 || i > j {
				t.Errorf("%s: propertyOrdering not before required: %s", p, res.Schema)
			}
		}
		for _, f := range findings {
			if f.Rule == "ordering" {
				t.Errorf("%s: the projection left %s", p, f)
			}
		}
	}
}

// vectorInput is the part of a flatten acceptance vector these tests
// read: its name and its input document (flatten's own tests check the
// rest).
type vectorInput struct {
	Name  string          `json:"name"`
	Input json.RawMessage `json:"input"`
}

// loadVectors reads every acceptance vector of testdata/flatten.
func loadVectors(t testing.TB) []vectorInput {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "flatten", "vectors-*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no vector files: %v", err)
	}
	var all []vectorInput
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var vs []vectorInput
		if err := json.Unmarshal(data, &vs); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		all = append(all, vs...)
	}
	return all
}

// decode reads a JSON document for the assertions.
func decode(t testing.TB, raw []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	return v
}

// at is the value at a JSON Pointer made of object keys (no escapes).
func at(doc any, ptr string) (any, bool) {
	cur := doc
	for _, tok := range strings.Split(ptr, "/")[1:] {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[tok]; !ok {
			return nil, false
		}
	}
	return cur, true
}

func jsonEqual(a, b any) bool { return reflect.DeepEqual(a, b) }

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}

// TestDecimalIntegersInOneOf: with integers written as decimal strings,
// a oneOf of a string and an integer becomes an anyOf, which takes "5"
// (both branches take it, which oneOf refuses).
func TestDecimalIntegersInOneOf(t *testing.T) {
	doc := []byte(`{"type":"object","properties":{"v":{"oneOf":[{"type":"string"},{"type":"integer"}]}}}`)
	for _, p := range []profile.Profile{profile.MCP, profile.Anthropic} {
		res, _, err := profile.ForProfileWith(doc, p, profile.Options{BigInts: profile.BigIntsString}, flatten.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(res.Schema), "oneOf") || !strings.Contains(string(res.Schema), "anyOf") {
			t.Errorf("%s: %s", p, res.Schema)
		}
		// Beside an anyOf, the oneOf becomes an anyOf inside an allOf.
		both := []byte(`{"type":"object","properties":{"v":{"anyOf":[{"type":"integer"},{"type":"string"}],"oneOf":[{"type":"integer"},{"type":"string"}]}}}`)
		res, _, err = profile.ForProfileWith(both, p, profile.Options{BigInts: profile.BigIntsString}, flatten.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(res.Schema), "oneOf") || !strings.Contains(string(res.Schema), `"allOf":[{"anyOf":`) {
			t.Errorf("%s: %s", p, res.Schema)
		}
	}
}

// TestKeptOneOfBecomesAnyOf: a union flatten leaves (of scalars, as
// pydantic writes Union[str, float]) is an anyOf under the profiles that
// say anyOf but not oneOf, not dropped to a schema that says nothing.
func TestKeptOneOfBecomesAnyOf(t *testing.T) {
	// (An enum judges every kind, so rule 7 does not merge the members.)
	doc := []byte(`{"type":"object","properties":{"v":{"oneOf":[{"type":"string","enum":["a"]},{"type":"number"}]}},"required":["v"]}`)
	flat, err := flatten.JSON(doc, flatten.Options{InlineRefs: true, NullableTypes: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []profile.Profile{profile.OpenAIStrict, profile.Gemini, profile.GeminiJSON, profile.AnthropicStrict} {
		res, findings, err := profile.ForProfile(flat.Schema, p, flatten.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := json.Marshal(findings); len(findings) > 0 || !strings.Contains(string(res.Schema), `"anyOf":[{"type":"string","enum":["a"]},{"type":"number"}]`) {
			t.Errorf("%s: %s, findings %s", p, res.Schema, got)
		}
	}
}

// TestDroppingOnlyWidens: a profile that drops prefixItems or
// patternProperties (or reads draft-07's array of items) widens items and
// additionalProperties first, so that every instance the document takes
// the projection takes too (santhosh judges; the strict profiles, which
// close every object, are left out of the map case, as documented), and
// a root that is a $ref to its own definition (zod-to-json-schema's
// named output) becomes that definition, not a $ref to nothing, and an
// object whose properties stand beside a $ref is not closed on those
// alone, and a $ref by $anchor, which no profile but mcp and anthropic
// says, finds its schema by pointer. (Numbers, not integers: gemini has a
// model write an integer as a decimal string.)
func TestDroppingOnlyWidens(t *testing.T) {
	closes := []profile.Profile{profile.OpenAIStrict, profile.AnthropicStrict}
	for _, tc := range []struct {
		doc       string
		instances []string
		skip      []profile.Profile
	}{
		{`{"type":"object","properties":{"t":{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"number"}}},"required":["t"]}`,
			[]string{`{"t":["a",1.5,2]}`, `{"t":["a"]}`, `{"t":[]}`}, nil},
		{`{"type":"object","properties":{"t":{"type":"array","prefixItems":[true,{"type":"string"}],"items":false}},"required":["t"]}`,
			[]string{`{"t":[1,"a"]}`, `{"t":[null]}`}, nil},
		{`{"type":"object","properties":{"p":{"type":"array","items":[{"type":"string"},{"type":"number"}],"additionalItems":{"type":"boolean"}}},"required":["p"]}`,
			[]string{`{"p":["a",2,true]}`, `{"p":["a"]}`}, nil},
		{`{"type":"object","properties":{"m":{"type":"object","patternProperties":{"^n_":{"type":"number"}},"additionalProperties":{"type":"string"}}},"required":["m"]}`,
			[]string{`{"m":{"n_1":5.5,"x":"s"}}`, `{"m":{}}`}, closes},
		{`{"$ref":"#/definitions/C","definitions":{"C":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}}}`,
			[]string{`{"a":"x"}`}, nil},
		{`{"type":"object","properties":{"v":{"oneOf":[{"type":"string"},{"type":"number"}]}},"required":["v"]}`,
			[]string{`{"v":"a"}`, `{"v":1.5}`}, nil},
		// A const holding a $ref is a value, not a reference.
		{`{"type":"object","properties":{"a":{"const":{"$ref":"#/definitions/X"}},"x":{"$ref":"#/definitions/X"}},"required":["a","x"],"definitions":{"X":{"type":"string"}}}`,
			[]string{`{"a":{"$ref":"#/definitions/X"},"x":"s"}`}, nil},
		// No $ref left pointing at nothing (the projection must compile):
		// a percent-encoded one, and definitions beside $defs.
		{`{"type":"object","properties":{"t":{"$ref":"#/definitions/T"}},"definitions":{"T":{"type":"object","properties":{"c":{"$ref":"#/%64efinitions/T"}}}}}`,
			nil, nil},
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/A"},"t":{"$ref":"#/definitions/A"}},"$defs":{"A":{"type":"string"}},"definitions":{"A":{"type":"object","properties":{"n":{"$ref":"#/definitions/A"}}}}}`,
			nil, nil},
		// then beside a root $ref acts with no if: the root stays a $ref.
		{`{"$ref":"#/$defs/X","then":false,"$defs":{"X":{"type":"object","if":{"required":["a"]}}}}`,
			[]string{`{"a":1.5}`}, closes},
		{`{"type":"object","properties":{"e":{"$ref":"#/$defs/E","properties":{"x":{"maximum":5}}}},"required":["e"],"$defs":{"E":{"type":"object","properties":{"t":{"const":"a"},"x":{"type":"number"}},"required":["t"],"additionalProperties":false}}}`,
			// Under the profiles without $ref, properties on both sides are
			// not merged (a stand-in takes the $ref's place): left out.
			[]string{`{"e":{"t":"a","x":1.5}}`}, []profile.Profile{profile.Gemini, profile.AnthropicStrict, profile.Portable}},
		// A $ref to the definitions themselves (a schema that takes
		// anything), found by FuzzForProfile.
		{`{"$defs":{"Node":{"oneOf":[{"$ref":"#/$defs"}]}},"$ref":"#/$defs/Node"}`, []string{`{"a":1.5}`}, nil},
		{`{"type":"object","properties":{"d":{"$ref":"#/definitions"}},"definitions":{"A":{"type":"string"}}}`, []string{`{"d":1.5}`}, nil},
		// Recursive $refs inside an embedded resource stay where they
		// resolve (found by a review).
		{`{"type":"object","properties":{"m":{"$ref":"urn:m"},"t":{"type":"number"}},"$defs":{"M":{"$id":"urn:m","type":"object","properties":{"t":{"type":"object","properties":{"next":{"$ref":"#/properties/t"}}}}}}}`,
			[]string{`{"m":{"t":{"next":{"next":{}}}},"t":1.5}`}, closes},
		// $refs by anchor, at the root too, one percent-encoded.
		{`{"type":"object","properties":{"a":{"$ref":"#pt"},"b":{"$ref":"#p%74"}},"required":["a"],"$defs":{"P":{"$anchor":"pt","type":"object","properties":{"x":{"type":"number"}},"required":["x"]}}}`,
			[]string{`{"a":{"x":1.5},"b":{"x":2}}`}, nil},
		{`{"$ref":"#top","$defs":{"T":{"$anchor":"top","type":"object","properties":{"n":{"type":"number"}},"required":["n"]}}}`,
			[]string{`{"n":1.5}`}, nil},
		// A $ref through the document's own $id into draft-07
		// definitions, which the profiles that keep $refs move into $defs
		// (found by the widened schema generator: it was left naming
		// nothing).
		{`{"$id":"https://example.com/d.json","type":"object","properties":{"p":{"$ref":"https://example.com/d.json#/definitions/A"},"q":{"$ref":"d.json#/definitions/A"}},"definitions":{"A":{"type":"string"}}}`,
			[]string{`{"p":"s","q":"t"}`}, nil},
		// The same in a document that says it is of draft 7 (found by a
		// review).
		{`{"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://example.com/d.json","type":"object","properties":{"p":{"$ref":"https://example.com/d.json#/definitions/A"}},"definitions":{"A":{"type":"string"}}}`,
			[]string{`{"p":"s"}`}, nil},
		// Draft 7 ignores what stands beside a $ref: a projection that
		// inlines or merges it must not apply it (found by an outside
		// try: gemini applied the maximum).
		// (ollama says no bounds at a property: its x is a decimal string.)
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"A":{"type":"integer","minimum":0,"maximum":100}},"type":"object","properties":{"x":{"$ref":"#/definitions/A","maximum":3}}}`,
			[]string{`{"x":42}`}, []profile.Profile{profile.Ollama}},
		// A $ref with assertions beside it, under the profiles without $ref:
		// merged with its target where nothing acts together.
		{`{"type":"object","properties":{"e":{"$ref":"#/$defs/E","minProperties":1}},"required":["e"],"$defs":{"E":{"type":"object","properties":{"t":{"type":"string"}},"required":["t"]}}}`,
			[]string{`{"e":{"t":"a"}}`}, nil},
	} {
		for _, p := range profile.Profiles() {
			if slices.Contains(tc.skip, p) {
				continue
			}
			res, _, err := profile.ForProfile([]byte(tc.doc), p, flatten.Options{})
			if err != nil {
				t.Fatal(err)
			}
			parsed, err := jsonschema.UnmarshalJSON(strings.NewReader(string(res.Schema)))
			if err != nil {
				t.Fatal(err)
			}
			c := jsonschema.NewCompiler()
			c.DefaultDraft(jsonschema.Draft2020)
			if err := c.AddResource("urn:test:p.json", parsed); err != nil {
				t.Fatal(err)
			}
			s, err := c.Compile("urn:test:p.json")
			if err != nil {
				t.Fatalf("%s: %v\n%s", p, err, res.Schema)
			}
			for _, inst := range tc.instances {
				v, err := jsonschema.UnmarshalJSON(strings.NewReader(inst))
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Validate(v); err != nil {
					t.Errorf("%s: %s refuses %s, which %s takes:\n%v", p, res.Schema, inst, tc.doc, err)
				}
			}
		}
	}
}

// TestSharedDefinitionsStayBounded: definitions that each use the next
// twice (a document of 20 of them doubles with every level written out)
// project under every profile, and flatten with inlining, into a
// document of bounded size (found by an outside try: 5.8 GB and no end
// under gemini at 22 levels).
func TestSharedDefinitionsStayBounded(t *testing.T) {
	const levels = 20
	var defs []string
	for i := range levels - 1 {
		defs = append(defs, fmt.Sprintf(`"D%d":{"type":"object","properties":{"l":{"$ref":"#/$defs/D%d"},"r":{"$ref":"#/$defs/D%d"}}}`, i, i+1, i+1))
	}
	defs = append(defs, fmt.Sprintf(`"D%d":{"type":"object","properties":{"leaf":{"type":"string"}}}`, levels-1))
	doc := []byte(`{"type":"object","properties":{"root":{"$ref":"#/$defs/D0"}},"$defs":{` + strings.Join(defs, ",") + `}}`)
	const limit = 20 << 20
	flat, err := flatten.JSON(doc, flatten.Options{InlineRefs: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(flat.Schema) > limit {
		t.Errorf("flatten with InlineRefs: %d bytes", len(flat.Schema))
	}
	for _, p := range profile.Profiles() {
		res, _, err := profile.ForProfile(doc, p, flatten.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Schema) > limit {
			t.Errorf("%s: %d bytes", p, len(res.Schema))
		}
	}
}
