package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/flatten/profile"
	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/naming"
	"github.com/unionflat/unionflat/gen/internal/schema"
)

// This file emits what the roots and outputs of output.go get: the schema
// constants and the descriptor of a //unionflat:schema root, its decoder
// (with the leniency of its profiles), the output schema of a tool's
// result, and EncodeT.

// rootConsts lists the schema constants of the roots and outputs of a
// file, in the order they are declared.
func (o *fileOutput) rootConsts(add func(name string, text []byte, s schema.Schemas)) {
	for _, r := range o.roots {
		s := o.schemas[r]
		n := r.GoName()
		if r.Struct != nil {
			add(n+"Schema", s.Lossless, s)
			add(n+"FlatSchema", s.Flat, s)
		}
		for _, p := range s.Profiles {
			add(naming.ProfileConstOf(n, p.Profile), p.Schema, s)
		}
	}
	for _, x := range o.encoded {
		if x.Output {
			s := o.schemas[x]
			add(naming.OutputConst(x.GoName()), s.Lossless, s)
		}
	}
}

// renderRoots adds the declarations of the file's roots and outputs.
func (o *fileOutput) renderRoots(e *emitter, values map[string]jen.Code, add func(jen.Code)) {
	for _, r := range o.roots {
		n := r.GoName()
		if r.Struct != nil {
			add(emitSchemaConsts(n, "schema "+r.Name, values))
		}
		if ps := o.schemas[r].Profiles; len(ps) > 0 {
			add(emitProfileConsts(n, ps, values))
		}
		add(emitSpec(r))
		if r.Struct != nil {
			add(e.emitRootDecode(r))
		}
	}
	for _, x := range o.encoded {
		if x.Output {
			add(emitOutputConst(x, values))
		}
		add(e.emitEncode(x))
	}
}

// emitSpec declares the descriptor of a root:
//
//	var ReplySpec = unionflat.Schema{
//		Name:       "reply",
//		...
//	}
func emitSpec(r *model.Root) jen.Code {
	name := r.GoName()
	fields := descriptorFields(name, r.Name, r.Description, r.Profiles)
	return docComment(fmt.Sprintf("%s describes schema %s, whose type is %s: "+
		"the documents to pass as a response format, by profile.", naming.SpecVar(name), r.Name, name)).
		Var().Id(naming.SpecVar(name)).Op("=").Qual(naming.RuntimePath, "Schema").Add(inOrder(fields))
}

// emitOutputConst declares the output schema of a tool's result.
func emitOutputConst(x *model.Encoded, values map[string]jen.Code) jen.Code {
	name := naming.OutputConst(x.GoName())
	return jen.Const().Defs(append(comments(fmt.Sprintf("%s is the output schema of %s, an object as MCP requires: "+
		"it describes what encoding/json writes for every Go value of %s, null and omitted keys included. "+
		"The tool descriptors whose output is %s carry it.", name, x.GoName(), x.GoName(), x.GoName())),
		jen.Id(name).Op("=").Add(values[name]))...)
}

// emitRootDecode declares DecodeT for a struct root, with the leniency of
// its profiles:
//
//	func DecodeReply(data []byte) (Reply, error) {
//		return impl.DecodeLenient(data, impl.NullAsAbsent, ufDecodeReply)
//	}
func (e *emitter) emitRootDecode(r *model.Root) jen.Code {
	name := r.GoName()
	return docComment(fmt.Sprintf("Decode%s decodes %s, a model's reply or a payload, following %sSchema: "+
		"unions are dispatched on their discriminator, and every rule is checked. It repairs nothing: a tool's decoder does. "+
		"The error is a *unionflat.Errors naming every problem by JSON Pointer.", name, withArticle(name), name)).
		Add(leniencyComment(e.lenient[r])).
		Func().Id("Decode"+name).Params(e.id("data").Index().Byte()).Params(jen.Id(name), jen.Error()).Block(
		jen.Return(e.decodeRoot(r, jen.Id(naming.DecodeFunc(name)))),
	)
}

// unionLeniencyComment says what the profiles of a union that is a root let
// DecodeU accept.
func (e *emitter) unionLeniencyComment(u *model.Union) *jen.Statement {
	if r := e.rootOf(u); r != nil {
		return leniencyComment(e.lenient[r])
	}
	return jen.Null()
}

// rootOf is the root a union is, or nil.
func (e *emitter) rootOf(u *model.Union) *model.Root {
	for _, r := range e.pkg.Roots {
		if r.Union == u {
			return r
		}
	}
	return nil
}

// decodeRoot is the call that decodes a root, with its own leniency:
//
//	impl.DecodeLenient(data, impl.NullAsAbsent, ufDecodeReply)
func (e *emitter) decodeRoot(r *model.Root, decode jen.Code) jen.Code {
	flags := leniencyFlags(e.lenient[r])
	if flags == nil {
		return impl("Decode").Call(e.id("data"), decode)
	}
	return impl("DecodeLenient").Call(e.id("data"), flags, decode)
}

