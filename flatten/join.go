package flatten

import (
	"strings"

	"github.com/unionflat/unionflat/flatten/internal/jsonv"
)

// branch is one variant's schema for a property that several variants
// declare.
type branch struct {
	variant *variant
	schema  *jsonv.Value
}

// kinds is a set of JSON Schema type names.
type kinds uint8

const (
	kString kinds = 1 << iota
	kNumber
	kInteger
	kBoolean
	kObject
	kArray
	kNull
)

// typeNames is the fixed order in which a joined type array lists kinds.
var typeNames = []struct {
	name string
	bit  kinds
}{
	{"string", kString},
	{"number", kNumber},
	{"integer", kInteger},
	{"boolean", kBoolean},
	{"object", kObject},
	{"array", kArray},
	{"null", kNull},
}

// sharedConstraints lists, per kind, the assertions a joined schema keeps
// when every branch has the same one.
var sharedConstraints = map[kinds][]string{
	kString: {"minLength", "maxLength", "pattern", "format", "contentEncoding", "contentMediaType"},
	kNumber: {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"},
}

// join is the collision rule: one schema that accepts what every branch
// accepts.
//
//   - Branches identical after stripping annotations keep the schema.
//   - Branches that are all string const or enum widen to one string enum.
//   - Otherwise the JSON kinds of the branches decide: one kind keeps its
//     type (integer with number is number) and the constraints every branch
//     shares; objects and arrays that differ in shape become a loose object
//     or array; several kinds become a type array in the order of
//     typeNames. A branch whose kind cannot be proved leaves the result
//     untyped.
//
// Nullable spellings (type [T, "null"], anyOf [T, {type: null}]) are taken
// apart first, and null is added back to the result.
func (f *flattener) join(bs []branch, nVariants int) *jsonv.Value {
	var coreRoom [8]*jsonv.Value // most properties have few branches: no allocation
	var nullRoom [8]bool
	cores, nulls := coreRoom[:], nullRoom[:]
	if len(bs) > len(coreRoom) {
		cores, nulls = make([]*jsonv.Value, len(bs)), make([]bool, len(bs))
	}
	cores, nulls = cores[:len(bs)], nulls[:len(bs)]
	nullable, same := false, true
	for i, b := range bs {
		cores[i], nulls[i] = jsonv.NullableCore(b.schema)
		nullable = nullable || nulls[i]
		same = same && nulls[i] == nulls[0] && sameSchema(cores[i], cores[0])
	}
	if same {
		return keepAnnotations(f.slab, bs, nVariants)
	}
	if vals, ok := allStringLiterals(cores); ok {
		enum := f.slab.Strs(vals)
		typ := strString
		if nullable {
			enum.Items = append(enum.Items, jsonv.Null)
			typ = f.slab.Strs([]string{"string", "null"})
		}
		return f.slab.Object(jsonv.KV("type", typ), jsonv.KV("enum", enum))
	}
	var set kinds
	for _, c := range cores {
		if c == nil {
			continue
		}
		k, ok := f.kindsOf(c, 0)
		if !ok {
			return f.slab.Object() // no provable kind: untyped
		}
		set |= k
	}
	if set&kNumber != 0 {
		set &^= kInteger
	}
	single := set
	if nullable {
		set |= kNull
	}
	var names []string
	for _, t := range typeNames {
		if set&t.bit != 0 {
			names = append(names, t.name)
		}
	}
	var room [8]jsonv.Member // the type and the constraints shared: no allocation
	ms := room[:0]
	switch len(names) {
	case 0:
	case 1:
		ms = append(ms, jsonv.KV("type", f.slab.Str(names[0])))
	default:
		ms = append(ms, jsonv.KV("type", f.slab.Strs(names)))
	}
	if len(names) > 0 && single&(single-1) == 0 { // one non-null kind
		ms = append(ms, shared(single, cores)...)
	}
	return f.slab.Object(ms...)
}

// shared returns the constraints that every branch states alike, for the
// one kind they all have.
func shared(k kinds, cores []*jsonv.Value) []jsonv.Member {
	if k == kInteger {
		k = kNumber
	}
	var out []jsonv.Member
	for _, key := range sharedConstraints[k] {
		var first *jsonv.Value
		all := true
		for _, c := range cores {
			if c == nil {
				continue
			}
			v := c.Get(key)
			if v == nil || (first != nil && !jsonv.Equal(v, first)) {
				all = false
				break
			}
			first = v
		}
		if all && first != nil {
			out = append(out, jsonv.KV(key, first))
		}
	}
	return out
}

// allStringLiterals reports the union of the values when every non-null
// branch is a string const or an enum of strings.
func allStringLiterals(cores []*jsonv.Value) ([]string, bool) {
	var out []string
	seen := map[string]bool{}
	n := 0
	for _, c := range cores {
		if c == nil {
			continue
		}
		vals, _ := stringLiterals(c)
		if vals == nil || !c.IsObject() {
			return nil, false
		}
		n++
		for _, v := range vals {
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	return out, n > 0
}

// keepAnnotations returns the first branch's schema for branches that are
// all the same, keeping an annotation only where every branch has it
// alike; a default only where, in addition, every variant declares the
// property. The description is the caller's.
func keepAnnotations(sl *jsonv.Slab, bs []branch, nVariants int) *jsonv.Value {
	s := bs[0].schema
	if !s.IsObject() {
		return s
	}
	var room [16]jsonv.Member // most schemas have fewer members: no allocation
	kept := room[:0]
	for _, m := range s.Members {
		if jsonv.IsAnnotation(m.Key) && m.Key != "description" {
			keep := m.Key != "default" || len(bs) == nVariants
			for _, b := range bs[1:] {
				keep = keep && jsonv.Equal(b.schema.Get(m.Key), m.Val)
			}
			if !keep {
				continue
			}
		}
		kept = append(kept, m)
	}
	if len(kept) == len(s.Members) {
		return s // every annotation kept: the schema itself
	}
	return sl.Object(kept...)
}

// sameSchema is equality of two schemas with annotations ignored in every
// schema position.
func sameSchema(a, b *jsonv.Value) bool {
	if a == nil || b == nil {
		return a == b
	}
	if !a.IsObject() || !b.IsObject() {
		return jsonv.Equal(a, b)
	}
	if constraints(a.Members) != constraints(b.Members) {
		return false
	}
	for _, m := range a.Members {
		if jsonv.IsAnnotation(m.Key) {
			continue
		}
		other := b.Get(m.Key)
		if other == nil || !sameKeyword(m.Key, m.Val, other) {
			return false
		}
	}
	return true
}

// constraints counts the members that are not annotations.
func constraints(ms []jsonv.Member) int {
	n := 0
	for _, m := range ms {
		if !jsonv.IsAnnotation(m.Key) {
			n++
		}
	}
	return n
}

func sameKeyword(key string, a, b *jsonv.Value) bool {
	pos := jsonv.KeywordPosition(key)
	if pos == jsonv.SchemaOrList && a.Kind != jsonv.KindArray {
		pos = jsonv.OneSchema
	}
	switch pos {
	case jsonv.OneSchema:
		return sameSchema(a, b)
	case jsonv.SchemaList, jsonv.SchemaOrList:
		if a.Kind != jsonv.KindArray || b.Kind != jsonv.KindArray || len(a.Items) != len(b.Items) {
			return jsonv.Equal(a, b)
		}
		for i := range a.Items {
			if !sameSchema(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	case jsonv.SchemaMap, jsonv.Dependencies:
		if !a.IsObject() || !b.IsObject() || len(a.Members) != len(b.Members) {
			return jsonv.Equal(a, b)
		}
		for _, m := range a.Members {
			other := b.Get(m.Key)
			if other == nil || !sameSchema(m.Val, other) {
				return false
			}
		}
		return true
	}
	return jsonv.Equal(a, b)
}

// kindsOf proves which JSON kinds a schema can accept. ok is false when it
// cannot tell (the schema may accept anything).
func (f *flattener) kindsOf(s *jsonv.Value, depth int) (kinds, bool) {
	if depth > 32 {
		return 0, false
	}
	switch {
	case s == nil:
		return 0, false
	case s.Kind == jsonv.KindBool:
		return 0, !s.Boolean // false accepts nothing; true anything
	case !s.IsObject():
		return 0, false
	}
	if t := s.Get("type"); t != nil {
		return typeKinds(t)
	}
	if c := s.Get("const"); c != nil {
		return kindOfValue(c), true
	}
	if e := s.Get("enum"); e != nil && e.Kind == jsonv.KindArray {
		var k kinds
		for _, it := range e.Items {
			k |= kindOfValue(it)
		}
		return k, true
	}
	if ref := s.Get("$ref"); ref != nil {
		target := f.resolve(ref)
		if target == nil {
			return 0, false
		}
		return f.kindsOf(target, depth+1)
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		list := s.Get(kw)
		if list == nil || list.Kind != jsonv.KindArray {
			continue
		}
		var k kinds
		for _, it := range list.Items {
			ik, ok := f.kindsOf(it, depth+1)
			if !ok {
				return 0, false
			}
			k |= ik
		}
		return k, true
	}
	if list := s.Get("allOf"); list != nil && list.Kind == jsonv.KindArray {
		k, known := ^kinds(0), false
		for _, it := range list.Items {
			if ik, ok := f.kindsOf(it, depth+1); ok {
				k &= ik
				known = true
			}
		}
		return k, known
	}
	return 0, false
}

func typeKinds(t *jsonv.Value) (kinds, bool) {
	names := t.Items
	if t.Kind == jsonv.KindString {
		names = []*jsonv.Value{t}
	}
	if t.Kind != jsonv.KindArray && t.Kind != jsonv.KindString {
		return 0, false
	}
	var k kinds
	for _, n := range names {
		name, _ := n.StringValue()
		bit := kinds(0)
		for _, tn := range typeNames {
			if tn.name == name {
				bit = tn.bit
			}
		}
		if bit == 0 {
			return 0, false
		}
		k |= bit
	}
	return k, true
}

func kindOfValue(v *jsonv.Value) kinds {
	switch v.Kind {
	case jsonv.KindNull:
		return kNull
	case jsonv.KindBool:
		return kBoolean
	case jsonv.KindString:
		return kString
	case jsonv.KindArray:
		return kArray
	case jsonv.KindObject:
		return kObject
	}
	if strings.ContainsAny(v.Text, ".eE") {
		return kNumber
	}
	return kInteger
}
