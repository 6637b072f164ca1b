package flatten_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/unionflat/unionflat/flatten"
)

// flatCase is one table entry for the flattening rules of DESIGN.md.
type flatCase struct {
	name string
	in   string
	// want maps a JSON Pointer of the output to the exact schema expected
	// there (compared as decoded JSON: key order and number spelling aside,
	// nothing is normalised away).
	want map[string]string
	// unchanged: the output must equal the input.
	unchanged bool
	// absent lists pointers that must not exist in the output.
	absent []string
	// diags lists the expected diagnostic pointers, in order; diagHas, when
	// set, a substring every message (same index) must contain.
	diags   []string
	diagHas []string
	// valid lists instances the input accepts; the flat output must accept
	// them too (the superset invariant on the table itself).
	valid []string
	// opts are the options to flatten with (the zero value by default).
	opts flatten.Options
}

func runFlatCases(t *testing.T, cases []flatCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkFlatCase(t, c)
		})
	}
}

func checkFlatCase(t *testing.T, c flatCase) {
	t.Helper()
	in := []byte(c.in)
	res, err := flatten.JSON(in, c.opts)
	if err != nil {
		t.Fatalf("flatten: %v", err)
	}
	out := decode(t, res.Schema)
	if c.unchanged && !jsonEqual(decode(t, in), out) {
		t.Errorf("want the input unchanged, got %s", res.Schema)
	}
	for ptr, w := range c.want {
		got, ok := at(out, ptr)
		if !ok {
			t.Errorf("%q: not in the output %s", ptr, res.Schema)
			continue
		}
		if want := decode(t, []byte(w)); !jsonEqual(got, want) {
			t.Errorf("%q:\n got %s\nwant %s", ptr, mustJSON(got), w)
		}
	}
	for _, ptr := range c.absent {
		if got, ok := at(out, ptr); ok {
			t.Errorf("%q should be absent, is %s", ptr, mustJSON(got))
		}
	}
	var gotPtrs []string
	for _, d := range res.Diagnostics {
		gotPtrs = append(gotPtrs, d.Pointer)
	}
	if !slices.Equal(gotPtrs, c.diags) {
		t.Errorf("diagnostics at %q, want %q (%v)", gotPtrs, c.diags, res.Diagnostics)
	}
	for i, sub := range c.diagHas {
		if i < len(res.Diagnostics) && !strings.Contains(res.Diagnostics[i].Message, sub) {
			t.Errorf("diagnostic %d is %q, want it to contain %q", i, res.Diagnostics[i].Message, sub)
		}
	}
	if len(c.valid) > 0 {
		orig, flat := compile(t, decode(t, in)), compile(t, out)
		for _, raw := range c.valid {
			inst := decode(t, []byte(raw))
			if err := orig.Validate(inst); err != nil {
				t.Fatalf("table error: %s is not valid under the input: %v", raw, err)
			}
			if err := flat.Validate(inst); err != nil {
				t.Errorf("unsound: %s rejected by the flat schema: %v", raw, err)
			}
		}
	}
	again, err := flatten.JSON(res.Schema, c.opts)
	if err != nil || !bytes.Equal(again.Schema, res.Schema) {
		t.Errorf("not idempotent:\n once %s\ntwice %s (%v)", res.Schema, again.Schema, err)
	}
}

// A closed two-variant union and its exact flat form; the deep cases embed
// it everywhere a schema may stand.
const (
	unionAB = `{"oneOf":[
		{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"string"}},"required":["kind","x"],"additionalProperties":false},
		{"type":"object","properties":{"kind":{"const":"b"},"y":{"type":"integer"}},"required":["kind"],"additionalProperties":false}]}`
	flatAB = `{"type":"object","properties":{
		"kind":{"type":"string","enum":["a","b"]},
		"x":{"type":"string","description":"Required if kind = a"},
		"y":{"type":"integer","description":"Available if kind = b"}},
		"required":["kind"],"additionalProperties":false}`
)

// embed replaces every @ in a template by the union above.
func embed(tmpl string) string { return strings.ReplaceAll(tmpl, "@", unionAB) }

// Rule 1: every flattenable union is replaced, at any depth.
func TestRuleDeep(t *testing.T) { runFlatCases(t, deepCases()) }

