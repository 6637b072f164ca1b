package gen

import (
	"strings"

	"github.com/dave/jennifer/jen"
)

// A field tagged jsonschema:"-" is left out of the schema, as invopop
// does, but encoding/json still writes it, and the decoder of a closed
// struct rejects it as an unknown property. One that json.Marshal always
// writes (no omitempty, or a struct, which omitempty never drops) would
// make every written value undecodable: that is a diagnostic. One that
// omitempty drops when empty is reported by Validate when set.

// hiddenAlwaysWritten reports the hidden fields of a closed struct that
// encoding/json writes whatever they hold.
func (b *builder) hiddenAlwaysWritten(st *Struct) {
	if st.Open {
		return
	}
	for _, f := range st.Hidden {
		if f.Required || written(st, f, jen.Null) == nil {
			b.errorf(f.Pos, "field %s: jsonschema:\"-\" leaves it out of the schema, but encoding/json writes it whatever it holds, and the decoder rejects %q as an unknown property: tag it json:\"-\" to keep it out of JSON, or add omitempty (a struct behind a pointer)", strings.Join(f.GoPath, "."), f.JSONName)
		}
	}
}

// validateHidden reports a hidden field of a closed struct that
// encoding/json would write, as the decoder rejects it:
//
//	if x.Secret != "" {
//		d.EnterName("secret")
//		d.Unknown(ufKeysX)
//		d.Leave()
//	}
func (e *emitter) validateHidden(st *Struct) []jen.Code {
	if st.Open {
		return nil
	}
	var out []jen.Code
	for _, f := range st.Hidden {
		field := func() *jen.Statement { return e.dot("x", strings.Join(f.GoPath, ".")) }
		cond := written(st, f, field)
		if f.Required || cond == nil {
			continue // a diagnostic already
		}
		out = append(out, jen.If(cond).Block(
			e.dot("d", "EnterName").Call(jen.Lit(f.JSONName)),
			e.dot("d", "Unknown").Call(jen.Id(keysVar(structName(st)))),
			e.dot("d", "Leave").Call(),
		))
	}
	return out
}
