package runtime_test

import (
	"errors"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
	"github.com/unionflat/unionflat/runtime/impl"
)

// validatePoint is written as the generator writes validators: y above
// 100 is a problem at /y.
func validatePoint(d *impl.Decoder, x *point) {
	if x.Y > 100 {
		d.EnterName("y")
		d.IntOutOfBound(unionflat.KindMaximum, "100", x.Y)
		d.Leave()
	}
}

// TestEncode: a value that passes is marshalled by encoding/json; one
// that does not gets the problems, each at its pointer, and no bytes.
func TestEncode(t *testing.T) {
	data, err := impl.Encode(point{X: 1, Y: 2}, validatePoint)
	if err != nil || string(data) != `{"X":1,"Y":2}` {
		t.Errorf("Encode(valid) = %s, %v", data, err)
	}
	data, err = impl.Encode(point{Y: 101}, validatePoint)
	var errs *unionflat.Errors
	if data != nil || !errors.As(err, &errs) || len(errs.List) != 1 || errs.List[0].Path.String() != "/y" {
		t.Errorf("Encode(invalid) = %s, %v: want no bytes and the problem at /y", data, err)
	}
}

// TestDecodeLenient: with NullAsAbsent the decoder reports null as
// absent to a generated decoder; without it, it does not; empty input is
// not JSON, unlike a tool's empty arguments.
func TestDecodeLenient(t *testing.T) {
	var sawNull []bool
	decode := func(d *impl.Decoder, v impl.Value, out *point) {
		obj, ok := d.Object(v)
		if !ok {
			return
		}
		for _, val := range d.Members(obj) {
			sawNull = append(sawNull, d.NullAsAbsent(val))
		}
	}
	if _, err := impl.DecodeLenient([]byte(`{"x":null}`), impl.NullAsAbsent, decode); err != nil {
		t.Fatal(err)
	}
	if _, err := impl.DecodeLenient([]byte(`{"x":null}`), 0, decode); err != nil {
		t.Fatal(err)
	}
	if len(sawNull) != 2 || !sawNull[0] || sawNull[1] {
		t.Errorf("NullAsAbsent = %v, want [true false]", sawNull)
	}
	if _, err := impl.DecodeLenient(nil, impl.NullAsAbsent, decode); err == nil {
		t.Errorf("DecodeLenient(empty) = nil error, want a syntax problem")
	}
}

// TestDescriptors: SchemaFor falls back to the flat schema, ProfileSchema
// says when it would; OutputSchema is nil for a tool without output=.
func TestDescriptors(t *testing.T) {
	s := unionflat.Schema{FlatSchema: "flat", Profiles: map[string]string{"openai-strict": "strict"}}
	if s.SchemaFor("openai-strict") != "strict" || s.SchemaFor("gemini") != "flat" {
		t.Errorf("Schema.SchemaFor: %q, %q", s.SchemaFor("openai-strict"), s.SchemaFor("gemini"))
	}
	if doc, ok := s.ProfileSchema("openai-strict"); !ok || doc != "strict" {
		t.Errorf("Schema.ProfileSchema(openai-strict) = %q, %t", doc, ok)
	}
	if doc, ok := s.ProfileSchema("openai_strict"); ok || doc != "" {
		t.Errorf("Schema.ProfileSchema of a profile not generated = %q, %t", doc, ok)
	}
	tool := unionflat.Tool{FlatSchema: "flat", Profiles: map[string]string{"gemini": "g"}}
	if doc, ok := tool.ProfileSchema("gemini"); !ok || doc != "g" || tool.SchemaFor("openai-strict") != "flat" {
		t.Errorf("Tool.ProfileSchema(gemini) = %q, %t; SchemaFor(openai-strict) = %q", doc, ok, tool.SchemaFor("openai-strict"))
	}
	if _, ok := tool.ProfileSchema("openai-strict"); ok {
		t.Errorf("Tool.ProfileSchema reports a profile not generated")
	}
	if (unionflat.Tool{}).OutputSchema() != nil {
		t.Errorf("a tool without output has an output schema")
	}
	if got := (unionflat.Tool{Output: `{"type":"object"}`}).OutputSchema(); string(got) != `{"type":"object"}` {
		t.Errorf("OutputSchema = %s", got)
	}
}
