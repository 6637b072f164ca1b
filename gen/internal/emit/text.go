package emit

import (
	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/model"
)

// validateText checks a text value as decoding its written form would:
//
//	if t0, err := x.Addr.MarshalText(); err != nil {
//		d.TextError(err)
//	} else {
//		d.TextError(new(netip.Addr).UnmarshalText(t0))
//		d.Pattern(string(t0), ufPattern0)
//	}
//
// A named string without MarshalText is checked on string(x).
func (e *emitter) validateText(v value) []jen.Code {
	t, r, x, depth := v.t, v.rs.rules, v.x, v.depth
	text := jen.Id(e.names.Indexed("t", depth))
	checks := e.checks(&model.Type{Kind: model.KindString}, r, jen.String().Call(text))
	if !t.MarshalText {
		checks = e.checks(&model.Type{Kind: model.KindString}, r, jen.String().Call(x()))
		return append([]jen.Code{e.dot("d", "TextError").Call(jen.New(model.TypeCode(t)).Dot("UnmarshalText").Call(jen.Index().Byte().Call(x())))}, checks...)
	}
	unmarshal := e.dot("d", "TextError").Call(jen.New(model.TypeCode(t)).Dot("UnmarshalText").Call(text))
	return []jen.Code{jen.If(jen.List(text, e.id("err")).Op(":=").Add(x()).Dot("MarshalText").Call(), e.id("err").Op("!=").Nil()).Block(
		e.dot("d", "TextError").Call(e.id("err")),
	).Else().Block(append([]jen.Code{unmarshal}, checks...)...)}
}
