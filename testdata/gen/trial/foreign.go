package trial

import "github.com/unionflat/unionflat/testdata/gen/trial/plans"

// Subscribe starts a subscription on a plan of another package.
//
//unionflat:tool
type Subscribe struct {
	Plan plans.Plan `json:"plan"`
}
