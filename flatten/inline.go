package flatten

import (
	"fmt"
	"strings"
)

// maxInlineValues bounds the size of a schema that one $ref may be
// replaced by, so that a document whose definitions refer to each other
// many times over cannot make the output grow without bound.
const maxInlineValues = 1 << 20

// inliner replaces local $refs by the schemas they name, except where the
// target reaches itself through references: those refs, and the
// definitions they need, stay.
type inliner struct {
	root      *value
	recursive map[string]bool // pointers whose schema reaches itself
	memo      map[string]*value
	sizes     map[*value]int
	diags     []Diagnostic
}

// inlineRefs applies Options.InlineRefs to a flattened document.
func inlineRefs(root *value) (*value, []Diagnostic) {
	in := &inliner{root: root, memo: map[string]*value{}, sizes: map[*value]int{}}
	in.recursive = recursiveTargets(root)
	out := in.schema(root, "")
	return pruneDefinitions(out), in.diags
}

// recursiveTargets finds the ref targets that cannot be inlined: those
// from which following local $refs leads back to the target itself or to a
// schema that contains it.
func recursiveTargets(root *value) map[string]bool {
	edges := map[string][]string{} // target -> the targets its subtree refers to
	var queue []string
	refsUnder(root, &queue)
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if _, done := edges[p]; done {
			continue
		}
		var out []string
		if t := lookup(root, p); t != nil {
			refsUnder(t, &out)
		}
		edges[p] = out
		queue = append(queue, out...)
	}
	recursive := map[string]bool{}
	for start := range edges {
		visited := map[string]bool{}
		stack := append([]string(nil), edges[start]...)
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if within(start, q) {
				recursive[start] = true
				break
			}
			if !visited[q] {
				visited[q] = true
				stack = append(stack, edges[q]...)
			}
		}
	}
	return recursive
}

// refsUnder appends the target of every local $ref in v.
func refsUnder(v *value, into *[]string) {
	switch v.kind {
	case kindArray:
		for _, it := range v.items {
			refsUnder(it, into)
		}
	case kindObject:
		for _, m := range v.members {
			if m.key == "$ref" {
				if p, ok := localPointer(m.val); ok {
					*into = append(*into, p)
				}
			}
			refsUnder(m.val, into)
		}
	}
}

// within reports whether pointer p is t or lies inside it.
func within(p, t string) bool {
	return p == t || t == "" || strings.HasPrefix(p, t+"/")
}

func (in *inliner) schema(v *value, ptr string) *value {
	if !v.isObject() {
		return v
	}
	if ref := v.get("$ref"); ref != nil {
		if p, ok := localPointer(ref); ok && !in.recursive[p] && onlyAnnotationsBeside(v, "$ref") {
			if target := in.target(p); target != nil {
				return mergeAnnotations(target, v, "$ref")
			}
		}
	}
	return in.defs(v.mapMembers(func(m member) *value {
		if m.key == "$defs" || m.key == "definitions" {
			return m.val // inlined where used; what stays is pruned later
		}
		return in.keyword(m.key, m.val, ptr+"/"+escapeToken(m.key))
	}), ptr)
}

// defs inlines inside the definitions that stay (the recursive ones).
func (in *inliner) defs(v *value, ptr string) *value {
	out := v
	for _, key := range []string{"$defs", "definitions"} {
		d := v.get(key)
		if !d.isObject() {
			continue
		}
		nd := object()
		for _, m := range d.members {
			p := ptr + "/" + key + "/" + escapeToken(m.key)
			if in.recursive[p] {
				nd.members = append(nd.members, member{m.key, in.schema(m.val, p)})
			} else {
				nd.members = append(nd.members, m)
			}
		}
		out = out.with(key, nd)
	}
	return out
}

func (in *inliner) keyword(key string, v *value, ptr string) *value {
	switch keywordPositions[key] {
	case oneSchema:
		return in.schema(v, ptr)
	case schemaList, schemaOrList:
		if v.kind != kindArray {
			return in.schema(v, ptr)
		}
		out := &value{kind: kindArray, items: make([]*value, len(v.items))}
		for i, it := range v.items {
			out.items[i] = in.schema(it, fmt.Sprintf("%s/%d", ptr, i))
		}
		return out
	case schemaMap, dependencies:
		if !v.isObject() {
			return v
		}
		out := object()
		for _, m := range v.members {
			out.members = append(out.members, member{m.key, in.schema(m.val, ptr+"/"+escapeToken(m.key))})
		}
		return out
	}
	return v
}

