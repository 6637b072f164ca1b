package impl

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	unionflat "github.com/unionflat/unionflat/runtime"
)

var durationUnits = map[string]int64{
	"ns": 1, "us": 1e3, "µs": 1e3, "μs": 1e3, "ms": 1e6, "s": 1e9, "m": 60e9, "h": 3600e9,
}

// randomDuration writes a string near Go's duration syntax: terms of
// digits, fractions and units, some of them broken, or plain noise.
func randomDuration(r *rand.Rand) string {
	if r.IntN(5) == 0 {
		const noise = "0123456789.+-nsuµμmhx e"
		runes := []rune(noise)
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteRune(runes[r.IntN(len(runes))])
		}
		return b.String()
	}
	var b strings.Builder
	b.WriteString([]string{"", "", "-", "+"}[r.IntN(4)])
	units := []string{"ns", "us", "µs", "μs", "ms", "s", "m", "h", "", "x", "sm", "hh", "M", "µ", "S"}
	digits := func(n int) {
		for range n {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
	}
	for range 1 + r.IntN(4) {
		digits(r.IntN(4))
		if r.IntN(3) == 0 {
			b.WriteByte('.')
			digits(r.IntN(3))
		}
		if r.IntN(20) == 0 {
			digits(15 + r.IntN(6)) // near and past the range
		}
		b.WriteString(units[r.IntN(len(units))])
	}
	return b.String()
}

// exactDuration is the value of a string that matches the syntax, in
// nanoseconds, computed exactly: the independent reading of a match.
func exactDuration(t *testing.T, s string) *big.Rat {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimLeft(s, "+-")
	sum := new(big.Rat)
	term := regexp.MustCompile(`^([0-9]*)(?:\.([0-9]*))?([^0-9.]+)`)
	for s != "0" && s != "" {
		m := term.FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("exactDuration(%q): not a term", s)
		}
		num, _ := new(big.Rat).SetString("0" + m[1] + "." + m[2] + "0")
		sum.Add(sum, num.Mul(num, new(big.Rat).SetInt64(durationUnits[m[3]])))
		s = s[len(m[0]):]
	}
	if neg {
		sum.Neg(sum)
	}
	return sum
}

// TestDurationPattern: DurationPattern accepts exactly what
// time.ParseDuration reads, over a seeded generator of near-misses; a
// string that matches and is still refused is one beyond the range, which
// the exact value confirms.
func TestDurationPattern(t *testing.T) {
	re := regexp.MustCompile(unionflat.DurationPattern)
	r := rand.New(rand.NewPCG(10, 5))
	cases := []string{"0", "+0", "-0", "00", "", "-", "+", ".s", "1.s", ".5s", "1e3s", " 1s", "1s ", "1h-1m",
		"1h30m", "90s", "1.5h", "2562047h47m16.854775807s", "-2562047h47m16.854775808s", "2562047h47m16.854775808s",
		"9223372036854775807ns", "9223372036854775808ns", "-9223372036854775808ns", "99999999999999999999h", "1µs", "1μs", "1us"}
	for range 200000 {
		cases = append(cases, randomDuration(r))
	}
	lo := new(big.Rat).SetFloat64(-math.Exp2(62))
	hi := new(big.Rat).SetFloat64(math.Exp2(62))
	edge := new(big.Rat).SetFloat64(math.Exp2(63) - 1e10)
	var ok, tooBig, bad int
	for _, s := range cases {
		_, err := time.ParseDuration(s)
		match := re.MatchString(s)
		switch {
		case err == nil && !match:
			t.Errorf("%q: ParseDuration reads it, the pattern refuses it", s)
		case err == nil:
			ok++
		case !match:
			bad++
		default:
			v := exactDuration(t, s)
			if v.Cmp(lo) > 0 && v.Cmp(hi) < 0 {
				t.Errorf("%q: the pattern accepts it and it is in range (%s ns), yet ParseDuration says %v", s, v.FloatString(0), err)
			}
			if new(big.Rat).Abs(v).Cmp(edge) < 0 {
				t.Errorf("%q: refused as out of range, but it is %s ns", s, v.FloatString(0))
			}
			tooBig++
		}
	}
	t.Logf("%d strings: %d durations, %d out of range, %d refused", len(cases), ok, tooBig, bad)
	if ok < 1000 || tooBig < 100 || bad < 1000 {
		t.Errorf("the generator is lopsided: %d durations, %d out of range, %d refused", ok, tooBig, bad)
	}
}

// TestDurationRoundTrip: what Duration writes, time.ParseDuration reads back
// exactly, over random durations and the extremes.
func TestDurationRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	values := []time.Duration{0, 1, -1, math.MaxInt64, math.MinInt64, time.Hour + 30*time.Minute}
	for range 100000 {
		values = append(values, time.Duration(r.Int64()>>r.IntN(64)), -time.Duration(r.Int64()>>r.IntN(64)))
	}
	for _, v := range values {
		b, err := Duration(v).MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		s := string(b[1 : len(b)-1])
		got, err := time.ParseDuration(s)
		if err != nil || got != v {
			t.Fatalf("%d written as %s reads back as %d (%v)", int64(v), b, int64(got), err)
		}
	}
}

// TestDecoderDuration: the decoder's readings and the kinds of its errors.
func TestDecoderDuration(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		kind unionflat.Kind
	}{
		{`"1h30m"`, 90 * time.Minute, 0},
		{`"-1.5s"`, -1500 * time.Millisecond, 0},
		{`"0"`, 0, 0},
		{`"10"`, 0, unionflat.KindPattern},
		{`"30 m"`, 0, unionflat.KindPattern},
		{`10`, 0, unionflat.KindType},
		{`"3000000h"`, 0, unionflat.KindRange},
	} {
		d := newDecoder([]byte(tc.in))
		root, _ := d.root()
		got, ok := d.Duration(root)
		err := d.problems()
		d.release()
		if tc.kind == 0 {
			if !ok || err != nil || got != tc.want {
				t.Errorf("%s: got %v, %v; want %v", tc.in, got, err, tc.want)
			}
			continue
		}
		var e *unionflat.Error
		if ok || !errors.As(err, &e) || e.Kind != tc.kind {
			t.Errorf("%s: got %v, %v; want an error of kind %d", tc.in, got, err, tc.kind)
		}
	}
}
