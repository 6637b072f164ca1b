package gen

import (
	"fmt"
	"go/types"

	"github.com/dave/jennifer/jen"
)

// The generated code of a struct assumes its fields: their names, types
// and the order the decoder fills them in. A struct that gains, loses or
// retypes a field after generation would be decoded by stale code, caught
// only at run time. So, as stringer does for constants, every generated
// struct gets a guard that breaks the build instead: a conversion of the
// struct to an anonymous struct spelling every field as the generator saw
// it. Conversion ignores tags, so a changed tag does not break it (a
// changed tag changes the schema, which unionflat -check catches).
//
//	var _ = struct {
//		Channel string
//		Parts   []Part
//	}(SendMessage{})

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
}

// GoKind is how a GoType is spelled.
type GoKind int

// The kinds of GoType.
const (
	GoName GoKind = iota // a basic, named or alias type: string, time.Time
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
func shapeOf(s *types.Struct, local *types.Package) []GoField {
	out := []GoField{}
	for v := range s.Fields() {
		t := goTypeOf(v.Type(), local)
		if t == nil || (!v.Exported() && v.Pkg() != local) {
			return nil
		}
		f := GoField{Name: v.Name(), Type: t, Exported: v.Exported()}
		if v.Embedded() {
			f.Name = ""
		}
		out = append(out, f)
	}
	return out
}

// goTypeOf reduces a type to a GoType, or nil (see shapeOf).
func goTypeOf(t types.Type, local *types.Package) *GoType {
	switch t := t.(type) {
	case *types.Basic:
		if t.Kind() == types.UnsafePointer {
			return nil
		}
		return &GoType{Kind: GoName, Name: t.Name()}
	case *types.Named:
		return typeNameOf(t.Obj(), t.TypeArgs().Len() == 0, local)
	case *types.Alias:
		return typeNameOf(t.Obj(), t.TypeArgs().Len() == 0, local)
	case *types.Pointer:
		return around(&GoType{Kind: GoPointer}, t.Elem(), local)
	case *types.Slice:
		return around(&GoType{Kind: GoSlice}, t.Elem(), local)
	case *types.Array:
		return around(&GoType{Kind: GoArray, Len: t.Len()}, t.Elem(), local)
	case *types.Map:
		if key := goTypeOf(t.Key(), local); key != nil {
			return around(&GoType{Kind: GoMap, Key: key}, t.Elem(), local)
		}
	case *types.Struct:
		if fields := shapeOf(t, local); fields != nil {
			return &GoType{Kind: GoStruct, Fields: fields}
		}
	case *types.Interface:
		if t.Empty() {
			return &GoType{Kind: GoAny}
		}
	}
	return nil
}

// around sets the element of a pointer, slice, array or map type.
func around(outer *GoType, elem types.Type, local *types.Package) *GoType {
	outer.Elem = goTypeOf(elem, local)
	if outer.Elem == nil {
		return nil
	}
	return outer
}

// typeNameOf is a named type or alias: bare when predeclared (any,
// error), by import path otherwise, when visible from package local.
func typeNameOf(obj *types.TypeName, plain bool, local *types.Package) *GoType {
	switch {
	case !plain:
		return nil
	case obj.Pkg() == nil:
		return &GoType{Kind: GoName, Name: obj.Name()}
	case obj.Pkg() != local && !obj.Exported():
		return nil
	}
	return &GoType{Kind: GoName, Pkg: obj.Pkg().Path(), Name: obj.Name()}
}

// emitShapeGuard declares the guard of a struct, or nothing when its shape
// is unknown or names a package generated code does not import.
func (e *emitter) emitShapeGuard(st *Struct) jen.Code {
	if st.Shape == nil || !e.spellable(&GoType{Kind: GoStruct, Fields: st.Shape}) {
		return jen.Null()
	}
	return docComment(fmt.Sprintf("The build breaks here if %s gains, loses or retypes a field: regenerate.", st.Name)).
		Var().Id("_").Op("=").Add(e.goTypeCode(&GoType{Kind: GoStruct, Fields: st.Shape})).
		Parens(jen.Qual(st.Pkg, st.Name).Values())
}

// spellable reports whether every package a type names is one generated
// code imports under a name of the names table.
func (e *emitter) spellable(t *GoType) bool {
	if t.Kind == GoName && t.Pkg != "" && t.Pkg != e.pkg.Path {
		_, ok := e.names.imports[t.Pkg]
		return ok
	}
	for _, f := range t.Fields {
		if !e.spellable(f.Type) {
			return false
		}
	}
	return (t.Key == nil || e.spellable(t.Key)) && (t.Elem == nil || e.spellable(t.Elem))
}

// goTypeCode spells a GoType.
func (e *emitter) goTypeCode(t *GoType) *jen.Statement {
	switch t.Kind {
	case GoPointer:
		return jen.Op("*").Add(e.goTypeCode(t.Elem))
	case GoSlice:
		return jen.Index().Add(e.goTypeCode(t.Elem))
	case GoArray:
		return jen.Index(jen.Lit(int(t.Len))).Add(e.goTypeCode(t.Elem))
	case GoMap:
		return jen.Map(e.goTypeCode(t.Key)).Add(e.goTypeCode(t.Elem))
	case GoStruct:
		var fields []jen.Code
		for _, f := range t.Fields {
			if f.Name == "" {
				fields = append(fields, e.goTypeCode(f.Type))
			} else {
				fields = append(fields, jen.Id(f.Name).Add(e.goTypeCode(f.Type)))
			}
		}
		return jen.Struct(fields...)
	case GoAny:
		return jen.Interface()
	}
	if t.Pkg == "" {
		return jen.Id(t.Name)
	}
	return jen.Qual(t.Pkg, t.Name)
}
