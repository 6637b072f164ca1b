package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/support"
	"github.com/unionflat/unionflat/examples/tools"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// recorder wraps the in-process transport and keeps the raw result of every
// response: the client decodes a tool's inputSchema into a struct that keeps
// only some keywords, which would hide what the server sent.
type recorder struct {
	transport.Interface
	calltest.Wire
}

func (r *recorder) SendRequest(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	resp, err := r.Interface.SendRequest(ctx, req)
	if err == nil {
		r.Keep(resp.Result)
	}
	return resp, err
}

// connect starts an in-process client on a fresh server.
func connect(t *testing.T, ctx context.Context) (*client.Client, *recorder) {
	t.Helper()
	rec := &recorder{Interface: transport.NewInProcessTransport(newServer())}
	c := client.NewClient(rec)
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "v0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	return c, rec
}

func TestInProcess(t *testing.T) {
	ctx := context.Background()
	c, rec := connect(t, ctx)

	t.Run("list", func(t *testing.T) {
		res, err := c.ListTools(ctx, mcp.ListToolsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Tools) != len(tools.All())+1 { // and lookup_order
			t.Errorf("listed %d tools, want %d", len(res.Tools), len(tools.All())+1)
		}
		rec.CheckListed(t)
		// Each tool's title and hints arrive as its directive gives
		// them, a hint not given not sent.
		want := map[string]unionflat.Tool{support.LookupOrderTool.Name: support.LookupOrderTool.Tool}
		for _, h := range tools.All() {
			want[h.Name] = h.Tool
		}
		for _, got := range res.Tools {
			d, ok := want[got.Name]
			a := got.Annotations
			if !ok || d.Title == "" || a.Title != d.Title || !sameHint(a.ReadOnlyHint, d.Annotations.ReadOnlyHint) ||
				!sameHint(a.DestructiveHint, d.Annotations.DestructiveHint) || !sameHint(a.IdempotentHint, d.Annotations.IdempotentHint) ||
				!sameHint(a.OpenWorldHint, d.Annotations.OpenWorldHint) {
				t.Errorf("%s: listed with title %q and annotations %+v, want the descriptor's %q and %+v", got.Name, a.Title, a, d.Title, d.Annotations)
			}
		}
	})

	for _, tc := range calltest.Calls {
		t.Run(tc.Name, func(t *testing.T) {
			req := mcp.CallToolRequest{}
			req.Params.Name = tc.Tool
			req.Params.Arguments = json.RawMessage(tc.Args)
			res, err := c.CallTool(ctx, req)
			if err != nil {
				t.Fatalf("a protocol error, not a tool result: %v", err)
			}
			var text strings.Builder
			for _, content := range res.Content {
				txt, ok := mcp.AsTextContent(content)
				if !ok {
					t.Fatalf("content %T, want text", content)
				}
				text.WriteString(txt.Text)
			}
			tc.Check(t, text.String(), res.IsError)
		})
	}
}

// TestRepeatedCall: the same rejected arguments twice, and the second
// reply says they are the same.
func TestRepeatedCall(t *testing.T) {
	req := mcp.CallToolRequest{}
	req.Params.Name = "measure_shapes"
	req.Params.Arguments = map[string]any{"shapes": []any{map[string]any{"kind": "circle"}}}
	h := handler(tools.All()[1]) // measure_shapes
	var texts []string
	for range 2 {
		res, err := h(context.Background(), req)
		if err != nil || !res.IsError {
			t.Fatalf("%+v, %v: want a tool error", res, err)
		}
		text, _ := mcp.AsTextContent(res.Content[0])
		texts = append(texts, text.Text)
	}
	if strings.Contains(texts[0], "same arguments") || !strings.Contains(texts[1], "These are the same arguments as the last call (2 times in a row)") ||
		!strings.Contains(texts[1], "radius is required when kind = circle") {
		t.Errorf("replies:\n%s\n--\n%s", texts[0], texts[1])
	}
}

// TestHandlerDirect calls a handler with a request built in Go, as a unit
// test of a tool might: the arguments are a map, not raw JSON.
func TestHandlerDirect(t *testing.T) {
	req := mcp.CallToolRequest{}
	req.Params.Name = "schedule_reminder"
	req.Params.Arguments = map[string]any{
		"note":    "lunch",
		"trigger": map[string]any{"type": "after", "minutes": 90},
	}
	res, err := handler(tools.All()[2])(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	text, ok := mcp.AsTextContent(res.Content[0])
	if res.IsError || !ok || text.Text != `reminder "lunch" scheduled in 90 minutes` {
		t.Errorf("result %+v", res)
	}
}

// sameHint reports whether two hints say the same: both unset, or both
// the same value.
func sameHint(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
