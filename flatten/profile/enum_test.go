package profile_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/flatten/profile"
	"github.com/unionflat/unionflat/internal/schematest"
)

// TestProfileIntegerEnum: every profile handles an integer enum, plain and
// nullable, as generated for a named integer type with constants. A
// profile that takes string enums only (gemini, portable) says the values
// in the description and drops the enum: the projection is wider than the
// flat schema on every instance tried, never narrower, and it passes the
// profile's lint. The others keep the enum.
func TestProfileIntegerEnum(t *testing.T) {
	flat := []byte(`{"type":"object","properties":{` +
		`"theme":{"type":"integer","enum":[0,1,2],"description":"0: ThemeLight; 1: ThemeDark; 2: ThemeAuto."},` +
		`"maybe":{"type":["integer","null"],"enum":[0,1,2,null]}},"required":["theme"],"additionalProperties":false}`)
	orig, err := schematest.Compile(flat)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range profile.Profiles() {
		res, findings, err := profile.ForProfile(flat, p, flatten.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(findings) > 0 {
			t.Errorf("%s: lint findings %v in\n%s", p, findings, res.Schema)
		}
		var doc struct {
			Properties map[string]map[string]any `json:"properties"`
		}
		if err := json.Unmarshal(res.Schema, &doc); err != nil {
			t.Fatal(err)
		}
		stringEnums := p == profile.Gemini || p == profile.Portable
		for _, name := range []string{"theme", "maybe"} {
			prop := doc.Properties[name]
			_, hasEnum := prop["enum"]
			desc, _ := prop["description"].(string)
			switch {
			case stringEnums && (hasEnum || !strings.Contains(desc, "One of 0, 1, 2")):
				t.Errorf("%s %s: %v, want the enum said in the description", p, name, prop)
			case !stringEnums && !hasEnum:
				t.Errorf("%s %s: %v, want the enum kept", p, name, prop)
			}
		}
		projected, err := schematest.Compile(res.Schema)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		// Null and absence are each profile's own business (openai-strict
		// wants every key, gemini says null with nullable: true, which
		// JSON Schema does not know, portable leaves the key out): the
		// instances keep to what the profile can say, to judge the enum.
		maybes := []string{"", "1", "7"}
		if p == profile.OpenAIStrict {
			maybes = []string{"1", "null", "7"}
		}
		if p == profile.Gemini && doc.Properties["maybe"]["nullable"] != true {
			t.Errorf("gemini maybe: %v, want nullable: true", doc.Properties["maybe"])
		}
		for _, theme := range []string{"0", "2", "3", "-1", "null", `"1"`} {
			for _, maybe := range maybes {
				inst := `{"theme":` + theme
				if maybe != "" {
					inst += `,"maybe":` + maybe
				}
				v, _ := schematest.Parse([]byte(inst + "}"))
				if orig.Validate(v) == nil && projected.Validate(v) != nil {
					t.Errorf("%s: %s} passes the flat schema but not the projection", p, inst)
				}
			}
		}
	}
}

// TestPortableSaysEnums: portable keeps a string enum and says it in the
// description too, so a client that passes on only type, description,
// properties, items and required (langchaingo's googleai) still shows
// the model every value; the other profiles add no words.
func TestPortableSaysEnums(t *testing.T) {
	flat := []byte(`{"type":"object","properties":{"unit":{"type":"string","enum":["mm","cm"],"description":"The unit."}}}`)
	for _, p := range profile.Profiles() {
		res, _, err := profile.ForProfile(flat, p, flatten.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Properties map[string]struct {
				Enum        []string `json:"enum"`
				Description string   `json:"description"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(res.Schema, &doc); err != nil {
			t.Fatal(err)
		}
		unit := doc.Properties["unit"]
		words := strings.Contains(unit.Description, `One of "mm", "cm".`)
		if len(unit.Enum) < 2 || unit.Enum[0] != "mm" || words != (p == profile.Portable) { // openai-strict adds null
			t.Errorf("%s: unit %+v, want the enum kept, and said in words only under portable", p, unit)
		}
	}
}
