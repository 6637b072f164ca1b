package profile_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/flatten/profile"
	"github.com/unionflat/unionflat/internal/schematest"
)

// ollamaKept are the keywords Ollama's api.Tool keeps at the root
// (ToolFunctionParameters, whose $defs the profile does not use: it has
// no $ref) and at a property (ToolProperty, at any depth below properties
// or anyOf). Below items it keeps everything. examples/ollama holds these
// lists to the client itself.
var ollamaKept = map[string][]string{
	"root":     {"type", "properties", "required", "items"},
	"property": {"type", "description", "enum", "properties", "items", "anyOf"},
}

// ollamaPlaces checks that every schema of an ollama document holds only
// what api.Tool keeps where it stands, and that the root's type is a
// string: it walks the root, then properties and anyOf, and stops at
// items.
func ollamaPlaces(t *testing.T, name string, doc []byte) {
	t.Helper()
	var walk func(s any, ptr, place string)
	walk = func(s any, ptr, place string) {
		m, ok := s.(map[string]any)
		if !ok {
			t.Errorf("%s: %s is %v, which api.Tool cannot read:\n%s", name, ptr, s, doc)
			return
		}
		for key := range m {
			if !slices.Contains(ollamaKept[place], key) {
				t.Errorf("%s: %s holds %s, which api.Tool drops at a %s:\n%s", name, ptr, key, place, doc)
			}
		}
		if props, ok := m["properties"].(map[string]any); ok {
			for key, p := range props {
				walk(p, ptr+"/properties/"+key, "property")
			}
		}
		if branches, ok := m["anyOf"].([]any); ok {
			for i, b := range branches {
				walk(b, fmt.Sprintf("%s/anyOf/%d", ptr, i), "property")
			}
		}
	}
	root := decode(t, doc)
	if m, ok := root.(map[string]any); ok {
		if _, ok := m["type"].(string); !ok && m["type"] != nil {
			t.Errorf("%s: the root's type %v is not a string:\n%s", name, m["type"], doc)
		}
	}
	walk(root, "", "root")
}