// target is the inlined form of the schema at p, computed once.
func (in *inliner) target(p string) *value {
	if done, ok := in.memo[p]; ok {
		return done
	}
	t := lookup(in.root, p)
	if t == nil {
		return nil
	}
	in.memo[p] = nil // a cycle not seen by recursiveTargets keeps its ref
	out := in.schema(t, p)
	if size(out, in.sizes) > maxInlineValues {
		in.diags = append(in.diags, Diagnostic{Pointer: p, Message: "not inlined: the schema is too large to copy into every place that refers to it"})
		out = nil
	}
	in.memo[p] = out
	return out
}

func size(v *value, memo map[*value]int) int {
	if n, ok := memo[v]; ok {
		return n
	}
	n := 1
	for _, it := range v.items {
		n += size(it, memo)
	}
	for _, m := range v.members {
		n += size(m.val, memo)
	}
	memo[v] = n
	return n
}

// mergeAnnotations puts the annotations that stood beside a $ref (or a
// nullable wrapper's keyword kw) onto the schema that replaces it; the
// outer ones win, as they describe this use.
func mergeAnnotations(target, outer *value, kw string) *value {
	out := target
	for _, m := range outer.members {
		if m.key == kw || !annotationKeys[m.key] {
			continue
		}
		if out.kind == kindBool && out.boolean {
			out = object()
		}
		if !out.isObject() {
			return target
		}
		out = out.with(m.key, m.val)
	}
	return out
}

// pruneDefinitions drops the root definitions that nothing refers to any
// more, and the keyword itself when it ends up empty.
func pruneDefinitions(root *value) *value {
	if !root.isObject() {
		return root
	}
	used := map[string]bool{}
	var mark func(v *value)
	mark = func(v *value) {
		switch v.kind {
		case kindArray:
			for _, it := range v.items {
				mark(it)
			}
		case kindObject:
			for _, m := range v.members {
				if m.key == "$ref" {
					if p, ok := localPointer(m.val); ok && !used[p] {
						used[p] = true
						if t := lookup(root, p); t != nil {
							mark(t)
						}
					}
				}
				mark(m.val)
			}
		}
	}
	for _, m := range root.members {
		if m.key != "$defs" && m.key != "definitions" {
			mark(m.val)
		}
	}
	out := root
	for _, key := range []string{"$defs", "definitions"} {
		d := root.get(key)
		if !d.isObject() {
			continue
		}
		kept := object()
		for _, m := range d.members {
			p := "/" + key + "/" + escapeToken(m.key)
			if used[p] || usedInside(used, p) {
				kept.members = append(kept.members, m)
			}
		}
		if len(kept.members) == 0 {
			out = out.with(key, nil)
		} else {
			out = out.with(key, kept)
		}
	}
	return out
}

func usedInside(used map[string]bool, p string) bool {
	for u := range used {
		if strings.HasPrefix(u, p+"/") {
			return true
		}
	}
	return false
}

// mergeNullable applies Options.NullableTypes: a wrapper anyOf (or oneOf)
// [X, {type: null}] becomes X with null added to its type (and to its enum
// or const), at any depth. Where X is a $ref to a root definition (one kept
// because its type is recursive), the wrapper becomes a $ref to a nullable
// copy of that definition, added beside it as <Name>OrNull. A wrapper
// around anything else without a type to extend stays, with a diagnostic.
func mergeNullable(root *value, diags *[]Diagnostic) *value {
	n := &nullMerger{root: root, copies: map[string]string{}, diags: diags}
	out := n.schema(root, "")
	return n.addCopies(out)
}

type nullMerger struct {
	root   *value
	copies map[string]string // definition pointer -> the name of its nullable copy
	order  []string
	diags  *[]Diagnostic
}

