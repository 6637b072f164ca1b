// Command mcp-gosdk is an MCP server on the official Go SDK,
// github.com/modelcontextprotocol/go-sdk, serving the example tools of
// package tools over standard input and output.
//
// Each tool is registered with the low-level Server.AddTool and the flat
// schema's bytes as a json.RawMessage, which the server sends unchanged.
// Its handler gets the arguments exactly as the client sent them, in
// req.Params.Arguments, and decodes them with the generated decoder.
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
	for _, t := range tools.All() {
		s.AddTool(&mcp.Tool{
			Name:        t.Name,
			Description: t.Description,
			InputSchema: json.RawMessage(t.InputSchema()),
		}, handler(t))
	}
	addOutputTools(s)
	return s
}

// handler serves t. Arguments the decoder rejects come back as a result
// with IsError set, which the model reads; returning a Go error instead
// would make a JSON-RPC error that the model never sees.
func handler(t tools.Tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := t.Call(ctx, req.Params.Arguments)
		return &mcp.CallToolResult{
			Content: []mcp.Content{&mcp.TextContent{Text: res.Text}},
			IsError: res.IsError,
		}, nil
	}
}
