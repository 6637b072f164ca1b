package main

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/support"
)

// triageReplies are the replies the tests give triage: one written as
// the gemini-json document asks, the same in a Markdown fence (which
// DecodeTriage reads, as Genkit's json format does), and one that breaks
// Triage's rules three times.
var triageReplies = []struct {
	name, reply string
	want        support.Triage
	pointers    []string
}{
	{name: "valid", reply: `{"action":"escalate","team":"shipping","reason":"parcel lost"}`,
		want: support.Escalate{Team: "shipping", Reason: "parcel lost"}},
	{name: "fenced", reply: "```json\n{\"action\":\"reply\",\"text\":\"It left on Monday.\",\"order\":\"o-1002\"}\n```",
		want: support.Reply{Text: "It left on Monday.", Order: "o-1002"}},
	{name: "invalid", reply: `{"action":"escalate","text":"hi","team":"sales"}`,
		pointers: []string{"/text", "/team", "/reason"}},
}

// triageWith runs triage on a new Genkit whose model answers reply and
// takes an output schema natively or not (constrained), and returns the
// verdict and the one request the model got.
func triageWith(t *testing.T, constrained bool, reply string) (support.Triage, error, *ai.ModelRequest) {
	t.Helper()
	g := genkit.Init(context.Background())
	defineFormat(g)
	fake := defineFake(g, constrained, ai.NewModelTextMessage(reply))
	verdict, err := triage(context.Background(), g, fake.name, "Where is my parcel?")
	if len(fake.Requests()) != 1 {
		t.Fatalf("%d requests, want 1 (%v)", len(fake.Requests()), err)
	}
	return verdict, err, fake.Requests()[0]
}

// TestTriageStructuredOutput: a model that takes an output schema gets
// Triage's gemini-json document as a constrained JSON output; each reply
// comes back decoded into the typed variant, or with every problem's
// JSON Pointer.
func TestTriageStructuredOutput(t *testing.T) {
	for _, r := range triageReplies {
		t.Run(r.name, func(t *testing.T) {
			verdict, err, req := triageWith(t, true, r.reply)
			out := req.Output
			if out == nil || !out.Constrained || out.Format != ai.OutputFormatJSON || out.ContentType != "application/json" {
				t.Fatalf("output config %s, want constrained JSON", mustMarshal(t, out))
			}
			doc := []byte(support.TriageSpec.SchemaFor("gemini-json"))
			if got := calltest.Generic(t, mustMarshal(t, out.Schema)); !reflect.DeepEqual(got, calltest.Generic(t, doc)) {
				t.Errorf("output schema\n%s\nis not the gemini-json document\n%s", mustMarshal(t, out.Schema), doc)
			}
			if strings.Contains(string(mustMarshal(t, req.Messages)), "conform to the following schema") {
				t.Errorf("instructions in the prompt of a constrained request: %s", mustMarshal(t, req.Messages))
			}
			checkVerdict(t, verdict, err, r.want, r.pointers)
		})
	}
}

// checkVerdict checks what triage returned: the typed variant want, or,
// for an invalid reply, the JSON Pointers of every problem.
func checkVerdict(t *testing.T, got support.Triage, err error, want support.Triage, pointers []string) {
	t.Helper()
	if pointers != nil {
		if ptrs := calltest.Pointers(t, err); !reflect.DeepEqual(ptrs, pointers) {
			t.Errorf("pointers %v, want %v:\n%v", ptrs, pointers, err)
		}
		return
	}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("triage = %#v, %v; want %#v", got, err, want)
	}
}

// TestTriageInstructions: a model that cannot take an output schema gets
// it in the prompt's instructions instead, as Genkit's json format gives
// it, and no schema in its output config.
func TestTriageInstructions(t *testing.T) {
	r := triageReplies[0]
	verdict, err, req := triageWith(t, false, r.reply)
	if req.Output == nil || req.Output.Constrained || req.Output.Schema != nil {
		t.Errorf("output config %s, want JSON unconstrained, with no schema", mustMarshal(t, req.Output))
	}
	if !strings.Contains(req.Messages[0].Text(), "conform to the following schema") {
		t.Errorf("messages %s, want the schema in the system prompt", mustMarshal(t, req.Messages))
	}
	checkVerdict(t, verdict, err, r.want, r.pointers)
}

// TestJSONFormat shows why triage asks for its own format: under
// Genkit's json format (what ai.WithOutputSchema asks for by default) a
// reply that breaks the flat schema fails Generate, in words with no JSON
// Pointer; and a format registered without the "/format/" prefix is not
// found.
func TestJSONFormat(t *testing.T) {
	g := genkit.Init(context.Background())
	fake := defineFake(g, true, ai.NewModelTextMessage(`{"action":"escalate","team":"sales"}`))
	var schema map[string]any
	if err := json.Unmarshal([]byte(support.TriageSpec.SchemaFor("gemini-json")), &schema); err != nil {
		t.Fatal(err)
	}
	_, err := genkit.Generate(context.Background(), g, ai.WithModelName(fake.name), ai.WithPrompt("ticket"),
		ai.WithOutputSchema(schema))
	if err == nil || !strings.Contains(err.Error(), "model failed to generate output matching expected schema") {
		t.Errorf("Generate: %v; want the json format's validation error, revisit the README", err)
	}

	genkit.DefineFormat(g, formatName, passThrough{})
	_, err = genkit.Generate(context.Background(), g, ai.WithModelName(fake.name), ai.WithPrompt("ticket"),
		ai.WithOutputSchema(schema), ai.WithOutputFormat(formatName))
	if err == nil || !strings.Contains(err.Error(), `output format "unionflat" is invalid`) {
		t.Errorf("Generate: %v; want the format not found, revisit defineFormat", err)
	}
}
