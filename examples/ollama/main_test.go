package main

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ollama/ollama/api"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/tools"
	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/flatten/profile"
)

// newAPI stands in for /api/chat, answering with replies in order: each
// one line of JSON, as Ollama answers a request that does not stream.
func newAPI(replies ...string) *calltest.FakeAPI {
	return &calltest.FakeAPI{Path: "/api/chat", Replies: replies, ErrorBody: `{"error":"unexpected request"}`}
}

// start serves fake and returns a client of it.
func start(t *testing.T, fake *calltest.FakeAPI) *api.Client {
	base, err := url.Parse(fake.Serve(t))
	if err != nil {
		t.Fatal(err)
	}
	return api.NewClient(base, http.DefaultClient)
}

// toolCall is a chat response in which the model calls tool with args, a
// JSON object on one line.
func toolCall(tool, args string) string {
	return fmt.Sprintf(`{"model":"m","created_at":"2026-01-01T00:00:00Z","message":{"role":"assistant","content":"",`+
		`"tool_calls":[{"id":"call_1","function":{"index":0,"name":%q,"arguments":%s}}]},"done":true,"done_reason":"stop"}`, tool, args)
}

const done = `{"model":"m","created_at":"2026-01-01T00:00:00Z","message":{"role":"assistant","content":"done"},"done":true,"done_reason":"stop"}`

// converseWith runs one conversation over fake and returns the answer.
func converseWith(t *testing.T, fake *calltest.FakeAPI, prompt string) string {
	t.Helper()
	defs, err := functionTools()
	if err != nil {
		t.Fatal(err)
	}
	answer, err := converse(context.Background(), start(t, fake), "m", defs, prompt)
	if err != nil {
		t.Fatal(err)
	}
	return answer
}

// kept are the keywords api.Tool keeps, by where they stand. The README
// and the package doc say these lists: TestKeywordsKept holds them to
// the client.
var kept = map[string][]string{
	"root":     {"$defs", "items", "properties", "required", "type"},
	"property": {"anyOf", "description", "enum", "items", "properties", "type"},
	"items":    calltest.Keywords,
}

// probes are documents with a keyword kw at each place, of value v.
var probes = map[string]string{
	"root":     `{"type":"object","properties":{"a":{"type":"string"}},%q:%s}`,
	"property": `{"type":"object","properties":{"a":{"type":"string",%q:%s}}}`,
	"items":    `{"type":"object","properties":{"a":{"type":"array","items":{"type":"string",%q:%s}}}}`,
}

