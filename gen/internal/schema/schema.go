// Package schema builds the JSON Schemas of a modelled package: for each
// union, tool and root its lossless document, the flat one and the
// profile documents, and the output schema of a tool's result.
package schema

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/invopop/jsonschema"
	"github.com/unionflat/unionflat/gen/internal/model"

	orderedmap "github.com/pb33f/ordered-map/v2"
	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/flatten/profile"
)

// The lossless schema is built as an invopop/jsonschema Schema and
// marshalled by it. Where that model cannot say something, this file is
// the one place that works around it:
//
//   - a nullable property of a simple type is a type array ["T", "null"];
//     invopop's Schema.Type holds one name, so the array goes into Extras
//     (and lands after the other keywords);
//   - const, default, enum and examples values are JSON literals, carried
//     as json.RawMessage so that numbers keep their exact text.
//
// invopop writes keywords in its struct's order ($schema, $defs, ...,
// properties, ..., type, ..., description) and $defs sorted by name; the
// flat schema keeps that order, since flatten preserves it.

// draft is the JSON Schema dialect of every generated schema.
const draft = "https://json-schema.org/draft/2020-12/schema"

// Schemas are the two documents generated for a tool or a union.
type Schemas struct {
	Lossless []byte // indented JSON
	Flat     []byte // indented JSON
	// Unflattened lists what flatten had to leave alone, for the summary.
	Unflattened []flatten.Diagnostic
	// Profiles holds one document per target profile asked for.
	Profiles []ProfileSchema
	// Defs names the declaration behind each $defs entry of the
	// documents: a *Struct, *Union or *Def by entry name. The lossless and the
	// flat document name their entries alike, since both are built by
	// the same walk.
	Defs map[string]any
}

// ProfileSchema is the flat schema projected onto one target profile,
// with what its lint still finds (a finding is a diagnostic).
type ProfileSchema struct {
	Profile  profile.Profile
	Schema   []byte
	Findings []profile.Finding
}

// schemaDoc builds the documents of one tool or union root.
type schemaDoc struct {
	defs  jsonschema.Definitions
	names map[any]string // *Struct or *Union -> its $defs name
	taken map[string]any
	// forFlat builds the document that is flattened: a variant's doc
	// comment loses its leading Go type name (see structDoc), since
	// flatten lists variants' docs in the flat discriminator's
	// description after their values, where a Go name means nothing to a
	// model.
	forFlat bool
	// typeBounds gives int64 and uint64 their type's bounds too, for the
	// profile documents that write them as decimal strings and say the
	// range in words (see addProfiles); wordBounds int and uint too, for
	// bigints=string. By default an int or a uint, left without bounds,
	// stays a number there (the proto3 JSON convention).
	typeBounds, wordBounds bool
	// variants are the bodies of the variants a lossless document holds,
	// for buildSchemas to give them their flat descriptions and marshal
	// the same tree again as the document to flatten.
	variants []variantBody
	// openVariant: a variant the document holds is open
	// (//unionflat:open), so the document is flattened with Strict (see
	// flatOptions).
	openVariant bool
}

// flatOptions are the options the generator flattens a document with:
// inlined and nullable as the profiles want it, and Strict where a
// variant is open. An open variant takes another variant's key with any
// value; rule 3's one reading would not advertise that, and the
// generated comment says the flat schema accepts everything the lossless
// one does.
func (d *schemaDoc) flatOptions() flatten.Options {
	return flatten.Options{Indent: "  ", InlineRefs: true, NullableTypes: true, Strict: d.openVariant}
}

// variantBody is a variant's object schema in a lossless document.
type variantBody struct {
	s  *jsonschema.Schema
	st *model.Struct
}

func NewSchemaDoc(forFlat bool) *schemaDoc {
	return &schemaDoc{defs: jsonschema.Definitions{}, names: map[any]string{}, taken: map[string]any{}, forFlat: forFlat}
}

// ToolSchemas builds the lossless, flat and profile schemas of a tool
// input (see addProfiles).
func ToolSchemas(t *model.Tool) (Schemas, error) {
	build := func(d *schemaDoc) *jsonschema.Schema {
		var root *jsonschema.Schema
		if t.Union != nil {
			root = d.unionBody(t.Union)
		} else {
			root = d.structBody(t.Struct)
		}
		root.Description = "" // the tool descriptor carries it
		return root
	}
	s, err := buildSchemas(build)
	if err != nil {
		return s, err
	}
	return s, addProfiles(&s, t.Profiles, t.ProfileOptions(), build)
}

