package load

import (
	"go/types"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// The decoder and Validate check uniqueItems on the decoded Go values
// (runtime.UniqueItems compares them with ==): JSON equality up to what
// the Go type makes one value ("1m" and "60s" are one time.Duration, two
// decimals one float32, an optional field left out and one given its
// zero value one struct). Items that == cannot compare, or compares by
// address, are a diagnostic: a slice or map does not compile, a union
// holding a slice panics, and pointers are never equal.

// uniqueItemsProblem says why a field's uniqueItems cannot be checked on
// its items, or "". t is the field's model type and gt its Go type.
func (b *builder) uniqueItemsProblem(r model.Rules, gt types.Type) string {
	if !r.UniqueItems {
		return ""
	}
	if inner, ok := nullableArg(gt); ok {
		gt = inner
	}
	for {
		p, ok := gt.Underlying().(*types.Pointer)
		if !ok {
			break
		}
		gt = p.Elem()
	}
	var elem types.Type
	switch u := gt.Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	default:
		return ""
	}
	if types.Comparable(elem) && !holdsReference(elem) {
		return ""
	}
	return "uniqueItems on items of type " + types.TypeString(elem, types.RelativeTo(b.p.Types)) +
		", which == cannot compare by value (slices, maps, pointers and unions): remove uniqueItems and check the items in the handler"
}

// holdsReference reports whether == on t compares a pointer or an
// interface somewhere in its JSON: by address, or panicking on an
// incomparable dynamic value. Unexported fields are the type's own
// business (netip.Addr and time.Time hold pointers, and == on them is
// their value; runtime.UniqueItems compares times as they are written,
// since == tells two locations of one offset apart).
func holdsReference(t types.Type) bool {
	if inner, ok := nullableArg(t); ok {
		return holdsReference(inner) // its value is its JSON
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return true
	case *types.Array:
		return holdsReference(u.Elem())
	case *types.Struct:
		for i := range u.NumFields() {
			if f := u.Field(i); f.Exported() && holdsReference(f.Type()) {
				return true
			}
		}
	}
	return false
}
