package impl

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"time"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// String returns v as a Go string.
func (d *Decoder) String(v Value) (string, bool) {
	n := d.node(v)
	if n.kind() != nodeString {
		d.mismatch(v, "a string")
		return "", false
	}
	return d.stringOf(n), true
}

// Bool returns v as a bool.
func (d *Decoder) Bool(v Value) (bool, bool) {
	switch d.kindOf(v) {
	case nodeTrue:
		return true, true
	case nodeFalse:
		return false, true
	case nodeString:
		return d.quotedBool(v)
	}
	d.mismatch(v, "a boolean")
	return false, false
}

// number returns the text of a number, or of a string that holds one
// (see quotedNumber).
func (d *Decoder) number(v Value, want string) ([]byte, bool) {
	switch n := d.node(v); n.kind() {
	case nodeNumber:
		return d.text(n), true
	case nodeString:
		return d.quotedNumber(v, want)
	}
	d.mismatch(v, want)
	return nil, false
}

// Int returns v as a signed integer of the given width (0 for int). A
// whole number written with a fraction or exponent (1.0, 1e3) is an
// integer. No value passes through float64.
func (d *Decoder) Int(v Value, bits int) (int64, bool) {
	text, ok := d.number(v, "an integer")
	if !ok {
		return 0, false
	}
	lo, hi := intBounds(bits)
	if i, ok := plainInt(text); ok && lo <= i && i <= hi {
		return i, true
	}
	r, ok := d.integral(text)
	if ok && (r == nil || !r.IsInt64() || r.Int64() < lo || r.Int64() > hi) {
		ok = d.outOfRange(text, lo, uint64(hi))
	}
	if !ok {
		return 0, false
	}
	return r.Int64(), true
}

// BigInt is Int for an integer whose range reaches past 2^53, which a
// profile under [DecimalIntegers] writes as a string of its digits: such
// a string is read as asked, not as a repair.
func (d *Decoder) BigInt(v Value, bits int) (int64, bool) {
	d.big = true
	n, ok := d.Int(v, bits)
	d.big = false
	return n, ok
}

// BigUint is Uint for an integer whose range reaches past 2^53, as BigInt
// is Int's.
func (d *Decoder) BigUint(v Value, bits int) (uint64, bool) {
	d.big = true
	n, ok := d.Uint(v, bits)
	d.big = false
	return n, ok
}

// Uint returns v as an unsigned integer of the given width (0 for uint),
// as Int reads it.
func (d *Decoder) Uint(v Value, bits int) (uint64, bool) {
	text, ok := d.number(v, "an integer")
	if !ok {
		return 0, false
	}
	if bits == 0 {
		bits = strconv.IntSize
	}
	hi := uint64(math.MaxUint64) >> (64 - bits)
	if i, ok := plainInt(text); ok && i >= 0 && uint64(i) <= hi {
		return uint64(i), true
	}
	r, ok := d.integral(text)
	if ok && (r == nil || r.Sign() < 0 || !r.IsUint64() || r.Uint64() > hi) {
		ok = d.outOfRange(text, 0, hi)
	}
	if !ok {
		return 0, false
	}
	return r.Uint64(), true
}

// plainInt reads an integer of at most 18 digits, which no int64
// overflows, without a fraction or an exponent; integral reads the rest.
func plainInt(text []byte) (int64, bool) {
	digits := text
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if len(digits) < len(text) {
		n = -n
	}
	return n, true
}

// intBounds are the least and greatest values of a signed integer of
// the given width (0 for int).
func intBounds(bits int) (lo, hi int64) {
	if bits == 0 {
		bits = strconv.IntSize
	}
	return int64(math.MinInt64) >> (64 - bits), int64(math.MaxInt64) >> (64 - bits)
}

// outOfRange records an integer outside its type's range, lo to hi, and
// reports false.
func (d *Decoder) outOfRange(text []byte, lo int64, hi uint64) bool {
	if d.listing(unionflat.KindRange) {
		d.list(unionflat.Error{Kind: unionflat.KindRange, Want: "an integer from " + strconv.FormatInt(lo, 10) + " to " + strconv.FormatUint(hi, 10), Got: shorten(text)})
	}
	return false
}

// integral reads a number's text that plainInt does not as a whole
// number: nil when it is beyond 64 bits, and a KindType problem when it is
// not whole.
func (d *Decoder) integral(text []byte) (n *big.Int, ok bool) {
	n, whole := wholeNumber(text)
	if !whole && d.listing(unionflat.KindType) {
		d.list(unionflat.Error{Kind: unionflat.KindType, Want: "an integer", Got: shorten(text)})
	}
	return n, whole
}

// wholeNumber reads a JSON number, and reports whether it is whole. It
// is nil when it is beyond 64 bits, without building 1e999999.
func wholeNumber(text []byte) (*big.Int, bool) {
	d := parseDecimal(text) // ±0.D × 10^exp
	switch {
	case d.zero():
		return new(big.Int), true
	case d.exp < int64(d.digits()):
		return nil, false
	case d.exp > 20: // at least 1e20
		return nil, true
	}
	n, ten := new(big.Int), big.NewInt(10)
	d.eachDigit(func(c byte) { n.Mul(n, ten).Add(n, big.NewInt(int64(c))) })
	n.Mul(n, new(big.Int).Exp(ten, big.NewInt(d.exp-int64(d.digits())), nil))
	if d.neg {
		n.Neg(n)
	}
	return n, true
}

