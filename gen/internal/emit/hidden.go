package emit

import (
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/naming"
)

// validateHidden reports a hidden field of a closed struct that
// encoding/json would write, as the decoder rejects it:
//
//	if x.Secret != "" {
//		d.EnterName("secret")
//		d.Unknown(ufKeysX)
//		d.Leave()
//	}
func (e *emitter) validateHidden(st *model.Struct) []jen.Code {
	if st.Open {
		return nil
	}
	var out []jen.Code
	for _, f := range st.Hidden {
		field := func() *jen.Statement { return e.dot("x", strings.Join(f.GoPath, ".")) }
		cond := model.Written(st, f, field)
		if f.Required || cond == nil {
			continue // a diagnostic already
		}
		out = append(out, jen.If(cond).Block(
			e.dot("d", "EnterName").Call(jen.Lit(f.JSONName)),
			e.dot("d", "Unknown").Call(jen.Id(naming.KeysVar(naming.StructName(st)))),
			e.dot("d", "Leave").Call(),
		))
	}
	return out
}