func deepCases() []flatCase {
	deep := []struct{ name, tmpl, ptr string }{
		{"root", `@`, ""},
		{"property", `{"type":"object","properties":{"p":@}}`, "/properties/p"},
		{"items", `{"type":"array","items":@}`, "/items"},
		{"items-array-draft7", `{"type":"array","items":[{"type":"string"},@]}`, "/items/1"},
		{"prefixItems", `{"type":"array","prefixItems":[{"type":"string"},@]}`, "/prefixItems/1"},
		{"additionalProperties", `{"type":"object","additionalProperties":@}`, "/additionalProperties"},
		{"patternProperties", `{"type":"object","patternProperties":{"^p":@}}`, "/patternProperties/^p"},
		{"$defs", `{"$defs":{"U":@},"$ref":"#/$defs/U"}`, "/$defs/U"},
		{"definitions", `{"definitions":{"U":@},"$ref":"#/definitions/U"}`, "/definitions/U"},
		{"allOf", `{"allOf":[@]}`, "/allOf/0"},
		{"then", `{"if":{"type":"object"},"then":@}`, "/then"},
		{"dependentSchemas", `{"dependentSchemas":{"k":@}}`, "/dependentSchemas/k"},
		{"dependencies-draft7", `{"dependencies":{"k":@,"j":["k"]}}`, "/dependencies/k"},
		{"escaped-key", `{"properties":{"a/b~c":@}}`, "/properties/a~1b~0c"},
		{"four-levels", `{"properties":{"a":{"type":"array","items":{"type":"object","additionalProperties":{"$defs":{"d":@}}}}}}`,
			"/properties/a/items/additionalProperties/$defs/d"},
		{"nullable-anyOf", `{"anyOf":[@,{"type":"null"}]}`, "/anyOf/0"},
		{"nullable-oneOf-null-first", `{"oneOf":[{"type":"null"},@]}`, "/oneOf/1"},
		{"nullable-in-property", `{"properties":{"p":{"anyOf":[@,{"type":"null"}],"description":"maybe"}}}`, "/properties/p/anyOf/0"},
		{"union-in-plain-anyOf", `{"anyOf":[{"type":"string","enum":["s"]},@]}`, "/anyOf/1"},
	}
	var cases []flatCase
	for _, d := range deep {
		cases = append(cases, flatCase{
			name:  d.name,
			in:    embed(d.tmpl),
			want:  map[string]string{d.ptr: flatAB},
			valid: []string{},
		})
	}
	// The wrappers around the union stay as they were.
	cases[len(cases)-4].want["/anyOf/1"] = `{"type":"null"}`
	cases[len(cases)-3].want["/oneOf/0"] = `{"type":"null"}`
	cases[len(cases)-2].want["/properties/p/description"] = `"maybe"`
	cases[len(cases)-1].want["/anyOf/0"] = `{"type":"string","enum":["s"]}`
	cases[len(cases)-1].diags = []string{""} // the plain anyOf itself is noted (an enum judges every kind: rule 7 cannot merge it)
	cases[0].valid = []string{`{"kind":"a","x":"s"}`, `{"kind":"b"}`, `{"kind":"b","y":3}`}
	cases[1].valid = []string{`{"p":{"kind":"b","y":1}}`, `{}`}
	cases[2].valid = []string{`[{"kind":"a","x":""},{"kind":"b"}]`, `[]`}
	cases[len(cases)-4].valid = []string{`null`, `{"kind":"a","x":"x"}`}
	return append(cases, []flatCase{{
		// The inner union is flattened first; the outer join then sees an
		// object and a string.
		name: "union-inside-variant",
		in: embed(`{"oneOf":[
			{"type":"object","properties":{"t":{"const":"m"},"inner":@},"required":["t","inner"]},
			{"type":"object","properties":{"t":{"const":"n"},"inner":{"type":"string"}},"required":["t"]}]}`),
		want: map[string]string{
			"":                  `{"type":"object","properties":{"t":{"type":"string","enum":["m","n"]},"inner":{"type":["string","object"],"description":"Required if t = m"}},"required":["t"]}`,
			"/properties/inner": `{"type":["string","object"],"description":"Required if t = m"}`,
		},
		valid: []string{`{"t":"m","inner":{"kind":"a","x":"1"}}`, `{"t":"n","inner":"s"}`, `{"t":"n"}`},
	}, {
		name: "union-inside-one-variant-only",
		in: embed(`{"oneOf":[
			{"type":"object","properties":{"t":{"const":"m"},"inner":@},"required":["t"]},
			{"type":"object","properties":{"t":{"const":"n"}},"required":["t"]}]}`),
		want: map[string]string{
			"/properties/inner": strings.Replace(flatAB, `"type":"object",`, `"type":"object","description":"Available if t = m",`, 1),
		},
		valid: []string{`{"t":"m","inner":{"kind":"b"}}`, `{"t":"n"}`},
	}, {
		name: "variants-through-$defs-refs",
		in: `{"$defs":{
				"A":{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"string"}},"required":["kind","x"],"additionalProperties":false},
				"B":{"type":"object","properties":{"kind":{"const":"b"},"y":{"type":"integer"}},"required":["kind"],"additionalProperties":false}},
			"oneOf":[{"$ref":"#/$defs/A"},{"$ref":"#/$defs/B","description":"refs may carry annotations"}]}`,
		want: map[string]string{
			"/properties":           `{"kind":{"type":"string","enum":["a","b"]},"x":{"type":"string","description":"Required if kind = a"},"y":{"type":"integer","description":"Available if kind = b"}}`,
			"/required":             `["kind"]`,
			"/additionalProperties": `false`,
			"/$defs/A/properties":   `{"kind":{"const":"a"},"x":{"type":"string"}}`,
		},
		absent: []string{"/oneOf"},
		valid:  []string{`{"kind":"a","x":""}`, `{"kind":"b","y":2}`},
	}, {
		name: "variants-through-definitions-and-a-ref-chain",
		in: `{"definitions":{
				"A":{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"string"}},"required":["kind","x"],"additionalProperties":false},
				"A2":{"$ref":"#/definitions/A"},
				"B":{"type":"object","properties":{"kind":{"const":"b"},"y":{"type":"integer"}},"required":["kind"],"additionalProperties":false}},
			"type":"object","properties":{"p":{"anyOf":[{"$ref":"#/definitions/A2"},{"$ref":"#/definitions/B"}]}}}`,
		want:  map[string]string{"/properties/p": flatAB},
		valid: []string{`{"p":{"kind":"a","x":""}}`},
	}, {
		// A variant that is itself a union is seen in its flat form.
		name: "union-of-a-union",
		in: embed(`{"$defs":{"U":@},"oneOf":[{"$ref":"#/$defs/U"},
			{"type":"object","properties":{"kind":{"const":"c"}},"required":["kind"],"additionalProperties":false}]}`),
		want: map[string]string{
			"/properties/kind": `{"type":"string","enum":["a","b","c"]}`,
			// The inner hint survives and the outer one is added.
			"/properties/x":         `{"type":"string","description":"Required if kind = a. Available if kind = a | b"}`,
			"/additionalProperties": `false`,
			"/$defs/U":              flatAB,
		},
		valid: []string{`{"kind":"c"}`, `{"kind":"b","y":1}`, `{"kind":"a","x":"x"}`},
	}}...)
}