// UnionSchemas builds the lossless and flat schemas of a union.
func UnionSchemas(u *model.Union) (Schemas, error) {
	return buildSchemas(func(d *schemaDoc) *jsonschema.Schema { return d.unionBody(u) })
}

// buildSchemas builds a root once and marshals it twice: as the lossless
// document, then with its variants' flat descriptions as the one to
// flatten (see schemaDoc.forFlat), which it flattens.
func buildSchemas(build func(*schemaDoc) *jsonschema.Schema) (Schemas, error) {
	doc := NewSchemaDoc(false)
	root := doc.root(build)
	raw, err := marshalRoot(root)
	if err != nil {
		return Schemas{}, err
	}
	lossless, err := flatten.Reformat(raw, "  ")
	if err != nil {
		return Schemas{}, fmt.Errorf("marshal schema: %w", err)
	}
	for _, v := range doc.variants {
		if v.s.Description == v.st.Doc { // not replaced by the root's own (a union of one variant)
			v.s.Description = flatVariantDoc(v.st)
		}
	}
	toFlatten, err := marshalRoot(root)
	if err != nil {
		return Schemas{}, err
	}
	flat, err := flatten.JSON(toFlatten, doc.flatOptions())
	if err != nil {
		return Schemas{}, err
	}
	return Schemas{Lossless: lossless, Flat: flat.Schema, Unflattened: flat.Diagnostics, Defs: doc.taken}, nil
}

// boundedFlat is the flat schema of a root whose 64-bit integers carry
// their type's bounds, and under bigints=string its ints and uints too
// (see schemaDoc.typeBounds).
func boundedFlat(build func(*schemaDoc) *jsonschema.Schema, o profile.Options) ([]byte, error) {
	doc := NewSchemaDoc(true)
	doc.typeBounds = true
	doc.wordBounds = o.BigInts == profile.BigIntsString
	raw, err := marshalRoot(doc.root(build))
	if err != nil {
		return nil, err
	}
	flat, err := flatten.JSON(raw, doc.flatOptions())
	if err != nil {
		return nil, err
	}
	return flat.Schema, nil
}

// root builds the root of the document, with its definitions.
func (d *schemaDoc) root(build func(*schemaDoc) *jsonschema.Schema) *jsonschema.Schema {
	root := build(d)
	root.Version = draft
	if len(d.defs) > 0 {
		root.Definitions = d.defs
	}
	return root
}

// marshalRoot marshals a document's root with invopop's MarshalJSON.
func marshalRoot(root *jsonschema.Schema) ([]byte, error) {
	raw, err := json.Marshal(root)
	if err != nil {
		return nil, fmt.Errorf("marshal schema: %w", err)
	}
	return raw, nil
}

// structDoc is a struct's description: its doc comment, with a variant's
// leading Go type name (and an "is" after it) dropped in the document to
// flatten, since flatten lists each variant's description after its
// discriminator values: "TextPart is plain text" is listed as
// "text: plain text", "CreateChart renders a chart" as
// "create_chart: renders a chart".
func (d *schemaDoc) structDoc(st *model.Struct) string {
	if !d.forFlat || st.Variant == nil {
		return st.Doc
	}
	return flatVariantDoc(st)
}

// flatVariantDoc is a variant's description in the document to flatten
// (see structDoc).
func flatVariantDoc(st *model.Struct) string {
	rest, ok := strings.CutPrefix(st.Doc, st.Name)
	if !ok || rest == "" || isIdentRune(rest) {
		return st.Doc
	}
	rest = strings.TrimLeft(rest, " ")
	for _, verb := range []string{"is ", "are "} {
		if r, ok := strings.CutPrefix(rest, verb); ok {
			return r
		}
	}
	return rest
}

