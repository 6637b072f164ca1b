package impl

import (
	"cmp"
	"math"
	"math/big"
	"strconv"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// text is what a number's decimal text is read from: the input, or a
// literal of the generated code. Comparisons and multipleOf read its
// digits; they never round.
type text interface{ ~string | ~[]byte }

// decimal is a number's text read without building the number: ±0.D ×
// 10^exp, D the digits of mant from its first nonzero digit to its last
// (the point skipped). A zero has first > last.
type decimal[T text] struct {
	neg         bool
	mant        T // the integer and fraction digits, with the point
	first, last int
	exp         int64
}

// maxExp bounds exponents, so that "1e99999999999999999999" does not
// overflow.
const maxExp = 1 << 40

// parseDecimal reads the text of a JSON number, checked already.
func parseDecimal[T text](s T) decimal[T] {
	var d decimal[T]
	i := 0
	if i < len(s) && s[i] == '-' {
		d.neg = true
		i++
	}
	end := i
	for end < len(s) && s[end] != 'e' && s[end] != 'E' {
		end++
	}
	d.mant = s[i:end]
	point := len(d.mant)
	d.first, d.last = len(d.mant), -1
	for j := 0; j < len(d.mant); j++ {
		c := d.mant[j]
		switch {
		case c == '.':
			point = j
		case c >= '1' && c <= '9':
			if d.first == len(d.mant) {
				d.first = j
			}
			d.last = j
		}
	}
	if d.first > d.last {
		return d
	}
	// 0.D × 10^exp puts the point just before the first nonzero digit.
	d.exp = int64(point - d.first)
	if d.first > point {
		d.exp++
	}
	d.exp += exponent(s, end)
	return d
}

// exponent reads the exponent after the mantissa at s[at], capped.
func exponent[T text](s T, at int) int64 {
	if at >= len(s) {
		return 0
	}
	at++ // e or E
	neg := false
	if at < len(s) && (s[at] == '+' || s[at] == '-') {
		neg = s[at] == '-'
		at++
	}
	var e int64
	for ; at < len(s); at++ {
		e = min(e*10+int64(s[at]-'0'), maxExp)
	}
	if neg {
		return -e
	}
	return e
}

func (d decimal[T]) zero() bool { return d.first > d.last }

// digits counts the significant digits.
func (d decimal[T]) digits() int {
	n := d.last - d.first + 1
	for j := d.first; j <= d.last; j++ {
		if d.mant[j] == '.' {
			n--
		}
	}
	return n
}

// sign is -1, 0 or 1.
func (d decimal[T]) sign() int {
	switch {
	case d.zero():
		return 0
	case d.neg:
		return -1
	}
	return 1
}

// compareDecimal compares two numbers' texts exactly: -1, 0 or 1 as a is
// less than, equal to or greater than b. -0 equals 0.
func compareDecimal[A, B text](a A, b B) int {
	x, y := parseDecimal(a), parseDecimal(b)
	if sx, sy := x.sign(), y.sign(); sx != sy || sx == 0 {
		return cmp.Compare(sx, sy)
	}
	c := compareMagnitude(x, y)
	if x.neg {
		return -c
	}
	return c
}

// compareMagnitude compares two nonzero decimals' absolute values.
func compareMagnitude[A, B text](x decimal[A], y decimal[B]) int {
	if x.exp != y.exp {
		return cmp.Compare(x.exp, y.exp)
	}
	i, j := x.first, y.first
	for {
		for i <= x.last && x.mant[i] == '.' {
			i++
		}
		for j <= y.last && y.mant[j] == '.' {
			j++
		}
		switch {
		case i > x.last && j > y.last:
			return 0
		case i > x.last:
			return -1
		case j > y.last:
			return 1
		case x.mant[i] != y.mant[j]:
			return cmp.Compare(x.mant[i], y.mant[j])
		}
		i++
		j++
	}
}

// multipleOfDecimal reports whether x is a whole multiple of m, exactly,
// in time linear in the digits. A zero m has no multiples.
func multipleOfDecimal[A, B text](x A, m B) bool {
	dx, dm := parseDecimal(x), parseDecimal(m)
	switch {
	case dm.zero():
		return false
	case dx.zero():
		return true
	}
	// x = X × 10^ex and m = M × 10^em with X and M whole and without
	// trailing zeros: x/m is whole when M divides X × 10^(ex-em).
	nx, nm := dx.digits(), dm.digits()
	k := (dx.exp - int64(nx)) - (dm.exp - int64(nm))
	if k < 0 {
		return false // M × 10^-k would divide X, so 10 would: X ends in a nonzero digit
	}
	// Past the count of 2s and 5s M can hold, more powers of ten change
	// nothing.
	k = min(k, 4*int64(nm)+4)
	if nm <= 18 {
		M := uint64(0)
		dm.eachDigit(func(c byte) { M = M*10 + uint64(c) })
		r := uint64(0)
		dx.eachDigit(func(c byte) { r = (r*10 + uint64(c)) % M })
		for range k {
			r = r * 10 % M
		}
		return r == 0
	}
	M, r := new(big.Int), new(big.Int)
	dm.eachDigit(func(c byte) { M.Mul(M, big.NewInt(10)).Add(M, big.NewInt(int64(c))) })
	// X mod M, eighteen digits at a time.
	var chunk, scale uint64 = 0, 1
	flush := func() {
		r.Mul(r, new(big.Int).SetUint64(scale)).Add(r, new(big.Int).SetUint64(chunk)).Mod(r, M)
		chunk, scale = 0, 1
	}
	dx.eachDigit(func(c byte) {
		chunk, scale = chunk*10+uint64(c), scale*10
		if scale == 1e18 {
			flush()
		}
	})
	flush()
	for range k {
		r.Mul(r, big.NewInt(10)).Mod(r, M)
	}
	return r.Sign() == 0
}

// eachDigit calls fn with the value of each significant digit, in order.
func (d decimal[T]) eachDigit(fn func(byte)) {
	for j := d.first; j <= d.last; j++ {
		if c := d.mant[j]; c != '.' {
			fn(c - '0')
		}
	}
}

// ---- numbers under check ----

// Number is a float whose rules are being checked, and the text it is
// judged by: the text sent, or the shortest text of a float built in code.
type Number struct {
	value float64
	bits  int
	text  []byte // nil: the shortest text of value
}

// Float is the number as the field's float type holds it.
func (n Number) Float() float64 { return n.value }

// Number returns v as a float of the given width (32 or 64) with its
// text, for [Decoder.NumberBound], [Decoder.MultipleOf] and
// [Decoder.NumberEnum].
func (d *Decoder) Number(v Value, bits int) (Number, bool) {
	text, ok := d.number(v, "a number")
	if !ok {
		return Number{}, false
	}
	f, ok := d.readFloat(text, bits)
	return Number{value: f, bits: bits, text: text}, ok
}

// FloatAsNumber returns a float built in code as a Number of the given
// width. NaN and the infinities are KindRange: JSON cannot write them.
func (d *Decoder) FloatAsNumber(f float64, bits int) (Number, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if d.listing(unionflat.KindRange) {
			d.list(unionflat.Error{Kind: unionflat.KindRange, Want: "a number JSON can write", Got: strconv.FormatFloat(f, 'g', -1, 64)})
		}
		return Number{}, false
	}
	return Number{value: f, bits: bits}, true
}

