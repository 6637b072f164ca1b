package multifile

import "github.com/unionflat/unionflat/testdata/gen/multifile/shared"

// PlaceOrder places an order.
//
//unionflat:tool
type PlaceOrder struct {
	Total    shared.Money       `json:"total"`
	Ship     shared.Address     `json:"ship"`
	Payment  Payment            `json:"payment"`
	Accepted []shared.Currency  `json:"accepted,omitempty"`
	Pickup   *Address           `json:"pickup,omitempty"`
	Refund   Payment            `json:"refund" jsonschema:"nullable"`
	Split    map[string]Payment `json:"split,omitempty"`
}

// Address is a pickup point; its name clashes with shared.Address in the
// schema's $defs.
type Address struct {
	Store string `json:"store"`
}
