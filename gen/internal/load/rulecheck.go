package load

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// arrayCountConflicts reports item counts that an array's own length
// breaks: encoding/json always writes all of its items.
func arrayCountConflicts(r model.Rules, t *model.Type) []*problem {
	var out []*problem
	n := uint64(t.Len)
	if r.MinItems != nil && *r.MinItems > n {
		out = append(out, problemf("minItems %d is greater than the %d items of %s, so no array can pass", *r.MinItems, n, model.TypeString(t)))
	}
	if r.MaxItems != nil && *r.MaxItems < n {
		out = append(out, problemf("maxItems %d is less than the %d items of %s, so no array can pass", *r.MaxItems, n, model.TypeString(t)))
	}
	return out
}

// ruleConflicts finds the rules of one value (a field's, or its items')
// that contradict each other, so that no value could pass: minimum above
// maximum (exclusive bounds and an integer type's own range counted),
// minLength above maxLength, minItems above maxItems (or an array's
// length outside them), and an enum or
// const value that breaks the other rules, or, without those, a named
// type's constant (string or integer) that does.
func ruleConflicts(r model.Rules, t *model.Type) []*problem {
	t = model.DerefType(t)
	var out []*problem
	if r.MinLength != nil && r.MaxLength != nil && *r.MinLength > *r.MaxLength {
		out = append(out, problemf("minLength %d is greater than maxLength %d, so no string can pass", *r.MinLength, *r.MaxLength))
	}
	if r.MinItems != nil && r.MaxItems != nil && *r.MinItems > *r.MaxItems {
		out = append(out, problemf("minItems %d is greater than maxItems %d, so no array can pass", *r.MinItems, *r.MaxItems))
	}
	if t.Kind == model.KindArray {
		out = append(out, arrayCountConflicts(r, t)...)
	}
	if p := EmptyRange(r, t); p != nil {
		out = append(out, p)
	}
	if p := emptyDurationRange(r, t); p != "" {
		out = append(out, problemf("%s", p))
	}
	for _, lit := range r.Enum {
		if p := Breaks(lit, r, t); p != "" {
			out = append(out, problemf("enum value %s %s", lit, p))
		}
	}
	if r.Const != "" {
		if p := Breaks(r.Const, r, t); p != "" {
			out = append(out, problemf("const value %s %s", r.Const, p))
		}
	}
	if len(r.Enum) == 0 && r.Const == "" {
		for _, v := range t.Enum {
			lit := strconv.Quote(v)
			if p := Breaks(lit, r, t); p != "" {
				out = append(out, problemf("%s's constant %s %s", t.Named, lit, p))
			}
		}
		for _, c := range t.Consts {
			if p := Breaks(c.Value, r, t); p != "" {
				out = append(out, problemf("%s's constant %s = %s %s", t.Named, c.Name, c.Value, p))
			}
		}
	}
	return out
}

// bound is one end of a numeric range.
type bound struct {
	word      string      // "minimum", "exclusive maximum", "maximum"
	owner     *model.Type // the type whose own limit it is, or nil
	text      string      // as written
	val       *big.Rat
	exclusive bool
}

// name says which bound it is: "minimum", "exclusive maximum", "uint8's
// maximum" (the type spelled only when a message needs it: spelling it
// renders and formats Go).
func (b *bound) name() string {
	if b.owner != nil {
		return model.TypeString(b.owner) + "'s " + b.word
	}
	return b.word
}

