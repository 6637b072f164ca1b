package main

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/tools"
)

// A fakeModel is a model defined in code, as a Genkit plugin defines one:
// it keeps every request and answers with replies in order; one request
// more is an error.
type fakeModel struct {
	name    string
	replies []*ai.Message

	mu       sync.Mutex
	requests []*ai.ModelRequest
}

// defineFake defines on g a model that answers with replies in order;
// constrained says whether it takes a schema for its output natively.
func defineFake(g *genkit.Genkit, constrained bool, replies ...*ai.Message) *fakeModel {
	f := &fakeModel{name: "fake/model", replies: replies}
	supports := &ai.ModelSupports{Multiturn: true, Tools: true, SystemRole: true}
	if constrained {
		supports.Constrained = ai.ConstrainedSupportAll
	}
	genkit.DefineModel(g, f.name, &ai.ModelOptions{Supports: supports},
		func(_ context.Context, req *ai.ModelRequest, _ ai.ModelStreamCallback) (*ai.ModelResponse, error) {
			f.mu.Lock()
			defer f.mu.Unlock()
			if len(f.requests) >= len(f.replies) {
				return nil, errors.New("unexpected request")
			}
			f.requests = append(f.requests, req)
			return &ai.ModelResponse{Message: f.replies[len(f.requests)-1], FinishReason: ai.FinishReasonStop}, nil
		})
	return f
}

// Requests returns the requests the model got.
func (f *fakeModel) Requests() []*ai.ModelRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requests
}

// toolRequest is a model's message that calls tool with args, a JSON
// object decoded into an any, as the plugins hand arguments over (the
// Google AI plugin's FunctionCall.Args, the OpenAI-compatible plugin's
// parsed arguments): its numbers are float64.
func toolRequest(t testing.TB, tool, args string) *ai.Message {
	t.Helper()
	var input any
	if err := json.Unmarshal([]byte(args), &input); err != nil {
		t.Fatal(err)
	}
	return ai.NewModelMessage(ai.NewToolRequestPart(&ai.ToolRequest{Name: tool, Input: input, Ref: "call_1"}))
}

// done is the model's answer in text.
func done() *ai.Message { return ai.NewModelTextMessage("done") }

// converseWith defines the tools and a fake model answering with replies
// on a new Genkit, runs one conversation and returns the model.
func converseWith(t *testing.T, prompt string, replies ...*ai.Message) *fakeModel {
	t.Helper()
	g := genkit.Init(context.Background())
	fake := defineFake(g, false, replies...)
	refs, err := defineTools(g, profile)
	if err != nil {
		t.Fatal(err)
	}
	answer, err := converse(context.Background(), g, fake.name, refs, prompt)
	if err != nil || answer != "done" {
		t.Fatalf("answer %q, %v; want done", answer, err)
	}
	return fake
}

// TestToolsDeclared checks the request the model gets: every tool of
// package tools, with its description, and as its input schema the
// portable document, unchanged (a map: the key order is gone).
func TestToolsDeclared(t *testing.T) {
	fake := converseWith(t, "hello", done())
	if len(fake.Requests()) != 1 {
		t.Fatalf("%d requests, want 1", len(fake.Requests()))
	}
	declared := map[string]*ai.ToolDefinition{}
	for _, d := range fake.Requests()[0].Tools {
		declared[d.Name] = d
	}
	if len(declared) != len(tools.All()) {
		t.Fatalf("%d tools declared, want %d", len(declared), len(tools.All()))
	}
	for _, tool := range tools.All() {
		d := declared[tool.Name]
		if d == nil || d.Description != tool.Description {
			t.Fatalf("%s: declared as %+v", tool.Name, d)
		}
		doc := []byte(tool.SchemaFor(profile))
		if got := calltest.Generic(t, mustMarshal(t, d.InputSchema)); !reflect.DeepEqual(got, calltest.Generic(t, doc)) {
			t.Errorf("%s: input schema\n%s\nis not the portable document\n%s", tool.Name, mustMarshal(t, d.InputSchema), doc)
		}
	}
}

