// Command eino serves the example tools of package tools as
// github.com/cloudwego/eino tools, and runs one tool call through eino's
// ToolsNode, offline:
//
//	go run ./eino measure_shapes '{"shapes":[{"kind":"circle","radius":1}]}'
//
// Each tool's ToolInfo carries the flat schema, unmarshalled into eino's
// *jsonschema.Schema (eino-contrib's fork of invopop's type) and set with
// schema.NewParamsOneOfByJSONSchema; its properties keep their order.
// InvokableRun receives the model's arguments as raw text, which the
// tool's Handle takes as it is: exact integers, double-serialized
// arguments repaired, then the typed handler.
//
// A call the decoder rejects returns its problems as the tool's result
// text (prefixed "error: "), not as a Go error: eino's ToolsNode turns an
// error into a failed run, and the model never sees it.
//
// Typed is the other way eino offers: utils.NewTool with
// utils.WithUnmarshalArguments as the decoding hook. There a decoding
// error is a Go error, so the tool must be wrapped with
// utils.WrapInvokableToolWithErrorHandler for the model to read it.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"

	"github.com/unionflat/unionflat/examples/tools"
	unionflat "github.com/unionflat/unionflat/runtime"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: eino tool arguments")
		os.Exit(2)
	}
	ctx := context.Background()
	node, err := toolsNode(ctx)
	if err != nil {
		log.Fatal(err)
	}
	out, err := node.Invoke(ctx, schema.AssistantMessage("", []schema.ToolCall{
		{ID: "call_1", Function: schema.FunctionCall{Name: os.Args[1], Arguments: os.Args[2]}},
	}))
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range out {
		fmt.Println(m.Content)
	}
}

// toolsNode is an eino ToolsNode with every tool of package tools.
func toolsNode(ctx context.Context) (*compose.ToolsNode, error) {
	var all []tool.BaseTool
	for _, t := range tools.All() {
		et, err := newTool(t)
		if err != nil {
			return nil, err
		}
		all = append(all, et)
	}
	return compose.NewToolNode(ctx, &compose.ToolsNodeConfig{Tools: all})
}

// einoTool is one tool of package tools as an eino InvokableTool.
type einoTool struct {
	t    unionflat.Handler
	info *schema.ToolInfo
}

// newTool wraps t for eino.
func newTool(t unionflat.Handler) (tool.InvokableTool, error) {
	info, err := toolInfo(t)
	if err != nil {
		return nil, err
	}
	return einoTool{t: t, info: info}, nil
}

// toolInfo is t's name, description and flat schema in eino's types.
func toolInfo(t unionflat.Handler) (*schema.ToolInfo, error) {
	var s jsonschema.Schema
	if err := json.Unmarshal(t.InputSchema(), &s); err != nil {
		return nil, fmt.Errorf("%s: %w", t.Name, err)
	}
	return &schema.ToolInfo{Name: t.Name, Desc: t.Description, ParamsOneOf: schema.NewParamsOneOfByJSONSchema(&s)}, nil
}

func (e einoTool) Info(context.Context) (*schema.ToolInfo, error) { return e.info, nil }

// InvokableRun serves the raw arguments with the tool's Handle (through
// the Handler Bind made): the generated decoder, then the typed handler.
// A call the decoder rejects is a result the model reads, never a Go
// error.
func (e einoTool) InvokableRun(ctx context.Context, argumentsInJSON string, _ ...tool.Option) (string, error) {
	res := e.t.Call(ctx, []byte(argumentsInJSON))
	if res.IsError {
		return "error: " + res.Text, nil
	}
	return res.Text, nil
}

// typedReminder is schedule_reminder the typed way: eino decodes the
// arguments with the hook, the handler gets a tools.ScheduleReminder,
// and the error handler turns a decoding error into a result.
func typedReminder() (tool.InvokableTool, error) {
	info, err := toolInfo(tools.All()[2])
	if err != nil {
		return nil, err
	}
	t := utils.NewTool(info, func(_ context.Context, in tools.ScheduleReminder) (string, error) {
		return fmt.Sprintf("reminder %q about message %d", in.Note, in.MessageID), nil
	}, utils.WithUnmarshalArguments(func(_ context.Context, arguments string) (any, error) {
		return tools.DecodeScheduleReminder([]byte(arguments))
	}))
	return utils.WrapInvokableToolWithErrorHandler(t, func(_ context.Context, err error) string {
		return "error: " + err.Error()
	}), nil
}
