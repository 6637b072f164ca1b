package model

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dave/jennifer/jen"
)

// NeedsMarshal reports whether a struct's JSON needs a generated
// MarshalJSON.
func NeedsMarshal(st *Struct) bool {
	return st.Inline != nil || slices.ContainsFunc(st.Fields, NeedsShadow)
}

// NeedsShadow reports whether a struct's MarshalJSON writes a field
// itself: one that holds a duration (encoding/json would write
// nanoseconds), that its tags require while its json options drop it,
// that the decoder sets a default for (its zero must be written, or left
// out only where it reads back as the default), unless it is a pointer
// that cannot be null, or a slice or map written empty when nil.
func NeedsShadow(f *Field) bool {
	if f.Discriminator {
		return false
	}
	return ShadowsDuration(f.Type) || ForcedRequired(f) ||
		AppliesDefault(f) && (f.Type.Kind != KindPointer || f.Nullable) ||
		WritesEmpty(f)
}

// WritesEmpty reports whether a struct's MarshalJSON writes a nil slice or
// map in a field as [] or {} (encoding/json/v2's choice), not as the null
// its schema refuses: a field of a struct an EncodeT writes (Encoded),
// neither nullable nor holding a default, written whatever it holds (no
// omitempty or omitzero, or a required field forced). Its Validate then
// checks a nil one as empty, and DecodeT reads it back empty.
func WritesEmpty(f *Field) bool {
	if !f.Encoded || f.Discriminator || f.Nullable || AppliesDefault(f) {
		return false
	}
	if f.Type.Kind != KindSlice && f.Type.Kind != KindMap {
		return false
	}
	return ForcedRequired(f) || !HasJSONOption(f.JSONOptions, "omitempty") && !HasJSONOption(f.JSONOptions, "omitzero")
}

// ShadowsDuration reports whether a field's type holds durations that
// a MarshalJSON converts (see durationConv): a duration, a pointer to one,
// or a slice or map of them.
func ShadowsDuration(t *Type) bool {
	switch t.Kind {
	case KindDuration:
		return true
	case KindPointer, KindSlice, KindMap:
		return t.Elem.Kind == KindDuration
	}
	return false
}

// AppliesDefault reports whether the decoder sets a default for a field:
// an optional field whose tag has one.
func AppliesDefault(f *Field) bool { return f.Rules.Default != "" && !f.Required }

// ForcedRequired reports whether a field is required by its jsonschema
// tag while its json options would drop it: its MarshalJSON writes it
// always.
func ForcedRequired(f *Field) bool {
	return f.Required && (HasJSONOption(f.JSONOptions, "omitempty") || HasJSONOption(f.JSONOptions, "omitzero"))
}

// HoldsDuration reports whether a type holds a time.Duration outside any
// struct.
func HoldsDuration(t *Type) bool {
	switch t.Kind {
	case KindDuration:
		return true
	case KindPointer, KindSlice, KindArray, KindMap:
		return HoldsDuration(t.Elem)
	}
	return false
}

// TypeString spells a modelled type for a message, as Go code.
func TypeString(t *Type) string { return fmt.Sprintf("%#v", TypeCode(t)) }

// encoding/json leaves out a field tagged omitzero when it holds the zero
// value: by its IsZero() bool method when the type has one (a nil pointer
// counts as zero before the method is asked), else by the type's zero
// value as == sees it (-0 is 0), which tells an empty slice from nil and
// an all-zero struct or array from any other. omitempty drops something
// else (empty slices, never a struct), so Validate, which judges what is
// written, needs to know which.

// ZeroTest is how encoding/json tells that a field tagged omitzero holds
// the zero value it leaves out.
type ZeroTest int

const (
	NoOmitZero   ZeroTest = iota // the json tag has no omitzero
	ZeroByValue                  // compared with the type's zero value
	ZeroByMethod                 // the type's IsZero() bool method
)

// HasJSONOption reports whether a json tag's options hold opt.
func HasJSONOption(opts, opt string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == opt {
			return true
		}
	}
	return false
}

