package gen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"
)

// This file emits the one-pass readers a tool's DecodeT tries before its
// decoder (see the runtime's Reader), for the structs and unions some
// tool reaches: for a struct a ufReadX(rd, d, out) that reads the members
// of an object already opened (a variant's takes its discriminator's
// value too), and for a union a ufReadU that opens the object and picks
// the variant by its discriminator. They take only arguments that are exactly right and
// stop at anything else, a mistake or a repair, so that the decoder
// reads the input again and decides. They run the decoder's own checks
// (checks, intChecks, ...), on a Decoder whose problems stop the read,
// so that a value they take keeps the same rules.

func readFunc(name string) string { return "ufRead" + name }

// markRead records that a struct is read in one pass, with every struct
// and union it reaches: a tool's, so that only what some DecodeT reads
// gets a reader.
func (e *emitter) markRead(st *Struct) {
	if e.read[st] {
		return
	}
	e.read[st] = true
	for _, f := range st.Fields {
		if leaf := leafType(f.Type); leaf != nil && leaf.Union != nil {
			e.read[leaf.Union] = true
		}
		for _, next := range heldStructs(f.Type) {
			e.markRead(next)
		}
	}
}

// readerParam is the Reader parameter of the one-pass readers.
func (e *emitter) readerParam() *jen.Statement { return e.id("rd").Op("*").Qual(RuntimePath, "Reader") }

// rd is a method of the Reader.
func (e *emitter) rd(method string, args ...jen.Code) *jen.Statement {
	return e.dot("rd", method).Call(args...)
}

// stop stops the read.
func (e *emitter) stop() *jen.Statement { return e.rd("Stop") }

// emitOnePassAttempt is what DecodeT and DecodeTRepaired open with: the
// one-pass read, which returns at once when it takes the input.
//
//	if rd, d := unionflat.BeginOnePass(data); rd != nil {
//		if rd.Object() {
//			ufReadT(rd, d, &x)
//		}
//		if rd.End() {
//			return x, nil
//		}
//		x = T{}
//	}
func (e *emitter) emitOnePassAttempt(st *Struct, x *jen.Statement, taken ...jen.Code) jen.Code {
	return jen.If(jen.List(e.id("rd"), e.id("d")).Op(":=").Add(rt("BeginOnePass")).Call(e.id("data")), e.id("rd").Op("!=").Nil()).Block(
		e.readStruct(st, jen.Op("&").Add(x.Clone())),
		jen.If(e.rd("End")).Block(jen.Return(taken...)),
		x.Clone().Op("=").Id(st.Name).Values(),
	)
}

// readStruct reads an object into the struct at addr: a variant checks
// its discriminator first.
func (e *emitter) readStruct(st *Struct, addr jen.Code) jen.Code {
	read := func(args ...jen.Code) jen.Code {
		return jen.Id(readFunc(structName(st))).Call(append([]jen.Code{e.id("rd"), e.id("d"), addr}, args...)...)
	}
	v := st.Variant
	if v == nil {
		return jen.If(e.rd("Object")).Block(read())
	}
	var cases []jen.Code
	for _, val := range v.Values {
		cases = append(cases, jen.Case(jen.Lit(val)).Block(read(jen.Lit(val))))
	}
	return jen.If(e.rd("Object")).Block(
		jen.Switch(jen.String().Parens(e.rd("Tag", jen.Lit(v.Union.Discriminator)))).Block(
			append(cases, jen.Default().Block(e.stop()))...,
		),
	)
}

// emitUnionReader picks a union's variant by its discriminator:
//
//	func ufReadPart(rd *unionflat.Reader, d *unionflat.Decoder, out *Part) {
//		if !rd.Object() {
//			return
//		}
//		switch string(rd.Tag("type")) {
//		case "text":
//			var x TextPart
//			ufReadTextPart(rd, d, &x)
//			*out = x
//		default:
//			rd.Stop()
//		}
//	}
func (e *emitter) emitUnionReader(u *Union) jen.Code {
	var cases []jen.Code
	for _, v := range u.Variants {
		cases = append(cases, e.variantCases(v, jen.Op("*").Add(e.id("out")), func(x, val jen.Code) jen.Code {
			return jen.Id(readFunc(v.Struct.Name)).Call(e.id("rd"), e.id("d"), x, val)
		})...)
	}
	cases = append(cases, jen.Default().Block(e.stop()))
	return jen.Func().Id(readFunc(u.Name)).Params(e.readerParam(), e.dParam(), e.id("out").Op("*").Id(u.Name)).Block(
		jen.If(jen.Op("!").Add(e.rd("Object"))).Block(jen.Return()),
		jen.Switch(jen.String().Parens(e.rd("Tag", jen.Lit(u.Discriminator)))).Block(cases...),
	)
}

