package embedded

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/testdata/gen/unions"
)

// TestEmbeddedWritesItsFields: encoding/json writes a struct embedding a
// variant as the object of all its fields (Square's MarshalJSON, which Go
// promotes, would write only the square), the lossless schema accepts
// it, and the decoder and json.Unmarshal read it back to the same value.
func TestEmbeddedWritesItsFields(t *testing.T) {
	lay := Lay{Tile: Tile{Square{Side: 2}, 3}, Shape: Framed{Square{Side: 4}, 1}}
	data, err := json.Marshal(lay)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"tile":{"side":2,"row":3},"Shape":{"type":"framed","side":4,"frame":1}}`
	if string(data) != want {
		t.Errorf("json.Marshal = %s, want %s", data, want)
	}
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("lay.json", mustJSON(t, LaySchema)); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("lay.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Errorf("LaySchema rejects what json.Marshal writes: %v", err)
	}
	got, err := DecodeLay(data)
	if err != nil || !reflect.DeepEqual(got, lay) {
		t.Errorf("DecodeLay = %+v, %v; want %+v", got, err, lay)
	}
	var back Lay
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back, lay) {
		t.Errorf("json.Unmarshal = %+v, %v; want %+v", back, err, lay)
	}
	if err := lay.Validate(); err != nil {
		t.Errorf("Validate = %v", err)
	}
}

// TestOnlyMarkedVariants: Tile and Lay implement Shape through what they
// embed, and are no variants of it; Framed, marked, is one.
func TestOnlyMarkedVariants(t *testing.T) {
	if _, err := DecodeShape([]byte(`{"type":"tile","side":1,"row":1}`)); err == nil {
		t.Error("DecodeShape reads a tile")
	}
	s, err := DecodeShape([]byte(`{"type":"framed","side":1,"frame":2}`))
	if err != nil || s != Shape(Framed{Square{Side: 1}, 2}) {
		t.Errorf("DecodeShape = %#v, %v", s, err)
	}
}

// TestValidateNotVariant: a Tile in a Shape field, which Go allows, is
// no variant: json.Marshal writes no discriminator for it, and Validate
// says so.
func TestValidateNotVariant(t *testing.T) {
	err := Lay{Shape: Tile{Square{Side: 1}, 2}}.Validate()
	if err == nil || !strings.Contains(err.Error(), "/Shape: Shape must be a variant of Shape, not embedded.Tile") {
		t.Errorf("Validate = %v", err)
	}
}

func mustJSON(t *testing.T, text string) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestEmbeddedMethodsHidden: whatever a struct embeds (a variant with no
// field of its own, a struct whose only field is shadowed, one two levels
// down, a variant of another package whose generated methods this
// package's load cannot see), encoding/json writes the struct's own
// fields, and DecodeArrange reads them back.
func TestEmbeddedMethodsHidden(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{Shape(Big{N: 3}), `{"type":"big","n":3}`},
		{Timed{Wait{time.Second}, "x"}, `{"for":"x"}`},
		{Deep{Middle{Wait{time.Second}}, 5}, `{"for":5}`},
		{Quoted{unions.TextBlock{Text: "hi"}, "me"}, `{"text":"hi","by":"me"}`},
	} {
		data, err := json.Marshal(tc.v)
		if err != nil || string(data) != tc.want {
			t.Errorf("json.Marshal(%#v) = %s, %v; want %s", tc.v, data, err, tc.want)
		}
	}
	if s, err := DecodeShape([]byte(`{"type":"big","n":3}`)); err != nil || s != Shape(Big{N: 3}) {
		t.Errorf("DecodeShape = %#v, %v", s, err)
	}
	in := Arrange{Big: Big{N: 1}, Wait: Wait{time.Minute}, Timed: Timed{Wait{time.Second}, "x"},
		Deep: Deep{Middle{Wait{time.Second}}, 5}, Quoted: Quoted{unions.TextBlock{Text: "hi"}, "me"}}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeArrange(data)
	// Shadowed fields are not decoded: the embedded Wait's For is empty.
	want := in
	want.Timed.Wait, want.Deep.Middle = Wait{}, Middle{}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeArrange(%s) = %+v, %v; want %+v", data, got, err, want)
	}
}
