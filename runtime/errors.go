package runtime

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind says what is wrong in one [Error].
type Kind uint8

const (
	KindSyntax           Kind = iota + 1 // not well-formed JSON (Offset says where)
	KindDuplicate                        // a key given twice in one object
	KindDepth                            // nesting deeper than MaxDepth
	KindType                             // the wrong JSON type (Want, Got)
	KindRequired                         // a required property is absent
	KindUnknown                          // a property the object does not have
	KindNotAllowed                       // a property of another variant (When)
	KindEnum                             // not one of the allowed values (Want)
	KindRange                            // a number the Go type cannot hold
	KindMinLength                        // fewer characters than Want
	KindMaxLength                        // more characters than Want
	KindPattern                          // does not match the pattern Want
	KindFormat                           // not of the format Want
	KindMinimum                          // less than Want
	KindMaximum                          // more than Want
	KindExclusiveMinimum                 // not more than Want
	KindExclusiveMaximum                 // not less than Want
	KindMultipleOf                       // not a multiple of Want
	KindMinItems                         // fewer items than Want
	KindMaxItems                         // more items than Want
	KindUniqueItems                      // an item repeats (Got)
	KindInvalid                          // rejected by the Go type itself (Err)
)

var kindWords = [...]string{
	KindSyntax: "syntax", KindDuplicate: "duplicate", KindDepth: "depth", KindType: "type",
	KindRequired: "required", KindUnknown: "unknown", KindNotAllowed: "notAllowed",
	KindEnum: "enum", KindRange: "range", KindMinLength: "minLength", KindMaxLength: "maxLength",
	KindPattern: "pattern", KindFormat: "format", KindMinimum: "minimum", KindMaximum: "maximum",
	KindExclusiveMinimum: "exclusiveMinimum", KindExclusiveMaximum: "exclusiveMaximum",
	KindMultipleOf: "multipleOf", KindMinItems: "minItems", KindMaxItems: "maxItems",
	KindUniqueItems: "uniqueItems", KindInvalid: "invalid",
}

