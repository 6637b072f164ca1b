package emit

import (
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/naming"
)

// emitStructValidator checks a struct value built in code. It judges what
// MarshalJSON would write: an optional field holding the zero value that
// omitempty drops is absent, and so passes; everything else is checked
// with the rules the decoder uses.
//
//	func ufValidateTextPart(d *impl.Decoder, x *TextPart) {
//		d.EnterName("text")
//		d.MinLength(x.Text, 1)
//		d.Leave()
//		...
//	}
func (e *emitter) emitStructValidator(st *model.Struct) jen.Code {
	var body []jen.Code
	if v := st.Variant; v != nil && v.Field != nil {
		body = append(body, e.discriminatorCheck(v))
	}
	for _, f := range st.Fields {
		if f.Discriminator {
			continue
		}
		field := func() *jen.Statement { return e.dot("x", strings.Join(f.GoPath, ".")) }
		rs := ruleSet{rules: f.Rules, items: f.ItemRules, nullable: f.Nullable}
		// An optional pointer is checked only when present, a required
		// non-nullable one is reported when nil: either way the caller
		// has looked at nil already; a required nullable one has not.
		rs.present = f.Type.Kind == model.KindPointer && (!f.Required || !f.Nullable)
		// An optional slice, map or []byte is checked only when not empty.
		rs.present = rs.present || (!f.Required && (f.Type.Kind == model.KindSlice || f.Type.Kind == model.KindMap || f.Type.Kind == model.KindBytes))
		// A nil slice or map MarshalJSON writes as [] or {} is no null: its
		// contents, none, are checked (minItems still applies).
		rs.present = rs.present || model.WritesEmpty(f)
		inner := e.validateValue(f.Type, rs, field, 0)
		// nil is null, which a free-form value takes.
		if f.Required && !f.Nullable && (f.Type.Kind == model.KindPointer || f.Type.Kind == model.KindUnion) && !f.Type.TakesAnyValue() {
			inner = []jen.Code{jen.If(field().Op("==").Nil()).Block(e.reportNull(jsonTypeName(f.Type))).Else().Block(inner...)}
		}
		if len(inner) == 0 {
			continue
		}
		block := append([]jen.Code{e.dot("d", "EnterName").Call(jen.Lit(f.JSONName))}, inner...)
		block = append(block, e.dot("d", "Leave").Call())
		if cond := model.Written(st, f, field); !f.Required && cond != nil {
			body = append(body, jen.If(cond).Block(block...))
		} else {
			body = append(body, block...)
		}
	}
	if f := st.Inline; f != nil {
		// Written without it, the object would have no discriminator.
		field := e.dot("x", strings.Join(f.GoPath, "."))
		u := f.Type.Union
		// A nil pointer variant writes nothing either.
		absent := field.Clone().Op("==").Nil()
		for _, v := range u.Variants {
			if v.Pointer {
				absent = absent.Op("||").Add(field.Clone()).Op("==").Parens(jen.Op("*").Id(v.Struct.Name)).Parens(jen.Nil())
			}
		}
		body = append(body, jen.If(absent).Block(
			e.dot("d", "Missing").Call(jen.Lit(u.Discriminator), jen.Lit("")),
		).Else().Block(
			jen.Id(naming.ValidateFunc(u.Name)).Call(e.id("d"), jen.Op("&").Add(field.Clone())),
		))
	}
	body = append(body, e.validateHidden(st)...)
	param := e.id("x")
	if len(body) == 0 {
		param = jen.Id("_")
	}
	return jen.Func().Id(naming.ValidateFunc(naming.StructName(st))).Params(e.dParam(), param.Op("*").Qual(st.Pkg, st.Name)).Block(body...)
}

