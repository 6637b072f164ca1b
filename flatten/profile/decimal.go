package profile

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/unionflat/unionflat/flatten/internal/jsonv"
)

// BigInts says how a profile document writes an integer property whose
// range reaches past 2^53, where a float64 stops holding every integer:
// by default one whose bounds (or values) say so, as an int64's or a
// uint64's do where unionflat writes their type's bounds (the proto3 JSON
// convention); with BigIntsString one whose range the schema leaves open
// too (an int, a uint, any integer without bounds).
// SDKs that hand a tool's arguments over as map[string]any
// (google.golang.org/genai's FunctionCall.Args, langchaingo's googleai,
// anthropic-sdk-go's beta tool runner, Ollama's api.ToolCall) decode
// numbers into float64
// before any decoder runs, so 9007199254740993 arrives as
// 9007199254740992; a string of digits arrives as it was written.
type BigInts uint8

const (
	// BigIntsDefault is the profile's own choice: decimal strings under
	// gemini, gemini-json and ollama, whose SDKs decode arguments through
	// float64, for the integers whose stated bounds or values reach past
	// 2^53 (a schema without bounds stays an integer); integers everywhere
	// else.
	BigIntsDefault BigInts = iota
	// BigIntsString writes such an integer as a decimal string under any
	// profile, and an integer whose range the schema leaves open on a
	// side too.
	BigIntsString
	// BigIntsNumber keeps it an integer under any profile, gemini's
	// included.
	BigIntsNumber
)

// Options are what a projection does beyond its profile's rules.
type Options struct {
	// BigInts says how integers beyond 2^53 are written.
	BigInts BigInts
	// JSONText advertises a free-form value the profile cannot say as a
	// string holding its JSON text (see [Options.WritesJSONText]).
	JSONText bool
}

// DecimalIntegers reports whether a projection onto p writes an integer
// whose range reaches past 2^53 as a decimal string (its range as p says
// it, open sides counted only with BigIntsString: under a profile without
// minimum and maximum, such as portable and anthropic-strict, and at an
// ollama property, every integer that is not an enum then): type string, a
// pattern of decimal digits where p takes patterns, and its range and
// multipleOf in the description; its enum, const and default values
// become strings of their digits. A decoder for such a document must read
// both the number and the string (unionflat's generated decoders do, see
// runtime.DecimalIntegers).
func (o Options) DecimalIntegers(p Profile) bool {
	switch o.BigInts {
	case BigIntsString:
		return true
	case BigIntsNumber:
		return false
	}
	return p == Gemini || p == GeminiJSON || p == Ollama
}

// The patterns of a decimal integer string: digits with no leading zero,
// and a minus sign where the range has negative numbers.
const (
	signedDigits   = `^-?(0|[1-9][0-9]*)$`
	unsignedDigits = `^(0|[1-9][0-9]*)$`
)

// maxExact is 2^53: every integer from -2^53 to 2^53 is a float64.
var maxExact = big.NewInt(1 << 53)

// intRange is what an integer schema says of its range: its bounds
// as JSON numbers ("" when absent) and its enum and const values.
type intRange struct {
	Minimum, ExclusiveMinimum, Maximum, ExclusiveMaximum string
	Values                                               []string
}

// fitsFloat64 reports whether every integer the schema allows is one a
// float64 holds exactly, from -2^53 to 2^53: all its enum and const
// values when it has any, else the whole numbers between its tightest
// bounds. A side without a bound fits unless openWide: by default a range
// reaches past 2^53 only where a bound says so.
func (b intRange) fitsFloat64(openWide bool) bool {
	if len(b.Values) > 0 {
		for _, v := range b.Values {
			r, ok := new(big.Rat).SetString(v)
			if !ok || new(big.Rat).Abs(r).Cmp(new(big.Rat).SetInt(maxExact)) > 0 {
				return false
			}
		}
		return true
	}
	// The least and greatest integers the bounds let through. A side
	// without a bound fits, by default, unless the other side's bound
	// starts the range beyond 2^53.
	low := tightest(wholeBound(b.Minimum, true, false), wholeBound(b.ExclusiveMinimum, true, true), 1)
	high := tightest(wholeBound(b.Maximum, false, false), wholeBound(b.ExclusiveMaximum, false, true), -1)
	negExact := new(big.Int).Neg(maxExact)
	switch {
	case low == nil && high == nil:
		return !openWide
	case low == nil:
		return !openWide && high.Cmp(maxExact) <= 0 && high.Cmp(negExact) >= 0
	case high == nil:
		return !openWide && low.Cmp(negExact) >= 0 && low.Cmp(maxExact) <= 0
	}
	return low.Cmp(negExact) >= 0 && high.Cmp(maxExact) <= 0
}