// twoCandidates builds a union of two variants with two qualifying
// discriminators, tag and kind, in the given property orders; x, required
// in the first variant only, reveals the choice through its hint.
func twoCandidates(firstOrder, secondOrder, extra string) string {
	props := map[string]map[string]string{
		"first":  {"tag": `"tag":{"const":"t1"}`, "kind": `"kind":{"type":"string","enum":["a","alias","a"]}`},
		"second": {"tag": `"tag":{"const":"t2"}`, "kind": `"kind":{"const":"b"}`},
	}
	order := func(which, o string) string {
		var ms []string
		for _, k := range strings.Split(o, ",") {
			ms = append(ms, props[which][k])
		}
		return strings.Join(ms, ",")
	}
	return fmt.Sprintf(`{%s"oneOf":[
		{"type":"object","properties":{%s,"x":{"type":"string"}},"required":["kind","tag","x"]},
		{"type":"object","properties":{%s},"required":["tag","kind"]}]}`,
		extra, order("first", firstOrder), order("second", secondOrder))
}

// Rule 2: the discriminator and its documented tie-break.
func TestRuleDiscriminator(t *testing.T) { runFlatCases(t, discriminatorCases()) }

func discriminatorCases() []flatCase {
	byTag := `{"type":"object","properties":{
		"tag":{"type":"string","enum":["t1","t2"]},
		"kind":{"type":"string","enum":["a","alias","b"]},
		"x":{"type":"string","description":"Required if tag = t1"}},
		"required":["tag","kind"]}`
	byKind := `{"type":"object","properties":{
		"kind":{"type":"string","enum":["a","alias","b"]},
		"tag":{"type":"string","enum":["t1","t2"]},
		"x":{"type":"string","description":"Required if kind = a | alias"}},
		"required":["kind","tag"]}`
	return []flatCase{
		{name: "first-key-of-first-variant", in: twoCandidates("tag,kind", "kind,tag", ""),
			want: map[string]string{"": byTag}, valid: []string{`{"tag":"t1","kind":"alias","x":""}`, `{"tag":"t2","kind":"b"}`}},
		{name: "first-variant-order-decides", in: twoCandidates("kind,tag", "tag,kind", ""),
			want: map[string]string{"": byKind}},
		{name: "openapi-propertyName-wins", in: twoCandidates("tag,kind", "tag,kind", `"discriminator":{"propertyName":"kind","mapping":{"a":"#/x"}},`),
			want: map[string]string{"": byKind}, absent: []string{"/discriminator"}},
		{name: "propertyName-not-qualifying-falls-back", in: twoCandidates("tag,kind", "tag,kind", `"discriminator":{"propertyName":"x"},`),
			want: map[string]string{"": byTag}, absent: []string{"/discriminator"}},
		{name: "propertyName-unknown-falls-back", in: twoCandidates("tag,kind", "tag,kind", `"discriminator":{"propertyName":"nope"},`),
			want: map[string]string{"": byTag}},
		{name: "shared-value-disqualifies-first-candidate",
			in: `{"oneOf":[
				{"type":"object","properties":{"mode":{"const":"same"},"kind":{"const":"a"}},"required":["mode","kind"]},
				{"type":"object","properties":{"mode":{"const":"same"},"kind":{"const":"b"}},"required":["mode","kind"]}]}`,
			want: map[string]string{"": `{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]},"mode":{"const":"same"}},"required":["kind","mode"]}`}},
		{name: "optional-somewhere-is-no-candidate",
			in: `{"oneOf":[
				{"type":"object","properties":{"mode":{"const":"m1"},"kind":{"const":"a"}},"required":["kind"]},
				{"type":"object","properties":{"mode":{"const":"m2"},"kind":{"const":"b"}},"required":["mode","kind"]}]}`,
			want: map[string]string{"": `{"type":"object","properties":{
				"kind":{"type":"string","enum":["a","b"]},
				"mode":{"type":"string","enum":["m1","m2"],"description":"Required if kind = b"}},"required":["kind"]}`}},
		{name: "multi-value-enums-and-labels",
			in: `{"oneOf":[
				{"type":"object","properties":{"kind":{"type":"string","enum":["text","plain"]},"body":{"type":"string"}},"required":["kind","body"]},
				{"type":"object","properties":{"kind":{"enum":["image","picture","img"]},"url":{"type":"string"}},"required":["kind","url"]},
				{"type":"object","properties":{"kind":{"const":"none"}},"required":["kind"]}]}`,
			want: map[string]string{
				"/properties/kind": `{"type":"string","enum":["text","plain","image","picture","img","none"]}`,
				"/properties/body": `{"type":"string","description":"Required if kind = text | plain"}`,
				"/properties/url":  `{"type":"string","description":"Required if kind = image | picture | img"}`,
				"/required":        `["kind"]`,
			},
			valid: []string{`{"kind":"img","url":"u"}`, `{"kind":"plain","body":""}`, `{"kind":"none"}`}},
		{name: "descriptions-of-discriminator-and-variants",
			in: `{"oneOf":[
				{"type":"object","description":"First one.","properties":{"kind":{"const":"a","description":"Which one"}},"required":["kind"]},
				{"type":"object","description":"  Second one.  ","properties":{"kind":{"const":"b","description":"Which one"}},"required":["kind"]}]}`,
			want: map[string]string{"/properties/kind": `{"type":"string","enum":["a","b"],"description":"Which one. a: First one. b: Second one."}`}},
	}
}

// collision builds a union whose two variants both require v, with the
// schemas s1 and s2; the cases compare the joined property exactly.
func collision(s1, s2 string) string {
	return fmt.Sprintf(`{"$defs":{"S":{"type":"string","minLength":2}},"oneOf":[
		{"type":"object","properties":{"kind":{"const":"a"},"v":%s},"required":["kind","v"]},
		{"type":"object","properties":{"kind":{"const":"b"},"v":%s},"required":["kind","v"]}]}`, s1, s2)
}

// Rule 4: a key in several variants.
func TestRuleCollisions(t *testing.T) { runFlatCases(t, collisionCases()) }

