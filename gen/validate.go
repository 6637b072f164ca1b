package gen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"
)

// emitStructValidator checks a struct value built in code. It judges what
// MarshalJSON would write: an optional field holding the zero value that
// omitempty drops is absent, and so passes; everything else is checked
// with the rules the decoder uses.
//
//	func ufValidateTextPart(d *unionflat.Decoder, x *TextPart) {
//		d.EnterName("text")
//		d.MinLength(x.Text, 1)
//		d.Leave()
//		...
//	}
func (e *decoder) emitStructValidator(st *Struct) jen.Code {
	var body []jen.Code
	if v := st.Variant; v != nil && v.Field != nil {
		body = append(body, e.discriminatorCheck(v))
	}
	for _, f := range st.Fields {
		if f.Discriminator {
			continue
		}
		field := func() *jen.Statement { return jen.Id("x").Dot(strings.Join(f.GoPath, ".")) }
		rs := ruleSet{rules: f.Rules, items: f.ItemRules, nullable: f.Nullable}
		// An optional pointer is checked only when present, a required
		// non-nullable one is reported when nil: either way the caller
		// has looked at nil already; a required nullable one has not.
		rs.present = f.Type.Kind == KindPointer && (!f.Required || !f.Nullable)
		inner := e.validateValue(f.Type, rs, field, 0)
		if f.Required && !f.Nullable && nilable(f.Type) {
			inner = nilReported(f.Type, field, inner)
		}
		if len(inner) == 0 {
			continue
		}
		block := append([]jen.Code{jen.Id("d").Dot("EnterName").Call(jen.Lit(f.JSONName))}, inner...)
		block = append(block, jen.Id("d").Dot("Leave").Call())
		if cond := written(f, field); !f.Required && cond != nil {
			body = append(body, jen.If(cond).Block(block...))
		} else {
			body = append(body, block...)
		}
	}
	param := jen.Id("x")
	if len(body) == 0 {
		param = jen.Id("_")
	}
	return jen.Func().Id("ufValidate"+structName(st)).Params(dParam(), param.Op("*").Qual(st.Pkg, st.Name)).Block(body...)
}

// discriminatorCheck checks a variant's own discriminator field: empty
// (MarshalJSON fills it in) or one of the variant's values.
func (e *decoder) discriminatorCheck(v *Variant) jen.Code {
	field := jen.Id("x").Dot(strings.Join(v.Field.GoPath, "."))
	var lits []jen.Code
	lits = append(lits, jen.Lit(""))
	for _, val := range v.Values {
		lits = append(lits, jen.Lit(val))
	}
	return jen.Switch(jen.String().Parens(field)).Block(
		jen.Case(lits...),
		jen.Default().Block(
			jen.Id("d").Dot("EnterName").Call(jen.Lit(v.Field.JSONName)),
			jen.Id("d").Dot("NotOneOf").Call(jen.Lit(strings.Join(v.Values, " | ")), rt("Quote").Call(jen.String().Parens(field.Clone()))),
			jen.Id("d").Dot("Leave").Call(),
		),
	)
}

// nilable reports whether a Go value of the type can be nil, which
// encoding/json writes as null.
func nilable(t *Type) bool {
	switch t.Kind {
	case KindPointer, KindUnion, KindSlice, KindMap:
		return true
	}
	return false
}

// nilReported reports a nil value, which encoding/json writes as null,
// and runs inner otherwise:
//
//	if x.Tags == nil {
//		d.Report(unionflat.Error{Got: "null", Kind: unionflat.KindType, Want: "an array"})
//	} else {
//		...
//	}
func nilReported(t *Type, x func() *jen.Statement, inner []jen.Code) []jen.Code {
	check := jen.If(x().Op("==").Nil()).Block(reportNull(jsonTypeName(t)))
	if len(inner) > 0 {
		check.Else().Block(inner...)
	}
	return []jen.Code{check}
}

// reportNull records that a value built in code is nil where the schema
// wants a value of the given JSON type, as MarshalJSON would write null:
//
//	d.Report(unionflat.Error{Got: "null", Kind: unionflat.KindType, Want: "an object"})
func reportNull(want string) jen.Code {
	return jen.Id("d").Dot("Report").Call(rt("Error").Values(jen.Dict{
		jen.Id("Kind"): rt("KindType"), jen.Id("Want"): jen.Lit(want), jen.Id("Got"): jen.Lit("null"),
	}))
}

// written is the condition under which the marshalling writes an optional
// field, or nil when it always does.
func written(f *Field, x func() *jen.Statement) jen.Code {
	if appliesDefault(f) {
		return writtenWithDefault(f, x)
	}
	return present(f, x)
}

// present is the condition under which encoding/json writes an optional
// field, or nil when it always does.
func present(f *Field, x func() *jen.Statement) jen.Code {
	switch f.Type.Kind {
	case KindString:
		return x().Op("!=").Lit("")
	case KindInt, KindUint, KindFloat, KindDuration:
		return x().Op("!=").Lit(0)
	case KindBool:
		return x()
	case KindSlice, KindMap, KindBytes, KindRaw:
		return jen.Len(x()).Op("!=").Lit(0)
	case KindPointer, KindUnion:
		return x().Op("!=").Nil()
	case KindText:
		if !f.Type.MarshalText { // a named string, written as itself
			return x().Op("!=").Lit("")
		}
	}
	return nil
}

