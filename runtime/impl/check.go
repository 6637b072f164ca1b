package impl

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// Tag reads the discriminator of a union object, and returns the allowed
// value itself, which aliases no buffer.
func (d *Decoder) Tag(obj Value, t *Discriminator) (string, bool) {
	v, ok := d.find(obj, t.Key)
	if !ok {
		if d.room(&unionflat.Error{Discriminator: true}) {
			d.listAt(t.Key, unionflat.Error{Kind: unionflat.KindRequired, Want: t.want(), Variants: t.variants(), Discriminator: true})
		}
		return "", false
	}
	n := d.node(v)
	if n.kind() != nodeString {
		if d.room(&unionflat.Error{Discriminator: true}) {
			d.listAt(t.Key, unionflat.Error{Kind: unionflat.KindType, Want: "a string", Got: d.kindName(v), Discriminator: true})
		}
		return "", false
	}
	tag := d.unescape(n) // in the scratch buffer when escaped
	for _, a := range t.Values {
		if string(tag) == a {
			return a, true
		}
	}
	if a, ok := foldMatch(string(tag), t.Values); ok && d.repairing() {
		d.EnterName(t.Key)
		d.repairCase(v, string(tag), a)
		d.Leave()
		return a, true
	}
	if d.room(&unionflat.Error{Discriminator: true}) {
		near, _ := nearest(string(tag), t.Values, nil)
		d.listAt(t.Key, unionflat.Error{Kind: unionflat.KindEnum, Want: t.want(), Got: Quote(string(tag)), Suggest: near, Discriminator: true})
	}
	return "", false
}

// Missing records that a required property is absent; when names the
// variant ("type = image") or is empty.
func (d *Decoder) Missing(name, when string) {
	d.reportAt(name, unionflat.Error{Kind: unionflat.KindRequired, When: when})
}

// Unknown records that the member being read is a property the object
// does not have. p, for the message, lists the properties it has.
func (d *Decoder) Unknown(p *Properties) {
	if d.listing(unionflat.KindUnknown) {
		d.list(unionflat.Error{Kind: unionflat.KindUnknown, Want: strings.Join(p.Keys, ", ")})
		e := d.last()
		e.Suggest, e.Belongs = p.nearest(lastName(e.Path))
	}
}

// NotAllowed records that the member being read belongs to another
// variant than the one chosen, which when names ("type = text").
func (d *Decoder) NotAllowed(when string, p *Properties) {
	if d.listing(unionflat.KindNotAllowed) {
		d.list(unionflat.Error{Kind: unionflat.KindNotAllowed, When: when})
		e := d.last()
		e.Belongs = p.belongs(lastName(e.Path))
	}
}

// lastName is the property name a path ends at, or "" for an array
// item or the whole input.
func lastName(p unionflat.Path) string {
	if len(p) == 0 {
		return ""
	}
	return p[len(p)-1].Name
}

// Null records a nil pointer, union, slice or map built in code, where a
// value of the JSON type want is required. For a tool's result (see
// ValidateOutput) only a null root is a problem: below it, the output
// schema describes every null encoding/json writes.
func (d *Decoder) Null(want string) {
	if d.lenient&nullsWritten != 0 && len(d.path) > 0 {
		return
	}
	d.report(unionflat.Error{Kind: unionflat.KindType, Want: want, Got: "null"})
}

// NotVariant records a value that a union holds but that is none of its
// variants: a struct that implements the union through what it embeds.
func (d *Decoder) NotVariant(union string, x any) {
	d.report(unionflat.Error{Kind: unionflat.KindType, Want: "a variant of " + union, Got: fmt.Sprintf("%T", x)})
}

// MinLength checks a string's length in characters (code points).
func (d *Decoder) MinLength(s string, n int) {
	// A character is at most 4 bytes: a string of 4n bytes or more has
	// n characters without counting them.
	if len(s) < 4*n && utf8.RuneCountInString(s) < n {
		d.brokenString(unionflat.KindMinLength, strconv.Itoa(n), s, nil)
	}
}

// MaxLength checks a string's length in characters (code points).
func (d *Decoder) MaxLength(s string, n int) {
	// A character is at least a byte: a string of n bytes or fewer has
	// at most n characters without counting them.
	if len(s) > n && utf8.RuneCountInString(s) > n {
		d.brokenString(unionflat.KindMaxLength, strconv.Itoa(n), s, nil)
	}
}

