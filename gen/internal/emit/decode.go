package emit

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/load"
	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/naming"
)

// This file emits the decoders: for every struct and union a
// ufDecodeX(d, v, out) function that reads a parsed JSON value into Go,
// coercing strings where an object or array is wanted, and checking the
// lossless schema as it goes; for every struct a ufValidateX(d, x) that
// runs the same checks over a Go value. Both call one function for the
// checks (checks), so the decoder and Validate cannot disagree.

// emitter writes the generated code of one package: decoders, validators,
// methods and the package-level declarations they share.
type emitter struct {
	// lenient holds, for every tool, what its profiles let a model send
	// beyond the lossless schema, and for every struct, what some tool
	// that reaches it does: its decoder then asks the runtime, at run
	// time, whether the tool being decoded reads that way.
	lenient map[any]leniency

	pkg      *model.Package
	names    *naming.Names
	patterns map[string]string // pattern -> name of its package-level var
	order    []string          // patterns in first-use order
	// signatureWidths caches paramList's measures, by key.
	signatureWidths map[string]int
}

// leniency is what a profile's schema lets a model send.
type leniency struct {
	// nullAsAbsent makes null stand for an absent optional property, as
	// the openai-strict profile has models send it.
	nullAsAbsent bool
	// absentAsNull lets a nullable property be left out even when it is
	// required, as the portable profile, which cannot say null, asks.
	absentAsNull bool
	// bigDigits reads an integer whose range reaches past 2^53 (read with
	// BigInt) from a string of its digits too, as the gemini profiles
	// write it; allDigits every integer, as bigints=string has them
	// written. Only the runtime reads them, so only tools and roots carry
	// them.
	bigDigits, allDigits bool
	// jsonText reads a string that holds JSON text as the free-form
	// value it holds, as the profiles that cannot say one advertise it.
	// Only the runtime reads it, so only tools and roots carry it.
	jsonText bool
	// repair reads the model's mistakes that have one meaning, and
	// records them. It is the tool's own (repair=off turns it off), so
	// only argumentFlags sets it.
	repair bool
}

func (l leniency) or(o leniency) leniency {
	return leniency{nullAsAbsent: l.nullAsAbsent || o.nullAsAbsent, absentAsNull: l.absentAsNull || o.absentAsNull}
}

func newEmitter(pkg *model.Package) *emitter {
	e := &emitter{pkg: pkg, names: naming.NewNames(pkg), patterns: map[string]string{}, lenient: map[any]leniency{}, signatureWidths: map[string]int{}}
	for _, t := range pkg.Tools {
		l := profileLeniency(t.Profiles)
		if l != (leniency{}) {
			for _, st := range t.Structs() {
				e.markLenient(st, l)
			}
		}
		l.bigDigits, l.allDigits = t.DigitStrings()
		l.jsonText = t.JSONText()
		if l != (leniency{}) {
			e.lenient[t] = l
		}
	}
	e.markRootLeniency()
	for _, st := range pkg.Structs {
		for _, f := range st.Fields {
			for _, p := range []string{f.Rules.Pattern, f.ItemRules.Pattern} {
				if p != "" && e.patterns[p] == "" {
					e.patterns[p] = naming.PatternVar(len(e.order))
					e.order = append(e.order, p)
				}
			}
		}
	}
	return e
}

// markLenient records l on a struct and every struct it reaches.
func (e *emitter) markLenient(st *model.Struct, l leniency) {
	if had, seen := e.lenient[st]; seen && had.or(l) == had {
		return
	}
	e.lenient[st] = e.lenient[st].or(l)
	for _, f := range st.Reached() {
		for _, next := range model.HeldStructs(f.Type) {
			e.markLenient(next, l)
		}
	}
}

// paramList is the parameter list of function name, one parameter a line
// when on one line it would pass 99 columns. params spells the list
// around one type name, typeName; key names everything else the list
// holds.
//
// The width is that of the line as gofmt writes it when the function is
// rendered alone, where the runtime's names read runtime.X while the
// file imports the package as unionflat, two letters more each. gofmt
// writes identifiers as they are, and a signature on one line has no
// alignment, so the width grows with the lengths of the function's name
// and typeName and with nothing else of them: it is measured once per
// key, with placeholders, which spares a go/format run per function.
func (e *emitter) paramList(name, typeName, key string, params func(typeName string) []jen.Code) *jen.Statement {
	list := params(typeName)
	if e.signatureWidth(name, typeName, key, params) <= 99 {
		return jen.Params(list...)
	}
	return jen.Custom(jen.Options{Open: "(", Close: ")", Separator: ",", Multi: true}, list...)
}

// signatureWidth is the width paramList measures.
func (e *emitter) signatureWidth(name, typeName, key string, params func(typeName string) []jen.Code) int {
	const fn, typ = "F", "T"
	base, ok := e.signatureWidths[key]
	if !ok {
		base = renderedSignatureWidth(fn, params(typ))
		e.signatureWidths[key] = base
	}
	return base - len(fn) - len(typ) + len(name) + len(typeName)
}

// renderedSignatureWidth is the width of func name(params) { as gofmt
// writes it rendered alone, a runtime name counted as unionflat.X.
func renderedSignatureWidth(name string, params []jen.Code) int {
	text := fmt.Sprintf("%#v", jen.Func().Id(name).Params(params...))
	return len(text) + 2*strings.Count(text, "runtime.") + len(" {")
}

// rt is a name in the runtime package.
func rt(name string) *jen.Statement { return jen.Qual(naming.RuntimePath, name) }

// impl is a name in the runtime's package for generated code.
func impl(name string) *jen.Statement { return jen.Qual(naming.ImplPath, name) }

// id is a local of the names table, as spelled in this package.
func (e *emitter) id(local string) *jen.Statement { return jen.Id(e.names.Local(local)) }

// dot is a method or field of a generated local, d.String or x.Name, as
// one identifier: jennifer's Dot would be two more tokens to build and
// render, and generated code calls the decoder's methods all the time.
func (e *emitter) dot(local, name string) *jen.Statement {
	return jen.Id(e.names.Local(local) + "." + name)
}

// dParam is the decoder parameter every generated function takes.
func (e *emitter) dParam() *jen.Statement { return e.id("d").Op("*").Add(impl("Decoder")) }

// narrowing is the conversion from the decoder's 64-bit reading to a
// narrower Go type, or nil when none is needed.
func narrowing(base string, bits int) jen.Code {
	if bits == 64 {
		return nil
	}
	return jen.Id(model.SizedName(base, bits))
}

// ---- entry points ----

// emitUnionAPI declares DecodeU and ValidateU:
//
//	func DecodePart(data []byte) (Part, error) { return impl.Decode(data, ufDecodePart) }
func (e *emitter) emitUnionAPI(u *model.Union) jen.Code {
	name := u.Name
	decode := jen.Null() // a tool's union gets its tool's DecodeT
	if u.Tool == nil {
		picks := "the discriminator picks the variant"
		if u.Untagged {
			picks = "the value's JSON type, then an object's keys, pick the variant"
		}
		decode = docComment(fmt.Sprintf("Decode%s decodes %s from JSON, following %sSchema: "+
			"%s, and every rule is checked. It repairs nothing: a tool's decoder does. "+
			"The error is a *unionflat.Errors naming every problem by JSON Pointer.", name, withArticle(name), name, picks)).
			Add(e.unionLeniencyComment(u)).
			Func().Id("Decode"+name).Params(e.id("data").Index().Byte()).Params(jen.Id(name), jen.Error()).Block(
			jen.Return(e.decodeUnion(u)),
		).Line().Line()
	}
	return decode.Add(docComment(fmt.Sprintf("Validate%s checks %s built in code against %sSchema, as Decode%s would.",
		name, withArticle(name), name, name))).
		Func().Id("Validate" + name).Params(e.id("x").Id(name)).Error().Block(
		jen.Return(impl("Validate").Call(jen.Op("&").Add(e.id("x")), jen.Id(naming.ValidateFunc(name)))),
	)
}

