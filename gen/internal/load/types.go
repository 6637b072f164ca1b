package load

import (
	"cmp"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// structOf models a named struct type once; recursive types find the
// struct already registered.
func (b *builder) structOf(tn *types.TypeName) *model.Struct {
	if st, ok := b.structs[tn]; ok {
		return st
	}
	// A type met again below a struct refers to itself through the
	// struct, which is modelled once.
	defer func(m map[*types.TypeName]bool) { b.modelling = m }(b.modelling)
	b.modelling = nil
	mark := len(b.diags)
	st := &model.Struct{
		Named: model.Named{Pkg: tn.Pkg().Path(), Name: tn.Name()},
		Pos:   b.position(tn.Pos()),
		Doc:   b.typeDocs[tn],
		Local: tn.Pkg() == b.p.Types,
	}
	st.Shape = shapeOf(tn.Type().Underlying().(*types.Struct), b.p.Types)
	if _, open := b.directive(tn, "open"); open {
		st.Open = true
	}
	if named, ok := tn.Type().(*types.Named); ok {
		b.checkSchemaHooks(named, st.Pos)
		b.checkJSONMethods(named, st.Pos, st.Local)
		if st.Local {
			st.Selectors = b.selectors(named)
		}
	}
	b.structs[tn] = st
	b.out.Structs = append(b.out.Structs, st)
	var cands []candidate
	b.collectFields(tn.Type().Underlying().(*types.Struct), nil, 0, map[*types.Struct]bool{}, &cands, &st.Embeds)
	cands = b.inlineField(st, cands)
	for _, f := range b.dominantFields(st, cands) {
		if f.Hidden {
			st.Hidden = append(st.Hidden, f)
		} else {
			st.Fields = append(st.Fields, f)
		}
	}
	b.hiddenAlwaysWritten(st)
	if !st.Local {
		b.foreignDurations(st)
		// Found at positions in the other package: each use reports them.
		b.foreign[tn] = slices.Clone(b.diags[mark:])
		b.diags = b.diags[:mark]
	}
	return st
}

// reportForeign reports, at a field of this package that brings in obj,
// a struct of another package, what is wrong in obj, each with where in
// obj it is.
func (b *builder) reportForeign(obj *types.TypeName, pos token.Position, what string) {
	for _, d := range b.foreign[obj] {
		b.errorf(pos, "%s: in %s.%s (%s): %s", what, obj.Pkg().Name(), obj.Name(), shortPos(d.Pos), d.Msg)
	}
}

// bringIn puts the diagnostics found since mark, in the fields of an
// embedded struct of another package, at the field that embeds it, which
// is the position of those fields from then on.
func (b *builder) bringIn(mark int, pos token.Position, named *types.Named) {
	for i := mark; i < len(b.diags); i++ {
		d := b.diags[i]
		b.diags[i] = model.Diagnostic{Pos: pos, Msg: fmt.Sprintf("embedded %s.%s (%s): %s", named.Obj().Pkg().Name(), named.Obj().Name(), shortPos(d.Pos), d.Msg)}
	}
}

// candidate is a field before encoding/json's dominance rules pick the one
// that serves a JSON name.
type candidate struct {
	field  *model.Field
	depth  int
	tagged bool
	inline bool // json:",inline"
}

// collectFields walks a struct as encoding/json does: exported fields,
// fields of embedded structs promoted, json:"-" skipped.
func (b *builder) collectFields(st *types.Struct, path []string, depth int, visiting map[*types.Struct]bool, out *[]candidate, embeds *[]model.Named) {
	visiting[st] = true
	defer delete(visiting, st)
	for i := range st.NumFields() {
		v := st.Field(i)
		tag := reflect.StructTag(st.Tag(i))
		jt := parseJSONTag(tag)
		if jt.Skip {
			continue
		}
		pos := b.position(v.Pos())
		if v.Embedded() && !jt.Tagged {
			t := types.Unalias(v.Type())
			_, isPtr := t.(*types.Pointer)
			if isPtr {
				t = types.Unalias(t.(*types.Pointer).Elem())
			}
			if named, ok := t.(*types.Named); ok {
				if inner, ok := named.Underlying().(*types.Struct); ok {
					switch {
					case isPtr:
						b.errorf(pos, "embedded pointer *%s is not supported: embed the struct by value", named.Obj().Name())
					case !visiting[inner]:
						*embeds = append(*embeds, model.Named{Pkg: named.Obj().Pkg().Path(), Name: named.Obj().Name()})
						mark, first := len(b.diags), len(*out)
						b.collectFields(inner, append(slices.Clip(path), v.Name()), depth+1, visiting, out, embeds)
						if named.Obj().Pkg() != st.Field(i).Pkg() {
							// What is found in them later stands there too.
							b.bringIn(mark, pos, named)
							for _, c := range (*out)[first:] {
								c.field.Pos = pos
							}
						}
					}
					continue
				}
			}
		}
		if !v.Exported() {
			continue
		}
		name := jt.Name
		if name == "" {
			name = v.Name()
		}
		if f := b.field(v, tag, jt, append(slices.Clip(path), v.Name()), name, pos); f != nil {
			*out = append(*out, candidate{field: f, depth: depth, tagged: jt.Tagged, inline: jt.Inline})
		}
	}
}

// dominantFields applies encoding/json's rule to fields sharing a JSON
// name: the shallowest wins, then the one with a json tag; a tie hides the
// name, which unionflat reports rather than drop silently.
func (b *builder) dominantFields(st *model.Struct, cands []candidate) []*model.Field {
	byName := map[string][]candidate{}
	for _, c := range cands {
		byName[c.field.JSONName] = append(byName[c.field.JSONName], c)
	}
	var out []*model.Field
	for _, c := range cands {
		group := byName[c.field.JSONName]
		best := slices.MinFunc(group, func(x, y candidate) int { return cmp.Compare(x.depth, y.depth) })
		var top []candidate
		for _, g := range group {
			if g.depth == best.depth && (g.tagged || !slices.ContainsFunc(group, func(o candidate) bool { return o.depth == best.depth && o.tagged })) {
				top = append(top, g)
			}
		}
		if len(top) > 1 {
			if top[0].field == c.field {
				b.errorf(c.field.Pos, "JSON name %q of %s is ambiguous: fields %s and %s both claim it", c.field.JSONName, st.Name, strings.Join(top[0].field.GoPath, "."), strings.Join(top[1].field.GoPath, "."))
			}
			continue
		}
		if top[0].field == c.field {
			out = append(out, c.field)
		}
	}
	return out
}

// field models one struct field with its tags.
func (b *builder) field(v *types.Var, tag reflect.StructTag, jt jsonTag, path []string, name string, pos token.Position) *model.Field {
	goName := strings.Join(path, ".")
	t := b.typeOf(v.Type(), pos, "field "+goName)
	if t == nil {
		// The type is refused; what is wrong in the tag regardless of
		// it is reported in the same run.
		b.reportAll(pos, "field "+goName, tagProblems(tag.Get("jsonschema")))
		return nil
	}
	if jt.String {
		b.errorf(pos, "field %s: the json ,string option is not supported: drop it (a decoder of a tool reads a number sent in quotes as the number, and says so)", goName)
	}
	if jt.Tagged && !validJSONName(jt.Name) {
		b.errorf(pos, "field %s: encoding/json ignores the json name %q, which holds a character it does not accept, and writes the field as %s: use letters, digits, spaces and !#$%%&()*+-./:;<=>?@[]^_{|}~ only", goName, jt.Name, v.Name())
	}
	f := &model.Field{GoPath: path, JSONName: name, Type: t, Required: !jt.OmitEmpty, JSONOptions: jt.Options, Doc: b.fieldDoc(v), Pos: pos}
	f.OmitZero = b.omitZeroTest(v.Type(), jt, pos, goName)
	if t.Kind == model.KindNullable {
		f.Required = false // only the tag can make it so, which is reported
	}
	problems, skip := readSchemaTag(f, tag.Get("jsonschema"))
	b.reportAll(pos, "field "+goName, problems)
	if skip {
		f.Hidden = true
		return f
	}
	if t.Kind == model.KindNullable {
		b.nullableField(f, pos, goName)
	} else if inner := nestedNullable(t); inner != nil {
		b.errorf(pos, "field %s: %s is supported only as a field's own type, not as an item or a map value: use a pointer (*%s) there, whose nil is null", goName, nullableString(inner), model.TypeString(inner.Elem))
		return nil
	}
	b.reportAll(pos, "field "+goName, readTagExtras(f, tag))
	b.reportAll(pos, "field "+goName, fieldRuleProblems(f))
	if p := b.uniqueItemsProblem(f.Rules, v.Type()); p != "" {
		b.errorf(pos, "field %s: %s", goName, p)
	}
	if elem := model.ContainerElem(t); elem != nil {
		b.reportAll(pos, "field "+goName+", its items", ruleConflicts(f.ItemRules, elem))
	}
	return f
}

// readSchemaTag reads a field's jsonschema tag into f: its flags, and its
// rules, each on the field or on its items. skip reports the flag -.
func readSchemaTag(f *model.Field, tag string) (problems []*problem, skip bool) {
	if isDescriptionTag(tag) {
		// go-sdk's style: the whole tag is the description.
		f.Rules.Description = tag
		return nil, false
	}
	add := func(p *problem) {
		if p != nil {
			problems = append(problems, p)
		}
	}
	var cut patternCut
	for i, it := range splitSchemaTag(tag) {
		switch {
		case it.Flag && it.Key == "-":
			return problems, true
		case it.Flag && !schemaFlags[it.Key] && cut.pattern != "":
			cut.flags = append(cut.flags, it.Key)
			continue
		}
		add(cut.flush())
		if it.Flag {
			add(readFlag(f, it, i == 0, tag))
			continue
		}
		if it.Key == "pattern" {
			cut.pattern = it.Value
		}
		add(applyFieldRule(f, it))
	}
	add(cut.flush())
	return problems, false
}

// tagProblems is what is wrong in a jsonschema tag whatever the field's
// type: unknown keys and flags, and number keys whose values are no
// numbers.
func tagProblems(tag string) []*problem {
	if isDescriptionTag(tag) {
		return nil
	}
	var out []*problem
	for i, it := range splitSchemaTag(tag) {
		var p *problem
		switch {
		case it.Flag && !schemaFlags[it.Key]:
			p = unknownFlag(it, i == 0, tag)
		case it.Flag:
		case unionKeys[it.Key]:
			p = problemf("jsonschema key %q is not supported: declare the union as a //unionflat:union interface", it.Key)
		case !slices.Contains(tagKeys, it.Key):
			p = unknownKey(it.Key)
		case numberField(&model.Rules{}, it.Key) != nil:
			p = numberRule(&model.Rules{}, it, scalarNumber)
		}
		if p != nil {
			out = append(out, p)
		}
	}
	return out
}

// patternCut gathers the unknown flags right after a pattern=: most
// likely the rest of the pattern, cut at its commas, so they are reported
// together.
type patternCut struct {
	pattern string
	flags   []string
}

// flush reports the flags gathered, if any, and starts again.
func (c *patternCut) flush() *problem {
	var p *problem
	if len(c.flags) > 0 {
		p = cutPattern(c.pattern, c.flags)
	}
	*c = patternCut{}
	return p
}

// readFlag sets a bare flag of the jsonschema tag: required or nullable.
func readFlag(f *model.Field, it tagItem, first bool, tag string) *problem {
	switch it.Key {
	case "required":
		f.Required = true
	case "nullable":
		f.Nullable = true
	default:
		return unknownFlag(it, first, tag)
	}
	return nil
}

// applyFieldRule applies a key=value of the jsonschema tag to the field,
// or to its items for the keys invopop passes down to them.
func applyFieldRule(f *model.Field, it tagItem) *problem {
	if elem := model.ContainerElem(f.Type); elem != nil && !fieldLevelKeys[it.Key] {
		return applyRule(&f.ItemRules, it, elem)
	}
	return applyRule(&f.Rules, it, f.Type)
}

// readTagExtras reads jsonschema_description and jsonschema_extras, whose
// const= is a literal of the field's own kind.
func readTagExtras(f *model.Field, tag reflect.StructTag) []*problem {
	if d, ok := tag.Lookup("jsonschema_description"); ok {
		f.Rules.Description = d
	}
	x, ok := tag.Lookup("jsonschema_extras")
	if !ok {
		return nil
	}
	constText, hasConst, extras, problems := parseExtras(x)
	if t := f.Type; hasConst && (model.IsDuration(t) || (model.ContainerElem(t) != nil && model.IsDuration(model.ContainerElem(t)))) {
		problems = append(problems, problemf("jsonschema_extras const=%q does not apply to a time.Duration, a string in Go's duration syntax that the decoder reads as a length of time: bound it with minimum= and maximum= (minimum=%s,maximum=%s)", constText, constText, constText))
		hasConst = false
	}
	if hasConst {
		lit, p := literalFor(constText, ScalarOf(f.Type))
		if p != nil {
			problems = append(problems, p.in(fmt.Sprintf("jsonschema_extras const=%q", constText)))
		}
		f.Rules.Const = lit
	}
	f.Rules.Extras = extras
	return problems
}

// fieldRuleProblems judges the field's rules once read: rules that leave
// no value, a default that cannot apply, a duration a generated
// MarshalJSON cannot write.
func fieldRuleProblems(f *model.Field) []*problem {
	problems := ruleConflicts(f.Rules, f.Type)
	for _, p := range []*problem{defaultProblem(f), durationProblem(f.Type)} {
		if p != nil {
			problems = append(problems, p)
		}
	}
	if p := nullZeroProblem(f); p != "" {
		problems = append(problems, problemf("%s", p))
	}
	return problems
}

// typeOf reduces a Go type to the model, reporting what JSON cannot carry.
func (b *builder) typeOf(t types.Type, pos token.Position, what string) *model.Type {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return b.namedType(t, pos, what, false)
	case *types.Basic:
		return b.basicType(t, pos, what)
	case *types.Pointer:
		if _, ok := types.Unalias(t.Elem()).Underlying().(*types.Pointer); ok {
			b.errorf(pos, "%s: pointers to pointers are not supported: use one pointer", what)
			return nil
		}
		var elem *model.Type
		if n, ok := types.Unalias(t.Elem()).(*types.Named); ok {
			elem = b.namedType(n, pos, what, true)
		} else {
			elem = b.typeOf(t.Elem(), pos, what)
		}
		switch {
		case elem == nil:
			return nil
		case elem.Kind == model.KindUnion:
			b.errorf(pos, "%s: a pointer to union %s is not supported: use the interface itself (nil is absent)", what, elem.Union.Name)
			return nil
		}
		return &model.Type{Kind: model.KindPointer, Elem: elem}
	case *types.Slice:
		if e, ok := t.Elem().(*types.Basic); ok && e.Kind() == types.Byte {
			return &model.Type{Kind: model.KindBytes}
		}
		if n, ok := types.Unalias(t.Elem()).(*types.Named); ok && isByteKind(n) && !hasMethod(n, "MarshalJSON") && !hasMethod(n, "MarshalText") {
			b.errorf(pos, "%s: encoding/json writes a slice of %s, whose kind is uint8, as base64 text, not as the array of numbers its Go type is: use []byte for the bytes, or an array type ([N]%s) or a wider element type for the numbers", what, n.Obj().Name(), n.Obj().Name())
			return nil
		}
		elem := b.typeOf(t.Elem(), pos, what)
		if elem == nil {
			return nil
		}
		return &model.Type{Kind: model.KindSlice, Elem: elem}
	case *types.Array:
		elem := b.typeOf(t.Elem(), pos, what)
		if elem == nil {
			return nil
		}
		return &model.Type{Kind: model.KindArray, Len: t.Len(), Elem: elem}
	case *types.Map:
		key, ok := b.mapKey(t.Key(), pos, what)
		if !ok {
			return nil
		}
		elem := b.typeOf(t.Elem(), pos, what)
		if elem == nil {
			return nil
		}
		return &model.Type{Kind: model.KindMap, Key: key, Elem: elem}
	case *types.Interface:
		if t.Empty() {
			// any: a free-form value, as encoding/json reads it.
			return &model.Type{Kind: model.KindAny}
		}
		b.errorf(pos, "%s: interface type %s is not a union: declare a sealed interface with //unionflat:union", what, t)
		return nil
	case *types.Struct:
		b.errorf(pos, "%s: anonymous struct types are not supported: declare a named struct type", what)
		return nil
	case *types.TypeParam:
		b.errorf(pos, "%s: type parameters are not supported", what)
		return nil
	}
	if msg := b.typeErrorAt(pos); msg != "" {
		b.errorf(pos, "%s: %s", what, msg)
		return nil
	}
	b.errorf(pos, "%s: type %s cannot be represented in JSON: leave the field out with json:\"-\"", what, t)
	return nil
}

