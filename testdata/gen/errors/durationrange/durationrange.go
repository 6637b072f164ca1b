// Package durationrange bounds durations so that none can pass, and
// gives them a const, which the schema would compare as text while the
// decoder reads a length of time.
package durationrange

import "time"

//unionflat:tool
type Wait struct {
	Backwards time.Duration   `json:"backwards" jsonschema:"minimum=2h,maximum=1h"`
	Touching  time.Duration   `json:"touching" jsonschema:"exclusiveMinimum=1s,maximum=1s"`
	Items     []time.Duration `json:"items" jsonschema:"exclusiveMinimum=1m,exclusiveMaximum=60s"`
	Fixed     time.Duration   `json:"fixed" jsonschema_extras:"const=5m"`
	Fixeds    []time.Duration `json:"fixeds" jsonschema_extras:"const=1s"`
	// One nanosecond is left between the exclusive bounds: no diagnostic.
	Narrow time.Duration `json:"narrow" jsonschema:"exclusiveMinimum=1ns,exclusiveMaximum=3ns"`
}