// emitToolAPI declares DecodeT and DecodeTRepaired for a tool input.
// Both call the decoder directly, not through a func value as
// impl.Decode does, so that the value they fill stays on the stack
// (through a func value it escapes: one allocation of the whole struct
// a call); DecodeT ends with End, which
// writes no canonical bytes:
//
//	func DecodeT(data []byte) (T, error) {
//		var x T
//		d, v, ok := impl.BeginArguments(data, impl.RepairMistakes)
//		if ok {
//			ufDecodeT(d, v, &x)
//		}
//		if err := d.End(); err != nil {
//			return T{}, err
//		}
//		return x, nil
//	}
//
//	func DecodeTRepaired(data []byte) (T, unionflat.Repairs, error) {
//		var x T
//		d, v, ok := impl.BeginArguments(data, impl.RepairMistakes)
//		if ok {
//			ufDecodeT(d, v, &x)
//		}
//		r, err := d.Finish()
//		if err != nil {
//			return T{}, r, err
//		}
//		return x, r, nil
//	}
func (e *emitter) emitToolAPI(t *model.Tool) jen.Code {
	name := t.GoName()
	zero := jen.Id(name).Values()
	dispatch := ""
	if t.Union != nil {
		zero = jen.Nil()
		dispatch = fmt.Sprintf(" The discriminator %q picks the variant.", t.Union.Discriminator)
		if t.Union.Untagged {
			dispatch = " The arguments' keys pick the variant."
		}
	}
	x, d, root, ok, r, err := e.id("x"), e.id("d"), e.id("v"), e.id("ok"), e.id("r"), e.id("err")
	repairs := fmt.Sprintf("The model's mistakes that have only one meaning are repaired (see Decode%sRepaired).", name)
	if t.NoRepair {
		repairs = "It repairs nothing (repair=off): each mistake a repair would read is an error that says what to send instead."
	}
	// var x T; d, v, ok := impl.BeginArguments(...); if ok { ufDecodeT(d, v, &x) }
	begin := func(end ...jen.Code) []jen.Code {
		return append([]jen.Code{
			jen.Var().Add(x).Id(name),
			jen.List(d, root, ok).Op(":=").Add(impl("BeginArguments").Call(e.id("data"), e.argumentFlags(t))),
			jen.If(ok).Block(jen.Id(naming.DecodeFunc(name)).Call(d, root, jen.Op("&").Add(x))),
		}, end...)
	}
	decode := docComment(fmt.Sprintf("Decode%s decodes the arguments of tool %s, following %sSchema: "+
		"unions are dispatched on their discriminator, and every rule is checked.%s %s "+
		"The error is a *unionflat.Errors naming every problem by JSON Pointer, in words a model can act on. "+
		"Empty arguments, or null, are read as {}.", name, t.Name, name, dispatch, repairs)).
		Add(leniencyComment(e.lenient[t])).
		Func().Id("Decode"+name).Params(e.id("data").Index().Byte()).Params(jen.Id(name), jen.Error()).Block(begin(
		jen.If(jen.Add(err).Op(":=").Add(d).Dot("End").Call(), jen.Add(err).Op("!=").Nil()).Block(
			jen.Return(zero, err),
		),
		jen.Return(x, jen.Nil()),
	)...)
	what := "what it repaired: each repair's JSON Pointer and kind, and the arguments as they should have been sent " +
		"(a string holding the object or array wanted, a number in quotes where only a number is allowed, " +
		"one value where an array of non-arrays is wanted, an enum or discriminator value in the wrong case, " +
		"trailing commas, a byte order mark, a ``` fence around the whole input)"
	if t.NoRepair {
		what = "what its profiles' leniency read (null for an absent property, say), as repairs; it makes no other repair"
	}
	repaired := docComment(fmt.Sprintf("Decode%sRepaired is Decode%s, and also returns %s.", name, name, what)).
		Func().Id("Decode"+name+"Repaired").Params(e.id("data").Index().Byte()).Params(jen.Id(name), rt("Repairs"), jen.Error()).Block(begin(
		jen.List(r, err).Op(":=").Add(d).Dot("Finish").Call(),
		jen.If(jen.Add(err).Op("!=").Nil()).Block(
			jen.Return(zero, r, err),
		),
		jen.Return(x, r, jen.Nil()),
	)...)
	return jen.Add(decode).Line().Line().Add(repaired)
}

// leniencyComment says what the profiles of a tool or a root let its
// decoder accept.
func leniencyComment(l leniency) *jen.Statement {
	c := jen.Null()
	if l.nullAsAbsent {
		c.Comment("Its openai-strict profile has null read as an absent property.").Line()
	}
	if l.absentAsNull {
		c.Comment("Its portable profile lets a nullable property be left out.").Line()
	}
	if l.bigDigits {
		c.Comment("Its profiles write integers beyond 2^53 as decimal strings, so an int64, a").Line().
			Comment("uint64 or an integer bounded beyond 2^53 may come as a number or as a string").Line().
			Comment("of its digits.").Line()
	}
	if l.allDigits {
		c.Comment("Its bigints=string has its profiles write integers as decimal strings, so every").Line().
			Comment("integer may come as a number or as a string of its digits.").Line()
	}
	return c
}

// argumentFlags is the leniency a tool's own profiles ask its decoder
// for, and its repairs, as BeginArguments takes them: 0, or the flags
// leniencyFlags spells.
func (e *emitter) argumentFlags(t *model.Tool) jen.Code {
	l := e.lenient[t]
	l.repair = !t.NoRepair
	if flags := leniencyFlags(l); flags != nil {
		return flags
	}
	return jen.Lit(0)
}

// emitValidateMethod declares x.Validate() for a tool input, a variant,
// a root or a tool's result; a result that is nothing else is judged by
// its output schema (see outputOnly).
func (e *emitter) emitValidateMethod(st *model.Struct) jen.Code {
	name := st.Name
	doc, validate := fmt.Sprintf("Validate checks %s built in code against its schema, as decoding would.", withArticle(name)), "Validate"
	if e.outputOnly(st) {
		doc = fmt.Sprintf("Validate checks %s built in code against %s, as Encode%s does: a nil pointer, slice or map inside it is the null that schema describes.",
			withArticle(name), naming.OutputConst(name), name)
		validate = "ValidateOutput"
	}
	return docComment(doc).
		Func().Params(e.id("x").Id(name)).Id("Validate").Params().Error().Block(
		jen.Return(impl(validate).Call(jen.Op("&").Add(e.id("x")), jen.Id(naming.ValidateFunc(name)))),
	)
}

// emitUnmarshal declares UnmarshalJSON, so that encoding/json decodes the
// type (and the unions in it) through the generated decoder.
func (e *emitter) emitUnmarshal(st *model.Struct) jen.Code {
	name := st.Name
	return docComment(fmt.Sprintf("UnmarshalJSON decodes %s with its generated decoder, so that encoding/json "+
		"reads it as unionflat's decoders do.", withArticle(name))).
		Func().Params(e.id("x").Op("*").Id(name)).Id("UnmarshalJSON").Params(e.id("data").Index().Byte()).Error().Block(
		jen.Return(impl("Unmarshal").Call(e.id("data"), e.id("x"), jen.Id(naming.DecodeFunc(name)))),
	)
}

