package load

import (
	"fmt"
	"go/types"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/unionflat/unionflat/flatten/profile"
	"github.com/unionflat/unionflat/gen/internal/model"
)

// DefaultDiscriminator is the property name of a union's discriminator
// when //unionflat:union names none.
const DefaultDiscriminator = "type"

// toolName is the strictest tool-name rule among the providers.
var toolName = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_-]{0,63}$`)

func (b *builder) directive(tn *types.TypeName, name string) (directive, bool) {
	for _, d := range b.directives[tn] {
		if d.name == name {
			return d, true
		}
	}
	return directive{}, false
}

// declareUnion models a //unionflat:union interface. Every union is
// declared before any variant is looked for, since a variant's fields may
// name a union declared after it.
func (b *builder) declareUnion(tn *types.TypeName) {
	pos := b.position(tn.Pos())
	d, _ := b.directive(tn, "union")
	iface, ok := tn.Type().Underlying().(*types.Interface)
	if !ok || tn.IsAlias() {
		b.errorf(pos, "//unionflat:union %s must be a defined interface type", tn.Name())
		return
	}
	if !sealed(iface) {
		b.errorf(pos, "union %s must be sealed: give it an unexported method, so that only this package declares variants", tn.Name())
		return
	}
	u := &model.Union{
		Named:         model.Named{Pkg: b.p.PkgPath, Name: tn.Name()},
		Pos:           pos,
		Doc:           b.typeDocs[tn],
		Discriminator: DefaultDiscriminator,
	}
	if a, ok := d.arg("discriminator"); ok {
		u.Discriminator = a.text
	}
	if h := d.hint("untagged"); h != nil && *h {
		if a, ok := d.arg("discriminator"); ok {
			b.errorf(b.position(a.pos), "//unionflat:union %s: an untagged union has no discriminator: drop discriminator= or untagged", tn.Name())
		}
		u.Untagged, u.Discriminator = true, ""
	}
	b.unions[tn] = u
	b.out.Unions = append(b.out.Unions, u)
}

// findVariants finds the variants of a declared union: the named types of
// the package that implement it, by value or pointer receiver (the set
// go-sumtype uses).
func (b *builder) findVariants(tn *types.TypeName) {
	u := b.unions[tn]
	if u == nil {
		return // not a valid union, already reported
	}
	pos := u.Pos
	iface := tn.Type().Underlying().(*types.Interface)
	for _, cand := range b.declaredTypes() {
		if cand == tn || cand.IsAlias() {
			continue
		}
		t := cand.Type()
		if _, isIface := t.Underlying().(*types.Interface); isIface {
			continue
		}
		pointer := false
		switch {
		case types.Implements(t, iface):
		case types.Implements(types.NewPointer(t), iface):
			pointer = true
		default:
			continue
		}
		if _, marked := b.directive(cand, "variant"); !marked && implementsThroughEmbedding(t, iface) {
			continue // a struct embedding a variant, or the union itself, to reuse it
		}
		b.declareVariant(u, cand, pointer)
	}
	if len(u.Variants) == 0 {
		b.errorf(pos, "union %s has no variants: no struct type of package %s implements it", u.Name, b.p.Name)
	}
}

// implementsThroughEmbedding reports whether t has every method of iface
// only as promoted from an embedded field: a struct that embeds a variant
// (or the union itself) implements the union without meaning to be one
// of its variants, and is one only when marked //unionflat:variant.
func implementsThroughEmbedding(t types.Type, iface *types.Interface) bool {
	for m := range iface.Methods() {
		_, index, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, m.Pkg(), m.Name())
		if len(index) < 2 {
			return false
		}
	}
	return true
}

// sealed reports whether an interface has an unexported method, so that
// no other package can implement it.
func sealed(iface *types.Interface) bool {
	for m := range iface.Methods() {
		if !m.Exported() {
			return true
		}
	}
	return false
}

// declareOtherVariant models a variant of an untagged union that is a
// named type of another kind than struct: type LabelName string.
func (b *builder) declareOtherVariant(u *model.Union, tn *types.TypeName, named *types.Named, pointer bool) {
	pos := b.position(tn.Pos())
	if prev := b.variantOf[tn]; prev != nil {
		b.errorf(pos, "%s implements both union %s and union %s: a type may be a variant of one union only", tn.Name(), prev.Name, u.Name)
		return
	}
	b.variantOf[tn] = u
	if d, ok := b.directive(tn, "variant"); ok {
		b.errorf(b.position(d.pos), "//unionflat:variant on %s: union %s is untagged, so its variants have no discriminator values", tn.Name(), u.Name)
	}
	t := b.typeOf(named, pos, "variant "+tn.Name())
	if t == nil {
		return
	}
	u.Variants = append(u.Variants, &model.Variant{Union: u, Other: t, Pointer: pointer, Pos: pos})
}

func (b *builder) declareVariant(u *model.Union, tn *types.TypeName, pointer bool) {
	pos := b.position(tn.Pos())
	named, _ := tn.Type().(*types.Named)
	if _, ok := tn.Type().Underlying().(*types.Struct); !ok || named == nil {
		if u.Untagged && named != nil && named.TypeParams().Len() == 0 {
			b.declareOtherVariant(u, tn, named, pointer)
			return
		}
		b.errorf(pos, "%s implements union %s but is not a struct type: variants of a tagged union must be structs (an untagged union may have named types of other kinds: //unionflat:union untagged)", tn.Name(), u.Name)
		return
	}
	if named.TypeParams().Len() > 0 {
		b.errorf(pos, "%s implements union %s but is generic: variants must be plain struct types", tn.Name(), u.Name)
		return
	}
	if prev := b.variantOf[tn]; prev != nil {
		b.errorf(pos, "%s implements both union %s and union %s: a type may be a variant of one union only", tn.Name(), prev.Name, u.Name)
		return
	}
	b.variantOf[tn] = u
	v := &model.Variant{Union: u, Pointer: pointer, Pos: pos}
	if d, ok := b.directive(tn, "variant"); ok && u.Untagged {
		b.errorf(b.position(d.pos), "//unionflat:variant on %s: union %s is untagged, so its variants have no discriminator values", tn.Name(), u.Name)
	} else if ok {
		v.Values = d.words()
		v.Pos = b.position(d.pos)
		for _, a := range d.args {
			v.ValuePos = append(v.ValuePos, b.position(a.pos))
		}
	}
	st := b.structOf(tn)
	if st == nil {
		return
	}
	v.Struct = st
	u.Variants = append(u.Variants, v)
	if u.Untagged {
		st.InUntagged = u // else a plain struct: encoding/json writes it so
		return
	}
	st.Variant = v
	b.discriminatorField(v)
	if len(v.Values) == 0 {
		v.Values = []string{defaultVariantValue(tn.Name(), u.Name)}
	}
}

// discriminatorField finds a variant's own field holding the union's
// discriminator, and takes its values from the field's const or enum when
// no //unionflat:variant directive gave them.
func (b *builder) discriminatorField(v *model.Variant) {
	for _, f := range v.Struct.Fields {
		if f.JSONName != v.Union.Discriminator {
			continue
		}
		if f.Type.Kind != model.KindString {
			b.errorf(f.Pos, "field %s holds the discriminator %q of union %s and must be a string", strings.Join(f.GoPath, "."), f.JSONName, v.Union.Name)
			return
		}
		f.Discriminator = true
		f.Required = true
		v.Field = f
		var fromTag []string
		if f.Rules.Const != "" {
			fromTag = []string{model.Unquote(f.Rules.Const)}
		}
		for _, e := range f.Rules.Enum {
			fromTag = append(fromTag, model.Unquote(e))
		}
		switch {
		case len(v.Values) == 0:
			v.Values = fromTag
		case fromTag != nil && strings.Join(fromTag, ",") != strings.Join(v.Values, ","):
			b.errorf(f.Pos, "field %s gives the discriminator values %s, but //unionflat:variant gives %s", strings.Join(f.GoPath, "."), strings.Join(fromTag, ","), strings.Join(v.Values, ","))
		}
		return
	}
}

// defaultVariantValue is the discriminator value of a variant without a
// //unionflat:variant directive: its type name in snake_case, with the
// union's name taken off its end or start when something is left
// (TextPart in union Part is "text").
func defaultVariantValue(typeName, unionName string) string {
	name := typeName
	switch {
	case len(name) > len(unionName) && strings.HasSuffix(name, unionName):
		name = strings.TrimSuffix(name, unionName)
	case len(name) > len(unionName) && strings.HasPrefix(name, unionName):
		name = strings.TrimPrefix(name, unionName)
	}
	return snakeCase(name)
}

// snakeCase writes a Go name in snake_case, keeping initialisms whole:
// SendMessage is send_message, HTTPRequest is http_request.
func snakeCase(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 {
			prevLower := unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1])
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if prevLower || (unicode.IsUpper(rs[i-1]) && nextLower) {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// checkVariantDirectives reports //unionflat:variant on a type that is no
// union's variant.
func (b *builder) checkVariantDirectives() {
	for _, tn := range b.declaredTypes() {
		d, ok := b.directive(tn, "variant")
		if !ok {
			continue
		}
		if b.variantOf[tn] == nil {
			b.errorf(b.position(d.pos), "//unionflat:variant on %s, which implements no //unionflat:union interface", tn.Name())
		}
	}
}

// checkDisjoint proves that no JSON value fits two variants of an
// untagged union, or reports the two that overlap: the second at its
// declaration, naming the first. Variants of different JSON types are
// apart (integer and number are one type: 3 is both); two objects are
// apart when one requires a key that the other, closed, does not declare.
func (b *builder) checkDisjoint(u *model.Union) {
	for j, vj := range u.Variants {
		for _, vi := range u.Variants[:j] {
			if why := overlap(vi, vj); why != "" {
				b.errorf(vj.Pos, "variants %s and %s of untagged union %s overlap: %s (%s is declared at %s)",
					vi.GoName(), vj.GoName(), u.Name, why, vi.GoName(), shortPos(vi.Pos))
			}
		}
	}
}

// overlap says why some JSON value fits both variants, or "" when none
// does.
func overlap(a, b *model.Variant) string {
	ta, tb := numberIsInteger(a.JSONType()), numberIsInteger(b.JSONType())
	switch {
	case ta == "" || tb == "":
		return "one takes any JSON value"
	case ta != tb:
		return ""
	case ta != "object":
		return fmt.Sprintf("both are read from a JSON %s: give the union one variant of each JSON type", ta)
	case a.Struct == nil || b.Struct == nil:
		return "both are objects, and a map takes any key: make the object variants structs, each with a required key the others do not declare"
	case apart(a.Struct, b.Struct) || apart(b.Struct, a.Struct):
		return ""
	}
	return "an object can fit both: give one a required key that the other, closed, does not declare"
}

func numberIsInteger(t string) string {
	if t == "integer" {
		return "number"
	}
	return t
}

// apart reports whether a requires a key that b, closed, does not
// declare, so that no object fits both.
func apart(a, b *model.Struct) bool {
	if b.Open {
		return false
	}
	for _, f := range a.Fields {
		if f.Required && !slices.ContainsFunc(b.Fields, func(g *model.Field) bool { return g.JSONName == f.JSONName }) {
			return true
		}
	}
	return false
}

// checkDiscriminators reports discriminator values that are empty, that
// two variants share or that one variant gives twice.
func (b *builder) checkDiscriminators(u *model.Union) {
	owner := map[string]*model.Variant{}
	for _, v := range u.Variants {
		for i, val := range v.Values {
			pos := v.ValueAt(i)
			if val == "" {
				b.errorf(pos, "variant %s of union %s has an empty discriminator value", v.Struct.Name, u.Name)
				continue
			}
			if prev, dup := owner[val]; dup {
				if prev == v {
					b.errorf(pos, "variant %s of union %s gives the discriminator value %q twice", v.Struct.Name, u.Name, val)
				} else {
					b.errorf(pos, "discriminator value %q of variant %s is already used by variant %s of union %s", val, v.Struct.Name, prev.Struct.Name, u.Name)
				}
				continue
			}
			owner[val] = v
		}
	}
}

// profiles checks profile names and puts them in a fixed order.
func (b *builder) profiles(names []directiveArg) []profile.Profile {
	want := map[profile.Profile]bool{}
	for _, n := range names {
		p, err := profile.ParseProfile(n.text)
		if err != nil {
			b.errorf(b.position(n.pos), "%v", err)
			continue
		}
		want[p] = true
	}
	var out []profile.Profile
	for _, p := range profile.Profiles() {
		if want[p] {
			out = append(out, p)
		}
	}
	return out
}

// rootName is the name of a tool or a schema root: name=, else the
// snake_case type name. It reports a name that breaks the tool-name rule,
// or that taken, pairs of a name and the type that has it, holds.
func (b *builder) rootName(tn *types.TypeName, d directive, what string, taken []string) (string, bool) {
	name, namePos := snakeCase(tn.Name()), b.position(d.pos)
	if a, ok := d.arg("name"); ok {
		name, namePos = a.text, b.position(a.pos)
	}
	if !toolName.MatchString(name) {
		b.errorf(namePos, "%s name %q must match %s (a letter, then up to 63 letters, digits, _ or -)", what, name, toolName)
		return "", false
	}
	for i := 0; i+1 < len(taken); i += 2 {
		if taken[i] == name {
			b.errorf(namePos, "%s name %q is already used by %s", what, name, taken[i+1])
			return "", false
		}
	}
	return name, true
}

// directiveProfiles are the profiles a tool or schema directive asks for,
// with those of the run (Config.Profiles), checked and in a fixed order.
func (b *builder) directiveProfiles(d directive) []profile.Profile {
	profiles := d.all("profile")
	for _, p := range b.cfg.Profiles {
		profiles = append(profiles, directiveArg{text: p, pos: d.pos})
	}
	return b.profiles(profiles)
}

// bigInts reads a tool's bigints= argument: string or number, for a tool
// with a profile to apply it to.
func (b *builder) bigInts(t *model.Tool, a directiveArg) profile.BigInts {
	pos := b.position(a.pos)
	var choice profile.BigInts
	switch a.text {
	case "string":
		choice = profile.BigIntsString
	case "number":
		choice = profile.BigIntsNumber
	default:
		b.errorf(pos, "bigints=%s: want bigints=string (integers beyond 2^53 as decimal strings) or bigints=number", a.text)
		return profile.BigIntsDefault
	}
	if len(t.Profiles) == 0 {
		b.errorf(pos, "bigints= applies to profile documents, and tool %s has none: add profile=NAME", t.Name)
	}
	return choice
}

// noRepair reads a tool's repair= argument: on (the default) or off.
func (b *builder) noRepair(a directiveArg) bool {
	switch a.text {
	case "on":
		return false
	case "off":
		return true
	}
	b.errorf(b.position(a.pos), "repair=%s: want repair=off (each repair an error that says what to send) or repair=on, the default", a.text)
	return false
}

// declareTool models a //unionflat:tool struct, or union: a call then
// picks the variant by the discriminator at the root of its arguments.
func (b *builder) declareTool(tn *types.TypeName) {
	pos := b.position(tn.Pos())
	d, _ := b.directive(tn, "tool")
	var input model.StructOrUnion
	switch {
	case b.unions[tn] != nil:
		input.Union = b.unions[tn]
	case isInterface(tn):
		if _, union := b.directive(tn, "union"); !union {
			b.errorf(pos, "//unionflat:tool %s: interface %s is not a union: mark it //unionflat:union as well, and each call picks a variant by its discriminator", tn.Name(), tn.Name())
		}
		return // or an invalid union, already reported
	default:
		named, _ := tn.Type().(*types.Named)
		if _, ok := tn.Type().Underlying().(*types.Struct); !ok || named == nil || tn.IsAlias() {
			b.errorf(pos, "//unionflat:tool %s must be a struct type or a //unionflat:union interface", tn.Name())
			return
		}
		if named.TypeParams().Len() > 0 {
			b.errorf(pos, "//unionflat:tool %s must not be generic", tn.Name())
			return
		}
	}
	var taken []string
	for _, other := range b.out.Tools {
		taken = append(taken, other.Name, other.GoName())
	}
	name, nameOK := b.rootName(tn, d, "tool", taken)
	if input.Union == nil {
		// under a wrong name too, so that its fields are checked in the same run
		if input.Struct = b.structOf(tn); input.Struct == nil {
			return
		}
	}
	t := &model.Tool{StructOrUnion: input, Name: name, Description: b.typeDocs[tn], Pos: pos, Profiles: b.directiveProfiles(d)}
	if a, ok := d.arg("output"); ok {
		t.Output = b.toolOutput(t, a)
	}
	if a, ok := d.arg("bigints"); ok {
		t.BigInts = b.bigInts(t, a)
	}
	if a, ok := d.arg("repair"); ok {
		t.NoRepair = b.noRepair(a)
	}
	if a, ok := d.arg("title"); ok {
		t.Title = a.text
	}
	if a, ok := d.arg("description"); ok {
		t.Description = a.text
	}
	for i, key := range hintArgs {
		t.Hints[i] = d.hint(key)
	}
	if nameOK {
		b.out.Tools = append(b.out.Tools, t)
		if t.Union != nil {
			t.Union.Tool = t
		}
	}
}
