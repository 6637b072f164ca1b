package main

import (
	"context"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/unionflat/unionflat/examples/internal/calltest"
)

// newAPI stands in for the Chat Completions endpoint, answering with
// replies in order.
func newAPI(replies ...string) *calltest.FakeAPI {
	return &calltest.FakeAPI{Path: "/chat/completions", Replies: replies,
		ErrorBody: `{"error":{"message":"unexpected request"}}`}
}

// start serves api and returns a client of it.
func start(t *testing.T, api *calltest.FakeAPI) openai.Client {
	return openai.NewClient(option.WithBaseURL(api.Serve(t)), option.WithAPIKey("test"), option.WithMaxRetries(0))
}

// TestSchemasSentUnchanged checks that the request carries every tool's
// flat schema byte for byte (compacted, as JSON encoders write raw
// values), keys in their order.
func TestSchemasSentUnchanged(t *testing.T) {
	api := newAPI(calltest.OpenAIDone)
	if _, err := converse(context.Background(), start(t, api), "gpt-test", "hello"); err != nil {
		t.Fatal(err)
	}
	if len(api.Bodies()) != 1 {
		t.Fatalf("%d requests, want 1", len(api.Bodies()))
	}
	body := api.Bodies()[0]
	calltest.CheckSent(t, body)
	req := calltest.ReadChatRequest(t, body)
	req.CheckTools(t)
	for _, got := range req.Tools {
		if s := got.Function.Strict; s == nil || *s {
			t.Errorf("%s: strict %v, want false, sent", got.Function.Name, s)
		}
	}
}

// TestToolCalls feeds each canned tool call to converse and checks the tool
// message it sends back, which is all the model gets to see.
func TestToolCalls(t *testing.T) {
	for _, c := range calltest.Calls {
		t.Run(c.Name, func(t *testing.T) {
			api := newAPI(calltest.OpenAIToolCall(t, c.Tool, c.Args), calltest.OpenAIDone)
			answer, err := converse(context.Background(), start(t, api), "gpt-test", "go")
			if err != nil {
				t.Fatal(err)
			}
			if answer != "done" {
				t.Errorf("answer %q, want done", answer)
			}
			if len(api.Bodies()) != 2 {
				t.Fatalf("%d requests, want 2", len(api.Bodies()))
			}
			c.CheckText(t, calltest.ReadChatRequest(t, api.Bodies()[1]).ToolReply(t, c.Args))
		})
	}
}