// lostState says why encoding/json loses every value of obj, a struct
// type whose state is all in unexported fields of another package
// (time.Location, url.Userinfo, or type Stamp time.Time, which keeps
// time.Time's fields and none of its methods), or "": it writes {} and
// reads nothing into it.
func (b *builder) lostState(obj *types.TypeName, st *types.Struct) string {
	if !opaqueStruct(st) || st.Field(0).Pkg() == b.p.Types {
		return ""
	}
	const lost = "encoding/json writes it as {} and reads nothing into it, so its value would be lost"
	if obj.Pkg() != b.p.Types {
		return fmt.Sprintf("%s.%s keeps its state in unexported fields: %s; use a type of your own (a string with a format, say)", obj.Pkg().Name(), obj.Name(), lost)
	}
	over := b.declaredOver(obj)
	if over == "" {
		over = "a struct of package " + st.Field(0).Pkg().Name()
	}
	return fmt.Sprintf("%s is declared over %s and keeps only its unexported fields, none of its methods: %s; declare it as an alias (type %s = %s), or use %s itself",
		obj.Name(), over, lost, obj.Name(), over, over)
}

// declaredOver is the type a type of this package is declared over
// (time.Time for type Stamp time.Time) as its source spells it, or "".
func (b *builder) declaredOver(obj *types.TypeName) string {
	if x := b.typeExprs[obj]; x != nil {
		return types.ExprString(x)
	}
	return ""
}

