package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestCall(t *testing.T) {
	tests := []struct {
		name, tool, args string
		isError          bool
		want             []string // substrings of the result's text
	}{
		{
			name: "send_message",
			tool: "send_message",
			args: `{"channel":"ops","parts":[{"type":"text","text":"deploy done"},{"type":"picture","url":"https://example.com/g.png","alt":"graph"}]}`,
			want: []string{"posted to #ops:\ndeploy done\n![graph](https://example.com/g.png)"},
		},
		{
			name: "measure_shapes",
			tool: "measure_shapes",
			args: `{"unit":"m","shapes":[{"kind":"rect","width":2,"height":3},{"kind":"polygon","points":[{"x":0,"y":0},{"x":4,"y":0},{"x":0,"y":3}]}]}`,
			want: []string{"shape 0: area 6 m², perimeter 10 m", "shape 1: area 6 m², perimeter 12 m", "total area: 12 m²"},
		},
		{
			name: "double-serialized union array",
			tool: "measure_shapes",
			args: `{"shapes":"[{\"kind\":\"rectangle\",\"width\":1.5,\"height\":2}]"}`,
			want: []string{"shape 0: area 3 cm²", "total area: 3 cm²"},
		},
		{
			name: "double-serialized union object",
			tool: "schedule_reminder",
			args: `{"note":"standup","trigger":"{\"type\":\"every\",\"minutes\":1440,\"times\":5}"}`,
			want: []string{`reminder "standup" scheduled every 1440 minutes, 5 times`},
		},
		{
			name: "integer beyond 2^53 stays exact",
			tool: "schedule_reminder",
			args: `{"note":"reply","trigger":{"type":"at","time":"2026-03-01T09:00:00+01:00"},"message_id":9007199254740993}`,
			want: []string{`scheduled at 2026-03-01T09:00:00+01:00 about message 9007199254740993`},
		},
		{
			name:    "every problem by pointer",
			tool:    "measure_shapes",
			args:    `{"shapes":[{"kind":"circle"},{"kind":"rect","width":2,"height":3,"radius":1}],"unit":"km"}`,
			isError: true,
			want: []string{
				"/shapes/0/radius: radius is required when kind = circle",
				"/shapes/1/radius: radius is not allowed when kind = rect",
				"/unit: ",
			},
		},
		{
			name:    "absent arguments",
			tool:    "schedule_reminder",
			args:    ``,
			isError: true,
			want:    []string{"/note: ", "/trigger: "},
		},
		{
			name:    "unknown tool",
			tool:    "launch_rockets",
			args:    `{}`,
			isError: true,
			want:    []string{`there is no tool "launch_rockets"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Call(context.Background(), tt.tool, []byte(tt.args))
			if res.IsError != tt.isError {
				t.Errorf("IsError = %v, want %v; text:\n%s", res.IsError, tt.isError, res.Text)
			}
			for _, w := range tt.want {
				if !strings.Contains(res.Text, w) {
					t.Errorf("text lacks %q:\n%s", w, res.Text)
				}
			}
		})
	}
}

// TestAdvertised checks what every example advertises: a flat schema that
// is a JSON object of type object with no combinator at any depth.
func TestAdvertised(t *testing.T) {
	names := map[string]bool{}
	for _, tool := range All() {
		if names[tool.Name] {
			t.Errorf("tool %s listed twice", tool.Name)
		}
		names[tool.Name] = true
		var schema map[string]any
		if err := json.Unmarshal(tool.InputSchema(), &schema); err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		if schema["type"] != "object" {
			t.Errorf("%s: type = %v, want object", tool.Name, schema["type"])
		}
		for _, k := range []string{`"oneOf"`, `"anyOf"`, `"allOf"`} {
			if strings.Contains(tool.FlatSchema, k) {
				t.Errorf("%s: flat schema holds %s", tool.Name, k)
			}
		}
		if tool.Description == "" {
			t.Errorf("%s: no description", tool.Name)
		}
	}
	if len(names) != 3 {
		t.Errorf("%d tools, want 3", len(names))
	}
}
