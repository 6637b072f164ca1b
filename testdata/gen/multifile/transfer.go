package multifile

import "github.com/unionflat/unionflat/testdata/gen/multifile/shared"

// Transfer pays by bank transfer.
//
//unionflat:variant transfer,wire
type Transfer struct {
	IBAN  string         `json:"iban"`
	Limit shared.Money   `json:"limit"`
	Payer shared.Address `json:"payer"`
	Speed Speed          `json:"speed,omitempty"`
}

func (*Transfer) isPayment() {}

// SpeedInstant settles at once.
const SpeedInstant Speed = "instant"
