package multifile

import "github.com/unionflat/unionflat/testdata/gen/multifile/shared"

// Card pays by card.
//
//unionflat:variant card
type Card struct {
	Number  string          `json:"number" jsonschema:"pattern=^[0-9]{12\\,19}$"`
	Billing *shared.Address `json:"billing,omitempty"`
}

func (Card) isPayment() {}