// opaqueStruct reports whether encoding/json reads and writes nothing of
// a struct that has fields: none is exported, and none is embedded (an
// embedded struct may promote exported fields).
func opaqueStruct(st *types.Struct) bool {
	for i := range st.NumFields() {
		if f := st.Field(i); f.Exported() || f.Embedded() {
			return false
		}
	}
	return st.NumFields() > 0
}

// isByteKind reports whether n's underlying type is uint8 (byte).
func isByteKind(n *types.Named) bool {
	u, ok := n.Underlying().(*types.Basic)
	return ok && u.Kind() == types.Uint8
}

// basicTypes are the Go basic types JSON carries, as the model has them.
var basicTypes = map[types.BasicKind]model.Type{
	types.String: {Kind: model.KindString}, types.Bool: {Kind: model.KindBool},
	types.Int: {Kind: model.KindInt}, types.Int8: {Kind: model.KindInt, Bits: 8}, types.Int16: {Kind: model.KindInt, Bits: 16},
	types.Int32: {Kind: model.KindInt, Bits: 32}, types.Int64: {Kind: model.KindInt, Bits: 64},
	types.Uint: {Kind: model.KindUint}, types.Uint8: {Kind: model.KindUint, Bits: 8}, types.Uint16: {Kind: model.KindUint, Bits: 16},
	types.Uint32: {Kind: model.KindUint, Bits: 32}, types.Uint64: {Kind: model.KindUint, Bits: 64},
	types.Float32: {Kind: model.KindFloat, Bits: 32}, types.Float64: {Kind: model.KindFloat, Bits: 64},
}