// isIdentRune reports whether s starts with a letter, digit or _.
func isIdentRune(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// ref names the $defs entry of a struct or union, building it on first use.
func (d *schemaDoc) ref(key any, name string, build func() *jsonschema.Schema) *jsonschema.Schema {
	if n, ok := d.names[key]; ok {
		return &jsonschema.Schema{Ref: "#/$defs/" + n}
	}
	n := name
	for i := 2; d.taken[n] != nil; i++ {
		n = name + strconv.Itoa(i)
	}
	d.names[key] = n
	d.taken[n] = key
	d.defs[n] = build()
	return &jsonschema.Schema{Ref: "#/$defs/" + n}
}

// structBody is the object schema of a struct: its fields in Go order,
// the discriminator first for a variant that does not declare it.
func (d *schemaDoc) structBody(st *model.Struct) *jsonschema.Schema {
	s := &jsonschema.Schema{
		Type:        "object",
		Properties:  orderedmap.New[string, *jsonschema.Schema](),
		Description: d.structDoc(st),
	}
	if st.Variant != nil && !d.forFlat {
		d.variants = append(d.variants, variantBody{s, st})
	}
	d.openVariant = d.openVariant || st.Variant != nil && st.Open
	if !st.Open {
		s.AdditionalProperties = jsonschema.FalseSchema
	}
	if v := st.Variant; v != nil && v.Field == nil {
		s.Properties.Set(v.Union.Discriminator, discriminatorSchema(v))
		s.Required = append(s.Required, v.Union.Discriminator)
	}
	for _, f := range st.Fields {
		if f.Discriminator {
			ps := discriminatorSchema(st.Variant)
			ps.Description = describe(f, nil)
			s.Properties.Set(f.JSONName, ps)
		} else {
			s.Properties.Set(f.JSONName, d.fieldSchema(f))
		}
		if f.Required {
			s.Required = append(s.Required, f.JSONName)
		}
	}
	if st.Inline != nil {
		return d.inlineBody(st, s)
	}
	return s
}

// inlineBody is the schema of a struct that holds a union inline: a
// oneOf of one object per variant, each the struct's own properties and
// the variant's, its discriminator among them, both required lists, and
// the variant's description. A union of one variant is that one object.
func (d *schemaDoc) inlineBody(st *model.Struct, own *jsonschema.Schema) *jsonschema.Schema {
	u := st.InlineUnion()
	var merged []*jsonschema.Schema
	for _, v := range u.Variants {
		vs := d.structBody(v.Struct) // registered as a variant body: its description is made flat
		props := orderedmap.New[string, *jsonschema.Schema]()
		for p := own.Properties.Oldest(); p != nil; p = p.Next() {
			props.Set(p.Key, p.Value)
		}
		for p := vs.Properties.Oldest(); p != nil; p = p.Next() {
			props.Set(p.Key, p.Value)
		}
		vs.Properties = props
		vs.Required = append(slices.Clone(own.Required), vs.Required...)
		merged = append(merged, vs)
	}
	if len(merged) == 1 {
		merged[0].Description = own.Description
		return merged[0]
	}
	return &jsonschema.Schema{Description: own.Description, OneOf: merged}
}

func discriminatorSchema(v *model.Variant) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "string"}
	if len(v.Values) == 1 {
		s.Const = v.Values[0]
	} else {
		for _, val := range v.Values {
			s.Enum = append(s.Enum, val)
		}
	}
	return s
}

// unionBody is a oneOf of the variants' definitions. A union of one
// variant is that variant.
func (d *schemaDoc) unionBody(u *model.Union) *jsonschema.Schema {
	if len(u.Variants) == 1 {
		s := d.variantSchema(u.Variants[0], d.structBody)
		if u.Doc != "" {
			s.Description = u.Doc
		}
		return s
	}
	s := &jsonschema.Schema{Description: u.Doc}
	for _, v := range u.Variants {
		s.OneOf = append(s.OneOf, d.variantSchema(v, d.structRef))
	}
	return s
}

// variantSchema is a variant's schema: of its struct, by ofStruct, or of
// the named type of an untagged union's other variant.
func (d *schemaDoc) variantSchema(v *model.Variant, ofStruct func(*model.Struct) *jsonschema.Schema) *jsonschema.Schema {
	if v.Struct != nil {
		return ofStruct(v.Struct)
	}
	s := d.TypeSchema(v.Other)
	if s.Description == "" {
		s.Description = v.Other.Doc
	}
	return s
}

func (d *schemaDoc) structRef(st *model.Struct) *jsonschema.Schema {
	return d.ref(st, st.Name, func() *jsonschema.Schema { return d.structBody(st) })
}

func (d *schemaDoc) unionRef(u *model.Union) *jsonschema.Schema {
	return d.ref(u, u.Name, func() *jsonschema.Schema { return d.unionBody(u) })
}

