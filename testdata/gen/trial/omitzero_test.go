package trial

import (
	"encoding/json"
	"net/netip"
	"testing"
	"time"
)

// TestOmitZeroValidate: Validate passes exactly when decoding what
// json.Marshal wrote passes, for the values omitzero treats otherwise than
// omitempty.
func TestOmitZeroValidate(t *testing.T) {
	ok := Order{Buyer: Buyer{Name: "a"}, Grid: [2]int{1, 1}, Cost: Money{Cents: 1}, Host: netip.MustParseAddr("1.2.3.4")}
	with := func(f func(*Order)) Order { o := ok; f(&o); return o }
	for _, in := range []Order{
		{},
		ok,
		with(func(o *Order) { o.Items = []string{} }),
		with(func(o *Order) { o.Tags = map[string]int{} }),
		with(func(o *Order) { o.Tags = map[string]int{"a": 0} }),
		with(func(o *Order) { o.Buyer = Buyer{} }),
		with(func(o *Order) { o.Grid = [2]int{0, 1} }),
		with(func(o *Order) { o.Cost = Money{} }),
		with(func(o *Order) { o.Tip = &Money{} }),
		with(func(o *Order) { o.Tip = &Money{Cents: -1} }),
		with(func(o *Order) { o.Host = netip.Addr{} }),
		with(func(o *Order) { o.Host = netip.MustParseAddr("::1") }),
		with(func(o *Order) { o.Waits = []time.Duration{} }),
		with(func(o *Order) { o.Notes = []string{} }),
		with(func(o *Order) { o.Notes = []string{"a"} }),
	} {
		b, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		_, derr := DecodeOrder(b)
		if verr := in.Validate(); (verr == nil) != (derr == nil) {
			t.Errorf("%+v: Validate = %v, but decoding %s = %v", in, verr, b, derr)
		}
	}
}