func collisionCases() []flatCase {
	var cases []flatCase
	for _, c := range []struct{ name, s1, s2, want string }{
		{"identical-after-annotations",
			`{"type":"integer","minimum":1,"maximum":9,"title":"N","description":"n"}`, `{"type":"integer","maximum":9,"minimum":1,"examples":[3]}`,
			`{"type":"integer","minimum":1,"maximum":9,"description":"n"}`},
		{"identical-with-shared-default", `{"type":"string","default":"x"}`, `{"type":"string","default":"x"}`,
			`{"type":"string","default":"x"}`},
		{"identical-with-differing-defaults", `{"type":"string","default":"x"}`, `{"type":"string","default":"y"}`,
			`{"type":"string"}`},
		{"identical-nested-annotations-ignored",
			`{"type":"array","items":{"type":"string","description":"one"}}`, `{"type":"array","items":{"type":"string","title":"two"}}`,
			`{"type":"array","items":{"type":"string","description":"one"}}`},
		{"string-literals-widen", `{"const":"p"}`, `{"type":"string","enum":["q","p"]}`,
			`{"type":"string","enum":["p","q"]}`},
		{"nullable-literals-widen", `{"const":"p"}`, `{"anyOf":[{"const":"q"},{"type":"null"}]}`,
			`{"type":["string","null"],"enum":["p","q",null]}`},
		{"one-kind-keeps-shared-constraints",
			`{"type":"string","minLength":1,"maxLength":5}`, `{"type":"string","minLength":1,"pattern":"^a"}`,
			`{"type":"string","minLength":1}`},
		{"formats-differ-dropped", `{"type":"string","format":"email"}`, `{"type":"string","format":"uri"}`,
			`{"type":"string"}`},
		{"enum-vs-free-string", `{"type":"string","enum":["a","b"]}`, `{"type":"string"}`,
			`{"type":"string"}`},
		{"integer-and-number-is-number", `{"type":"integer","minimum":0}`, `{"type":"number","minimum":0,"maximum":1}`,
			`{"type":"number","minimum":0}`},
		{"integer-const-and-number", `{"const":2}`, `{"type":"number"}`,
			`{"type":"number"}`},
		{"object-shapes-differ", `{"type":"object","properties":{"a":{"type":"string"}}}`, `{"type":"object","required":["b"]}`,
			`{"type":"object"}`},
		{"array-items-differ", `{"type":"array","items":{"type":"string"}}`, `{"type":"array","items":{"type":"integer"},"minItems":1}`,
			`{"type":"array"}`},
		{"two-kinds-type-array", `{"type":"boolean"}`, `{"type":"string"}`,
			`{"type":["string","boolean"]}`},
		{"type-array-order-is-fixed", `{"type":["array","object"]}`, `{"type":"null"}`,
			`{"type":["object","array","null"]}`},
		{"null-retained", `{"type":["integer","null"]}`, `{"type":"string"}`,
			`{"type":["string","integer","null"]}`},
		{"anyOf-nullable-spelling", `{"anyOf":[{"type":"object"},{"type":"null"}]}`, `{"type":"array"}`,
			`{"type":["object","array","null"]}`},
		{"null-and-one-kind-keeps-its-constraints", `{"type":"null"}`, `{"type":"string","maxLength":3}`,
			`{"type":["string","null"],"maxLength":3}`},
		{"unknown-branch-untyped", `{}`, `{"type":"string"}`, `{}`},
		{"true-branch-untyped", `true`, `{"type":"string"}`, `{}`},
		{"not-branch-untyped", `{"not":{"type":"string"}}`, `{"type":"string"}`, `{}`},
		{"false-branch-adds-nothing", `false`, `{"type":"string","minLength":1}`, `{"type":"string"}`},
		{"ref-branch-resolved", `{"$ref":"#/$defs/S"}`, `{"type":"integer"}`, `{"type":["string","integer"]}`},
		{"const-and-enum-kinds", `{"const":1.5}`, `{"enum":[true]}`, `{"type":["number","boolean"]}`},
		{"allOf-kinds-intersect", `{"allOf":[{"type":["string","integer"]},{"type":"string"}]}`, `{"type":"boolean"}`, `{"type":["string","boolean"]}`},
	} {
		cases = append(cases, flatCase{
			name: c.name,
			in:   collision(c.s1, c.s2),
			want: map[string]string{"/properties/v": c.want, "/required": `["kind","v"]`},
		})
	}
	// Soundness over the collisions with instances.
	return append(cases, []flatCase{
		{name: "widened-values-accepted", in: collision(`{"const":"p"}`, `{"anyOf":[{"const":"q"},{"type":"null"}]}`),
			valid: []string{`{"kind":"a","v":"p"}`, `{"kind":"b","v":null}`, `{"kind":"b","v":"q"}`},
			want:  map[string]string{"/required": `["kind","v"]`}},
		{name: "kinds-accepted", in: collision(`{"type":["integer","null"],"minimum":5}`, `{"$ref":"#/$defs/S"}`),
			valid: []string{`{"kind":"a","v":7}`, `{"kind":"a","v":null}`, `{"kind":"b","v":"zz"}`},
			want:  map[string]string{"/properties/v": `{"type":["string","integer","null"]}`}},
	}...)
}

// Rule 5: required everywhere stays required, otherwise a hint.
func TestRuleRequiredHints(t *testing.T) { runFlatCases(t, requiredCases()) }

