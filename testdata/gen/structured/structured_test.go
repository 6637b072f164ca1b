package structured

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/internal/schematest"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// wild draws any values of the roots' types; Validate refuses most.
func wild(seed uint64) *schematest.GoValues {
	g := schematest.NewGoValues(seed, map[reflect.Type][]any{
		reflect.TypeFor[Verdict](): {Answer{}, Question{}, Escalate{}},
	})
	g.Strings = []string{"", "a", "billing", "tech", "friendly", "formal", "en"}
	return g
}

// tame draws values near the rules' edges, on both sides.
func tame(seed uint64) *schematest.GoValues {
	g := wild(seed)
	g.NilOneIn = 30
	g.Fields = map[string][]any{
		"Answer.Text":       {"Reset it.", "Try again.", ""},
		"Answer.Tone":       {"", "friendly", "formal", "rude"},
		"Answer.Confidence": {0.0, 0.5, 1.0, 1.5},
		"Escalate.Team":     {"billing", "tech", "sales"},
		"Escalate.Priority": {1, 2, 3, 0},
		"Summary.Title":     {"Refund", "Login trouble", strings.Repeat("x", 81)},
		"Section.Depth":     {0, 1, 6, 7},
	}
	return g
}

// root is one //unionflat:schema root: its lossless schema, EncodeT
// over a drawn value, and DecodeT.
type root struct {
	name   string
	schema string
	encode func(g *schematest.GoValues) (any, []byte, error)
	decode func([]byte) (any, error)
}

var roots = []root{
	{"Verdict", VerdictSchema,
		func(g *schematest.GoValues) (any, []byte, error) {
			var v Verdict
			g.Fill(&v)
			data, err := EncodeVerdict(v)
			return v, data, err
		},
		func(data []byte) (any, error) { return DecodeVerdict(data) }},
	{"Summary", SummarySchema,
		func(g *schematest.GoValues) (any, []byte, error) {
			var v Summary
			g.Fill(&v)
			data, err := EncodeSummary(v)
			return v, data, err
		},
		func(data []byte) (any, error) { return DecodeSummary(data) }},
	{"Outline", OutlineSchema,
		func(g *schematest.GoValues) (any, []byte, error) {
			var v Outline
			g.Fill(&v)
			data, err := EncodeOutline(v)
			return v, data, err
		},
		func(data []byte) (any, error) { return DecodeOutline(data) }},
}

// checkRoot draws a value and encodes it: EncodeT refuses it with an
// *unionflat.Errors and no bytes, or returns bytes that the lossless
// schema accepts and DecodeT reads back into a value that encodes to the
// same bytes. It reports whether the value was encoded.
func checkRoot(t *testing.T, r root, s *jsonschema.Schema, g *schematest.GoValues) bool {
	v, data, err := r.encode(g)
	var errs *unionflat.Errors
	if err != nil && !errors.As(err, &errs) {
		t.Fatalf("Encode%s(%#v): %v, not a *unionflat.Errors", r.name, v, err)
	}
	if !schematest.CheckEncoded(t, r.name, data, err, s) {
		return false
	}
	back, err := r.decode(data)
	if err != nil {
		t.Fatalf("Decode%s refuses what Encode%s wrote:\n%s\n%v", r.name, r.name, data, err)
	}
	if !reflect.DeepEqual(reencode(t, back), data) {
		t.Fatalf("Decode%s then encoding/json does not give back what Encode%s wrote:\n%s\n%s", r.name, r.name, data, reencode(t, back))
	}
	return true
}

// TestEncodeValidatesUnderSchema: over wild and tame random values of
// every root, what EncodeT returns validates under the root's lossless
// schema (formats asserted) and decodes back; both outcomes occur.
func TestEncodeValidatesUnderSchema(t *testing.T) {
	const n = 2000
	for _, r := range roots {
		t.Run(r.name, func(t *testing.T) {
			s := schematest.Validator(t, []byte(r.schema))
			encoded := 0
			for _, g := range []*schematest.GoValues{wild(1), tame(2)} {
				for range n {
					if checkRoot(t, r, s, g) {
						encoded++
					}
				}
			}
			t.Logf("%d of %d encoded", encoded, 2*n)
			if encoded < n/25 || encoded > 2*n-n/25 {
				t.Errorf("%d of %d values encoded: want both outcomes, and a fair share of each", encoded, 2*n)
			}
		})
	}
}