// tightest is the greater of two bounds (sign 1) or the smaller (sign
// -1), either nil when absent; nil when both are.
func tightest(a, b *big.Int, sign int) *big.Int {
	switch {
	case a == nil:
		return b
	case b == nil || a.Cmp(b)*sign >= 0:
		return a
	}
	return b
}

// wholeBound is the least integer a lower bound lets through, or the
// greatest an upper one does; nil when there is no bound.
func wholeBound(lit string, lower, exclusive bool) *big.Int {
	r, ok := new(big.Rat).SetString(lit)
	if lit == "" || !ok {
		return nil
	}
	n := new(big.Int).Quo(r.Num(), r.Denom()) // toward zero
	switch {
	case lower && (r.Cmp(new(big.Rat).SetInt(n)) > 0 || exclusive && r.IsInt()):
		n.Add(n, big.NewInt(1))
	case !lower && (r.Cmp(new(big.Rat).SetInt(n)) < 0 || exclusive && r.IsInt()):
		n.Sub(n, big.NewInt(1))
	}
	return n
}

// boundWords say an integer schema's bounds in words.
var boundWords = []struct{ key, words string }{
	{"minimum", "at least %s"},
	{"exclusiveMinimum", "greater than %s"},
	{"maximum", "at most %s"},
	{"exclusiveMaximum", "less than %s"},
}

// decimalInteger writes an integer schema whose range reaches past 2^53
// as a string of decimal digits (see [Options.DecimalIntegers]); any
// other schema is returned as it is.
func (pr *projector) decimalInteger(s *jsonv.Value, notes []string) (*jsonv.Value, []string) {
	t := s.Get("type")
	str, ok := integerAsString(t)
	if !ok {
		return s, notes
	}
	num := func(key string) string {
		if v := s.Get(key); v != nil && v.Kind == jsonv.KindNumber {
			return v.Text
		}
		return ""
	}
	var values []string
	for _, key := range []string{"enum", "const"} {
		// Values the profile says neither as themselves nor as bounds
		// (see integerBounds) are gone from what the model sees too.
		if v := s.Get(key); v != nil && (pr.sp.saysIntegers(key) || pr.sp.keepsBounds()) {
			for _, it := range append([]*jsonv.Value{v}, v.Items...) {
				if it.Kind == jsonv.KindNumber {
					values = append(values, it.Text)
				}
			}
		}
	}
	// A bound the profile cannot say is gone from what the model sees,
	// and from what the next projection of the document would read; an
	// exclusive one it says as its inclusive twin (see integerBounds).
	said := func(key string) string {
		if pr.sp.keeps(key) || pr.sp.keeps(inclusive[key]) {
			return num(key)
		}
		return ""
	}
	bounds := intRange{Minimum: said("minimum"), ExclusiveMinimum: said("exclusiveMinimum"),
		Maximum: said("maximum"), ExclusiveMaximum: said("exclusiveMaximum"), Values: values}
	if bounds.fitsFloat64(pr.openWide) {
		return s, notes
	}
	var words []string
	for _, b := range boundWords {
		if lit := num(b.key); lit != "" {
			words = append(words, fmt.Sprintf(b.words, lit))
		}
	}
	sentence := "An integer written in decimal digits as a string"
	if len(words) > 0 {
		sentence += ", " + strings.Join(words, " and ")
	}
	notes = append(notes, sentence+".")
	if m := num("multipleOf"); m != "" {
		notes = append(notes, fmt.Sprintf(constraintWords["multipleOf"], m))
	}
	out := jsonv.Object()
	for _, m := range s.Members {
		switch m.Key {
		case "type":
			out.Members = append(out.Members, jsonv.KV("type", str))
		case "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf", "format":
		case "enum", "const", "default":
			out.Members = append(out.Members, jsonv.KV(m.Key, digitStrings(m.Val)))
		default:
			out.Members = append(out.Members, m)
		}
	}
	if pr.sp.keywords == nil || pr.sp.keywords["pattern"] {
		pattern := signedDigits
		if lo := num("minimum"); lo != "" && !strings.HasPrefix(lo, "-") {
			pattern = unsignedDigits
		}
		out.Members = append(out.Members, jsonv.KV("pattern", jsonv.Str(pattern)))
	}
	return out, notes
}

// inclusive is the inclusive twin of each exclusive bound.
var inclusive = map[string]string{"exclusiveMinimum": "minimum", "exclusiveMaximum": "maximum"}

// keepsBounds reports whether the profile says minimum and maximum.
func (sp *spec) keepsBounds() bool { return sp.keeps("minimum") && sp.keeps("maximum") }

// saysIntegers reports whether the profile keeps an enum or const
// (key) of integers.
func (sp *spec) saysIntegers(key string) bool {
	return sp.keeps(key) && !(key == "enum" && sp.stringEnums)
}

