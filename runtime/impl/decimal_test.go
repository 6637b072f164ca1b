package impl

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

func TestCompareDecimal(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"0", "0", 0},
		{"-0", "0", 0},
		{"0.000", "-0e5", 0},
		{"1", "1.0", 0},
		{"1", "1e0", 0},
		{"100", "1E+2", 0},
		{"0.5", "5e-1", 0},
		{"10000.0000000000000001", "10000", 1},
		{"1.0000000000000000001", "1", 1},
		{"0.9999999999999999999", "1", -1},
		{"1e-400", "0", 1},
		{"-1e-400", "0", -1},
		{"1e400", "1e399", 1},
		{"-1e400", "-1e399", -1},
		{"123.45", "123.456", -1},
		{"-123.45", "-123.456", 1},
		{"0.001", "0.01", -1},
		{"12", "9", 1},
		{"1e99999999999999999999", "1e308", 1},
		{"1e-99999999999999999999", "0", 1},
		{"0e99999999999999999999", "0", 0},
		{"-5", "3", -1},
	} {
		if got := compareDecimal(tc.a, tc.b); got != tc.want {
			t.Errorf("compareDecimal(%s, %s) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := compareDecimal([]byte(tc.b), tc.a); got != -tc.want {
			t.Errorf("compareDecimal(%s, %s) = %d, want %d", tc.b, tc.a, got, -tc.want)
		}
	}
}

func TestMultipleOfDecimal(t *testing.T) {
	for _, tc := range []struct {
		x, m string
		want bool
	}{
		{"0", "0.5", true},
		{"-0", "0.5", true},
		{"1.5", "0.5", true},
		{"1.5000000000000001", "0.5", false},
		{"1e-400", "0.5", false},
		{"1e400", "0.5", true},
		{"1E+2", "25", true},
		{"7", "0.5", true},
		{"0.3", "0.1", true},
		{"0.30000000000000004", "0.1", false},
		{"45", "15", true},
		{"50", "15", false},
		{"-30", "15", true},
		{"1", "0", false},
		{"12345678901234567890124", "3", false},
		{"12345678901234567890120", "3", true},
		{"1e30", "1e29", true},
		{"1e29", "1e30", false},
		{"0.000000000000000000001", "0.000000000000000000001", true},
		{"2.5e-30", "5e-31", true},
		{"0.05", "0.5", false},
		{"2469135780246913578024691357802469135780", "1234567890123456789012345678901234567890", true},
		{"2469135780246913578024691357802469135781", "1234567890123456789012345678901234567890", false},
		{"1234567890123456789012345678901234567890e7", "1234567890123456789012345678901234567890e-3", true},
		{"1." + strings.Repeat("0", 100000) + "5", "0.5", false},
		{"1." + strings.Repeat("0", 100000) + "5", "5e-100001", true},
	} {
		if got := multipleOfDecimal(tc.x, tc.m); got != tc.want {
			t.Errorf("multipleOfDecimal(%s, %s) = %v, want %v", tc.x, tc.m, got, tc.want)
		}
	}
}

// randomDecimal writes a number near a few scales, in any of the ways
// JSON lets one write it.
func randomDecimal(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(3) == 0 {
		b.WriteByte('-')
	}
	b.WriteString(strconv.Itoa(r.IntN(30)))
	if r.IntN(2) == 0 {
		b.WriteByte('.')
		for range 1 + r.IntN(25) {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
	}
	if r.IntN(3) == 0 {
		fmt.Fprintf(&b, "%s%+d", []string{"e", "E"}[r.IntN(2)], r.IntN(60)-30)
	}
	return b.String()
}

// TestDecimalAgainstBigRat holds the comparison and multipleOf to
// math/big on random texts.
func TestDecimalAgainstBigRat(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rat := func(s string) *big.Rat {
		q, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("big.Rat cannot read %s", s)
		}
		return q
	}
	for range 20000 {
		a, b := randomDecimal(r), randomDecimal(r)
		if r.IntN(4) == 0 {
			b = a + "0" // equal or one more digit
			if !strings.Contains(a, ".") && !strings.ContainsAny(a, "eE") {
				b = a + ".0"
			}
		}
		if got, want := compareDecimal(a, b), rat(a).Cmp(rat(b)); got != want {
			t.Fatalf("compareDecimal(%s, %s) = %d, big.Rat says %d", a, b, got, want)
		}
		if rat(b).Sign() == 0 {
			continue
		}
		q := new(big.Rat).Quo(rat(a), rat(b))
		if got, want := multipleOfDecimal(a, b), q.IsInt(); got != want {
			t.Fatalf("multipleOfDecimal(%s, %s) = %v, big.Rat says %v", a, b, got, want)
		}
	}
}

// check runs one check on a fresh decoder and returns the kinds it
// reported.
func check(fn func(d *Decoder)) []unionflat.Kind {
	d := newDecoder(nil)
	defer d.release()
	fn(d)
	var kinds []unionflat.Kind
	for _, e := range d.errs {
		kinds = append(kinds, e.Kind)
	}
	return kinds
}

