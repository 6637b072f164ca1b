package load

import (
	"slices"

	"github.com/unionflat/unionflat/flatten/profile"
	"github.com/unionflat/unionflat/gen/internal/model"
)

// checkDigitOverlaps reports an untagged union that a tool's profile
// makes ambiguous: a profile that writes an integer as a string of its
// digits (gemini, gemini-json and ollama for an int64 or a uint64, every
// profile under bigints=string) advertises that variant as a string, so
// a string variant beside it takes the same values: "9007199254740993"
// would be read as the string.
func (b *builder) checkDigitOverlaps() {
	reported := map[*model.Union]bool{}
	for _, t := range b.out.Tools {
		o := profile.Options{BigInts: t.BigInts}
		digits := slices.IndexFunc(t.Profiles, o.DecimalIntegers)
		if digits < 0 {
			continue
		}
		for _, u := range untaggedReached(t) {
			if reported[u] {
				continue
			}
			str := slices.IndexFunc(u.Variants, func(v *model.Variant) bool { return v.JSONType() == "string" })
			num := slices.IndexFunc(u.Variants, func(v *model.Variant) bool {
				return v.Struct == nil && (o.BigInts == profile.BigIntsString && v.JSONType() == "integer" || model.BigInteger(v.Other, model.Rules{}))
			})
			if str < 0 || num < 0 {
				continue
			}
			reported[u] = true
			b.errorf(u.Variants[num].Pos, "variants %s and %s of untagged union %s overlap under profile %s of tool %s, which writes %s as a string of its digits: a string variant would read it; give the tool bigints=number, or the union no string variant",
				u.Variants[str].GoName(), u.Variants[num].GoName(), u.Name, t.Profiles[digits], t.Name, u.Variants[num].GoName())
		}
	}
}

// untaggedReached lists the untagged unions a tool's input reaches,
// through its structs' fields and the variants of the unions on the way.
func untaggedReached(t *model.Tool) []*model.Union {
	var out []*model.Union
	seen := map[*model.Struct]bool{}
	var visit func(ty *model.Type)
	visit = func(ty *model.Type) {
		if u := model.LeafType(ty).Union; u != nil && u.Untagged && !slices.Contains(out, u) {
			out = append(out, u)
			for _, v := range u.Variants {
				if v.Other != nil {
					visit(v.Other) // type Labels []Label, of another union
				}
			}
		}
		for _, st := range model.HeldStructs(ty) {
			if !seen[st] {
				seen[st] = true
				for _, f := range st.Reached() {
					visit(f.Type)
				}
			}
		}
	}
	if t.Union != nil {
		visit(&model.Type{Kind: model.KindUnion, Union: t.Union})
	} else {
		visit(&model.Type{Kind: model.KindStruct, Struct: t.Struct})
	}
	return out
}
