package runtime

import (
	"fmt"
	"regexp"
	"strconv"
	"unicode/utf8"
)

// The methods below are the checks generated code runs, on decoded values
// and on values built in code alike. Each records a problem at the
// current path when the check fails.

// Tag reads the discriminator of a union object: the member named key,
// a string, one of the allowed values (listed in want for the message).
// It returns the allowed value itself, which aliases no buffer.
func (d *Decoder) Tag(obj Value, key string, allowed []string, want string) (string, bool) {
	v, ok := d.find(obj, key)
	if !ok {
		d.reportAt(key, Error{Kind: KindRequired, Want: want})
		return "", false
	}
	n := d.node(v)
	if n.kind() != nodeString {
		d.EnterName(key)
		d.mismatch(v, "a string")
		d.Leave()
		return "", false
	}
	tag := d.unescape(n) // in the scratch buffer when escaped
	for _, a := range allowed {
		if string(tag) == a {
			return a, true
		}
	}
	d.reportAt(key, Error{Kind: KindEnum, Want: want, Got: strconv.Quote(string(tag))})
	return "", false
}

// Missing records that a required property is absent; when names the
// variant ("type = image") or is empty.
func (d *Decoder) Missing(name, when string) {
	d.reportAt(name, Error{Kind: KindRequired, When: when})
}

// Unknown records that the member being read (in a [Decoder.Members]
// loop) is a property the object does not have; want lists the properties
// it has, for the message.
func (d *Decoder) Unknown(want string) {
	d.report(Error{Kind: KindUnknown, Want: want})
}

// NotAllowed records that the member being read (in a [Decoder.Members]
// loop) belongs to another variant of the union than the one the
// discriminator chose; when names that choice ("type = text").
func (d *Decoder) NotAllowed(when string) {
	d.report(Error{Kind: KindNotAllowed, When: when})
}

// Null records a null where a value of the JSON type want ("an object",
// "an array") is required: a nil pointer, union, slice or map built in
// code, which MarshalJSON would write as null.
func (d *Decoder) Null(want string) {
	d.report(Error{Kind: KindType, Want: want, Got: "null"})
}

// MinLength checks a string's length in characters (code points).
func (d *Decoder) MinLength(s string, n int) {
	if utf8.RuneCountInString(s) < n {
		if d.listing() {
			d.list(Error{Kind: KindMinLength, Want: strconv.Itoa(n), Got: quote(s)})
		}
	}
}

// MaxLength checks a string's length in characters (code points).
func (d *Decoder) MaxLength(s string, n int) {
	if utf8.RuneCountInString(s) > n {
		if d.listing() {
			d.list(Error{Kind: KindMaxLength, Want: strconv.Itoa(n), Got: quote(s)})
		}
	}
}

// Pattern checks that a string matches a regular expression somewhere,
// as JSON Schema patterns do.
func (d *Decoder) Pattern(s string, re *regexp.Regexp) {
	if !re.MatchString(s) {
		if d.listing() {
			d.list(Error{Kind: KindPattern, Want: re.String(), Got: quote(s)})
		}
	}
}

// Format checks a string against a format (see [CheckFormat]).
func (d *Decoder) Format(s, format string) {
	if err := CheckFormat(format, s); err != nil {
		if d.listing() {
			d.list(Error{Kind: KindFormat, Want: format, Got: quote(s), Err: err})
		}
	}
}

// NotOneOf records a value outside an enum; want lists the values.
func (d *Decoder) NotOneOf(want, got string) {
	d.report(Error{Kind: KindEnum, Want: want, Got: got})
}

// Quote is a string as JSON text, for Error.Got.
func Quote(s string) string { return quote(s) }

// quote writes s as a JSON string, shortened past 80 characters.
func quote(s string) string {
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

// IntOutOfBound records an integer that breaks a bound of the given kind
// (the caller has compared); want is the bound.
func (d *Decoder) IntOutOfBound(kind Kind, want string, got int64) {
	if d.listing() {
		d.list(Error{Kind: kind, Want: want, Got: strconv.FormatInt(got, 10)})
	}
}

// UintOutOfBound records an unsigned integer that breaks a bound, as
// [Decoder.IntOutOfBound] does.
func (d *Decoder) UintOutOfBound(kind Kind, want string, got uint64) {
	if d.listing() {
		d.list(Error{Kind: kind, Want: want, Got: strconv.FormatUint(got, 10)})
	}
}

// ItemCount checks an item count against minItems and maxItems; a negative
// bound is not checked.
func (d *Decoder) ItemCount(n, minItems, maxItems int) {
	if minItems >= 0 && n < minItems {
		if d.listing() {
			d.list(Error{Kind: KindMinItems, Want: strconv.Itoa(minItems), Got: strconv.Itoa(n)})
		}
	}
	if maxItems >= 0 && n > maxItems {
		if d.listing() {
			d.list(Error{Kind: KindMaxItems, Want: strconv.Itoa(maxItems), Got: strconv.Itoa(n)})
		}
	}
}

// UniqueItems checks that no item of a slice repeats.
func UniqueItems[T comparable](d *Decoder, items []T) {
	if len(items) < 2 {
		return
	}
	seen := make(map[T]struct{}, len(items))
	for _, it := range items {
		if _, dup := seen[it]; dup {
			if d.listing() {
				d.list(Error{Kind: KindUniqueItems, Got: literal(it)})
			}
			return
		}
		seen[it] = struct{}{}
	}
}

func literal(v any) string {
	if s, ok := v.(string); ok {
		return quote(s)
	}
	return fmt.Sprint(v)
}