// decodeUnion is the call DecodeU makes: a union that is a root reads
// with the leniency of the root's profiles.
func (e *emitter) decodeUnion(u *model.Union) jen.Code {
	if r := e.rootOf(u); r != nil {
		return e.decodeRoot(r, jen.Id(naming.DecodeFunc(u.Name)))
	}
	return impl("Decode").Call(e.id("data"), jen.Id(naming.DecodeFunc(u.Name)))
}

// leniencyFlags spells a leniency as the runtime's flags, or nil:
//
//	impl.NullAsAbsent | impl.AbsentAsNull
func leniencyFlags(l leniency) *jen.Statement {
	var flags *jen.Statement
	add := func(on bool, name string) {
		switch {
		case !on:
		case flags == nil:
			flags = impl(name)
		default:
			flags = flags.Op("|").Add(impl(name))
		}
	}
	add(l.nullAsAbsent, "NullAsAbsent")
	add(l.absentAsNull, "AbsentAsNull")
	add(l.bigDigits, "DecimalIntegers")
	add(l.allDigits, "DecimalWords")
	add(l.jsonText, "JSONText")
	add(l.repair, "RepairMistakes")
	return flags
}

// profileLeniency is what a root's profiles let a model send.
func profileLeniency(ps []profile.Profile) leniency {
	var l leniency
	for _, p := range ps {
		l.nullAsAbsent = l.nullAsAbsent || p == profile.OpenAIStrict
		l.absentAsNull = l.absentAsNull || p == profile.Portable
	}
	return l
}

// markRootLeniency records the leniency of each root on it and on every
// struct it reaches, as newEmitter does for tools.
func (e *emitter) markRootLeniency() {
	for _, r := range e.pkg.Roots {
		l := profileLeniency(r.Profiles)
		l.bigDigits, l.allDigits = model.DigitStrings(r.Profiles, profile.Options{}, r.Structs())
		l.jsonText = model.WritesJSONText(r.Profiles, model.ProfileOptions(profile.BigIntsDefault), r.Structs())
		if l == (leniency{}) {
			continue
		}
		e.lenient[r] = l
		for _, st := range r.Structs() {
			e.markLenient(st, l)
		}
	}
}

// emitEncode declares EncodeT:
//
//	func EncodeReply(v Reply) ([]byte, error) { return impl.Encode(v, ufValidateReply) }
func (e *emitter) emitEncode(x *model.Encoded) jen.Code {
	name := x.GoName()
	validate := naming.ValidateFunc(name)
	if x.Struct != nil {
		validate = naming.ValidateFunc(naming.StructName(x.Struct))
	}
	promise := fmt.Sprintf("what it returns always validates under %sSchema, and Decode%s reads it back.", name, name)
	encode := "Encode"
	if x.Output {
		promise = fmt.Sprintf("what it returns always validates under %s", naming.OutputConst(name))
		if x.Union != nil || e.hasLossless(x) {
			promise += fmt.Sprintf(" and %sSchema", name)
		}
		promise += ". It is what a tool handler puts in structuredContent (and in a text block)."
		if x.Struct != nil && e.outputOnly(x.Struct) {
			promise += " A nil pointer, slice or map inside it is never refused: it is written as the null that schema describes, or as [] or {} where MarshalJSON writes a slice or map so."
			encode = "EncodeOutput"
		}
	}
	return docComment(fmt.Sprintf("Encode%s checks %s built in code, as Validate does, and marshals it "+
		"when it passes: %s "+
		"The error is a *unionflat.Errors naming every problem by JSON Pointer.", name, withArticle(name), promise)).
		Func().Id("Encode"+name).Params(e.id("v").Id(name)).Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Return(impl(encode).Call(e.id("v"), jen.Id(validate))),
	)
}

// outputOnly reports whether st is a tool's result and nothing else that
// has a schema of its own (a tool input, a root, a variant): its output
// schema, which describes every null encoding/json writes, is the only
// one its values answer to, so a nil inside one is no problem (see
// unionflat.EncodeOutput).
func (e *emitter) outputOnly(st *model.Struct) bool {
	for _, x := range e.pkg.Encoded {
		if x.Struct == st {
			return x.Output && st.Variant == nil && !e.hasLossless(x)
		}
	}
	return false
}

// hasLossless reports whether a struct output has a lossless schema
// constant: it is a tool input or a root too.
func (e *emitter) hasLossless(x *model.Encoded) bool {
	for _, t := range e.pkg.Tools {
		if t.Struct == x.Struct {
			return true
		}
	}
	for _, r := range e.pkg.Roots {
		if r.Struct == x.Struct {
			return true
		}
	}
	return false
}