func (b *builder) basicType(t *types.Basic, pos token.Position, what string) *model.Type {
	if m, ok := basicTypes[t.Kind()]; ok {
		return &m
	}
	switch t.Kind() {
	case types.Uintptr:
		b.errorf(pos, "%s: type uintptr is not supported: use uint64, which encoding/json writes as the same number", what)
		return nil
	case types.Invalid:
		msg := b.typeErrorAt(pos)
		if msg == "" {
			msg = "the type does not type-check"
		}
		b.errorf(pos, "%s: %s", what, msg)
		return nil
	}
	b.errorf(pos, "%s: type %s cannot be represented in JSON: leave the field out with json:\"-\"", what, t)
	return nil
}

var (
	timeTime       = model.Named{Pkg: "time", Name: "Time"}
	timeDuration   = model.Named{Pkg: "time", Name: "Duration"}
	jsonRawMessage = model.Named{Pkg: "encoding/json", Name: "RawMessage"}
	jsonNumberType = model.Named{Pkg: "encoding/json", Name: "Number"}
	// runtimeNullable is the generic type itself, whatever its type
	// argument.
	runtimeNullable = model.Named{Pkg: model.RuntimePath, Name: "Nullable"}
)

// namedType models a named type; pointee says it is what a pointer points
// at (see textType).
func (b *builder) namedType(n *types.Named, pos token.Position, what string, pointee bool) *model.Type {
	obj := n.Obj()
	if obj.Pkg() == nil {
		b.errorf(pos, "%s: type %s cannot be represented in JSON: leave the field out with json:\"-\"", what, obj.Name())
		return nil
	}
	name := model.Named{Pkg: obj.Pkg().Path(), Name: obj.Name()}
	if b.modelling[obj] {
		return b.selfReference(obj, name)
	}
	b.useImport(obj)
	switch {
	case name == timeTime:
		return &model.Type{Kind: model.KindTime, Named: &name}
	case name == timeDuration:
		return &model.Type{Kind: model.KindDuration, Named: &name}
	case name == jsonRawMessage:
		return &model.Type{Kind: model.KindRaw, Named: &name}
	case name == jsonNumberType:
		// A string type that encoding/json reads from and writes as a
		// number: described as a string, it would be a wrong schema.
		b.errorf(pos, "%s: json.Number is a JSON number, not the string its Go type is, so unionflat cannot describe it: use int64 or float64, or json.RawMessage to keep a number's text", what)
		return nil
	}
	if name == runtimeNullable {
		return b.nullableType(n, pos, what, pointee)
	}
	if p := b.nameProblem(n, "type"); p != "" {
		b.errorf(pos, "%s: %s", what, p)
		return nil
	}
	if u := b.unions[obj]; u != nil {
		return &model.Type{Kind: model.KindUnion, Union: u, Named: &name, Doc: u.Doc}
	}
	b.checkSchemaHooks(n, pos)
	// encoding/json asks for the JSON methods before the text ones.
	if hasMethod(n, "UnmarshalJSON") {
		b.errorf(pos, "%s: %s implements json.Unmarshaler, so its JSON shape is unknown to unionflat: use json.RawMessage and decode it in your handler, or a type of yours with MarshalText and UnmarshalText (a string)", what, obj.Name())
		return nil
	}
	if !b.writtenAsItself(n, pos, what) {
		return nil
	}
	if hasMethod(n, "UnmarshalText") {
		return b.textType(n, name, pos, what, pointee)
	}
	var t *model.Type
	switch u := n.Underlying().(type) {
	case *types.Struct:
		if p := b.lostState(obj, u); p != "" {
			b.errorf(pos, "%s: %s", what, p)
			return nil
		}
		st := b.structOf(obj)
		b.reportForeign(obj, pos, what)
		t = &model.Type{Kind: model.KindStruct, Struct: st}
	case *types.Basic:
		t = b.basicType(u, pos, what)
		switch {
		case t != nil && t.Kind == model.KindString:
			t.Enum = b.enumOf(n)
		case t != nil && (t.Kind == model.KindInt || t.Kind == model.KindUint):
			t.Consts = b.intConsts(n)
		}
	case *types.Interface:
		if !u.Empty() {
			b.errorf(pos, "%s: interface %s is not a union: mark it //unionflat:union", what, obj.Name())
			return nil
		}
		// type Value any: a free-form value, as any is.
		t = &model.Type{Kind: model.KindAny}
	default:
		t = b.containerType(obj, u, pos, what)
	}
	if t == nil {
		return nil
	}
	t.Named = &name
	t.Doc = b.typeDocs[obj]
	return t
}

