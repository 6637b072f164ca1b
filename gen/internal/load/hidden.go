package load

import (
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/model"
)

// A field tagged jsonschema:"-" is left out of the schema, as invopop
// does, but encoding/json still writes it, and the decoder of a closed
// struct rejects it as an unknown property. One that json.Marshal always
// writes (no omitempty, or a struct, which omitempty never drops) would
// make every written value undecodable: that is a diagnostic. One that
// omitempty drops when empty is reported by Validate when set.

// hiddenAlwaysWritten reports the hidden fields of a closed struct that
// encoding/json writes whatever they hold.
func (b *builder) hiddenAlwaysWritten(st *model.Struct) {
	if st.Open {
		return
	}
	for _, f := range st.Hidden {
		if f.Required || model.Written(st, f, jen.Null) == nil {
			b.errorf(f.Pos, "field %s: jsonschema:\"-\" leaves it out of the schema, but encoding/json writes it whatever it holds, and the decoder rejects %q as an unknown property: tag it json:\"-\" to keep it out of JSON, or add omitempty (a struct behind a pointer)", strings.Join(f.GoPath, "."), f.JSONName)
		}
	}
}
