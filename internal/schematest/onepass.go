package schematest

import (
	"reflect"
	"testing"

	"github.com/unionflat/unionflat/internal/readmode"
)

// OnePassAgrees reads data with a tool's one-pass read alone (onePass:
// the generated ufReadT, which a test of the package can call; it
// reports whether the read took data) and with its decoder alone
// (decode, run with the one-pass read switched off), and fails t when
// the one-pass read takes what the decoder rejects, repairs or reads to
// another value. It returns the decoder's outcome and whether the
// one-pass read took data.
func OnePassAgrees(t testing.TB, data []byte, decode func([]byte) Decoded, onePass func([]byte) (any, bool)) (Decoded, bool) {
	t.Helper()
	x, took := onePass(data)
	was := readmode.SetOnePass(false)
	got := decode(data)
	readmode.SetOnePass(was)
	if took && (got.Err != nil || len(got.Repairs) > 0 || !reflect.DeepEqual(x, got.Value)) {
		t.Errorf("%q: the one-pass read took %#v; the decoder read %s", data, x, describe(got))
	}
	return got, took
}

// OnePassTakes holds a tool's one-pass read to its purpose on the
// instances Differential draws from schema: what it takes, the decoder
// (decode, the tool without repairs) accepts with nothing repaired, to
// the same value (see OnePassAgrees), and it takes at least share of
// what the decoder accepts.
func OnePassTakes(t *testing.T, schema string, share float64, decode func([]byte) Decoded, onePass func([]byte) (any, bool),
	tolerate func(data []byte, parsed any, err error) (string, bool)) {
	t.Helper()
	var accepted, taken int
	Differential{
		Schema: []byte(schema), Seed: 12, Rounds: 2000, Tolerate: tolerate,
		Decode: func(b []byte) Decoded {
			got, took := OnePassAgrees(t, b, decode, onePass)
			if got.Err == nil && len(got.Repairs) == 0 {
				accepted++
			}
			if took {
				taken++
			}
			return got
		},
	}.Run(t)
	t.Logf("the one-pass read took %d of the %d instances the decoder accepted", taken, accepted)
	if float64(taken) < share*float64(accepted) {
		t.Errorf("the one-pass read took only %d of %d valid instances", taken, accepted)
	}
}
