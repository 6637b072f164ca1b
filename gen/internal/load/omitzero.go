package load

import (
	"go/token"
	"go/types"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// omitZeroTest finds how encoding/json tests a field tagged omitzero, and
// reports a type it tests in a way generated code cannot repeat: a
// struct or array that cannot be compared with ==, and has no IsZero.
func (b *builder) omitZeroTest(t types.Type, jt jsonTag, pos token.Position, goName string) model.ZeroTest {
	if !model.HasJSONOption(jt.Options, "omitzero") {
		return model.NoOmitZero
	}
	if hasIsZero(t) {
		return model.ZeroByMethod
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
		} else if holdsAny(t, map[types.Type]bool{}) {
			name := types.TypeString(t, types.RelativeTo(b.p.Types))
			advice := "give it a named type with an IsZero() bool method, or use a pointer"
			if n, ok := t.(*types.Named); ok && n.Obj().Pkg() == b.p.Types {
				advice = "declare func (" + name + ") IsZero() bool, or use a pointer"
			}
			b.errorf(pos, "field %s: omitzero on %s, which holds an any and has no IsZero method: == on it panics when the any holds a map or a slice, so unionflat cannot tell when encoding/json leaves it out: %s", goName, name, advice)
		}
	}
	return model.ZeroByValue
}

// holdsAny reports whether a struct or array type holds an empty
// interface in its own memory (not behind a pointer, slice or map), whose
// == panics at run time on a value that cannot be compared.
func holdsAny(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return u.Empty()
	case *types.Array:
		return holdsAny(u.Elem(), seen)
	case *types.Struct:
		for f := range u.Fields() {
			if holdsAny(f.Type(), seen) {
				return true
			}
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
