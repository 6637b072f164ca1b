// Command mcp-gosdk is an MCP server on the official Go SDK,
// github.com/modelcontextprotocol/go-sdk, serving the example tools of
// package tools over standard input and output.
//
// Each tool is registered with the low-level Server.AddTool and the flat
// schema's bytes as a json.RawMessage, which the server sends unchanged.
// Its handler hands the arguments, exactly as the client sent them in
// req.Params.Arguments, to the generated descriptor's Handle (through
// the Handler that Bind made), which decodes them and runs the typed
// handler; the reply becomes the CallToolResult as it is.
//
// The generic mcp.AddTool is the trap to avoid: it validates the arguments
// against the advertised schema itself, injects the schema's defaults, and
// re-marshals the arguments through map[string]any, so integers beyond 2^53
// are rounded before the handler sees them.
package main

import (
	"context"
	"encoding/json"
	"log"
	"os"
	"os/signal"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/unionflat/unionflat/examples/tools"
	unionflat "github.com/unionflat/unionflat/runtime"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := newServer().Run(ctx, &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}

// newServer returns a server with every tool of package tools, and
// lookup_order, whose result is typed (see output.go).
func newServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "unionflat-example", Version: "v0.1.0"}, nil)
	for _, h := range tools.All() {
		s.AddTool(mcpTool(h.Tool), handler(h))
	}
	addOutputTools(s)
	return s
}

// mcpTool is t as go-sdk's Tool: its name, title, description, flat
// schema (sent unchanged) and annotations.
func mcpTool(t unionflat.Tool) *mcp.Tool {
	return &mcp.Tool{
		Name:        t.Name,
		Title:       t.Title,
		Description: t.Description,
		InputSchema: json.RawMessage(t.InputSchema()),
		Annotations: annotations(t.Annotations),
	}
}

// annotations are a tool's hints as go-sdk's ToolAnnotations, nil when
// it gives none. go-sdk has readOnlyHint and idempotentHint as plain
// bools, which it always sends: a hint not given goes out as false, the
// protocol's default for both.
func annotations(a unionflat.Annotations) *mcp.ToolAnnotations {
	if a == (unionflat.Annotations{}) {
		return nil
	}
	return &mcp.ToolAnnotations{
		ReadOnlyHint:    a.ReadOnlyHint != nil && *a.ReadOnlyHint,
		DestructiveHint: a.DestructiveHint,
		IdempotentHint:  a.IdempotentHint != nil && *a.IdempotentHint,
		OpenWorldHint:   a.OpenWorldHint,
	}
}

// handler serves h. Arguments the decoder rejects come back as a result
// with IsError set, which the model reads; returning a Go error instead
// would make a JSON-RPC error that the model never sees.
func handler(h unionflat.Handler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return result(h.Call(ctx, req.Params.Arguments)), nil
	}
}

// result is the CallToolResult of a reply: its text, its error flag and
// its structured content, if any (StructuredContent is nil, not a null
// json.RawMessage, when there is none). When the decoder repaired the
// arguments (a number in quotes, say), the model reads what was repaired
// in a second text block, so that its next call is clean; the first
// block stays the result alone.
func result(r unionflat.Reply) *mcp.CallToolResult {
	content := []mcp.Content{&mcp.TextContent{Text: r.Text}}
	if note := r.Repairs.Note(); note != "" && !r.IsError {
		content = append(content, &mcp.TextContent{Text: note})
	}
	return &mcp.CallToolResult{
		Content:           content,
		IsError:           r.IsError,
		StructuredContent: r.StructuredContent(),
	}
}