// discriminatorCheck checks a variant's own discriminator field: empty
// (MarshalJSON fills it in) or one of the variant's values.
func (e *emitter) discriminatorCheck(v *model.Variant) jen.Code {
	field := e.dot("x", strings.Join(v.Field.GoPath, "."))
	var lits []jen.Code
	lits = append(lits, jen.Lit(""))
	for _, val := range v.Values {
		lits = append(lits, jen.Lit(val))
	}
	return jen.Switch(jen.String().Parens(field)).Block(
		jen.Case(lits...),
		jen.Default().Block(
			e.dot("d", "EnterName").Call(jen.Lit(v.Field.JSONName)),
			e.dot("d", "NotOneOf").Call(jen.Lit(strings.Join(v.Values, " | ")), impl("Quote").Call(jen.String().Parens(field.Clone()))),
			e.dot("d", "Leave").Call(),
		),
	)
}

// reportNull records that a value built in code is nil where the schema
// wants a value of the given JSON type, as MarshalJSON would write null:
//
//	d.Null("an object")
func (e *emitter) reportNull(want string) jen.Code {
	return e.dot("d", "Null").Call(jen.Lit(want))
}

// jsonTypeName is the JSON type a Go type is written as, for messages.
func jsonTypeName(t *model.Type) string {
	if u := model.DerefType(t); u.Kind == model.KindUnion && u.Union.Untagged {
		return untaggedWant(u.Union)
	}
	if j := t.JSONType(); j != "" {
		return withArticle(j)
	}
	return "a value"
}

// validateValue checks the Go value x of type t. A nil slice, map or
// []byte that is not nullable is reported, since encoding/json writes it
// as null, which decoding rejects.
func (e *emitter) validateValue(t *model.Type, rs ruleSet, x func() *jen.Statement, depth int) []jen.Code {
	k := t.Kind
	if k == model.KindRef {
		k = t.Def.Type.Kind
	}
	if (k == model.KindSlice || k == model.KindMap || k == model.KindBytes) && !rs.nullable && !rs.present {
		return e.nullOr(t, x, e.validateContents(t, rs, x, depth))
	}
	return e.validateContents(t, rs, x, depth)
}

// nullOr reports a nil x, written as null where a value of type t is
// wanted, or else checks it:
//
//	if x.Items == nil {
//		d.Report(unionflat.Error{Got: "null", Kind: unionflat.KindType, Want: "an array"})
//	} else {
//		... // inner
//	}
func (e *emitter) nullOr(t *model.Type, x func() *jen.Statement, inner []jen.Code) []jen.Code {
	null := e.reportNull(jsonTypeName(t))
	if len(inner) == 0 {
		return []jen.Code{jen.If(x().Op("==").Nil()).Block(null)}
	}
	return []jen.Code{jen.If(x().Op("==").Nil()).Block(null).Else().Block(inner...)}
}

// validateContents checks the Go value x of type t, nil aside.
func (e *emitter) validateContents(t *model.Type, rs ruleSet, x func() *jen.Statement, depth int) []jen.Code {
	if check := codeOf(t).validate; check != nil {
		return check(e, value{t: t, rs: rs, x: x, depth: depth})
	}
	return nil // time, bytes, raw JSON and any carry no rules of their own
}

// validateFloat judges a float by its shortest text, as decoding that
// text would judge it, and reports NaN and the infinities, which
// json.Marshal refuses to write, rules or none:
//
//	if n0, ok := d.FloatAsNumber(float64(x.Radius), 64); ok { ... }
//	d.FloatAsNumber(float64(x.Weight), 64) // no rules
func (e *emitter) validateFloat(v value) []jen.Code {
	t, rs, x, depth := v.t, v.rs, v.x, v.depth
	n := e.names.Indexed("n", depth)
	checks := e.checks(t, rs.rules, jen.Id(n))
	get := e.dot("d", "FloatAsNumber").Call(jen.Float64().Call(x()), jen.Lit(floatBits(t)))
	if len(checks) == 0 {
		return []jen.Code{get}
	}
	return []jen.Code{jen.If(jen.List(jen.Id(n), e.id("ok")).Op(":=").Add(get), e.id("ok")).Block(checks...)}
}