// Pattern checks that a string matches a pattern.
func (d *Decoder) Pattern(s string, re *regexp.Regexp) {
	if !re.MatchString(s) {
		d.brokenString(unionflat.KindPattern, re.String(), s, nil)
	}
}

// Format checks a string against a format (see [CheckFormat]).
func (d *Decoder) Format(s, format string) {
	if err := CheckFormat(format, s); err != nil {
		d.brokenString(unionflat.KindFormat, format, s, err)
	}
}

// brokenString lists a string that breaks a rule.
func (d *Decoder) brokenString(kind unionflat.Kind, want, s string, err error) {
	if d.listing(kind) {
		d.list(unionflat.Error{Kind: kind, Want: want, Got: Quote(s), Err: err})
	}
}

// NotOneOf records a value outside an enum: want lists the values,
// joined by " | ", and got is the value as JSON text.
func (d *Decoder) NotOneOf(want, got string) {
	if d.listing(unionflat.KindEnum) {
		d.list(unionflat.Error{Kind: unionflat.KindEnum, Want: want, Got: got, Suggest: nearestValue(want, got)})
	}
}

// nearestValue is the value of want (joined by " | ") nearest to got, a
// JSON string, or "" when got is not a string or none is close.
func nearestValue(want, got string) string {
	s, err := strconv.Unquote(got)
	if err != nil { // a number, a boolean, or a shortened string
		return ""
	}
	near, _ := nearest(s, strings.Split(want, " | "), nil)
	return near
}

// Quote writes s as a JSON string for Error.Got, shortened past 80 bytes.
func Quote(s string) string {
	const limit = 80
	if len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return strconv.Quote(s[:cut]) + "…"
	}
	return strconv.Quote(s)
}

// IntOutOfBound records an integer that breaks a bound of the given kind,
// want.
func (d *Decoder) IntOutOfBound(kind unionflat.Kind, want string, got int64) {
	if d.listing(kind) {
		d.list(unionflat.Error{Kind: kind, Want: want, Got: strconv.FormatInt(got, 10)})
	}
}

// UintOutOfBound records an unsigned integer that breaks a bound, as
// [Decoder.IntOutOfBound] does.
func (d *Decoder) UintOutOfBound(kind unionflat.Kind, want string, got uint64) {
	if d.listing(kind) {
		d.list(unionflat.Error{Kind: kind, Want: want, Got: strconv.FormatUint(got, 10)})
	}
}

// ItemCount checks an item count against minItems and maxItems; a negative
// bound is not checked.
func (d *Decoder) ItemCount(n, minItems, maxItems int) {
	if minItems >= 0 && n < minItems {
		d.IntOutOfBound(unionflat.KindMinItems, strconv.Itoa(minItems), int64(n))
	}
	if maxItems >= 0 && n > maxItems {
		d.IntOutOfBound(unionflat.KindMaxItems, strconv.Itoa(maxItems), int64(n))
	}
}

// UniqueItems checks that no item of a slice repeats. Times are compared
// as encoding/json writes them, not with ==.
func UniqueItems[T comparable](d *Decoder, items []T) {
	if len(items) < 2 {
		return
	}
	if times, ok := any(items).([]time.Time); ok {
		written := make([]string, len(times))
		for i, t := range times {
			written[i] = t.Format(time.RFC3339Nano)
		}
		UniqueItems(d, written)
		return
	}
	if it, ok := firstRepeat(items); ok && d.listing(unionflat.KindUniqueItems) {
		d.list(unionflat.Error{Kind: unionflat.KindUniqueItems, Got: literal(it)})
	}
}

// firstRepeat is the first item that repeats one before it, if any: of a
// few items, found by comparing them in pairs, of more, with a map.
func firstRepeat[T comparable](items []T) (T, bool) {
	if len(items) <= smallSet {
		for i, it := range items {
			if slices.Contains(items[:i], it) {
				return it, true
			}
		}
	} else {
		seen := make(map[T]bool, len(items))
		for _, it := range items {
			if seen[it] {
				return it, true
			}
			seen[it] = true
		}
	}
	var zero T
	return zero, false
}

// smallSet is the most items UniqueItems compares in pairs.
const smallSet = 16

func literal(v any) string {
	if s, ok := v.(string); ok {
		return Quote(s)
	}
	return fmt.Sprint(v)
}