// readFloat converts a number's text to a float of the given width. A
// nonzero text that rounds to zero or to an infinity is KindRange; other
// rounding is accepted (0.1 has no exact binary form).
func (d *Decoder) readFloat(text []byte, bits int) (float64, bool) {
	f, err := strconv.ParseFloat(string(text), bits)
	if err == nil && (f != 0 || parseDecimal(text).zero()) {
		return f, true
	}
	if d.listing(unionflat.KindRange) {
		d.list(unionflat.Error{Kind: unionflat.KindRange, Want: floatRange(bits), Got: shorten(text)})
	}
	return 0, false
}

// floatRange says which numbers a float type holds, for messages.
func floatRange(bits int) string {
	if bits == 32 {
		return "a number a float32 can hold (0, or a magnitude from about 1.4e-45 to 3.4e38)"
	}
	return "a number a float64 can hold (0, or a magnitude from about 5e-324 to 1.8e308)"
}

// textOf is the decimal text a Number is judged by.
func (d *Decoder) textOf(n Number) []byte {
	if n.text != nil {
		return n.text
	}
	return d.heldText(n)
}

// heldText is the shortest text of the float a Number holds.
func (d *Decoder) heldText(n Number) []byte {
	d.numText = strconv.AppendFloat(d.numText[:0], n.value, 'g', -1, n.bits)
	return d.numText
}

