package emit

import (
	"encoding/json"

	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/model"
)

// setDefault sets an absent field to its default:
//
//	out.Width = 800
//	out.Tags = []string{"a", "b"}
//	dflt := int8(5)
//	out.Level = &dflt
func (e *emitter) setDefault(f *model.Field, out *jen.Statement) []jen.Code {
	t := f.Type
	if t.Kind == model.KindPointer {
		return []jen.Code{
			e.id("dflt").Op(":=").Add(defaultValue(t.Elem, f.Rules.Default)),
			out.Op("=").Op("&").Add(e.id("dflt")),
		}
	}
	if t.Kind == model.KindSlice {
		return []jen.Code{out.Op("=").Add(defaultValue(t, f.Rules.Default))}
	}
	return []jen.Code{out.Op("=").Add(model.DefaultLiteral(t, f.Rules.Default))}
}

// defaultValue is a default as a Go value of type t.
func defaultValue(t *model.Type, lit string) jen.Code {
	if t.Kind == model.KindSlice {
		var items []json.RawMessage
		_ = json.Unmarshal([]byte(lit), &items) // checked by defaultProblem
		var codes []jen.Code
		for _, it := range items {
			codes = append(codes, model.DefaultLiteral(t.Elem, string(it)))
		}
		return model.TypeCode(t).Values(codes...)
	}
	return model.TypeCode(t).Call(model.DefaultLiteral(t, lit))
}