// mustMarshal is v as JSON.
func mustMarshal(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestToolCalls feeds each canned tool call to converse, its arguments
// written as the portable documents ask (integers beyond 2^53 as decimal
// strings), and checks the tool response it sends back, which is all the
// model gets to see.
func TestToolCalls(t *testing.T) {
	for _, c := range calltest.Calls {
		t.Run(c.Name, func(t *testing.T) {
			args := c.ArgsForDecimalProfile()
			fake := converseWith(t, "go", toolRequest(t, c.Tool, args), done())
			c.CheckText(t, toolResponse(t, fake, c.Tool, args))
		})
	}
}

// toolResponse reads the second request: the user's prompt, the model's
// tool request sent back with args, and one tool response for call_1,
// whose text it returns.
func toolResponse(t *testing.T, fake *fakeModel, tool, args string) string {
	t.Helper()
	if len(fake.Requests()) != 2 {
		t.Fatalf("%d requests, want 2", len(fake.Requests()))
	}
	msgs := fake.Requests()[1].Messages
	if len(msgs) != 3 || msgs[0].Role != ai.RoleUser || msgs[1].Role != ai.RoleModel || msgs[2].Role != ai.RoleTool {
		t.Fatalf("messages %s, want user, model, tool", mustMarshal(t, msgs))
	}
	if len(msgs[1].Content) != 1 || !msgs[1].Content[0].IsToolRequest() ||
		!reflect.DeepEqual(calltest.Generic(t, mustMarshal(t, msgs[1].Content[0].ToolRequest.Input)), calltest.Generic(t, []byte(args))) {
		t.Errorf("the model's tool request went back as %s", mustMarshal(t, msgs[1]))
	}
	if len(msgs[2].Content) != 1 || !msgs[2].Content[0].IsToolResponse() {
		t.Fatalf("tool message %s, want one tool response", mustMarshal(t, msgs[2]))
	}
	r := msgs[2].Content[0].ToolResponse
	text, ok := r.Output.(string)
	if r.Name != tool || r.Ref != "call_1" || !ok {
		t.Fatalf("tool response %s, want text for call_1 of %s", mustMarshal(t, r), tool)
	}
	return text
}

// TestNumberRounded shows why the portable documents write big integers
// as strings: the same ID sent as a number reaches the decoder rounded,
// since the plugins decode the arguments through float64.
func TestNumberRounded(t *testing.T) {
	args := `{"note":"reply","trigger":{"type":"in","minutes":30},"message_id":9007199254740993}`
	fake := converseWith(t, "go", toolRequest(t, "schedule_reminder", args), done())
	text := toolResponse(t, fake, "schedule_reminder", strings.Replace(args, "993", "992", 1))
	if !strings.Contains(text, "about message 9007199254740992") {
		t.Errorf("result %q: want the rounded 9007199254740992, which the string form avoids", text)
	}
}

// TestGenkitRunsTools shows why converse runs the tools itself: left to
// Genkit's own loop (no ai.WithReturnToolRequests), the same tools give
// the same results, but a union array sent as a JSON string fails
// Genkit's validation against the advertised schema, which aborts the
// whole Generate call; the decoder, which would repair it, never sees it.
func TestGenkitRunsTools(t *testing.T) {
	for _, c := range calltest.Calls {
		t.Run(c.Name, func(t *testing.T) {
			args := c.ArgsForDecimalProfile()
			g := genkit.Init(context.Background())
			fake := defineFake(g, false, toolRequest(t, c.Tool, args), done())
			refs, err := defineTools(g, profile)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := genkit.Generate(context.Background(), g, ai.WithModelName(fake.name),
				ai.WithPrompt("go"), ai.WithTools(refs...))
			if c.Name == "double-serialized" {
				if err == nil || !strings.Contains(err.Error(), "Expected: array, given: string") {
					t.Fatalf("Generate: %v; want Genkit's validation error, revisit the README", err)
				}
				return
			}
			if err != nil || resp.Text() != "done" {
				t.Fatalf("Generate: %v; want done", err)
			}
			c.CheckText(t, toolResponse(t, fake, c.Tool, args))
		})
	}
}
