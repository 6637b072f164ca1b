package main

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/unionflat/unionflat/examples/support"
)

// addOutputTools registers lookup_order, whose result is typed, with
// Handle, as the README shows: the tool advertises its output schema
// (OutputSchema, as raw JSON the server sends unchanged), and the reply
// carries what EncodeOrder wrote as structuredContent and, as MCP asks of
// a tool with structured content, the same JSON in a text block.
// EncodeOrder validates before it marshals, so the structured content
// always validates under the output schema; the generic mcp.AddTool
// would infer a schema from Order by reflection and re-marshal the result
// instead.
func addOutputTools(s *mcp.Server) {
	t := support.LookupOrderTool
	tool := mcpTool(t.Tool)
	tool.OutputSchema = json.RawMessage(t.OutputSchema())
	s.AddTool(tool,
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			r := t.Handle(req.Params.Arguments, func(in support.LookupOrder) (support.Order, error) {
				return support.Lookup(ctx, in)
			})
			return result(r), nil // text, isError and structuredContent
		})
}