func requiredCases() []flatCase {
	return []flatCase{{
		name: "three-variants",
		in: `{"oneOf":[
			{"type":"object","properties":{"kind":{"const":"a"},"p":{"type":"string","description":"The p."},"q":{"type":"integer"},"r":{"type":"string"},"t":{"type":"string","description":"Alpha."}},"required":["kind","p","r","meta"]},
			{"type":"object","properties":{"kind":{"const":"b"},"p":{"type":"string","description":"The p."},"q":{"type":"integer"},"t":{"type":"string","description":"Beta"}},"required":["kind","p","q","meta"]},
			{"type":"object","properties":{"kind":{"const":"c"},"p":{"type":"string","description":"The p."},"s":{"type":"boolean","description":"Is it on?"},"u":{"type":"number","description":"U:"}},"required":["meta","kind","p","u"]}]}`,
		want: map[string]string{"": `{"type":"object","properties":{
			"kind":{"type":"string","enum":["a","b","c"]},
			"p":{"type":"string","description":"The p."},
			"q":{"type":"integer","description":"Required if kind = b"},
			"r":{"type":"string","description":"Required if kind = a"},
			"t":{"type":"string","description":"Alpha (kind = a); Beta (kind = b). Available if kind = a | b"},
			"s":{"type":"boolean","description":"Is it on? Available if kind = c"},
			"u":{"type":"number","description":"U: Required if kind = c"}},
			"required":["kind","p","meta"]}`},
		valid: []string{`{"kind":"a","p":"","r":"","meta":1}`, `{"kind":"b","p":"","q":1,"meta":null}`, `{"kind":"c","p":"","u":1.5,"meta":{}}`},
	}, {
		name: "required-but-undeclared-in-one-variant-only",
		in: `{"oneOf":[
			{"type":"object","properties":{"kind":{"const":"a"}},"required":["kind","z"]},
			{"type":"object","properties":{"kind":{"const":"b"}},"required":["kind"]}]}`,
		want:   map[string]string{"": `{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]}},"required":["kind"]}`},
		absent: []string{"/properties/z"},
		valid:  []string{`{"kind":"a","z":[1]}`, `{"kind":"b"}`},
	}, {
		name: "required-undeclared-and-declared-elsewhere",
		in: `{"oneOf":[
			{"type":"object","properties":{"kind":{"const":"a"}},"required":["kind","z"]},
			{"type":"object","properties":{"kind":{"const":"b"},"z":{"type":"string"}},"required":["kind"]}]}`,
		want:  map[string]string{"/properties/z": `{"description":"Required if kind = a"}`},
		valid: []string{`{"kind":"a","z":[1]}`, `{"kind":"b","z":"s"}`},
	}, {
		name: "outer-properties-and-required-merge",
		in: `{"type":"object","properties":{"id":{"type":"string"},"kind":{"description":"outer words"}},"required":["id"],"oneOf":[
			{"type":"object","properties":{"kind":{"const":"a"}},"required":["kind"]},
			{"type":"object","properties":{"kind":{"const":"b"}},"required":["kind"]}]}`,
		want: map[string]string{"": `{"type":"object",
			"properties":{"id":{"type":"string"},"kind":{"type":"string","enum":["a","b"],"description":"outer words"}},
			"required":["id","kind"]}`},
		valid: []string{`{"id":"1","kind":"a"}`},
	}}
}

// Rule 6: the key policy and defaults.
func TestRuleKeyPolicy(t *testing.T) { runFlatCases(t, keyPolicyCases()) }

func keyPolicyCases() []flatCase {
	two := func(extraA, extraB, outer string) string {
		return fmt.Sprintf(`{%s"oneOf":[
			{"type":"object","properties":{"kind":{"const":"a"},"n":{"type":"integer","default":3}}%s,"required":["kind"]},
			{"type":"object","properties":{"kind":{"const":"b"},"m":{"type":"string","default":"m"}}%s,"required":["kind"]}]}`, outer, extraA, extraB)
	}
	closed := `,"additionalProperties":false`
	return []flatCase{
		{name: "all-closed", in: two(closed, closed, ""),
			want:  map[string]string{"/additionalProperties": `false`},
			valid: []string{`{"kind":"a","n":1}`}},
		{name: "one-open", in: two(closed, "", ""),
			absent: []string{"/additionalProperties"},
			valid:  []string{`{"kind":"b","extra":true}`}},
		{name: "open-with-true", in: two(closed, `,"additionalProperties":true`, ""),
			absent: []string{"/additionalProperties"},
			valid:  []string{`{"kind":"b","extra":true}`}},
		{name: "typed-catchall-is-open", in: two(closed, `,"additionalProperties":{"type":"string"}`, ""),
			absent: []string{"/additionalProperties"},
			valid:  []string{`{"kind":"b","extra":"s"}`}},
		{name: "closed-with-patternProperties-is-open", in: two(closed, closed+`,"patternProperties":{"^x-":{}}`, ""),
			absent: []string{"/additionalProperties"},
			valid:  []string{`{"kind":"b","x-y":1}`}},
		{name: "outer-open-keyword-closed-by-variants", in: two(closed, closed, `"additionalProperties":true,`),
			want: map[string]string{"/additionalProperties": `false`}},
		{name: "outer-catchall-kept-when-open", in: two(closed, "", `"properties":{"kind":true},"additionalProperties":{"type":"number"},`),
			want:  map[string]string{"/additionalProperties": `{"type":"number"}`},
			valid: []string{`{"kind":"b","zz":1}`}},
		// Under unevaluatedProperties, keys a member evaluates beyond its
		// properties must stay evaluated.
		{name: "unevaluated-beside-pattern-member", in: two(`,"patternProperties":{"^x-":{"type":"string"}}`, "", `"unevaluatedProperties":false,`),
			want:  map[string]string{"/additionalProperties": `true`, "/unevaluatedProperties": `false`},
			valid: []string{`{"kind":"a","x-1":"s"}`, `{"kind":"b","m":"m"}`}},
		{name: "unevaluated-above-catchall-member", in: `{"allOf":[{"$ref":"#/$defs/U"}],"unevaluatedProperties":false,"$defs":{"U":` +
			two(`,"additionalProperties":{"type":"boolean"}`, "", "") + `}}`,
			want:  map[string]string{"/$defs/U/additionalProperties": `true`},
			valid: []string{`{"kind":"a","flag":true}`}},
		// An allOf of objects merges exactly: z is a property of the flat
		// object, so it stays evaluated without a catch-all.
		{name: "unevaluated-with-an-allOf-member", in: two(`,"allOf":[{"properties":{"z":{"type":"integer"}}}]`, "", `"unevaluatedProperties":false,`),
			want:   map[string]string{"/properties/z": `{"type":"integer","description":"Available if kind = a"}`},
			absent: []string{"/additionalProperties"},
			valid:  []string{`{"kind":"a","z":1}`}},
		{name: "unevaluated-with-an-unmergeable-allOf-member", in: two(`,"allOf":[{"properties":{"z":{"type":"integer"}},"minProperties":1}]`, "", `"unevaluatedProperties":false,`),
			want:  map[string]string{"/additionalProperties": `true`},
			valid: []string{`{"kind":"a","z":1}`}},
		{name: "unevaluated-plain-members-stay-without", in: two("", "", `"unevaluatedProperties":false,`),
			absent: []string{"/additionalProperties"}, valid: []string{`{"kind":"a","n":1}`}},
		{name: "unevaluated-closed-members-stay-closed", in: two(closed, closed, `"unevaluatedProperties":false,`),
			want: map[string]string{"/additionalProperties": `false`}},
		{name: "unevaluated-outer-catchall-kept", in: two(`,"additionalProperties":true`, "", `"properties":{"kind":true},"additionalProperties":{"type":"integer"},"unevaluatedProperties":false,`),
			want: map[string]string{"/additionalProperties": `{"type":"integer"}`}, valid: []string{`{"kind":"a","q":1}`}},
		{name: "variant-only-defaults-not-advertised", in: two(closed, closed, ""),
			want: map[string]string{
				"/properties/n": `{"type":"integer","description":"Available if kind = a"}`,
				"/properties/m": `{"type":"string","description":"Available if kind = b"}`,
			}},
	}
}

