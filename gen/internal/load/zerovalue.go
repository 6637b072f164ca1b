package load

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/model"
)

// omitempty leaves out false, 0, "", nil and empty slices, maps and
// strings, but never a struct, nor an array of one item or more. Such a
// field is still optional in the schema (omitempty means optional), so a
// call that leaves it out decodes to its zero value, which encoding/json
// then writes; when that zero value breaks a rule, the decoded value does
// not validate, and what Marshal writes does not decode. The generator
// reports those fields, where it can show the zero value breaks a rule.

// checkOmittedZeros reports each field tagged omitempty that encoding/json
// never leaves out and whose zero value breaks a rule.
func (b *builder) checkOmittedZeros() {
	for _, st := range b.out.Structs {
		if !st.Local {
			continue
		}
		for _, f := range st.Fields {
			if f.Hidden || f.Required || f.OmitZero != model.NoOmitZero || !model.HasJSONOption(f.JSONOptions, "omitempty") || !neverEmpty(f.Type) {
				continue
			}
			at, why := zeroBreaks(f.Type, f.Rules, f.ItemRules, map[*model.Struct]bool{})
			breaks := "which breaks a rule"
			switch {
			case why == "":
				continue
			case strings.HasPrefix(why, textZero):
				breaks = "which may break a rule"
			}
			b.errorf(f.Pos, "field %s: omitempty never leaves out %s, so a call without %s decodes to its zero value, which encoding/json writes and %s (at /%s%s, the zero value %s): make it a pointer, or tag it omitzero (a type that == cannot compare then needs an IsZero method)",
				f.GoPath[len(f.GoPath)-1], neverEmptyWhat(f.Type), f.JSONName, breaks, f.JSONName, at, why)
		}
	}
}

// neverEmpty reports whether omitempty never leaves out a value of t: a
// struct, or an array of one item or more, written as itself or, through
// MarshalText, as text.
func neverEmpty(t *model.Type) bool {
	return t.Kind == model.KindStruct || (t.Kind == model.KindArray && t.Len > 0) || textOfStruct(t)
}

// textOfStruct reports whether t is a struct or an array that
// encoding/json writes as text, with its MarshalText.
func textOfStruct(t *model.Type) bool {
	return t.Kind == model.KindText && t.MarshalText && (t.TextBase == model.KindStruct || t.TextBase == model.KindArray)
}

func neverEmptyWhat(t *model.Type) string {
	switch {
	case t.Kind == model.KindArray:
		return "an array"
	case textOfStruct(t) && t.TextBase == model.KindArray:
		return "an array, even one written as text"
	case textOfStruct(t):
		return "a struct, even one written as text"
	}
	return "a struct"
}

// textZero opens what zeroBreaks says of a text type's zero value: the
// text its MarshalText writes, which the generator cannot know.
const textZero = "is the text"

// textRules names the rules of r that judge a string's text.
func textRules(r model.Rules) []string {
	var out []string
	for _, rule := range []struct {
		set  bool
		name string
	}{{r.MinLength != nil, "minLength"}, {r.MaxLength != nil, "maxLength"}, {r.Pattern != "", "pattern"},
		{r.Format != "", "format"}, {len(r.Enum) > 0, "enum"}, {r.Const != "", "const"}} {
		if rule.set {
			out = append(out, rule.name)
		}
	}
	return out
}

// zeroBreaks says where the zero value of t, as encoding/json writes it,
// breaks a rule (a JSON Pointer below the value, "" for the value itself)
// and how ("is shorter than minLength 1"), or "" for how when it cannot
// tell that it does. r are the rules of the value, items those of its
// items.
func zeroBreaks(t *model.Type, r, items model.Rules, seen map[*model.Struct]bool) (at, why string) {
	switch t.Kind {
	case model.KindString, model.KindInt, model.KindUint, model.KindFloat, model.KindBool, model.KindDuration:
		return "", valueBreaks(t, r, zeroLiteral(t))
	case model.KindText:
		// The zero value's text is the user's MarshalText's to say.
		if rules := textRules(r); t.MarshalText && len(rules) > 0 {
			return "", fmt.Sprintf("%s the zero %s's MarshalText writes, which unionflat cannot know, for %s to judge", textZero, model.TypeString(t), strings.Join(rules, " and "))
		}
	case model.KindArray:
		if t.Len == 0 {
			return "", ""
		}
		if r.UniqueItems && t.Len > 1 {
			return "", "repeats its zero item, which uniqueItems forbids"
		}
		switch t.Elem.Kind {
		case model.KindString, model.KindInt, model.KindUint, model.KindFloat, model.KindBool, model.KindDuration, model.KindStruct, model.KindArray, model.KindText:
			at, why := zeroBreaks(t.Elem, items, model.Rules{}, seen)
			return "/0" + at, why
		}
	case model.KindStruct:
		if seen[t.Struct] {
			return "", ""
		}
		seen[t.Struct] = true
		for _, f := range t.Struct.Fields {
			if f.Hidden || leftOutWhenZero(f) {
				continue
			}
			if f.Type.Kind == model.KindPointer || f.Type.Kind == model.KindSlice || f.Type.Kind == model.KindMap ||
				f.Type.Kind == model.KindBytes || f.Type.Kind == model.KindUnion {
				if !f.Nullable {
					return "/" + f.JSONName, "is null, which it does not allow"
				}
				continue
			}
			if at, why := zeroBreaks(f.Type, f.Rules, f.ItemRules, seen); why != "" {
				return "/" + f.JSONName + at, why
			}
		}
	}
	return "", ""
}

// leftOutWhenZero reports whether encoding/json, or the generated
// MarshalJSON, leaves out the field when it holds its zero value.
func leftOutWhenZero(f *model.Field) bool {
	if f.Required {
		return false
	}
	if f.OmitZero != model.NoOmitZero {
		return true
	}
	return model.HasJSONOption(f.JSONOptions, "omitempty") && model.Present(f, jen.Null) != nil
}

// zeroLiteral is the JSON encoding/json writes for the zero value of a
// scalar type.
func zeroLiteral(t *model.Type) string {
	switch t.Kind {
	case model.KindString:
		return `""`
	case model.KindBool:
		return "false"
	case model.KindDuration:
		return `"0s"`
	}
	return "0"
}