// fieldSchema is a property: the type's schema with the field's rules,
// description and nullability.
func (d *schemaDoc) fieldSchema(f *model.Field) *jsonschema.Schema {
	s := d.TypeSchema(f.Type)
	rules, bounds := ownRules(f.Type, f.Rules)
	ApplyRules(s, rules)
	if elem := model.ContainerElem(f.Type); elem != nil {
		inner := s.Items
		if inner == nil {
			inner = s.AdditionalProperties
		}
		if inner != nil {
			items, itemBounds := ownRules(elem, f.ItemRules)
			ApplyRules(inner, items)
			inner.Description = joinSentences(inner.Description, itemBounds)
		}
	}
	t := model.DerefType(f.Type)
	s.Description = joinSentences(describe(f, f.Type), typeNote(t), bounds)
	if f.Nullable {
		s = nullable(s)
	}
	return s
}

// ownRules splits a value's rules into what the schema says as keywords
// and what only its description can say: the bounds of a duration, which
// a pattern cannot say.
func ownRules(t *model.Type, r model.Rules) (model.Rules, string) {
	if model.IsDuration(t) {
		return durationBounds(r)
	}
	return r, ""
}

// typeNote is what a type's schema says of itself, whatever holds it:
// the syntax of a duration, the names of an integer enum's values.
func typeNote(t *model.Type) string {
	switch {
	case t.Kind == model.KindDuration:
		return durationDescription
	case len(t.Consts) > 0:
		return constsSentence(t.Consts)
	}
	return ""
}

// describe picks a property's description: the tag's, else the field's
// doc comment, else the doc of its named scalar type.
func describe(f *model.Field, t *model.Type) string {
	switch {
	case f.Rules.Description != "":
		return f.Rules.Description
	case f.Doc != "":
		return f.Doc
	}
	t = model.DerefType(t)
	if t != nil && t.Kind != model.KindStruct && t.Kind != model.KindUnion {
		return t.Doc
	}
	return ""
}

// TypeSchema is the schema of a Go type, without field rules.
func (d *schemaDoc) TypeSchema(t *model.Type) *jsonschema.Schema {
	switch t.Kind {
	case model.KindString:
		s := &jsonschema.Schema{Type: "string"}
		for _, e := range t.Enum {
			s.Enum = append(s.Enum, e)
		}
		return s
	case model.KindText:
		return &jsonschema.Schema{Type: "string"}
	case model.KindTime:
		return &jsonschema.Schema{Type: "string", Format: "date-time"}
	case model.KindBytes:
		return &jsonschema.Schema{Type: "string", ContentEncoding: "base64"}
	case model.KindBool:
		return &jsonschema.Schema{Type: "boolean"}
	case model.KindInt, model.KindUint:
		s := &jsonschema.Schema{Type: "integer"}
		if len(t.Consts) > 0 {
			for _, c := range t.Consts {
				s.Enum = append(s.Enum, json.Number(c.Value))
			}
			s.Description = typeNote(t)
			return s // the enum says the bounds
		}
		if lo, hi, ok := model.IntBounds(t); ok {
			s.Minimum, s.Maximum = json.Number(lo), json.Number(hi)
		} else if lo, hi, ok := wideIntBounds(t); ok && d.typeBounds && (t.Bits == 64 || d.wordBounds) {
			s.Minimum, s.Maximum = json.Number(lo), json.Number(hi)
		} else if t.Kind == model.KindUint {
			s.Minimum = "0"
		}
		return s
	case model.KindDuration:
		return &jsonschema.Schema{Type: "string", Pattern: durationPattern, Description: typeNote(t)}
	case model.KindFloat:
		return &jsonschema.Schema{Type: "number"}
	case model.KindRaw, model.KindAny:
		return &jsonschema.Schema{}
	case model.KindStruct:
		return d.structRef(t.Struct)
	case model.KindUnion:
		return d.unionRef(t.Union)
	case model.KindRef:
		return d.ref(t.Def, t.Def.Name, func() *jsonschema.Schema {
			s := d.TypeSchema(t.Def.Type)
			s.Description = t.Def.Type.Doc
			return s
		})
	case model.KindPointer, model.KindNullable:
		// A Nullable's field is nullable: fieldSchema adds null.
		return d.TypeSchema(t.Elem)
	case model.KindSlice, model.KindArray, model.KindMap:
		return containerSchema(t, d.TypeSchema)
	}
	panic(fmt.Sprintf("gen: no schema for kind %d", t.Kind))
}

// containerSchema is the schema of a slice, an array (of its length) or
// a map, with elem the schema of each element: the lossless one's or
// the output's.
func containerSchema(t *model.Type, elem func(*model.Type) *jsonschema.Schema) *jsonschema.Schema {
	switch t.Kind {
	case model.KindArray:
		n := uint64(t.Len)
		return &jsonschema.Schema{Type: "array", Items: elem(t.Elem), MinItems: &n, MaxItems: &n}
	case model.KindMap:
		return &jsonschema.Schema{Type: "object", AdditionalProperties: elem(t.Elem)}
	}
	return &jsonschema.Schema{Type: "array", Items: elem(t.Elem)}
}

