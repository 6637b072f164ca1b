package emit

import (
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/naming"
)

// The tables below are what the runtime's messages of unknown keys, keys
// of another variant and missing or bad discriminators read: one per
// closed struct and one per discriminator, package-level, so that valid
// input costs nothing for them.

// knownKeys are the keys a struct's JSON object may hold, as an unknown
// key's error lists them: a variant's discriminator, when no field holds
// it, then every field's name.
func knownKeys(st *model.Struct) []string {
	var keys []string
	if v := st.Variant; v != nil && v.Field == nil {
		keys = append(keys, v.Union.Discriminator)
	}
	for _, f := range st.Fields {
		keys = append(keys, f.JSONName)
	}
	if u := st.InlineUnion(); u != nil {
		keys = append(keys, inlineKeys(u)...)
	}
	return keys
}

// elsewhere is a key of other variants of a union, with the
// discriminator values of the variants that have it.
type elsewhere struct {
	key    string
	values []string
}

// otherVariantKeys lists the JSON names that other variants of the union
// have and this one has not, in declaration order, each with the values
// of the variants that have it, so that a stray one is reported with
// both discriminator values.
func otherVariantKeys(v *model.Variant) []elsewhere {
	return keysOfOthers(v.Struct, v.Union)
}

// keysOfOthers lists the JSON names that the other struct variants of u
// have and st has not (nor the discriminator), as otherVariantKeys does;
// st is a variant of u, tagged or untagged.
func keysOfOthers(st *model.Struct, u *model.Union) []elsewhere {
	own := map[string]bool{u.Discriminator: u.Discriminator != ""}
	for _, f := range st.Fields {
		own[f.JSONName] = true
	}
	var out []elsewhere
	at := map[string]int{}
	for _, o := range u.Variants {
		if o.Struct == nil || o.Struct == st {
			continue
		}
		for _, f := range o.Struct.Fields {
			if own[f.JSONName] {
				continue
			}
			i, seen := at[f.JSONName]
			if !seen {
				i = len(out)
				at[f.JSONName] = i
				out = append(out, elsewhere{key: f.JSONName})
			}
			out[i].values = append(out[i].values, o.Values...)
		}
	}
	return out
}

// emitInlineKeysVar declares the keys of parent's object when it holds
// v inline: parent's own, the discriminator and v's, and the other
// variants' elsewhere:
//
//	var ufKeysCreateIssueInIssueWrite = &impl.Properties{
//		Keys:      []string{"owner", "repo", "method", "title"},
//		Elsewhere: []impl.Elsewhere{{Key: "number", When: "method = update"}},
//	}
func emitInlineKeysVar(parent *model.Struct, v *model.Variant) jen.Code {
	keys := []string{}
	for _, f := range parent.Fields {
		keys = append(keys, f.JSONName)
	}
	keys = append(keys, knownKeys(v.Struct)...)
	fields := []jen.Code{keyed(jen.Id("Keys"), stringSlice(keys))}
	if others := otherVariantKeys(v); len(others) > 0 {
		var elems []jen.Code
		for _, o := range others {
			elems = append(elems, jen.Values(
				keyed(jen.Id("Key"), jen.Lit(o.key)),
				keyed(jen.Id("When"), jen.Lit(v.Union.Discriminator+" = "+strings.Join(o.values, " | "))),
			))
		}
		fields = append(fields, keyed(jen.Id("Elsewhere"), jen.Index().Add(impl("Elsewhere")).Add(inOrder(elems))))
	}
	name := naming.InlineKeysVar(naming.StructName(v.Struct), naming.StructName(parent))
	return jen.Var().Id(name).Op("=").Op("&").Add(impl("Properties")).Add(inOrder(fields)).Line().Line()
}

// emitKeysVar declares the keys of a closed struct, for the messages of
// Unknown and NotAllowed:
//
//	var ufKeysCircle = &impl.Properties{
//		Keys:      []string{"kind", "center", "radius"},
//		Elsewhere: []impl.Elsewhere{{Key: "width", When: "kind = rect"}},
//	}
func emitKeysVar(st *model.Struct) jen.Code {
	if st.Open {
		return jen.Null()
	}
	fields := []jen.Code{keyed(jen.Id("Keys"), stringSlice(knownKeys(st)))}
	if v := st.Variant; v != nil {
		if others := otherVariantKeys(v); len(others) > 0 {
			var elems []jen.Code
			for _, o := range others {
				elems = append(elems, jen.Values(
					keyed(jen.Id("Key"), jen.Lit(o.key)),
					keyed(jen.Id("When"), jen.Lit(v.Union.Discriminator+" = "+strings.Join(o.values, " | "))),
				))
			}
			fields = append(fields, keyed(jen.Id("Elsewhere"), jen.Index().Add(impl("Elsewhere")).Add(inOrder(elems))))
		}
	}
	return jen.Var().Id(naming.KeysVar(naming.StructName(st))).Op("=").Op("&").Add(impl("Properties")).Add(inOrder(fields)).Line().Line()
}

// emitTagsVar declares a discriminator, for Tag: its key, its values and
// each value's required keys, for the message of a missing one:
//
//	var ufTagsShape = &impl.Discriminator{
//		Key:      "kind",
//		Values:   []string{"circle", "rect"},
//		Required: []string{"center, radius", "origin, width, height"},
//	}
func emitTagsVar(name string, u *model.Union, variants []*model.Variant) jen.Code {
	var values, required []string
	for _, v := range variants {
		req := strings.Join(requiredKeys(v.Struct), ", ")
		for _, val := range v.Values {
			values = append(values, val)
			required = append(required, req)
		}
	}
	return jen.Var().Id(naming.TagsVar(name)).Op("=").Op("&").Add(impl("Discriminator")).Add(inOrder([]jen.Code{
		keyed(jen.Id("Key"), jen.Lit(u.Discriminator)),
		keyed(jen.Id("Values"), stringSlice(values)),
		keyed(jen.Id("Required"), stringSlice(required)),
	}))
}

// requiredKeys are the JSON names of a variant's required fields, its
// discriminator aside.
func requiredKeys(st *model.Struct) []string {
	var out []string
	for _, f := range st.Fields {
		if f.Required && !f.Discriminator {
			out = append(out, f.JSONName)
		}
	}
	return out
}

// stringSlice is a []string literal, on one line while it fits in the
// width of a literal, else one item a line.
func stringSlice(items []string) jen.Code {
	var lits []jen.Code
	width := 0
	for _, s := range items {
		lits = append(lits, jen.Lit(s))
		width += len(strconv.Quote(s)) + len(", ")
	}
	if width > litWidth {
		return jen.Index().String().Add(inOrder(lits))
	}
	return jen.Index().String().Values(lits...)
}
