// Command goopenai lets an OpenAI model use the example tools of package
// tools through Chat Completions, with the community client
// github.com/sashabaranov/go-openai:
//
//	OPENAI_API_KEY=... go run ./goopenai 'What is the area of a 2 m by 3 m rectangle?'
//
// Each tool is a function tool whose Parameters, an any, hold the flat
// schema as a json.RawMessage, which goes out unchanged (compacted, keys
// in their order). The client's own jsonschema.Definition is not used: it
// has no field for const, oneOf or most constraints, and its
// GenerateSchemaForType reflects over a Go type, knowing nothing of
// unions. FunctionDefinition.Strict is omitempty, so false is never sent:
// Chat Completions then treats the tool as not strict, which the flat
// schema needs.
//
// The model's arguments arrive as ToolCall.Function.Arguments, a string,
// which tools.Call hands as it is to the tool's Handle: the generated
// decoder, then the typed handler. Integers stay exact.
//
// With -triage, the prompt is a support ticket and the model replies with
// a structured output, the union support.Triage (see structured.go).
//
// Tool messages have no error flag: a call the decoder rejects is answered
// with text that starts "error:" and names every problem by JSON Pointer,
// so the model can correct its call in the next turn.
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

	openai "github.com/sashabaranov/go-openai"

	"github.com/unionflat/unionflat/examples/tools"
)

// maxTurns bounds the requests one prompt may take.
const maxTurns = 8

func main() {
	model := flag.String("model", "gpt-5.4-mini", "the model to ask")
	asTicket := flag.Bool("triage", false, "triage the prompt as a support ticket, as a structured output (structured.go)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: goopenai [-model name] [-triage] prompt...")
		os.Exit(2)
	}
	client := openai.NewClient(os.Getenv("OPENAI_API_KEY"))
	prompt := strings.Join(flag.Args(), " ")
	if *asTicket {
		verdict, err := triage(context.Background(), client, *model, prompt)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%#v\n", verdict)
		return
	}
	answer, err := converse(context.Background(), client, *model, prompt)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(answer)
}

// functionTools returns every tool of package tools as a function tool.
func functionTools() []openai.Tool {
	var out []openai.Tool
	for _, t := range tools.All() {
		out = append(out, openai.Tool{Type: openai.ToolTypeFunction, Function: &openai.FunctionDefinition{
			Name:        t.Name,
			Description: t.Description,
			Parameters:  json.RawMessage(t.InputSchema()),
		}})
	}
	return out
}

// converse sends prompt to the model, runs every tool call it makes and
// sends back the results, until it answers in text.
func converse(ctx context.Context, client *openai.Client, model, prompt string) (string, error) {
	req := openai.ChatCompletionRequest{
		Model:    model,
		Messages: []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleUser, Content: prompt}},
		Tools:    functionTools(),
	}
	for range maxTurns {
		resp, err := client.CreateChatCompletion(ctx, req)
		if err != nil {
			return "", err
		}
		if len(resp.Choices) == 0 {
			return "", errors.New("the response has no choices")
		}
		msg := resp.Choices[0].Message
		if len(msg.ToolCalls) == 0 {
			return msg.Content, nil
		}
		req.Messages = append(req.Messages, msg)
		for _, tc := range msg.ToolCalls {
			res := tools.Call(ctx, tc.Function.Name, []byte(tc.Function.Arguments))
			text := res.Text
			if res.IsError {
				text = "error: " + text
			}
			req.Messages = append(req.Messages, openai.ChatCompletionMessage{
				Role: openai.ChatMessageRoleTool, Content: text, ToolCallID: tc.ID,
			})
		}
	}
	return "", fmt.Errorf("no answer after %d requests", maxTurns)
}
