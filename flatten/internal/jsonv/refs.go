package jsonv

import (
	"net/url"
	"strings"
)

// documentBase stands for the URI of a document that does not say its
// own: a hierarchical one, so that relative references resolve against
// it. No $ref of a real document names it.
const documentBase = "https://unionflat.invalid/document.json"

// RefsAsPointers rewrites every $ref that names a schema of the document
// (by a plain-name anchor declared by $anchor or $dynamicAnchor, by the
// $id of an embedded resource, or by a JSON Pointer from one) into a $ref
// to the same schema by its JSON Pointer from the document's root, and
// takes out what nothing names any more: every $anchor and
// $dynamicAnchor, and the $id of every schema below the root. The
// schema means what it meant: a $ref finds the same schema either way,
// and an identifier nothing names asserts nothing. A projection that
// cannot say identifiers can then keep, copy or prune each $ref as it
// does any other.
//
// It changes nothing in a document of draft 7 or older, where $id also
// declares anchors and a $ref hides its siblings; in one with a
// $dynamicRef or a $recursiveRef, which look schemas up by scope; and in
// one with a $ref whose target it cannot say without the identifiers (a
// URI two schemas have, another document's relative to a document that
// does not say its own URI).
func RefsAsPointers(root *Value) *Value {
	if !root.IsObject() || OlderDraft(root) {
		return root
	}
	r, _ := resolverOf(root)
	if r.dynamic {
		return root
	}
	out := r.rewrite(root, "", mustParse(documentBase))
	if r.left {
		return root // the identifiers stay, and the $refs resolve against them
	}
	return withoutIdentifiers(out, true)
}

// PointerRefs rewrites every $ref of the root's resource that names a
// schema of the document otherwise than by a plain pointer (by the
// root's $id, by an embedded resource's, by an anchor) into the plain
// pointer from the root to that schema, when RefsAsPointers could say
// it, and keeps every identifier: a step that moves schemas by pointer
// then moves those $refs along. A $ref inside an embedded resource
// stays as it is (a pointer there resolves against the resource), and
// so does every $dynamicRef. It reads the identifiers as the document's
// draft writes them (id in draft 4, "#a" anchors in draft 7 and older).
func PointerRefs(root *Value) *Value {
	if !root.IsObject() {
		return root
	}
	r, rootBase := resolverOf(root)
	var rewrite func(s *Value, ptr string) *Value
	rewrite = func(s *Value, ptr string) *Value {
		if !s.IsObject() {
			return s
		}
		if id, ok := r.id(s, true); ptr != "" && ok && !strings.HasPrefix(id, "#") {
			return s // an embedded resource, by any reading: its pointers are its own
		}
		if ref, ok := s.Get("$ref").StringValue(); ok {
			if to, ok := r.target(rootBase, ref); ok && to != ref && !samePointer(ref, to) {
				if _, plain := LocalPointer(Str(to)); plain {
					s = s.With("$ref", Str(to))
				}
			}
		}
		return MapSubschemas(s, ptr, func(c *Value, at Sub) *Value { return rewrite(c, at.Ptr) })
	}
	return rewrite(root, "")
}

// resolverOf is the refResolver of the document root, with what every
// identifier of it names found, and the root's base URI.
func resolverOf(root *Value) (*refResolver, *url.URL) {
	r := &refResolver{places: map[string]string{}, twice: map[string]bool{}, older: OlderDraft(root)}
	rootBase := r.base(mustParse(documentBase), root)
	r.rootBase = rootBase.String()
	r.find(root, "", rootBase)
	return r, rootBase
}

// A refResolver finds what each identifier of a document names.
type refResolver struct {
	rootBase string // the root's base URI
	// places maps each absolute URI a schema of the document has (that
	// of a resource, without a fragment; of an anchor, with it) to the
	// schema's pointer.
	places  map[string]string
	twice   map[string]bool // URIs two schemas have
	dynamic bool            // a $dynamicRef or $recursiveRef is somewhere
	left    bool            // a $ref the rewrite left as it was
	// older: the document is of draft 7 or older, where id (draft 4) or
	// $id beside a $ref is ignored, and an id of only a fragment ("#a")
	// declares an anchor.
	older bool
}

// id is the identifier s declares as its own, as its draft spells it:
// $id, or id in draft 4 and older. Of a draft 7 or older document, an id
// beside a $ref is not read (those drafts ignore what stands beside it)
// unless besideRef.
func (r *refResolver) id(s *Value, besideRef bool) (string, bool) {
	if r.older && !besideRef && s.Get("$ref") != nil {
		return "", false
	}
	if id, ok := s.Get("$id").StringValue(); ok {
		return id, true
	}
	if r.older {
		return s.Get("id").StringValue()
	}
	return "", false
}

// OlderDraft reports whether root says it is of draft 7 or older.
func OlderDraft(root *Value) bool {
	s, _ := root.Get("$schema").StringValue()
	for _, d := range []string{"draft-03", "draft-04", "draft-06", "draft-07"} {
		if strings.Contains(s, d) {
			return true
		}
	}
	return false
}

