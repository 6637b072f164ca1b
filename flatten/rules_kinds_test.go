package flatten_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/flatten"
)

// Rule 7: members of pairwise distinct JSON kinds merge exactly into a
// type array with each member's keywords.
func TestRuleKindUnions(t *testing.T) {
	label := `{"oneOf":[
		{"type":"string","minLength":1,"description":"A label name."},
		{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}]}`
	cases := []struct {
		name string
		in   string
		want string // the whole output; "" when the union stays
		diag string // the diagnostic's message holds it, when the union stays
		// instances, judged alike by the input and the output (exact merge)
		instances []string
	}{
		{name: "string or object", in: label,
			want:      `{"type":["string","object"],"minLength":1,"properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false,"description":"As a string: A label name."}`,
			instances: []string{`"x"`, `""`, `{"name":"a"}`, `{}`, `{"name":"a","b":1}`, `1`, `null`, `[]`, `true`}},
		{name: "scalars", in: `{"anyOf":[{"type":"string"},{"type":"number","minimum":0},{"type":"boolean"}]}`,
			want:      `{"type":["string","number","boolean"],"minimum":0}`,
			instances: []string{`"x"`, `1.5`, `-1`, `true`, `null`, `{}`}},
		{name: "integer and array or null", in: `{"oneOf":[{"type":"integer","maximum":9},{"type":["array","null"],"items":{"type":"string"},"maxItems":2}],"title":"t"}`,
			want:      `{"type":["integer","array","null"],"maximum":9,"items":{"type":"string"},"maxItems":2,"title":"t"}`,
			instances: []string{`3`, `3.5`, `10`, `null`, `["a"]`, `["a","b","c"]`, `[1]`, `"s"`}},
		{name: "integer and number share a kind", in: `{"oneOf":[{"type":"integer"},{"type":"number"}]}`,
			diag: "both of kind number"},
		{name: "an enum judges every kind", in: `{"oneOf":[{"type":"string","enum":["a"]},{"type":"integer"}]}`,
			diag: "judges every kind"},
		{name: "a keyword of another kind", in: `{"oneOf":[{"type":"string","minimum":1},{"type":"integer"}]}`,
			diag: "a kind it does not take"},
		{name: "a keyword beside", in: `{"minLength":2,"oneOf":[{"type":"string","minLength":1},{"type":"integer"}]}`,
			diag: "beside the union"},
		{name: "keywords that assert nothing", in: `{"anyOf":[{"type":"string","x-taplo":{"a":1},"$comment":"c"},{"type":"boolean","x-taplo":{"b":2},"nullable":true}]}`,
			want:      `{"type":["string","boolean"],"x-taplo":{"a":1},"nullable":true}`,
			instances: []string{`"s"`, `true`, `null`, `1`}},
		{name: "format twice", in: `{"oneOf":[{"type":"string","format":"email"},{"type":"integer","format":"int64"}]}`,
			diag: "a kind it does not take"},
	}
	for _, c := range cases {
		for _, o := range allOptions() {
			t.Run(c.name+"/"+optionsName(o), func(t *testing.T) {
				res, err := flatten.JSON([]byte(c.in), o)
				if err != nil {
					t.Fatal(err)
				}
				out := decode(t, res.Schema)
				if c.want == "" {
					if !jsonEqual(decode(t, []byte(c.in)), out) || len(res.Diagnostics) != 1 ||
						!strings.Contains(res.Diagnostics[0].Message, c.diag) {
						t.Errorf("want the union left with a diagnostic saying %q, got %s %v", c.diag, res.Schema, res.Diagnostics)
					}
					return
				}
				if !o.NullableTypes && !jsonEqual(out, decode(t, []byte(c.want))) {
					t.Errorf("got  %s\nwant %s", res.Schema, c.want)
				}
				orig, flat := compile(t, decode(t, []byte(c.in))), compile(t, out)
				for _, raw := range c.instances {
					inst := decode(t, []byte(raw))
					if a, b := orig.Validate(inst) == nil, flat.Validate(inst) == nil; a != b {
						t.Errorf("%s: the input accepts it: %v, the output: %v", raw, a, b)
					}
				}
				again, err := flatten.JSON(res.Schema, o)
				if err != nil || string(again.Schema) != string(res.Schema) {
					t.Errorf("not idempotent: %s", again.Schema)
				}
			})
		}
	}
}

