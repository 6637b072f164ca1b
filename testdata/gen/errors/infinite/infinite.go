// Package infinite declares types whose required fields hold another
// value like them, without end: no finite value passes.
package infinite

// Chain requires the next link, which requires the next.
//
//unionflat:tool
type Chain struct {
	Name string `json:"name"`
	Next *Chain `json:"next"`
}

// Ping and Pong require each other.
//
//unionflat:tool
type Ping struct {
	Pong Pong `json:"pong"`
}

type Pong struct {
	Ping *Ping `json:"ping"`
}

// Pair is always two more pairs.
type Pair [2]*Pair

// Pairs requires a Pair, and at least one Chain.
//
//unionflat:tool
type Pairs struct {
	Pair   Pair    `json:"pair"`
	Chains []Chain `json:"chains" jsonschema:"minItems=1"`
}

// Fine may stop: optional, nullable, an empty slice, a union with a
// variant that ends.
//
//unionflat:tool
type Fine struct {
	Next   *Fine   `json:"next,omitempty"`
	Prev   *Fine   `json:"prev" jsonschema:"nullable"`
	Kids   []Fine  `json:"kids"`
	Step   Step    `json:"step"`
	Chains []Chain `json:"chains"`
}

//unionflat:union
type Step interface{ isStep() }

// Stop ends.
type Stop struct{}

// Then goes on.
type Then struct {
	Next Step `json:"next"`
}

func (Stop) isStep() {}
func (Then) isStep() {}
