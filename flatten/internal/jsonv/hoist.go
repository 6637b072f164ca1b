package jsonv

import (
	"slices"
	"strconv"
	"strings"
)

// maxHoistRounds bounds HoistRefTargets: each round takes the $refs one
// level of nesting nearer to the $defs entries, so a document needs as
// many rounds as its targets nest.
const maxHoistRounds = 64

// HoistRefTargets gives every schema that a local $ref names, other than
// the root and an entry of the root's $defs, an entry of its own in $defs
// (a copy, named after the last token of its pointer), and points every
// $ref that named it, or a schema within it, at the copy. A projection
// that rewrites or drops what stands elsewhere (an unknown keyword such
// as OpenAPI's components, a oneOf that becomes an anyOf, the $defs of a
// schema below the root) then leaves no $ref pointing at nothing. The
// document means what it meant: each $ref names a copy of what it named,
// whose own $refs name what they named. A schema that declares an
// identifier is not copied (the copy would declare it twice; see
// [RefsAsPointers]), nor is $defs itself; and where the copies would add
// more than maxInlineValues values the document is left as it was.
func HoistRefTargets(root *Value) *Value {
	if !root.IsObject() || (root.Get("$defs") != nil && !root.Get("$defs").IsObject()) {
		return root
	}
	in, memo := root, map[*Value]int{}
	limit := size(root, memo) + maxInlineValues
	for range maxHoistRounds {
		targets := hoistable(root)
		if len(targets) == 0 {
			break
		}
		defs := root.Get("$defs")
		entries := Object()
		if defs != nil {
			entries.Members = slices.Clone(defs.Members)
		}
		moved := map[string]string{} // old pointer -> new
		for _, p := range targets {
			name := hoistName(entries, p)
			entries.Members = append(entries.Members, KV(name, Lookup(root, p)))
			moved[p] = "/$defs/" + EscapeToken(name)
		}
		root = pointRefs(root.With("$defs", entries), targets, moved)
		if size(root, memo) > limit {
			return in // copies of copies: left as it was
		}
	}
	return root
}

// hoistable lists, sorted, the outermost of the schemas a local $ref of
// root names that HoistRefTargets copies into $defs.
func hoistable(root *Value) []string {
	seen := map[string]bool{}
	EachSchemaValue(root, func(s *Value) bool {
		p, ok := LocalPointer(s.Get("$ref"))
		// $defs itself holds every entry: a copy would hold them again.
		if ok && p != "" && p != "/$defs" && !isRootDefsEntry(p) && !seen[p] {
			if t := Lookup(root, p); t.IsObject() && DeclaredIdentifier(t) == "" {
				seen[p] = true
			}
		}
		return true
	})
	var out []string
	for p := range seen {
		outermost := true
		for q := range seen {
			if q != p && Within(p, q) {
				outermost = false
			}
		}
		if outermost {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// isRootDefsEntry reports whether p is the pointer of an entry of the
// root's $defs.
func isRootDefsEntry(p string) bool {
	name, ok := strings.CutPrefix(p, "/$defs/")
	return ok && name != "" && !strings.Contains(name, "/")
}

// hoistName is a name for the copy of the schema at p that no entry of
// defs has: p's last token, numbered when taken.
func hoistName(defs *Value, p string) string {
	base := UnescapeToken(p[strings.LastIndex(p, "/")+1:])
	name := base
	for i := 2; defs.Get(name) != nil; i++ {
		name = base + strconv.Itoa(i)
	}
	return name
}

// pointRefs rewrites every local $ref of v into one of targets, or within
// one, to the same place under moved[target].
func pointRefs(v *Value, targets []string, moved map[string]string) *Value {
	if !v.IsObject() {
		return v
	}
	if p, ok := LocalPointer(v.Get("$ref")); ok {
		for _, t := range targets {
			if p != "" && Within(p, t) {
				v = v.With("$ref", Str(RefTo(moved[t]+p[len(t):])))
				break
			}
		}
	}
	return MapSubschemas(v, "", func(s *Value, _ Sub) *Value { return pointRefs(s, targets, moved) })
}
