package flatten_test

import (
	"strings"
	"testing"
)

// unionTB is a union whose member b requires y: {"t": "b"} matches
// neither member, so under not it is valid, and a flat form of the union
// (which would accept it) there narrows.
const unionTB = `{"oneOf":[` +
	`{"type":"object","properties":{"t":{"const":"a"},"x":{"type":"string"}},"required":["t"]},` +
	`{"type":"object","properties":{"t":{"const":"b"},"y":{"type":"integer"}},"required":["t","y"]}]}`

// draft4 writes unionTB's consts as one-value enums, which draft 4 has.
func draft4(s string) string {
	return strings.NewReplacer(`{"const":"a"}`, `{"enum":["a"]}`, `{"const":"b"}`, `{"enum":["b"]}`).Replace(s)
}

// withTB puts unionTB's members where @ stands, and its oneOf where # does.
func withTB(tmpl string) string {
	members := strings.TrimSuffix(strings.TrimPrefix(unionTB, `{"oneOf":[`), `]}`)
	return strings.ReplaceAll(strings.ReplaceAll(tmpl, "#ONEOF", `"oneOf":[`+members+`]`), "@", unionTB)
}

// Rule 1 reaches every reference, not only a plain pointer from the root:
// a union that a reference under not names by an anchor, by a
// $dynamicRef, by the document's own $id (absolute or relative) or by a
// pointer inside an embedded resource stays as it is, under every option.
// (Found by an outside try: each was flattened, and the flat document
// rejected an instance the input accepts.)
func TestRuleNamedReferences(t *testing.T) {
	cases := []flatCase{
		{name: "anchor", in: withTB(`{"$defs":{"U":{"$anchor":"u",#ONEOF}},"properties":{"q":{"not":{"$ref":"#u"}}}}`),
			valid: []string{`{"q":{"t":"b"}}`}, unchanged: true, diags: []string{"/$defs/U"}, diagHas: []string{"union left as is"}},
		{name: "anchor-above-the-union", in: withTB(`{"$defs":{"W":{"$anchor":"w","properties":{"u":@}}},"properties":{"q":{"not":{"$ref":"#w"}}}}`),
			valid: []string{`{"q":{"u":{"t":"b"}}}`}, unchanged: true, diags: []string{"/$defs/W/properties/u"}, diagHas: []string{"union left as is"}},
		{name: "dynamic-anchor", in: withTB(`{"$dynamicAnchor":"meta",#ONEOF,"properties":{"c":{"not":{"$dynamicRef":"#meta"}}}}`),
			valid: []string{`{"t":"a","c":{"t":"b"}}`}, unchanged: true, diags: []string{""}, diagHas: []string{"union left as is"}},
		{name: "dynamic-ref-by-pointer", in: withTB(`{"$defs":{"U":@},"properties":{"q":{"not":{"$dynamicRef":"#/$defs/U"}}}}`),
			valid: []string{`{"q":{"t":"b"}}`}, unchanged: true, diags: []string{"/$defs/U"}, diagHas: []string{"union left as is"}},
		{name: "own-id-absolute", in: withTB(`{"$id":"https://example.com/s.json","$defs":{"U":@},"properties":{"q":{"not":{"$ref":"https://example.com/s.json#/$defs/U"}}}}`),
			valid: []string{`{"q":{"t":"b"}}`}, unchanged: true, diags: []string{"/$defs/U"}, diagHas: []string{"union left as is"}},
		{name: "own-id-relative", in: withTB(`{"$id":"https://example.com/s.json","$defs":{"U":@},"properties":{"q":{"not":{"$ref":"s.json#/$defs/U"}}}}`),
			valid: []string{`{"q":{"t":"b"}}`}, unchanged: true, diags: []string{"/$defs/U"}, diagHas: []string{"union left as is"}},
		{name: "document-without-id", in: withTB(`{"$defs":{"U":@},"properties":{"q":{"not":{"$ref":"s.json#/$defs/U"}}}}`),
			unchanged: true, diags: []string{"/$defs/U"}, diagHas: []string{"union left as is"}},
		{name: "pointer-in-embedded-resource", in: withTB(`{"$defs":{"R":{"$id":"urn:r","$defs":{"U":@}}},"properties":{"q":{"not":{"$ref":"urn:r#/$defs/U"}}}}`),
			valid: []string{`{"q":{"t":"b"}}`}, unchanged: true, diags: []string{"/$defs/R/$defs/U"}, diagHas: []string{"union left as is"}},
		// Older drafts: draft 4's id, draft 7's "#a" anchor, and an id
		// beside a $ref, which draft 7 ignores and a validator may read
		// (found by a review).
		{name: "draft-04-id-anchor", in: draft4(withTB(`{"$schema":"http://json-schema.org/draft-04/schema#","definitions":{"U":{"id":"#u",#ONEOF}},"properties":{"q":{"not":{"$ref":"#u"}}}}`)),
			valid: []string{`{"q":{"t":"b"}}`}, unchanged: true, diags: []string{"/definitions/U"}, diagHas: []string{"union left as is"}},
		{name: "draft-04-id-resource", in: draft4(withTB(`{"$schema":"http://json-schema.org/draft-04/schema#","id":"https://e.com/a/root.json","definitions":{"R":{"id":"r.json","definitions":{"U":@}}},"properties":{"q":{"not":{"$ref":"r.json#/definitions/U"}}}}`)),
			valid: []string{`{"q":{"t":"b"}}`}, unchanged: true, diags: []string{"/definitions/R/definitions/U"}, diagHas: []string{"union left as is"}},
		{name: "draft-07-anchor", in: withTB(`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"U":{"$id":"#u",#ONEOF}},"properties":{"q":{"not":{"$ref":"#u"}}}}`),
			valid: []string{`{"q":{"t":"b"}}`}, unchanged: true, diags: []string{"/definitions/U"}, diagHas: []string{"union left as is"}},
		{name: "draft-07-id-beside-ref", in: withTB(`{"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://e.com/a/root.json","definitions":{"U":@,"Z":{"$id":"sub/root.json","definitions":{"U":{"type":"string"}}}},"properties":{"q":{"not":{"$id":"sub/x.json","$ref":"root.json#/definitions/U"}}}}`),
			valid: []string{`{"q":{"t":"b"}}`}, unchanged: true, diags: []string{"/definitions/U"}, diagHas: []string{"union left as is"}},
		// In a positive position the same references change nothing.
		{name: "anchor-positive", in: withTB(`{"$defs":{"U":{"$anchor":"u",#ONEOF}},"properties":{"q":{"$ref":"#u"}}}`),
			want:  map[string]string{"/$defs/U/properties/t": `{"type":"string","enum":["a","b"]}`},
			valid: []string{`{"q":{"t":"b","y":1}}`}},
	}
	for _, o := range allOptions() {
		for _, c := range cases {
			c.opts = o
			if o.InlineRefs || o.NullableTypes {
				c.unchanged, c.want = false, nil // the options rewrite other parts
			}
			t.Run(c.name+"/"+optionsName(o), func(t *testing.T) { checkFlatCase(t, c) })
		}
	}
}