// Rule 7: what cannot be flattened is left exactly as it was, with a
// diagnostic at the right place.
func TestRuleNotFlattenable(t *testing.T) { runFlatCases(t, unflattenableCases()) }

func unflattenableCases() []flatCase {
	obj := func(kind string) string {
		return `{"type":"object","properties":{"kind":{"const":` + kind + `}},"required":["kind"]}`
	}
	pair := `{"oneOf":[` + obj(`"a"`) + `,` + obj(`"b"`) + `]}`
	return []flatCase{
		{name: "numeric-discriminator", in: `{"properties":{"p":{"oneOf":[` + obj("1") + `,` + obj("2") + `]}}}`,
			unchanged: true, diags: []string{"/properties/p"}, diagHas: []string{`"kind" has values that are not strings`}},
		{name: "boolean-discriminator", in: `{"items":{"anyOf":[` + obj("true") + `,` + obj("false") + `]}}`,
			unchanged: true, diags: []string{"/items"}, diagHas: []string{"not strings"}},
		{name: "overlapping-values", in: `{"$defs":{"X":{"oneOf":[` + obj(`"a"`) + `,` + obj(`"a"`) + `]}}}`,
			unchanged: true, diags: []string{"/$defs/X"}, diagHas: []string{`"a" in members 0 and 1`}},
		{name: "non-object-member", in: `{"additionalProperties":{"oneOf":[` + obj(`"a"`) + `,{"type":"string","const":"x"}]}}`,
			unchanged: true, diags: []string{"/additionalProperties"}, diagHas: []string{"member 1 says const"}},
		{name: "untyped-non-object-member", in: `{"oneOf":[` + obj(`"a"`) + `,{"minLength":1}]}`,
			unchanged: true, diags: []string{""}, diagHas: []string{"member 1 is not an object"}},
		// anyOf [A, B, {type: null}] is a nullable union: a nullable flat
		// object (rule 7).
		{name: "null-member-among-objects", in: `{"anyOf":[` + obj(`"a"`) + `,` + obj(`"b"`) + `,{"type":"null"}]}`,
			want:  map[string]string{"/type": `["object","null"]`, "/properties/kind": `{"type":"string","enum":["a","b"]}`},
			valid: []string{`null`, `{"kind":"a"}`}},
		{name: "no-discriminator-non-string-values", in: `{"oneOf":[{"type":"object","properties":{"k":{"const":1}},"required":["k"]},{"type":"object","properties":{"k":{"const":2}},"required":["k"]}]}`,
			unchanged: true, diags: []string{""}, diagHas: []string{"no discriminator"}},
		{name: "single-member", in: `{"properties":{"a/b~":{"oneOf":[` + obj(`"a"`) + `]}}}`,
			unchanged: true, diags: []string{"/properties/a~1b~0"}, diagHas: []string{"single member"}},
		{name: "both-oneOf-and-anyOf", in: `{"oneOf":[` + obj(`"a"`) + `,` + obj(`"b"`) + `],"anyOf":[` + obj(`"c"`) + `,` + obj(`"d"`) + `]}`,
			unchanged: true, diags: []string{""}, diagHas: []string{"both oneOf and anyOf"}},
		{name: "unresolvable-ref-member", in: `{"oneOf":[{"$ref":"#/$defs/missing"},` + obj(`"b"`) + `]}`,
			unchanged: true, diags: []string{""}, diagHas: []string{"member 0"}},
		{name: "remote-ref-member", in: `{"oneOf":[{"$ref":"https://example.com/a.json"},` + obj(`"b"`) + `]}`,
			unchanged: true, diags: []string{""}, diagHas: []string{"member 0"}},
		{name: "ref-into-the-union", in: `{"$defs":{"U":` + pair + `},"properties":{"p":{"$ref":"#/$defs/U/oneOf/1"}}}`,
			unchanged: true, diags: []string{"/$defs/U"}, diagHas: []string{"#/$defs/U/oneOf/1"}},
		// The only $ref into U sits in a member property that the join
		// drops: one pass leaves U, the next flattens it.
		{name: "ref-into-union-dropped-by-the-pass", in: `{"$defs":{"U":` + pair + `},"oneOf":[` +
			`{"type":"object","properties":{"t":{"const":"m"},"p":{"$ref":"#/$defs/U/oneOf/0"}},"required":["t"]},` +
			`{"type":"object","properties":{"t":{"const":"n"},"p":{"type":"integer"}},"required":["t"]}]}`,
			want: map[string]string{
				"/$defs/U":      `{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]}},"required":["kind"]}`,
				"/properties/p": `{"type":["integer","object"],"description":"Available if t = m | n"}`,
			},
			valid: []string{`{"t":"m","p":{"kind":"a"}}`, `{"t":"n","p":3}`}},
		{name: "ref-into-outer-properties", in: `{"$defs":{"U":{"properties":{"kind":{"type":"string"}},"oneOf":[` + obj(`"a"`) + `,` + obj(`"b"`) + `]}},` +
			`"properties":{"p":{"$ref":"#/$defs/U/properties/kind"}}}`,
			unchanged: true, diags: []string{"/$defs/U"}, diagHas: []string{"#/$defs/U/properties/kind"},
			valid: []string{`{"p":"any string"}`}},
		{name: "ref-into-created-properties", in: `{"$defs":{"U":` + pair + `},"properties":{"p":{"$ref":"#/$defs/U/properties/kind"}}}`,
			unchanged: true, diags: []string{"/$defs/U"}, diagHas: []string{"#/$defs/U/properties/kind"}},
		{name: "ref-into-replaced-additionalProperties", in: `{"$defs":{"U":{"additionalProperties":{"type":"integer"},"oneOf":[` +
			`{"type":"object","properties":{"kind":{"const":"a"}},"required":["kind"],"additionalProperties":false},` +
			`{"type":"object","properties":{"kind":{"const":"b"}},"required":["kind"],"additionalProperties":false}]}},` +
			`"properties":{"n":{"$ref":"#/$defs/U/additionalProperties"}}}`,
			unchanged: true, diags: []string{"/$defs/U"}, diagHas: []string{"#/$defs/U/additionalProperties"},
			valid: []string{`{"n":5}`}},
		{name: "ref-into-discriminator", in: `{"$defs":{"U":{"discriminator":{"propertyName":"kind"},"oneOf":[` + obj(`"a"`) + `,` + obj(`"b"`) + `]}},` +
			`"properties":{"p":{"$ref":"#/$defs/U/discriminator"}}}`,
			unchanged: true, diags: []string{"/$defs/U"}},
		{name: "ref-to-the-union-itself-is-fine", in: `{"$defs":{"U":` + pair + `},"properties":{"p":{"$ref":"#/$defs/U"}}}`,
			want:  map[string]string{"/$defs/U/properties/kind": `{"type":"string","enum":["a","b"]}`},
			valid: []string{`{"p":{"kind":"b"}}`}},
		{name: "ref-beside-the-union-is-fine", in: `{"$defs":{"U":{"$defs":{"K":{"const":"a"}},"oneOf":[` + obj(`"a"`) + `,` + obj(`"b"`) + `]}},` +
			`"properties":{"p":{"$ref":"#/$defs/U/$defs/K"}}}`,
			want: map[string]string{"/$defs/U/properties/kind": `{"type":"string","enum":["a","b"]}`}},
		{name: "recursive-union-of-unions", in: `{"$defs":{
				"A":{"oneOf":[{"$ref":"#/$defs/B"},` + obj(`"c"`) + `]},
				"B":{"type":"object","properties":{"kind":{"const":"b"},"x":{"oneOf":[{"$ref":"#/$defs/A"},` + obj(`"d"`) + `]}},"required":["kind"]}},
				"$ref":"#/$defs/A"}`,
			unchanged: true, diags: []string{"/$defs/A", "/$defs/B/properties/x"}, diagHas: []string{"recursive", "recursive"},
			valid: []string{`{"kind":"b","x":{"kind":"d"}}`, `{"kind":"b","x":{"kind":"b","x":{"kind":"c"}}}`}},
		{name: "union-that-is-its-own-member", in: `{"$defs":{"U":{"oneOf":[{"$ref":"#/$defs/U"},` + obj(`"a"`) + `]}},"$ref":"#/$defs/U"}`,
			unchanged: true, diags: []string{"/$defs/U"}, diagHas: []string{"recursive"}},
		{name: "plain-scalar-union-silent", in: `{"oneOf":[{"enum":["a",1]},{"type":"integer"}]}`, unchanged: true},
		{name: "nullable-wrapper-silent", in: `{"anyOf":[` + obj(`"a"`) + `,{"type":"null"}]}`, unchanged: true},
		{name: "non-schema-documents", in: `[1,{"oneOf":[` + obj(`"a"`) + `,` + obj(`"b"`) + `]}]`, unchanged: true},
		{name: "boolean-schema", in: `true`, unchanged: true},
		{name: "oneOf-inside-data-is-not-a-union", in: `{"const":` + pair + `,"enum":[` + pair + `],"examples":[` + pair + `]}`, unchanged: true},
		{name: "inner-left-outer-flattened-diag-uses-input-pointer",
			in:    `{"oneOf":[{"type":"object","properties":{"kind":{"const":"a"},"w":{"oneOf":[` + obj("1") + `,` + obj("2") + `]}},"required":["kind"]},` + obj(`"b"`) + `]}`,
			want:  map[string]string{"/properties/w/oneOf/0": obj("1")},
			diags: []string{"/oneOf/0/properties/w"}},
		{name: "diagnostics-in-document-order",
			in:    `{"properties":{"z":{"oneOf":[` + obj("1") + `,` + obj("2") + `]},"a":{"anyOf":[{"type":"object"},{"type":"string","enum":["x"]}]}}}`,
			diags: []string{"/properties/z", "/properties/a"}, unchanged: true},
	}
}

