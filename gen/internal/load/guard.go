package load

import (
	"go/types"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// The kinds of GoType.
const (
	GoName model.GoKind = iota // a basic, named or alias type: string, time.Time
	GoPointer
	GoSlice
	GoArray
	GoMap
	GoStruct
	GoAny // interface{}
)

// shapeOf reduces a struct's fields to GoFields, or nil when one cannot be
// spelled from package local: a generic instance, an unexported field or
// type of another package, a func, chan or non-empty interface type.
func shapeOf(s *types.Struct, local *types.Package) []model.GoField {
	out := []model.GoField{}
	for v := range s.Fields() {
		t := goTypeOf(v.Type(), local)
		if t == nil || (!v.Exported() && v.Pkg() != local) {
			return nil
		}
		f := model.GoField{Name: v.Name(), Type: t, Exported: v.Exported()}
		if v.Embedded() {
			f.Name = ""
		}
		out = append(out, f)
	}
	return out
}

// goTypeOf reduces a type to a GoType, or nil (see shapeOf).
func goTypeOf(t types.Type, local *types.Package) *model.GoType {
	switch t := t.(type) {
	case *types.Basic:
		if t.Kind() == types.UnsafePointer {
			return nil
		}
		return &model.GoType{Kind: GoName, Name: t.Name()}
	case *types.Named:
		if t.TypeArgs().Len() > 0 {
			return instanceOf(t, local)
		}
		return typeNameOf(t.Obj(), true, local)
	case *types.Alias:
		return typeNameOf(t.Obj(), t.TypeArgs().Len() == 0, local)
	case *types.Pointer:
		return around(&model.GoType{Kind: GoPointer}, t.Elem(), local)
	case *types.Slice:
		return around(&model.GoType{Kind: GoSlice}, t.Elem(), local)
	case *types.Array:
		return around(&model.GoType{Kind: GoArray, Len: t.Len()}, t.Elem(), local)
	case *types.Map:
		if key := goTypeOf(t.Key(), local); key != nil {
			return around(&model.GoType{Kind: GoMap, Key: key}, t.Elem(), local)
		}
	case *types.Struct:
		if fields := shapeOf(t, local); fields != nil {
			return &model.GoType{Kind: GoStruct, Fields: fields}
		}
	case *types.Interface:
		if t.Empty() {
			return &model.GoType{Kind: GoAny}
		}
	}
	return nil
}

// instanceOf is an instance of a generic named type
// (unionflat.Nullable[int]), or nil when the type or one of its type
// arguments cannot be spelled.
func instanceOf(t *types.Named, local *types.Package) *model.GoType {
	out := typeNameOf(t.Obj(), true, local)
	if out == nil {
		return nil
	}
	for arg := range t.TypeArgs().Types() {
		a := goTypeOf(arg, local)
		if a == nil {
			return nil
		}
		out.Args = append(out.Args, a)
	}
	return out
}

// around sets the element of a pointer, slice, array or map type.
func around(outer *model.GoType, elem types.Type, local *types.Package) *model.GoType {
	outer.Elem = goTypeOf(elem, local)
	if outer.Elem == nil {
		return nil
	}
	return outer
}

// typeNameOf is a named type or alias: bare when predeclared (any,
// error), by import path otherwise, when visible from package local.
func typeNameOf(obj *types.TypeName, plain bool, local *types.Package) *model.GoType {
	switch {
	case !plain:
		return nil
	case obj.Pkg() == nil:
		return &model.GoType{Kind: GoName, Name: obj.Name()}
	case obj.Pkg() != local && !obj.Exported():
		return nil
	}
	return &model.GoType{Kind: GoName, Pkg: obj.Pkg().Path(), Name: obj.Name()}
}
