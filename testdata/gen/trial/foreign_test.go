package trial

import (
	"encoding/json"
	"testing"

	"github.com/unionflat/unionflat/testdata/gen/trial/plans"
)

// TestForeignDefaultsValidate: a struct of another package is written by
// encoding/json, whose omitempty drops a zero field with a default; the
// decoder then applies the default, so Validate, which judges what
// json.Marshal writes, passes exactly when decoding that passes.
func TestForeignDefaultsValidate(t *testing.T) {
	for _, in := range []Subscribe{
		{},
		{Plan: plans.Plan{Tier: 0, Seats: 3}},
		{Plan: plans.Plan{Tier: 3}},
		{Plan: plans.Plan{Seats: -1}},
		{Plan: plans.Plan{Tier: plans.TierFree, Seats: 1}},
	} {
		b, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		_, derr := DecodeSubscribe(b)
		if verr := in.Validate(); (verr == nil) != (derr == nil) {
			t.Errorf("%+v: Validate = %v, but decoding %s = %v", in, verr, b, derr)
		}
	}
}
