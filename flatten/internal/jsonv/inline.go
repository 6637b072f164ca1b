package jsonv

import (
	"strconv"
	"strings"
)

// maxInlineValues bounds the size of a schema that one $ref may be
// replaced by, and how much all the copies may grow the document, so that
// a document whose definitions refer to each other many times over cannot
// make the output grow without bound.
const maxInlineValues = 1 << 20

// inliner replaces local $refs by the schemas they name, except where the
// target reaches itself through references: those refs, and the
// definitions they need, stay.
type inliner struct {
	root      *Value
	keep      func(ptr string) bool // refs to leave as they are, nil for none
	recursive map[string]bool       // pointers whose schema reaches itself
	memo      map[string]*Value
	sizes     map[*Value]int
	copies    CopyBudget      // what the copies have added so far
	refused   map[string]bool // targets room has refused a copy of
	diags     []Diagnostic
	resources []string // embedded resources: see resources
}

// InlineRefs applies Options.InlineRefs to a flattened document.
func InlineRefs(root *Value) (*Value, []Diagnostic) {
	return InlineRefsBut(root, nil)
}

// InlineRefsBut is InlineRefs, leaving the $refs to the pointers keep
// says true of as they are (nil keeps none).
func InlineRefsBut(root *Value, keep func(ptr string) bool) (*Value, []Diagnostic) {
	in := &inliner{root: root, keep: keep, memo: map[string]*Value{}, sizes: map[*Value]int{}, refused: map[string]bool{}, resources: Resources(root)}
	in.recursive = RecursiveTargets(root)
	out := in.schema(root, "")
	return PruneDefinitions(out), in.diags
}