// containerType models a named slice, array, map or pointer type, whose
// element types may lead back to it with no struct between: then it is
// a Def, which its first model describes.
func (b *builder) containerType(obj *types.TypeName, u types.Type, pos token.Position, what string) *model.Type {
	if b.modelling == nil {
		b.modelling = map[*types.TypeName]bool{}
	}
	b.modelling[obj] = true
	t := b.typeOf(u, pos, what)
	delete(b.modelling, obj)
	if d := b.defs[obj]; d != nil && d.Type == nil && t != nil {
		d.Type = t
		b.out.Defs = append(b.out.Defs, d)
	}
	return t
}

// selfReference is a named type met again inside itself (see
// containerType): a reference to its Def.
func (b *builder) selfReference(obj *types.TypeName, name model.Named) *model.Type {
	d := b.defs[obj]
	if d == nil {
		d = &model.Def{Named: name, Pos: b.position(obj.Pos()), Local: obj.Pkg() == b.p.Types}
		b.defs[obj] = d
	}
	return &model.Type{Kind: model.KindRef, Def: d, Named: &name, Doc: b.typeDocs[obj]}
}

// writtenAsItself reports whether encoding/json writes n as its
// underlying type, and reports where it does not: a MarshalJSON writes
// what it returns, and a MarshalText without UnmarshalText writes a string
// that neither encoding/json nor the decoder reads back into n, so the
// schema would describe one shape and json.Marshal write another.
func (b *builder) writtenAsItself(n *types.Named, pos token.Position, what string) bool {
	name := n.Obj().Name()
	switch {
	case hasMethod(n, "MarshalJSON"):
		advice := "remove the method, or declare UnmarshalText and MarshalText to make it a string"
		if hasMethod(n, "UnmarshalText") {
			advice = "remove the method, and encoding/json writes it with MarshalText, as a string"
		}
		b.errorf(pos, "%s: %s implements json.Marshaler%s, so encoding/json writes what its MarshalJSON returns, a shape unknown to unionflat: %s", what, name, promotedFrom(n, "MarshalJSON"), advice)
		return false
	case hasMethod(n, "MarshalText") && !hasMethod(n, "UnmarshalText"):
		b.errorf(pos, "%s: %s has MarshalText%s but no UnmarshalText, so encoding/json writes it as a string and cannot read that back: declare func (*%s) UnmarshalText([]byte) error", what, name, promotedFrom(n, "MarshalText"), name)
		return false
	}
	return true
}

