// Command anthropic lets a Claude model use the example tools of package
// tools through the Messages API, with
// github.com/anthropics/anthropic-sdk-go/v2:
//
//	ANTHROPIC_API_KEY=... go run ./anthropic 'Remind me about the standup in 15 minutes.'
//
// Each tool's input_schema is the flat schema's bytes, set with
// param.Override so that they go out unchanged; a ToolInputSchemaParam
// filled from the schema would hold its properties in a map, and send them
// with their keys sorted. The model's arguments arrive in
// ToolUseBlock.Input, a json.RawMessage holding the bytes it sent, which
// tools.Call hands as they are to the tool's Handle: the generated
// decoder, then the typed handler. (The beta API's
// BetaToolUseBlock.Input is an any, decoded through float64: avoid it for
// tools with large integers.)
//
// With -triage, the prompt is a support ticket and Claude replies with a
// structured output, the union support.Triage (see structured.go).
//
// A call the decoder rejects is answered with a tool_result whose is_error
// is set and whose text names every problem by JSON Pointer, so the model
// can correct its call in the next turn.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/unionflat/unionflat/examples/tools"
)

// maxTurns bounds the requests one prompt may take.
const maxTurns = 8

func main() {
	model := flag.String("model", anthropic.ModelClaudeHaiku5_5, "the model to ask")
	asTicket := flag.Bool("triage", false, "triage the prompt as a support ticket, as a structured output (structured.go)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: anthropic [-model name] [-triage] prompt...")
		os.Exit(2)
	}
	if *asTicket {
		verdict, err := triage(context.Background(), anthropic.NewClient(), *model, strings.Join(flag.Args(), " "))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%#v\n", verdict)
		return
	}
	answer, err := converse(context.Background(), anthropic.NewClient(), *model, strings.Join(flag.Args(), " "))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(answer)
}

// toolParams returns every tool of package tools as a client tool.
func toolParams() []anthropic.ToolUnionParam {
	var out []anthropic.ToolUnionParam
	for _, t := range tools.All() {
		out = append(out, anthropic.ToolUnionParam{OfTool: &anthropic.ToolParam{
			Name:        t.Name,
			Description: anthropic.String(t.Description),
			InputSchema: param.Override[anthropic.ToolInputSchemaParam](json.RawMessage(t.InputSchema())),
		}})
	}
	return out
}

// converse sends prompt to the model, runs every tool it uses and sends
// back the results, until it answers in text.
func converse(ctx context.Context, client anthropic.Client, model, prompt string) (string, error) {
	params := anthropic.MessageNewParams{
		Model:     model,
		MaxTokens: 1024,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(prompt))},
		Tools:     toolParams(),
	}
	for range maxTurns {
		msg, err := client.Messages.New(ctx, params)
		if err != nil {
			return "", err
		}
		var results []anthropic.ContentBlockParamUnion
		var text strings.Builder
		for _, block := range msg.Content {
			switch b := block.AsAny().(type) {
			case anthropic.TextBlock:
				text.WriteString(b.Text)
			case anthropic.ToolUseBlock:
				res := tools.Call(ctx, b.Name, b.Input)
				results = append(results, anthropic.NewToolResultBlock(b.ID, res.Text, res.IsError))
			}
		}
		if len(results) == 0 {
			return text.String(), nil
		}
		params.Messages = append(params.Messages, msg.ToParam(), anthropic.NewUserMessage(results...))
	}
	return "", fmt.Errorf("no answer after %d requests", maxTurns)
}