// numericRange is the range a field's bounds allow, with an integer
// type's own limits: nil ends are open.
func numericRange(r model.Rules, t *model.Type) (lo, hi *bound) {
	pick := func(cur *bound, word, text string, excl bool, lower bool) *bound {
		if text == "" {
			return cur
		}
		v, ok := new(big.Rat).SetString(text)
		if !ok {
			return cur
		}
		b := &bound{word: word, text: text, val: v, exclusive: excl}
		if cur == nil {
			return b
		}
		c := v.Cmp(cur.val)
		if (lower && c > 0) || (!lower && c < 0) || (c == 0 && excl) {
			return b
		}
		return cur
	}
	if tlo, thi, ok := ownRange(t); ok {
		lo, hi = pick(nil, "minimum", tlo, false, true), pick(nil, "maximum", thi, false, false)
		for _, b := range []*bound{lo, hi} {
			if b != nil {
				b.owner = t
			}
		}
	}
	lo = pick(lo, "minimum", r.Minimum, false, true)
	lo = pick(lo, "exclusive minimum", r.ExclMinimum, true, true)
	hi = pick(hi, "maximum", r.Maximum, false, false)
	hi = pick(hi, "exclusive maximum", r.ExclMaximum, true, false)
	return lo, hi
}

// ownRange is the range of numbers a Go numeric type can hold: every
// integer size, and a float's largest magnitude (a literal beyond it
// would overflow the field, and the generated code would not compile).
func ownRange(t *model.Type) (lo, hi string, ok bool) {
	if lo, hi, ok := model.IntBounds(t); ok {
		return lo, hi, true
	}
	switch {
	case t.Kind == model.KindInt:
		return strconv.FormatInt(math.MinInt64, 10), strconv.FormatInt(math.MaxInt64, 10), true
	case t.Kind == model.KindUint:
		return "0", strconv.FormatUint(math.MaxUint64, 10), true
	case t.Kind == model.KindFloat && t.Bits == 32:
		m := strconv.FormatFloat(math.MaxFloat32, 'g', -1, 64)
		return "-" + m, m, true
	case t.Kind == model.KindFloat:
		m := strconv.FormatFloat(math.MaxFloat64, 'g', -1, 64)
		return "-" + m, m, true
	}
	return "", "", false
}

// EmptyRange says why no number passes the bounds, or nil.
func EmptyRange(r model.Rules, t *model.Type) *problem {
	lo, hi := numericRange(r, t)
	if lo == nil || hi == nil {
		return nil
	}
	empty := false
	switch c := lo.val.Cmp(hi.val); {
	case c > 0:
		empty = true
	case c == 0:
		empty = lo.exclusive || hi.exclusive
	}
	if !empty && (t.Kind == model.KindInt || t.Kind == model.KindUint) {
		// The smallest and largest whole numbers inside the bounds.
		first, last := model.Ceil(lo.val), model.Floor(hi.val)
		if lo.exclusive && lo.val.IsInt() {
			first.Add(first, big.NewInt(1))
		}
		if hi.exclusive && hi.val.IsInt() {
			last.Sub(last, big.NewInt(1))
		}
		empty = first.Cmp(last) > 0
	}
	if !empty {
		return nil
	}
	what := "number"
	if t.Kind == model.KindInt || t.Kind == model.KindUint {
		what = "integer"
	}
	return problemf("%s %s and %s %s leave no %s that can pass", lo.name(), lo.text, hi.name(), hi.text, what)
}

