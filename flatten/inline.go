package flatten

import (
	"fmt"
	"net/url"
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
	resources []string // embedded resources: see resources
}

// inlineRefs applies Options.InlineRefs to a flattened document.
func inlineRefs(root *value) (*value, []Diagnostic) {
	in := &inliner{root: root, memo: map[string]*value{}, sizes: map[*value]int{}, resources: resources(root)}
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
	eachSchemaValue(v, func(s *value) bool {
		if p, ok := localPointer(s.get("$ref")); ok {
			*into = append(*into, p)
		}
		return true
	})
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
		if p, ok := localPointer(ref); ok && !in.recursive[p] && onlyAnnotationsBeside(v, "$ref") &&
			inResource(in.resources, ptr) == "" && inResource(in.resources, p) == "" {
			if target := in.target(p); target != nil {
				return mergeAnnotations(target, v, "$ref")
			}
		}
	}
	return in.defs(mapSubschemas(v, ptr, func(s *value, at sub) *value {
		if at.defs {
			return s // inlined where used; what stays is pruned later
		}
		return in.schema(s, at.ptr)
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
	if key := declaredIdentifier(t); key != "" {
		in.diags = append(in.diags, Diagnostic{Pointer: p, Message: "not inlined: it declares " + key + ", which a copy would declare twice"})
		return nil
	}
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
// more, and the keyword itself when it ends up empty. A definition is used
// when a $ref outside the root definitions, or inside a used one, names it
// or a schema within it; the root's own $ref counts, and a definition that
// declares an identifier is always used (a $ref may name it by anchor). Marking follows the
// whole of each definition it keeps, so pruning once prunes everything
// (and pruning again changes nothing).
func pruneDefinitions(root *value) *value {
	if !root.isObject() {
		return root
	}
	used := map[string]bool{}
	var mark func(v *value)
	mark = func(v *value) {
		eachSchemaValue(v, func(s *value) bool {
			p, ok := localPointer(s.get("$ref"))
			if !ok {
				return true
			}
			if def := rootDefinition(p); def != "" && !used[def] {
				used[def] = true
				if t := lookup(root, def); t != nil {
					mark(t)
				}
			}
			return true
		})
	}
	mark(root.with("$defs", nil).with("definitions", nil))
	// A definition that declares an identifier may be named by it
	// ("#anchor", a $dynamicRef, an absolute URI): it stays.
	for _, key := range []string{"$defs", "definitions"} {
		if d := root.get(key); d.isObject() {
			for _, m := range d.members {
				p := "/" + key + "/" + escapeToken(m.key)
				if !used[p] && declaredIdentifier(m.val) != "" {
					used[p] = true
					mark(m.val)
				}
			}
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
			if used["/"+key+"/"+escapeToken(m.key)] {
				kept.members = append(kept.members, m)
			}
		}
		switch {
		case len(kept.members) == len(d.members):
		case len(kept.members) == 0:
			out = out.with(key, nil)
		default:
			out = out.with(key, kept)
		}
	}
	return out
}

// rootDefinition returns the pointer of the root definition that pointer p
// names or lies in ("/$defs/X"), or "" when p is elsewhere.
func rootDefinition(p string) string {
	for _, key := range []string{"/$defs/", "/definitions/"} {
		if rest, ok := strings.CutPrefix(p, key); ok {
			name, _, _ := strings.Cut(rest, "/")
			return key + name
		}
	}
	return ""
}

// mergeNullable applies Options.NullableTypes: a wrapper anyOf (or oneOf)
// [X, {type: null}] becomes X with null added to its type (and to its enum
// or const), at any depth. Where X is a $ref to a root definition (one kept
// because its type is recursive), the wrapper becomes a $ref to a nullable
// copy of that definition, added beside it as <Name>OrNull. A wrapper
// around anything else without a type to extend stays, with a diagnostic.
func mergeNullable(root *value, diags *[]Diagnostic) *value {
	n := &nullMerger{root: root, copies: map[string]string{}, made: map[string]bool{}, diags: diags}
	out := n.schema(root, "")
	return n.addCopies(out)
}

type nullMerger struct {
	root   *value
	copies map[string]string // definition pointer -> the name of its nullable copy
	made   map[string]bool   // the pointers of those copies
	order  []string
	diags  *[]Diagnostic
}

func (n *nullMerger) schema(v *value, ptr string) *value {
	if !v.isObject() {
		return v
	}
	out := mapSubschemas(v, ptr, func(s *value, at sub) *value {
		return n.schema(s, at.ptr)
	})
	kw, inner := nullWrapped(out)
	if inner == nil {
		return out
	}
	if kw == "oneOf" && !n.rejectsNull(inner) {
		// oneOf [X, null] rejects null when X accepts it: X with null
		// would be wider.
		*n.diags = append(*n.diags, Diagnostic{Pointer: ptr, Message: "nullable wrapper kept: a oneOf whose other member may accept null too"})
		return out
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

// rejectsNull reports whether schema s provably rejects null: a type, enum
// or const without it, at s or at the end of its $refs.
func (n *nullMerger) rejectsNull(s *value) bool {
	for range 32 {
		if !s.isObject() {
			return s != nil && s.kind == kindBool && !s.boolean
		}
		if t := s.get("type"); t != nil {
			k, ok := typeKinds(t)
			return ok && k&kNull == 0
		}
		if c := s.get("const"); c != nil {
			return c.kind != kindNull
		}
		if e := s.get("enum"); e != nil && e.kind == kindArray {
			for _, it := range e.items {
				if it.kind == kindNull {
					return false
				}
			}
			return true
		}
		p, ok := localPointer(s.get("$ref"))
		if !ok || n.made[p] {
			return false
		}
		s = lookup(n.root, p)
	}
	return false
}

// nullWrapped takes a nullable wrapper, anyOf (or oneOf) [X, {"type":
// "null"}] with only annotations beside it, apart: its keyword and X. X is
// nil when s is no such wrapper.
func nullWrapped(s *value) (string, *value) {
	for _, kw := range []string{"anyOf", "oneOf"} {
		list := s.get(kw)
		if list == nil || list.kind != kindArray || len(list.items) != 2 || !onlyAnnotationsBeside(s, kw) {
			continue
		}
		switch a, b := list.items[0], list.items[1]; {
		case isNullSchema(b):
			return kw, a
		case isNullSchema(a):
			return kw, b
		}
	}
	return "", nil
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
	keyword, token, ok := strings.Cut(strings.TrimPrefix(ptr, "/"), "/")
	if !ok || (keyword != "$defs" && keyword != "definitions") || strings.Contains(token, "/") {
		return nil, false
	}
	if n.made[ptr] {
		return s, true // a copy made here is nullable already
	}
	target := lookup(n.root, ptr)
	if target == nil || declaredIdentifier(target) != "" {
		return nil, false // a $ref to nothing, or to what a copy would declare twice
	}
	nullable, ok := withNull(target)
	if !ok {
		return nil, false
	}
	if nullable == target {
		return s, true // it accepts null already
	}
	copyName, done := n.copies[ptr]
	if !done {
		defs := n.root.get(keyword)
		name := unescapeToken(token)
		copyName = name + "OrNull"
		for i := 2; defs.get(copyName) != nil || n.taken(copyName); i++ {
			copyName = fmt.Sprintf("%sOrNull%d", name, i)
		}
		n.copies[ptr] = copyName
		n.order = append(n.order, ptr)
		n.made["/"+keyword+"/"+escapeToken(copyName)] = true
	}
	return object(member{"$ref", str(refTo("/" + keyword + "/" + escapeToken(copyName)))}), true
}

// refTo writes JSON Pointer p as a local $ref: "#" and p, with every
// character a URI fragment cannot hold percent-encoded.
func refTo(p string) string {
	if p == "" {
		return "#"
	}
	toks := strings.Split(p[1:], "/")
	for i, t := range toks {
		toks[i] = url.PathEscape(t)
	}
	return "#/" + strings.Join(toks, "/")
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
		target, ok := withNull(lookup(out, ptr))
		if !ok { // this pass rewrote the definition into one null cannot join
			target = object(member{"anyOf", &value{kind: kindArray, items: []*value{
				object(member{"$ref", str(refTo(ptr))}), object(member{"type", str("null")})}}})
		}
		defs := out.get(keyword)
		out = out.with(keyword, defs.with(n.copies[ptr], target))
	}
	return out
}

func unescapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// withNull adds null to what a schema accepts, through its type, enum and
// const.
func withNull(s *value) (*value, bool) {
	if s == nil {
		return nil, false
	}
	if s.kind == kindBool {
		return s, s.boolean
	}
	if !s.isObject() {
		return nil, false
	}
	for _, kw := range nullJudges {
		if s.get(kw) != nil {
			return nil, false // it would still judge null, and may reject it
		}
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

// nullJudges are the keywords besides type, enum and const that apply to
// a null instance: a schema holding one cannot be made nullable by its
// type alone.
var nullJudges = []string{"$ref", "$dynamicRef", "allOf", "anyOf", "oneOf", "not", "if", "then", "else"}

func onlyAnnotations(s *value) bool {
	for _, m := range s.members {
		if !annotationKeys[m.key] {
			return false
		}
	}
	return true
}
