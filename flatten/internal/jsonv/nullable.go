package jsonv

import (
	"slices"
	"strings"
)

// NullWrapped takes a nullable wrapper apart: anyOf (or oneOf) of one
// schema X and null (see [NullableBranch]; under oneOf exactly one null,
// since null matching two members is rejected), with only annotations
// beside it. It returns its keyword and X; X is nil when s is no such
// wrapper.
func NullWrapped(s *Value) (string, *Value) {
	for _, kw := range []string{"anyOf", "oneOf"} {
		list := s.Get(kw)
		if list == nil || list.Kind != KindArray || !OnlyAnnotationsBeside(s, kw) || kw == "oneOf" && len(list.Items) != 2 {
			continue
		}
		if inner := NullableBranch(list.Items); inner != nil {
			return kw, inner
		}
	}
	return "", nil
}

// NullableBranch is the one schema among the members of a nullable
// wrapper: members that are one schema and one or more null schemas
// (see [IsNullSchema]). It is nil for any other list of members.
func NullableBranch(members []*Value) *Value {
	var inner *Value
	for _, m := range members {
		switch {
		case IsNullSchema(m):
		case inner != nil:
			return nil
		default:
			inner = m
		}
	}
	if len(members) < 2 {
		return nil
	}
	return inner
}

// WithNull adds null to what a schema accepts, through its type, enum and
// const.
func WithNull(s *Value) (*Value, bool) {
	if s == nil {
		return nil, false
	}
	if s.Kind == KindBool {
		return s, s.Boolean
	}
	if !s.IsObject() {
		return nil, false
	}
	for _, kw := range nullJudges {
		if s.Get(kw) != nil {
			return nil, false // it would still judge null, and may reject it
		}
	}
	t := s.Get("type")
	if t == nil {
		if s.Get("enum") == nil && s.Get("const") == nil && len(s.Members) > 0 && !OnlyAnnotations(s) {
			return nil, false
		}
	}
	out := s
	switch {
	case t == nil:
	case t.Kind == KindString:
		if t.Text != "null" {
			out = out.With("type", Strs([]string{t.Text, "null"}))
		}
	case t.Kind == KindArray:
		has := false
		for _, it := range t.Items {
			if n, _ := it.StringValue(); n == "null" {
				has = true
			}
		}
		if !has {
			out = out.With("type", &Value{Kind: KindArray, Items: append(append([]*Value(nil), t.Items...), Str("null"))})
		}
	default:
		return nil, false
	}
	if e := s.Get("enum"); e != nil && e.Kind == KindArray && !slices.ContainsFunc(e.Items, isNull) {
		out = out.With("enum", &Value{Kind: KindArray, Items: append(append([]*Value(nil), e.Items...), Null)})
	}
	if c := s.Get("const"); c != nil {
		values := []*Value{c, Null}
		if isNull(c) {
			values = values[:1]
		}
		out = out.With("const", nil).With("enum", &Value{Kind: KindArray, Items: values})
	}
	return out, true
}

// isNull reports whether v is the JSON value null, so that null is not
// added to an enum twice (a strict provider may refuse repeated values).
func isNull(v *Value) bool { return v.Kind == KindNull }

// nullJudges are the keywords besides type, enum and const that apply to
// a null instance: a schema holding one cannot be made nullable by its
// type alone.
var nullJudges = []string{"$ref", "$dynamicRef", "allOf", "anyOf", "oneOf", "not", "if", "then", "else"}

// NullableCore takes a nullable spelling apart: the schema without its
// null, and whether null was allowed. A schema that is only null has a nil
// core.
func NullableCore(s *Value) (*Value, bool) {
	if !s.IsObject() {
		return s, false
	}
	if t := s.Get("type"); t != nil && t.Kind == KindArray {
		rest, null := SplitNull(t)
		switch {
		case !null:
			return s, false
		case len(rest) == 1:
			return s.With("type", Str(rest[0])), true
		case len(rest) == 0:
			return nil, true
		}
		return s.With("type", Strs(rest)), true
	}
	if IsNullSchema(s) {
		return nil, true
	}
	if _, inner := NullWrapped(s); inner != nil {
		return inner, true
	}
	return s, false
}

// SplitNull reads a type array as its non-null type names and whether
// "null" is among them.
func SplitNull(t *Value) (names []string, null bool) {
	for _, it := range t.Items {
		name, _ := it.StringValue()
		if name == "null" {
			null = true
		} else {
			names = append(names, name)
		}
	}
	return names, null
}

// TypeRejectsNull reports whether a type keyword names JSON types, none
// of them null.
func TypeRejectsNull(t *Value) bool {
	names := t.Items
	if t.Kind == KindString {
		names = []*Value{t}
	} else if t.Kind != KindArray {
		return false
	}
	for _, n := range names {
		switch name, _ := n.StringValue(); name {
		case "null":
			return false
		case "string", "number", "integer", "boolean", "object", "array":
		default:
			return false
		}
	}
	return true
}

// IsTypeName reports whether t is the type name, alone or as the only
// entry of a type array.
func IsTypeName(t *Value, name string) bool {
	if s, ok := t.StringValue(); ok {
		return s == name
	}
	if t != nil && t.Kind == KindArray && len(t.Items) == 1 {
		s, ok := t.Items[0].StringValue()
		return ok && s == name
	}
	return false
}

// IsNullSchema reports whether s holds only a type naming null
// ({"type": "null"}, or the type array ["null"]).
func IsNullSchema(s *Value) bool {
	return s.IsObject() && IsTypeName(s.Get("type"), "null") && len(s.Members) == 1
}

// AppendSentence adds a sentence of its own to a description: the
// concatenation of parts, built with the description in one allocation.
func AppendSentence(desc string, parts ...string) string {
	desc = strings.TrimRight(desc, " \t\n")
	sep := ". "
	switch {
	case desc == "":
		sep = ""
	case strings.HasSuffix(desc, ".") || strings.HasSuffix(desc, "!") || strings.HasSuffix(desc, "?") || strings.HasSuffix(desc, ":"):
		sep = " "
	}
	n := len(desc) + len(sep)
	for _, p := range parts {
		n += len(p)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(desc)
	b.WriteString(sep)
	for _, p := range parts {
		b.WriteString(p)
	}
	return b.String()
}

// IsObjectSchema reports whether a schema describes objects: its type is
// "object" or a type array naming it, or it has no type and declares
// properties.
func IsObjectSchema(s *Value) bool {
	if !s.IsObject() {
		return false
	}
	t := s.Get("type")
	if t == nil {
		return s.Get("properties") != nil
	}
	if name, ok := t.StringValue(); ok {
		return name == "object"
	}
	if t.Kind == KindArray {
		for _, it := range t.Items {
			if name, _ := it.StringValue(); name == "object" {
				return true
			}
		}
	}
	return false
}
