package flatten

import (
	"fmt"
	"slices"
	"strings"

	"github.com/unionflat/unionflat/flatten/internal/jsonv"
)

// This file is rule 7's first half: a union of members of pairwise
// distinct JSON kinds (oneOf [{type: string, ...}, {type: object, ...}])
// merges exactly into one schema, a type array with each member's
// keywords. JSON Schema applies a keyword such as minLength or properties
// to instances of its own kind only, so each member's keywords judge
// exactly the instances that member judged; an instance has one kind, so
// it matches at most one member, and oneOf and anyOf mean the same.

// kindMember is one member of a kind union: its type names and the
// schema they came from.
type kindMember struct {
	names  []string // as the member writes them
	schema *jsonv.Value
}

// kindUnion merges the members of the union keyword kw of node when they
// are of pairwise distinct kinds. It reports false with an empty reason
// when the members are not such a union (the object-union rules then
// have their say), and false with a reason when they are one that cannot
// merge exactly.
func (f *flattener) kindUnion(node *jsonv.Value, kw string, members []*jsonv.Value) (*jsonv.Value, bool, string) {
	if len(members) < 2 {
		return nil, false, ""
	}
	list := make([]kindMember, 0, len(members))
	taken := map[string]int{} // kind -> member
	objects := 0
	for i, m := range members {
		s := f.deref(m)
		if s == nil && m.Get("$ref") != nil && m.Get("type") == nil && f.resolve(m.Get("$ref")) != nil {
			// A $ref back to a schema being flattened (or to nothing): a
			// copy of it would hold this union again.
			return nil, false, kindsIfTyped(f, members, i)
		}
		if s == nil || !s.IsObject() || s.Get("type") == nil {
			return nil, false, "" // a member of every kind: no kind union
		}
		names, ok := readTypeNames(s.Get("type"))
		if !ok {
			return nil, false, ""
		}
		for _, name := range names {
			kind := kindOf(name)
			if prev, dup := taken[kind]; dup && prev != i {
				if kind == "object" {
					return nil, false, "" // several objects: an object union
				}
				return nil, false, fmt.Sprintf("members %d and %d are both of kind %s", prev, i, name)
			}
			taken[kind] = i
			if kind == "object" {
				objects++
			}
		}
		list = append(list, kindMember{names: names, schema: s})
	}
	if len(taken) < 2 || objects == len(list) {
		return nil, false, ""
	}
	for i, m := range list {
		if p, ok := jsonv.LocalPointer(members[i].Get("$ref")); ok {
			if r := jsonv.InResource(f.resources, p); r != "" {
				return nil, false, fmt.Sprintf("member %d refers into the embedded resource at #%s", i, r)
			}
		}
		if key := jsonv.DeclaredIdentifier(m.schema); key != "" {
			return nil, false, fmt.Sprintf("member %d declares %s, which a copy would declare twice", i, key)
		}
		for _, km := range m.schema.Members {
			switch kind, specific := jsonv.KeywordKind(km.Key); {
			case km.Key == "type" || jsonv.IsAnnotation(km.Key):
			case !specific && jsonv.JudgesEveryKind(km.Key):
				return nil, false, fmt.Sprintf("member %d says %s, which judges every kind", i, km.Key)
			case !specific:
				// Asserts nothing ($schema, $defs, an extension such as
				// x-taplo or OpenAPI's nullable): kept as it is.
			case !slices.ContainsFunc(m.names, func(n string) bool { return kindOf(n) == kind }):
				return nil, false, fmt.Sprintf("member %d says %s, which judges %ss, a kind it does not take", i, km.Key, kind)
			case node.Get(km.Key) != nil:
				return nil, false, fmt.Sprintf("%s stands beside the union and in member %d", km.Key, i)
			}
		}
	}
	if node.Get("type") != nil {
		return nil, false, "type stands beside the union"
	}
	for i, m := range list {
		if f.holdsRecursive(m.schema) {
			return nil, false, fmt.Sprintf("member %d holds a union that refers back to it through $refs, which a copy would unroll", i)
		}
	}
	// No two members say one kind's keyword: each keyword a member says
	// is of a kind it takes, and no kind is taken twice.
	return mergeKinds(f.slab, node, kw, list), true, ""
}

// kindOf is the JSON kind a type name stands for: an integer is a number.
func kindOf(name string) string {
	if name == "integer" {
		return "number"
	}
	return name
}

// whyRecursiveKinds is why a kind union with a member that leads back to
// it through $refs stays: the union is then marked recursive, so that
// no union copies it (see holdsRecursive).
const whyRecursiveKinds = "a member refers back to it through $refs (a recursive union)"

// kindsIfTyped is why the kind union of members stays when member i is a
// $ref that leads back to it: whyRecursiveKinds when every other member
// says its kind, so that it would otherwise merge; "" when it would not
// merge anyway (the object-union rules then have their say).
func kindsIfTyped(f *flattener, members []*jsonv.Value, i int) string {
	for j, m := range members {
		if j == i {
			continue
		}
		if s := f.deref(m); s == nil || s.Get("type") == nil {
			return ""
		}
	}
	return whyRecursiveKinds
}

// readTypeNames reads a type keyword: one name, or an array of names.
func readTypeNames(t *jsonv.Value) ([]string, bool) {
	if name, ok := t.StringValue(); ok {
		return []string{name}, true
	}
	if t.Kind != jsonv.KindArray || len(t.Items) == 0 {
		return nil, false
	}
	names := make([]string, 0, len(t.Items))
	for _, it := range t.Items {
		name, ok := it.StringValue()
		if !ok {
			return nil, false
		}
		names = append(names, name)
	}
	return names, true
}

// mergeKinds replaces the union keyword kw of node by one type array and
// every member's keywords. A member's description joins node's, named by
// the member's kinds; its other annotations are dropped (a member's
// default is not advertised: see rule 6).
func mergeKinds(sl *jsonv.Slab, node *jsonv.Value, kw string, list []kindMember) *jsonv.Value {
	var names []string
	var body []jsonv.Member
	said := map[string]bool{}
	desc, _ := node.Get("description").StringValue()
	for _, m := range list {
		names = append(names, m.names...)
		for _, km := range m.schema.Members {
			switch {
			case km.Key == "description":
				if d, ok := km.Val.StringValue(); ok && strings.TrimSpace(d) != "" {
					desc = jsonv.AppendSentence(desc, "As ", kindPhrase(m.names), ": ", strings.TrimSpace(d))
				}
			case km.Key == "type" || jsonv.IsAnnotation(km.Key) || said[km.Key] || node.Get(km.Key) != nil:
				// A keyword that asserts nothing, said by two members or
				// beside the union, is kept once (a kind's keyword comes
				// from the one member of that kind).
			default:
				said[km.Key] = true
				body = append(body, km)
			}
		}
	}
	out := make([]jsonv.Member, 0, len(node.Members)+len(body)+2)
	for _, m := range node.Members {
		switch m.Key {
		case kw:
			out = append(out, jsonv.KV("type", sl.Strs(names)))
			out = append(out, body...)
		case "description", "discriminator":
		default:
			out = append(out, m)
		}
	}
	if desc != "" {
		out = append(out, jsonv.KV("description", sl.Str(desc)))
	}
	return sl.Object(out...)
}

// kindPhrase names a member by its kinds: "a string", "an object or null".
func kindPhrase(names []string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		switch n {
		case "null":
			parts[i] = "null"
		case "integer", "object", "array":
			parts[i] = "an " + n
		default:
			parts[i] = "a " + n
		}
	}
	return strings.Join(parts, " or ")
}