// emitMarshal declares MarshalJSON on a variant, so that it writes its
// discriminator:
//
//	func (x TextPart) MarshalJSON() ([]byte, error) {
//		type plain TextPart
//		return json.Marshal(struct {
//			UnionflatTag string `json:"type"`
//			plain
//		}{"text", plain(x)})
//	}
func (e *emitter) emitMarshal(v *model.Variant) jen.Code {
	name := v.Struct.Name
	disc := v.Union.Discriminator
	var body []jen.Code
	body = append(body, jen.Type().Add(e.id("plain")).Id(name))
	var fields, values []jen.Code
	if v.Field == nil {
		fields = append(fields, jen.Id("UnionflatTag").String().Tag(map[string]string{"json": disc}))
		values = append(values, jen.Lit(v.Values[0]))
	}
	fields = append(fields, e.id("plain"))
	values = append(values, e.id("plain").Call(e.id("x")))
	if len(v.Struct.Embeds) > 0 {
		fields = append(fields, marshalHider())
		values = append(values, jen.Struct().Values())
	}
	out := jen.Struct(fields...).Values(values...)
	if v.Field != nil {
		field := e.dot("x", strings.Join(v.Field.GoPath, "."))
		body = append(body, jen.If(field.Clone().Op("==").Lit("")).Block(field.Clone().Op("=").Lit(v.Values[0])))
		if len(v.Struct.Embeds) == 0 {
			out = e.id("plain").Call(e.id("x"))
		}
	}
	body = append(body, jen.Return(jen.Qual("encoding/json", "Marshal").Call(out)))
	return docComment(fmt.Sprintf("MarshalJSON writes %s with its discriminator, %q: %q.", withArticle(name), disc, v.Values[0])).
		Func().Params(e.id("x").Id(name)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(body...)
}

// emitPatterns declares the compiled patterns, once per package.
func (e *emitter) emitPatterns() jen.Code {
	if len(e.order) == 0 {
		return jen.Null()
	}
	var defs []jen.Code
	for _, p := range e.order {
		defs = append(defs, jen.Id(e.patterns[p]).Op("=").Add(impl("MustCompilePattern")).Call(jen.Lit(p)))
	}
	return jen.Var().Defs(defs...)
}

// ---- unions ----

// emitUnionDecoder dispatches on the discriminator:
//
//	func ufDecodePart(d *impl.Decoder, v impl.Value, out *Part) {
//		obj, ok := d.Object(v)
//		...
//		tag, ok := d.Tag(obj, ufTagsPart)
//		...
//		switch tag {
//		case "text":
//			var x TextPart
//			ufMembersTextPart(d, obj, &x, "type = text")
//			*out = x
//		}
//	}
func (e *emitter) emitUnionDecoder(u *model.Union) jen.Code {
	if u.Untagged {
		return e.emitUntaggedDecoder(u)
	}
	var cases []jen.Code
	for _, v := range u.Variants {
		cases = append(cases, e.variantCases(v)...)
	}
	return jen.Add(emitTagsVar(u.Name, u, u.Variants)).Line().Line().
		Func().Id(naming.DecodeFunc(u.Name)).Params(e.dParam(), e.id("v").Add(impl("Value")), e.id("out").Op("*").Id(u.Name)).Block(
		e.dispatch(naming.TagsVar(u.Name), cases)...,
	)
}

// dispatch reads an object and its discriminator, described by the
// table tags, then switches.
func (e *emitter) dispatch(tags string, cases []jen.Code) []jen.Code {
	return []jen.Code{
		jen.List(e.id("obj"), e.id("ok")).Op(":=").Add(e.dot("d", "Object")).Call(e.id("v")),
		jen.If(jen.Op("!").Add(e.id("ok"))).Block(jen.Return()),
		jen.List(e.id("tag"), e.id("ok")).Op(":=").Add(e.dot("d", "Tag")).Call(e.id("obj"), jen.Id(tags)),
		jen.If(jen.Op("!").Add(e.id("ok"))).Block(jen.Return()),
		jen.Switch(e.id("tag")).Block(cases...),
	}
}

// variantCases are the switch cases of one variant, one per value so
// that each knows its own "type = value": each declares the variant x,
// reads the object's members into it and stores it in *out.
func (e *emitter) variantCases(v *model.Variant) []jen.Code {
	var out []jen.Code
	for _, val := range v.Values {
		value := e.id("x")
		if v.Pointer {
			value = jen.Op("&").Add(e.id("x"))
		}
		out = append(out, jen.Case(jen.Lit(val)).Block(
			jen.Var().Add(e.id("x")).Id(v.Struct.Name),
			jen.Id(naming.MembersFunc(v.Struct.Name)).Call(e.id("d"), e.id("obj"), jen.Op("&").Add(e.id("x")), jen.Lit(val)),
			jen.Op("*").Add(e.id("out")).Op("=").Add(value),
		))
	}
	return out
}

// emitUntaggedDecoder decodes an untagged union: Pick chooses the
// variant by the value's JSON type, then an object's keys, and the case
// decodes it:
//
//	var ufTagsLabel = &impl.Forms{Types: []string{"string", "object"}, ...}
//
//	func ufDecodeLabel(d *impl.Decoder, v impl.Value, out *Label) {
//		switch d.Pick(v, ufTagsLabel) {
//		case 0:
//			var x LabelName
//			...
//			*out = x
//		case 1:
//			var x LabelDetail
//			ufDecodeLabelDetail(d, v, &x)
//			*out = x
//		}
//	}
func (e *emitter) emitUntaggedDecoder(u *model.Union) jen.Code {
	var types, required, declared []jen.Code
	var cases []jen.Code
	for i, v := range u.Variants {
		types = append(types, jen.Lit(v.JSONType()))
		req, decl := jen.Nil(), jen.Nil()
		x := func() *jen.Statement { return e.id("x") }
		body := []jen.Code{jen.Var().Add(x()).Id(v.GoName())}
		if st := v.Struct; st != nil {
			var rs, ds []jen.Code
			for _, f := range st.Fields {
				if f.Required {
					rs = append(rs, jen.Lit(f.JSONName))
				}
			}
			for _, k := range knownKeys(st) { // the keys its decoder takes
				ds = append(ds, jen.Lit(k))
			}
			req = jen.Index().String().Values(rs...)
			if !st.Open {
				decl = jen.Index().String().Values(ds...)
			}
			body = append(body, jen.Id(naming.DecodeFunc(naming.StructName(st))).Call(e.id("d"), e.id("v"), jen.Op("&").Add(x())))
		} else {
			body = append(body, e.decodeValue(v.Other, ruleSet{}, x, e.id("v"), 0)...)
		}
		value := x()
		if v.Pointer {
			value = jen.Op("&").Add(x())
		}
		body = append(body, jen.Op("*").Add(e.id("out")).Op("=").Add(value))
		cases = append(cases, jen.Case(jen.Lit(i)).Block(body...))
		required, declared = append(required, req), append(declared, decl)
	}
	forms := jen.Var().Id(naming.TagsVar(u.Name)).Op("=").Op("&").Add(impl("Forms")).Values(jen.Dict{
		jen.Id("Types"):    jen.Index().String().Values(types...),
		jen.Id("Required"): jen.Index().Index().String().Values(required...),
		jen.Id("Declared"): jen.Index().Index().String().Values(declared...),
	})
	return jen.Add(forms).Line().Line().
		Func().Id(naming.DecodeFunc(u.Name)).Params(e.dParam(), e.id("v").Add(impl("Value")), e.id("out").Op("*").Id(u.Name)).Block(
		jen.Switch(e.dot("d", "Pick").Call(e.id("v"), jen.Id(naming.TagsVar(u.Name)))).Block(cases...),
	)
}

// emitUnionValidator checks a union value by its dynamic type.
func (e *emitter) emitUnionValidator(u *model.Union) jen.Code {
	var cases []jen.Code
	want := "an object"
	if u.Untagged {
		want = untaggedWant(u)
	}
	null := func() jen.Code { return e.reportNull(want) }
	for _, v := range u.Variants {
		// *T implements the union whether T's methods have value or
		// pointer receivers; T only in the first case.
		name := v.GoName()
		// check validates the variant, at ptr or, for an other variant,
		// the value val.
		check := func(ptr, val func() *jen.Statement) []jen.Code {
			if v.Struct != nil {
				return []jen.Code{jen.Id(naming.ValidateFunc(v.Struct.Name)).Call(e.id("d"), ptr())}
			}
			return e.validateValue(v.Other, ruleSet{}, val, 0)
		}
		x := func() *jen.Statement { return e.id("x") }
		cases = append(cases, jen.Case(jen.Op("*").Id(name)).Block(
			append([]jen.Code{jen.If(e.id("x").Op("==").Nil()).Block(null(), jen.Return())},
				check(x, func() *jen.Statement { return jen.Parens(jen.Op("*").Add(e.id("x"))) })...)...,
		))
		if !v.Pointer {
			cases = append(cases, jen.Case(jen.Id(name)).Block(check(func() *jen.Statement { return jen.Op("&").Add(e.id("x")) }, x)...))
		}
	}
	cases = append(cases, jen.Case(jen.Nil()).Block(null()))
	cases = append(cases, jen.Default().Block(e.dot("d", "NotVariant").Call(jen.Lit(u.Name), e.id("x"))))
	return jen.Func().Id(naming.ValidateFunc(u.Name)).Params(e.dParam(), e.id("p").Op("*").Id(u.Name)).Block(
		jen.Switch(e.id("x").Op(":=").Parens(jen.Op("*").Add(e.id("p"))).Assert(jen.Type())).Block(cases...),
	)
}

// ---- structs ----

// emitStructDecoder decodes a struct. A variant decoded on its own checks
// its discriminator first, then reads its members like the union does.
func (e *emitter) emitStructDecoder(st *model.Struct) jen.Code {
	name := naming.StructName(st)
	params := jen.List(e.dParam(), e.id("v").Add(impl("Value")), e.id("out").Op("*").Qual(st.Pkg, st.Name))
	if v := st.Variant; v != nil {
		return jen.Add(emitKeysVar(st)).Add(emitTagsVar(name, v.Union, []*model.Variant{v})).Line().Line().
			Func().Id(naming.DecodeFunc(name)).Params(params).Block(
			e.dispatch(naming.TagsVar(name), e.selfCases(v))...,
		).Line().Line().
			Add(e.emitMembers(st))
	}
	decl := jen.Add(emitKeysVar(st)).Func().Id(naming.DecodeFunc(name)).Params(params).Block(
		jen.List(e.id("obj"), e.id("ok")).Op(":=").Add(e.dot("d", "Object")).Call(e.id("v")),
		jen.If(jen.Op("!").Add(e.id("ok"))).Block(jen.Return()),
		jen.Id(naming.MembersFunc(name)).Call(e.id("d"), e.id("obj"), e.id("out"), jen.Lit("")),
	).Line().Line().Add(e.emitMembers(st))
	if u := st.InlineUnion(); u != nil {
		for _, v := range u.Variants {
			decl.Line().Line().Add(e.emitInlineMembers(st, v))
		}
	}
	return decl
}

func (e *emitter) selfCases(v *model.Variant) []jen.Code {
	var out []jen.Code
	for _, val := range v.Values {
		out = append(out, jen.Case(jen.Lit(val)).Block(
			jen.Id(naming.MembersFunc(v.Struct.Name)).Call(e.id("d"), e.id("obj"), e.id("out"), jen.Lit(val)),
		))
	}
	return out
}

// emitMembers reads the members of a struct's object:
//
//	func ufMembersTextPart(d *impl.Decoder, obj impl.Value, out *TextPart, tag string) {
//		var seen0 bool
//		for key, val := range d.Members(obj) {
//			switch string(key) {
//			case "text": // Members has put "text" on the path
//				seen0 = true
//				...
//			case "url": // another variant's
//				d.NotAllowed("type = " + tag, ufKeysTextPart)
//			default:
//				d.Unknown(ufKeysTextPart)
//			}
//		}
//		if !seen0 {
//			d.Missing("text", ...)
//		}
//	}
func (e *emitter) emitMembers(st *model.Struct) jen.Code {
	v := st.Variant
	lenient := e.lenient[st]
	ms := &memberSwitch{when: jen.Lit(""), nilsWritten: e.outputOnly(st)}
	if v != nil {
		ms.when = jen.Lit(v.Union.Discriminator + " = ").Op("+").Add(e.id("tag"))
		if v.Field == nil {
			// The discriminator: the caller has read it.
			ms.cases = append(ms.cases, jen.Case(jen.Lit(v.Union.Discriminator)))
		}
	}
	for i, f := range st.Fields {
		e.memberCase(ms, f, i, lenient)
	}
	if st.Inline != nil {
		e.inlineCases(ms, st)
	}
	e.strayCases(ms, st, lenient)
	return e.membersFuncDecl(st, ms, naming.MembersFunc(naming.StructName(st)), st.Variant != nil)
}

// inlineCases adds to the members of a struct that holds a union inline
// the case of the union's keys, which the variant's members function
// reads, and after the loop the dispatch on the discriminator:
//
//	tag, tagged := d.Tag(obj, ufTagsOperation) // before the loop
//	...
//	case "method", "title", "number": // the inline union's
//	default:
//		if !tagged { // else the variant's function reports it
//			d.Unknown(ufKeysIssueWrite)
//		}
//	...
//	if tagged {
//		switch tag {
//		case "create":
//			var x CreateIssue
//			ufMembersCreateIssueInIssueWrite(d, obj, &x, "create")
//			out.Op = x
//		}
//	}
func (e *emitter) inlineCases(ms *memberSwitch, st *model.Struct) {
	u := st.InlineUnion()
	var lits []jen.Code
	for _, k := range inlineKeys(u) {
		lits = append(lits, jen.Lit(k))
	}
	ms.cases = append(ms.cases, jen.Case(lits...))
	out := e.dot("out", strings.Join(st.Inline.GoPath, "."))
	var cases []jen.Code
	for _, v := range u.Variants {
		for _, val := range v.Values {
			value := e.id("x")
			if v.Pointer {
				value = jen.Op("&").Add(e.id("x"))
			}
			cases = append(cases, jen.Case(jen.Lit(val)).Block(
				jen.Var().Add(e.id("x")).Id(v.Struct.Name),
				jen.Id(naming.InlineMembersFunc(naming.StructName(v.Struct), naming.StructName(st))).Call(e.id("d"), e.id("obj"), jen.Op("&").Add(e.id("x")), jen.Lit(val)),
				out.Clone().Op("=").Add(value),
			))
		}
	}
	ms.before = append(ms.before,
		jen.List(e.id("tag"), e.id("tagged")).Op(":=").Add(e.dot("d", "Tag")).Call(e.id("obj"), jen.Id(naming.TagsVar(u.Name))))
	ms.missing = append(ms.missing, jen.If(e.id("tagged")).Block(jen.Switch(e.id("tag")).Block(cases...)))
}

// inlineKeys are the keys an inline union adds to its parent's object:
// the discriminator, then every variant's fields, each once.
func inlineKeys(u *model.Union) []string {
	keys := []string{u.Discriminator}
	for _, v := range u.Variants {
		for _, f := range v.Struct.Fields {
			if !slices.Contains(keys, f.JSONName) {
				keys = append(keys, f.JSONName)
			}
		}
	}
	return keys
}

// emitInlineMembers reads the members of a variant of a union that
// parent holds inline, from parent's object: the variant's fields, other
// variants' keys as not allowed, and a key no one has as unknown, listed
// with the keys of the object as the variant makes it. The discriminator
// and parent's own keys are parent's to read.
func (e *emitter) emitInlineMembers(parent *model.Struct, v *model.Variant) jen.Code {
	st := v.Struct
	lenient := e.lenient[st].or(e.lenient[parent])
	ms := &memberSwitch{when: jen.Lit(v.Union.Discriminator + " = ").Op("+").Add(e.id("tag"))}
	if v.Field == nil {
		ms.cases = append(ms.cases, jen.Case(jen.Lit(v.Union.Discriminator)))
	}
	for i, f := range st.Fields {
		e.memberCase(ms, f, i, lenient)
	}
	e.otherVariantCases(ms, st, lenient)
	var own []jen.Code
	for _, f := range parent.Fields {
		own = append(own, jen.Lit(f.JSONName))
	}
	if len(own) > 0 {
		ms.cases = append(ms.cases, jen.Case(own...))
	}
	keys := naming.InlineKeysVar(naming.StructName(st), naming.StructName(parent))
	ms.cases = append(ms.cases, jen.Default().Block(e.dot("d", "Unknown").Call(jen.Id(keys))))
	return jen.Add(emitInlineKeysVar(parent, v)).
		Add(e.membersFuncDecl(st, ms, naming.InlineMembersFunc(naming.StructName(st), naming.StructName(parent)), true))
}

// memberSwitch is what emitMembers gathers for one struct: the cases of
// the switch over keys, the seen flags of required and defaulted fields,
// the checks after the loop, and whether any case reads the value.
type memberSwitch struct {
	when     *jen.Statement // the variant's "type = "+tag, or ""
	before   []jen.Code     // statements before the loop
	cases    []jen.Code
	seenVars []jen.Code
	missing  []jen.Code
	usesVal  bool
	// nilsWritten reads null as nil for every field that can be nil: the
	// struct is only a tool's result, whose output schema takes the null
	// EncodeT writes for one (see outputOnly), so UnmarshalJSON reads back
	// what it wrote.
	nilsWritten bool
}

// memberCase adds the case of one field: it notes that the field was
// seen, if it must be, and decodes its value.
func (e *emitter) memberCase(ms *memberSwitch, f *model.Field, i int, lenient leniency) {
	ms.usesVal = ms.usesVal || !f.Discriminator
	out := e.dot("out", strings.Join(f.GoPath, "."))
	nullable := f.Nullable || ms.nilsWritten && f.Type.Nilable()
	var body []jen.Code
	switch {
	case nullable || f.Discriminator:
	case !f.Required && !f.Type.TakesAnyValue():
		// null for an optional property that takes none (a
		// json.RawMessage or an any takes it) is a repair, or what the tool's
		// openai-strict profile asks for.
		body = append(body, jen.If(e.dot("d", "OptionalNull").Call(e.id("val"))).Block(jen.Break()))
	case lenient.nullAsAbsent && !(f.Required && f.Type.TakesAnyValue()):
		// null stands for an absent property when the tool being
		// decoded asks for openai-strict; a required free-form value
		// takes null as its value.
		body = append(body, jen.If(e.dot("d", "NullAsAbsent").Call(e.id("val"))).Block(jen.Break()))
	}
	body = append(body, e.notePresence(ms, f, i, lenient, out)...)
	if f.Discriminator {
		body = append(body, out.Clone().Op("=").Add(model.TypeCode(f.Type)).Call(e.id("tag")))
		ms.cases = append(ms.cases, jen.Case(jen.Lit(f.JSONName)).Block(body...))
		return
	}
	rs := ruleSet{rules: f.Rules, items: f.ItemRules, nullable: nullable, nilsWritten: ms.nilsWritten}
	body = append(body, e.decodeValue(f.Type, rs, func() *jen.Statement { return out.Clone() }, e.id("val"), 0)...)
	ms.cases = append(ms.cases, jen.Case(jen.Lit(f.JSONName)).Block(body...))
}

// notePresence declares a seen flag for a required field, or one with a
// default, and adds the check after the loop: a missing property is
// reported, or takes the default. It returns the statement that sets the
// flag in the field's case.
func (e *emitter) notePresence(ms *memberSwitch, f *model.Field, i int, lenient leniency, out *jen.Statement) []jen.Code {
	if !f.Required && !model.AppliesDefault(f) {
		return nil
	}
	seen := e.names.Indexed("seen", i)
	ms.seenVars = append(ms.seenVars, jen.Id(seen))
	if !f.Required {
		ms.missing = append(ms.missing, jen.If(jen.Op("!").Id(seen)).Block(e.setDefault(f, out.Clone())...))
		return []jen.Code{jen.Id(seen).Op("=").True()}
	}
	absent := jen.Op("!").Id(seen)
	if lenient.absentAsNull && f.Nullable {
		// portable lets it be left out.
		absent = absent.Op("&&").Op("!").Add(e.dot("d", "AbsentAsNull")).Call(e.id("obj"), jen.Lit(f.JSONName))
	}
	ms.missing = append(ms.missing, jen.If(absent).Block(
		e.dot("d", "Missing").Call(jen.Lit(f.JSONName), ms.when.Clone()),
	))
	return []jen.Code{jen.Id(seen).Op("=").True()}
}

// strayCases adds the cases for keys the struct does not have: another
// variant's (reported with the discriminator value) and any other, unless
// the struct is open.
func (e *emitter) strayCases(ms *memberSwitch, st *model.Struct, lenient leniency) {
	e.otherVariantCases(ms, st, lenient)
	if u := st.InUntagged; u != nil && lenient.nullAsAbsent && !st.Open {
		// openai-strict sends the other variants' keys too, as null.
		var lits []jen.Code
		for _, k := range keysOfOthers(st, u) {
			lits = append(lits, jen.Lit(k.key))
		}
		if len(lits) > 0 {
			ms.usesVal = true
			ms.cases = append(ms.cases, jen.Case(lits...).Block(
				jen.If(jen.Op("!").Add(e.dot("d", "NullAsAbsent")).Call(e.id("val"))).Block(
					e.dot("d", "Unknown").Call(jen.Id(naming.KeysVar(naming.StructName(st)))))))
		}
	}
	if !st.Open {
		unknown := e.dot("d", "Unknown").Call(jen.Id(naming.KeysVar(naming.StructName(st))))
		if st.Inline != nil {
			// The variant's members function reports it.
			unknown = jen.If(jen.Op("!").Add(e.id("tagged"))).Block(unknown)
		}
		ms.cases = append(ms.cases, jen.Default().Block(unknown))
	}
}

// otherVariantCases adds, for a variant, the case of the keys only other
// variants of its union have: each is reported with the discriminator
// value that allows it.
func (e *emitter) otherVariantCases(ms *memberSwitch, st *model.Struct, lenient leniency) {
	v := st.Variant
	if v == nil || st.Open {
		return
	}
	others := otherVariantKeys(v)
	if len(others) == 0 {
		return
	}
	var lits []jen.Code
	for _, k := range others {
		lits = append(lits, jen.Lit(k.key))
	}
	notAllowed := e.dot("d", "NotAllowed").Call(ms.when.Clone(), jen.Id(naming.KeysVar(naming.StructName(st))))
	if lenient.nullAsAbsent {
		notAllowed = jen.If(jen.Op("!").Add(e.dot("d", "NullAsAbsent")).Call(e.id("val"))).Block(notAllowed)
		ms.usesVal = true
	}
	ms.cases = append(ms.cases, jen.Case(lits...).Block(notAllowed))
}

// membersFuncDecl is the members function name around the gathered
// switch: the seen flags, the loop over members, the checks after it.
// withTag says it takes the discriminator value read (a variant's).
func (e *emitter) membersFuncDecl(st *model.Struct, ms *memberSwitch, name string, withTag bool) jen.Code {
	var body []jen.Code
	if len(ms.seenVars) > 0 {
		body = append(body, jen.Var().List(ms.seenVars...).Bool())
	}
	body = append(body, ms.before...)
	if len(ms.cases) > 0 {
		vars := jen.List(e.id("key"), e.id("val"))
		if !ms.usesVal {
			vars = jen.List(e.id("key"))
		}
		body = append(body, jen.For(vars.Op(":=").Range().Add(e.dot("d", "Members")).Call(e.id("obj"))).Block(
			jen.Switch(jen.String().Parens(e.id("key"))).Block(ms.cases...),
		))
	}
	body = append(body, ms.missing...)
	tag := e.names.Local("tag")
	if !withTag {
		tag = "_"
	}
	params := func(typeName string) []jen.Code {
		return []jen.Code{e.dParam(), e.id("obj").Add(impl("Value")), e.id("out").Op("*").Qual(st.Pkg, typeName), jen.Id(tag).String()}
	}
	return jen.Func().Id(name).Add(e.paramList(name, st.Name, "members "+st.Pkg+" "+tag, params)).Block(body...)
}

// ruleSet is what a value's checks come from.
type ruleSet struct {
	rules    model.Rules
	items    model.Rules // for the elements of slices, arrays and maps
	nullable bool
	// present says the caller has already checked that a pointer, slice
	// or map is not nil (validators only).
	present bool
	// item says the value is an item of an array, whose one value is then
	// never read as the array of it: the array around it could as well be
	// the one item meant ([1, 2] where [[1, 2]] is wanted).
	item bool
	// nilsWritten reads null as nil for the items and values that can be
	// nil, below a field of a struct that is only a tool's result (see
	// memberSwitch.nilsWritten).
	nilsWritten bool
}

// decodeValue reads val into lv:
//
//	if s, ok := d.String(val); ok {
//		out.Text = s
//		d.MinLength(s, 1)
//	}
func (e *emitter) decodeValue(t *model.Type, rs ruleSet, lv func() *jen.Statement, val jen.Code, depth int) []jen.Code {
	if rs.nullable && t.Kind != model.KindRaw && t.Kind != model.KindAny {
		rs.nullable = false
		return orNull(t, lv, e.dot("d", "IsNull").Call(val), e.decodeValue(t, rs, lv, val, depth))
	}
	return codeOf(t).decode(e, value{t: t, rs: rs, lv: lv, val: val, depth: depth})
}

// decodeScalar reads a scalar with the decoder's method into local, then
// sets the value (through conv, when narrower) and checks its rules:
//
//	if s0, ok := d.String(val); ok {
//		out.Name = s0
//		... // checks
//	}
func (e *emitter) decodeScalar(v value, method string, local string, conv jen.Code, args ...jen.Code) []jen.Code {
	t, rs, lv, val := v.t, v.rs, v.lv, v.val
	get := e.dot("d", method).Call(append([]jen.Code{val}, args...)...)
	set := scalarSet(t, lv, local, conv)
	var body []jen.Code
	if enum := stringEnum(t, rs.rules); len(enum) > 0 {
		// The enum first: a repair may change the value.
		body = append(body, e.foldingEnumSwitch(enum, val, jen.Id(local)), set)
		plain, rules := withoutEnum(t, rs.rules)
		body = append(body, e.checks(plain, rules, jen.Id(local))...)
	} else {
		body = append(append(body, set), e.checks(t, rs.rules, jen.Id(local))...)
	}
	return []jen.Code{jen.If(jen.List(jen.Id(local), e.id("ok")).Op(":=").Add(get), e.id("ok")).Block(body...)}
}

// decodeFloat reads a float: as a float64 when no rule needs its exact
// text, else as a decimal (see decodeNumber).
func (e *emitter) decodeFloat(v value) []jen.Code {
	if !hasNumberRules(v.rs.rules) {
		return e.decodeScalar(v, "Float", e.local(v, "f"), narrowing("float", v.t.Bits), jen.Lit(floatBits(v.t)))
	}
	return e.decodeNumber(v.t, v.rs.rules, v.lv, v.val, e.local(v, "n"))
}

// decodeTime reads an RFC 3339 date-time.
func (e *emitter) decodeTime(v value) []jen.Code {
	t := e.local(v, "t")
	return []jen.Code{jen.If(jen.List(jen.Id(t), e.id("ok")).Op(":=").Add(e.dot("d", "Time")).Call(v.val), e.id("ok")).Block(
		v.lv().Op("=").Id(t))}
}

// decodeText reads a string and hands it to the type's UnmarshalText,
// after checking the string's rules.
func (e *emitter) decodeText(v value) []jen.Code {
	s := e.local(v, "s")
	body := []jen.Code{e.dot("d", "TextError").Call(v.lv().Dot("UnmarshalText").Call(jen.Index().Byte().Parens(jen.Id(s))))}
	body = append(body, e.checks(&model.Type{Kind: model.KindString}, v.rs.rules, jen.Id(s))...)
	return []jen.Code{jen.If(jen.List(jen.Id(s), e.id("ok")).Op(":=").Add(e.dot("d", "String")).Call(v.val), e.id("ok")).Block(body...)}
}

// decodePointer reads the value a pointer points to; a struct's or a
// Def's decoder takes the new pointer itself.
func (e *emitter) decodePointer(v value) []jen.Code {
	t, lv, val := v.t, v.lv, v.val
	p := e.local(v, "p")
	body := []jen.Code{jen.Id(p).Op(":=").New(model.TypeCode(t.Elem))}
	switch t.Elem.Kind {
	case model.KindStruct, model.KindRef: // its decoder takes the pointer itself
		body = append(body, jen.Id(naming.DecodeFunc(ownName(t.Elem))).Call(e.id("d"), val, jen.Id(p)))
	default:
		body = append(body, e.decodeValue(t.Elem, v.rs, pointee(t, p), val, v.depth+1)...)
	}
	body = append(body, lv().Op("=").Id(p))
	if t.Elem.Kind == model.KindRaw || t.Elem.Kind == model.KindAny {
		// null leaves a pointer to a free-form value nil, as
		// encoding/json does.
		return []jen.Code{jen.If(jen.Op("!").Add(e.dot("d", "NullValue")).Call(val)).Block(body...)}
	}
	return body
}

// decodeNullable reads a Nullable that is not null (orNull has looked):
// the value, read as the element's, is Some of it.
func (e *emitter) decodeNullable(v value) []jen.Code {
	p := e.local(v, "p")
	body := []jen.Code{jen.Var().Id(p).Add(model.TypeCode(v.t.Elem))}
	body = append(body, e.decodeValue(v.t.Elem, v.rs, func() *jen.Statement { return jen.Id(p) }, v.val, v.depth+1)...)
	return append(body, v.lv().Op("=").Add(rt("Some")).Call(jen.Id(p)))
}

// orNull reads a nullable value: null leaves it zero (a pointer nil, a
// Nullable null), anything else is read by read.
func orNull(t *model.Type, lv func() *jen.Statement, isNull jen.Code, read []jen.Code) []jen.Code {
	var onNull jen.Code = jen.Comment("null leaves the zero value")
	switch t.Kind {
	case model.KindPointer:
		onNull = lv().Op("=").Nil()
	case model.KindNullable:
		onNull = lv().Op("=").Add(rt("Null").Types(model.TypeCode(t.Elem))).Call()
	}
	return []jen.Code{jen.If(isNull).Block(onNull).Else().Block(read...)}
}

// pointee is what pointer p, of type t, points at, as a place to store
// into: (*p) where a method or an index follows (* binds looser than .
// and [), else *p.
func pointee(t *model.Type, p string) func() *jen.Statement {
	if t.Elem.Kind == model.KindText || t.Elem.Kind == model.KindArray {
		return func() *jen.Statement { return jen.Parens(jen.Op("*").Id(p)) }
	}
	return func() *jen.Statement { return jen.Op("*").Id(p) }
}

// decodeNumber reads a float whose rules are checked on its decimal text:
//
//	if n0, ok := d.Number(val, 64); ok {
//		out.Radius = n0.Float()
//		d.NumberBound(unionflat.KindMaximum, n0, "10000", 10000.0)
//	}
func (e *emitter) decodeNumber(t *model.Type, r model.Rules, lv func() *jen.Statement, val jen.Code, local string) []jen.Code {
	body := append([]jen.Code{numberSet(t, lv, local)}, e.checks(t, r, jen.Id(local))...)
	get := e.dot("d", "Number").Call(val, jen.Lit(floatBits(t)))
	return []jen.Code{jen.If(jen.List(jen.Id(local), e.id("ok")).Op(":=").Add(get), e.id("ok")).Block(body...)}
}

// scalarSet stores a scalar read into local in lv, converted to lv's
// type: a named type's, or by conv (int32(n0)) when it is not nil.
func scalarSet(t *model.Type, lv func() *jen.Statement, local string, conv jen.Code) *jen.Statement {
	switch {
	case t.Named != nil && t.Kind != model.KindDuration:
		return lv().Op("=").Add(model.TypeCode(t)).Call(jen.Id(local))
	case conv == nil:
		return lv().Op("=").Id(local)
	}
	return lv().Op("=").Add(conv).Call(jen.Id(local))
}

// numberSet stores the float of a impl.Number in local in lv.
func numberSet(t *model.Type, lv func() *jen.Statement, local string) *jen.Statement {
	value := jen.Id(local).Dot("Float").Call()
	switch {
	case t.Named != nil:
		value = model.TypeCode(t).Call(value)
	case floatBits(t) == 32:
		value = jen.Float32().Call(value)
	}
	return lv().Op("=").Add(value)
}

// floatBits is a float type's width: 32 or 64.
func floatBits(t *model.Type) int { return max(t.Bits, 32) }

// hasNumberRules reports whether a number carries rules the decoder
// checks on its decimal text.
func hasNumberRules(r model.Rules) bool {
	return r.Minimum != "" || r.ExclMinimum != "" || r.Maximum != "" || r.ExclMaximum != "" ||
		r.MultipleOf != "" || len(r.Enum) > 0 || r.Const != ""
}

// decodeList reads an array into a slice or a Go array.
func (e *emitter) decodeList(v value) []jen.Code {
	t, rs, lv, val, depth := v.t, v.rs, v.lv, v.val, v.depth
	arr, i, item, s := e.names.Indexed("arr", depth), e.names.Indexed("i", depth), e.names.Indexed("item", depth), e.names.Indexed("s", depth)
	elemRules := ruleSet{rules: rs.items, item: true, nullable: rs.nilsWritten && t.Elem.Nilable(), nilsWritten: rs.nilsWritten}
	// A Go array, or a slice with maxItems, holds no more items than
	// it may: those past it are not read, as the item count is wrong
	// already (and reported), so an overlong array costs no more than
	// one that is just long enough.
	length := func() *jen.Statement { return e.dot("d", "Len").Call(jen.Id(arr)) }
	target := func() *jen.Statement { return jen.Id(s).Index(jen.Id(i)) }
	count := jen.Len(jen.Id(s)) // the items sent, for a slice's checks
	var body, loop []jen.Code
	switch {
	case t.Kind == model.KindArray:
		body = append(body, e.dot("d", "ItemCount").Call(length(), jen.Lit(int(t.Len)), jen.Lit(int(t.Len))))
		target = func() *jen.Statement { return lv().Index(jen.Id(i)) }
		loop = append(loop, jen.If(jen.Id(i).Op(">=").Lit(int(t.Len))).Block(jen.Break()))
	case rs.rules.MaxItems != nil:
		n := e.names.Indexed("count", depth) // the items sent, read once
		body = append(body, jen.Id(n).Op(":=").Add(length()),
			jen.Id(s).Op(":=").Make(model.TypeCode(t), jen.Min(jen.Id(n), jen.Lit(clampInt(*rs.rules.MaxItems)))))
		loop = append(loop, jen.If(jen.Id(i).Op("==").Len(jen.Id(s))).Block(jen.Break()))
		count = jen.Id(n)
	default:
		body = append(body, jen.Id(s).Op(":=").Make(model.TypeCode(t), length()))
	}
	loop = append(loop, e.decodeValue(t.Elem, elemRules, target, jen.Id(item), depth+1)...)
	body = append(body, jen.For(jen.List(jen.Id(i), jen.Id(item)).Op(":=").Range().Add(e.dot("d", "Items")).Call(jen.Id(arr))).Block(loop...))
	if t.Kind == model.KindSlice {
		body = append(body, lv().Op("=").Id(s))
		body = append(body, e.listChecks(t, rs.rules, count, jen.Id(s))...)
	}
	get := e.dot("d", "Array").Call(val)
	if !mayBeArray(t.Elem) && !rs.item {
		get = e.dot("d", "ArrayOrItem").Call(val, jen.Lit(mayBeString(t.Elem)))
	}
	return []jen.Code{jen.If(jen.List(jen.Id(arr), e.id("ok")).Op(":=").Add(get), e.id("ok")).Block(body...)}
}

// mayBeArray reports whether a value of t can be a JSON array: where an
// array of t is wanted, only then is one value not read as the array of
// it.
func mayBeArray(t *model.Type) bool {
	k := model.DerefType(t).Kind
	return k == model.KindSlice || k == model.KindArray || t.TakesAnyValue()
}

// mayBeString reports whether a value of t can be a JSON string.
func mayBeString(t *model.Type) bool {
	return load.ScalarOf(t) == load.ScalarString || t.TakesAnyValue()
}

// decodeMap reads an object into a map.
func (e *emitter) decodeMap(v value) []jen.Code {
	t, rs, lv, val, depth := v.t, v.rs, v.lv, v.val, v.depth
	obj, key, item, m, x := e.names.Indexed("obj", depth), e.names.Indexed("key", depth), e.names.Indexed("item", depth), e.names.Indexed("m", depth), e.names.Indexed("x", depth)
	loop := []jen.Code{jen.Var().Id(x).Add(model.TypeCode(t.Elem))}
	elemRules := ruleSet{rules: rs.items, nullable: rs.nilsWritten && t.Elem.Nilable(), nilsWritten: rs.nilsWritten}
	loop = append(loop, e.decodeValue(t.Elem, elemRules, func() *jen.Statement { return jen.Id(x) }, jen.Id(item), depth+1)...)
	loop = append(loop, jen.Id(m).Index(model.KeyCode(t).Parens(jen.Id(key))).Op("=").Id(x))
	get := "Object"
	if t.Elem.TakesAnyValue() {
		// An object of free-form values, which a profile may advertise
		// as a string holding its JSON text.
		get = "AnyObject"
	}
	return []jen.Code{jen.If(jen.List(jen.Id(obj), e.id("ok")).Op(":=").Add(e.dot("d", get)).Call(val), e.id("ok")).Block(
		jen.Id(m).Op(":=").Make(model.TypeCode(t), e.dot("d", "Len").Call(jen.Id(obj))),
		jen.For(jen.List(jen.Id(key), jen.Id(item)).Op(":=").Range().Add(e.dot("d", "Members")).Call(jen.Id(obj))).Block(loop...),
		lv().Op("=").Id(m),
	)}
}

// listChecks are the item-count and uniqueness rules of a slice s that
// was sent with count items.
func (e *emitter) listChecks(t *model.Type, r model.Rules, count, s jen.Code) []jen.Code {
	var out []jen.Code
	if r.MinItems != nil || r.MaxItems != nil {
		lo, hi := -1, -1
		if r.MinItems != nil {
			lo = clampInt(*r.MinItems)
		}
		if r.MaxItems != nil {
			hi = clampInt(*r.MaxItems)
		}
		out = append(out, e.dot("d", "ItemCount").Call(count, jen.Lit(lo), jen.Lit(hi)))
	}
	if r.UniqueItems {
		out = append(out, impl("UniqueItems").Call(e.id("d"), s))
	}
	return out
}

func clampInt(u uint64) int {
	if u > math.MaxInt32 {
		return math.MaxInt32
	}
	return int(u)
}

// checks are the rules of a scalar, run on a local holding its value:
// s string, n int64, u uint64, b bool, or for a float a impl.Number.
func (e *emitter) checks(t *model.Type, r model.Rules, x jen.Code) []jen.Code {
	var out []jen.Code
	d := func(method string, args ...jen.Code) {
		out = append(out, e.dot("d", method).Call(args...))
	}
	enum := load.EnumLiterals(t, r)
	switch t.Kind {
	case model.KindString, model.KindText:
		if r.MinLength != nil {
			d("MinLength", x, jen.Lit(clampInt(*r.MinLength)))
		}
		if r.MaxLength != nil {
			d("MaxLength", x, jen.Lit(clampInt(*r.MaxLength)))
		}
		if r.Pattern != "" {
			d("Pattern", x, jen.Id(e.patterns[r.Pattern]))
		}
		if r.Format != "" {
			d("Format", x, jen.Lit(r.Format))
		}
		if len(enum) > 0 {
			out = append(out, e.enumSwitch(enum, x, impl("Quote").Call(x)))
		}
	case model.KindBool:
		if len(enum) > 0 {
			out = append(out, e.enumSwitch(enum, x, jen.Qual("strconv", "FormatBool").Call(x)))
		}
	case model.KindDuration:
		out = append(out, e.durationChecks(r, x)...)
	case model.KindInt, model.KindUint:
		out = append(out, e.intChecks(t, r, x)...)
		if len(enum) > 0 {
			format := jen.Qual("strconv", "FormatInt").Call(x, jen.Lit(10))
			if t.Kind == model.KindUint {
				format = jen.Qual("strconv", "FormatUint").Call(x, jen.Lit(10))
			}
			out = append(out, e.enumSwitch(enum, x, format))
		}
	case model.KindFloat:
		out = append(out, e.floatChecks(t, r, x)...)
		if len(enum) > 0 {
			// d.NumberEnum(n0, "0.5 | 1 | 2", "0.5", "1", "2")
			args := []jen.Code{x, jen.Lit(strings.Join(enum, " | "))}
			for _, lit := range enum {
				args = append(args, jen.Lit(lit))
			}
			d("NumberEnum", args...)
		}
	}
	return out
}

// enumSwitch reports a value outside the listed JSON literals:
//
//	switch s {
//	case "plain", "markdown":
//	default:
//		d.NotOneOf("plain | markdown", impl.Quote(s))
//	}
func (e *emitter) enumSwitch(literals []string, x, got jen.Code) jen.Code {
	var cases, words []string
	for _, l := range literals {
		cases = append(cases, model.GoLiteral(l))
		words = append(words, model.Unquote(l))
	}
	var lits []jen.Code
	for _, c := range cases {
		lits = append(lits, jen.Id(c))
	}
	return jen.Switch(x).Block(
		jen.Case(lits...),
		jen.Default().Block(e.dot("d", "NotOneOf").Call(jen.Lit(strings.Join(words, " | ")), got)),
	)
}

// stringEnum is the enum of a decoded string, as JSON literals, or nil
// when t is not a string or has none.
func stringEnum(t *model.Type, r model.Rules) []string {
	if t.Kind != model.KindString {
		return nil
	}
	return load.EnumLiterals(t, r)
}

// withoutEnum is t and r with no enum, for the checks that follow an
// enum checked already.
func withoutEnum(t *model.Type, r model.Rules) (*model.Type, model.Rules) {
	c := *t
	c.Enum = nil
	r.Enum, r.Const = nil, ""
	return &c, r
}

// foldingEnumSwitch checks a decoded string against its enum; OneOf
// repairs a value in the wrong case, when it may, or reports it:
//
//	switch s {
//	case "plain", "markdown":
//	default:
//		s = d.OneOf(val, s, "plain", "markdown")
//	}
func (e *emitter) foldingEnumSwitch(literals []string, val, x jen.Code) jen.Code {
	var lits, args []jen.Code
	args = append(args, val, x)
	for _, l := range literals {
		lits = append(lits, jen.Id(model.GoLiteral(l)))
		args = append(args, jen.Lit(model.Unquote(l)))
	}
	return jen.Switch(x).Block(
		jen.Case(lits...),
		jen.Default().Block(jen.Add(x).Op("=").Add(e.dot("d", "OneOf")).Call(args...)),
	)
}

// intChecks are the bounds of an integer, made exact for whole numbers:
// minimum 1.5 is n < 2.
func (e *emitter) intChecks(t *model.Type, r model.Rules, x jen.Code) []jen.Code {
	var out []jen.Code
	method := "IntOutOfBound"
	if t.Kind == model.KindUint {
		method = "UintOutOfBound"
	}
	bound := func(lit string, kind string, op string, round func(*big.Rat) *big.Int) {
		if lit == "" {
			return
		}
		rat, _ := new(big.Rat).SetString(lit)
		limit := round(rat)
		report := e.dot("d", method).Call(rt(kind), jen.Lit(lit), x)
		cond, always, never := intCondition(t, x, op, limit)
		switch {
		case never:
		case always:
			out = append(out, report)
		default:
			out = append(out, jen.If(cond).Block(report))
		}
	}
	bound(r.Minimum, "KindMinimum", "<", model.Ceil)
	bound(r.ExclMinimum, "KindExclusiveMinimum", "<=", model.Floor)
	bound(r.Maximum, "KindMaximum", ">", model.Floor)
	bound(r.ExclMaximum, "KindExclusiveMaximum", ">=", model.Ceil)
	if r.MultipleOf != "" {
		report := e.dot("d", method).Call(rt("KindMultipleOf"), jen.Lit(r.MultipleOf), x)
		// An integer x is a multiple of p/q (in lowest terms) exactly when
		// p divides x: 2.5 = 5/2 asks for x % 5 == 0, 0.5 for nothing.
		m, _ := new(big.Rat).SetString(r.MultipleOf)
		p := m.Num()
		switch {
		case p.Cmp(big.NewInt(1)) == 0:
		case p.IsInt64() || (t.Kind == model.KindUint && p.IsUint64()):
			out = append(out, jen.If(jen.Add(x).Op("%").Id(p.String()).Op("!=").Lit(0)).Block(report))
		default: // beyond 64 bits: only 0 is a multiple
			out = append(out, jen.If(jen.Add(x).Op("!=").Lit(0)).Block(report))
		}
	}
	return out
}

// intCondition is x op limit for an int64 (or uint64) x, or a constant
// answer when the limit lies beyond the type.
func intCondition(t *model.Type, x jen.Code, op string, limit *big.Int) (cond jen.Code, always, never bool) {
	lo, hi := big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
	if t.Kind == model.KindUint {
		lo, hi = big.NewInt(0), new(big.Int).SetUint64(math.MaxUint64)
	}
	switch {
	case limit.Cmp(lo) < 0:
		// Every value is above the limit.
		return nil, op == ">" || op == ">=", op == "<" || op == "<="
	case limit.Cmp(hi) > 0:
		return nil, op == "<" || op == "<=", op == ">" || op == ">="
	}
	return jen.Add(x).Op(op).Id(limit.String()), false, false
}

// floatChecks compare a number with its bounds and multipleOf, exactly
// on the decimal texts. Each bound comes with the float the field's type
// rounds it to, so that the runtime reads texts only on a tie:
//
//	d.NumberBound(unionflat.KindMaximum, n0, "10000", 10000.0)
//	d.MultipleOf(n0, "0.5")
func (e *emitter) floatChecks(t *model.Type, r model.Rules, x jen.Code) []jen.Code {
	var out []jen.Code
	bits := floatBits(t)
	bound := func(lit, kind string) {
		if lit == "" {
			return
		}
		out = append(out, e.dot("d", "NumberBound").Call(rt(kind), x, jen.Lit(lit), jen.Lit(roundedBound(lit, bits))))
	}
	bound(r.Minimum, "KindMinimum")
	bound(r.ExclMinimum, "KindExclusiveMinimum")
	bound(r.Maximum, "KindMaximum")
	bound(r.ExclMaximum, "KindExclusiveMaximum")
	if r.MultipleOf != "" {
		out = append(out, e.dot("d", "MultipleOf").Call(x, jen.Lit(r.MultipleOf)))
	}
	return out
}

// roundedBound is a bound as a float of the given width rounds it, a
// bound beyond the type's range held at its largest finite value (the
// runtime still compares exactly on a tie).
func roundedBound(lit string, bits int) float64 {
	f, _ := strconv.ParseFloat(lit, bits)
	largest := math.MaxFloat64
	if bits == 32 {
		largest = math.MaxFloat32
	}
	return max(-largest, min(f, largest))
}

// untaggedWant is every JSON type an untagged union takes, as a message
// wants them: "a string or an object".
func untaggedWant(u *model.Union) string {
	var types []string
	for _, v := range u.Variants {
		if a := withArticle(v.JSONType()); !slices.Contains(types, a) {
			types = append(types, a)
		}
	}
	return strings.Join(types, " or ")
}