// FuzzEncodeRoots: a fuzzed seed draws a value of every root; EncodeT
// never returns bytes the root's schema rejects.
func FuzzEncodeRoots(f *testing.F) {
	for seed := range uint64(16) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		for _, r := range roots {
			s := schematest.Validator(t, []byte(r.schema))
			checkRoot(t, r, s, wild(seed))
			checkRoot(t, r, s, tame(seed))
		}
	})
}

func reencode(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// strictAnswer is a reply as a model writes it under
// VerdictOpenAIStrictSchema: every key present, null for those the
// answer leaves out.
const strictAnswer = `{"kind":"answer","text":"Reset your password.","sources":null,"confidence":0.9,` +
	`"tone":null,"question":null,"choices":null,"team":null,"priority":null,"within":null,"note":null}`

// TestOpenAIStrictReply: the openai-strict document of a union root is
// one object (no anyOf at the root, which strict mode refuses); a reply
// written under it validates there, and DecodeVerdict reads its nulls as
// absent keys, into the typed variant.
func TestOpenAIStrictReply(t *testing.T) {
	s := schematest.Validator(t, []byte(VerdictOpenAIStrictSchema))
	var root map[string]any
	if err := json.Unmarshal([]byte(VerdictOpenAIStrictSchema), &root); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if _, ok := root[k]; ok {
			t.Errorf("VerdictOpenAIStrictSchema has %s at the root", k)
		}
	}
	if root["type"] != "object" || root["additionalProperties"] != false {
		t.Errorf("VerdictOpenAIStrictSchema root: type %v, additionalProperties %v; want a closed object", root["type"], root["additionalProperties"])
	}
	doc := schematest.MustParse(t, []byte(strictAnswer))
	if err := s.Validate(doc); err != nil {
		t.Fatalf("the strict reply does not validate under its own schema: %v", err)
	}
	v, err := DecodeVerdict([]byte(strictAnswer))
	if err != nil {
		t.Fatalf("DecodeVerdict: %v", err)
	}
	want := Answer{Text: "Reset your password.", Confidence: 0.9}
	if !reflect.DeepEqual(v, want) {
		t.Errorf("DecodeVerdict = %#v, want %#v", v, want)
	}
	if VerdictSpec.SchemaFor("openai-strict") != VerdictOpenAIStrictSchema || VerdictSpec.Name != "verdict" {
		t.Errorf("VerdictSpec does not carry the openai-strict document")
	}
}

// TestInvalidReplyPointers: a reply that breaks the lossless schema gets
// every problem at once, each at its JSON Pointer; a null required key
// reads as absent under openai-strict, and so is reported missing.
func TestInvalidReplyPointers(t *testing.T) {
	reply := `{"kind":"escalate","team":"sales","priority":7,"within":"soon","note":null,"text":"x"}`
	_, err := DecodeVerdict([]byte(reply))
	var errs *unionflat.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("DecodeVerdict = %v, want *unionflat.Errors", err)
	}
	var got []string
	for _, e := range errs.List {
		got = append(got, e.Path.String())
	}
	want := []string{"/team", "/priority", "/within", "/text", "/note"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("pointers = %v, want %v\n%v", got, want, err)
	}
}

// TestStructRootReadsNullAsAbsent: Summary asks for openai-strict, so
// DecodeSummary reads null as an absent optional key, which then takes
// its default.
func TestStructRootReadsNullAsAbsent(t *testing.T) {
	reply := `{"title":"Refund","points":["asked for a refund"],"mood":null,"language":null,` +
		`"at":"2026-01-02T03:04:05Z","next":null,"blob":null,"labels":["billing"],"channel":""}`
	s, err := DecodeSummary([]byte(reply))
	if err != nil {
		t.Fatalf("DecodeSummary: %v", err)
	}
	if s.Mood != nil || s.Language != "en" || s.Next != nil {
		t.Errorf("DecodeSummary = %#v: want mood and next absent, language defaulted to en", s)
	}
}