// jsonMethods are the methods encoding/json writes or reads a value with
// in place of its fields, in the order it asks for them.
var jsonMethods = []string{"MarshalJSON", "UnmarshalJSON", "MarshalText", "UnmarshalText"}

// checkJSONMethods reports a struct unionflat describes as its fields (a
// tool's input, a variant, a root) that has one of jsonMethods, its own
// or promoted from an embedded field (time.Time, netip.Addr): encoding/json
// would write and read the whole struct with that method, so the schema,
// the decoder and json.Marshal would each mean something else. A struct
// reached as a field's type is not described as fields when it has one
// (see namedType), so this reports only the structs taken as they are.
// A local struct's own methods are left to methodClashes, which knows
// which of them unionflat generates.
func (b *builder) checkJSONMethods(n *types.Named, pos token.Position, local bool) {
	for _, m := range jsonMethods {
		if !hasMethod(n, m) {
			continue
		}
		from := promotedFrom(n, m)
		if from == "" && local {
			continue
		}
		advice := "remove the method"
		if from != "" {
			advice = "give the embedded field a name and a json tag, so it is one property"
		}
		b.errorf(pos, "%s has %s%s, so encoding/json %s all of %s with it, not as the object of fields unionflat describes: %s",
			n.Obj().Name(), m, from, jsonVerb(m), n.Obj().Name(), advice)
		return
	}
}