// TestOllamaKeepsWhatAPIToolKeeps: the ollama projection of the
// acceptance vectors and of random schemas holds, at the root and at every
// property, only the keywords api.Tool keeps there (an independent walk,
// not the profile's own lint).
func TestOllamaKeepsWhatAPIToolKeeps(t *testing.T) {
	check := func(name string, input []byte) {
		flat, err := flatten.JSON(input, flatten.Options{InlineRefs: true, NullableTypes: true})
		if err != nil {
			t.Fatal(err)
		}
		res, _, err := profile.ForProfile(flat.Schema, profile.Ollama, flatten.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ollamaPlaces(t, name, res.Schema)
	}
	for _, v := range loadVectors(t) {
		check(v.Name, v.Input)
	}
	for seed := range uint64(300) {
		check(fmt.Sprintf("random %d", seed), schematest.RandomSchema(seed))
	}
}

// TestOllamaProjection: what the ollama profile makes of each keyword
// api.Tool drops: words in the description, an object property's
// required list among them, nothing at the root but a finding; type
// arrays kept at a property and made a string at the root; everything
// kept below items; integers as decimal strings at a property, which
// says no bounds, and below items only past 2^53; and projecting again
// changes nothing.
func TestOllamaProjection(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		o        profile.Options
		finding  string
	}{
		{in: `{"type":"object","properties":{"note":{"type":"string","title":"Note","description":"A note.","maxLength":5,"pattern":"^a","format":"email"}}}`,
			want: `{"type":"object","properties":{"note":{"type":"string","description":"A note. At most 5 character(s). Matches the pattern ^a. Format: email."}}}`},
		{in: `{"type":"object","properties":{"trigger":{"type":"object","properties":{"type":{"type":"string","enum":["at","in"]},"n":{"type":"number","exclusiveMinimum":0}},"required":["type"],"additionalProperties":false}},"required":["trigger"],"additionalProperties":false}`,
			want: `{"type":"object","properties":{"trigger":{"type":"object","properties":{"type":{"type":"string","enum":["at","in"]},"n":{"type":"number","description":"Greater than 0."}},"description":"Required: type."}},"required":["trigger"]}`},
		{in: `{"type":"object","properties":{"v":{"type":["string","null"],"default":"x"},"k":{"type":"string","const":"a"},"u":{"oneOf":[{"type":"string","minLength":1},{"type":"boolean"}]}}}`,
			want: `{"type":"object","properties":{"v":{"type":["string","null"],"description":"Default: x."},"k":{"type":"string","enum":["a"]},"u":{"anyOf":[{"type":"string","description":"At least 1 character(s)."},{"type":"boolean"}]}}}`},
		{in: `{"type":"object","description":"Root words.","minProperties":1,"properties":{"a":{"type":"string"}}}`,
			want:    `{"type":"object","properties":{"a":{"type":"string"}}}`,
			finding: `(root): the description "Root words. At least 1 properties." cannot be said here under ollama: the tool's description can say it [dropped]`},
		{in: `{"type":["object","null"],"properties":{"a":{"type":"string"}}}`,
			want:    `{"type":"object","properties":{"a":{"type":"string"}}}`,
			finding: `(root): the description "Leave it out for null." cannot be said here under ollama: the tool's description can say it [dropped]`},
		{in: `{"type":"object","properties":{"l":{"type":"array","minItems":1,"items":{"type":"object","title":"P","properties":{"x":{"type":"number","minimum":0,"format":"double"}},"required":["x"],"additionalProperties":false}}}}`,
			want: `{"type":"object","properties":{"l":{"type":"array","items":{"type":"object","title":"P","properties":{"x":{"type":"number","minimum":0,"format":"double"}},"required":["x"],"additionalProperties":false},"description":"At least 1 item(s)."}}}`},
		{in: `{"type":"object","properties":{"n":{"type":"integer","minimum":1,"maximum":3},"e":{"type":"integer","enum":[1,2]},"l":{"type":"array","items":{"type":"integer","minimum":0,"maximum":10}},"b":{"type":"array","items":{"type":"integer","minimum":0}}}}`,
			// Integers whose stated range fits a float64 stay numbers, the
			// property's bounds in words (the proto3 JSON convention).
			want: `{"type":"object","properties":{"n":{"type":"integer","description":"At least 1. At most 3."},"e":{"type":"integer","enum":[1,2]},"l":{"type":"array","items":{"type":"integer","minimum":0,"maximum":10}},"b":{"type":"array","items":{"type":"integer","minimum":0}}}}`},
		{in: `{"type":"object","properties":{"b":{"type":"array","items":{"type":"integer","minimum":0}}}}`, o: profile.Options{BigInts: profile.BigIntsString},
			want: `{"type":"object","properties":{"b":{"type":"array","items":{"type":"string","pattern":"^(0|[1-9][0-9]*)$","description":"An integer written in decimal digits as a string, at least 0."}}}}`},
	} {
		res, findings, err := profile.ForProfileWith([]byte(tc.in), profile.Ollama, tc.o, flatten.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if string(res.Schema) != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, res.Schema, tc.want)
		}
		var got []string
		for _, f := range findings {
			got = append(got, f.String())
		}
		var want []string
		if tc.finding != "" {
			want = []string{tc.finding}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: findings %q, want %q", tc.in, got, want)
		}
		twice, _, err := profile.ForProfileWith(res.Schema, profile.Ollama, tc.o, flatten.Options{})
		if err != nil || string(twice.Schema) != string(res.Schema) {
			t.Errorf("%s: projected again: %s (%v)", tc.in, twice.Schema, err)
		}
	}
}

// TestOllamaLint: lint -profile ollama finds what api.Tool refuses (a
// type array at the root, which does not unmarshal) or drops (an object
// property's required list and additionalProperties, a bound, a title, the
// root's description), and nothing below items, where it keeps everything.
func TestOllamaLint(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		want []string
	}{
		{`{"type":["object","null"],"properties":{"a":{"type":["string","null"]}}}`,
			[]string{"(root): the root must be a schema with type \"object\" [root-object]", "/type: type arrays are not accepted by ollama [type-array]"}},
		{`{"type":"object","description":"d","properties":{"o":{"type":"object","title":"O","properties":{"n":{"type":"integer","maximum":3}},"required":["n"],"additionalProperties":false}},"required":["o"]}`,
			[]string{
				"/description: description is not accepted by ollama [keyword]",
				"/properties/o/title: title is not accepted by ollama [keyword]",
				"/properties/o/required: required is not accepted by ollama [keyword]",
				"/properties/o/additionalProperties: additionalProperties is not accepted by ollama [keyword]",
				"/properties/o/properties/n/maximum: maximum is not accepted by ollama [keyword]",
			}},
		{`{"type":"object","properties":{"a":{"anyOf":[{"type":"string","minLength":1},{"type":"null"}]}}}`,
			[]string{"/properties/a/anyOf/0/minLength: minLength is not accepted by ollama [keyword]"}},
		{`{"type":"object","properties":{"l":{"type":"array","items":{"type":"object","title":"t","properties":{"x":{"type":"string","format":"email","minLength":1}},"required":["x"],"additionalProperties":false}}}}`,
			nil},
	} {
		findings, err := profile.Lint([]byte(tc.doc), profile.Ollama)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range findings {
			got = append(got, f.String())
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s:\n got %q\nwant %q", tc.doc, got, tc.want)
		}
	}
}
