package main

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/support"
	"github.com/unionflat/unionflat/internal/schematest"
)

// TestOutputSchema talks to the server through the SDK's own client: the
// tools/list result carries lookup_order's output schema exactly as
// generated, and a call's structuredContent validates under it (formats
// asserted), with the same JSON in the text block. A call the decoder
// rejects is an error result with no structured content.
func TestOutputSchema(t *testing.T) {
	ctx := context.Background()
	cs, rec := connectInMemory(t, ctx)

	if _, err := cs.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	wire := rec.Listed(t, "outputSchema")
	got, ok := wire[support.LookupOrderTool.Name]
	if !ok {
		t.Fatalf("tools/list carries no outputSchema for %s", support.LookupOrderTool.Name)
	}
	if want := calltest.Compact(t, support.LookupOrderTool.OutputSchema()); string(calltest.Compact(t, got)) != string(want) {
		t.Errorf("outputSchema on the wire\n%s\nwant\n%s", got, want)
	}
	schema := schematest.Validator(t, got)

	for _, id := range []string{"o-1001", "o-1002"} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "lookup_order", Arguments: json.RawMessage(`{"id":"` + id + `"}`)})
		if err != nil {
			t.Fatal(err)
		}
		if res.IsError || res.StructuredContent == nil {
			t.Fatalf("%s: IsError %v, structuredContent %v", id, res.IsError, res.StructuredContent)
		}
		data, err := json.Marshal(res.StructuredContent)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := schematest.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(doc); err != nil {
			t.Errorf("%s: structuredContent %s does not validate under the output schema: %v", id, data, err)
		}
		// The client decodes structuredContent into a map: compare values.
		var fromText any
		if err := json.Unmarshal([]byte(text(t, res)), &fromText); err != nil || !reflect.DeepEqual(fromText, res.StructuredContent) {
			t.Errorf("%s: text block %s is not the structured content %s (%v)", id, text(t, res), data, err)
		}
	}

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "lookup_order", Arguments: json.RawMessage(`{"id":"1001"}`)})
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError || res.StructuredContent != nil || !strings.Contains(text(t, res), "/id: id must match the pattern") {
		t.Errorf("invalid call: IsError %v, structuredContent %v, text %q", res.IsError, res.StructuredContent, text(t, res))
	}
}
