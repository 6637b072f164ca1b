package profile_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/flatten/profile"
)

// freeFormDoc has free-form values where Go's any, []any and
// map[string]any put them, and a typed map beside them.
const freeFormDoc = `{
  "type": "object",
  "properties": {
    "value": {"description": "Any value.", "default": {"a": 1}},
    "bare": true,
    "args": {"type": "array", "items": {}},
    "labels": {"type": "object", "additionalProperties": true, "description": "Labels."},
    "names": {"type": "object", "additionalProperties": {"type": "string"}}
  },
  "required": ["value", "bare", "args", "labels", "names"],
  "additionalProperties": false
}`

// With Options.JSONText, a profile that cannot say a free-form value
// writes it as a string holding its JSON text, and finds nothing wrong
// with it; the profiles that say any value keep it; without the option
// nothing changes.
func TestJSONText(t *testing.T) {
	for _, p := range profile.Profiles() {
		t.Run(string(p), func(t *testing.T) {
			on := profile.Options{JSONText: true}
			res, findings, err := profile.ForProfileWith([]byte(freeFormDoc), p, on, flatten.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Properties map[string]map[string]any `json:"properties"`
			}
			if err := json.Unmarshal(res.Schema, &doc); err != nil {
				t.Fatal(err)
			}
			isText := func(name string) bool {
				s := doc.Properties[name]
				desc, _ := s["description"].(string)
				typ := s["type"]
				if a, ok := typ.([]any); ok && len(a) == 2 && a[1] == "null" {
					typ = a[0] // openai-strict's optional property
				}
				return typ == "string" && strings.Contains(desc, "JSON text in a string")
			}
			writes := on.WritesJSONText(p)
			for _, name := range []string{"value", "bare"} {
				if isText(name) != writes {
					t.Errorf("%s as JSON text: %v, want %v:\n%s", name, isText(name), writes, res.Schema)
				}
			}
			if items := doc.Properties["args"]["items"].(map[string]any); (items["type"] == "string") != writes {
				t.Errorf("args' items: %v, want JSON text %v", items, writes)
			}
			closed := p == profile.OpenAIStrict || p == profile.AnthropicStrict || p == profile.Gemini || p == profile.Portable
			if isText("labels") != closed {
				t.Errorf("labels as JSON text: %v, want %v:\n%s", isText("labels"), closed, res.Schema)
			}
			if writes {
				if got, ok := doc.Properties["value"]["default"]; ok && got != `{"a":1}` { // where the profile keeps a default
					t.Errorf("value's default %#v, want its JSON text", got)
				}
				if !strings.HasPrefix(doc.Properties["value"]["description"].(string), "Any value. ") {
					t.Errorf("value's description %q lost its words", doc.Properties["value"]["description"])
				}
			}
			for _, f := range findings {
				if f.Rule == "untyped" || f.Rule == "additionalProperties" && strings.HasPrefix(f.Pointer, "/properties/labels") {
					t.Errorf("finding on a free-form value: %v", f)
				}
			}
			// Without the option, the document is as before.
			plain, _, err := profile.ForProfileWith([]byte(freeFormDoc), p, profile.Options{}, flatten.Options{})
			if err != nil {
				t.Fatal(err)
			}
			old, _, err := profile.ForProfile([]byte(freeFormDoc), p, flatten.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if string(plain.Schema) != string(old.Schema) || strings.Contains(string(old.Schema), "JSON text in a string") {
				t.Errorf("without JSONText the document changed:\n%s", plain.Schema)
			}
			// A second projection changes nothing.
			again, _, err := profile.ForProfileWith(res.Schema, p, on, flatten.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if string(again.Schema) != string(res.Schema) {
				t.Errorf("projected twice:\n%s\nonce:\n%s", again.Schema, res.Schema)
			}
		})
	}
}