// integerBounds writes, under a profile that says minimum and maximum
// but not their exclusive forms (gemini, gemini-json), the exclusive
// bounds of an integer schema as the inclusive ones they are for whole
// numbers: exclusiveMinimum 0 is minimum 1, the tighter of it and a
// minimum beside it; and where the profile cannot say an enum or const of
// integers (gemini), it bounds the schema by their least and greatest
// too, beside the words that say them. Any other schema is returned as
// it is.
func (pr *projector) integerBounds(s *jsonv.Value) *jsonv.Value {
	if _, ok := integerAsString(s.Get("type")); !ok {
		return s
	}
	if pr.sp.keepsBounds() {
		s = pr.valueBounds(s)
	}
	for _, b := range []struct {
		exclusive string
		lower     bool
	}{{"exclusiveMinimum", true}, {"exclusiveMaximum", false}} {
		key := inclusive[b.exclusive]
		ex := s.Get(b.exclusive)
		if ex == nil || ex.Kind != jsonv.KindNumber || pr.sp.keeps(b.exclusive) || !pr.sp.keeps(key) {
			continue
		}
		s = tighten(s.With(b.exclusive, nil), key, b.lower, wholeBound(ex.Text, b.lower, true), ex.Text)
	}
	return s
}

// valueBounds is integerBounds for the values of an enum or const the
// profile cannot say.
func (pr *projector) valueBounds(s *jsonv.Value) *jsonv.Value {
	var low, high *big.Rat
	var lowText, highText string
	for _, key := range []string{"enum", "const"} {
		v := s.Get(key)
		if v == nil || pr.sp.saysIntegers(key) {
			continue
		}
		for _, it := range append([]*jsonv.Value{v}, v.Items...) {
			r, ok := new(big.Rat).SetString(it.Text)
			if it.Kind != jsonv.KindNumber || !ok {
				continue
			}
			if low == nil || r.Cmp(low) < 0 {
				low, lowText = r, it.Text
			}
			if high == nil || r.Cmp(high) > 0 {
				high, highText = r, it.Text
			}
		}
	}
	if low == nil {
		return s
	}
	s = tighten(s, "minimum", true, wholeBound(lowText, true, false), lowText)
	return tighten(s, "maximum", false, wholeBound(highText, false, false), highText)
}

// maxBoundBits bounds the whole numbers tighten writes in digits: about
// 400 of them. A bound beyond (1e999999) is written as the number it came
// from, lit, which lets through at most that number more.
const maxBoundBits = 1330

// tighten sets the bound key (minimum when lower, else maximum) of an
// integer schema to n, the whole bound of the number lit, or keeps the
// one it has where that is tighter.
func tighten(s *jsonv.Value, key string, lower bool, n *big.Int, lit string) *jsonv.Value {
	if in := s.Get(key); in != nil && in.Kind == jsonv.KindNumber {
		if m := wholeBound(in.Text, lower, false); m != nil && lower == (m.Cmp(n) > 0) {
			return s
		}
	}
	text := n.String()
	if n.BitLen() > maxBoundBits {
		text = lit
	}
	return s.With(key, &jsonv.Value{Kind: jsonv.KindNumber, Text: text})
}

// integerAsString is the type of the string form of an integer schema's
// type: "integer" gives "string", ["integer", "null"] gives ["string",
// "null"]. Any other type (a number, several kinds) is not an integer
// schema.
func integerAsString(t *jsonv.Value) (*jsonv.Value, bool) {
	if name, ok := t.StringValue(); ok {
		return jsonv.Str("string"), name == "integer"
	}
	if t == nil || t.Kind != jsonv.KindArray {
		return nil, false
	}
	kinds, _ := jsonv.SplitNull(t)
	if len(kinds) != 1 || kinds[0] != "integer" {
		return nil, false
	}
	out := &jsonv.Value{Kind: jsonv.KindArray}
	for _, it := range t.Items {
		if name, _ := it.StringValue(); name == "integer" {
			it = jsonv.Str("string")
		}
		out.Items = append(out.Items, it)
	}
	return out, true
}

// digitStrings writes the numbers of a value (an enum's items, a const, a
// default) as strings of their digits, written as a model must send them.
func digitStrings(v *jsonv.Value) *jsonv.Value {
	switch v.Kind {
	case jsonv.KindNumber:
		r, ok := new(big.Rat).SetString(v.Text)
		if ok && r.IsInt() {
			return jsonv.Str(r.Num().String())
		}
		return v
	case jsonv.KindArray:
		out := &jsonv.Value{Kind: jsonv.KindArray}
		for _, it := range v.Items {
			out.Items = append(out.Items, digitStrings(it))
		}
		return out
	}
	return v
}
