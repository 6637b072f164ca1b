// Command ollama lets a local model use the example tools of package tools
// through Ollama's Go client, github.com/ollama/ollama/api:
//
//	go run ./ollama -model qwen3 'What is the area of a 2 m by 3 m rectangle?'
//
// It talks to the server OLLAMA_HOST names (http://127.0.0.1:11434 when
// unset).
//
// An api.Tool holds its parameters in Go structs, not as JSON: a schema is
// unmarshalled into api.ToolFunctionParameters, and what the structs have
// no field for is gone before the request leaves (and the server reads the
// tools into the same structs, on /api/chat as on /v1/chat/completions).
// At the root they keep type (a string: a type array does not
// unmarshal), properties, required, $defs and items; the root's
// description is dropped. At a property (api.ToolProperty, at any depth
// below properties or anyOf) they keep type (a string or a type array),
// description, enum, properties, items and anyOf, and drop the rest: an
// object property's required list and additionalProperties, title, every
// bound, length, format and pattern. Below items, which is an any,
// everything is kept, its keys sorted. The tests hold the client to these
// lists.
//
// Each tool therefore declares its ollama profile's document
// (profile=ollama), which is exactly what api.Tool keeps: what a property
// cannot hold is said in its description ("At most 200 character(s).",
// "Format: date-time.", trigger's required list as "Required: type."),
// and below items stands the flat schema as it is. The decoder still
// enforces all of it. The tests hold the document sent to what api.Tool
// keeps of it, keyword for keyword. (The portable document loses the
// required list of an object property.)
//
// The model's arguments arrive as ToolCall.Function.Arguments, an ordered
// map whose values were decoded as any: numbers went through float64, so
// an integer above 2^53 is rounded before the handler runs (the server
// reads the model's output into a map[string]any too). The ollama
// documents advertise the tools' integers as decimal strings, which
// arrive as written: at a property api.Tool keeps no bounds, so every
// integer there that is not an enum may be a big one. The generated
// decoder reads either spelling. The handler marshals the map back to
// JSON (the top-level keys in the model's order, the keys of nested
// objects sorted) for the tool's Handle: the generated decoder, then the
// typed handler.
//
// Tool messages have no error flag: a call the decoder rejects is answered
// with text that starts "error:" and names every problem by JSON Pointer,
// so the model can correct its call in the next turn.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/ollama/ollama/api"

	"github.com/unionflat/unionflat/examples/tools"
)

// maxTurns bounds the requests one prompt may take.
const maxTurns = 8

func main() {
	model := flag.String("model", "qwen3", "the model to ask")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: ollama [-model name] prompt...")
		os.Exit(2)
	}
	client, err := api.ClientFromEnvironment()
	if err != nil {
		log.Fatal(err)
	}
	defs, err := functionTools()
	if err != nil {
		log.Fatal(err)
	}
	answer, err := converse(context.Background(), client, *model, defs, strings.Join(flag.Args(), " "))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(answer)
}

// functionTools returns every tool of package tools as an api.Tool whose
// parameters are its ollama document.
func functionTools() (api.Tools, error) {
	var out api.Tools
	for _, t := range tools.All() {
		var params api.ToolFunctionParameters
		if err := json.Unmarshal([]byte(t.SchemaFor("ollama")), &params); err != nil {
			return nil, fmt.Errorf("%s: %w", t.Name, err)
		}
		out = append(out, api.Tool{Type: "function", Function: api.ToolFunction{
			Name: t.Name, Description: t.Description, Parameters: params,
		}})
	}
	return out, nil
}

// converse sends prompt to the model, runs every tool call it makes and
// sends back the results, until it answers in text.
func converse(ctx context.Context, client *api.Client, model string, defs api.Tools, prompt string) (string, error) {
	stream := false
	req := &api.ChatRequest{
		Model:    model,
		Messages: []api.Message{{Role: "user", Content: prompt}},
		Tools:    defs,
		Stream:   &stream,
	}
	for range maxTurns {
		var msg api.Message
		err := client.Chat(ctx, req, func(r api.ChatResponse) error {
			// One response, not streamed; a streamed one would come in
			// parts, so they are joined.
			msg.Role = r.Message.Role
			msg.Content += r.Message.Content
			msg.ToolCalls = append(msg.ToolCalls, r.Message.ToolCalls...)
			return nil
		})
		if err != nil {
			return "", err
		}
		if len(msg.ToolCalls) == 0 {
			return msg.Content, nil
		}
		req.Messages = append(req.Messages, msg)
		for _, tc := range msg.ToolCalls {
			req.Messages = append(req.Messages, api.Message{Role: "tool", Content: call(ctx, tc),
				ToolName: tc.Function.Name, ToolCallID: tc.ID})
		}
	}
	return "", fmt.Errorf("no answer after %d requests", maxTurns)
}

// call runs the tool tc names and returns what the model reads. The
// arguments are a map: marshalled back, they are JSON again, with their
// numbers as float64 left them.
func call(ctx context.Context, tc api.ToolCall) string {
	args, err := json.Marshal(tc.Function.Arguments)
	if err != nil {
		return "error: " + err.Error()
	}
	res := tools.Call(ctx, tc.Function.Name, args)
	if res.IsError {
		return "error: " + res.Text
	}
	return res.Text
}