func (n *nullMerger) schema(v *value, ptr string) *value {
	if !v.isObject() {
		return v
	}
	var members []member
	for i, m := range v.members {
		nv := v.members[i].val
		switch keywordPositions[m.key] {
		case oneSchema:
			nv = n.schema(m.val, ptr+"/"+escapeToken(m.key))
		case schemaList, schemaOrList:
			if m.val.kind == kindArray {
				items := make([]*value, len(m.val.items))
				for j, it := range m.val.items {
					items[j] = n.schema(it, fmt.Sprintf("%s/%s/%d", ptr, escapeToken(m.key), j))
				}
				nv = &value{kind: kindArray, items: items}
			} else {
				nv = n.schema(m.val, ptr+"/"+escapeToken(m.key))
			}
		case schemaMap, dependencies:
			if m.val.isObject() {
				mm := object()
				for _, e := range m.val.members {
					mm.members = append(mm.members, member{e.key, n.schema(e.val, ptr+"/"+escapeToken(m.key)+"/"+escapeToken(e.key))})
				}
				nv = mm
			}
		}
		if members == nil {
			members = make([]member, len(v.members))
			copy(members, v.members)
		}
		members[i] = member{m.key, nv}
	}
	out := v
	if members != nil {
		out = &value{kind: kindObject, members: members}
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		list := out.get(kw)
		if list == nil || list.kind != kindArray || len(list.items) != 2 || !onlyAnnotationsBeside(out, kw) {
			continue
		}
		inner := list.items[0]
		if isNullSchema(inner) {
			inner = list.items[1]
		} else if !isNullSchema(list.items[1]) {
			continue
		}
		if merged, ok := withNull(inner); ok {
			return mergeAnnotations(merged, out, kw)
		}
		if ref, ok := n.nullableRef(inner); ok {
			return mergeAnnotations(ref, out, kw)
		}
		*n.diags = append(*n.diags, Diagnostic{Pointer: ptr, Message: "nullable wrapper kept: its schema has no type to add null to"})
		return out
	}
	return out
}

// nullableRef turns {"$ref": "#/$defs/X"} into a ref to X's nullable copy,
// when X is a root definition with a type null can join.
func (n *nullMerger) nullableRef(s *value) (*value, bool) {
	if !s.isObject() || len(s.members) != 1 {
		return nil, false
	}
	ptr, ok := localPointer(s.get("$ref"))
	if !ok {
		return nil, false
	}
	keyword, name, ok := strings.Cut(strings.TrimPrefix(ptr, "/"), "/")
	if !ok || (keyword != "$defs" && keyword != "definitions") || strings.Contains(name, "/") {
		return nil, false
	}
	if _, ok := withNull(lookup(n.root, ptr)); !ok {
		return nil, false
	}
	copyName, done := n.copies[ptr]
	if !done {
		defs := n.root.get(keyword)
		copyName = name + "OrNull"
		for i := 2; defs.get(copyName) != nil || n.taken(copyName); i++ {
			copyName = fmt.Sprintf("%sOrNull%d", name, i)
		}
		n.copies[ptr] = copyName
		n.order = append(n.order, ptr)
	}
	return object(member{"$ref", str("#/" + keyword + "/" + escapeToken(copyName))}), true
}

func (n *nullMerger) taken(name string) bool {
	for _, c := range n.copies {
		if c == name {
			return true
		}
	}
	return false
}

// addCopies adds the nullable copies beside the definitions they copy,
// made from the definitions as this pass rewrote them.
func (n *nullMerger) addCopies(out *value) *value {
	for _, ptr := range n.order {
		keyword, _, _ := strings.Cut(strings.TrimPrefix(ptr, "/"), "/")
		target, _ := withNull(lookup(out, ptr))
		defs := out.get(keyword)
		out = out.with(keyword, defs.with(unescapeToken(n.copies[ptr]), target))
	}
	return out
}

func unescapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// withNull adds null to what a schema accepts, through its type, enum and
// const.
func withNull(s *value) (*value, bool) {
	if s.kind == kindBool {
		return s, s.boolean
	}
	if !s.isObject() || s.get("$ref") != nil {
		return nil, false
	}
	t := s.get("type")
	if t == nil {
		if s.get("enum") == nil && s.get("const") == nil && len(s.members) > 0 && !onlyAnnotations(s) {
			return nil, false
		}
	}
	out := s
	switch {
	case t == nil:
	case t.kind == kindString:
		if t.text != "null" {
			out = out.with("type", strs([]string{t.text, "null"}))
		}
	case t.kind == kindArray:
		has := false
		for _, it := range t.items {
			if n, _ := it.stringValue(); n == "null" {
				has = true
			}
		}
		if !has {
			out = out.with("type", &value{kind: kindArray, items: append(append([]*value(nil), t.items...), str("null"))})
		}
	default:
		return nil, false
	}
	if e := s.get("enum"); e != nil && e.kind == kindArray {
		out = out.with("enum", &value{kind: kindArray, items: append(append([]*value(nil), e.items...), jsonNull)})
	}
	if c := s.get("const"); c != nil {
		out = out.with("const", nil).with("enum", &value{kind: kindArray, items: []*value{c, jsonNull}})
	}
	return out, true
}

func onlyAnnotations(s *value) bool {
	for _, m := range s.members {
		if !annotationKeys[m.key] {
			return false
		}
	}
	return true
}