// wideIntBounds are the limits of int, int64, uint and uint64.
func wideIntBounds(t *model.Type) (lo, hi string, ok bool) {
	switch {
	case t.Kind == model.KindInt && (t.Bits == 0 || t.Bits == 64):
		return strconv.FormatInt(math.MinInt64, 10), strconv.FormatInt(math.MaxInt64, 10), true
	case t.Kind == model.KindUint && (t.Bits == 0 || t.Bits == 64):
		return "0", strconv.FormatUint(math.MaxUint64, 10), true
	}
	return "", "", false
}

// ApplyRules writes tag rules onto a schema.
func ApplyRules(s *jsonschema.Schema, r model.Rules) {
	s.Title = r.Title
	s.Format = firstNonEmpty(r.Format, s.Format)
	s.Pattern = firstNonEmpty(r.Pattern, s.Pattern)
	s.MinLength, s.MaxLength = r.MinLength, r.MaxLength
	s.MinItems = tighterCount(s.MinItems, r.MinItems, true)
	s.MaxItems = tighterCount(s.MaxItems, r.MaxItems, false)
	s.UniqueItems = r.UniqueItems
	s.Minimum = tighter(s.Minimum, r.Minimum, 1)
	s.Maximum = tighter(s.Maximum, r.Maximum, -1)
	s.ExclusiveMinimum = json.Number(r.ExclMinimum)
	s.ExclusiveMaximum = json.Number(r.ExclMaximum)
	s.MultipleOf = json.Number(r.MultipleOf)
	if len(r.Enum) > 0 {
		s.Enum = nil
		for _, e := range r.Enum {
			s.Enum = append(s.Enum, json.RawMessage(e))
		}
	}
	if r.Const != "" {
		s.Const = json.RawMessage(r.Const)
	}
	if r.Default != "" {
		s.Default = json.RawMessage(r.Default)
	}
	for _, e := range r.Examples {
		s.Examples = append(s.Examples, json.RawMessage(e))
	}
	s.ReadOnly, s.WriteOnly, s.Deprecated = r.ReadOnly, r.WriteOnly, r.Deprecated
	for _, x := range r.Extras {
		if s.Extras == nil {
			s.Extras = map[string]any{}
		}
		s.Extras[x.Key] = json.RawMessage(x.Value)
	}
}

// tighter keeps the stricter of a type's bound and a tag's: the larger
// minimum (sign 1) or the smaller maximum (sign -1).
func tighter(typeBound json.Number, tag string, sign int) json.Number {
	if tag == "" {
		return typeBound
	}
	if typeBound == "" {
		return json.Number(tag)
	}
	a, _ := new(big.Rat).SetString(string(typeBound))
	b, _ := new(big.Rat).SetString(tag)
	if a != nil && b != nil && a.Cmp(b)*sign > 0 {
		return typeBound
	}
	return json.Number(tag)
}

// tighterCount is the tighter of an item count the type says (an
// array's length) and the tag's: the greater for a minimum, the smaller
// for a maximum. A tag looser than an array's length leaves the length,
// which the decoder keeps.
func tighterCount(typeCount, tag *uint64, minimum bool) *uint64 {
	switch {
	case tag == nil:
		return typeCount
	case typeCount == nil:
		return tag
	}
	n := min(*typeCount, *tag)
	if minimum {
		n = max(*typeCount, *tag)
	}
	return &n
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// nullable lets a schema accept null too: a type array where the schema
// has a simple type (null joins its enum), an anyOf wrapper otherwise.
func nullable(s *jsonschema.Schema) *jsonschema.Schema {
	if s.Type == "" && s.Ref == "" && s.Const == nil && len(s.Enum) == 0 {
		return s // accepts anything already, null too
	}
	if s.Type == "" || s.Ref != "" {
		desc := s.Description
		s.Description = ""
		return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{s, {Type: "null"}}, Description: desc}
	}
	if s.Extras == nil {
		s.Extras = map[string]any{}
	}
	s.Extras["type"] = []string{s.Type, "null"}
	s.Type = ""
	if s.Const != nil {
		s.Enum, s.Const = []any{s.Const}, nil
	}
	if len(s.Enum) > 0 {
		s.Enum = append(s.Enum, nil)
	}
	return s
}