// emitStructReader reads the members of a struct's object:
//
//	func ufReadTextPart(rd *unionflat.Reader, d *unionflat.Decoder, out *TextPart) {
//		var seen [2]bool
//		for rd.More() {
//			switch string(rd.Key()) {
//			case "type":
//				rd.Once(&seen[0])
//				rd.SkipString()
//			case "text":
//				rd.Once(&seen[1])
//				...
//			default:
//				rd.Stop()
//			}
//		}
//		if !seen[1] {
//			rd.Stop()
//		}
//	}
//
// Another variant's key, an unknown one (even in an open struct, which
// only the decoder reads past) and a repeated one stop the read; so
// does a missing required property, and a default fills in a missing
// optional one.
func (e *emitter) emitStructReader(st *Struct) jen.Code {
	seen := func(i int) *jen.Statement { return e.id("seen").Index(jen.Lit(i)) }
	var cases, after, before []jen.Code
	n := 0
	v := st.Variant
	if v != nil && v.Field == nil {
		before = append(before, seen(0).Op("=").Add(e.rd("TagRead")))
		cases = append(cases, jen.Case(jen.Lit(v.Union.Discriminator)).Block(
			e.rd("Once", jen.Op("&").Add(seen(n))),
			e.rd("SkipString"),
		))
		n++
	}
	for _, f := range st.Fields {
		i := n
		n++
		out := e.dot("out", strings.Join(f.GoPath, "."))
		body := []jen.Code{e.rd("Once", jen.Op("&").Add(seen(i)))}
		if e.lenient[st].nullAsAbsent && !f.Nullable && !f.Discriminator {
			// The decoder reads null as the property left out, and says
			// so, when the tool asks for openai-strict: a repair.
			body = append(body, jen.If(e.rd("Null")).Block(e.stop()))
		}
		switch {
		case f.Discriminator:
			before = append(before, jen.If(seen(i).Op("=").Add(e.rd("TagRead")), seen(i)).Block(
				out.Clone().Op("=").Add(typeCode(f.Type)).Call(e.id("tag")),
			))
			body = append(body, out.Clone().Op("=").Add(typeCode(f.Type)).Call(e.rd("String")))
		default:
			body = append(body, e.readValue(f.Type, ruleSet{rules: f.Rules, items: f.ItemRules, nullable: f.Nullable},
				func() *jen.Statement { return out.Clone() }, 0)...)
		}
		cases = append(cases, jen.Case(jen.Lit(f.JSONName)).Block(body...))
		switch {
		case f.Required:
			after = append(after, jen.If(jen.Op("!").Add(seen(i))).Block(e.stop()))
		case appliesDefault(f):
			after = append(after, jen.If(jen.Op("!").Add(seen(i))).Block(e.setDefault(f, out.Clone())...))
		}
	}
	cases = append(cases, jen.Default().Block(e.stop()))
	var body []jen.Code
	if n > 0 {
		body = append(body, jen.Var().Add(e.id("seen")).Index(jen.Lit(n)).Bool())
	}
	body = append(body, before...)
	body = append(body, jen.For(e.rd("More")).Block(jen.Switch(jen.String().Parens(e.rd("Key"))).Block(cases...)))
	body = append(body, after...)
	name := readFunc(structName(st))
	params := func(typeName string) []jen.Code {
		return []jen.Code{e.readerParam(), e.dParam(), e.id("out").Op("*").Qual(st.Pkg, typeName)}
	}
	key := "read " + st.Pkg
	if v != nil { // a variant's reader takes the discriminator's value, which Tag may have read
		tag := "_"
		if v.Field != nil {
			tag = e.names.local("tag")
		}
		key += " " + tag
		plain := params
		params = func(typeName string) []jen.Code { return append(plain(typeName), jen.Id(tag).String()) }
	}
	return jen.Func().Id(name).Add(e.paramList(name, st.Name, key, params)).Block(body...)
}

