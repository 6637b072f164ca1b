package jsonv

import (
	"fmt"
	"net/url"
	"strings"
)

// MergeNullable rewrites every nullable wrapper, anyOf (or oneOf) [X,
// {type: null}], as X with null added to its type (and to its enum or
// const), at any depth. Where X is a $ref to a root definition (one kept
// because its type is recursive), the wrapper becomes a $ref to a
// nullable copy of that definition, added beside it as <Name>OrNull. A
// wrapper around anything else without a type to extend stays, with a
// diagnostic. Package flatten does this for Options.NullableTypes, and
// package profile for the nullable properties a profile makes. copied
// reports whether a copy was added: a definition whose only way back to
// itself was through a wrapper may then be recursive no more.
func MergeNullable(root *Value) (out *Value, copied bool, diags []Diagnostic) {
	n := &nullMerger{root: root, copies: map[string]string{}, made: map[string]bool{}, diags: &diags}
	out = n.schema(root, "")
	return n.addCopies(out), len(n.order) > 0, diags
}

type nullMerger struct {
	root   *Value
	copies map[string]string // definition pointer -> the name of its nullable copy
	made   map[string]bool   // the pointers of those copies
	order  []string
	diags  *[]Diagnostic
}

func (n *nullMerger) schema(v *Value, ptr string) *Value {
	if !v.IsObject() {
		return v
	}
	out := MapSubschemas(v, ptr, func(s *Value, at Sub) *Value {
		return n.schema(s, at.Ptr)
	})
	kw, inner := NullWrapped(out)
	if inner == nil {
		return out
	}
	if kw == "oneOf" && !n.rejectsNull(inner) {
		// oneOf [X, null] rejects null when X accepts it: X with null
		// would be wider.
		*n.diags = append(*n.diags, Diagnostic{Pointer: ptr, Message: "nullable wrapper kept: a oneOf whose other member may accept null too"})
		return out
	}
	if merged, ok := WithNull(inner); ok {
		return mergeWrapperAnnotations(merged, out, kw)
	}
	if ref, ok := n.nullableRef(inner); ok {
		return mergeWrapperAnnotations(ref, out, kw)
	}
	*n.diags = append(*n.diags, Diagnostic{Pointer: ptr, Message: "nullable wrapper kept: its schema has no type to add null to"})
	return out
}

// mergeWrapperAnnotations puts a nullable wrapper's annotations onto the
// schema that replaces it, as MergeAnnotations does, but where both the
// wrapper and the schema it wrapped have a title or a description, both
// describe this one use: their texts are joined, the wrapped one's first.
func mergeWrapperAnnotations(target, wrapper *Value, kw string) *Value {
	for _, key := range []string{"title", "description"} {
		inner, ok := target.Get(key).StringValue()
		outer, ok2 := wrapper.Get(key).StringValue()
		if ok && ok2 && inner != "" && inner != outer {
			wrapper = wrapper.With(key, Str(AppendSentence(inner, outer)))
		}
	}
	return MergeAnnotations(target, wrapper, kw)
}

// rejectsNull reports whether schema s provably rejects null: a type, enum
// or const without it, at s or at the end of its $refs.
func (n *nullMerger) rejectsNull(s *Value) bool {
	for range 32 {
		if !s.IsObject() {
			return s != nil && s.Kind == KindBool && !s.Boolean
		}
		if t := s.Get("type"); t != nil {
			return TypeRejectsNull(t)
		}
		if c := s.Get("const"); c != nil {
			return c.Kind != KindNull
		}
		if e := s.Get("enum"); e != nil && e.Kind == KindArray {
			for _, it := range e.Items {
				if it.Kind == KindNull {
					return false
				}
			}
			return true
		}
		p, ok := LocalPointer(s.Get("$ref"))
		if !ok || n.made[p] {
			return false
		}
		s = Lookup(n.root, p)
	}
	return false
}

// nullableRef turns {"$ref": "#/$defs/X"} into a ref to X's nullable copy,
// when X is a root definition with a type null can join; annotations
// beside the $ref stay beside the new one.
func (n *nullMerger) nullableRef(s *Value) (*Value, bool) {
	if !s.IsObject() || !OnlyAnnotationsBeside(s, "$ref") {
		return nil, false
	}
	ptr, ok := LocalPointer(s.Get("$ref"))
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
	target := Lookup(n.root, ptr)
	if target == nil || DeclaredIdentifier(target) != "" {
		return nil, false // a $ref to nothing, or to what a copy would declare twice
	}
	nullable, ok := WithNull(target)
	if !ok {
		return nil, false
	}
	if nullable == target {
		return s, true // it accepts null already
	}
	copyName, done := n.copies[ptr]
	defs := n.root.Get(keyword)
	if !done {
		copyName, done = sameDefinition(defs, nullable)
		if done { // one that is the copy already, as a first pass made it
			n.copies[ptr] = copyName
		}
	}
	if !done {
		name := UnescapeToken(token)
		copyName = name + "OrNull"
		for i := 2; defs.Get(copyName) != nil || n.taken(copyName); i++ {
			copyName = fmt.Sprintf("%sOrNull%d", name, i)
		}
		n.copies[ptr] = copyName
		n.order = append(n.order, ptr)
		n.made["/"+keyword+"/"+EscapeToken(copyName)] = true
	}
	ref := Object(KV("$ref", Str(RefTo("/"+keyword+"/"+EscapeToken(copyName)))))
	return MergeAnnotations(ref, s, "$ref"), true
}

// sameDefinition finds, among the definitions defs, one equal to s that
// declares no identifier, and returns its name.
func sameDefinition(defs, s *Value) (string, bool) {
	if !defs.IsObject() {
		return "", false
	}
	for _, m := range defs.Members {
		if Equal(m.Val, s) && DeclaredIdentifier(m.Val) == "" {
			return m.Key, true
		}
	}
	return "", false
}

// RefTo writes JSON Pointer p as a local $ref: "#" and p, with every
// character a URI fragment cannot hold percent-encoded.
func RefTo(p string) string {
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
func (n *nullMerger) addCopies(out *Value) *Value {
	for _, ptr := range n.order {
		keyword, _, _ := strings.Cut(strings.TrimPrefix(ptr, "/"), "/")
		target, ok := WithNull(Lookup(out, ptr))
		if !ok { // this pass rewrote the definition into one null cannot join
			target = Object(KV("anyOf", &Value{Kind: KindArray, Items: []*Value{
				Object(KV("$ref", Str(RefTo(ptr)))), Object(KV("type", Str("null")))}}))
		}
		defs := out.Get(keyword)
		out = out.With(keyword, defs.With(n.copies[ptr], target))
	}
	return out
}
