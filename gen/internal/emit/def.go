package emit

import (
	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/naming"
)

// A Def (type Tree []*Tree) gets a decoder and a validator of its own,
// which its occurrences inside itself call, as a struct's do: written
// inline, they would never end.

// emitDefDecoder reads a Def:
//
//	func ufDecodeTree(d *impl.Decoder, v impl.Value, out *Tree) {
//		if arr0, ok := d.Array(v); ok {
//			s0 := make(Tree, d.Len(arr0))
//			for i0, item0 := range d.Items(arr0) {
//				p1 := new(Tree)
//				ufDecodeTree(d, item0, p1)
//				s0[i0] = p1
//			}
//			*out = s0
//		}
//	}
func (e *emitter) emitDefDecoder(def *model.Def) jen.Code {
	out := func() *jen.Statement { return jen.Op("*").Add(e.id("out")) }
	if def.Type.Kind == model.KindArray { // indexed: (*out)[i0]
		out = func() *jen.Statement { return jen.Parens(jen.Op("*").Add(e.id("out"))) }
	}
	return jen.Func().Id(naming.DecodeFunc(naming.DefName(def))).Params(e.dParam(), e.id("v").Add(impl("Value")), e.id("out").Op("*").Qual(def.Pkg, def.Name)).Block(
		e.decodeValue(def.Type, ruleSet{}, out, e.id("v"), 0)...,
	)
}

// emitDefValidator checks a Def's value built in code, nil aside (its
// caller knows whether nil is written there):
//
//	func ufValidateTree(d *impl.Decoder, x Tree) {
//		for i0 := range d.Indexes(len(x)) {
//			if x[i0] == nil { ... } else if (*x[i0]) == nil { ... } else { ufValidateTree(d, (*x[i0])) }
//		}
//	}
func (e *emitter) emitDefValidator(def *model.Def) jen.Code {
	return jen.Func().Id(naming.ValidateFunc(naming.DefName(def))).Params(e.dParam(), e.id("x").Qual(def.Pkg, def.Name)).Block(
		e.validateContents(def.Type, ruleSet{}, func() *jen.Statement { return e.id("x") }, 0)...,
	)
}
