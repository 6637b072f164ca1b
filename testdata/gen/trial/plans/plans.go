// Package plans declares a struct with defaults that another package's
// tool uses: it gets no generated MarshalJSON, which only this package
// could declare.
package plans

// Tier is a plan tier.
type Tier int

const (
	TierFree Tier = iota + 1
	TierPro
)

// Plan is what a customer pays for.
type Plan struct {
	Tier  Tier `json:"tier,omitempty" jsonschema:"default=2"`
	Seats int  `json:"seats,omitempty" jsonschema:"default=5,minimum=1"`
}