func (d *Decoder) withInput(text string) *Decoder {
	d.srcs = append(d.srcs[:0], []byte(text))
	return d
}

func TestNumberRules(t *testing.T) {
	bound := func(kind unionflat.Kind, b string, bits int) func(*Decoder, Number) {
		rounded, _ := strconv.ParseFloat(b, bits)
		return func(d *Decoder, n Number) { d.NumberBound(kind, n, b, rounded) }
	}
	for _, tc := range []struct {
		text string
		bits int
		fn   func(*Decoder, Number)
		want []unionflat.Kind
	}{
		{"10000", 64, bound(unionflat.KindMaximum, "10000", 64), nil},
		{"10000.0000000000000001", 64, bound(unionflat.KindMaximum, "10000", 64), []unionflat.Kind{unionflat.KindMaximum}},
		{"1.0000000000000000001", 64, bound(unionflat.KindMaximum, "1", 64), []unionflat.Kind{unionflat.KindMaximum}},
		{"0.9999999999999999999", 64, bound(unionflat.KindMinimum, "1", 64), []unionflat.Kind{unionflat.KindMinimum}},
		{"1e-400", 64, bound(unionflat.KindExclusiveMinimum, "0", 64), []unionflat.Kind{unionflat.KindRange}},
		{"1e-50", 32, bound(unionflat.KindExclusiveMinimum, "0", 32), []unionflat.Kind{unionflat.KindRange}},
		{"1e-310", 64, bound(unionflat.KindExclusiveMinimum, "0", 64), nil}, // subnormal: rounds, not to zero
		{"1e400", 64, bound(unionflat.KindMaximum, "10000", 64), []unionflat.Kind{unionflat.KindRange}},
		{"-0", 64, bound(unionflat.KindExclusiveMinimum, "0", 64), []unionflat.Kind{unionflat.KindExclusiveMinimum}},
		{"-0", 64, bound(unionflat.KindMinimum, "0", 64), nil},
		{"0.1", 32, bound(unionflat.KindMaximum, "0.1", 32), nil},
		{"0.1000000001", 32, bound(unionflat.KindMaximum, "0.1", 32), []unionflat.Kind{unionflat.KindMaximum}},
		{"360", 64, bound(unionflat.KindExclusiveMaximum, "360", 64), []unionflat.Kind{unionflat.KindExclusiveMaximum}},
		{"359.9999999999999", 64, bound(unionflat.KindExclusiveMaximum, "360", 64), nil},
		// Below 360 as written, but the float64 it becomes is 360: the
		// type cannot hold it within the bound.
		{"359.99999999999999999", 64, bound(unionflat.KindExclusiveMaximum, "360", 64), []unionflat.Kind{unionflat.KindRange}},
		{"0.3", 64, bound(unionflat.KindMaximum, "0.30000000000000003", 64), nil},
		{"0.30000000000000003", 64, bound(unionflat.KindMaximum, "0.30000000000000003", 64), []unionflat.Kind{unionflat.KindRange}},
		{"0.30000000000000003", 64, func(d *Decoder, n Number) { d.NumberEnum(n, "0.30000000000000003", "0.30000000000000003") }, []unionflat.Kind{unionflat.KindRange}},
		{"9007199254740993", 64, func(d *Decoder, n Number) { d.MultipleOf(n, "3") }, []unionflat.Kind{unionflat.KindRange}},
		{"9007199254740995", 64, func(d *Decoder, n Number) { d.MultipleOf(n, "3") }, []unionflat.Kind{unionflat.KindMultipleOf}},
		{"1.5", 64, func(d *Decoder, n Number) { d.MultipleOf(n, "0.5") }, nil},
		{"1.5000000000000001", 64, func(d *Decoder, n Number) { d.MultipleOf(n, "0.5") }, []unionflat.Kind{unionflat.KindMultipleOf}},
		{"1E+2", 64, func(d *Decoder, n Number) { d.MultipleOf(n, "0.5") }, nil},
		{"1.0", 64, func(d *Decoder, n Number) { d.NumberEnum(n, "0.5 | 1 | 2", "0.5", "1", "2") }, nil},
		{"1.0000000000000000001", 64, func(d *Decoder, n Number) { d.NumberEnum(n, "0.5 | 1 | 2", "0.5", "1", "2") }, []unionflat.Kind{unionflat.KindEnum}},
		{"5e-1", 64, func(d *Decoder, n Number) { d.NumberEnum(n, "0.5 | 1 | 2", "0.5", "1", "2") }, nil},
	} {
		got := check(func(d *Decoder) {
			root, ok := d.withInput(tc.text).root()
			if !ok {
				t.Fatalf("%s is not JSON", tc.text)
			}
			if n, ok := d.Number(root, tc.bits); ok {
				tc.fn(d, n)
			}
		})
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s (float%d): reported %v, want %v", tc.text, tc.bits, got, tc.want)
		}
	}
}

