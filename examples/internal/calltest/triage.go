package calltest

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/unionflat/unionflat/examples/support"
	"github.com/unionflat/unionflat/internal/schematest"
)

// A TriageReply is a structured output a model may write for the union
// support.Triage under its openai-strict document, and what DecodeTriage
// must make of it.
type TriageReply struct {
	Name  string
	Reply string         // the model's JSON
	Want  support.Triage // the decoded variant, for a valid reply
	// Pointers are the JSON Pointers of the problems of an invalid reply.
	Pointers []string
}

// StrictTriageReplies are the replies the OpenAI examples get: one written
// as the strict schema asks (every key, null for the other variant's), and
// one that breaks Triage's rules three times.
var StrictTriageReplies = []TriageReply{
	{
		Name:  "valid",
		Reply: `{"action":"escalate","text":null,"order":null,"team":"shipping","reason":"parcel lost"}`,
		Want:  support.Escalate{Team: "shipping", Reason: "parcel lost"},
	},
	{
		Name:     "invalid",
		Reply:    `{"action":"escalate","text":"hi","order":null,"team":"sales","reason":null}`,
		Pointers: []string{"/text", "/team", "/reason"},
	},
}

// Check checks what the example's triage returned for r: the typed
// variant of a valid reply, which must validate under the strict
// schema too, or every problem of an invalid one by JSON Pointer.
func (r TriageReply) Check(t *testing.T, got support.Triage, err error) {
	t.Helper()
	if r.Pointers != nil {
		if ptrs := Pointers(t, err); !reflect.DeepEqual(ptrs, r.Pointers) {
			t.Errorf("pointers %v, want %v:\n%v", ptrs, r.Pointers, err)
		}
		return
	}
	if err := schematest.Validator(t, []byte(support.TriageOpenAIStrictSchema)).Validate(schematest.MustParse(t, []byte(r.Reply))); err != nil {
		t.Fatalf("the canned reply does not validate under the strict schema: %v", err)
	}
	if err != nil || !reflect.DeepEqual(got, r.Want) {
		t.Errorf("triage = %#v, %v; want %#v", got, err, r.Want)
	}
}

// CheckStrictFormat checks that r asks for response_format json_schema,
// strict, named triage, whose schema is the openai-strict document of
// Triage byte for byte: one object at the root, which strict mode
// accepts where a root anyOf is refused.
func (r ChatRequest) CheckStrictFormat(t testing.TB) {
	t.Helper()
	rf := r.ResponseFormat
	if rf.Type != "json_schema" || !rf.JSONSchema.Strict || rf.JSONSchema.Name != "triage" {
		t.Errorf("response_format: type %q, strict %v, name %q", rf.Type, rf.JSONSchema.Strict, rf.JSONSchema.Name)
	}
	if want := Compact(t, []byte(support.TriageOpenAIStrictSchema)); string(Compact(t, rf.JSONSchema.Schema)) != string(want) {
		t.Errorf("schema sent\n%s\nwant TriageOpenAIStrictSchema\n%s", rf.JSONSchema.Schema, want)
	}
	var root map[string]any
	if err := json.Unmarshal(rf.JSONSchema.Schema, &root); err != nil || root["type"] != "object" || root["anyOf"] != nil || root["oneOf"] != nil {
		t.Errorf("the schema sent is not one object at the root: %v", root)
	}
}

// RunStrictTriage runs an example's triage on a Chat Completions client
// whose base URL is baseURL against each of [StrictTriageReplies]: each
// request must ask for the strict format ([ChatRequest.CheckStrictFormat])
// and each reply come back as [TriageReply.Check] wants.
func RunStrictTriage(t *testing.T, triage func(t *testing.T, baseURL string) (support.Triage, error)) {
	for _, r := range StrictTriageReplies {
		t.Run(r.Name, func(t *testing.T) {
			api := NewChatAPI(OpenAIContent(t, r.Reply))
			got, err := triage(t, api.Serve(t))
			r.Check(t, got, err)
			ReadChatRequest(t, api.Bodies()[0]).CheckStrictFormat(t)
		})
	}
}