func mustParse(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// base is the base URI of schema s, whose parent's is parent: its own
// id (see refResolver.id) resolved against parent's, without a fragment,
// or parent's.
func (r *refResolver) base(parent *url.URL, s *Value) *url.URL {
	return r.baseOf(parent, s, false)
}

// baseOf is base, reading an id beside a $ref too when besideRef.
func (r *refResolver) baseOf(parent *url.URL, s *Value, besideRef bool) *url.URL {
	id, ok := r.id(s, besideRef)
	if !ok {
		return parent
	}
	u, err := url.Parse(id)
	if err != nil {
		return parent
	}
	u = parent.ResolveReference(u)
	u.Fragment, u.RawFragment = "", ""
	return u
}

// name records that the schema at ptr has the absolute URI uri.
func (r *refResolver) name(uri, ptr string) {
	if at, ok := r.places[uri]; ok && at != ptr {
		r.twice[uri] = true
	}
	r.places[uri] = ptr
}

// find records the URIs of s, at ptr with base URI base, and of every
// schema below it.
func (r *refResolver) find(s *Value, ptr string, base *url.URL) {
	if !s.IsObject() {
		return
	}
	id, hasID := r.id(s, false)
	anchor, anchorOnly := strings.CutPrefix(id, "#") // draft 7 and older: "#a" declares the anchor a
	if ptr == "" || hasID && !anchorOnly {
		r.name(base.String(), ptr)
	}
	if hasID && anchorOnly && anchor != "" {
		r.name(base.String()+"#"+anchor, ptr)
	}
	for _, key := range []string{"$anchor", "$dynamicAnchor"} {
		if name, ok := s.Get(key).StringValue(); ok {
			r.name(base.String()+"#"+name, ptr)
		}
	}
	r.dynamic = r.dynamic || s.Get("$dynamicRef") != nil || s.Get("$recursiveRef") != nil
	EachSubschema(s, ptr, func(c *Value, at Sub) { r.find(c, at.Ptr, r.base(base, c)) })
}

// rewrite is RefsAsPointers' rewrite of s, at ptr below a schema whose
// base URI is parent.
func (r *refResolver) rewrite(s *Value, ptr string, parent *url.URL) *Value {
	if !s.IsObject() {
		return s
	}
	base := r.base(parent, s)
	if ref, ok := s.Get("$ref").StringValue(); ok {
		if to, ok := r.target(base, ref); ok {
			if to != ref && !samePointer(ref, to) {
				s = s.With("$ref", Str(to))
			}
		} else {
			r.left = true
		}
	}
	return MapSubschemas(s, ptr, func(c *Value, at Sub) *Value { return r.rewrite(c, at.Ptr, base) })
}

// target is what a $ref ref, resolved against base, is to say so that
// it names what it named with the identifiers gone: a pointer from the
// root to a schema of the document (or where one would be: a $ref to
// nothing stays one), or else an absolute URI (another document, an
// anchor no schema declares). It reports false when it cannot say: a URI
// two schemas have, or a reference to another document relative to a
// document that does not say its own URI.
func (r *refResolver) target(base *url.URL, ref string) (string, bool) {
	u, err := url.Parse(ref)
	if err != nil {
		return "", false
	}
	abs := base.ResolveReference(u)
	resolved := abs.String()
	frag := abs.Fragment // decoded
	abs.Fragment, abs.RawFragment = "", ""
	doc := abs.String()
	at, ok := r.places[doc]
	switch {
	case r.twice[doc]:
		return "", false
	case !ok && base.String() == r.rootBase:
		return ref, true // another document, found as it was
	case !ok:
		return r.absolute(resolved, base)
	case frag == "":
		return RefTo(at), true
	case frag[0] == '/':
		return RefTo(at + frag), true
	}
	uri := doc + "#" + frag
	if p, ok := r.places[uri]; ok && !r.twice[uri] {
		return RefTo(p), true
	}
	if doc == r.rootBase { // an anchor no schema of the root's declares
		return "#" + (&url.URL{Fragment: frag}).EscapedFragment(), true
	}
	return r.absolute(resolved, base)
}

// absolute is a $ref resolved against base, as it is to be written:
// itself, unless base is only the stand-in for a document without a URI
// of its own.
func (r *refResolver) absolute(resolved string, base *url.URL) (string, bool) {
	if strings.HasPrefix(base.String(), documentBase[:strings.LastIndex(documentBase, "/")+1]) {
		return "", false
	}
	return resolved, true
}

// withoutIdentifiers is s without $anchor and $dynamicAnchor, at any
// depth, and without $id below the root (s is the root when root is).
func withoutIdentifiers(s *Value, root bool) *Value {
	if !s.IsObject() {
		return s
	}
	for _, key := range identifierKeys {
		if s.Get(key) != nil && (key != "$id" || !root) {
			s = s.With(key, nil)
		}
	}
	return MapSubschemas(s, "", func(c *Value, _ Sub) *Value { return withoutIdentifiers(c, false) })
}

// samePointer reports whether two references are pointers from the root
// to the same place, however each is spelled ("#/$defs/Ü" and
// "#/$defs/%C3%9C"): a rewrite keeps the spelling the document has, so
// that rewriting its output again changes nothing.
func samePointer(a, b string) bool {
	p, ok := LocalPointer(Str(a))
	q, ok2 := LocalPointer(Str(b))
	return ok && ok2 && p == q
}
