package schematest

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Breakage is one way of breaking a valid instance that a decoder with
// repairs may read back: each has one meaning, the instance before it,
// unless the schema lets the broken value mean something of its own (a
// string where a string is allowed, say), which the judge finds out by
// decoding without repairs.
type Breakage string

const (
	BreakTrailingComma Breakage = "trailing comma"
	BreakByteOrderMark Breakage = "byte order mark"
	BreakFence         Breakage = "fence"
	BreakQuotedNumber  Breakage = "quoted number"
	BreakSingleItem    Breakage = "single item"
	BreakCase          Breakage = "case"
	BreakStringAsJSON  Breakage = "string as JSON"
	BreakQuotedBool    Breakage = "quoted boolean"
)

var breakages = []Breakage{ // the text's first
	BreakTrailingComma, BreakByteOrderMark, BreakFence, BreakQuotedNumber, BreakSingleItem, BreakCase, BreakStringAsJSON,
	BreakQuotedBool,
}

// Break returns inst written as JSON with at most one broken value and
// up to two breakages of the text, drawn with rnd, and the kinds; value
// is the JSON with only the broken value, to find out whether it means
// something of its own. Both are unchanged (and kinds empty) when inst
// has no place for the kinds drawn.
func Break(rnd *rand.Rand, inst any) (value, data []byte, kinds []Breakage) {
	tree := inst
	if k := breakages[rnd.IntN(len(breakages))]; !textBreakage(k) {
		if broken, ok := breakValue(rnd, tree, k); ok {
			tree = broken
			kinds = append(kinds, k)
		}
	}
	value = Marshal(tree)
	data = value
	for range rnd.IntN(3) {
		k := breakages[rnd.IntN(3)]
		switch k {
		case BreakTrailingComma:
			data = addTrailingComma(rnd, data)
		case BreakByteOrderMark:
			if bytes.HasPrefix(data, []byte("\ufeff")) {
				continue
			}
			data = append([]byte("\ufeff"), data...)
		case BreakFence:
			if bytes.Contains(data, []byte("```")) {
				continue
			}
			data = []byte("```json\n" + string(data) + "\n```\n")
		}
		kinds = append(kinds, k)
	}
	return value, data, kinds
}

// textBreakage reports whether k breaks the text rather than a value.
func textBreakage(k Breakage) bool {
	return k == BreakTrailingComma || k == BreakByteOrderMark || k == BreakFence
}

// breakValue breaks one value of v, chosen with rnd among those a kind
// applies to; v itself is not changed.
func breakValue(rnd *rand.Rand, v any, k Breakage) (any, bool) {
	paths := valuePaths(v, func(x any) bool { return applies(x, k) })
	if len(paths) == 0 {
		return v, false
	}
	return replaceAt(Clone(v), paths[rnd.IntN(len(paths))], func(x any) any { return broken(x, k) }), true
}

func applies(x any, k Breakage) bool {
	switch t := x.(type) {
	case json.Number:
		return k == BreakQuotedNumber
	case bool:
		return k == BreakQuotedBool
	case string:
		return k == BreakCase && strings.ToUpper(t) != t
	case []any:
		return (k == BreakSingleItem && len(t) == 1 && singleItem(t[0])) || k == BreakStringAsJSON
	case map[string]any:
		return k == BreakStringAsJSON
	}
	return false
}

// singleItem reports whether v, the one item of an array, may be sent
// alone for the array: not null (which, for an optional array, means it
// left out) nor an array (which would be read as the array itself).
func singleItem(v any) bool {
	_, isArray := v.([]any)
	return v != nil && !isArray
}

func broken(x any, k Breakage) any {
	switch k {
	case BreakQuotedNumber:
		return string(x.(json.Number))
	case BreakCase:
		return strings.ToUpper(x.(string))
	case BreakSingleItem:
		return x.([]any)[0]
	case BreakQuotedBool:
		return strconv.FormatBool(x.(bool))
	}
	return string(Marshal(x)) // BreakStringAsJSON
}

// addTrailingComma puts a comma before one } or ] of data that closes a
// non-empty object or array, chosen with rnd.
func addTrailingComma(rnd *rand.Rand, data []byte) []byte {
	var closers []int
	inString := false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && (c == '}' || c == ']') && i > 0 && data[i-1] != '{' && data[i-1] != '[' && data[i-1] != ',':
			closers = append(closers, i)
		}
	}
	if len(closers) == 0 {
		return data
	}
	at := closers[rnd.IntN(len(closers))]
	return append(append(append([]byte(nil), data[:at]...), ','), data[at:]...)
}
