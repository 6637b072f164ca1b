package load

import (
	"fmt"
	"strings"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// A struct that requires a value of its own type, through required
// fields with no way out (type T struct{ Next *T `json:"next"` }), has
// no finite instance: every value the schema accepts holds another, and
// no Go value passes Validate. Such a field is a diagnostic, as other
// rules that leave no value able to pass are.

// finiteness is what checkFinite has found: the structs and Defs that
// have a finite value.
type finiteness struct {
	structs map[*model.Struct]bool
	defs    map[*model.Def]bool
}

// checkFinite reports each required field of a struct of the package
// that no finite value can fill.
func (b *builder) checkFinite() {
	fin := finiteness{structs: map[*model.Struct]bool{}, defs: map[*model.Def]bool{}}
	// The least fixpoint: nothing is finite until shown to be.
	for changed := true; changed; {
		changed = false
		for _, st := range b.out.Structs {
			if !fin.structs[st] && fin.endlessField(st) == nil {
				fin.structs[st], changed = true, true
			}
		}
		for _, def := range b.out.Defs {
			if !fin.defs[def] && fin.finite(def.Type, false, 0) {
				fin.defs[def], changed = true, true
			}
		}
	}
	for _, st := range b.out.Structs {
		if !st.Local {
			continue
		}
		// An inline union is always required: its variants' fields,
		// reported in turn, are where a value can stop.
		for _, f := range st.Fields {
			if fin.endless(f) {
				b.errorf(f.Pos, "field %s: no finite value can pass: %s, and a value of %s always holds another like it, without end: make it optional (omitempty), nullable, or a slice with no minItems, so that a value can stop",
					strings.Join(f.GoPath, "."), endlessWhat(f), model.TypeString(heldType(f)))
			}
		}
	}
}

// endlessField is the first field of st that no finite value fills, as
// far as fin knows, or nil.
func (fin finiteness) endlessField(st *model.Struct) *model.Field {
	for _, f := range st.Reached() {
		if fin.endless(f) {
			return f
		}
	}
	return nil
}

// endless reports whether f is required and no finite value fills it,
// as far as fin knows.
func (fin finiteness) endless(f *model.Field) bool {
	return f.Required && !f.Hidden && !fin.finite(f.Type, f.Nullable, minItems(f))
}

// minItems is the number of items f's rules ask for at least.
func minItems(f *model.Field) uint64 {
	if f.Rules.MinItems != nil {
		return *f.Rules.MinItems
	}
	return 0
}

// endlessWhat says what f requires: "next is required", "chains is
// required, with at least 1 item".
func endlessWhat(f *model.Field) string {
	if n := minItems(f); n > 0 && model.ContainerElem(f.Type) != nil {
		return fmt.Sprintf("%s is required, with at least %d item(s)", f.JSONName, n)
	}
	return f.JSONName + " is required"
}

// heldType is the type whose values never end in f: its items' for a
// slice, array or map, else its own.
func heldType(f *model.Field) *model.Type {
	if elem := model.ContainerElem(f.Type); elem != nil && model.DerefType(f.Type).Kind != model.KindRef && model.DerefType(f.Type).Named == nil {
		return elem
	}
	return f.Type
}

// finite reports whether some finite value of t passes, as far as fin
// knows: null where nullable, an empty slice or map (unless it must hold
// atLeast items), a struct or Def shown finite, a union with a finite
// variant.
func (fin finiteness) finite(t *model.Type, nullable bool, atLeast uint64) bool {
	if nullable {
		return true
	}
	switch t.Kind {
	case model.KindStruct:
		return fin.structs[t.Struct]
	case model.KindUnion:
		for _, v := range t.Union.Variants {
			if v.Struct == nil && fin.finite(v.Other, false, 0) || v.Struct != nil && fin.structs[v.Struct] {
				return true // an untagged union's other variant ("a", 1) ends it too
			}
		}
		return false
	case model.KindRef:
		return fin.defs[t.Def]
	case model.KindPointer:
		return fin.finite(t.Elem, false, atLeast)
	case model.KindNullable: // null ends it
		return true
	case model.KindSlice, model.KindMap:
		return atLeast == 0 || fin.finite(t.Elem, false, 0)
	case model.KindArray:
		return t.Len == 0 || fin.finite(t.Elem, false, 0)
	}
	return true
}
