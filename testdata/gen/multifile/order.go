package multifile

import "github.com/unionflat/unionflat/testdata/gen/multifile/shared"

// PlaceOrder places an order.
//
//unionflat:tool
type PlaceOrder struct {
	Total    shared.Money      `json:"total"`
	Ship     shared.Address    `json:"ship"`
	Payment  Payment           `json:"payment"`
	Accepted []shared.Currency `json:"accepted,omitempty"`
}
