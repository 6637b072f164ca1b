package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/support"
	"github.com/unionflat/unionflat/internal/schematest"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// contentReply is a completion whose message content is content.
func contentReply(t *testing.T, content string) string {
	quoted, err := json.Marshal(content)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf(`{"id":"chatcmpl-3","object":"chat.completion","created":3,"model":"gpt-test",
		"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":%s}}]}`, quoted)
}

// TestTriageStructuredOutput: the request asks for response_format
// json_schema, strict, with the openai-strict document of the union
// Triage byte for byte (a flat object: no anyOf at the root); a canned
// reply written under that schema validates there and decodes into the
// typed variant, nulls read as absent.
func TestTriageStructuredOutput(t *testing.T) {
	reply := `{"action":"escalate","text":null,"order":null,"team":"shipping","reason":"parcel lost"}`
	if err := schematest.Validator(t, []byte(support.TriageOpenAIStrictSchema)).Validate(schematest.MustParse(t, []byte(reply))); err != nil {
		t.Fatalf("the canned reply does not validate under the strict schema: %v", err)
	}
	api := newAPI(contentReply(t, reply))
	got, err := triage(context.Background(), start(t, api), "gpt-test", "Where is my parcel?")
	if err != nil {
		t.Fatal(err)
	}
	if want := (support.Escalate{Team: "shipping", Reason: "parcel lost"}); !reflect.DeepEqual(got, want) {
		t.Errorf("triage = %#v, want %#v", got, want)
	}

	var body struct {
		ResponseFormat struct {
			Type       string `json:"type"`
			JSONSchema struct {
				Name   string          `json:"name"`
				Strict bool            `json:"strict"`
				Schema json.RawMessage `json:"schema"`
			} `json:"json_schema"`
		} `json:"response_format"`
	}
	if err := json.Unmarshal(api.Bodies()[0], &body); err != nil {
		t.Fatal(err)
	}
	rf := body.ResponseFormat
	if rf.Type != "json_schema" || !rf.JSONSchema.Strict || rf.JSONSchema.Name != "triage" {
		t.Errorf("response_format: type %q, strict %v, name %q", rf.Type, rf.JSONSchema.Strict, rf.JSONSchema.Name)
	}
	if want := calltest.Compact(t, []byte(support.TriageOpenAIStrictSchema)); string(calltest.Compact(t, rf.JSONSchema.Schema)) != string(want) {
		t.Errorf("schema sent\n%s\nwant TriageOpenAIStrictSchema\n%s", rf.JSONSchema.Schema, want)
	}
	var root map[string]any
	if err := json.Unmarshal(rf.JSONSchema.Schema, &root); err != nil || root["type"] != "object" || root["anyOf"] != nil || root["oneOf"] != nil {
		t.Errorf("the schema sent is not one object at the root: %v", root)
	}
}

// TestTriageInvalidReply: a reply that breaks Triage's rules gives every
// problem with its JSON Pointer, as a *unionflat.Errors.
func TestTriageInvalidReply(t *testing.T) {
	reply := `{"action":"escalate","text":"hi","order":null,"team":"sales","reason":null}`
	api := newAPI(contentReply(t, reply))
	_, err := triage(context.Background(), start(t, api), "gpt-test", "Refund me")
	var errs *unionflat.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("triage = %v, want *unionflat.Errors", err)
	}
	var got []string
	for _, e := range errs.List {
		got = append(got, e.Path.String())
	}
	if want := []string{"/text", "/team", "/reason"}; !reflect.DeepEqual(got, want) {
		t.Errorf("pointers %v, want %v:\n%v", got, want, err)
	}
}
