// Command mcp-mark3labs is an MCP server on github.com/mark3labs/mcp-go,
// serving the example tools of package tools over standard input and
// output.
//
// Each tool is made by mcp.NewToolWithRawSchema with the flat schema's
// bytes, which the server sends unchanged (and, for lookup_order, whose
// result is typed, RawOutputSchema with its output schema). Its handler
// takes the arguments as they came over the wire from
// req.GetRawArguments() and hands them to the generated descriptor's
// Handle, which decodes them and runs the typed handler; the reply
// becomes the CallToolResult as it is.
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

	"github.com/unionflat/unionflat/examples/support"
	"github.com/unionflat/unionflat/examples/tools"
	unionflat "github.com/unionflat/unionflat/runtime"
)

func main() {
	if err := server.ServeStdio(newServer()); err != nil {
		log.Fatal(err)
	}
}

// newServer returns a server with every tool of package tools, and
// lookup_order.
func newServer() *server.MCPServer {
	s := server.NewMCPServer("unionflat-example", "v0.1.0")
	for _, h := range tools.All() {
		s.AddTool(mcpTool(h.Tool), handler(h))
	}
	addOutputTools(s)
	return s
}

// mcpTool is t as mcp-go's Tool: its name, description and flat schema
// (sent unchanged), and its title and hints in its annotations, each
// hint sent only where the directive gives it.
func mcpTool(t unionflat.Tool) mcp.Tool {
	tool := mcp.NewToolWithRawSchema(t.Name, t.Description, t.InputSchema())
	tool.Annotations = mcp.ToolAnnotation{
		Title:           t.Title,
		ReadOnlyHint:    t.Annotations.ReadOnlyHint,
		DestructiveHint: t.Annotations.DestructiveHint,
		IdempotentHint:  t.Annotations.IdempotentHint,
		OpenWorldHint:   t.Annotations.OpenWorldHint,
	}
	return tool
}

// repeats remembers each session's last rejected arguments per tool, so
// that a model that resends them is told so.
var repeats unionflat.Repeats

// handler serves h. Arguments the decoder rejects come back as a result
// with IsError set, which the model reads; returning a Go error instead
// would make a JSON-RPC error that the model never sees. The same
// rejected arguments sent again in a session get a reply that says so
// first (see unionflat.Repeats).
func handler(h unionflat.Handler) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args, err := rawArguments(req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		key := h.Name
		if session := server.ClientSessionFromContext(ctx); session != nil {
			key = session.SessionID() + "/" + h.Name
		}
		return result(repeats.CheckReply(key, args, h.Call(ctx, args))), nil
	}
}

// addOutputTools registers lookup_order with Handle, as the README shows:
// RawOutputSchema is sent unchanged (nil, for a tool with no output, sends
// none), and the reply's structured content is what EncodeOrder wrote.
func addOutputTools(s *server.MCPServer) {
	t := support.LookupOrderTool
	tool := mcpTool(t.Tool)
	tool.RawOutputSchema = t.OutputSchema()
	s.AddTool(tool, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		raw, _ := req.GetRawArguments().(json.RawMessage) // set for requests read from JSON
		r := t.Handle(raw, func(in support.LookupOrder) (support.Order, error) { return support.Lookup(ctx, in) })
		return result(r), nil // text, isError and structuredContent
	})
}

// result is the CallToolResult of a reply: its text, its error flag and
// its structured content, if any (StructuredContent is nil, not a null
// json.RawMessage, when there is none).
func result(r unionflat.Reply) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Content:           []mcp.Content{mcp.NewTextContent(r.Text)},
		IsError:           r.IsError,
		StructuredContent: r.StructuredContent(),
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
