package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/tools"
)

// newAPI stands in for the Messages endpoint, answering with replies in
// order.
func newAPI(replies ...string) *calltest.FakeAPI {
	return &calltest.FakeAPI{Path: "/v1/messages", Replies: replies,
		ErrorBody: `{"type":"error","error":{"type":"invalid_request_error","message":"unexpected request"}}`}
}

// start serves api and returns a client of it.
func start(t *testing.T, api *calltest.FakeAPI) anthropic.Client {
	return anthropic.NewClient(option.WithoutEnvironmentDefaults(), option.WithBaseURL(api.Serve(t)),
		option.WithAPIKey("test"), option.WithMaxRetries(0))
}

// toolUseReply is a message in which the model uses tool with input.
func toolUseReply(tool, input string) string {
	return fmt.Sprintf(`{"id":"msg_1","type":"message","role":"assistant","model":"claude-test",
		"content":[{"type":"tool_use","id":"toolu_1","name":%q,"input":%s}],
		"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}`, tool, input)
}

const doneReply = `{"id":"msg_2","type":"message","role":"assistant","model":"claude-test",
	"content":[{"type":"text","text":"done"}],
	"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}`

// TestSchemasSentUnchanged checks that the request carries every tool's
// flat schema byte for byte (compacted, as JSON encoders write raw
// values), keys in their order.
func TestSchemasSentUnchanged(t *testing.T) {
	api := newAPI(doneReply)
	answer, err := converse(context.Background(), start(t, api), "claude-test", "hello")
	if err != nil {
		t.Fatal(err)
	}
	if answer != "done" || len(api.Bodies()) != 1 {
		t.Fatalf("answer %q after %d requests, want done after 1", answer, len(api.Bodies()))
	}
	body := api.Bodies()[0]
	calltest.CheckSent(t, body)
	var req struct {
		Tools []struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			InputSchema json.RawMessage `json:"input_schema"`
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
		if got.Name != tool.Name || got.Description != tool.Description {
			t.Errorf("tool %d: %s %q, want %s %q", i, got.Name, got.Description, tool.Name, tool.Description)
		}
		if !bytes.Equal(calltest.Compact(t, got.InputSchema), calltest.Compact(t, tool.InputSchema())) {
			t.Errorf("%s: input_schema\n%s\nwant\n%s", tool.Name, got.InputSchema, tool.InputSchema())
		}
	}
}

// TestToolCalls feeds each canned tool use to converse and checks the
// tool_result it sends back, which is all the model gets to see.
func TestToolCalls(t *testing.T) {
	for _, c := range calltest.Calls {
		t.Run(c.Name, func(t *testing.T) {
			api := newAPI(toolUseReply(c.Tool, c.Args), doneReply)
			answer, err := converse(context.Background(), start(t, api), "claude-test", "go")
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
					Role    string `json:"role"`
					Content []struct {
						Type      string          `json:"type"`
						ID        string          `json:"id"`
						Input     json.RawMessage `json:"input"`
						ToolUseID string          `json:"tool_use_id"`
						IsError   bool            `json:"is_error"`
						Content   []struct {
							Type string `json:"type"`
							Text string `json:"text"`
						} `json:"content"`
					} `json:"content"`
				} `json:"messages"`
			}
			if err := json.Unmarshal(api.Bodies()[1], &req); err != nil {
				t.Fatalf("%v:\n%s", err, api.Bodies()[1])
			}
			if n := len(req.Messages); n != 3 {
				t.Fatalf("%d messages, want user, assistant, user:\n%s", n, api.Bodies()[1])
			}
			if use := req.Messages[1].Content; len(use) != 1 || use[0].Type != "tool_use" ||
				!bytes.Equal(calltest.Compact(t, use[0].Input), calltest.Compact(t, []byte(c.Args))) {
				t.Errorf("the assistant's tool use went back as %+v", use)
			}
			m := req.Messages[2]
			if m.Role != "user" || len(m.Content) != 1 || m.Content[0].Type != "tool_result" ||
				m.Content[0].ToolUseID != "toolu_1" || len(m.Content[0].Content) != 1 {
				t.Fatalf("message %+v, want one tool_result for toolu_1:\n%s", m, api.Bodies()[1])
			}
			res := m.Content[0]
			c.Check(t, res.Content[0].Text, res.IsError)
		})
	}
}
