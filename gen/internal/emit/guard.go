package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/load"
	"github.com/unionflat/unionflat/gen/internal/model"
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

// emitShapeGuard declares the guard of a struct, or nothing when its shape
// is unknown or names a package generated code does not import.
func (e *emitter) emitShapeGuard(st *model.Struct) jen.Code {
	if st.Shape == nil || !e.spellable(&model.GoType{Kind: load.GoStruct, Fields: st.Shape}) {
		return jen.Null()
	}
	return docComment(fmt.Sprintf("The build breaks here if %s gains, loses or retypes a field: regenerate.", st.Name)).
		Var().Id("_").Op("=").Add(e.goTypeCode(&model.GoType{Kind: load.GoStruct, Fields: st.Shape})).
		Parens(jen.Qual(st.Pkg, st.Name).Values())
}

// spellable reports whether every package a type names is one generated
// code imports under a name of the names table.
func (e *emitter) spellable(t *model.GoType) bool {
	if t.Kind == load.GoName && t.Pkg != "" && t.Pkg != e.pkg.Path {
		_, ok := e.names.Imports[t.Pkg]
		return ok
	}
	for _, f := range t.Fields {
		if !e.spellable(f.Type) {
			return false
		}
	}
	for _, a := range t.Args {
		if !e.spellable(a) {
			return false
		}
	}
	return (t.Key == nil || e.spellable(t.Key)) && (t.Elem == nil || e.spellable(t.Elem))
}

// goTypeCode spells a GoType.
func (e *emitter) goTypeCode(t *model.GoType) *jen.Statement {
	switch t.Kind {
	case load.GoPointer:
		return jen.Op("*").Add(e.goTypeCode(t.Elem))
	case load.GoSlice:
		return jen.Index().Add(e.goTypeCode(t.Elem))
	case load.GoArray:
		return jen.Index(jen.Lit(int(t.Len))).Add(e.goTypeCode(t.Elem))
	case load.GoMap:
		return jen.Map(e.goTypeCode(t.Key)).Add(e.goTypeCode(t.Elem))
	case load.GoStruct:
		var fields []jen.Code
		for _, f := range t.Fields {
			if f.Name == "" {
				fields = append(fields, e.goTypeCode(f.Type))
			} else {
				fields = append(fields, jen.Id(f.Name).Add(e.goTypeCode(f.Type)))
			}
		}
		return jen.Struct(fields...)
	case load.GoAny:
		return jen.Interface()
	}
	var name *jen.Statement
	if t.Pkg == "" {
		name = jen.Id(t.Name)
	} else {
		name = jen.Qual(t.Pkg, t.Name)
	}
	if len(t.Args) > 0 {
		var args []jen.Code
		for _, a := range t.Args {
			args = append(args, e.goTypeCode(a))
		}
		name = name.Types(args...)
	}
	return name
}
