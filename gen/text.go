package gen

import (
	"go/token"
	"go/types"

	"github.com/dave/jennifer/jen"
)

// A type with an UnmarshalText method (netip.Addr, a user's type) is a
// string. The decoder checks the field's rules (pattern, minLength,
// format, ...) on the text it receives, then calls UnmarshalText. Validate
// checks exactly that on what encoding/json writes: the MarshalText text
// (a MarshalText error is a Validate error), through the same rules and
// the same UnmarshalText. A named string type without MarshalText is
// written as the string itself, and judged so. Any other type without a
// MarshalText on its value is a diagnostic: encoding/json would write its
// underlying value, not the string the schema describes.

// textType models a type with UnmarshalText; pointee says it is what a
// pointer points at, where encoding/json writes every non-nil value with a
// MarshalText declared on the pointer (on a value, only those it can take
// the address of).
func (b *builder) textType(n *types.Named, name Named, pos token.Position, what string, pointee bool) *Type {
	t := &Type{Kind: KindText, Named: &name, Doc: b.typeDocs[n.Obj()], TextBase: underlyingKind(n.Underlying())}
	basic, isBasic := n.Underlying().(*types.Basic)
	switch {
	case hasValueMethod(n, "MarshalText") || pointee && hasMethod(n, "MarshalText"):
		t.MarshalText = true
	case hasMethod(n, "MarshalText"):
		b.errorf(pos, "%s: %s has MarshalText on its pointer only, so encoding/json uses it for some values and not others: declare func (%s) MarshalText() ([]byte, error) on the value, or hold a *%s", what, name.Name, name.Name, name.Name)
		return nil
	case !isBasic || basic.Kind() != types.String:
		b.errorf(pos, "%s: %s has UnmarshalText but no MarshalText, so encoding/json writes it as its underlying %s, not the string the schema describes: declare func (%s) MarshalText() ([]byte, error)", what, name.Name, n.Underlying(), name.Name)
		return nil
	}
	return t
}

// underlyingKind is the Kind of a text type's underlying type as
// omitempty and omitzero see it: KindStruct for a struct or anything they
// never leave out.
func underlyingKind(u types.Type) Kind {
	switch u := u.(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return KindString
		case u.Info()&types.IsBoolean != 0:
			return KindBool
		case u.Info()&types.IsUnsigned != 0:
			return KindUint
		case u.Info()&types.IsInteger != 0:
			return KindInt
		case u.Info()&types.IsFloat != 0:
			return KindFloat
		}
	case *types.Slice:
		return KindSlice
	case *types.Map:
		return KindMap
	case *types.Pointer:
		return KindPointer
	case *types.Array:
		if u.Len() == 0 {
			return KindSlice // always empty: omitempty drops it
		}
		return KindArray
	}
	return KindStruct
}

// textWritten is the condition under which omitempty (or, with zero set,
// omitzero) writes a text type with MarshalText: by its underlying kind,
// or nil when it always does.
func textWritten(t *Type, x func() *jen.Statement, zero bool) jen.Code {
	switch t.TextBase {
	case KindString:
		return x().Op("!=").Lit("")
	case KindBool:
		return x()
	case KindInt, KindUint, KindFloat:
		return x().Op("!=").Lit(0)
	case KindSlice, KindMap:
		if zero {
			return x().Op("!=").Nil()
		}
		return jen.Len(x()).Op("!=").Lit(0)
	case KindPointer:
		return x().Op("!=").Nil()
	}
	if zero {
		return x().Op("!=").Parens(typeCode(t).Values())
	}
	return nil
}

// hasValueMethod reports whether T itself, not only *T, has the method.
func hasValueMethod(t types.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, false, nil, name)
	_, ok := obj.(*types.Func)
	return ok
}

// validateText checks a text value as decoding its written form would:
//
//	if t0, err := x.Addr.MarshalText(); err != nil {
//		d.TextError(err)
//	} else {
//		d.TextError(new(netip.Addr).UnmarshalText(t0))
//		d.Pattern(string(t0), ufPattern0)
//	}
//
// A named string without MarshalText is checked on string(x).
func (e *emitter) validateText(t *Type, r Rules, x func() *jen.Statement, depth int) []jen.Code {
	text := jen.Id(e.names.indexed("t", depth))
	checks := e.checks(&Type{Kind: KindString}, r, jen.String().Call(text))
	if !t.MarshalText {
		checks = e.checks(&Type{Kind: KindString}, r, jen.String().Call(x()))
		return append([]jen.Code{e.dot("d", "TextError").Call(jen.New(typeCode(t)).Dot("UnmarshalText").Call(jen.Index().Byte().Call(x())))}, checks...)
	}
	unmarshal := e.dot("d", "TextError").Call(jen.New(typeCode(t)).Dot("UnmarshalText").Call(text))
	return []jen.Code{jen.If(jen.List(text, e.id("err")).Op(":=").Add(x()).Dot("MarshalText").Call(), e.id("err").Op("!=").Nil()).Block(
		e.dot("d", "TextError").Call(e.id("err")),
	).Else().Block(append([]jen.Code{unmarshal}, checks...)...)}
}
