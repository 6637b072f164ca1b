// Command genkit lets a Gemini model use the example tools of package tools
// through Genkit for Go, github.com/firebase/genkit/go, and its Google AI
// plugin:
//
//	GEMINI_API_KEY=... go run . 'Remind me about message 9007199254740993 in 15 minutes.'
//
// This directory is a module of its own: Genkit's ai package imports
// github.com/google/dotprompt/go, which builds only against
// invopop/jsonschema v0.13.0, while unionflat's generator needs v0.14.0.
// This module builds no generator: it imports unionflat's runtime and the
// generated packages of the examples module (a replace for each), and
// replaces invopop/jsonschema with v0.13.0.
//
// Each tool is defined with genkit.DefineTool and ai.WithInputSchema,
// which takes the schema as a map[string]any and forces the tool's input
// type to any. The map is the tool's portable document: Genkit hands it
// to whichever plugin serves the model, and the portable profile is the
// core every target reads. The Google AI plugin turns it into a
// genai.Schema for FunctionDeclaration.Parameters, keeping only type (a
// string: a type array fails Generate), required, propertyOrdering,
// description, format, title, minItems, maxItems, minimum, maximum,
// string enums, items and properties; an anyOf read from JSON is ignored.
// The portable document is the only one of the tools' documents that
// comes through it keyword for keyword (tested): it says the rest in
// words, and the decoder enforces it. It carries no propertyOrdering, so
// the properties' order is lost on the way to Gemini.
//
// The model's arguments arrive as ai.ToolRequest.Input, an any. The
// Google AI plugin puts genai's FunctionCall.Args there, a map whose
// numbers went through float64 (the OpenAI-compatible plugin parses the
// arguments string into a map[string]any too), so an integer above 2^53
// is rounded before any handler runs. The tools ask for bigints=string,
// and their portable documents advertise such integers as decimal
// strings, which arrive as written; the generated decoder reads either
// spelling.
//
// Genkit runs a tool itself only after validating the input against the
// advertised schema, and a failed validation or a tool's Go error aborts
// the whole Generate call: a union array sent as a JSON string, which the
// decoder repairs, would never reach it. So converse asks for the tool
// requests back (ai.WithReturnToolRequests) and runs each itself: the
// input marshalled back to JSON goes to the tool's Handle (the generated
// decoder, then the typed handler), and the reply goes back as an
// ai.ToolResponse. A tool response has no error flag (the
// OpenAI-compatible, Anthropic and Ollama plugins send its Output
// marshalled to JSON, Anthropic's with is_error false; the Google AI
// plugin sends a text as {"name": tool, "content": text}): a call the
// decoder rejects is answered with text that starts "error:" and names
// every problem by JSON Pointer, so the model can correct its call in the
// next turn.
//
// With -triage, the prompt is a support ticket and the model replies with
// a structured output, the union support.Triage (see structured.go).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
	"github.com/firebase/genkit/go/plugins/googlegenai"

	"github.com/unionflat/unionflat/examples/tools"
)

// maxTurns bounds the requests one prompt may take.
const maxTurns = 8

// profile is the document each tool advertises: its portable document.
const profile = "portable"

func main() {
	model := flag.String("model", "googleai/gemini-2.5-flash", "the model to ask")
	asTicket := flag.Bool("triage", false, "triage the prompt as a support ticket, as a structured output (structured.go)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: genkit [-model name] [-triage] prompt...")
		os.Exit(2)
	}
	ctx := context.Background()
	g := genkit.Init(ctx, genkit.WithPlugins(&googlegenai.GoogleAI{}))
	prompt := strings.Join(flag.Args(), " ")
	if *asTicket {
		defineFormat(g)
		verdict, err := triage(ctx, g, *model, prompt)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%#v\n", verdict)
		return
	}
	refs, err := defineTools(g, profile)
	if err != nil {
		log.Fatal(err)
	}
	answer, err := converse(ctx, g, *model, refs, prompt)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(answer)
}

// defineTools defines every tool of package tools on g, its document
// under the profile doc (the flat schema for a profile it does not have)
// as the input schema, and returns them for ai.WithTools. The function
// each is defined with runs only when Genkit runs the tool itself, which
// converse does not let it do; it serves the call as converse does.
func defineTools(g *genkit.Genkit, doc string) ([]ai.ToolRef, error) {
	var refs []ai.ToolRef
	for _, t := range tools.All() {
		var schema map[string]any
		if err := json.Unmarshal([]byte(t.SchemaFor(doc)), &schema); err != nil {
			return nil, fmt.Errorf("%s: %w", t.Name, err)
		}
		refs = append(refs, genkit.DefineTool(g, t.Name, t.Description,
			func(tc *ai.ToolContext, input any) (string, error) {
				return call(tc, t.Name, input), nil
			}, ai.WithInputSchema(schema)))
	}
	return refs, nil
}

// converse sends prompt to the model, runs every tool request it makes
// and sends back the responses, until it answers in text.
func converse(ctx context.Context, g *genkit.Genkit, model string, refs []ai.ToolRef, prompt string) (string, error) {
	history := []*ai.Message{ai.NewUserTextMessage(prompt)}
	for range maxTurns {
		resp, err := genkit.Generate(ctx, g, ai.WithModelName(model), ai.WithMessages(history...),
			ai.WithTools(refs...), ai.WithReturnToolRequests(true))
		if err != nil {
			return "", err
		}
		requests := resp.ToolRequests()
		if len(requests) == 0 {
			return resp.Text(), nil
		}
		history = append(history, resp.Message)
		var parts []*ai.Part
		for _, tr := range requests {
			parts = append(parts, ai.NewToolResponsePart(&ai.ToolResponse{
				Name: tr.Name, Ref: tr.Ref, Output: call(ctx, tr.Name, tr.Input)}))
		}
		history = append(history, ai.NewMessage(ai.RoleTool, nil, parts...))
	}
	return "", fmt.Errorf("no answer after %d requests", maxTurns)
}

// call runs the tool called name on input and returns what the model
// reads. The input is what the plugin decoded: marshalled back, it is
// JSON again, with its numbers as float64 left them.
func call(ctx context.Context, name string, input any) string {
	args, err := json.Marshal(input)
	if err != nil {
		return "error: " + err.Error()
	}
	res := tools.Call(ctx, name, args)
	if res.IsError {
		return "error: " + res.Text
	}
	return res.Text
}
