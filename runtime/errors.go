package runtime

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/unionflat/unionflat/runtime/internal/words"
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
	KindSize                             // an input larger than MaxInputBytes (Want: the cap, Got: its size, in bytes)
)

var kindWords = [...]string{
	KindSyntax: "syntax", KindDuplicate: "duplicate", KindDepth: "depth", KindType: "type",
	KindRequired: "required", KindUnknown: "unknown", KindNotAllowed: "notAllowed",
	KindEnum: "enum", KindRange: "range", KindMinLength: "minLength", KindMaxLength: "maxLength",
	KindPattern: "pattern", KindFormat: "format", KindMinimum: "minimum", KindMaximum: "maximum",
	KindExclusiveMinimum: "exclusiveMinimum", KindExclusiveMaximum: "exclusiveMaximum",
	KindMultipleOf: "multipleOf", KindMinItems: "minItems", KindMaxItems: "maxItems",
	KindUniqueItems: "uniqueItems", KindInvalid: "invalid", KindSize: "size",
}

// String names the kind in one word: the JSON Schema keyword broken
// ("required", "minimum"), or "syntax", "duplicate", "depth", "unknown",
// "notAllowed", "range", "invalid" or "size".
func (k Kind) String() string {
	if int(k) < len(kindWords) && kindWords[k] != "" {
		return kindWords[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// A Path locates a value in a document, from the root down: the tokens
// of its JSON Pointer. The empty Path is the whole document.
type Path []Token

// A Token is one step of a Path.
type Token struct {
	Name  string // the property name, when Index is -1
	Index int    // the array index, or -1 for a property
}

// String writes the path as a JSON Pointer (RFC 6901): "" for the whole
// document, "/shapes/0/radius" for a value inside it.
func (p Path) String() string { return p.pointer(func(name string) string { return name }) }

// pointer writes the path as a JSON Pointer, each name as name says.
func (p Path) pointer(name func(string) string) string {
	var b strings.Builder
	for _, t := range p {
		b.WriteByte('/')
		if t.Index >= 0 {
			b.WriteString(strconv.Itoa(t.Index))
			continue
		}
		b.WriteString(pointerEscaper.Replace(name(t.Name)))
	}
	return b.String()
}

var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// Error is one problem with a value. Its fields are stable. The text of
// its message is written for a model to act on, and may change.
type Error struct {
	// Path is where the value is; for KindRequired, where it would be.
	Path Path
	Kind Kind
	// Want is what was expected: a JSON type, a bound, a pattern, a
	// format, or the allowed values joined by " | ".
	Want string
	// Got is what was found: a JSON type, or the value as JSON text
	// (long values shortened).
	Got    string
	When   string // the variant a rule belongs to, as "type = image"
	Offset int64  // the byte offset of a syntax error
	Err    error  // the underlying error, if any
	// Suggest is what the model most likely meant: the nearest declared
	// key (KindUnknown) or allowed value (KindEnum), or empty.
	Suggest string
	// Belongs names the variant a key of another variant belongs to, as
	// "kind = rect" (KindNotAllowed, and KindUnknown's Suggest).
	Belongs string
	// Variants lists, for a missing discriminator, each value with the
	// keys its variant requires: "circle (with center, radius), label".
	Variants string
	// Fix says what to send instead, for a problem a repair would have
	// read had the tool repairs on: "send 5 without the quotes".
	Fix string
	// Discriminator says the problem is with a union's discriminator,
	// which decides every other rule.
	Discriminator bool
}

// subject is how a message refers to the value at the error's path: its
// name, shortened past maxNameBytes, "item 3" or "the input".
func (e *Error) subject() string {
	if len(e.Path) == 0 {
		return "the input"
	}
	last := e.Path[len(e.Path)-1]
	if last.Index >= 0 {
		return "item " + strconv.Itoa(last.Index)
	}
	return shortName(last.Name)
}

// maxNameBytes is the longest property name a message writes in full; a
// longer one, in the pointer or the sentence, is cut there and marked
// with "…". Path.String() is always the whole pointer.
const maxNameBytes = 64

// shortName cuts a name past maxNameBytes, at a character boundary.
func shortName(s string) string {
	if len(s) <= maxNameBytes {
		return s
	}
	cut := maxNameBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// Error writes the problem as its JSON Pointer (names past 64 bytes
// shortened), a colon and a sentence for a model to act on.
func (e *Error) Error() string { return e.line(true) }

// line is the text of Error, with the keys an unknown key's object
// expects listed or not.
func (e *Error) line(listKeys bool) string {
	if len(e.Path) == 0 {
		return e.sentence(listKeys)
	}
	return e.Path.pointer(shortName) + ": " + e.sentence(listKeys)
}

func (e *Error) sentence(listKeys bool) string {
	if e.Fix != "" {
		return e.problem(listKeys) + "; " + e.Fix
	}
	return e.problem(listKeys)
}

func (e *Error) problem(listKeys bool) string {
	n := e.subject()
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
		if e.Variants != "" {
			return fmt.Sprintf("%s is required%s: one of %s", n, when, e.Variants)
		}
		if e.Want != "" {
			return fmt.Sprintf("%s is required%s: one of %s", n, when, e.Want)
		}
		return fmt.Sprintf("%s is required%s", n, when)
	case KindUnknown:
		return e.unknownSentence(n, listKeys)
	case KindNotAllowed:
		if e.Belongs != "" {
			return fmt.Sprintf("%s is not allowed%s; it belongs to %s", n, when, e.Belongs)
		}
		return fmt.Sprintf("%s is not allowed%s", n, when)
	case KindEnum:
		if e.Suggest != "" {
			return fmt.Sprintf("%s is %s; did you mean %s? It must be one of %s", n, e.Got, strconv.Quote(e.Suggest), words.Bounded(e.Want, " | "))
		}
		return fmt.Sprintf("%s must be one of %s, not %s", n, words.Bounded(e.Want, " | "), e.Got)
	case KindRange, KindMinimum, KindMaximum, KindExclusiveMinimum, KindExclusiveMaximum, KindMultipleOf:
		return fmt.Sprintf("%s must be %s%s, not %s", n, bounds[e.Kind], e.Want, e.Got)
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
	case KindMinItems:
		return fmt.Sprintf("%s must have at least %s", n, plural(e.Want, "item"))
	case KindMaxItems:
		return fmt.Sprintf("%s must have at most %s", n, plural(e.Want, "item"))
	case KindUniqueItems:
		return fmt.Sprintf("%s must not repeat an item: %s appears more than once", n, e.Got)
	case KindInvalid:
		return fmt.Sprintf("%s is invalid: %v", n, e.Err)
	case KindSize:
		return fmt.Sprintf("%s is %s bytes, more than the %s this tool reads (unionflat.MaxInputBytes)", n, e.Got, e.Want)
	}
	return fmt.Sprintf("%s is invalid", n)
}

// bounds says how a message names each bound before its Want.
var bounds = map[Kind]string{KindMinimum: "at least ", KindMaximum: "at most ", KindExclusiveMinimum: "greater than ",
	KindExclusiveMaximum: "less than ", KindMultipleOf: "a multiple of "}

// unknownSentence names the nearest declared key, when one is close,
// and the object's keys (at most words.MaxListed of them).
func (e *Error) unknownSentence(n string, listKeys bool) string {
	var b strings.Builder
	b.WriteString(n + " is not a known property")
	switch {
	case e.Suggest != "" && e.Belongs != "":
		b.WriteString("; did you mean " + e.Suggest + ", which belongs to " + e.Belongs + "?")
	case e.Suggest != "":
		b.WriteString("; did you mean " + e.Suggest + "?")
	}
	if e.Want != "" && listKeys {
		b.WriteString(" (expected " + words.Bounded(e.Want, ", ") + ")")
	}
	return b.String()
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

// MaxErrors is how many problems one decode lists: the most useful ones.
// Errors.More counts the rest.
const MaxErrors = 32

// MaxMessageBytes bounds the message of an [Errors]. Its last line counts
// the problems that do not fit: "(and 3 more problems)".
const MaxMessageBytes = 4096

// Errors is every problem one decode or validation found, in document
// order. errors.As finds an *Errors, or any one *Error.
type Errors struct {
	List []*Error
	More int // the problems past MaxErrors, the least useful
}

// Error writes one problem a line, by [Error.Rank] and then in document
// order, within MaxMessageBytes. Of an object's unknown keys, only the
// first line lists the keys it expects. The same problems give the same
// message, byte for byte.
func (e *Errors) Error() string {
	order := make([]*Error, len(e.List))
	copy(order, e.List)
	slices.SortStableFunc(order, func(a, b *Error) int { return a.Rank() - b.Rank() })
	var b strings.Builder
	listed := map[string]bool{} // the objects whose keys a line has listed
	for i, err := range order {
		line := err.line(err.listsKeys(listed))
		if i > 0 {
			line = "\n" + line
		}
		left := len(order) - i - 1 + e.More // the problems after this one
		tail := 0
		if left > 0 {
			tail = len("\n" + moreLine(left))
		}
		if b.Len()+len(line)+tail > MaxMessageBytes {
			if i == 0 { // the first problem alone is too long: cut it
				b.WriteString(words.Cut(line, MaxMessageBytes-tail))
				if left > 0 {
					b.WriteString("\n" + moreLine(left))
				}
				return b.String()
			}
			// The line before made room for this count.
			b.WriteString("\n" + moreLine(left+1))
			return b.String()
		}
		b.WriteString(line)
	}
	if e.More > 0 {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(moreLine(e.More))
	}
	return b.String()
}

// listsKeys reports whether the line of an unknown key lists its
// object's keys: only the first of that object's lines does.
func (e *Error) listsKeys(listed map[string]bool) bool {
	if e.Kind != KindUnknown || len(e.Path) == 0 {
		return true
	}
	object := e.Path[:len(e.Path)-1].String()
	if listed[object] {
		return false
	}
	listed[object] = true
	return true
}

// moreLine counts the problems a message leaves out, or is "" for none.
func moreLine(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return "(and 1 more problem)"
	}
	return "(and " + strconv.Itoa(n) + " more problems)"
}

// The ranks of problems, the most useful first: input that cannot be
// read, a union's discriminator (which decides every other rule), a
// wrong JSON type or a missing property, a value that breaks a rule, a
// key that does not belong.
const (
	rankUnreadable = iota
	rankTag
	rankShape
	rankValue
	rankStray
)

// Rank is how useful the problem is to a model, the most useful lowest:
// 0 for input that cannot be read, 1 for a union's discriminator, 2 for a
// wrong type or a missing property, 3 for a value that breaks a rule, 4
// for a key that does not belong. Past [MaxErrors], a decode keeps the
// problems of the lowest ranks.
func (e *Error) Rank() int {
	if e.Discriminator {
		return rankTag
	}
	return e.Kind.rank()
}

// rank is the rank of a problem of kind k that is not about a
// discriminator.
func (k Kind) rank() int {
	switch k {
	case KindSyntax, KindDepth, KindDuplicate, KindSize:
		return rankUnreadable
	case KindType, KindRequired:
		return rankShape
	case KindUnknown, KindNotAllowed:
		return rankStray
	}
	return rankValue
}

// Unwrap returns the problems, so errors.As reaches each *Error.
func (e *Errors) Unwrap() []error {
	out := make([]error, len(e.List))
	for i, err := range e.List {
		out[i] = err
	}
	return out
}

// DurationPattern matches the strings time.ParseDuration reads, range
// aside. It is the pattern of every duration in the generated schemas,
// and the Want of a duration's KindPattern problem.
const DurationPattern = `^[-+]?(0|(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+)$`
