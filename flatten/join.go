package flatten

import "strings"

// branch is one variant's schema for a property that several variants
// declare.
type branch struct {
	variant *variant
	schema  *value
}

// annotationKeys are the keywords that describe a schema without
// constraining it. Two branches that differ only in these are the same.
var annotationKeys = map[string]bool{
	"title":       true,
	"description": true,
	"examples":    true,
	"default":     true,
	"$comment":    true,
	"deprecated":  true,
	"readOnly":    true,
	"writeOnly":   true,
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
func (f *flattener) join(bs []branch, nVariants int) *value {
	cores := make([]*value, len(bs))
	nulls := make([]bool, len(bs))
	nullable, same := false, true
	for i, b := range bs {
		cores[i], nulls[i] = nullableCore(b.schema)
		nullable = nullable || nulls[i]
		same = same && nulls[i] == nulls[0] && sameSchema(cores[i], cores[0])
	}
	if same {
		return keepAnnotations(bs, nVariants)
	}
	if vals, ok := allStringLiterals(cores); ok {
		enum := strs(vals)
		var typ *value = str("string")
		if nullable {
			enum.items = append(enum.items, jsonNull)
			typ = strs([]string{"string", "null"})
		}
		return object(member{"type", typ}, member{"enum", enum})
	}
	var set kinds
	for _, c := range cores {
		if c == nil {
			continue
		}
		k, ok := f.kindsOf(c, 0)
		if !ok {
			return object() // no provable kind: untyped
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
	out := object()
	switch len(names) {
	case 0:
		return out
	case 1:
		out.members = append(out.members, member{"type", str(names[0])})
	default:
		out.members = append(out.members, member{"type", strs(names)})
	}
	if single&(single-1) == 0 { // one non-null kind
		out.members = append(out.members, shared(single, cores)...)
	}
	return out
}

// shared returns the constraints that every branch states alike, for the
// one kind they all have.
func shared(k kinds, cores []*value) []member {
	if k == kInteger {
		k = kNumber
	}
	var out []member
	for _, key := range sharedConstraints[k] {
		var first *value
		all := true
		for _, c := range cores {
			if c == nil {
				continue
			}
			v := c.get(key)
			if v == nil || (first != nil && !equal(v, first)) {
				all = false
				break
			}
			first = v
		}
		if all && first != nil {
			out = append(out, member{key, first})
		}
	}
	return out
}

// nullableCore takes a nullable spelling apart: the schema without its
// null, and whether null was allowed. A schema that is only null has a nil
// core.
func nullableCore(s *value) (*value, bool) {
	if !s.isObject() {
		return s, false
	}
	if t := s.get("type"); t != nil && t.kind == kindArray {
		rest, null := splitNull(t)
		switch {
		case !null:
			return s, false
		case len(rest) == 1:
			return s.with("type", str(rest[0])), true
		case len(rest) == 0:
			return nil, true
		}
		return s.with("type", strs(rest)), true
	}
	if isNullSchema(s) {
		return nil, true
	}
	if _, inner := nullWrapped(s); inner != nil {
		return inner, true
	}
	return s, false
}

// splitNull reads a type array as its non-null type names and whether
// "null" is among them.
func splitNull(t *value) (names []string, null bool) {
	for _, it := range t.items {
		name, _ := it.stringValue()
		if name == "null" {
			null = true
		} else {
			names = append(names, name)
		}
	}
	return names, null
}

// allStringLiterals reports the union of the values when every non-null
// branch is a string const or an enum of strings.
func allStringLiterals(cores []*value) ([]string, bool) {
	var out []string
	seen := map[string]bool{}
	n := 0
	for _, c := range cores {
		if c == nil {
			continue
		}
		vals, _ := stringLiterals(c)
		if vals == nil || !c.isObject() {
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
func keepAnnotations(bs []branch, nVariants int) *value {
	s := bs[0].schema
	if !s.isObject() {
		return s
	}
	out := object()
	for _, m := range s.members {
		if annotationKeys[m.key] && m.key != "description" {
			keep := m.key != "default" || len(bs) == nVariants
			for _, b := range bs[1:] {
				keep = keep && equal(b.schema.get(m.key), m.val)
			}
			if !keep {
				continue
			}
		}
		out.members = append(out.members, m)
	}
	return out
}

// sameSchema is equality of two schemas with annotations ignored in every
// schema position.
func sameSchema(a, b *value) bool {
	if a == nil || b == nil {
		return a == b
	}
	if !a.isObject() || !b.isObject() {
		return equal(a, b)
	}
	am, bm := withoutAnnotations(a.members), withoutAnnotations(b.members)
	if len(am) != len(bm) {
		return false
	}
	for _, m := range am {
		other := b.get(m.key)
		if other == nil || !sameKeyword(m.key, m.val, other) {
			return false
		}
	}
	return true
}

func withoutAnnotations(ms []member) []member {
	keep := make([]member, 0, len(ms))
	for _, m := range ms {
		if !annotationKeys[m.key] {
			keep = append(keep, m)
		}
	}
	return keep
}

func sameKeyword(key string, a, b *value) bool {
	pos := keywordPositions[key]
	if pos == schemaOrList && a.kind != kindArray {
		pos = oneSchema
	}
	switch pos {
	case oneSchema:
		return sameSchema(a, b)
	case schemaList, schemaOrList:
		if a.kind != kindArray || b.kind != kindArray || len(a.items) != len(b.items) {
			return equal(a, b)
		}
		for i := range a.items {
			if !sameSchema(a.items[i], b.items[i]) {
				return false
			}
		}
		return true
	case schemaMap, dependencies:
		if !a.isObject() || !b.isObject() || len(a.members) != len(b.members) {
			return equal(a, b)
		}
		for _, m := range a.members {
			other := b.get(m.key)
			if other == nil || !sameSchema(m.val, other) {
				return false
			}
		}
		return true
	}
	return equal(a, b)
}

// kindsOf proves which JSON kinds a schema can accept. ok is false when it
// cannot tell (the schema may accept anything).
func (f *flattener) kindsOf(s *value, depth int) (kinds, bool) {
	if depth > 32 {
		return 0, false
	}
	switch {
	case s == nil:
		return 0, false
	case s.kind == kindBool:
		return 0, !s.boolean // false accepts nothing; true anything
	case !s.isObject():
		return 0, false
	}
	if t := s.get("type"); t != nil {
		return typeKinds(t)
	}
	if c := s.get("const"); c != nil {
		return kindOfValue(c), true
	}
	if e := s.get("enum"); e != nil && e.kind == kindArray {
		var k kinds
		for _, it := range e.items {
			k |= kindOfValue(it)
		}
		return k, true
	}
	if ref := s.get("$ref"); ref != nil {
		target := f.resolve(ref)
		if target == nil {
			return 0, false
		}
		return f.kindsOf(target, depth+1)
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		list := s.get(kw)
		if list == nil || list.kind != kindArray {
			continue
		}
		var k kinds
		for _, it := range list.items {
			ik, ok := f.kindsOf(it, depth+1)
			if !ok {
				return 0, false
			}
			k |= ik
		}
		return k, true
	}
	if list := s.get("allOf"); list != nil && list.kind == kindArray {
		k, known := ^kinds(0), false
		for _, it := range list.items {
			if ik, ok := f.kindsOf(it, depth+1); ok {
				k &= ik
				known = true
			}
		}
		return k, known
	}
	return 0, false
}

func typeKinds(t *value) (kinds, bool) {
	names := t.items
	if t.kind == kindString {
		names = []*value{t}
	}
	if t.kind != kindArray && t.kind != kindString {
		return 0, false
	}
	var k kinds
	for _, n := range names {
		name, _ := n.stringValue()
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

func kindOfValue(v *value) kinds {
	switch v.kind {
	case kindNull:
		return kNull
	case kindBool:
		return kBoolean
	case kindString:
		return kString
	case kindArray:
		return kArray
	case kindObject:
		return kObject
	}
	if strings.ContainsAny(v.text, ".eE") {
		return kNumber
	}
	return kInteger
}