// jsonTypeName is the JSON type a Go type is written as, for messages.
func jsonTypeName(t *Type) string {
	for t.Kind == KindPointer {
		t = t.Elem
	}
	switch t.Kind {
	case KindString, KindText, KindTime, KindBytes, KindDuration:
		return "a string"
	case KindBool:
		return "a boolean"
	case KindInt, KindUint:
		return "an integer"
	case KindFloat:
		return "a number"
	case KindSlice, KindArray:
		return "an array"
	case KindRaw:
		return "a value"
	}
	return "an object"
}

// validateValue checks the Go value x of type t.
func (e *decoder) validateValue(t *Type, rs ruleSet, x func() *jen.Statement, depth int) []jen.Code {
	conv := func(to *jen.Statement) jen.Code {
		if t.Named == nil {
			return x()
		}
		return to.Call(x())
	}
	switch t.Kind {
	case KindString:
		return e.checks(t, rs.rules, conv(jen.String()))
	case KindBool:
		return e.checks(t, rs.rules, conv(jen.Bool()))
	case KindInt:
		return e.checks(t, rs.rules, jen.Int64().Call(x()))
	case KindUint:
		return e.checks(t, rs.rules, jen.Uint64().Call(x()))
	case KindFloat:
		return e.checks(t, rs.rules, jen.Float64().Call(x()))
	case KindDuration:
		return e.checks(t, rs.rules, x())
	case KindText:
		return e.validateText(t, rs.rules, x, depth)
	case KindStruct:
		return []jen.Code{jen.Id("ufValidate"+structName(t.Struct)).Call(jen.Id("d"), jen.Op("&").Add(x()))}
	case KindUnion:
		return []jen.Code{jen.Id("ufValidate"+t.Union.Name).Call(jen.Id("d"), jen.Op("&").Add(x()))}
	case KindPointer:
		var inner []jen.Code
		if t.Elem.Kind == KindStruct { // ufValidateX takes the pointer itself
			inner = []jen.Code{jen.Id("ufValidate"+structName(t.Elem.Struct)).Call(jen.Id("d"), x())}
		} else {
			inner = e.validateValue(t.Elem, rs, func() *jen.Statement { return jen.Parens(jen.Op("*").Add(x())) }, depth)
		}
		switch {
		case rs.present:
			return inner // the caller has looked at nil already
		case rs.nullable:
			if len(inner) == 0 {
				return nil
			}
			return []jen.Code{jen.If(x().Op("!=").Nil()).Block(inner...)}
		}
		// An item or map value that is nil would be written as null.
		null := reportNull(jsonTypeName(t.Elem))
		if len(inner) == 0 {
			return []jen.Code{jen.If(x().Op("==").Nil()).Block(null)}
		}
		return []jen.Code{jen.If(x().Op("==").Nil()).Block(null).Else().Block(inner...)}
	case KindSlice, KindArray:
		i := fmt.Sprintf("i%d", depth)
		var out []jen.Code
		if t.Kind == KindSlice {
			out = e.listChecks(t, rs.rules, x())
		}
		item := func() *jen.Statement { return x().Index(jen.Id(i)) }
		inner := e.validateValue(t.Elem, ruleSet{rules: rs.items}, item, depth+1)
		if t.Elem.Kind == KindSlice || t.Elem.Kind == KindMap {
			inner = nilReported(t.Elem, item, inner) // a nil item is written as null
		}
		if len(inner) > 0 {
			loop := append([]jen.Code{jen.Id("d").Dot("EnterIndex").Call(jen.Id(i))}, inner...)
			loop = append(loop, jen.Id("d").Dot("Leave").Call())
			out = append(out, jen.For(jen.Id(i).Op(":=").Range().Add(x())).Block(loop...))
		}
		if rs.nullable && t.Kind == KindSlice && len(out) > 0 {
			// nil is written as null, which a nullable slice may be.
			return []jen.Code{jen.If(x().Op("!=").Nil()).Block(out...)}
		}
		return out
	case KindMap:
		k := fmt.Sprintf("k%d", depth)
		value := func() *jen.Statement { return jen.Id("v" + fmt.Sprint(depth)) }
		inner := e.validateValue(t.Elem, ruleSet{rules: rs.items}, value, depth+1)
		if t.Elem.Kind == KindSlice || t.Elem.Kind == KindMap {
			inner = nilReported(t.Elem, value, inner) // a nil value is written as null
		}
		if len(inner) == 0 {
			return nil
		}
		v := fmt.Sprintf("v%d", depth)
		loop := []jen.Code{
			jen.Id(v).Op(":=").Add(x()).Index(jen.Id(k)),
			jen.Id("d").Dot("EnterName").Call(jen.Id(k)),
		}
		loop = append(loop, inner...)
		loop = append(loop, jen.Id("d").Dot("Leave").Call())
		// Keys in order, so that problems come out the same every time.
		return []jen.Code{jen.For(jen.List(jen.Id("_"), jen.Id(k)).Op(":=").Range().Qual("slices", "Sorted").Call(jen.Qual("maps", "Keys").Call(x()))).Block(loop...)}
	}
	return nil // time, bytes and raw JSON carry no rules of their own
}
