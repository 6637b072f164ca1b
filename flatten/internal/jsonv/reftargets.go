package jsonv

import (
	"net/url"
	"slices"
	"strings"
)

// NamedTargets maps the pointer of every schema that holds a reference a
// plain "#/..." pointer from the root does not say to the pointers of the
// schemas of the document it may name: a $ref by an anchor, by the $id
// of the root or of an embedded resource (absolute, or relative to a
// base), or by a pointer inside an embedded resource (which resolves
// against that resource); every $dynamicRef and $recursiveRef. It is
// what a walk that follows only plain pointers needs to know so as not
// to miss a place a reference reaches, and it errs on the side of
// naming too much, never too little:
//
//   - a reference to a URI the document has, by a pointer or an anchor
//     it declares, names that schema;
//   - a reference to a URI the document does not have may still be the
//     document itself, which a validator may have loaded under any URI:
//     it names what the fragment names from the root and from every
//     embedded resource (the resource itself without a fragment, every
//     schema declaring the anchor with one);
//   - a $dynamicRef names, besides what it names as a $ref, every schema
//     with a $dynamicAnchor of its fragment, which the dynamic scope may
//     pick; a $recursiveRef names the root and every schema with
//     $recursiveAnchor.
//
// A reference that does not parse as a URI names nothing (the document
// does not compile). The lists are sorted and hold no pointer twice.
func NamedTargets(root *Value) map[string][]string {
	if !root.IsObject() || !mayNameOtherwise(root) {
		return nil
	}
	r, _ := resolverOf(root)
	ix := r.identifiersOf(root)
	out := map[string][]string{}
	var walk func(s *Value, ptr string, parent *url.URL)
	walk = func(s *Value, ptr string, parent *url.URL) {
		if !s.IsObject() {
			return
		}
		base := r.base(parent, s)
		// Draft 7 and older ignore an id beside a $ref; a validator may
		// not, so the $ref is read against both bases.
		bases := []*url.URL{base}
		if own := r.baseOf(parent, s, true); own.String() != base.String() {
			bases = append(bases, own)
		}
		var targets []string
		for _, key := range []string{"$ref", "$dynamicRef", "$recursiveRef"} {
			ref, ok := s.Get(key).StringValue()
			if !ok {
				continue
			}
			if _, plain := LocalPointer(s.Get(key)); key == "$ref" && plain && len(bases) == 1 && base.String() == r.rootBase {
				continue // what a walk of plain pointers follows
			}
			for _, b := range bases {
				targets = append(targets, r.named(b, ref, ix)...)
			}
			switch key {
			case "$dynamicRef":
				if u, err := url.Parse(ref); err == nil && u.Fragment != "" && u.Fragment[0] != '/' {
					targets = append(targets, ix.dynamic[u.Fragment]...)
				}
			case "$recursiveRef":
				targets = append(targets, "")
				targets = append(targets, ix.recursive...)
			}
		}
		if len(targets) > 0 {
			slices.Sort(targets)
			out[ptr] = slices.Compact(targets)
		}
		EachSubschema(s, ptr, func(c *Value, at Sub) { walk(c, at.Ptr, base) })
	}
	walk(root, "", mustParse(documentBase))
	return out
}

// mayNameOtherwise reports whether some reference of the document root
// may name its target otherwise than as a plain pointer from the root: a
// $ref that is not one, a $dynamicRef or $recursiveRef, or any reference
// at all where a schema below the root declares an id ($id, or draft
// 4's id), against which its pointers may resolve. Most documents have
// none, and one walk of them spares NamedTargets' three.
func mayNameOtherwise(root *Value) bool {
	found := false
	EachSchemaValue(root, func(s *Value) bool {
		if _, plain := LocalPointer(s.Get("$ref")); s.Get("$ref") != nil && !plain ||
			s.Get("$dynamicRef") != nil || s.Get("$recursiveRef") != nil ||
			s != root && (s.Get("$id") != nil || s.Get("id") != nil) {
			found = true
		}
		return !found
	})
	return found
}

// named is what the reference ref, resolved against base, may name (see
// NamedTargets).
func (r *refResolver) named(base *url.URL, ref string, ix identifierIndex) []string {
	u, err := url.Parse(ref)
	if err != nil {
		return nil
	}
	abs := base.ResolveReference(u)
	frag := abs.Fragment // decoded
	abs.Fragment, abs.RawFragment = "", ""
	doc := abs.String()
	roots := ix.resources // a URI the document does not have, or has twice
	if at, ok := r.places[doc]; ok && !r.twice[doc] {
		roots = []string{at}
		if frag != "" && frag[0] != '/' {
			if p, ok := r.places[doc+"#"+frag]; ok && !r.twice[doc+"#"+frag] {
				return []string{p}
			}
		}
	}
	switch {
	case frag == "":
		return roots
	case frag[0] == '/':
		out := make([]string, len(roots))
		for i, at := range roots {
			out[i] = at + frag
		}
		return out
	}
	return ix.anchors[frag]
}

// identifierIndex is where a document declares its identifiers.
type identifierIndex struct {
	resources []string            // the root and every schema with $id
	anchors   map[string][]string // by name: $anchor, $dynamicAnchor, and $id "#name" as draft 7 and older write one
	dynamic   map[string][]string // by name: $dynamicAnchor
	recursive []string            // $recursiveAnchor: true
}

// identifiersOf indexes the identifiers of the document root, read as
// r reads them (see refResolver.id), an id beside a $ref too.
func (r *refResolver) identifiersOf(root *Value) identifierIndex {
	ix := identifierIndex{resources: []string{""}, anchors: map[string][]string{}, dynamic: map[string][]string{}}
	var walk func(s *Value, ptr string)
	walk = func(s *Value, ptr string) {
		if !s.IsObject() {
			return
		}
		if id, ok := r.id(s, true); ok {
			if name, ok := strings.CutPrefix(id, "#"); ok {
				ix.anchors[name] = append(ix.anchors[name], ptr)
			} else if ptr != "" {
				ix.resources = append(ix.resources, ptr)
			}
		}
		if name, ok := s.Get("$anchor").StringValue(); ok {
			ix.anchors[name] = append(ix.anchors[name], ptr)
		}
		if name, ok := s.Get("$dynamicAnchor").StringValue(); ok {
			ix.anchors[name] = append(ix.anchors[name], ptr)
			ix.dynamic[name] = append(ix.dynamic[name], ptr)
		}
		if b := s.Get("$recursiveAnchor"); b != nil && b.Kind == KindBool && b.Boolean {
			ix.recursive = append(ix.recursive, ptr)
		}
		EachSubschema(s, ptr, func(c *Value, at Sub) { walk(c, at.Ptr) })
	}
	walk(root, "")
	return ix
}