// TestFloatAsNumberAgreesWithDecoding: a float built in code is judged by
// its shortest text, exactly as decoding that text judges it.
func TestFloatAsNumberAgreesWithDecoding(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	bounds := []string{"0", "1", "0.1", "10000", "0.30000000000000004", "1e-5", "100"}
	for range 5000 {
		bits := []int{32, 64}[r.IntN(2)]
		var f float64
		switch r.IntN(3) {
		case 0:
			b, _ := strconv.ParseFloat(bounds[r.IntN(len(bounds))], bits)
			f = math.Nextafter(b, math.Inf(r.IntN(2)*2-1))
			if bits == 32 {
				f = float64(math.Nextafter32(float32(b), float32(math.Inf(r.IntN(2)*2-1))))
			}
		case 1:
			f, _ = strconv.ParseFloat(bounds[r.IntN(len(bounds))], bits)
		default:
			f = float64(r.IntN(2000)-1000) / float64(1+r.IntN(100))
			if bits == 32 {
				f = float64(float32(f))
			}
		}
		text := strconv.FormatFloat(f, 'g', -1, bits)
		for _, b := range bounds {
			for _, kind := range []unionflat.Kind{unionflat.KindMinimum, unionflat.KindExclusiveMinimum, unionflat.KindMaximum, unionflat.KindExclusiveMaximum} {
				rounded, _ := strconv.ParseFloat(b, bits)
				judge := func(d *Decoder, n Number) { d.NumberBound(kind, n, b, rounded); d.MultipleOf(n, b) }
				fromCode := check(func(d *Decoder) {
					if n, ok := d.FloatAsNumber(f, bits); ok {
						judge(d, n)
					}
				})
				decoded := check(func(d *Decoder) {
					root, _ := d.withInput(text).root()
					if n, ok := d.Number(root, bits); ok {
						judge(d, n)
					}
				})
				if fmt.Sprint(fromCode) != fmt.Sprint(decoded) {
					t.Fatalf("float%d %v (text %s) against %s: in code %v, decoded %v", bits, f, text, b, fromCode, decoded)
				}
			}
		}
	}
}

func TestFloatAsNumberRejectsWhatJSONCannotWrite(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		got := check(func(d *Decoder) { d.FloatAsNumber(f, 64) })
		if fmt.Sprint(got) != fmt.Sprint([]unionflat.Kind{unionflat.KindRange}) {
			t.Errorf("FloatAsNumber(%v) reported %v, want KindRange", f, got)
		}
	}
}

// TestDecodedNumbersValidate: whatever number decoding accepts under a
// rule, the float it becomes passes the same rule in Validate, long
// texts and long bounds included (where the text keeps the rule but its
// float would not, decoding says KindRange).
func TestDecodedNumbersValidate(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	rules := []string{"0", "1", "0.1", "3", "360", "0.30000000000000003", "9007199254740993", "1e-5", "100"}
	near := func(b string) string {
		switch r.IntN(3) {
		case 0:
			if strings.ContainsAny(b, "eE") {
				return b
			}
			if !strings.Contains(b, ".") {
				b += "."
			}
			return b + strings.Repeat("0", r.IntN(12)) + fmt.Sprint(r.IntN(10))
		case 1:
			q, _ := new(big.Rat).SetString(b)
			q.Sub(q, big.NewRat(int64(r.IntN(9)+1), 1_000_000_000_000_000_000))
			return q.FloatString(20 + r.IntN(5))
		}
		return randomDecimal(r)
	}
	var accepted, ranges int
	for range 40000 {
		bits := []int{32, 64}[r.IntN(2)]
		rule := rules[r.IntN(len(rules))]
		text := near(rules[r.IntN(len(rules))])
		rounded, _ := strconv.ParseFloat(rule, bits)
		kind := []unionflat.Kind{unionflat.KindMinimum, unionflat.KindExclusiveMinimum, unionflat.KindMaximum, unionflat.KindExclusiveMaximum, unionflat.KindMultipleOf, unionflat.KindEnum}[r.IntN(6)]
		judge := func(d *Decoder, n Number) {
			switch kind {
			case unionflat.KindMultipleOf:
				d.MultipleOf(n, rule)
			case unionflat.KindEnum:
				d.NumberEnum(n, rule, rule, "0.5")
			default:
				d.NumberBound(kind, n, rule, rounded)
			}
		}
		var held float64
		decoded := check(func(d *Decoder) {
			root, ok := d.withInput(text).root()
			if !ok {
				t.Fatalf("%s is not JSON", text)
			}
			if n, ok := d.Number(root, bits); ok {
				held = n.Float()
				judge(d, n)
			}
		})
		switch {
		case len(decoded) == 0:
			accepted++
		case decoded[0] == unionflat.KindRange:
			ranges++
			continue
		default:
			continue
		}
		inCode := check(func(d *Decoder) {
			if n, ok := d.FloatAsNumber(held, bits); ok {
				judge(d, n)
			}
		})
		if len(inCode) > 0 {
			t.Fatalf("float%d %s, %v %s: decoding accepts, Validate of %v reports %v", bits, text, kind, rule, held, inCode)
		}
	}
	t.Logf("%d accepted, %d out of range", accepted, ranges)
	if accepted < 5000 || ranges < 100 {
		t.Errorf("too few cases to mean much: %d accepted, %d out of range", accepted, ranges)
	}
}
