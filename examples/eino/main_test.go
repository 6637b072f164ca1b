package main

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/tools"
)

// TestToolInfo checks what eino hands a chat model: each tool's schema,
// from ParamsOneOf.ToJSONSchema as a model component marshals it, is the
// flat schema with nothing lost, properties in their order.
func TestToolInfo(t *testing.T) {
	for _, tool := range tools.All() {
		et, err := newTool(tool)
		if err != nil {
			t.Fatal(err)
		}
		info, err := et.Info(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if info.Name != tool.Name || info.Desc != tool.Description {
			t.Errorf("info %s %q, want %s %q", info.Name, info.Desc, tool.Name, tool.Description)
		}
		js, err := info.ParamsOneOf.ToJSONSchema()
		if err != nil {
			t.Fatal(err)
		}
		sent, err := json.Marshal(js)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(calltest.Generic(t, sent), calltest.Generic(t, tool.InputSchema())) {
			t.Errorf("%s: through eino's jsonschema.Schema\n%s\nbecame\n%s", tool.Name, tool.InputSchema(), sent)
		}
		if got, want := calltest.PropertyNames(t, sent), calltest.PropertyNames(t, tool.InputSchema()); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: properties in the order %v, want %v", tool.Name, got, want)
		}
	}
}

// invoke runs one tool call through node and returns the text of the tool
// message, which is all the model gets to see.
func invoke(t *testing.T, node *compose.ToolsNode, tool, args string) string {
	t.Helper()
	out, err := node.Invoke(context.Background(), schema.AssistantMessage("", []schema.ToolCall{
		{ID: "call_1", Type: "function", Function: schema.FunctionCall{Name: tool, Arguments: args}},
	}))
	if err != nil {
		t.Fatalf("the run failed instead of answering the model: %v", err)
	}
	if len(out) != 1 || out[0].Role != schema.Tool || out[0].ToolCallID != "call_1" {
		t.Fatalf("messages %+v, want one tool message for call_1", out)
	}
	return out[0].Content
}

// TestToolCalls runs the canned calls through eino's ToolsNode.
func TestToolCalls(t *testing.T) {
	node, err := toolsNode(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range calltest.Calls {
		t.Run(c.Name, func(t *testing.T) {
			text := invoke(t, node, c.Tool, c.Args)
			c.CheckText(t, text)
		})
	}
}

// TestTyped runs schedule_reminder the typed way, decoded by the
// utils.WithUnmarshalArguments hook: exact integers, a double-serialized
// union, and a rejected call whose problems reach the model through the
// error handler.
func TestTyped(t *testing.T) {
	typed, err := typedReminder()
	if err != nil {
		t.Fatal(err)
	}
	node, err := compose.NewToolNode(context.Background(), &compose.ToolsNodeConfig{Tools: []tool.BaseTool{typed}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ args, want string }{
		{`{"note":"reply","trigger":{"type":"in","minutes":30},"message_id":9007199254740993}`,
			`reminder "reply" about message 9007199254740993`},
		{`{"note":"standup","trigger":"{\"type\":\"every\",\"minutes\":1440}"}`, `reminder "standup" about message 0`},
		{`{"note":"","trigger":{"type":"every","minutes":1}}`, "/note: "},
	} {
		text := invoke(t, node, "schedule_reminder", tc.args)
		if !strings.Contains(text, tc.want) {
			t.Errorf("%s: result %q lacks %q", tc.args, text, tc.want)
		}
	}
	text := invoke(t, node, "schedule_reminder", `{"note":"","trigger":{"type":"every","minutes":1}}`)
	if !strings.HasPrefix(text, "error: ") || !strings.Contains(text, "/trigger/minutes: ") {
		t.Errorf("result %q: want an error naming /note and /trigger/minutes", text)
	}
}