// writtenNonZero is the condition under which encoding/json writes a
// field tagged omitzero:
//
//	!x.Cost.IsZero()
//	x.Ratio != 0
//	x.Items != nil
//	x.Inner != (Inner{})
func writtenNonZero(f *Field, x func() *jen.Statement) jen.Code {
	t := f.Type
	if f.OmitZero == ZeroByMethod {
		if t.Kind == KindPointer || t.Kind == KindUnion {
			return x().Op("!=").Nil().Op("&&").Op("!").Add(x()).Dot("IsZero").Call()
		}
		return jen.Op("!").Add(x()).Dot("IsZero").Call()
	}
	switch t.Kind {
	case KindString:
		return x().Op("!=").Lit("")
	case KindBool:
		return x()
	case KindInt, KindUint, KindFloat, KindDuration:
		return x().Op("!=").Lit(0)
	case KindSlice, KindMap, KindBytes, KindRaw, KindAny, KindPointer, KindUnion:
		return x().Op("!=").Nil()
	case KindText:
		if !t.MarshalText {
			return x().Op("!=").Lit("")
		}
		return textWritten(t, x, true)
	}
	return x().Op("!=").Parens(TypeCode(t).Values())
}

// IsDuration reports whether t, through pointers, is a time.Duration.
func IsDuration(t *Type) bool {
	t = DerefType(t)
	return t.Kind == KindDuration
}

// Nanos is a duration literal of a tag as a count of nanoseconds; the tag
// was checked when it was read.
func Nanos(lit string) int64 {
	d, _ := time.ParseDuration(lit)
	return int64(d)
}

// Unquote reads a JSON string literal made by literalFor.
func Unquote(lit string) string {
	var s string
	if err := json.Unmarshal([]byte(lit), &s); err != nil {
		return lit
	}
	return s
}

// IntBounds are the limits of the 8-, 16- and 32-bit integers. int, int64
// and uint64 carry none in the schema (their limits are noise to a model);
// the decoder still rejects what they cannot hold.
func IntBounds(t *Type) (lo, hi string, ok bool) {
	switch {
	case t.Kind == KindInt && t.Bits > 0 && t.Bits < 64:
		return strconv.FormatInt(math.MinInt64>>(64-t.Bits), 10), strconv.FormatInt(math.MaxInt64>>(64-t.Bits), 10), true
	case t.Kind == KindUint && t.Bits > 0 && t.Bits < 64:
		return "0", strconv.FormatUint(math.MaxUint64>>(64-t.Bits), 10), true
	}
	return "", "", false
}

// DerefType is t through its pointers and Nullables, and a Def's type for
// a reference to it: the type a rule or a description of t is about. It
// is nil for nil.
func DerefType(t *Type) *Type {
	for t != nil && (t.Kind == KindPointer || t.Kind == KindNullable || t.Kind == KindRef) {
		if t.Kind == KindRef {
			t = t.Def.Type
		} else {
			t = t.Elem
		}
	}
	return t
}

// ContainerElem is the element type that most tag keys apply to, for
// slices, arrays and maps (through pointers and Nullables).
func ContainerElem(t *Type) *Type {
	t = DerefType(t)
	switch t.Kind {
	case KindSlice, KindArray, KindMap:
		return t.Elem
	}
	return nil
}

func (st *Struct) Declares(method string) bool { return slices.Contains(st.Methods, method) }

// RootStructs are the structs of the roots and outputs: like tool inputs,
// each gets a Validate method.
func RootStructs(pkg *Package) []*Struct {
	var out []*Struct
	for _, r := range pkg.Roots {
		if r.Struct != nil {
			out = append(out, r.Struct)
		}
	}
	for _, x := range pkg.Encoded {
		if x.Struct != nil {
			out = append(out, x.Struct)
		}
	}
	return out
}

// IsOutput reports whether a file name is one unionflat writes.
func IsOutput(name string) bool { return strings.HasSuffix(name, "_unionflat.go") }

// GoField is one field of a struct as Go declares it.
type GoField struct {
	Name     string // "" for an embedded field
	Type     *GoType
	Exported bool
}

// GoType is a Go type as far as spelling it goes.
type GoType struct {
	Kind   GoKind
	Pkg    string // import path of a named type; "" for a predeclared one
	Name   string // a named or basic type's name
	Len    int64
	Key    *GoType // of a map
	Elem   *GoType // of a pointer, slice, array or map
	Fields []GoField
	// Args are a generic named type's type arguments
	// (unionflat.Nullable[int]).
	Args []*GoType
}

// GoKind is how a GoType is spelled.
type GoKind int
