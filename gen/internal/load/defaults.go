package load

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/unionflat/unionflat/gen/internal/model"

	rtimpl "github.com/unionflat/unionflat/runtime/impl"
)

// jsonschema:"default=800" is applied by the decoder: an optional field
// that is absent (or null, where null means absent) is set to the
// default. That is a deliberate difference from a JSON Schema validator,
// for which default is only an annotation. A default on a required field
// would never apply, and one that breaks the field's own rules (type,
// bounds, pattern, enum, length, format) would hand the program a value
// the schema forbids: both are diagnostics. Defaults apply to strings,
// booleans, numbers, durations and integer enums, to pointers to those
// (the decoder sets a new pointer) and to slices of those (default= is
// repeatable, one item each).

// defaultProblem says what is wrong with a field's default, or nil.
func defaultProblem(f *model.Field) *problem {
	lit := f.Rules.Default
	if lit == "" {
		return nil
	}
	if f.Required {
		return problemf("default=%s is never applied: the field is required; make it optional (omitempty in its json tag, no required flag)", lit)
	}
	t := f.Type
	if t.Kind == model.KindPointer {
		t = t.Elem
	}
	if t.Kind == model.KindSlice {
		if !defaultable(t.Elem) {
			return problemf("default= is not supported on a field of type []%s", model.TypeString(t.Elem))
		}
		var items []json.RawMessage
		if err := json.Unmarshal([]byte(lit), &items); err != nil {
			return problemf("default=%s: %v", lit, err)
		}
		for _, it := range items {
			if p := valueBreaks(t.Elem, f.ItemRules, string(it)); p != "" {
				return problemf("default item %s %s", it, p)
			}
		}
		return listProblem(f.Rules, items)
	}
	if !defaultable(t) {
		return problemf("default= is not supported on a field of type %s", model.TypeString(t))
	}
	if p := valueBreaks(t, f.Rules, lit); p != "" {
		return problemf("default=%s %s", lit, p)
	}
	return nil
}

// nullZeroProblem says why a nullable field that is not a pointer, and
// is required or has a default, cannot hold what the decoder makes of
// null, or "": null leaves the field's zero value (not the default, which
// applies only to an absent key), and when that breaks the field's rules
// (an enum without "", a minimum above 0) the decoded value fails
// Validate, and json.Marshal, or the MarshalJSON a default brings, writes
// a value decoding rejects. An optional field without a default is left
// out when zero. A pointer's nil is null.
func nullZeroProblem(f *model.Field) string {
	if !f.Nullable || !f.Required && !model.AppliesDefault(f) {
		return ""
	}
	var zero, shown string
	switch f.Type.Kind {
	case model.KindString:
		zero, shown = `""`, `""`
	case model.KindInt, model.KindUint, model.KindFloat:
		zero, shown = "0", "0"
	case model.KindDuration:
		zero, shown = `"0s"`, "0s"
	default:
		return ""
	}
	p := valueBreaks(f.Type, f.Rules, zero)
	if p == "" {
		return ""
	}
	if !f.Required {
		shown += " (the default applies only where " + f.JSONName + " is left out)"
	}
	return fmt.Sprintf("nullable, but a field of type %s holds null as its zero value %s, which %s: make it a pointer (*%s), whose nil is null", model.TypeString(f.Type), shown, p, model.TypeString(f.Type))
}

// defaultable reports whether a type takes a default.
func defaultable(t *model.Type) bool {
	switch t.Kind {
	case model.KindString, model.KindBool, model.KindInt, model.KindUint, model.KindFloat, model.KindDuration:
		return true
	}
	return false
}

// listProblem checks a slice default against the item-count rules.
func listProblem(r model.Rules, items []json.RawMessage) *problem {
	n := uint64(len(items))
	switch {
	case r.MinItems != nil && n < *r.MinItems:
		return problemf("the default has %d items, fewer than minItems %d", n, *r.MinItems)
	case r.MaxItems != nil && n > *r.MaxItems:
		return problemf("the default has %d items, more than maxItems %d", n, *r.MaxItems)
	}
	if r.UniqueItems {
		for i := range items {
			for j := range i {
				if sameLiteral(string(items[i]), string(items[j])) {
					return problemf("the default repeats %s, which uniqueItems forbids", items[i])
				}
			}
		}
	}
	return nil
}

// valueBreaks says how a scalar literal breaks the rules of its field
// or of its type ("is above maximum 4000"), or "".
func valueBreaks(t *model.Type, r model.Rules, lit string) string {
	if p := Breaks(lit, r, t); p != "" {
		return p
	}
	if t.Kind == model.KindString && r.Format != "" {
		if err := rtimpl.CheckFormat(r.Format, model.Unquote(lit)); err != nil {
			return fmt.Sprintf("is not a valid %s (%v)", r.Format, err)
		}
	}
	if enum := EnumLiterals(t, r); len(enum) > 0 && !slices.ContainsFunc(enum, func(e string) bool { return sameLiteral(e, lit) }) {
		words := make([]string, len(enum))
		for i, e := range enum {
			words[i] = model.Unquote(e)
		}
		return "is not one of " + strings.Join(words, " | ")
	}
	return ""
}

// EnumLiterals is the enum a value of t keeps under r, as JSON literals:
// r's const, else r's enum, else the constants of t's named type.
func EnumLiterals(t *model.Type, r model.Rules) []string {
	switch {
	case r.Const != "":
		return []string{r.Const}
	case len(r.Enum) > 0:
		return r.Enum
	}
	return namedConstants(t)
}

// namedConstants are the literals of a named type's constants: its enum
// when the tag gives none.
func namedConstants(t *model.Type) []string {
	if t.Kind == model.KindString {
		var out []string
		for _, v := range t.Enum {
			out = append(out, strconv.Quote(v))
		}
		return out
	}
	return constLiterals(t.Consts)
}

// sameLiteral compares two JSON scalar literals: numbers by value.
func sameLiteral(a, b string) bool {
	if a == b {
		return true
	}
	x, ok1 := new(big.Rat).SetString(a)
	y, ok2 := new(big.Rat).SetString(b)
	return ok1 && ok2 && x.Cmp(y) == 0
}
