package main

import (
	"context"
	"testing"

	"github.com/unionflat/unionflat/examples/internal/calltest"
)

// TestTriageStructuredOutput: each request asks for response_format
// json_schema, strict, with the openai-strict document of the union
// Triage byte for byte (a flat object: no anyOf at the root); a reply
// written under that schema decodes into the typed variant, nulls read as
// absent, and one that breaks Triage's rules gives every problem with its
// JSON Pointer, as a *unionflat.Errors.
func TestTriageStructuredOutput(t *testing.T) {
	for _, r := range calltest.StrictTriageReplies {
		t.Run(r.Name, func(t *testing.T) {
			api := newAPI(calltest.OpenAIContent(t, r.Reply))
			got, err := triage(context.Background(), start(t, api), "gpt-test", "Where is my parcel?")
			r.Check(t, got, err)
			calltest.ReadChatRequest(t, api.Bodies()[0]).CheckStrictFormat(t)
		})
	}
}
