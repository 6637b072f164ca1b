// Package shared declares types that another package's tool uses.
package shared

// Currency is an ISO 4217 code.
type Currency string

// The currencies.
const (
	EUR Currency = "EUR"
	USD Currency = "USD"
)

// Address is a postal address.
type Address struct {
	// Street and number.
	Street  string `json:"street"`
	Country string `json:"country" jsonschema:"minLength=2,maxLength=2"`
}

// Money is an amount in a currency.
type Money struct {
	Amount   int64    `json:"amount" jsonschema:"minimum=0"`
	Currency Currency `json:"currency"`
}
