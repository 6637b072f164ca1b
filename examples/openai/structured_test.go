package main

import (
	"context"
	"testing"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/support"
)

// TestTriageStructuredOutput: each request asks for response_format
// json_schema, strict, with the openai-strict document of the union
// Triage byte for byte (a flat object: no anyOf at the root); a reply
// written under that schema decodes into the typed variant, nulls read as
// absent, and one that breaks Triage's rules gives every problem with its
// JSON Pointer, as a *unionflat.Errors.
func TestTriageStructuredOutput(t *testing.T) {
	calltest.RunStrictTriage(t, func(_ *testing.T, baseURL string) (support.Triage, error) {
		return triage(context.Background(), client(baseURL), "gpt-test", "Where is my parcel?")
	})
}
