package load

import (
	"go/token"
	"go/types"

	"github.com/unionflat/unionflat/gen/internal/model"
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
func (b *builder) textType(n *types.Named, name model.Named, pos token.Position, what string, pointee bool) *model.Type {
	t := &model.Type{Kind: model.KindText, Named: &name, Doc: b.typeDocs[n.Obj()], TextBase: underlyingKind(n.Underlying())}
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
func underlyingKind(u types.Type) model.Kind {
	switch u := u.(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return model.KindString
		case u.Info()&types.IsBoolean != 0:
			return model.KindBool
		case u.Info()&types.IsUnsigned != 0:
			return model.KindUint
		case u.Info()&types.IsInteger != 0:
			return model.KindInt
		case u.Info()&types.IsFloat != 0:
			return model.KindFloat
		}
	case *types.Slice:
		return model.KindSlice
	case *types.Map:
		return model.KindMap
	case *types.Pointer:
		return model.KindPointer
	case *types.Array:
		if u.Len() == 0 {
			return model.KindSlice // always empty: omitempty drops it
		}
		return model.KindArray
	}
	return model.KindStruct
}

// hasValueMethod reports whether T itself, not only *T, has the method.
func hasValueMethod(t types.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, false, nil, name)
	_, ok := obj.(*types.Func)
	return ok
}