// validatePointer checks what a pointer points at. A nil pointer is
// absent when the caller has looked at it already, null when nullable,
// and otherwise (an item or map value) reported, since it would be
// written as null.
func (e *emitter) validatePointer(v value) []jen.Code {
	t, rs, x, depth := v.t, v.rs, v.x, v.depth
	var inner []jen.Code
	if t.Elem.Kind == model.KindStruct { // ufValidateX takes the pointer itself
		inner = []jen.Code{jen.Id(naming.ValidateFunc(naming.StructName(t.Elem.Struct))).Call(e.id("d"), x())}
	} else {
		// What a non-nil pointer points at is written: a nil slice, map
		// or []byte there is null.
		elem := rs
		elem.present = false
		inner = e.validateValue(t.Elem, elem, func() *jen.Statement { return jen.Parens(jen.Op("*").Add(x())) }, depth)
	}
	switch {
	case rs.present:
		return inner
	case rs.nullable || t.Elem.TakesAnyValue():
		// A nil pointer to a free-form value is null, which it takes.
		if len(inner) == 0 {
			return nil
		}
		return []jen.Code{jen.If(x().Op("!=").Nil()).Block(inner...)}
	}
	return e.nullOr(t.Elem, x, inner)
}

// validateNullable checks the value a Nullable holds, when it holds
// one: absent and null pass. The value is written as itself, so a nil
// slice, map or []byte in it is reported (it would be written as null,
// which reads back as null, not as the value):
//
//	if p0, ok := x.Limit.Get(); ok {
//		... // the element's checks on p0
//	}
func (e *emitter) validateNullable(v value) []jen.Code {
	t, rs, x, depth := v.t, v.rs, v.x, v.depth
	p := e.names.Indexed("p", depth)
	elem := rs
	elem.nullable, elem.present = false, false
	inner := e.validateValue(t.Elem, elem, func() *jen.Statement { return jen.Id(p) }, depth+1)
	if len(inner) == 0 {
		return nil
	}
	return []jen.Code{jen.If(jen.List(jen.Id(p), e.id("ok")).Op(":=").Add(x()).Dot("Get").Call(), e.id("ok")).Block(inner...)}
}

// validateList checks a slice's item counts and every item, each at its
// index.
func (e *emitter) validateList(v value) []jen.Code {
	t, rs, x, depth := v.t, v.rs, v.x, v.depth
	i := e.names.Indexed("i", depth)
	var out []jen.Code
	if t.Kind == model.KindSlice {
		out = e.listChecks(t, rs.rules, jen.Len(x()), x())
	}
	item := func() *jen.Statement { return x().Index(jen.Id(i)) }
	inner := e.validateValue(t.Elem, ruleSet{rules: rs.items}, item, depth+1)
	if len(inner) > 0 {
		// for i0 := range d.Indexes(len(x.Points)) { ... }
		out = append(out, jen.For(jen.Id(i).Op(":=").Range().Add(e.dot("d", "Indexes")).Call(jen.Len(x()))).Block(inner...))
	}
	if rs.nullable && t.Kind == model.KindSlice && len(out) > 0 {
		// nil is written as null, which a nullable slice may be.
		return []jen.Code{jen.If(x().Op("!=").Nil()).Block(out...)}
	}
	return out
}

// validateMap checks every value of a map, each at its key, keys in
// order so that problems come out the same every time.
func (e *emitter) validateMap(v value) []jen.Code {
	t, rs, x, depth := v.t, v.rs, v.x, v.depth
	k := e.names.Indexed("k", depth)
	inner := e.validateValue(t.Elem, ruleSet{rules: rs.items}, func() *jen.Statement {
		return jen.Id(e.names.Indexed("v", depth))
	}, depth+1)
	if len(inner) == 0 {
		return nil
	}
	elem := e.names.Indexed("v", depth)
	loop := append([]jen.Code{jen.Id(elem).Op(":=").Add(x()).Index(jen.Id(k))}, inner...)
	// for k0 := range impl.Keys(d, x.Labels) { ... }
	return []jen.Code{jen.For(jen.Id(k).Op(":=").Range().Add(impl("Keys")).Call(e.id("d"), x())).Block(loop...)}
}
