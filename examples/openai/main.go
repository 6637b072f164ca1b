// Command openai lets an OpenAI model use the example tools of package
// tools through Chat Completions, with github.com/openai/openai-go/v3:
//
//	OPENAI_API_KEY=... go run ./openai 'What is the area of a 2 m by 3 m rectangle?'
//
// Each tool is a function tool whose parameters are the flat schema's
// bytes, set with SetExtraFields as a json.RawMessage so that they go out
// unchanged. FunctionDefinitionParam.Parameters is a map[string]any, and a
// schema put there goes out with its keys sorted. The model's arguments
// arrive as a string, which tools.Call hands as it is to the tool's Handle:
// the generated decoder, then the typed handler.
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

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"

	"github.com/unionflat/unionflat/examples/tools"
)

// maxTurns bounds the requests one prompt may take.
const maxTurns = 8

func main() {
	model := flag.String("model", openai.ChatModelGPT5_4Mini, "the model to ask")
	asTicket := flag.Bool("triage", false, "triage the prompt as a support ticket, as a structured output (structured.go)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: openai [-model name] [-triage] prompt...")
		os.Exit(2)
	}
	if *asTicket {
		verdict, err := triage(context.Background(), openai.NewClient(), *model, strings.Join(flag.Args(), " "))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%#v\n", verdict)
		return
	}
	answer, err := converse(context.Background(), openai.NewClient(), *model, strings.Join(flag.Args(), " "))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(answer)
}

// functionTools returns every tool of package tools as a function tool.
func functionTools() []openai.ChatCompletionToolUnionParam {
	var out []openai.ChatCompletionToolUnionParam
	for _, t := range tools.All() {
		fn := shared.FunctionDefinitionParam{
			Name:        t.Name,
			Description: openai.String(t.Description),
			Strict:      openai.Bool(false), // the flat schema is not OpenAI's strict subset
		}
		fn.SetExtraFields(map[string]any{"parameters": json.RawMessage(t.InputSchema())})
		out = append(out, openai.ChatCompletionFunctionTool(fn))
	}
	return out
}

// converse sends prompt to the model, runs every tool call it makes and
// sends back the results, until it answers in text.
func converse(ctx context.Context, client openai.Client, model, prompt string) (string, error) {
	params := openai.ChatCompletionNewParams{
		Model:    model,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage(prompt)},
		Tools:    functionTools(),
	}
	for range maxTurns {
		resp, err := client.Chat.Completions.New(ctx, params)
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
		params.Messages = append(params.Messages, msg.ToParam())
		for _, tc := range msg.ToolCalls {
			fc := tc.AsFunction()
			res := tools.Call(ctx, fc.Function.Name, []byte(fc.Function.Arguments))
			text := res.Text
			if res.IsError {
				text = "error: " + text
			}
			params.Messages = append(params.Messages, openai.ToolMessage(text, fc.ID))
		}
	}
	return "", fmt.Errorf("no answer after %d requests", maxTurns)
}
