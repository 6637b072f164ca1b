package gen

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/dave/jennifer/jen"
)

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

// omitZeroTest finds how encoding/json tests a field tagged omitzero, and
// reports a type it tests in a way generated code cannot repeat: a
// struct or array that cannot be compared with ==, and has no IsZero.
func (b *builder) omitZeroTest(t types.Type, jt jsonTag, pos token.Position, goName string) ZeroTest {
	if !hasJSONOption(jt.Options, "omitzero") {
		return NoOmitZero
	}
	if hasIsZero(t) {
		return ZeroByMethod
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array:
		if !types.Comparable(t) {
			name := types.TypeString(t, types.RelativeTo(b.p.Types))
			advice := "give it a named type with an IsZero() bool method, or use a pointer"
			if n, ok := t.(*types.Named); ok && n.Obj().Pkg() == b.p.Types {
				advice = "declare func (" + name + ") IsZero() bool, or use a pointer"
			}
			b.errorf(pos, "field %s: omitzero on %s, which cannot be compared with == and has no IsZero method, so unionflat cannot tell when encoding/json leaves it out: %s", goName, name, advice)
		}
	}
	return ZeroByValue
}

// hasJSONOption reports whether a json tag's options hold opt.
func hasJSONOption(opts, opt string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == opt {
			return true
		}
	}
	return false
}

// hasIsZero reports whether t (or *t, which encoding/json reaches by
// boxing the value) has the method IsZero() bool.
func hasIsZero(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "IsZero")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	res, ok := sig.Results().At(0).Type().(*types.Basic)
	return ok && res.Kind() == types.Bool
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
	case KindSlice, KindMap, KindBytes, KindRaw, KindPointer, KindUnion:
		return x().Op("!=").Nil()
	case KindText:
		if !t.MarshalText {
			return x().Op("!=").Lit("")
		}
		return textWritten(t, x, true)
	}
	return x().Op("!=").Parens(typeCode(t).Values())
}
