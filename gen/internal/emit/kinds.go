package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/naming"
)

// kindCodes is the one table of what each kind of Go type gets in
// generated code: how a value of it is decoded from a parsed JSON value,
// and how a Go value of it is validated. decodeValue and
// validateContents look the kind up here, so a new kind is one entry. It
// is filled by init, since its functions reach decodeValue again.
var kindCodes map[model.Kind]kindCode

// kindCode writes the code of one kind.
type kindCode struct {
	// decode reads v.val into v.lv.
	decode func(e *emitter, v value) []jen.Code
	// validate checks the Go value v.x, nil aside; nil when the kind
	// carries no rules of its own (a time, []byte, raw JSON, any).
	validate func(e *emitter, v value) []jen.Code
}

// value is one value being decoded or validated: of type t, under the
// rules rs, at a depth of nesting (which numbers the locals).
type value struct {
	t     *model.Type
	rs    ruleSet
	lv    func() *jen.Statement // decode: where the value goes
	val   jen.Code              // decode: the parsed JSON value
	x     func() *jen.Statement // validate: the Go value
	depth int
}

// local is the indexed local base at the value's depth: s0, n1.
func (e *emitter) local(v value, base string) string { return e.names.Indexed(base, v.depth) }

// converted is the Go value of a named scalar type as its base type.
func converted(v value, to *jen.Statement) jen.Code {
	if v.t.Named == nil {
		return v.x()
	}
	return to.Call(v.x())
}

func init() {
	scalar := func(method, base string) func(e *emitter, v value) []jen.Code {
		return func(e *emitter, v value) []jen.Code { return e.decodeScalar(v, method, e.local(v, base), nil) }
	}
	checked := func(as func(v value) jen.Code) func(e *emitter, v value) []jen.Code {
		return func(e *emitter, v value) []jen.Code { return e.checks(v.t, v.rs.rules, as(v)) }
	}
	integer := func(e *emitter, v value) []jen.Code {
		method, local, base := "Int", e.local(v, "n"), "int"
		if v.t.Kind == model.KindUint {
			method, local, base = "Uint", e.local(v, "u"), "uint"
		}
		if model.BigInteger(v.t, v.rs.rules) {
			method = "Big" + method
		}
		return e.decodeScalar(v, method, local, narrowing(base, v.t.Bits), jen.Lit(v.t.Bits))
	}
	// A struct, a union or a Def has a decoder of its own:
	// ufDecodeX(d, val, &lv).
	decodeOwn := func(e *emitter, v value) []jen.Code {
		return []jen.Code{jen.Id(naming.DecodeFunc(ownName(v.t))).Call(e.id("d"), v.val, jen.Op("&").Add(v.lv()))}
	}
	list := kindCode{decode: (*emitter).decodeList, validate: (*emitter).validateList}
	kindCodes = map[model.Kind]kindCode{
		model.KindString:   {decode: scalar("String", "s"), validate: checked(func(v value) jen.Code { return converted(v, jen.String()) })},
		model.KindBool:     {decode: scalar("Bool", "b"), validate: checked(func(v value) jen.Code { return converted(v, jen.Bool()) })},
		model.KindInt:      {decode: integer, validate: checked(func(v value) jen.Code { return jen.Int64().Call(v.x()) })},
		model.KindUint:     {decode: integer, validate: checked(func(v value) jen.Code { return jen.Uint64().Call(v.x()) })},
		model.KindFloat:    {decode: (*emitter).decodeFloat, validate: (*emitter).validateFloat},
		model.KindDuration: {decode: scalar("Duration", "t"), validate: checked(func(v value) jen.Code { return v.x() })},
		model.KindTime:     {decode: (*emitter).decodeTime},
		model.KindBytes:    {decode: scalar("Bytes", "b")},
		model.KindRaw: {decode: func(e *emitter, v value) []jen.Code {
			return []jen.Code{v.lv().Op("=").Add(model.TypeCode(v.t)).Call(e.dot("d", "Raw").Call(v.val))}
		}},
		model.KindAny: {decode: func(e *emitter, v value) []jen.Code {
			// As encoding/json reads it into an any.
			return []jen.Code{v.lv().Op("=").Add(e.dot("d", "Any").Call(v.val))}
		}},
		model.KindText: {decode: (*emitter).decodeText, validate: (*emitter).validateText},
		model.KindStruct: {
			decode: decodeOwn,
			validate: func(e *emitter, v value) []jen.Code {
				return []jen.Code{jen.Id(naming.ValidateFunc(ownName(v.t))).Call(e.id("d"), jen.Op("&").Add(v.x()))}
			},
		},
		model.KindUnion: {
			decode: decodeOwn,
			validate: func(e *emitter, v value) []jen.Code {
				check := jen.Id(naming.ValidateFunc(v.t.Union.Name)).Call(e.id("d"), jen.Op("&").Add(v.x()))
				if v.rs.nullable {
					// nil is written as null, which a nullable union may be.
					return []jen.Code{jen.If(v.x().Op("!=").Nil()).Block(check)}
				}
				return []jen.Code{check}
			},
		},
		model.KindRef: {
			decode: decodeOwn,
			validate: func(e *emitter, v value) []jen.Code {
				return []jen.Code{jen.Id(naming.ValidateFunc(naming.DefName(v.t.Def))).Call(e.id("d"), v.x())}
			},
		},
		model.KindPointer:  {decode: (*emitter).decodePointer, validate: (*emitter).validatePointer},
		model.KindNullable: {decode: (*emitter).decodeNullable, validate: (*emitter).validateNullable},
		model.KindSlice:    list,
		model.KindArray:    list,
		model.KindMap:      {decode: (*emitter).decodeMap, validate: (*emitter).validateMap},
	}
}

// ownName is the name the generated decoder and validator of a struct,
// a union or a Def are named by (ufDecodeX, ufValidateX).
func ownName(t *model.Type) string {
	switch t.Kind {
	case model.KindStruct:
		return naming.StructName(t.Struct)
	case model.KindRef:
		return naming.DefName(t.Def)
	}
	return t.Union.Name
}

// codeOf is the table's entry for t's kind.
func codeOf(t *model.Type) kindCode {
	c, ok := kindCodes[t.Kind]
	if !ok {
		panic(fmt.Sprintf("gen: no code for kind %d", t.Kind))
	}
	return c
}
