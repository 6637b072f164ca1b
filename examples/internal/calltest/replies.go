package calltest

import (
	"encoding/json"
	"fmt"
	"testing"
)

// OpenAIToolCall is a Chat Completions response in which the model calls
// tool with args (call_1); the arguments travel as a JSON string.
func OpenAIToolCall(t testing.TB, tool, args string) string {
	t.Helper()
	quoted, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf(`{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"gpt-test",
		"choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,
		"tool_calls":[{"id":"call_1","type":"function","function":{"name":%q,"arguments":%s}}]}}]}`, tool, quoted)
}

// OpenAIDone is a Chat Completions response that answers "done".
const OpenAIDone = `{"id":"chatcmpl-2","object":"chat.completion","created":2,"model":"gpt-test",
	"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"done"}}]}`

// GeminiFunctionCall is a generateContent response in which the model
// calls tool with args, a JSON object; id is the call's ID, left out
// when empty (older clients reject the field).
func GeminiFunctionCall(tool, args, id string) string {
	idMember := ""
	if id != "" {
		idMember = fmt.Sprintf(`"id":%q,`, id)
	}
	return fmt.Sprintf(`{"candidates":[{"content":{"role":"model","parts":[
		{"functionCall":{%s"name":%q,"args":%s}}]},"finishReason":"STOP"}]}`, idMember, tool, args)
}

// GeminiDone is a generateContent response that answers "done".
const GeminiDone = `{"candidates":[{"content":{"role":"model","parts":[{"text":"done"}]},"finishReason":"STOP"}]}`

// GeminiContent is one content of a generateContent request, as the
// client sent the conversation back: its role, and its parts' function
// calls and function responses.
type GeminiContent struct {
	Role  string `json:"role"`
	Parts []struct {
		FunctionCall *struct {
			Name string          `json:"name"`
			Args json.RawMessage `json:"args"`
		} `json:"functionCall"`
		FunctionResponse *struct {
			ID       string         `json:"id"`
			Name     string         `json:"name"`
			Response map[string]any `json:"response"`
		} `json:"functionResponse"`
	} `json:"parts"`
}

// GeminiContents reads the contents of a generateContent request body.
func GeminiContents(t testing.TB, body []byte) []GeminiContent {
	t.Helper()
	var req struct {
		Contents []GeminiContent `json:"contents"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	return req.Contents
}

// OpenAIContent is a Chat Completions response whose message content is
// content, as a structured output arrives.
func OpenAIContent(t testing.TB, content string) string {
	t.Helper()
	quoted, err := json.Marshal(content)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf(`{"id":"chatcmpl-3","object":"chat.completion","created":3,"model":"gpt-test",
		"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":%s}}]}`, quoted)
}