// jsonVerb is what encoding/json does with one of jsonMethods.
func jsonVerb(method string) string {
	if strings.HasPrefix(method, "Unmarshal") {
		return "reads"
	}
	return "writes"
}

// promotedFrom says which embedded field a method of t comes from
// (" through its embedded Point"), or "" for t's own method.
func promotedFrom(t types.Type, method string) string {
	_, index, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, method)
	st, ok := t.Underlying().(*types.Struct)
	if len(index) < 2 || !ok {
		return ""
	}
	return " through its embedded " + st.Field(index[0]).Name()
}

// schemaHooks are invopop/jsonschema's methods that shape a type's
// schema when a program runs.
var schemaHooks = []string{"JSONSchema", "JSONSchemaExtend", "JSONSchemaAlias", "JSONSchemaProperty", "GetFieldDocString"}

// checkSchemaHooks reports, once per type, each invopop hook method it
// has: unionflat writes schemas when it generates and runs no user code,
// so the hook would be silently ignored. The position is the method's
// when the package declares it, else where the type is used.
func (b *builder) checkSchemaHooks(n *types.Named, use token.Position) {
	if b.hooksChecked[n.Obj()] {
		return
	}
	b.hooksChecked[n.Obj()] = true
	for _, h := range schemaHooks {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(n), true, nil, h)
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		if fn.Pkg() != b.p.Types {
			b.errorf(use, "%s.%s has invopop's %s method, a run-time hook that unionflat does not run (it writes schemas when generating): use a type of this package instead, described with jsonschema tags and doc comments", n.Obj().Pkg().Name(), n.Obj().Name(), h)
			continue
		}
		b.errorf(b.position(fn.Pos()), "%s has invopop's %s method, a run-time hook that unionflat does not run (it writes schemas when generating): say the same with jsonschema tags and doc comments (see package gen) and remove the method", n.Obj().Name(), h)
	}
}

