package gen

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

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
func defaultProblem(f *Field) *problem {
	lit := f.Rules.Default
	if lit == "" {
		return nil
	}
	if f.Required {
		return problemf("default=%s is never applied: the field is required; make it optional (omitempty in its json tag, no required flag)", lit)
	}
	t := f.Type
	if t.Kind == KindPointer {
		t = t.Elem
	}
	if t.Kind == KindSlice {
		if !defaultable(t.Elem) {
			return problemf("default= is not supported on a field of type []%s", typeString(t.Elem))
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
		return problemf("default= is not supported on a field of type %s", typeString(t))
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
func nullZeroProblem(f *Field) string {
	if !f.Nullable || !f.Required && !appliesDefault(f) {
		return ""
	}
	var zero, shown string
	switch f.Type.Kind {
	case KindString:
		zero, shown = `""`, `""`
	case KindInt, KindUint, KindFloat:
		zero, shown = "0", "0"
	case KindDuration:
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
	return fmt.Sprintf("nullable, but a field of type %s holds null as its zero value %s, which %s: make it a pointer (*%s), whose nil is null", typeString(f.Type), shown, p, typeString(f.Type))
}

// defaultable reports whether a type takes a default.
func defaultable(t *Type) bool {
	switch t.Kind {
	case KindString, KindBool, KindInt, KindUint, KindFloat, KindDuration:
		return true
	}
	return false
}

// listProblem checks a slice default against the item-count rules.
func listProblem(r Rules, items []json.RawMessage) *problem {
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
func valueBreaks(t *Type, r Rules, lit string) string {
	if p := breaks(lit, r, t); p != "" {
		return p
	}
	if t.Kind == KindString && r.Format != "" {
		if err := rtimpl.CheckFormat(r.Format, unquote(lit)); err != nil {
			return fmt.Sprintf("is not a valid %s (%v)", r.Format, err)
		}
	}
	if enum := enumLiterals(t, r); len(enum) > 0 && !slices.ContainsFunc(enum, func(e string) bool { return sameLiteral(e, lit) }) {
		words := make([]string, len(enum))
		for i, e := range enum {
			words[i] = unquote(e)
		}
		return "is not one of " + strings.Join(words, " | ")
	}
	return ""
}

// enumLiterals is the enum a value of t keeps under r, as JSON literals:
// r's const, else r's enum, else the constants of t's named type.
func enumLiterals(t *Type, r Rules) []string {
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
func namedConstants(t *Type) []string {
	if t.Kind == KindString {
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

// defaultLiteral spells a scalar default in Go, untyped, so that it
// compares with and assigns to the field's own type.
func defaultLiteral(t *Type, lit string) jen.Code {
	switch {
	case negativeZero(t, lit): // the constant -0 is 0 in Go: math.Copysign(0, -1)
		negZero := jen.Qual("math", "Copysign").Call(jen.Lit(0), jen.Lit(-1))
		if !plainFloat64(t) {
			return typeCode(t).Call(negZero)
		}
		return negZero
	case t.Kind == KindDuration:
		return jen.Id(strconv.FormatInt(nanos(unquote(lit)), 10))
	case strings.HasPrefix(lit, `"`):
		return jen.Lit(unquote(lit))
	}
	return jen.Id(goLiteral(lit))
}

// setDefault sets an absent field to its default:
//
//	out.Width = 800
//	out.Tags = []string{"a", "b"}
//	dflt := int8(5)
//	out.Level = &dflt
func (e *emitter) setDefault(f *Field, out *jen.Statement) []jen.Code {
	t := f.Type
	if t.Kind == KindPointer {
		return []jen.Code{
			e.id("dflt").Op(":=").Add(defaultValue(t.Elem, f.Rules.Default)),
			out.Op("=").Op("&").Add(e.id("dflt")),
		}
	}
	if t.Kind == KindSlice {
		return []jen.Code{out.Op("=").Add(defaultValue(t, f.Rules.Default))}
	}
	return []jen.Code{out.Op("=").Add(defaultLiteral(t, f.Rules.Default))}
}

// defaultValue is a default as a Go value of type t.
func defaultValue(t *Type, lit string) jen.Code {
	if t.Kind == KindSlice {
		var items []json.RawMessage
		_ = json.Unmarshal([]byte(lit), &items) // checked by defaultProblem
		var codes []jen.Code
		for _, it := range items {
			codes = append(codes, defaultLiteral(t.Elem, string(it)))
		}
		return typeCode(t).Values(codes...)
	}
	return typeCode(t).Call(defaultLiteral(t, lit))
}

// writtenWithDefault is when the generated MarshalJSON writes a field
// with a default (see shadowOf): a pointer, slice or map unless nil, a
// scalar unless it holds the default.
func writtenWithDefault(f *Field, x func() *jen.Statement) jen.Code {
	switch f.Type.Kind {
	case KindPointer, KindSlice, KindMap:
		return x().Op("!=").Nil()
	case KindBool:
		if f.Rules.Default == "true" {
			return jen.Op("!").Add(x())
		}
		return x()
	}
	if zeroFloat(f.Type, f.Rules.Default) {
		return writtenWithZeroDefault(f, x)
	}
	return x().Op("!=").Add(defaultLiteral(f.Type, f.Rules.Default))
}

// writtenWithZeroDefault tells -0 from 0, which == does not, so that a
// float field with default 0 still writes -0 (and one with default -0
// writes 0):
//
//	x.Offset != 0 || math.Signbit(x.Offset)
func writtenWithZeroDefault(f *Field, x func() *jen.Statement) jen.Code {
	v := x()
	if !plainFloat64(f.Type) {
		v = jen.Float64().Call(x())
	}
	sign := jen.Qual("math", "Signbit").Call(v)
	if negativeZero(f.Type, f.Rules.Default) {
		sign = jen.Op("!").Add(sign)
	}
	return x().Op("!=").Lit(0).Op("||").Add(sign)
}

// plainFloat64 reports whether t is float64 itself, not a named type or
// a float32.
func plainFloat64(t *Type) bool { return t.Named == nil && t.Bits == 64 }

// zeroFloat reports whether lit is a zero default of a float field.
func zeroFloat(t *Type, lit string) bool {
	r, ok := new(big.Rat).SetString(lit)
	return t.Kind == KindFloat && ok && r.Sign() == 0
}

// negativeZero reports whether lit is a float default of -0 (or -0.0).
func negativeZero(t *Type, lit string) bool {
	return zeroFloat(t, lit) && strings.HasPrefix(lit, "-")
}