// throughTool is doc unmarshalled into api.ToolFunctionParameters and
// marshalled again: what the model can see of it.
func throughTool(t *testing.T, doc []byte) []byte {
	t.Helper()
	var p api.ToolFunctionParameters
	if err := json.Unmarshal(doc, &p); err != nil {
		t.Fatalf("%v:\n%s", err, doc)
	}
	back, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// TestKeywordsKept probes every JSON Schema keyword at the root, at a
// property and below items, and checks that api.Tool keeps exactly the
// ones kept lists; and that a type array at the root does not unmarshal.
func TestKeywordsKept(t *testing.T) {
	for place, probe := range probes {
		var got []string
		for _, kw := range calltest.Keywords {
			doc := fmt.Sprintf(probe, kw, calltest.SampleValue(kw))
			if kw == "type" || kw == "properties" && place == "root" {
				doc = fmt.Sprintf(probe, "description", `"x"`) // already there
			}
			back := calltest.Generic(t, throughTool(t, []byte(doc)))
			at := back.(map[string]any)
			switch place {
			case "property":
				at = at["properties"].(map[string]any)["a"].(map[string]any)
			case "items":
				at = at["properties"].(map[string]any)["a"].(map[string]any)["items"].(map[string]any)
			}
			if _, ok := at[kw]; ok {
				got = append(got, kw)
			}
		}
		if want := slices.Sorted(slices.Values(kept[place])); !slices.Equal(slices.Sorted(slices.Values(got)), want) {
			t.Errorf("%s: api.Tool keeps %v, want %v", place, slices.Sorted(slices.Values(got)), want)
		}
	}
	var p api.ToolFunctionParameters
	if err := json.Unmarshal([]byte(`{"type":["object","null"],"properties":{}}`), &p); err == nil {
		t.Error("a type array at the root unmarshalled: revisit the README")
	}
}

// withoutPropertyRequired is doc without the required list of every
// object that is a property's value (at any depth below properties, not
// below items): what api.Tool drops of a portable document.
func withoutPropertyRequired(doc any) any {
	root, _ := doc.(map[string]any)
	props, _ := root["properties"].(map[string]any)
	out := maps.Clone(root)
	out["properties"] = stripRequired(props)
	return out
}

func stripRequired(props map[string]any) map[string]any {
	out := map[string]any{}
	for name, p := range props {
		s := maps.Clone(p.(map[string]any))
		delete(s, "required")
		if sub, ok := s["properties"].(map[string]any); ok {
			s["properties"] = stripRequired(sub)
		}
		out[name] = s
	}
	return out
}

// TestOnlyOllamaSurvives passes each tool's flat schema, and its document
// under every profile, through api.Tool. The ollama documents, the ones
// the example sends, come through it unchanged, keyword for keyword and
// with the properties in their order; every other document loses
// something. Of the portable ones, api.Tool drops exactly the required
// list of an object property (schedule_reminder's trigger), which is why
// the ollama profile exists.
func TestOnlyOllamaSurvives(t *testing.T) {
	docs := map[string]func(tool []byte) []byte{"flat": func(b []byte) []byte { return b }}
	for _, p := range profile.Profiles() {
		docs[string(p)] = func(flat []byte) []byte {
			res, _, err := profile.ForProfile(flat, p, flatten.Options{})
			if err != nil {
				t.Fatal(err)
			}
			return res.Schema
		}
	}
	for name, project := range docs {
		changed := false
		for _, tool := range tools.All() {
			doc := project(tool.InputSchema())
			if !reflect.DeepEqual(calltest.Generic(t, throughTool(t, doc)), calltest.Generic(t, doc)) {
				changed = true
			}
		}
		if want := name != string(profile.Ollama); changed != want {
			t.Errorf("the %s documents change through api.Tool: %v, want %v", name, changed, want)
		}
	}
	lost := 0
	for _, tool := range tools.All() {
		doc := []byte(tool.SchemaFor("ollama"))
		back := throughTool(t, doc)
		if !reflect.DeepEqual(calltest.Generic(t, back), calltest.Generic(t, doc)) {
			t.Errorf("%s: through api.Tool the ollama document\n%s\nbecame\n%s", tool.Name, doc, back)
		}
		if got, want := calltest.PropertyNames(t, back), calltest.PropertyNames(t, doc); !slices.Equal(got, want) {
			t.Errorf("%s: properties in the order %v, want %v", tool.Name, got, want)
		}
		portable := []byte(tool.SchemaFor("portable"))
		want := withoutPropertyRequired(calltest.Generic(t, portable))
		if got := calltest.Generic(t, throughTool(t, portable)); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: through api.Tool the portable document\n%s\nbecame\n%s", tool.Name, portable, mustMarshal(t, got))
		}
		if !reflect.DeepEqual(want, calltest.Generic(t, portable)) {
			lost++
		}
	}
	if lost != 1 {
		t.Errorf("%d portable documents lose a required list, want 1 (schedule_reminder's trigger)", lost)
	}
}