// Breaks says which of the rules a JSON literal of a value of type t
// breaks ("is longer than maxLength 3"), or "" when it passes them all;
// a duration is judged on its nanoseconds. Formats are left to the
// caller (valueBreaks checks them for defaults).
func Breaks(lit string, r model.Rules, t *model.Type) string {
	t = model.DerefType(t)
	if t.Kind == model.KindDuration {
		return durationBreaks(r, model.Unquote(lit))
	}
	switch ScalarOf(t) {
	case ScalarString:
		s := model.Unquote(lit)
		n := uint64(utf8.RuneCountInString(s))
		switch {
		case r.MinLength != nil && n < *r.MinLength:
			return fmt.Sprintf("is shorter than minLength %d", *r.MinLength)
		case r.MaxLength != nil && n > *r.MaxLength:
			return fmt.Sprintf("is longer than maxLength %d", *r.MaxLength)
		case r.Pattern != "" && !regexp.MustCompile(r.Pattern).MatchString(s):
			return fmt.Sprintf("does not match pattern %s", r.Pattern)
		}
	case scalarInteger, scalarNumber:
		v, ok := new(big.Rat).SetString(lit)
		if !ok {
			return ""
		}
		lo, hi := numericRange(r, t)
		if lo != nil && (v.Cmp(lo.val) < 0 || (lo.exclusive && v.Cmp(lo.val) == 0)) {
			return fmt.Sprintf("is below %s %s", lo.name(), lo.text)
		}
		if hi != nil && (v.Cmp(hi.val) > 0 || (hi.exclusive && v.Cmp(hi.val) == 0)) {
			return fmt.Sprintf("is above %s %s", hi.name(), hi.text)
		}
		if p := underflows(lit, v, t); p != "" {
			return p
		}
		if m, ok := new(big.Rat).SetString(r.MultipleOf); ok && m.Sign() > 0 && !new(big.Rat).Quo(v, m).IsInt() {
			return fmt.Sprintf("is not a multiple of %s", r.MultipleOf)
		}
	}
	return ""
}

// underflows says that a nonzero literal is too small for a float field,
// which would hold it as 0 (a decoder rejects the same text as out of
// range), or "".
func underflows(lit string, v *big.Rat, t *model.Type) string {
	if t.Kind != model.KindFloat || v.Sign() == 0 {
		return ""
	}
	bits := 64
	if t.Bits == 32 {
		bits = 32
	}
	if f, err := strconv.ParseFloat(lit, bits); err == nil && f == 0 {
		return fmt.Sprintf("is too small for %s, which would hold it as 0", model.TypeString(t))
	}
	return ""
}

// emptyDurationRange says why no duration passes a duration's bounds
// (minimum=2h,maximum=1h), or "". Durations are whole nanoseconds, so an
// exclusive bound moves by one.
func emptyDurationRange(r model.Rules, t *model.Type) string {
	if t.Kind != model.KindDuration {
		return ""
	}
	type end struct {
		word, text string
		n          int64
	}
	var lo, hi *end
	for _, c := range []struct {
		word, text string
		shift      int64
		lower      bool
	}{
		{"minimum", r.Minimum, 0, true},
		{"exclusive minimum", r.ExclMinimum, 1, true},
		{"maximum", r.Maximum, 0, false},
		{"exclusive maximum", r.ExclMaximum, -1, false},
	} {
		d, err := time.ParseDuration(c.text)
		if c.text == "" || err != nil {
			continue
		}
		e := &end{c.word, c.text, int64(d) + c.shift}
		switch {
		case c.lower && (lo == nil || e.n > lo.n):
			lo = e
		case !c.lower && (hi == nil || e.n < hi.n):
			hi = e
		}
	}
	if lo == nil || hi == nil || lo.n <= hi.n {
		return ""
	}
	return fmt.Sprintf("%s %s and %s %s leave no duration that can pass", lo.word, lo.text, hi.word, hi.text)
}

// durationBreaks says how a duration's text breaks its bounds, or "".
func durationBreaks(r model.Rules, s string) string {
	d, err := time.ParseDuration(s)
	if err != nil {
		return "is not a Go duration such as 90s or 1h30m"
	}
	switch n := int64(d); {
	case r.Minimum != "" && n < model.Nanos(r.Minimum):
		return "is below minimum " + r.Minimum
	case r.ExclMinimum != "" && n <= model.Nanos(r.ExclMinimum):
		return "is below exclusive minimum " + r.ExclMinimum
	case r.Maximum != "" && n > model.Nanos(r.Maximum):
		return "is above maximum " + r.Maximum
	case r.ExclMaximum != "" && n >= model.Nanos(r.ExclMaximum):
		return "is above exclusive maximum " + r.ExclMaximum
	case r.MultipleOf != "" && n%model.Nanos(r.MultipleOf) != 0:
		return "is not a multiple of " + r.MultipleOf
	}
	return ""
}
