package runtime

import (
	"strconv"
	"strings"
)

// RepairKind says what one [Repair] read differently from the input.
type RepairKind uint8

const (
	RepairTrailingComma RepairKind = iota + 1 // a comma before } or ] left out (Path: the container)
	RepairByteOrderMark                       // a byte order mark before the JSON left out
	RepairFence                               // the JSON read from inside a ``` fence around it
	RepairStringAsJSON                        // a string read as the object or array it holds (any value, where a free-form one is wanted)
	RepairQuotedNumber                        // a string of one number read as the number: "5" as 5
	RepairSingleItem                          // one value read as the array of it
	RepairCase                                // an enum value read as the one it equals, case aside
	RepairNullAsAbsent                        // null read as an optional property left out
	RepairAbsentAsNull                        // a nullable property left out read as null
	RepairQuotedBool                          // "true" or "false" read as the boolean
)

var repairWords = [...]string{
	RepairTrailingComma: "trailingComma", RepairByteOrderMark: "byteOrderMark", RepairFence: "fence",
	RepairStringAsJSON: "stringAsJSON", RepairQuotedNumber: "quotedNumber", RepairSingleItem: "singleItem",
	RepairCase: "case", RepairNullAsAbsent: "nullAsAbsent", RepairAbsentAsNull: "absentAsNull",
	RepairQuotedBool: "quotedBool",
}

// String names the kind in one word, as "quotedNumber".
func (k RepairKind) String() string {
	if int(k) < len(repairWords) && repairWords[k] != "" {
		return repairWords[k]
	}
	return "RepairKind(" + strconv.Itoa(int(k)) + ")"
}

// Repair is one thing a decode read differently from the input. Its
// fields are stable. The text of String is written for a model, and may
// change.
type Repair struct {
	Path Path // where the value is, or would be
	Kind RepairKind
	// Got is what was sent, as JSON text, and Read what it was read as.
	// Both are empty for trailing commas, a byte order mark and a fence.
	Got, Read string
	// Asked says the tool's profile asked the model to write it so: no
	// mistake. [Repairs.Note] leaves it out.
	Asked bool
}

// String writes the repair as its JSON Pointer and what was read:
// `/count: read "5" as 5`.
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
	List []Repair // in the order they were made; empty for none
	More int      // the repairs past MaxRepairs
	// Canonical is the arguments as they should have been sent, with
	// every repair made. They decode to the same value with nothing
	// repaired. Without repairs, they are the arguments as sent.
	Canonical []byte
}

// RepairedArguments opens the text of [Repairs.Note].
const RepairedArguments = "your arguments had mistakes that have only one meaning, so they were read as follows; send them so next time:\n"

// Note is a message for the model: [RepairedArguments], then each repair
// that was a mistake, one a line. It is "" when there is none.
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

// MaxRepairs is how many repairs one decode lists. Repairs.More counts
// the rest, and Canonical holds them all.
const MaxRepairs = 32