// allRuleCases is every table above, for the purity, property and fuzz
// tests.
func allRuleCases() []flatCase {
	var all []flatCase
	for _, table := range [][]flatCase{deepCases(), discriminatorCases(), collisionCases(),
		requiredCases(), keyPolicyCases(), unflattenableCases()} {
		all = append(all, table...)
	}
	return all
}

func allRuleInputs() []string {
	var ins []string
	for _, c := range allRuleCases() {
		ins = append(ins, c.in)
	}
	return ins
}

// Rule 8: the input is not mutated, the output is deterministic.
func TestRulePure(t *testing.T) {
	inputs := allRuleInputs()
	for _, v := range loadVectors(t) {
		inputs = append(inputs, string(v.Input))
	}
	for i, in := range inputs {
		data := []byte(in)
		keep := bytes.Clone(data)
		first, err := flatten.JSON(data, flatten.Options{})
		if err != nil {
			t.Fatalf("input %d: %v", i, err)
		}
		if !bytes.Equal(data, keep) {
			t.Fatalf("input %d: input bytes modified", i)
		}
		// The output does not alias the input.
		for j := range first.Schema {
			first.Schema[j] = 'X'
		}
		if !bytes.Equal(data, keep) {
			t.Fatalf("input %d: output aliases the input", i)
		}
	}

	// Same bytes and diagnostics on every run, also concurrently.
	in := []byte(`{"$defs":{"U":{"oneOf":[
		{"type":"object","properties":{"kind":{"const":"a"}},"required":["kind"]},
		{"type":"object","properties":{"kind":{"const":"b"}},"required":["kind"]}]}},
		"properties":{"p":{"$ref":"#/$defs/U/oneOf/0"},"q":{"$ref":"#/$defs/U/oneOf/1"},"r":` + unionAB + `,
		"s":{"oneOf":[{"type":"object","properties":{"n":{"const":1}},"required":["n"]},{"type":"object","properties":{"n":{"const":2}},"required":["n"]}]}}}`)
	want, err := flatten.JSON(in, flatten.Options{Indent: "\t"})
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Diagnostics) != 2 {
		t.Fatalf("want 2 diagnostics, got %v", want.Diagnostics)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 25 {
				got, err := flatten.JSON(in, flatten.Options{Indent: "\t"})
				if err != nil || !bytes.Equal(got.Schema, want.Schema) {
					t.Errorf("output differs between runs (%v):\n%s\n%s", err, got.Schema, want.Schema)
					return
				}
				if !slices.Equal(got.Diagnostics, want.Diagnostics) {
					t.Errorf("diagnostics differ between runs:\n%v\n%v", got.Diagnostics, want.Diagnostics)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// Rule 8: exact bytes. Keys keep their place; the flat keys stand where
// the union keyword stood; the compact and indented layouts are fixed.
func TestRuleExactBytes(t *testing.T) {
	in := `{"title":"T","oneOf":[{"type":"object","properties":{"k":{"const":"a"},"n":{"type":"number"}},"required":["k"]},` +
		`{"type":"object","properties":{"k":{"const":"b\u2028"},"n":{"type":"integer"}},"required":["k","n"]}],"description":"D \"q\" é"}`
	compact := `{"title":"T","type":"object","properties":{"k":{"type":"string","enum":["a","b\u2028"]},` +
		`"n":{"type":"number","description":"Required if k = b\u2028"}},"required":["k"],"description":"D \"q\" é"}`
	res, err := flatten.JSON([]byte(in), flatten.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Schema) != compact {
		t.Errorf("compact:\n got %s\nwant %s", res.Schema, compact)
	}
	indented := "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": {\n    \"c\": 1.50e+3\n  },\n  \"d\": []\n}\n"
	res, err = flatten.JSON([]byte(`{"a":[1,{}],"b":{"c":1.50e+3},"d":[]}`), flatten.Options{Indent: "  "})
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Schema) != indented {
		t.Errorf("indented:\n got %q\nwant %q", res.Schema, indented)
	}
}

// Rule 8: flattening twice changes nothing, over every table input and
// vector, in both layouts.
func TestRuleIdempotent(t *testing.T) {
	inputs := allRuleInputs()
	for _, v := range loadVectors(t) {
		inputs = append(inputs, string(v.Input))
	}
	for _, indent := range []string{"", "  "} {
		for i, in := range inputs {
			once, err := flatten.JSON([]byte(in), flatten.Options{Indent: indent})
			if err != nil {
				t.Fatalf("input %d: %v", i, err)
			}
			twice, err := flatten.JSON(once.Schema, flatten.Options{Indent: indent})
			if err != nil || !bytes.Equal(once.Schema, twice.Schema) {
				t.Errorf("input %d not idempotent:\n once %s\ntwice %s", i, once.Schema, twice.Schema)
			}
		}
	}
}

// Rule 9: the documented residue. The flat schema is looser than the
// original where one flat object cannot say more; these instances prove
// the flattener did not guess a stricter rule.
func TestRuleResidue(t *testing.T) {
	res, err := flatten.JSON([]byte(unionAB), flatten.Options{})
	if err != nil {
		t.Fatal(err)
	}
	orig, flat := compile(t, decode(t, []byte(unionAB))), compile(t, decode(t, res.Schema))
	for _, inst := range []string{
		`{"kind":"a"}`,                 // x is required only when kind = a
		`{"kind":"b","x":"only in a"}`, // x belongs to a, b is closed
		`{"kind":"a","x":"s","y":1}`,   // y belongs to b, a is closed
	} {
		v := decode(t, []byte(inst))
		if orig.Validate(v) == nil {
			t.Fatalf("table error: %s is valid under the original", inst)
		}
		if err := flat.Validate(v); err != nil {
			t.Errorf("%s: the flat schema is stricter than documented: %v", inst, err)
		}
	}
}
