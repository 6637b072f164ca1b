package jsonv

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// HoistRefTargets gives every schema that a local $ref names, other than
// the root and an entry of the root's $defs, an entry of its own in $defs
// (a copy, named after the last token of its pointer; see FreeName), and points every
// $ref that named it at the copy. A projection that rewrites or drops
// what stands elsewhere (an unknown keyword such as OpenAPI's components,
// a oneOf that becomes an anyOf, the $defs of a schema below the root)
// then leaves no $ref pointing at nothing. The document means what it
// meant: each $ref names a copy of what it named, whose own $refs name
// copies of what they named. Every target gets its copy at once, so a
// copy holds copies of the targets inside it: the document grows with
// the square of how deeply targets nest.
//
// It leaves the document as it is when it holds an embedded resource (a
// $id below the root, against which the $refs inside it resolve; see
// [RefsAsPointers]), and where the copies would add more than
// maxInlineValues values. A target that declares an identifier is not
// copied (the copy would declare it twice), nor is $defs itself.
func HoistRefTargets(root *Value) *Value {
	if !root.IsObject() || (root.Get("$defs") != nil && !root.Get("$defs").IsObject()) || Resources(root) != nil {
		return root
	}
	targets := hoistable(root)
	if len(targets) == 0 {
		return root
	}
	entries := Object()
	if defs := root.Get("$defs"); defs != nil {
		entries.Members = slices.Clone(defs.Members)
	}
	moved := map[string]string{} // old pointer -> new
	for _, p := range targets {
		name := FreeName(UnescapeToken(p[strings.LastIndex(p, "/")+1:]), func(n string) bool { return entries.Get(n) != nil })
		entries.Members = append(entries.Members, KV(name, Lookup(root, p)))
		moved[p] = "/$defs/" + EscapeToken(name)
	}
	memo := map[*Value]int{}
	limit := size(root, memo) + maxInlineValues
	out := RepointRefs(root.With("$defs", entries), func(p string) (string, bool) {
		to, ok := moved[p]
		return to, ok
	})
	if size(out, memo) > limit {
		return root
	}
	return out
}

// hoistable lists, sorted, the schemas a local $ref of root names that
// HoistRefTargets copies into $defs.
func hoistable(root *Value) []string {
	seen := map[string]bool{}
	EachSchemaValue(root, func(s *Value) bool {
		p, ok := LocalPointer(s.Get("$ref"))
		// $defs itself holds every entry: a copy would hold them again.
		if ok && p != "" && p != "/$defs" && !IsRootDefsEntry(p) && !seen[p] {
			t := Lookup(root, p)
			if t.IsObject() && DeclaredIdentifier(t) == "" || t != nil && t.Kind == KindBool {
				seen[p] = true
			}
		}
		return true
	})
	return slices.Sorted(maps.Keys(seen))
}

// IsRootDefsEntry reports whether p is the pointer of an entry of the
// root's $defs ("/$defs/" is the entry named "").
func IsRootDefsEntry(p string) bool {
	name, ok := strings.CutPrefix(p, "/$defs/")
	return ok && !strings.Contains(name, "/")
}

// FreeName is base, or when taken says it is, base numbered from 2 on
// (base2, base3, ...): the first name taken does not.
func FreeName(base string, taken func(string) bool) string {
	name := base
	for i := 2; taken(name); i++ {
		name = base + strconv.Itoa(i)
	}
	return name
}

// RepointRefs rewrites every local $ref of the schema v, at any depth,
// whose pointer to says another of, to a $ref to that one.
func RepointRefs(v *Value, to func(p string) (string, bool)) *Value {
	if !v.IsObject() {
		return v
	}
	if p, ok := LocalPointer(v.Get("$ref")); ok {
		if q, ok := to(p); ok {
			v = v.With("$ref", Str(RefTo(q)))
		}
	}
	return MapSubschemas(v, "", func(s *Value, _ Sub) *Value { return RepointRefs(s, to) })
}
