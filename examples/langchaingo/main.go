// Command langchaingo lets a model use the example tools of package tools
// through github.com/tmc/langchaingo, on its OpenAI or its Google AI
// backend:
//
//	OPENAI_API_KEY=... go run ./langchaingo 'What is the area of a 2 m by 3 m rectangle?'
//	GOOGLE_API_KEY=... go run ./langchaingo -backend googleai 'Remind me about message 9007199254740993 in 15 minutes.'
//
// Each tool is an llms.Tool whose FunctionDefinition.Parameters (an any)
// holds the schema. The OpenAI and Anthropic backends marshal it as it is,
// so a json.RawMessage of the flat schema goes out byte for byte. The
// googleai backend takes only a map[string]any and rebuilds it as a
// Gemini schema keeping type, description, properties, items and
// required: every other keyword is dropped, enum included, so a union's
// discriminator loses its values. Give it the portable profile's
// document, which has one type per property and says every enum in the
// description too (and, since googleai also hands the arguments over
// through float64, the example tools ask for bigints=string: their 64-bit
// integers are decimal strings there).
//
// Arguments arrive as ToolCall.FunctionCall.Arguments, a string, which
// tools.Call hands as it is to the tool's Handle: the generated decoder,
// then the typed handler. A call it rejects is answered
// with a tool message that starts "error:" and names every problem by
// JSON Pointer, so the model can correct its call.
//
// Tool is the same handler as a langchaingo tools.Tool, Call(ctx, input
// string), for agents.
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

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/googleai"
	"github.com/tmc/langchaingo/llms/openai"

	"github.com/unionflat/unionflat/examples/tools"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// maxTurns bounds the requests one prompt may take.
const maxTurns = 8

func main() {
	backend := flag.String("backend", "openai", "openai or googleai")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: langchaingo [-backend openai|googleai] prompt...")
		os.Exit(2)
	}
	ctx := context.Background()
	var llm llms.Model
	var err error
	switch *backend {
	case "openai":
		llm, err = openai.New()
	case "googleai":
		llm, err = googleai.New(ctx, googleai.WithAPIKey(os.Getenv("GOOGLE_API_KEY")))
	default:
		err = fmt.Errorf("unknown backend %q", *backend)
	}
	if err != nil {
		log.Fatal(err)
	}
	defs, err := functionTools(*backend == "googleai")
	if err != nil {
		log.Fatal(err)
	}
	answer, err := converse(ctx, llm, defs, strings.Join(flag.Args(), " "))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(answer)
}

// functionTools returns every tool of package tools as an llms.Tool: the
// flat schema as a json.RawMessage, or, for googleai, which takes only a
// map, the portable document as a map[string]any.
func functionTools(googleAI bool) ([]llms.Tool, error) {
	var out []llms.Tool
	for _, t := range tools.All() {
		var params any = json.RawMessage(t.InputSchema())
		if googleAI {
			var m map[string]any
			if err := json.Unmarshal([]byte(t.SchemaFor("portable")), &m); err != nil {
				return nil, fmt.Errorf("%s: %w", t.Name, err)
			}
			params = m
		}
		out = append(out, llms.Tool{Type: "function", Function: &llms.FunctionDefinition{
			Name: t.Name, Description: t.Description, Parameters: params,
		}})
	}
	return out, nil
}

// Tool is a tool of package tools as a langchaingo tools.Tool.
type Tool struct{ unionflat.Handler }

func (t Tool) Name() string        { return t.Handler.Name }
func (t Tool) Description() string { return t.Handler.Description }

// Call runs the tool on the model's raw arguments. A call the decoder
// rejects is a result the model reads, never a Go error.
func (t Tool) Call(ctx context.Context, input string) (string, error) {
	return text(t.Handler.Call(ctx, []byte(input))), nil
}

// text is what a result says to the model.
func text(res unionflat.Reply) string {
	if res.IsError {
		return "error: " + res.Text
	}
	return res.Text
}

// converse sends prompt to the model, runs every tool call it makes and
// sends back the results, until it answers in text.
func converse(ctx context.Context, llm llms.Model, defs []llms.Tool, prompt string) (string, error) {
	history := []llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, prompt)}
	for range maxTurns {
		resp, err := llm.GenerateContent(ctx, history, llms.WithTools(defs))
		if err != nil {
			return "", err
		}
		if len(resp.Choices) == 0 {
			return "", errors.New("the response has no choices")
		}
		choice := resp.Choices[0]
		if len(choice.ToolCalls) == 0 {
			return choice.Content, nil
		}
		call := llms.MessageContent{Role: llms.ChatMessageTypeAI}
		for _, tc := range choice.ToolCalls {
			call.Parts = append(call.Parts, tc)
		}
		history = append(history, call)
		for _, tc := range choice.ToolCalls {
			res := tools.Call(ctx, tc.FunctionCall.Name, []byte(tc.FunctionCall.Arguments))
			history = append(history, llms.MessageContent{Role: llms.ChatMessageTypeTool, Parts: []llms.ContentPart{
				llms.ToolCallResponse{ToolCallID: tc.ID, Name: tc.FunctionCall.Name, Content: text(res)},
			}})
		}
	}
	return "", fmt.Errorf("no answer after %d requests", maxTurns)
}
