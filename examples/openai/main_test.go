package main

import (
	"context"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/unionflat/unionflat/examples/internal/calltest"
)

// client is an openai-go client of the API at baseURL.
func client(baseURL string) openai.Client {
	return openai.NewClient(option.WithBaseURL(baseURL), option.WithAPIKey("test"), option.WithMaxRetries(0))
}

// loop is converse on a client of the API at baseURL.
func loop(_ *testing.T, baseURL, prompt string) (string, error) {
	return converse(context.Background(), client(baseURL), "gpt-test", prompt)
}

// TestSchemasSentUnchanged checks that the request declares every tool
// with its flat schema byte for byte (compacted, as JSON encoders write
// raw values), keys in their order, and strict false.
func TestSchemasSentUnchanged(t *testing.T) {
	for _, got := range calltest.ChatDeclarations(t, loop).Tools {
		if s := got.Function.Strict; s == nil || *s {
			t.Errorf("%s: strict %v, want false, sent", got.Function.Name, s)
		}
	}
}

// TestToolCalls runs the canned calls through converse: the arguments
// string goes to the generated decoder as the model wrote it.
func TestToolCalls(t *testing.T) {
	calltest.RunChatCalls(t, loop)
}
