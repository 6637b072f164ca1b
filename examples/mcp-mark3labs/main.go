// Command mcp-mark3labs is an MCP server on github.com/mark3labs/mcp-go,
// serving the example tools of package tools over standard input and
// output.
//
// Each tool is made by mcp.NewToolWithRawSchema with the flat schema's
// bytes, which the server sends unchanged. Its handler takes the arguments
// as they came over the wire from req.GetRawArguments() and decodes them
// with the generated decoder.
//
// Traps: mcp.NewTool(name, mcp.WithRawInputSchema(s)) is broken (NewTool
// presets an input schema, and marshaling the tool then fails with "has
// both InputSchema and RawInputSchema set"); req.GetArguments() is a
// map[string]any whose numbers went through float64.
package main

import (
	"context"
	"encoding/json"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/unionflat/unionflat/examples/tools"
)

func main() {
	if err := server.ServeStdio(newServer()); err != nil {
		log.Fatal(err)
	}
}

// newServer returns a server with every tool of package tools.
func newServer() *server.MCPServer {
	s := server.NewMCPServer("unionflat-example", "v0.1.0")
	for _, t := range tools.All() {
		s.AddTool(mcp.NewToolWithRawSchema(t.Name, t.Description, t.InputSchema()), handler(t))
	}
	return s
}

// handler serves t. Arguments the decoder rejects come back as
// mcp.NewToolResultError, which the model reads; returning a Go error
// instead would make a JSON-RPC error that the model never sees.
func handler(t tools.Tool) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args, err := rawArguments(req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		res := t.Call(ctx, args)
		if res.IsError {
			return mcp.NewToolResultError(res.Text), nil
		}
		return mcp.NewToolResultText(res.Text), nil
	}
}

// rawArguments returns the call's arguments as JSON. A request read from
// the wire has them as json.RawMessage, byte for byte; one built in Go and
// handed to the handler directly has whatever value its caller set.
func rawArguments(req mcp.CallToolRequest) ([]byte, error) {
	switch a := req.GetRawArguments().(type) {
	case json.RawMessage:
		return a, nil
	case nil:
		return nil, nil
	default:
		return json.Marshal(a)
	}
}