// Rule 7: object members with no discriminator (no property even looks
// like one) join as rule 4 says, every key optional unless every member
// requires it, with hints naming the keys that select each member.
func TestRuleUntaggedUnions(t *testing.T) {
	item := `{"oneOf":[
		{"type":"object","properties":{"item_id":{"type":"integer"}},"required":["item_id"],"additionalProperties":false},
		{"type":"object","properties":{"item_owner":{"type":"string"},"item_repo":{"type":"string"},"issue_number":{"type":"integer"}},"required":["item_owner","item_repo","issue_number"],"additionalProperties":false}],
		"description":"The item."}`
	cases := []flatCase{{
		name: "key-chosen", in: item,
		want: map[string]string{
			"": `{"type":"object","properties":{
				"item_id":{"type":"integer","description":"Required in form 1"},
				"item_owner":{"type":"string","description":"Required in form 2"},
				"item_repo":{"type":"string","description":"Required in form 2"},
				"issue_number":{"type":"integer","description":"Required in form 2"}},
				"additionalProperties":false,
				"description":"The item. Send one of these forms: form 1 (item_id); form 2 (item_owner, item_repo, issue_number)."}`,
		},
		valid: []string{`{"item_id":3}`, `{"item_owner":"o","item_repo":"r","issue_number":1}`},
	}, {
		// An integer enum that one member requires is no discriminator,
		// nor like one: only a key every member requires could be.
		name: "key-chosen-int-enum-in-one-member",
		in: `{"oneOf":[
			{"type":"object","properties":{"ka":{"type":"string"},"n":{"type":"integer","enum":[1,2]}},"required":["ka","n"],"additionalProperties":false},
			{"type":"object","properties":{"kb":{"type":"string"}},"required":["kb"],"additionalProperties":false}]}`,
		want: map[string]string{
			"/properties/n": `{"type":"integer","enum":[1,2],"description":"Required in form 1"}`,
		},
		valid: []string{`{"ka":"a","n":1}`, `{"kb":"b"}`},
	}, {
		name: "shared-key-open-members",
		in: `{"anyOf":[{"type":"object","properties":{"q":{"type":"string"},"page":{"type":"integer"}},"required":["q"]},
			{"properties":{"id":{"type":"string"},"page":{"type":"number","description":"Which page."}}}]}`,
		want: map[string]string{
			"/properties/page": `{"type":"number","description":"Which page. Available in form 1 | form 2"}`,
			"/properties/id":   `{"type":"string","description":"Available in form 2"}`,
		},
		absent: []string{"/required", "/additionalProperties"},
		valid:  []string{`{"q":"x"}`, `{"id":"a","page":1.5}`, `{"q":"x","page":2}`, `{}`, `{"other":1}`},
	}, {
		// An open member takes another's key with any value: rule 3's
		// one reading advertises what the members declare (SchemaStore's
		// global.json; found by an outside try), and -strict takes it.
		name:  "open-member-takes-any-value",
		in:    `{"anyOf":[{"properties":{"version":{"type":"string"}},"required":["version"]},{"properties":{"rollForward":{"enum":["latestMajor"]}}}]}`,
		want:  map[string]string{"/properties/rollForward": `{"enum":["latestMajor"],"description":"Available in form 2"}`},
		valid: []string{`{"rollForward":"latestMajor"}`},
	}, {
		name: "beside-a-nullable-member", in: `{"anyOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"type":"object","properties":{"b":{"type":"boolean"}},"required":["b"]},{"type":"null"}]}`,
		want:  map[string]string{"/type": `["object","null"]`},
		valid: []string{`null`, `{"a":"x"}`, `{"b":true}`},
	}}
	for _, c := range cases {
		for _, o := range allOptions() {
			c := c
			c.opts = o
			if o.InlineRefs || o.NullableTypes || o.Strict {
				c.want = nil
			}
			if o.Strict && c.name == "open-member-takes-any-value" {
				// The literal superset: the open form 1 takes any value.
				c.valid = append(c.valid, `{"rollForward":"patch","version":"1.0.0"}`)
			}
			t.Run(c.name+"/"+optionsName(o), func(t *testing.T) { checkFlatCase(t, c) })
		}
	}
}

