package runtime

import (
	"strconv"
	"strings"
)

// Repairs are the model's mistakes a tool's decoder reads anyway, because
// the schema leaves them exactly one meaning: the repaired value must then
// pass every rule, as if it had been sent so. Each one is recorded, with
// its JSON Pointer and kind, and the decode returns the arguments as they
// should have been sent, so that a handler can tell the model what it
// read and keep clean arguments in the conversation.
//
// A decoder never guesses: it completes no truncated JSON, reads no
// unquoted or single-quoted value, makes no substring or fuzzy match,
// fills no missing property, chooses no union variant without its
// discriminator, and reads "null" as a string. Where two repairs would
// give two meanings (a string holding an array, where an array of strings
// is wanted, could be the array or its one item), the input stays an
// error. A tool whose directive says repair=off reads none of them: each
// is then a problem whose message says what to send instead.
//
// An integral number written with a fraction or an exponent (2.0, 1e3)
// where an integer is wanted is no repair: JSON Schema counts it an
// integer, so every decoder reads it, and nothing is recorded.

// RepairKind says what one [Repair] read differently from the input.
type RepairKind uint8

const (
	// RepairTrailingComma: a comma before the } or ] that closes an
	// object or array was left out. Path is the object's or array's.
	RepairTrailingComma RepairKind = iota + 1
	// RepairByteOrderMark: a UTF-8 byte order mark before the JSON was
	// left out.
	RepairByteOrderMark
	// RepairFence: the JSON was read from inside the one Markdown fenced
	// block (```json ... ```) that the whole input was.
	RepairFence
	// RepairStringAsJSON: a string was read as the object or array it
	// holds, where the schema wants an object or array (a
	// double-serialized value).
	RepairStringAsJSON
	// RepairQuotedNumber: a string of a number ("5", "-12.5") was read as
	// that number, exactly, where only a number is allowed. It is also
	// the kind of an integer that a gemini profile has the model write as
	// a string of its digits.
	RepairQuotedNumber
	// RepairSingleItem: a value that is not an array was read as the
	// array of it, where an array is wanted whose items are never arrays,
	// and not as an item of an array (whose array could as well be the
	// one item meant).
	RepairSingleItem
	// RepairCase: an enum or discriminator value was read as the one
	// allowed value it equals when case is ignored.
	RepairCase
	// RepairNullAsAbsent: null was read as an optional property left
	// out: where the property does not take null, or as the openai-strict
	// profile has models write one.
	RepairNullAsAbsent
	// RepairAbsentAsNull: a nullable property left out was read as null,
	// as the portable profile, which cannot say null, asks.
	RepairAbsentAsNull
)

var repairWords = [...]string{
	RepairTrailingComma: "trailingComma", RepairByteOrderMark: "byteOrderMark", RepairFence: "fence",
	RepairStringAsJSON: "stringAsJSON", RepairQuotedNumber: "quotedNumber", RepairSingleItem: "singleItem",
	RepairCase: "case", RepairNullAsAbsent: "nullAsAbsent", RepairAbsentAsNull: "absentAsNull",
}

// String names the kind in one word, as "quotedNumber".
func (k RepairKind) String() string {
	if int(k) < len(repairWords) && repairWords[k] != "" {
		return repairWords[k]
	}
	return "RepairKind(" + strconv.Itoa(int(k)) + ")"
}

// Repair is one thing a decode read differently from the input, located
// by its Path. Its fields are stable; the text of String is written for a
// model and may change.
type Repair struct {
	// Path is where the repaired value is (for RepairAbsentAsNull, where
	// the absent property would be); Path.String() is its JSON Pointer.
	Path Path
	Kind RepairKind
	// Got is what was sent, as JSON text (long values shortened), and
	// Read what it was read as; both are empty for the syntax kinds
	// (trailing commas, byte order mark, fence).
	Got, Read string
	// Asked says the input was no mistake: the tool's profile has the
	// model write it so (null for an optional property under
	// openai-strict, an integer's digits in a string under gemini, a
	// nullable property left out under portable), and Canonical writes
	// what the lossless schema says instead. [Repairs.Note] leaves it
	// out.
	Asked bool
}

// String writes the repair as its JSON Pointer, a colon and what was
// read: `/count: read "5" as 5`; a repair of the whole input says so:
// "the arguments: read the JSON inside the ``` fence".
func (r Repair) String() string {
	var what string
	switch r.Kind {
	case RepairTrailingComma:
		what = "read without its trailing comma"
	case RepairByteOrderMark:
		what = "left out the byte order mark before the JSON"
	case RepairFence:
		what = "read the JSON inside the ``` fence"
	case RepairNullAsAbsent:
		what = "read null as the property left out"
	case RepairAbsentAsNull:
		what = "read the property left out as null"
	case RepairStringAsJSON:
		what = "read the string as the " + strings.TrimPrefix(strings.TrimPrefix(r.Read, "an "), "a ") + " it holds"
	default:
		what = "read " + r.Got + " as " + r.Read
	}
	if len(r.Path) == 0 {
		return "the arguments: " + what
	}
	return r.Path.String() + ": " + what
}

// Repairs is what one decode of a tool's arguments repaired.
type Repairs struct {
	// List is every repair, in the order the decoder made them (document
	// order, with the syntax repairs of a text first); empty when the
	// arguments were read as they were sent.
	List []Repair
	// More counts the repairs made beyond MaxRepairs, which List leaves
	// out; Canonical holds them all.
	More int
	// Canonical is the arguments as they should have been sent: with
	// every repair made, compact where a repair changed a value or the
	// object or array around it, byte for byte as sent elsewhere. It
	// decodes to the same value with an empty List, so a handler can keep
	// it in the conversation instead of the broken arguments. When List
	// is empty it is the arguments as sent (empty or null arguments read
	// as {}), not a copy.
	Canonical []byte
}

// RepairedArguments opens the text of [Repairs.Note].
const RepairedArguments = "your arguments had mistakes that have only one meaning, so they were read as follows; send them so next time:\n"

// Note is a message for the model that says what was repaired, one
// repair a line, opened by [RepairedArguments]; "" when nothing was. It
// leaves out what the tool's profile asked the model to write (see
// [Repair.Asked]): that was no mistake. A handler may add it to its
// reply, so that the model's next call is clean.
func (r Repairs) Note() string {
	var b strings.Builder
	for _, x := range r.List {
		if x.Asked {
			continue
		}
		if b.Len() == 0 {
			b.WriteString(RepairedArguments)
		} else {
			b.WriteByte('\n')
		}
		b.WriteString(x.String())
	}
	switch {
	case r.More > 0 && b.Len() == 0:
		// The repairs past the cap may be mistakes: the note says so.
		b.WriteString(RepairedArguments + "(" + strconv.Itoa(r.More) + " repairs past the list)")
	case r.More > 0:
		b.WriteString("\n(and " + strconv.Itoa(r.More) + " more)")
	}
	return b.String()
}

// MaxRepairs is how many repairs one decode lists in [Repairs.List];
// the count of the rest is kept in Repairs.More, and past the cap a repair
// costs no allocation of its own but its mark for the canonical bytes,
// which hold every repair.
const MaxRepairs = 32
