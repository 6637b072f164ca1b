package gen

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dave/jennifer/jen"

	"github.com/unionflat/unionflat/runtime"
	rtimpl "github.com/unionflat/unionflat/runtime/impl"
)

// A time.Duration is a string in Go's duration syntax in every schema
// ("90s", "1h30m"): a pattern that matches exactly what time.ParseDuration
// reads, and a description that says so. It is not format: duration,
// which is ISO 8601 ("PT1H30M"). The decoder parses the string with
// time.ParseDuration, and the generated MarshalJSON writes Duration.String,
// so a value reads back as itself. minimum=, maximum=, exclusiveMinimum=,
// exclusiveMaximum= and multipleOf= on a duration are durations too
// (minimum=1m); a pattern cannot say a bound, so the description does,
// and the decoder and Validate check it.

// The schema of a duration is the runtime's reading of one.
const (
	durationPattern     = runtime.DurationPattern
	durationDescription = rtimpl.DurationDescription
)

// isDuration reports whether t, through pointers, is a time.Duration.
func isDuration(t *Type) bool {
	t = derefType(t)
	return t.Kind == KindDuration
}

// durationRule reads a tag key on a duration. handled is false for the
// keys any scalar takes (title, description, default, example, ...).
func durationRule(r *Rules, it tagItem) (handled bool, p *problem) {
	switch it.Key {
	case "minLength", "maxLength", "pattern", "format", "enum", "const":
		return true, problemf("jsonschema key %q does not apply to a time.Duration, a string in Go's duration syntax: bound it with minimum= and maximum= (minimum=1m)", it.Key)
	}
	dst := numberField(r, it.Key) // a duration's bounds are durations
	if dst == nil {
		return false, nil
	}
	d, err := time.ParseDuration(it.Value)
	if err != nil {
		return true, problemf("jsonschema %s=%q: want a Go duration such as 90s or 1h30m", it.Key, it.Value)
	}
	if it.Key == "multipleOf" && d <= 0 {
		return true, problemf("jsonschema multipleOf=%q: want a positive duration", it.Value)
	}
	*dst = it.Value
	return true, nil
}

// durationBounds takes the bounds out of a duration's rules, for the
// schema, and says them in words.
func durationBounds(r Rules) (Rules, string) {
	var words []string
	say := func(lit *string, format string) {
		if *lit != "" {
			words = append(words, fmt.Sprintf(format, *lit))
			*lit = ""
		}
	}
	say(&r.Minimum, "At least %s.")
	say(&r.ExclMinimum, "More than %s.")
	say(&r.Maximum, "At most %s.")
	say(&r.ExclMaximum, "Less than %s.")
	say(&r.MultipleOf, "A multiple of %s.")
	return r, strings.Join(words, " ")
}

// nanos is a duration literal of a tag as a count of nanoseconds; the tag
// was checked when it was read.
func nanos(lit string) int64 {
	d, _ := time.ParseDuration(lit)
	return int64(d)
}

// joinSentences joins non-empty descriptions with a space.
func joinSentences(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, " ")
}

// durationChecks are the bounds of a duration, compared in nanoseconds:
//
//	if t0 < 60000000000 {
//		d.DurationOutOfBound(unionflat.KindMinimum, "1m", t0)
//	}
func (e *emitter) durationChecks(r Rules, x jen.Code) []jen.Code {
	var out []jen.Code
	bound := func(lit, kind, op string) {
		if lit == "" {
			return
		}
		out = append(out, jen.If(jen.Add(x).Op(op).Id(strconv.FormatInt(nanos(lit), 10))).Block(
			e.dot("d", "DurationOutOfBound").Call(rt(kind), jen.Lit(lit), x)))
	}
	bound(r.Minimum, "KindMinimum", "<")
	bound(r.ExclMinimum, "KindExclusiveMinimum", "<=")
	bound(r.Maximum, "KindMaximum", ">")
	bound(r.ExclMaximum, "KindExclusiveMaximum", ">=")
	if r.MultipleOf != "" {
		out = append(out, jen.If(jen.Add(x).Op("%").Id(strconv.FormatInt(nanos(r.MultipleOf), 10)).Op("!=").Lit(0)).Block(
			e.dot("d", "DurationOutOfBound").Call(rt("KindMultipleOf"), jen.Lit(r.MultipleOf), x)))
	}
	return out
}