// String names the kind in one word: the JSON Schema keyword the value
// breaks where there is one ("required", "minimum", "pattern"), else
// "syntax", "duplicate", "depth", "unknown", "notAllowed", "range" or
// "invalid".
func (k Kind) String() string {
	if int(k) < len(kindWords) && kindWords[k] != "" {
		return kindWords[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// A Path locates a value in a document: the tokens of its JSON Pointer
// (RFC 6901), from the root down, each a property name or an array index.
// The empty Path is the whole document. A problem's Path is its own copy:
// it stays valid after the decode.
type Path []Token

// A Token is one step of a Path.
type Token struct {
	// Name is the property name, when Index is -1.
	Name string
	// Index is the array index, or -1 for a property.
	Index int
}

// String writes the path as a JSON Pointer: "" for the whole document,
// "/shapes/0/radius" for the radius of the first shape, with "~" and "/"
// in names escaped as "~0" and "~1".
func (p Path) String() string {
	var b strings.Builder
	for _, t := range p {
		b.WriteByte('/')
		if t.Index >= 0 {
			b.WriteString(strconv.Itoa(t.Index))
			continue
		}
		b.WriteString(pointerEscaper.Replace(t.Name))
	}
	return b.String()
}

var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// Error is one problem with a value, located by its Path. Its fields are
// stable; the text of Error() is written for a model to act on and may
// change.
type Error struct {
	// Path is where the value is, or, for KindRequired, where the absent
	// property would be. Path.String() is its JSON Pointer.
	Path Path
	Kind Kind
	// Want is what was expected: a JSON type, a bound, the allowed values
	// joined by " | ", a pattern or a format.
	Want string
	// Got is what was found: a JSON type, or the offending value as JSON
	// text (long values shortened).
	Got string
	// When names the variant a rule belongs to, as "type = image".
	When string
	// Offset is the byte offset of a syntax error in the input.
	Offset int64
	// Err is the underlying error, when there is one.
	Err error
}

// name is how a message refers to the value at the error's path.
func (e *Error) name() string {
	if len(e.Path) == 0 {
		return "the input"
	}
	last := e.Path[len(e.Path)-1]
	if last.Index >= 0 {
		return "item " + strconv.Itoa(last.Index)
	}
	return last.Name
}

func (e *Error) Error() string {
	var b strings.Builder
	if len(e.Path) > 0 {
		b.WriteString(e.Path.String())
		b.WriteString(": ")
	}
	b.WriteString(e.sentence())
	return b.String()
}

func (e *Error) sentence() string {
	n := e.name()
	when := ""
	if e.When != "" {
		when = " when " + e.When
	}
	switch e.Kind {
	case KindSyntax:
		return fmt.Sprintf("invalid JSON at byte %d: %v", e.Offset, e.Err)
	case KindDuplicate:
		return fmt.Sprintf("the key %s appears more than once", e.Got)
	case KindDepth:
		return fmt.Sprintf("nested deeper than %s levels", e.Want)
	case KindType:
		if e.Err != nil {
			return fmt.Sprintf("%s must be %s; it is a string that does not hold valid JSON (%v)", n, e.Want, e.Err)
		}
		return fmt.Sprintf("%s must be %s, not %s", n, e.Want, e.Got)
	case KindRequired:
		if e.Want != "" {
			return fmt.Sprintf("%s is required%s: one of %s", n, when, e.Want)
		}
		return fmt.Sprintf("%s is required%s", n, when)
	case KindUnknown:
		if e.Want != "" {
			return fmt.Sprintf("%s is not a known property (expected %s)", n, e.Want)
		}
		return fmt.Sprintf("%s is not a known property", n)
	case KindNotAllowed:
		return fmt.Sprintf("%s is not allowed%s", n, when)
	case KindEnum:
		return fmt.Sprintf("%s must be one of %s, not %s", n, e.Want, e.Got)
	case KindRange:
		return fmt.Sprintf("%s must be %s, not %s", n, e.Want, e.Got)
	case KindMinLength:
		return fmt.Sprintf("%s must be at least %s long", n, plural(e.Want, "character"))
	case KindMaxLength:
		return fmt.Sprintf("%s must be at most %s long", n, plural(e.Want, "character"))
	case KindPattern:
		if e.Want == DurationPattern {
			return fmt.Sprintf("%s must be a Go duration such as \"90s\" or \"1h30m\", not %s", n, e.Got)
		}
		return fmt.Sprintf("%s must match the pattern %s", n, e.Want)
	case KindFormat:
		if e.Err != nil {
			return fmt.Sprintf("%s must be %s (%v)", n, article(e.Want), e.Err)
		}
		return fmt.Sprintf("%s must be %s", n, article(e.Want))
	case KindMinimum:
		return fmt.Sprintf("%s must be at least %s, not %s", n, e.Want, e.Got)
	case KindMaximum:
		return fmt.Sprintf("%s must be at most %s, not %s", n, e.Want, e.Got)
	case KindExclusiveMinimum:
		return fmt.Sprintf("%s must be greater than %s, not %s", n, e.Want, e.Got)
	case KindExclusiveMaximum:
		return fmt.Sprintf("%s must be less than %s, not %s", n, e.Want, e.Got)
	case KindMultipleOf:
		return fmt.Sprintf("%s must be a multiple of %s, not %s", n, e.Want, e.Got)
	case KindMinItems:
		return fmt.Sprintf("%s must have at least %s", n, plural(e.Want, "item"))
	case KindMaxItems:
		return fmt.Sprintf("%s must have at most %s", n, plural(e.Want, "item"))
	case KindUniqueItems:
		return fmt.Sprintf("%s must not repeat an item: %s appears more than once", n, e.Got)
	case KindInvalid:
		return fmt.Sprintf("%s is invalid: %v", n, e.Err)
	}
	return fmt.Sprintf("%s is invalid", n)
}

func plural(n, unit string) string {
	if n == "1" {
		return n + " " + unit
	}
	return n + " " + unit + "s"
}

func article(format string) string {
	switch format {
	case "email", "ipv4", "ipv6":
		return "an " + format
	}
	return "a " + format
}

func (e *Error) Unwrap() error { return e.Err }

// MaxErrors is how many problems one decode reports in detail; the
// count of the rest is kept.
const MaxErrors = 32

// Errors is every problem one decode or validation found, in document
// order. errors.As finds an *Errors, or any one *Error through Unwrap.
type Errors struct {
	List []*Error
	// More counts the problems found beyond MaxErrors.
	More int
}

func (e *Errors) Error() string {
	var b strings.Builder
	for i, err := range e.List {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(err.Error())
	}
	if e.More > 0 {
		fmt.Fprintf(&b, "\n(and %d more problems)", e.More)
	}
	return b.String()
}

// Unwrap returns the problems, so errors.As reaches each *Error.
func (e *Errors) Unwrap() []error {
	out := make([]error, len(e.List))
	for i, err := range e.List {
		out[i] = err
	}
	return out
}
