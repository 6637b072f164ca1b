// Command genai lets a Gemini model use the example tools of package tools
// through google.golang.org/genai:
//
//	GEMINI_API_KEY=... go run ./genai 'Remind me about message 9007199254740993 in 15 minutes.'
//	GEMINI_API_KEY=... go run ./genai -parameters 'What is the area of a 2 m by 3 m rectangle?'
//
// Each tool is a function declaration. By default its
// ParametersJsonSchema is the gemini-json profile's document as a
// json.RawMessage; with -parameters, its Parameters is the gemini
// profile's document unmarshalled into a *genai.Schema (the OpenAPI
// subset Gemini's parameters take). The two fields are exclusive.
//
// The SDK re-marshals every request through map[string]any, so the keys of
// a schema reach Gemini sorted whatever bytes went in: both profiles list
// each object's properties in propertyOrdering, which is how Gemini keeps
// the order the Go type declares.
//
// The model's arguments arrive in FunctionCall.Args, a map[string]any
// whose numbers went through float64: the raw bytes are gone, and an
// integer above 2^53 is already rounded. The handler marshals the map
// back to JSON for the tool's Handle (the generated decoder, then the
// typed handler). So that 64-bit IDs stay exact,
// both gemini profiles advertise such integers as decimal strings
// ("9007199254740993"), and the decoder of a tool with a gemini profile
// reads the number and the string alike.
//
// A function response has no error flag: a call the decoder rejects is
// answered with an "error" key whose text names every problem by JSON
// Pointer, the convention genai documents, so that the model can correct
// its call in the next turn.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	"google.golang.org/genai"

	"github.com/unionflat/unionflat/examples/tools"
)

// maxTurns bounds the requests one prompt may take.
const maxTurns = 8

func main() {
	model := flag.String("model", "gemini-2.5-flash", "the model to ask")
	openAPI := flag.Bool("parameters", false, "declare the gemini profile as Parameters, not gemini-json as ParametersJsonSchema")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: genai [-model name] [-parameters] prompt...")
		os.Exit(2)
	}
	ctx := context.Background()
	client, err := genai.NewClient(ctx, &genai.ClientConfig{APIKey: os.Getenv("GEMINI_API_KEY"), Backend: genai.BackendGeminiAPI})
	if err != nil {
		log.Fatal(err)
	}
	decls, err := declarations(*openAPI)
	if err != nil {
		log.Fatal(err)
	}
	answer, err := converse(ctx, client, *model, decls, strings.Join(flag.Args(), " "))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(answer)
}

// declarations returns every tool of package tools as a function
// declaration: with the gemini-json document as ParametersJsonSchema, or,
// when openAPI is set, with the gemini document as Parameters.
func declarations(openAPI bool) ([]*genai.FunctionDeclaration, error) {
	var out []*genai.FunctionDeclaration
	for _, t := range tools.All() {
		d := &genai.FunctionDeclaration{Name: t.Name, Description: t.Description}
		if openAPI {
			s, err := parameters(t.SchemaFor("gemini"))
			if err != nil {
				return nil, fmt.Errorf("%s: %w", t.Name, err)
			}
			d.Parameters = s
		} else {
			d.ParametersJsonSchema = json.RawMessage(t.SchemaFor("gemini-json"))
		}
		out = append(out, d)
	}
	return out, nil
}

// parameters reads a gemini profile document into a genai.Schema. Every
// keyword the profile writes is a field of genai.Schema, so nothing is
// lost (the tests prove it). The type names are upper-cased as genai's own
// constants spell them (genai.TypeString is "STRING").
func parameters(doc string) (*genai.Schema, error) {
	var s genai.Schema
	if err := json.Unmarshal([]byte(doc), &s); err != nil {
		return nil, err
	}
	upperTypes(&s)
	return &s, nil
}

// upperTypes upper-cases the type of s and of every schema below it.
func upperTypes(s *genai.Schema) {
	if s == nil {
		return
	}
	s.Type = genai.Type(strings.ToUpper(string(s.Type)))
	upperTypes(s.Items)
	for _, p := range s.Properties {
		upperTypes(p)
	}
	for _, a := range s.AnyOf {
		upperTypes(a)
	}
}

// converse sends prompt to the model, runs every function call it makes
// and sends back the responses, until it answers in text.
func converse(ctx context.Context, client *genai.Client, model string, decls []*genai.FunctionDeclaration, prompt string) (string, error) {
	config := &genai.GenerateContentConfig{Tools: []*genai.Tool{{FunctionDeclarations: decls}}}
	history := []*genai.Content{genai.NewContentFromText(prompt, genai.RoleUser)}
	for range maxTurns {
		resp, err := client.Models.GenerateContent(ctx, model, history, config)
		if err != nil {
			return "", err
		}
		if len(resp.Candidates) == 0 || resp.Candidates[0].Content == nil {
			return "", errors.New("the response has no candidate")
		}
		calls := resp.FunctionCalls()
		if len(calls) == 0 {
			return resp.Text(), nil
		}
		history = append(history, resp.Candidates[0].Content)
		var parts []*genai.Part
		for _, fc := range calls {
			part := genai.NewPartFromFunctionResponse(fc.Name, call(ctx, fc))
			part.FunctionResponse.ID = fc.ID
			parts = append(parts, part)
		}
		history = append(history, genai.NewContentFromParts(parts, genai.RoleUser))
	}
	return "", fmt.Errorf("no answer after %d requests", maxTurns)
}

// call runs the tool a function call names and returns the function
// response: {"output": text}, or {"error": text} for a call the decoder
// rejects. Args is a map: marshalled back, it is JSON again, with its
// numbers as float64 left them.
func call(ctx context.Context, fc *genai.FunctionCall) map[string]any {
	args, err := json.Marshal(fc.Args)
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	res := tools.Call(ctx, fc.Name, args)
	if res.IsError {
		return map[string]any{"error": res.Text}
	}
	return map[string]any{"output": res.Text}
}
