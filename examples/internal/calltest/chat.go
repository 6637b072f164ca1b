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
