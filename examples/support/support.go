// Package support holds the outputs the examples send back: a tool whose
// result is typed (lookup_order, output=Order), and Triage, the structured
// output a model must reply with, a union whose openai-strict,
// gemini-json and anthropic-strict documents are each one flat object.
//
// Its handler, Lookup, is a typed function that returns an Order;
// LookupOrderTool.Handle (or Bind) decodes the arguments, runs it and
// encodes the Order with EncodeOrder, which validates it and marshals it,
// so that the reply's Structured bytes, the result's structuredContent,
// always validate under the output schema. A model's structured reply is read with DecodeTriage, which
// takes null for an absent key, as openai-strict has the model write it.
package support

//go:generate go tool unionflat

import (
	"context"
	"fmt"
	"time"
)

// LookupOrder finds an order by its id.
//
//unionflat:tool name=lookup_order title="Look up an order" readonly idempotent output=Order
type LookupOrder struct {
	// ID is the order's id, such as o-1001.
	ID string `json:"id" jsonschema:"pattern=^o-[0-9]+$"`
}

// Order is an order as lookup_order returns it.
type Order struct {
	ID     string `json:"id"`
	Status Status `json:"status"`
	// Lines are the order's lines; never empty.
	Lines []Line `json:"lines" jsonschema:"minItems=1"`
	// Shipped is when the order left the warehouse, if it has.
	Shipped *time.Time `json:"shipped,omitempty"`
	// Carrier is who delivers it; null until it ships (nullable, or
	// EncodeOrder would refuse the nil that encoding/json writes as null).
	Carrier *string `json:"carrier" jsonschema:"nullable"`
}

// Line is one line of an order.
type Line struct {
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity" jsonschema:"minimum=1"`
}

// Status is where an order is.
type Status string

const (
	StatusOpen    Status = "open"
	StatusShipped Status = "shipped"
)

// Triage is a model's verdict on a support ticket.
//
//unionflat:union discriminator=action
//unionflat:schema name=triage profile=openai-strict profile=gemini-json profile=anthropic-strict
type Triage interface{ isTriage() }

// Reply answers the customer.
//
//unionflat:variant reply
type Reply struct {
	// Text is the answer to send.
	Text string `json:"text" jsonschema:"minLength=1"`
	// Order is the order the answer is about, if any.
	Order string `json:"order,omitempty"`
}

// Escalate hands the ticket to a team.
//
//unionflat:variant escalate
type Escalate struct {
	Team   string `json:"team" jsonschema:"enum=billing,enum=shipping"`
	Reason string `json:"reason"`
}

func (Reply) isTriage()    {}
func (Escalate) isTriage() {}

// orders is the example's store.
var orders = map[string]Order{
	"o-1001": {ID: "o-1001", Status: StatusOpen, Lines: []Line{{SKU: "MUG-1", Quantity: 2}}},
	"o-1002": {ID: "o-1002", Status: StatusShipped, Lines: []Line{{SKU: "TEE-3", Quantity: 1}},
		Shipped: ptr(time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC)), Carrier: ptr("DHL")},
}

func ptr[T any](v T) *T { return &v }

// Lookup handles lookup_order: an unknown id is its error, worded for
// the model. An Order it returns that breaks Order's rules is a bug here,
// which Handle reports as an error reply rather than send.
func Lookup(_ context.Context, in LookupOrder) (Order, error) {
	o, ok := orders[in.ID]
	if !ok {
		return Order{}, fmt.Errorf("there is no order %s", in.ID)
	}
	return o, nil
}
