package main

import (
	"context"
	"testing"

	openai "github.com/sashabaranov/go-openai"

	"github.com/unionflat/unionflat/examples/internal/calltest"
)

// client is a go-openai client of the API at baseURL.
func client(baseURL string) *openai.Client {
	config := openai.DefaultConfig("test")
	config.BaseURL = baseURL
	return openai.NewClientWithConfig(config)
}

// loop is converse on a client of the API at baseURL.
func loop(_ *testing.T, baseURL, prompt string) (string, error) {
	return converse(context.Background(), client(baseURL), "gpt-test", prompt)
}

// TestSchemasSentUnchanged checks that the request declares every tool
// with its flat schema byte for byte (compacted, as JSON encoders write
// raw values), keys in their order, and no strict member: go-openai
// leaves strict out when it is false, which Chat Completions reads as not
// strict.
func TestSchemasSentUnchanged(t *testing.T) {
	for _, got := range calltest.ChatDeclarations(t, loop).Tools {
		if got.Function.Strict != nil {
			t.Errorf("%s: strict %v sent, want it left out", got.Function.Name, *got.Function.Strict)
		}
	}
}

// TestToolCalls runs the canned calls through converse: the arguments
// string goes to the generated decoder as the model wrote it.
func TestToolCalls(t *testing.T) {
	calltest.RunChatCalls(t, loop)
}