// RecursiveTargets finds the ref targets that cannot be inlined: those
// from which following local $refs leads back to the target itself or to a
// schema that contains it.
func RecursiveTargets(root *Value) map[string]bool {
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
		if t := Lookup(root, p); t != nil {
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
			if Within(start, q) {
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
func refsUnder(v *Value, into *[]string) {
	EachSchemaValue(v, func(s *Value) bool {
		if p, ok := LocalPointer(s.Get("$ref")); ok {
			*into = append(*into, p)
		}
		return true
	})
}

// Within reports whether pointer p is t or lies inside it.
func Within(p, t string) bool {
	return p == t || t == "" || strings.HasPrefix(p, t+"/")
}

func (in *inliner) schema(v *Value, ptr string) *Value {
	if !v.IsObject() {
		return v
	}
	if ref := v.Get("$ref"); ref != nil {
		if p, ok := LocalPointer(ref); ok && !in.recursive[p] && (in.keep == nil || !in.keep(p)) && OnlyAnnotationsBeside(v, "$ref") &&
			InResource(in.resources, ptr) == "" && InResource(in.resources, p) == "" {
			if target := in.target(p); target != nil && in.room(p, target) {
				return MergeAnnotations(target, v, "$ref")
			}
		}
	}
	return in.defs(MapSubschemas(v, ptr, func(s *Value, at Sub) *Value {
		if at.Defs {
			return s // inlined where used; what stays is pruned later
		}
		return in.schema(s, at.Ptr)
	}), ptr)
}

// defs inlines inside the definitions that stay (the recursive ones).
func (in *inliner) defs(v *Value, ptr string) *Value {
	out := v
	for _, key := range []string{"$defs", "definitions"} {
		d := v.Get(key)
		if !d.IsObject() {
			continue
		}
		nd := Object()
		for _, m := range d.Members {
			p := ptr + "/" + key + "/" + EscapeToken(m.Key)
			if in.recursive[p] {
				nd.Members = append(nd.Members, Member{m.Key, in.schema(m.Val, p)})
			} else {
				nd.Members = append(nd.Members, m)
			}
		}
		out = out.With(key, nd)
	}
	return out
}

// room reports whether one more copy of target, the inlined schema at p,
// fits the inliner's CopyBudget, and counts it. The first place past the
// limit says so, once for each target; the $ref stays there.
func (in *inliner) room(p string, target *Value) bool {
	if in.copies.Take(target) {
		return true
	}
	if !in.refused[p] {
		in.refused[p] = true
		in.diags = append(in.diags, Diagnostic{Pointer: p, Message: "not inlined everywhere: its copies would grow the document by more than " + strconv.Itoa(maxInlineValues) + " values"})
	}
	return false
}

// target is the inlined form of the schema at p, computed once.
func (in *inliner) target(p string) *Value {
	if done, ok := in.memo[p]; ok {
		return done
	}
	t := Lookup(in.root, p)
	if t == nil {
		return nil
	}
	if !t.IsObject() && t.Kind != KindBool {
		// Not a schema (an array of them, say): a copy would put that
		// value where a schema stands, and the refs inside it would be
		// copied again by the next inlining.
		in.memo[p] = nil
		in.diags = append(in.diags, Diagnostic{Pointer: p, Message: "not inlined: it is not a schema"})
		return nil
	}
	in.memo[p] = nil // a cycle not seen by recursiveTargets keeps its ref
	if key := DeclaredIdentifier(t); key != "" {
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

// A CopyBudget bounds how many values the copies of schemas may add to a
// document (maxInlineValues), counted as written out: a schema copied
// twice counts twice, so definitions that each use the next twice cannot
// double the document at every level. The zero value is ready to use.
type CopyBudget struct {
	used  int
	sizes map[*Value]int
}

// Take reports whether one more copy of v fits, and counts it when it
// does.
func (b *CopyBudget) Take(v *Value) bool {
	if b.sizes == nil {
		b.sizes = map[*Value]int{}
	}
	n := size(v, b.sizes)
	if b.used+n > maxInlineValues {
		return false
	}
	b.used += n
	return true
}

func size(v *Value, memo map[*Value]int) int {
	if n, ok := memo[v]; ok {
		return n
	}
	n := 1
	for _, it := range v.Items {
		n += size(it, memo)
	}
	for _, m := range v.Members {
		n += size(m.Val, memo)
	}
	memo[v] = n
	return n
}

// FormsLead opens the sentence a flattened untagged union's description
// ends with, naming each form by the keys it requires: the properties'
// "Required in form 2" hints refer to it.
const FormsLead = "Send one of these forms: "

// MergeAnnotations puts the annotations that stood beside a $ref (or a
// nullable wrapper's keyword kw) onto the schema that replaces it; the
// outer ones win, as they describe this use. A description keeps the
// target's forms sentence (see FormsLead) after the outer one, since the
// hints below it name those forms.
func MergeAnnotations(target, outer *Value, kw string) *Value {
	out := target
	for _, m := range outer.Members {
		if m.Key == kw || !IsAnnotation(m.Key) {
			continue
		}
		if out.Kind == KindBool && out.Boolean {
			out = Object()
		}
		if !out.IsObject() {
			return target
		}
		val := m.Val
		if m.Key == "description" {
			inner, _ := out.Get("description").StringValue()
			outerText, ok := val.StringValue()
			if i := strings.Index(inner, FormsLead); ok && i >= 0 && !strings.Contains(outerText, FormsLead) {
				val = Str(AppendSentence(outerText, inner[i:]))
			}
		}
		out = out.With(m.Key, val)
	}
	return out
}

// PruneDefinitions drops the root definitions that nothing refers to any
// more, and the keyword itself when it ends up empty. A definition is used
// when a $ref outside the root definitions, or inside a used one, names it
// or a schema within it, or names the keyword that holds them all; the
// root's own $ref counts, a definition that declares an identifier is
// always used (a $ref may name it by anchor), and a reference that is not
// a plain pointer uses what it may name (see NamedTargets) as a $ref
// does: from outside the definitions, or inside a used one. Marking
// follows the whole of each definition it keeps, so pruning once prunes
// everything (and pruning again changes nothing).
func PruneDefinitions(root *Value) *Value {
	if !root.IsObject() {
		return root
	}
	used := map[string]bool{}
	// named holds, by the pointer of the definition they stand in ("" for
	// those outside the definitions), what the references that are not
	// plain pointers may name (see NamedTargets): they count where the
	// schema they stand in is used, as a plain $ref does.
	named := map[string][]string{}
	for site, targets := range NamedTargets(root) {
		def := rootDefinition(site)
		named[def] = append(named[def], targets...)
	}
	var mark func(v *Value)
	var usePointer func(p string)
	// use marks the definition at pointer def, of schema t, and what it uses.
	use := func(def string, t *Value) {
		if !used[def] {
			used[def] = true
			mark(t)
			for _, p := range named[def] {
				usePointer(p)
			}
		}
	}
	// usePointer marks the definition a reference to the pointer p uses.
	usePointer = func(p string) {
		if p == "/$defs" || p == "/definitions" { // all of them, as one schema
			if defs := root.Get(p[1:]); defs.IsObject() {
				for _, m := range defs.Members {
					use(p+"/"+EscapeToken(m.Key), m.Val)
				}
			}
			return
		}
		if def := rootDefinition(p); def != "" {
			if t := Lookup(root, def); t != nil {
				use(def, t)
			} else {
				used[def] = true
			}
		}
	}
	mark = func(v *Value) {
		EachSchemaValue(v, func(s *Value) bool {
			if p, ok := LocalPointer(s.Get("$ref")); ok {
				usePointer(p)
			}
			return true
		})
	}
	mark(root.With("$defs", nil).With("definitions", nil))
	for _, p := range named[""] {
		usePointer(p)
	}
	// A definition that declares an identifier may be named by it
	// ("#anchor", a $dynamicRef, an absolute URI): it stays.
	for _, key := range []string{"$defs", "definitions"} {
		if d := root.Get(key); d.IsObject() {
			for _, m := range d.Members {
				if p := "/" + key + "/" + EscapeToken(m.Key); !used[p] && DeclaredIdentifier(m.Val) != "" {
					use(p, m.Val)
				}
			}
		}
	}
	out := root
	for _, key := range []string{"$defs", "definitions"} {
		d := root.Get(key)
		if !d.IsObject() {
			continue
		}
		kept := Object()
		for _, m := range d.Members {
			if used["/"+key+"/"+EscapeToken(m.Key)] {
				kept.Members = append(kept.Members, m)
			}
		}
		switch {
		case len(kept.Members) == len(d.Members):
		case len(kept.Members) == 0:
			out = out.With(key, nil)
		default:
			out = out.With(key, kept)
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
			// As Lookup reads it, and as the entry's own pointer writes
			// it: "t~x" (no escape) is the entry "t~x", "t~0x".
			return key + EscapeToken(UnescapeToken(name))
		}
	}
	return ""
}

// Diagnostic is a note on one schema that a step left as it was, with
// its JSON Pointer; package flatten hands these on as its own Diagnostic.
type Diagnostic struct {
	Pointer string
	Message string
}
