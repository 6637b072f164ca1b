package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/support"
	"github.com/unionflat/unionflat/internal/schematest"
)

// TestOutputSchema talks to the server through the SDK's in-process
// client: tools/list carries lookup_order's output schema exactly as
// generated, a call's structuredContent, as the server wrote it,
// validates under it with the same JSON in the text block, and a call
// the decoder rejects is an error result with no structured content.
func TestOutputSchema(t *testing.T) {
	ctx := context.Background()
	c, rec := connect(t, ctx)
	if _, err := c.ListTools(ctx, mcp.ListToolsRequest{}); err != nil {
		t.Fatal(err)
	}
	listed := rec.Listed(t, "outputSchema")
	got, ok := listed[support.LookupOrderTool.Name]
	if want := calltest.Compact(t, support.LookupOrderTool.OutputSchema()); !ok || !bytes.Equal(calltest.Compact(t, got), want) {
		t.Fatalf("outputSchema on the wire\n%s\nwant\n%s", got, want)
	}
	if len(listed) != 1 {
		t.Errorf("tools with an outputSchema: %d, want lookup_order alone", len(listed))
	}
	schema := schematest.Validator(t, got)

	for _, id := range []string{"o-1001", "o-1002"} {
		res := callLookup(t, ctx, c, `{"id":"`+id+`"}`)
		var wire struct {
			StructuredContent json.RawMessage `json:"structuredContent"`
			IsError           bool            `json:"isError"`
		}
		if err := json.Unmarshal(rec.Last(t), &wire); err != nil || wire.IsError || wire.StructuredContent == nil {
			t.Fatalf("%s: result %s (%v)", id, rec.Last(t), err)
		}
		if err := schema.Validate(schematest.MustParse(t, wire.StructuredContent)); err != nil {
			t.Errorf("%s: structuredContent %s does not validate under the output schema: %v", id, wire.StructuredContent, err)
		}
		if txt, ok := mcp.AsTextContent(res.Content[0]); !ok || !bytes.Equal(calltest.Compact(t, []byte(txt.Text)), calltest.Compact(t, wire.StructuredContent)) {
			t.Errorf("%s: text block %v is not the structured content %s", id, res.Content[0], wire.StructuredContent)
		}
	}

	res := callLookup(t, ctx, c, `{"id":"1001"}`)
	txt, _ := mcp.AsTextContent(res.Content[0])
	if !res.IsError || res.StructuredContent != nil || txt == nil || !strings.Contains(txt.Text, "/id: id must match the pattern") {
		t.Errorf("invalid call: %+v", res)
	}
}

// callLookup calls lookup_order with args.
func callLookup(t *testing.T, ctx context.Context, c interface {
	CallTool(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error)
}, args string) *mcp.CallToolResult {
	t.Helper()
	req := mcp.CallToolRequest{}
	req.Params.Name = support.LookupOrderTool.Name
	req.Params.Arguments = json.RawMessage(args)
	res, err := c.CallTool(ctx, req)
	if err != nil {
		t.Fatalf("a protocol error, not a tool result: %v", err)
	}
	return res
}
