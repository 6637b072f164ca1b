package trial

import (
	"net/netip"
	"time"
)

// Money is an amount, zero when it has no cents.
type Money struct {
	Cents int `json:"cents" jsonschema:"minimum=1"`
}

// IsZero is what encoding/json asks of a field tagged omitzero.
func (m Money) IsZero() bool { return m.Cents == 0 }

// Buyer is a comparable struct with a rule.
type Buyer struct {
	Name string `json:"name" jsonschema:"minLength=1"`
}

// Order is written with omitzero, which leaves out other values than
// omitempty does: an empty slice or map is written, a zero struct or
// array is not, and a type's IsZero decides for it.
//
//unionflat:tool
type Order struct {
	Items []string        `json:"items,omitzero" jsonschema:"minItems=1"`
	Tags  map[string]int  `json:"tags,omitzero" jsonschema:"minimum=1"`
	Buyer Buyer           `json:"buyer,omitzero"`
	Grid  [2]int          `json:"grid,omitzero" jsonschema:"minimum=1"`
	Cost  Money           `json:"cost,omitzero"`
	Tip   *Money          `json:"tip,omitzero"`
	Host  netip.Addr      `json:"host,omitzero" jsonschema:"format=ipv4"`
	Waits []time.Duration `json:"waits,omitzero" jsonschema:"minItems=1"`
	Notes []string        `json:"notes,omitempty,omitzero" jsonschema:"minItems=2"`
}