// readValue reads the value that comes next into lv, as decodeValue
// decodes one, with the same checks:
//
//	s0 := rd.String()
//	out.Text = s0
//	d.MinLength(s0, 1)
func (e *emitter) readValue(t *Type, rs ruleSet, lv func() *jen.Statement, depth int) []jen.Code {
	if rs.nullable && t.Kind != KindRaw {
		rs.nullable = false
		return orNull(t, lv, e.rd("Null"), e.readValue(t, rs, lv, depth))
	}
	n := func(s string) string { return e.names.indexed(s, depth) }
	scalar := func(local string, get, conv jen.Code) []jen.Code {
		set := scalarSet(t, lv, local, conv)
		body := []jen.Code{jen.Id(local).Op(":=").Add(get)}
		if enum := stringEnum(t, rs.rules); len(enum) > 0 {
			var lits []jen.Code
			for _, l := range enum {
				lits = append(lits, jen.Id(goLiteral(l)))
			}
			body = append(body, jen.Switch(jen.Id(local)).Block(jen.Case(lits...), jen.Default().Block(e.stop())), set)
			plain, rules := withoutEnum(t, rs.rules)
			return append(body, e.checks(plain, rules, jen.Id(local))...)
		}
		return append(append(body, set), e.checks(t, rs.rules, jen.Id(local))...)
	}
	switch t.Kind {
	case KindString:
		return scalar(n("s"), e.rd("String"), nil)
	case KindBool:
		return scalar(n("b"), e.rd("Bool"), nil)
	case KindInt:
		return scalar(n("n"), e.rd("Int", jen.Lit(t.Bits)), narrowing("int", t.Bits))
	case KindUint:
		return scalar(n("u"), e.rd("Uint", jen.Lit(t.Bits)), narrowing("uint", t.Bits))
	case KindFloat:
		if !hasNumberRules(rs.rules) {
			return scalar(n("f"), e.rd("Float", jen.Lit(floatBits(t))), narrowing("float", t.Bits))
		}
		local := n("n")
		return append([]jen.Code{jen.Id(local).Op(":=").Add(e.rd("Number", jen.Lit(floatBits(t)))), numberSet(t, lv, local)},
			e.checks(t, rs.rules, jen.Id(local))...)
	case KindDuration:
		return scalar(n("t"), e.rd("Duration"), nil)
	case KindTime:
		return []jen.Code{lv().Op("=").Add(e.rd("Time"))}
	case KindBytes:
		return scalar(n("b"), e.rd("Bytes"), nil)
	case KindText:
		// UnmarshalText is the user's: it sees only a string read, as in
		// the decoder.
		s := n("s")
		body := []jen.Code{e.dot("d", "TextError").Call(lv().Dot("UnmarshalText").Call(jen.Index().Byte().Parens(jen.Id(s))))}
		body = append(body, e.checks(&Type{Kind: KindString}, rs.rules, jen.Id(s))...)
		return []jen.Code{jen.If(jen.Id(s).Op(":=").Add(e.rd("String")), jen.Op("!").Add(e.rd("Stopped"))).Block(body...)}
	case KindStruct:
		return []jen.Code{e.readStruct(t.Struct, jen.Op("&").Add(lv()))}
	case KindUnion:
		return []jen.Code{jen.Id(readFunc(t.Union.Name)).Call(e.id("rd"), e.id("d"), jen.Op("&").Add(lv()))}
	case KindPointer:
		p := n("p")
		body := []jen.Code{jen.Id(p).Op(":=").New(typeCode(t.Elem))}
		if t.Elem.Kind == KindStruct { // ufReadX takes the pointer itself
			body = append(body, e.readStruct(t.Elem.Struct, jen.Id(p)))
		} else {
			body = append(body, e.readValue(t.Elem, rs, pointee(t, p), depth+1)...)
		}
		return append(body, lv().Op("=").Id(p))
	case KindSlice:
		return e.readSlice(t, rs, lv, depth)
	case KindArray:
		return e.readArray(t, rs, lv, depth)
	case KindMap:
		return e.readMap(t, rs, lv, depth)
	case KindRaw:
		return []jen.Code{lv().Op("=").Add(typeCode(t)).Call(e.rd("Raw"))}
	}
	panic(fmt.Sprintf("gen: no one-pass reader for kind %d", t.Kind))
}