// A kind union whose member leads back to it through $refs stays, and so
// does one that would copy it: flattening again would unroll it one more
// level each time (SchemaStore's resjson.json; found by an outside try).
func TestRuleKindUnionsRecursive(t *testing.T) {
	in := `{"type":"object","additionalProperties":{"anyOf":[{"type":"string"},{"$ref":"#/definitions/r"}]},` +
		`"definitions":{"r":{"type":"object","additionalProperties":{"anyOf":[{"type":"string"},{"$ref":"#/definitions/r"}]}}}}`
	for _, o := range allOptions() {
		t.Run(optionsName(o), func(t *testing.T) {
			checkFlatCase(t, flatCase{in: in, opts: o, unchanged: !o.InlineRefs,
				diags:   []string{"/definitions/r/additionalProperties", "/additionalProperties"},
				diagHas: []string{"refers back to it", "which a copy would unroll"},
				valid:   []string{`{"a":"s","b":{"c":"t","d":{}}}`}})
		})
	}
}

// TestFormsSentenceSurvivesADescribedRef: a property that refers to an
// untagged union with a description of its own keeps the union's forms
// sentence after it, which its keys' "Required in form 2" hints name
// (found by the port of GitHub's projects_write).
func TestFormsSentenceSurvivesADescribedRef(t *testing.T) {
	in := `{"type":"object","properties":{"item":{"$ref":"#/$defs/Ref","description":"The item to get."}},
		"$defs":{"Ref":{"oneOf":[
			{"type":"object","properties":{"id":{"type":"integer"}},"required":["id"],"additionalProperties":false},
			{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}]}}}`
	res, err := flatten.JSON([]byte(in), flatten.Options{InlineRefs: true})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Properties map[string]struct {
			Description string `json:"description"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(res.Schema, &doc); err != nil {
		t.Fatal(err)
	}
	want := "The item to get. Send one of these forms: form 1 (id); form 2 (name)."
	if got := doc.Properties["item"].Description; got != want {
		t.Errorf("item's description %q, want %q\n%s", got, want, res.Schema)
	}
}

// TestMixedKindsAndObjects: a union of several objects and members of
// other kinds joins its objects first (an untagged union of them), then
// merges the kinds exactly: a string, an array of strings, or an object
// by id or by name (found by an outside trial: it was left a oneOf).
func TestMixedKindsAndObjects(t *testing.T) {
	in := `{"oneOf":[{"type":"string","minLength":1},{"type":"array","items":{"type":"string"}},
		{"type":"object","properties":{"id":{"type":"integer"}},"required":["id"],"additionalProperties":false},
		{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}]}`
	res, err := flatten.JSON([]byte(in), flatten.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":["string","array","object"],"minLength":1,"items":{"type":"string"},"properties":{"id":{"type":"integer","description":"Required in form 1"},"name":{"type":"string","description":"Required in form 2"}},"additionalProperties":false,"description":"As an object: Send one of these forms: form 1 (id); form 2 (name)."}`
	if string(res.Schema) != want || len(res.Diagnostics) > 0 {
		t.Errorf("flattened to\n%s\n%v\nwant\n%s", res.Schema, res.Diagnostics, want)
	}
}
