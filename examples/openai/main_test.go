package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/tools"
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
	var req struct {
		Tools []struct {
			Type     string `json:"type"`
			Function struct {
				Name       string          `json:"name"`
				Strict     *bool           `json:"strict"`
				Parameters json.RawMessage `json:"parameters"`
			} `json:"function"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	if len(req.Tools) != len(tools.All()) {
		t.Fatalf("%d tools in the request, want %d", len(req.Tools), len(tools.All()))
	}
	for i, tool := range tools.All() {
		got := req.Tools[i]
		if got.Type != "function" || got.Function.Name != tool.Name || got.Function.Strict == nil || *got.Function.Strict {
			t.Errorf("tool %d: %+v", i, got)
		}
		if !bytes.Equal(calltest.Compact(t, got.Function.Parameters), calltest.Compact(t, tool.InputSchema())) {
			t.Errorf("%s: parameters\n%s\nwant\n%s", tool.Name, got.Function.Parameters, tool.InputSchema())
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
			var req struct {
				Messages []struct {
					Role       string `json:"role"`
					Content    any    `json:"content"`
					ToolCallID string `json:"tool_call_id"`
					ToolCalls  []struct {
						Function struct {
							Arguments string `json:"arguments"`
						} `json:"function"`
					} `json:"tool_calls"`
				} `json:"messages"`
			}
			if err := json.Unmarshal(api.Bodies()[1], &req); err != nil {
				t.Fatal(err)
			}
			if n := len(req.Messages); n != 3 {
				t.Fatalf("%d messages, want user, assistant, tool:\n%s", n, api.Bodies()[1])
			}
			if calls := req.Messages[1].ToolCalls; len(calls) != 1 || calls[0].Function.Arguments != c.Args {
				t.Errorf("the assistant's tool call went back as %+v", calls)
			}
			m := req.Messages[2]
			text, ok := m.Content.(string)
			if m.Role != "tool" || m.ToolCallID != "call_1" || !ok {
				t.Fatalf("message %+v, want a tool message for call_1", m)
			}
			c.Check(t, strings.TrimPrefix(text, "error: "), strings.HasPrefix(text, "error: "))
		})
	}
}