// readSlice reads an array into a slice: its items go to a buffer on the
// stack, then to a slice of their number, so that a short array costs
// one allocation, as in the decoder, which knows the number first. When
// the buffer is full, Grow counts the items left and makes room for them
// all at once. An item past maxItems stops the read before it is read,
// so that an array too long costs the read no more than maxItems items.
//
//	if rd.Array() {
//		var buf0 [8]T
//		s0 := buf0[:0]
//		for rd.Next() {
//			if len(s0) == 5 { // with maxItems 5
//				rd.Stop()
//				break
//			}
//			if len(s0) == cap(s0) {
//				s0 = unionflat.Grow(rd, s0, 5) // -1 without maxItems
//			}
//			s0 = append(s0, *new(T))
//			... read into s0[len(s0)-1]
//		}
//		out.F = make([]T, len(s0))
//		copy(out.F, s0)
//		... the list's checks
//	}
func (e *emitter) readSlice(t *Type, rs ruleSet, lv func() *jen.Statement, depth int) []jen.Code {
	buf, s := e.names.indexed("buf", depth), e.names.indexed("s", depth)
	elem := typeCode(t.Elem)
	last := func() *jen.Statement { return jen.Id(s).Index(jen.Len(jen.Id(s)).Op("-").Lit(1)) }
	var loop []jen.Code
	most := -1
	if hi := rs.rules.MaxItems; hi != nil { // an item past the most allowed stops the read, there
		most = clampInt(*hi)
		loop = append(loop, jen.If(jen.Len(jen.Id(s)).Op("==").Lit(most)).Block(e.stop(), jen.Break()))
	}
	loop = append(loop,
		jen.If(jen.Len(jen.Id(s)).Op("==").Cap(jen.Id(s))).Block(jen.Id(s).Op("=").Add(rt("Grow")).Call(e.id("rd"), jen.Id(s), jen.Lit(most))),
		jen.Id(s).Op("=").Append(jen.Id(s), jen.Op("*").New(elem.Clone())),
	)
	loop = append(loop, e.readValue(t.Elem, ruleSet{rules: rs.items, item: true}, last, depth+1)...)
	body := []jen.Code{
		jen.Var().Id(buf).Index(jen.Lit(8)).Add(elem.Clone()),
		jen.Id(s).Op(":=").Id(buf).Index(jen.Empty(), jen.Lit(0)),
		jen.For(e.rd("Next")).Block(loop...),
		lv().Op("=").Make(typeCode(t), jen.Len(jen.Id(s))),
		jen.Copy(lv(), jen.Id(s)),
	}
	body = append(body, e.listChecks(t, rs.rules, jen.Len(lv()), lv())...)
	return []jen.Code{jen.If(e.rd("Array")).Block(body...)}
}

// readArray reads an array of exactly the Go array's length.
func (e *emitter) readArray(t *Type, rs ruleSet, lv func() *jen.Statement, depth int) []jen.Code {
	i := e.names.indexed("i", depth)
	size := jen.Lit(int(t.Len))
	loop := []jen.Code{jen.If(jen.Id(i).Op(">=").Add(size)).Block(e.stop(), jen.Break())}
	loop = append(loop, e.readValue(t.Elem, ruleSet{rules: rs.items, item: true}, func() *jen.Statement { return lv().Index(jen.Id(i)) }, depth+1)...)
	loop = append(loop, jen.Id(i).Op("++"))
	return []jen.Code{jen.If(e.rd("Array")).Block(
		jen.Id(i).Op(":=").Lit(0),
		jen.For(e.rd("Next")).Block(loop...),
		jen.If(jen.Id(i).Op("!=").Add(size)).Block(e.stop()),
	)}
}

// readMap reads an object into a map; a repeated key stops the read. A
// map has no rules of its own (the generator refuses minProperties and
// the like), so rs.rules is not read.
func (e *emitter) readMap(t *Type, rs ruleSet, lv func() *jen.Statement, depth int) []jen.Code {
	key, m, x := e.names.indexed("key", depth), e.names.indexed("m", depth), e.names.indexed("x", depth)
	k := keyCode(t).Parens(jen.Id(key))
	loop := []jen.Code{
		jen.Id(key).Op(":=").Add(e.rd("Key")),
		jen.If(jen.List(jen.Id("_"), e.id("dup")).Op(":=").Id(m).Index(k.Clone()), e.id("dup")).Block(e.stop()),
		jen.Var().Id(x).Add(typeCode(t.Elem)),
	}
	loop = append(loop, e.readValue(t.Elem, ruleSet{rules: rs.items}, func() *jen.Statement { return jen.Id(x) }, depth+1)...)
	loop = append(loop, jen.Id(m).Index(k.Clone()).Op("=").Id(x))
	return []jen.Code{jen.If(e.rd("Object")).Block(
		jen.Id(m).Op(":=").Make(typeCode(t)),
		jen.For(e.rd("More")).Block(loop...),
		lv().Op("=").Id(m),
	)}
}
