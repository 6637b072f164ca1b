package schematest

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
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
)

var breakages = []Breakage{ // the text's first
	BreakTrailingComma, BreakByteOrderMark, BreakFence, BreakQuotedNumber, BreakSingleItem, BreakCase, BreakStringAsJSON,
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
	var places int
	count := func(x any) bool {
		if applies(x, k) {
			places++
		}
		return false
	}
	walk(v, count)
	if places == 0 {
		return v, false
	}
	target := rnd.IntN(places)
	seen := 0
	return rebuild(v, func(x any) (any, bool) {
		if !applies(x, k) {
			return nil, false
		}
		if seen++; seen-1 != target {
			return nil, false
		}
		return broken(x, k), true
	}), true
}

func applies(x any, k Breakage) bool {
	switch t := x.(type) {
	case json.Number:
		return k == BreakQuotedNumber
	case string:
		return k == BreakCase && strings.ToUpper(t) != t
	case []any:
		return (k == BreakSingleItem && len(t) == 1) || k == BreakStringAsJSON
	case map[string]any:
		return k == BreakStringAsJSON
	}
	return false
}

func broken(x any, k Breakage) any {
	switch k {
	case BreakQuotedNumber:
		return string(x.(json.Number))
	case BreakCase:
		return strings.ToUpper(x.(string))
	case BreakSingleItem:
		return x.([]any)[0]
	}
	return string(Marshal(x)) // BreakStringAsJSON
}

// walk calls f on every value of v, parents first, until f returns true.
func walk(v any, f func(any) bool) bool {
	if f(v) {
		return true
	}
	switch t := v.(type) {
	case []any:
		for _, e := range t {
			if walk(e, f) {
				return true
			}
		}
	case map[string]any:
		for _, k := range sortedKeys(t) {
			if walk(t[k], f) {
				return true
			}
		}
	}
	return false
}

// rebuild copies v, replacing the first value, in walk's order, that
// change replaces.
func rebuild(v any, change func(any) (any, bool)) any {
	if r, ok := change(v); ok {
		return r
	}
	switch t := v.(type) {
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = rebuild(e, change)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(t))
		for _, k := range sortedKeys(t) {
			out[k] = rebuild(t[k], change)
		}
		return out
	}
	return v
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