// Float returns v as a float of the given width (32 or 64).
func (d *Decoder) Float(v Value, bits int) (float64, bool) {
	text, ok := d.number(v, "a number")
	if !ok {
		return 0, false
	}
	return d.readFloat(text, bits)
}

// Raw returns a copy of v's JSON text, for a json.RawMessage. A value
// found by coercion is the parsed string's text, and so is a string that
// holds JSON text under [JSONText].
func (d *Decoder) Raw(v Value) []byte {
	v, _ = d.heldJSON(v)
	return d.rawText(v)
}

// rawText returns a copy of v's JSON text.
func (d *Decoder) rawText(v Value) []byte {
	return bytes.Clone(d.span(Value{off: v.off}))
}

// Any returns v as encoding/json reads a JSON value into an any: nil,
// a bool, a float64, a string, a []any or a map[string]any. A number no
// float64 holds is a problem, as it is for encoding/json. Under
// [JSONText], a string that holds JSON text is the value it holds.
func (d *Decoder) Any(v Value) any {
	if inner, ok := d.heldJSON(v); ok {
		v = inner
	}
	switch d.kindOf(v) {
	case nodeNull:
		return nil
	case nodeTrue:
		return true
	case nodeFalse:
		return false
	case nodeString:
		return d.stringOf(d.node(v))
	case nodeNumber:
		text := d.text(d.node(v))
		f, err := strconv.ParseFloat(string(text), 64)
		if err != nil {
			if d.listing(unionflat.KindRange) {
				d.list(unionflat.Error{Kind: unionflat.KindRange, Want: floatRange(64), Got: shorten(text)})
			}
			return nil
		}
		return f
	case nodeArray:
		out := make([]any, 0, d.Len(v))
		for _, item := range d.Items(v) {
			out = append(out, d.Any(item))
		}
		return out
	}
	out := make(map[string]any, d.Len(v))
	for key, val := range d.Members(v) {
		out[string(key)] = d.Any(val)
	}
	return out
}

// NullValue reports whether v is null, or, under [JSONText], a string
// that holds null: a pointer to a free-form value is then nil, as
// encoding/json leaves it.
func (d *Decoder) NullValue(v Value) bool {
	v, _ = d.heldJSON(v)
	return d.IsNull(v)
}

// AnyObject is Object for a map of free-form values (map[string]any),
// which a profile that says no such map advertises as a string holding
// its JSON text: under [JSONText] such a string is read as the profile
// asked, with repairs off too.
func (d *Decoder) AnyObject(v Value) (Value, bool) {
	return d.container(v, nodeObject, "an object", d.lenient&JSONText != 0)
}

// heldJSON reads v, a string that holds JSON text, as that value, where
// the tool reads free-form values so ([JSONText]), and records the
// repair as asked. It reports false, and leaves v, when the tool does
// not, when v is no string, or when the string holds no JSON text (a
// client of the flat schema sent the string itself).
func (d *Decoder) heldJSON(v Value) (Value, bool) {
	if d.lenient&JSONText == 0 || d.kindOf(v) != nodeString {
		return v, false
	}
	if m := d.markOf(v); m.has(markParsed) { // parsed before
		return d.extraOf(m).inner, true
	}
	text := d.unescape(d.node(v))
	if !json.Valid(text) || len(d.srcs) >= maxSrcs {
		return v, false
	}
	d.srcs = append(d.srcs, bytes.Clone(text))
	inner, ok := d.parseText(int32(len(d.srcs) - 1)) // its depth counts on from the current path
	if !ok {
		return v, false // a problem of the text, reported (a key given twice)
	}
	m, r := d.repair(v, unionflat.RepairStringAsJSON, nil)
	m.flags |= markParsed
	d.extra(m).inner = inner
	if r != nil {
		r.Got, r.Read, r.Asked = "a string", d.kindName(inner), true
	}
	return inner, true
}

// Bytes returns v as bytes written in standard base64, as encoding/json
// writes a []byte.
func (d *Decoder) Bytes(v Value) ([]byte, bool) {
	n := d.node(v)
	if n.kind() != nodeString {
		d.mismatch(v, "a base64 string")
		return nil, false
	}
	text := d.unescape(n)
	out := make([]byte, base64.StdEncoding.DecodedLen(len(text)))
	k, err := base64.StdEncoding.Decode(out, text)
	if err != nil {
		d.report(unionflat.Error{Kind: unionflat.KindFormat, Want: "base64 string", Err: err})
		return nil, false
	}
	return out[:k], true
}

// Time returns v as a time, from an RFC 3339 date-time string.
func (d *Decoder) Time(v Value) (time.Time, bool) {
	s, ok := d.String(v)
	if !ok {
		return time.Time{}, false
	}
	t, err := parseDateTime(s)
	if err != nil {
		if d.listing(unionflat.KindFormat) {
			d.list(unionflat.Error{Kind: unionflat.KindFormat, Want: "date-time", Got: strconv.Quote(s), Err: err})
		}
		return time.Time{}, false
	}
	return t, true
}

// TextError records the error of MarshalText or UnmarshalText, if any.
func (d *Decoder) TextError(err error) {
	if err != nil {
		d.report(unionflat.Error{Kind: unionflat.KindInvalid, Err: err})
	}
}
