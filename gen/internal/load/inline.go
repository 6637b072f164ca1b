package load

import (
	"reflect"
	"slices"
	"strings"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// A field of a tagged union's type tagged json:",inline" merges the
// union into its struct's object: the discriminator and the chosen
// variant's fields stand beside the struct's own (model.Struct.Inline).
// encoding/json has no such option, so the generated MarshalJSON and
// UnmarshalJSON write and read it.

// inlineField takes the inline fields out of a struct's candidates and
// records the one that may be inline, reporting the others.
func (b *builder) inlineField(st *model.Struct, cands []candidate) []candidate {
	var rest []candidate
	for _, c := range cands {
		if !c.inline {
			rest = append(rest, c)
			continue
		}
		f := c.field
		goName := strings.Join(f.GoPath, ".")
		t := f.Type
		switch {
		case t.Kind != model.KindUnion:
			b.errorf(f.Pos, "field %s: json \",inline\" merges a //unionflat:union into %s's object, and %s is not one: drop ,inline (encoding/json has no such option and writes the field as the property %q)", goName, st.Name, model.TypeString(t), f.JSONName)
		case t.Union.Untagged:
			b.errorf(f.Pos, "field %s: an untagged union cannot be inline (not supported): give %s a discriminator, or drop ,inline", goName, t.Union.Name)
		case c.depth > 0:
			b.errorf(f.Pos, "field %s: an inline union must be a field of %s itself, not of a struct it embeds: declare it in %s", goName, st.Name, st.Name)
		case st.Inline != nil:
			b.errorf(f.Pos, "field %s: %s already merges %s inline (field %s): a struct holds at most one inline union", goName, st.Name, st.Inline.Type.Union.Name, strings.Join(st.Inline.GoPath, "."))
		case !f.Required:
			b.errorf(f.Pos, "field %s: an inline union is always required, since its discriminator must be sent: drop omitempty and omitzero", goName)
		case !reflect.DeepEqual(f.Rules, model.Rules{}) || !reflect.DeepEqual(f.ItemRules, model.Rules{}):
			b.errorf(f.Pos, "field %s: an inline union takes no jsonschema tag: its variants' fields carry the rules", goName)
		case st.Open:
			b.errorf(f.Pos, "field %s: an open struct (//unionflat:open) cannot hold an inline union (not supported yet)", goName)
		default:
			st.Inline = f
		}
	}
	return rest
}

// checkInlines checks the structs that hold an inline union, once every
// union's variants are known: no property of the struct may share a name
// with the union's discriminator or a variant's field, the variants must
// be closed, and the struct may not be a variant itself, nor reach a
// schema root or an output (not supported yet).
func (b *builder) checkInlines() {
	for _, st := range b.out.Structs {
		f := st.Inline
		if f == nil {
			continue
		}
		u := f.Type.Union
		goName := strings.Join(f.GoPath, ".")
		if st.Variant != nil || st.InUntagged != nil {
			b.errorf(f.Pos, "field %s: a variant of a union cannot hold an inline union (not supported yet): drop ,inline", goName)
			continue
		}
		for _, v := range u.Variants {
			if v.Struct != nil && v.Struct.Open {
				b.errorf(f.Pos, "field %s: variant %s of %s is open (//unionflat:open), which an inline union cannot be (not supported yet)", goName, v.Struct.Name, u.Name)
			}
		}
		for _, pf := range st.Fields {
			if pf.JSONName == u.Discriminator {
				b.errorf(pf.Pos, "field %s of %s: its JSON name %q is the discriminator of %s, which field %s merges inline: rename one of them", strings.Join(pf.GoPath, "."), st.Name, pf.JSONName, u.Name, goName)
				continue
			}
			for _, v := range u.Variants {
				if v.Struct == nil {
					continue
				}
				if i := slices.IndexFunc(v.Struct.Fields, func(g *model.Field) bool { return g.JSONName == pf.JSONName }); i >= 0 {
					b.errorf(pf.Pos, "field %s of %s: its JSON name %q is also field %s of %s, which field %s merges inline: rename one of them", strings.Join(pf.GoPath, "."), st.Name, pf.JSONName, strings.Join(v.Struct.Fields[i].GoPath, "."), v.Struct.Name, goName)
					break
				}
			}
		}
	}
	b.inlineInOutputs()
}

// inlineInOutputs reports a schema root or a tool output that reaches a
// struct with an inline union: its output schema is not written yet.
func (b *builder) inlineInOutputs() {
	for _, x := range b.out.Encoded {
		seen := map[*model.Struct]bool{}
		var walk func(st *model.Struct) *model.Struct
		walk = func(st *model.Struct) *model.Struct {
			if seen[st] {
				return nil
			}
			seen[st] = true
			if st.Inline != nil {
				return st
			}
			for _, f := range st.Fields {
				for _, next := range model.HeldStructs(f.Type) {
					if found := walk(next); found != nil {
						return found
					}
				}
			}
			return nil
		}
		for _, st := range x.Structs() {
			if found := walk(st); found != nil {
				what := "schema root"
				if x.Output {
					what = "tool output"
				}
				b.errorf(found.Inline.Pos, "field %s of %s: %s %s reaches this inline union, and output schemas of inline unions are not supported yet: drop ,inline", strings.Join(found.Inline.GoPath, "."), found.Name, what, x.GoName())
				break
			}
		}
	}
}
