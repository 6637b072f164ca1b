package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/tools"
)

// recorder wraps the in-process transport and keeps the raw result of every
// response: the client decodes a tool's inputSchema into a struct that keeps
// only some keywords, which would hide what the server sent.
type recorder struct {
	transport.Interface
	mu      sync.Mutex
	results []json.RawMessage
}

func (r *recorder) SendRequest(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	resp, err := r.Interface.SendRequest(ctx, req)
	if err == nil && resp.Result != nil {
		r.mu.Lock()
		r.results = append(r.results, bytes.Clone(resp.Result))
		r.mu.Unlock()
	}
	return resp, err
}

// wireSchemas returns each tool's inputSchema exactly as the server sent it
// in the last tools/list result.
func (r *recorder) wireSchemas(t *testing.T) map[string]json.RawMessage {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.results) - 1; i >= 0; i-- {
		var list struct {
			Tools []struct {
				Name        string          `json:"name"`
				InputSchema json.RawMessage `json:"inputSchema"`
			} `json:"tools"`
		}
		if json.Unmarshal(r.results[i], &list) != nil || list.Tools == nil {
			continue
		}
		schemas := map[string]json.RawMessage{}
		for _, tool := range list.Tools {
			schemas[tool.Name] = tool.InputSchema
		}
		return schemas
	}
	t.Fatal("the client got no tools/list result")
	return nil
}

func compact(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
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
		wire := rec.wireSchemas(t)
		for _, tool := range tools.All() {
			got, ok := wire[tool.Name]
			if !ok {
				t.Errorf("tools/list lacks %s", tool.Name)
				continue
			}
			if want := compact(t, tool.InputSchema()); !bytes.Equal(compact(t, got), want) {
				t.Errorf("%s: inputSchema on the wire\n%s\nwant the flat schema\n%s", tool.Name, got, want)
			}
			for _, k := range []string{`"oneOf"`, `"anyOf"`} {
				if bytes.Contains(got, []byte(k)) {
					t.Errorf("%s: inputSchema holds %s", tool.Name, k)
				}
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
