package schematest

import (
	"reflect"
	"testing"
)

// OnePassTakes holds a tool's one-pass read to its purpose on the
// instances Differential draws from schema: what it takes, the decoder
// (decode, the tool without repairs) accepts with nothing repaired, to
// the same value, and it takes at least share of what the decoder
// accepts. onePass reads an input with the one-pass read alone (the
// generated ufReadT, which a test of the package can call) and reports
// whether it took it.
func OnePassTakes(t *testing.T, schema string, share float64, decode func([]byte) Decoded, onePass func([]byte) (any, bool),
	tolerate func(data []byte, parsed any, err error) (string, bool)) {
	t.Helper()
	var accepted, taken int
	Differential{
		Schema: []byte(schema), Seed: 12, Rounds: 2000, Tolerate: tolerate,
		Decode: func(b []byte) Decoded {
			got := decode(b)
			clean := got.Err == nil && len(got.Repairs) == 0
			if clean {
				accepted++
			}
			if x, ok := onePass(b); ok {
				taken++
				if !clean || !reflect.DeepEqual(x, got.Value) {
					t.Errorf("%s: the one-pass read took %#v; the decoder read %s", b, x, describe(got))
				}
			}
			return got
		},
	}.Run(t)
	t.Logf("the one-pass read took %d of the %d instances the decoder accepted", taken, accepted)
	if float64(taken) < share*float64(accepted) {
		t.Errorf("the one-pass read took only %d of %d valid instances", taken, accepted)
	}
}