// constsOf lists the constants of a named type whose values are of the
// given kind, from the package that declares it, in source order.
func (b *builder) constsOf(n *types.Named, kind constant.Kind) []*types.Const {
	var consts []*types.Const
	for _, c := range b.packageConsts(n.Obj().Pkg()) {
		if types.Identical(c.Type(), n) && c.Val().Kind() == kind {
			consts = append(consts, c)
		}
	}
	return consts
}

// packageConsts lists a package's package-level constants in source
// order, listed once: every field of an enum type looks for its values
// among them.
func (b *builder) packageConsts(pkg *types.Package) []*types.Const {
	if consts, ok := b.consts[pkg]; ok {
		return consts
	}
	scope := pkg.Scope()
	consts := []*types.Const{}
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok {
			consts = append(consts, c)
		}
	}
	slices.SortStableFunc(consts, func(a, c *types.Const) int { return sourceOrder(b.fset, a.Pos(), c.Pos()) })
	b.consts[pkg] = consts
	return consts
}

// hasMethod reports whether *T has the named method.
func hasMethod(t types.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, name)
	_, ok := obj.(*types.Func)
	return ok
}

// mapKey reads a map's key type: nil for string, or a named string type,
// which encoding/json writes and reads as the string itself. It reports
// false, with the reason, for any other key: a key of another kind, a
// string type with text methods (encoding/json reads such a key with
// UnmarshalText, but writes the string as it is), and a string type with
// constants, an enum, whose constants would have to check every key.
func (b *builder) mapKey(k types.Type, pos token.Position, what string) (*model.Named, bool) {
	switch k := types.Unalias(k).(type) {
	case *types.Basic:
		if k.Kind() == types.String {
			return nil, true
		}
	case *types.Named:
		u, ok := k.Underlying().(*types.Basic)
		if !ok || u.Kind() != types.String || k.Obj().Pkg() == nil {
			break
		}
		obj := k.Obj()
		switch p := b.nameProblem(k, "map key type"); {
		case p != "":
			b.errorf(pos, "%s: %s", what, p)
			return nil, false
		case hasMethod(k, "UnmarshalText") || hasMethod(k, "MarshalText"):
			b.errorf(pos, "%s: map key type %s has text methods, which encoding/json uses to read a key but not to write one: use a string type without them", what, obj.Name())
			return nil, false
		case len(b.enumOf(k)) > 0:
			b.errorf(pos, "%s: map keys of enum type %s are not supported, since its constants would have to check every key: use map[string] and check the keys in code, or a struct with a field per key", what, obj.Name())
			return nil, false
		}
		b.useImport(obj)
		return &model.Named{Pkg: obj.Pkg().Path(), Name: obj.Name()}, true
	}
	b.errorf(pos, "%s: map keys must be of a string type, not %s", what, k)
	return nil, false
}

// nameProblem says why generated code cannot name n, a noun ("type",
// "map key type") as the message calls it, or "" when it can: a generic
// type, or another package's unexported one.
func (b *builder) nameProblem(n *types.Named, noun string) string {
	obj := n.Obj()
	switch {
	case n.TypeArgs().Len() > 0:
		return fmt.Sprintf("generic %s %s is not supported", noun, n)
	case obj.Pkg() != b.p.Types && !obj.Exported():
		return fmt.Sprintf("%s %s.%s is not exported, so generated code cannot name it", noun, obj.Pkg().Name(), obj.Name())
	}
	return ""
}

// useImport records the import of the package a type from another
// package lives in, under its name, for the generated file.
func (b *builder) useImport(obj *types.TypeName) {
	if obj.Pkg() != b.p.Types {
		b.out.Imports[obj.Pkg().Path()] = obj.Pkg().Name()
	}
}

// enumOf lists the string constants of a named string type, from the
// package that declares it, in source order.
func (b *builder) enumOf(n *types.Named) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range b.constsOf(n, constant.String) {
		v := constant.StringVal(c.Val())
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