// mustMarshal is v as JSON.
func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestToolsSent checks the request: every tool is a function whose
// parameters are its ollama document, as api.Tool writes it (its own key
// order) and with no keyword lost.
func TestToolsSent(t *testing.T) {
	fake := newAPI(done)
	if answer := converseWith(t, fake, "hello"); answer != "done" || len(fake.Bodies()) != 1 {
		t.Fatalf("answer %q after %d requests, want done after 1", answer, len(fake.Bodies()))
	}
	var req struct {
		Stream *bool `json:"stream"`
		Tools  []struct {
			Type     string `json:"type"`
			Function struct {
				Name        string          `json:"name"`
				Description string          `json:"description"`
				Parameters  json.RawMessage `json:"parameters"`
			} `json:"function"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(fake.Bodies()[0], &req); err != nil {
		t.Fatal(err)
	}
	if req.Stream == nil || *req.Stream || len(req.Tools) != len(tools.All()) {
		t.Fatalf("stream %v and %d tools, want false and %d", req.Stream, len(req.Tools), len(tools.All()))
	}
	for i, tool := range tools.All() {
		got := req.Tools[i]
		if got.Type != "function" || got.Function.Name != tool.Name || got.Function.Description != tool.Description {
			t.Errorf("tool %d: %s %s %q", i, got.Type, got.Function.Name, got.Function.Description)
		}
		doc := []byte(tool.SchemaFor("ollama"))
		if want := throughTool(t, doc); !slices.Equal(calltest.Compact(t, got.Function.Parameters), want) {
			t.Errorf("%s: parameters\n%s\nwant\n%s", tool.Name, got.Function.Parameters, want)
		}
		if !reflect.DeepEqual(calltest.Generic(t, got.Function.Parameters), calltest.Generic(t, doc)) {
			t.Errorf("%s: parameters\n%s\nare not the ollama document\n%s", tool.Name, got.Function.Parameters, doc)
		}
	}
}

// TestToolCalls feeds each canned tool call to converse, its arguments
// written as the ollama documents ask (integers beyond 2^53 as decimal
// strings), and checks the tool message it sends back, which is all the
// model gets to see.
func TestToolCalls(t *testing.T) {
	for _, c := range calltest.Calls {
		t.Run(c.Name, func(t *testing.T) {
			args := c.ArgsForDecimalProfile()
			fake := newAPI(toolCall(c.Tool, args), done)
			if answer := converseWith(t, fake, "go"); answer != "done" {
				t.Errorf("answer %q, want done", answer)
			}
			c.CheckText(t, toolReply(t, fake, c.Tool, args))
		})
	}
}

// toolReply reads the second request: the user's prompt, the model's tool
// call sent back with args (the same members; the client sorts the keys
// of nested objects), and one tool message for call_1, whose text it
// returns.
func toolReply(t *testing.T, fake *calltest.FakeAPI, tool, args string) string {
	t.Helper()
	if len(fake.Bodies()) != 2 {
		t.Fatalf("%d requests, want 2", len(fake.Bodies()))
	}
	var req struct {
		Messages []api.Message `json:"messages"`
	}
	if err := json.Unmarshal(fake.Bodies()[1], &req); err != nil {
		t.Fatal(err)
	}
	if n := len(req.Messages); n != 3 {
		t.Fatalf("%d messages, want user, assistant, tool:\n%s", n, fake.Bodies()[1])
	}
	calls := req.Messages[1].ToolCalls
	if len(calls) != 1 || calls[0].Function.Name != tool ||
		!reflect.DeepEqual(calltest.Generic(t, []byte(calls[0].Function.Arguments.String())), calltest.Generic(t, []byte(args))) {
		t.Errorf("the model's tool call went back as %s", fake.Bodies()[1])
	}
	m := req.Messages[2]
	if m.Role != "tool" || m.ToolCallID != "call_1" || m.ToolName != tool {
		t.Fatalf("message %+v, want a tool message for call_1 of %s", m, tool)
	}
	return m.Content
}

// TestNumberRounded shows why the ollama documents write big integers
// as strings: the same ID sent as a number reaches the decoder rounded,
// since the client decodes the arguments through float64.
func TestNumberRounded(t *testing.T) {
	args := `{"note":"reply","trigger":{"type":"in","minutes":30},"message_id":9007199254740993}`
	fake := newAPI(toolCall("schedule_reminder", args), done)
	converseWith(t, fake, "go")
	text := toolReply(t, fake, "schedule_reminder", strings.Replace(args, "993", "992", 1))
	if !strings.Contains(text, "about message 9007199254740992") {
		t.Errorf("result %q: want the rounded 9007199254740992, which the string form avoids", text)
	}
}
