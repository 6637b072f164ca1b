package support

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// TestLookupReplies runs lookup_order through its typed descriptor: every
// way a call ends, and what each reply holds.
func TestLookupReplies(t *testing.T) {
	ctx := context.Background()
	serve := LookupOrderTool.Bind(Lookup).Call

	r := serve(ctx, []byte(`{"id":"o-1002"}`))
	if r.IsError || r.Err != nil || string(r.Structured) != r.Text {
		t.Fatalf("valid call: %+v", r)
	}
	var got Order
	if err := json.Unmarshal(r.Structured, &got); err != nil || got.ID != "o-1002" || *got.Carrier != "DHL" {
		t.Errorf("valid call: structured %s decodes to %+v (%v)", r.Structured, got, err)
	}

	r = serve(ctx, []byte(`"{\"id\":\"o-1001\"}"`))
	if r.IsError || !strings.Contains(string(r.Structured), `"id":"o-1001"`) {
		t.Errorf("double-serialized call: %+v", r)
	}

	r = serve(ctx, []byte(`{"id":"1001","extra":1}`))
	var problems *unionflat.Errors
	if !r.IsError || r.Structured != nil || !errors.As(r.Err, &problems) ||
		!strings.HasPrefix(r.Text, unionflat.InvalidArguments) ||
		!strings.Contains(r.Text, "/id: id must match the pattern") || !strings.Contains(r.Text, "/extra: ") {
		t.Errorf("invalid call: %+v", r)
	}

	r = serve(ctx, []byte(`{"id":"o-9"}`))
	if !r.IsError || r.Text != "there is no order o-9" || r.Structured != nil {
		t.Errorf("unknown order: %+v", r)
	}
}

// TestLookupBrokenOrder: a handler whose Order breaks Order's rules (a
// line of quantity 0, below minimum=1) gets an error reply naming the
// problem, never structured content.
func TestLookupBrokenOrder(t *testing.T) {
	r := LookupOrderTool.Handle([]byte(`{"id":"o-1"}`), func(in LookupOrder) (Order, error) {
		return Order{ID: in.ID, Status: StatusOpen, Lines: []Line{{SKU: "MUG-1", Quantity: 0}}}, nil
	})
	var broken *unionflat.OutputError
	if !r.IsError || r.Structured != nil || r.StructuredContent() != nil || !errors.As(r.Err, &broken) {
		t.Fatalf("broken order: %+v", r)
	}
	if !strings.HasPrefix(r.Text, unionflat.BrokenOutput) || !strings.Contains(r.Text, "/lines/0/quantity: ") {
		t.Errorf("broken order: text %q", r.Text)
	}
}
