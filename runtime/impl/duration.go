package impl

import (
	"regexp"
	"strconv"
	"time"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// DurationDescription is the sentence the generated schemas give every
// duration.
const DurationDescription = "A Go duration such as 90s or 1h30m (units ns, us, ms, s, m, h)."

var durationSyntax = regexp.MustCompile(unionflat.DurationPattern)

// Duration is a time.Duration that encoding/json writes as its String()
// text, for generated MarshalJSON methods.
type Duration time.Duration

// MarshalJSON writes d in Go's duration syntax, as a JSON string.
func (d Duration) MarshalJSON() ([]byte, error) {
	return strconv.AppendQuote(nil, time.Duration(d).String()), nil
}

// Durations converts a slice of durations for marshalling; nil stays nil.
func Durations[S ~[]time.Duration](s S) []Duration {
	if s == nil {
		return nil
	}
	out := make([]Duration, len(s))
	for i, d := range s {
		out[i] = Duration(d)
	}
	return out
}

// DurationMap converts a map of durations for marshalling; nil stays nil.
func DurationMap[M ~map[K]time.Duration, K ~string](m M) map[K]Duration {
	if m == nil {
		return nil
	}
	out := make(map[K]Duration, len(m))
	for k, d := range m {
		out[k] = Duration(d)
	}
	return out
}

// durationRange is what a time.Duration can hold, for messages.
const durationRange = "a duration from -2562047h47m16.854775808s to 2562047h47m16.854775807s"

// Duration returns v as a time.Duration, from a string in Go's duration
// syntax.
func (d *Decoder) Duration(v Value) (time.Duration, bool) {
	s, ok := d.String(v)
	if !ok {
		return 0, false
	}
	dur, err := time.ParseDuration(s)
	switch {
	case err == nil:
		return dur, true
	case durationSyntax.MatchString(s): // beyond a time.Duration's range
		if d.listing(unionflat.KindRange) {
			d.list(unionflat.Error{Kind: unionflat.KindRange, Want: durationRange, Got: Quote(s), Err: err})
		}
	case d.listing(unionflat.KindPattern):
		d.list(unionflat.Error{Kind: unionflat.KindPattern, Want: unionflat.DurationPattern, Got: Quote(s), Err: err})
	}
	return 0, false
}

// DurationOutOfBound records a duration that breaks a bound, want ("1m").
func (d *Decoder) DurationOutOfBound(kind unionflat.Kind, want string, got time.Duration) {
	if d.listing(kind) {
		d.list(unionflat.Error{Kind: kind, Want: want, Got: got.String()})
	}
}