// Draft 7 and older ignore what stands beside a $ref: a document of those
// drafts loses it, with a diagnostic, before anything reads it, so that
// a member written as $ref and siblings is its target, and a property's
// kinds are its target's (found by an outside try: the siblings were
// flattened as if they applied, and the flat document rejected what the
// input accepts).
func TestRuleOlderDraftRefSiblings(t *testing.T) {
	const draft7 = `"$schema":"http://json-schema.org/draft-07/schema#",`
	b := `{"type":"object","properties":{"t":{"const":"b"},"y":{"type":"integer"}},"required":["t","y"]}`
	cases := []flatCase{
		{name: "member", in: `{` + draft7 + `"definitions":{"A":{"type":"object","properties":{"t":{"const":"z"}},"required":["t"]}},
				"oneOf":[{"$ref":"#/definitions/A","properties":{"t":{"const":"a"}},"required":["t"]},` + b + `]}`,
			want:  map[string]string{"/properties/t": `{"type":"string","enum":["z","b"]}`},
			diags: []string{"/oneOf/0"}, diagHas: []string{"dropped properties, required beside $ref"},
			valid: []string{`{"t":"z"}`, `{"t":"b","y":1}`}},
		{name: "property-kinds", in: `{` + draft7 + `"definitions":{"I":{"type":"integer"}},"oneOf":[
				{"type":"object","properties":{"t":{"const":"a"},"v":{"$ref":"#/definitions/I","type":"string","description":"kept"}},"required":["t"]},
				{"type":"object","properties":{"t":{"const":"b"},"v":{"type":"boolean"}},"required":["t"]}]}`,
			diags: []string{"/oneOf/0/properties/v"}, diagHas: []string{"dropped type beside $ref"},
			valid: []string{`{"t":"a","v":5}`, `{"t":"b","v":true}`}},
		// What a $ref points into stays, and so do the definitions beside
		// a root $ref.
		{name: "pointed-into", in: `{` + draft7 + `"$ref":"#/definitions/A","properties":{"p":{"type":"string"}},"minProperties":1,
				"definitions":{"A":{"type":"object","properties":{"q":{"$ref":"#/properties/p"}}}}}`,
			want:   map[string]string{"/properties/p": `{"type":"string"}`},
			absent: []string{"/minProperties"},
			diags:  []string{""}, diagHas: []string{"dropped minProperties beside $ref"},
			valid: []string{`{"q":"s"}`, `{}`}},
		// A later draft applies them: nothing is dropped.
		{name: "2020-12", in: `{"properties":{"v":{"$ref":"#/$defs/I","minimum":3}},"$defs":{"I":{"type":"integer"}}}`, unchanged: true},
	}
	for _, o := range allOptions() {
		for _, c := range cases {
			c.opts = o
			if o.InlineRefs || o.NullableTypes {
				c.unchanged, c.want, c.absent = false, nil, nil
			}
			t.Run(c.name+"/"+optionsName(o), func(t *testing.T) { checkFlatCase(t, c) })
		}
	}
}

