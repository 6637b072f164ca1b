package calltest

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/examples/tools"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// ChatRequest is what the tests read of a Chat Completions request body,
// whichever client wrote it: the tools, the messages and the response
// format.
type ChatRequest struct {
	Tools []struct {
		Type     string `json:"type"`
		Function struct {
			Name       string          `json:"name"`
			Strict     *bool           `json:"strict"`
			Parameters json.RawMessage `json:"parameters"`
		} `json:"function"`
	} `json:"tools"`
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
	ResponseFormat struct {
		Type       string `json:"type"`
		JSONSchema struct {
			Name   string          `json:"name"`
			Strict bool            `json:"strict"`
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

// NewChatAPI stands in for the Chat Completions endpoint, answering with
// replies in order.
func NewChatAPI(replies ...string) *FakeAPI {
	return &FakeAPI{Path: "/chat/completions", Replies: replies,
		ErrorBody: `{"error":{"message":"unexpected request"}}`}
}

// A ChatLoop is an example's tool loop on a Chat Completions client whose
// base URL is baseURL: it sends prompt and returns the model's answer.
type ChatLoop func(t *testing.T, baseURL, prompt string) (string, error)

// ChatDeclarations runs loop once against an API that answers at once,
// checks that its one request declares every tool with its flat schema
// byte for byte ([CheckSent], [ChatRequest.CheckTools]), and returns that
// request for the client's own checks.
func ChatDeclarations(t *testing.T, loop ChatLoop) ChatRequest {
	t.Helper()
	api := NewChatAPI(OpenAIDone)
	if answer, err := loop(t, api.Serve(t), "hello"); err != nil || answer != "done" {
		t.Fatalf("answer %q, %v; want done", answer, err)
	}
	if len(api.Bodies()) != 1 {
		t.Fatalf("%d requests, want 1", len(api.Bodies()))
	}
	body := api.Bodies()[0]
	CheckSent(t, body)
	req := ReadChatRequest(t, body)
	req.CheckTools(t)
	return req
}

// RunChatCalls feeds each of [Calls] to loop, as a model's tool call, and
// checks the tool message it sends back, which is all the model gets to
// see.
func RunChatCalls(t *testing.T, loop ChatLoop) {
	for _, c := range Calls {
		t.Run(c.Name, func(t *testing.T) {
			api := NewChatAPI(OpenAIToolCall(t, c.Tool, c.Args), OpenAIDone)
			if answer, err := loop(t, api.Serve(t), "go"); err != nil || answer != "done" {
				t.Fatalf("answer %q, %v; want done", answer, err)
			}
			if len(api.Bodies()) != 2 {
				t.Fatalf("%d requests, want 2", len(api.Bodies()))
			}
			c.CheckText(t, ReadChatRequest(t, api.Bodies()[1]).ToolReply(t, c.Args))
		})
	}
}

// ReadChatRequest reads a Chat Completions request body.
func ReadChatRequest(t testing.TB, body []byte) ChatRequest {
	t.Helper()
	var req ChatRequest
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatalf("%v:\n%s", err, body)
	}
	return req
}

// CheckTools checks that r declares every tool of package tools, in
// order, as a function whose parameters are its flat schema byte for byte
// (compacted, as JSON encoders write raw values), keys in their order.
func (r ChatRequest) CheckTools(t testing.TB) {
	t.Helper()
	if len(r.Tools) != len(tools.All()) {
		t.Fatalf("%d tools in the request, want %d", len(r.Tools), len(tools.All()))
	}
	for i, tool := range tools.All() {
		got := r.Tools[i]
		if got.Type != "function" || got.Function.Name != tool.Name {
			t.Errorf("tool %d: %+v, want the function %s", i, got, tool.Name)
		}
		if !bytes.Equal(Compact(t, got.Function.Parameters), Compact(t, tool.InputSchema())) {
			t.Errorf("%s: parameters\n%s\nwant\n%s", tool.Name, got.Function.Parameters, tool.InputSchema())
		}
	}
}

// ToolReply checks that r answers the one tool call of
// [OpenAIToolCall]: its messages are the user's prompt, the assistant's
// call sent back with args as the model wrote them, and a tool message
// for call_1, whose text it returns (a string, or the text of its parts).
func (r ChatRequest) ToolReply(t testing.TB, args string) string {
	t.Helper()
	if n := len(r.Messages); n != 3 {
		t.Fatalf("%d messages, want user, assistant, tool: %+v", n, r.Messages)
	}
	if calls := r.Messages[1].ToolCalls; len(calls) != 1 || calls[0].Function.Arguments != args {
		t.Errorf("the assistant's tool call went back as %+v, want the arguments %s", calls, args)
	}
	m := r.Messages[2]
	if m.Role != "tool" || m.ToolCallID != "call_1" {
		t.Fatalf("message %+v, want a tool message for call_1", m)
	}
	switch c := m.Content.(type) {
	case string:
		return c
	case []any:
		var b strings.Builder
		for _, p := range c {
			part, _ := p.(map[string]any)
			text, _ := part["text"].(string)
			b.WriteString(text)
		}
		return b.String()
	}
	t.Fatalf("tool message content %#v", m.Content)
	return ""
}

// CheckText is [Call.Check] for the SDKs whose tool results have no error
// flag, where the examples start the text of an error with "error: ".
func (c Call) CheckText(t testing.TB, text string) {
	t.Helper()
	rest, isError := strings.CutPrefix(text, "error: ")
	c.Check(t, rest, isError)
}

// Pointers returns the JSON Pointer of every problem err lists, in order;
// the test fails unless err is a *unionflat.Errors.
func Pointers(t testing.TB, err error) []string {
	t.Helper()
	var errs *unionflat.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("%v, want a *unionflat.Errors", err)
	}
	var out []string
	for _, e := range errs.List {
		out = append(out, e.Path.String())
	}
	return out
}
