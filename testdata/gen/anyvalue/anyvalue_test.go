package anyvalue

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// Under a profile that advertises a free-form value as a string holding
// its JSON text, the decoder reads that string as the value, records it
// as asked, and writes the value in the canonical arguments.
func TestJSONTextRead(t *testing.T) {
	in := `{"settings": "{\"depth\": 2, \"tags\": [\"a\"]}", "value": "[1, true, null]", "steps": ["3", "\"go\"", "{}"]}`
	got, rep, err := DecodeConfigureRepaired([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := Configure{
		Settings: map[string]any{"depth": 2.0, "tags": []any{"a"}},
		Value:    []any{1.0, true, nil},
		Steps:    []any{3.0, "go", map[string]any{}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeConfigure = %#v, want %#v", got, want)
	}
	if len(rep.List) != 5 {
		t.Errorf("repairs %v, want 5", rep.List)
	}
	for _, r := range rep.List {
		if r.Kind != unionflat.RepairStringAsJSON || !r.Asked {
			t.Errorf("repair %v: want an asked stringAsJSON", r)
		}
	}
	var canon Configure
	if err := json.Unmarshal(rep.Canonical, &canon); err != nil || !reflect.DeepEqual(canon, want) {
		t.Errorf("canonical %s reads %#v, %v", rep.Canonical, canon, err)
	}
	if strings.Contains(string(rep.Canonical), `\"`) {
		t.Errorf("canonical %s still holds strings of JSON", rep.Canonical)
	}
}

// The values themselves, as a client of the flat schema sends them, are
// read as they are; so is a string that holds no JSON text.
func TestJSONTextPlain(t *testing.T) {
	in := `{"settings": {"depth": 2}, "value": "hello", "steps": [3, "go on"]}`
	got, rep, err := DecodeConfigureRepaired([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := Configure{Settings: map[string]any{"depth": 2.0}, Value: "hello", Steps: []any{3.0, "go on"}}
	if !reflect.DeepEqual(got, want) || len(rep.List) != 0 {
		t.Errorf("DecodeConfigure = %#v, %v; want %#v and no repair", got, rep.List, want)
	}
}

// With repairs off, the profile's reading stays: it is asked for.
func TestJSONTextRepairOff(t *testing.T) {
	in := `{"value": "{\"a\": 1}", "raw": "[1,2]", "settings": "{\"b\": \"c\"}"}`
	got, err := DecodeStrict([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := Strict{Value: map[string]any{"a": 1.0}, Raw: json.RawMessage(`[1,2]`), Settings: map[string]any{"b": "c"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeStrict = %#v, want %#v", got, want)
	}
}

// A tool whose profiles all say any value reads a string as a string,
// whatever it holds.
func TestNoJSONTextWithoutProfile(t *testing.T) {
	got, err := DecodeSetMetadata([]byte(`{"key": "k", "value": "42", "args": ["[1]"], "labels": {"x": "{}"}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := SetMetadata{Key: "k", Value: "42", Args: []any{"[1]"}, Labels: map[string]any{"x": "{}"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeSetMetadata = %#v, want %#v", got, want)
	}
}

// The profile documents say a free-form value as a string.
func TestProfileDocuments(t *testing.T) {
	for name, doc := range map[string]string{"openai-strict": ConfigureOpenAIStrictSchema, "gemini": ConfigureGeminiSchema, "strict": StrictOpenAIStrictSchema} {
		if !strings.Contains(doc, "JSON text in a string") {
			t.Errorf("%s document says no JSON text:\n%s", name, doc)
		}
	}
}

// A required free-form value takes null as its value, under
// openai-strict too (where null stands for an absent optional property),
// sent as null or as the string "null".
func TestNullIsAValue(t *testing.T) {
	for _, in := range []string{`{"settings": {}, "value": null}`, `{"settings": "{}", "value": "null"}`} {
		got, err := DecodeConfigure([]byte(in))
		if err != nil || got.Value != nil || got.Settings == nil {
			t.Errorf("DecodeConfigure(%s) = %#v, %v; want a nil value", in, got, err)
		}
	}
}