// Rule 3's one reading exempts an open member, not one that takes a key
// by a pattern: a member's patternProperties say what it takes for a key
// another member declares, as plainly as a property would, so the flat
// property joins them (found by an outside try: a closed member whose
// pattern took an integer for a key its sibling declared a string).
func TestRulePatternPropertiesJoin(t *testing.T) {
	in := `{"oneOf":[
		{"type":"object","properties":{"t":{"const":"a"}},"required":["t"],"patternProperties":{"^x":{"type":"integer"}},"additionalProperties":false},
		{"type":"object","properties":{"t":{"const":"b"},"xq":{"type":"string"}},"required":["t"],"additionalProperties":false}]}`
	for _, o := range allOptions() {
		t.Run(optionsName(o), func(t *testing.T) {
			checkFlatCase(t, flatCase{in: in, opts: o,
				want:  map[string]string{"/properties/xq": `{"type":["string","integer"],"description":"Available if t = a | b"}`},
				valid: []string{`{"t":"a","xq":1}`, `{"t":"b","xq":"s"}`, `{"t":"a","x":2}`}})
		})
	}
}

// A key declared beside a union, in the properties of the schema that
// holds it, is declared for every member: the flat property joins what
// beside takes, in the default reading too (SchemaStore's aiproj-1.0.json
// declares Cookie beside the union as object or null, and one member as
// an object; {"Type": "None", "Cookie": null} was rejected; found by an
// outside try).
func TestRuleKeysBesideUnion(t *testing.T) {
	in := `{"type":"object",
		"properties":{"Type":{"type":"string"},"Cookie":{"type":["object","null"]}},
		"oneOf":[
		{"properties":{"Type":{"const":"None"}},"required":["Type"]},
		{"properties":{"Type":{"const":"RawCookie"},"Cookie":{"type":"object"}},"required":["Type","Cookie"]}]}`
	for _, o := range allOptions() {
		t.Run(optionsName(o), func(t *testing.T) {
			c := flatCase{in: in, opts: o,
				valid: []string{`{"Type":"None","Cookie":null}`, `{"Type":"None"}`, `{"Type":"RawCookie","Cookie":{}}`}}
			if !o.InlineRefs && !o.NullableTypes {
				c.want = map[string]string{"/properties/Cookie": `{"type":["object","null"],"description":"Required if Type = RawCookie"}`}
			}
			checkFlatCase(t, c)
		})
	}
}