// rounds reports whether a decoded number's text may name another number
// than its float: more than 15 significant digits (6 for a float32).
func (n Number) rounds() bool {
	kept := 15
	if n.bits == 32 {
		kept = 6
	}
	// A text holds no more digits than bytes: the common short number
	// needs no parse.
	return n.text != nil && len(n.text) > kept && parseDecimal(n.text).digits() > kept
}

// keeps checks a rule on a number's text and, when rounding may have
// moved it, on its float: a decoded value must pass Validate. A text that
// keeps the rule while its float breaks it is KindRange.
func (d *Decoder) keeps(n Number, kind unionflat.Kind, want string, judge func(text []byte) bool) {
	text := d.textOf(n)
	switch {
	case !judge(text):
		d.broken(kind, want, text)
	case n.rounds() && !judge(d.heldText(n)):
		if d.listing(unionflat.KindRange) {
			d.list(unionflat.Error{Kind: unionflat.KindRange, Got: shorten(text), Want: "a number a float" + strconv.Itoa(n.bits) +
				" can hold within the rule (" + ruleNames[kind] + " " + want + "; it rounds to " + string(d.numText) + ")"})
		}
	}
}

// broken lists a number whose text breaks a rule.
func (d *Decoder) broken(kind unionflat.Kind, want string, text []byte) {
	if d.listing(kind) {
		d.list(unionflat.Error{Kind: kind, Want: want, Got: shorten(text)})
	}
}

var ruleNames = map[unionflat.Kind]string{
	unionflat.KindMinimum: "minimum", unionflat.KindExclusiveMinimum: "exclusiveMinimum", unionflat.KindMaximum: "maximum",
	unionflat.KindExclusiveMaximum: "exclusiveMaximum", unionflat.KindMultipleOf: "multipleOf", unionflat.KindEnum: "one of",
}

// NumberBound checks a number against a bound of the given kind, exactly.
// rounded is the bound as the field's float rounds it: only a number that
// rounds to the same float needs its text read.
func (d *Decoder) NumberBound(kind unionflat.Kind, n Number, bound string, rounded float64) {
	// A Number is never NaN: JSON cannot write one, and FloatAsNumber
	// refuses it.
	switch upper := kind == unionflat.KindMaximum || kind == unionflat.KindExclusiveMaximum; {
	case n.value == rounded:
		d.keeps(n, kind, bound, func(text []byte) bool { return inBound(kind, compareDecimal(text, bound)) })
	case n.value > rounded == upper: // above an upper bound, or below a lower one
		d.broken(kind, bound, d.textOf(n))
	}
}

// inBound reports whether a number that compares c with a bound keeps it.
func inBound(kind unionflat.Kind, c int) bool {
	switch kind {
	case unionflat.KindMinimum:
		return c >= 0
	case unionflat.KindExclusiveMinimum:
		return c > 0
	case unionflat.KindMaximum:
		return c <= 0
	case unionflat.KindExclusiveMaximum:
		return c < 0
	}
	return false
}

// MultipleOf checks that a number is a whole multiple of m, exactly on
// the decimal texts: 1.5000000000000001 is not a multiple of 0.5.
func (d *Decoder) MultipleOf(n Number, m string) {
	d.keeps(n, unionflat.KindMultipleOf, m, func(text []byte) bool { return multipleOfDecimal(text, m) })
}

// NumberEnum checks that a number equals one of values, exactly: 1.0 is
// 1, and 1.0000000000000000001 is not. want lists them.
func (d *Decoder) NumberEnum(n Number, want string, values ...string) {
	d.keeps(n, unionflat.KindEnum, want, func(text []byte) bool {
		for _, v := range values {
			if compareDecimal(text, v) == 0 {
				return true
			}
		}
		return false
	})
}

// shorten is a number's text for Error.Got, cut past 80 digits.
func shorten(text []byte) string {
	const limit = 80
	if len(text) > limit {
		return string(text[:limit]) + "…"
	}
	return string(text)
}
