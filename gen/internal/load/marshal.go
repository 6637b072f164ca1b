package load

import (
	"strings"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// durationProblem says why a type holds a duration where a generated
// MarshalJSON cannot write it, or nil. Structs write their own.
func durationProblem(t *model.Type) *problem {
	if model.ShadowsDuration(t) {
		return nil
	}
	if t.Kind == model.KindPointer || t.Kind == model.KindSlice || t.Kind == model.KindArray || t.Kind == model.KindMap {
		if model.HoldsDuration(t.Elem) {
			return problemf("a time.Duration is supported alone, behind a pointer, in a slice or in a map, not in %s: give the inner values a named struct type", model.TypeString(t))
		}
	}
	return nil
}

// foreignDurations reports the durations of a struct from another
// package: encoding/json writes them as integers, and a MarshalJSON can
// only be declared in the struct's own package.
func (b *builder) foreignDurations(st *model.Struct) {
	for _, f := range st.Fields {
		if model.HoldsDuration(f.Type) {
			b.errorf(f.Pos, "field %s of %s holds a time.Duration, which encoding/json writes as an integer: unionflat writes MarshalJSON only for types of the package it generates for, not %s: declare the type in this package",
				strings.Join(f.GoPath, "."), st.Name, st.Pkg)
		}
	}
}
