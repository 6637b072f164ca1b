// Package model holds what the loader makes of a Go package: plain
// structs that name Go types by import path and name. Nothing in it refers
// to go/packages or go/types. Schema building and emission are pure
// functions of it. It also says how a modelled type is spelled in Go and
// when encoding/json writes a field (gocode.go), since the loader's checks
// and the emitters must agree on both.
//
// The stages run in one direction: load makes the model, schema builds
// documents from it, emit writes Go from both. naming is the table of
// generated identifiers that load checks for clashes and emit uses.
package model

import (
	"fmt"
	"go/token"
	"math/big"
	"slices"

	"github.com/unionflat/unionflat/flatten/profile"
)

// Package is one loaded Go package with its annotated declarations.
type Package struct {
	Path string // import path
	Name string // package name
	Dir  string // directory holding the sources

	Unions []*Union // in source order
	Tools  []*Tool  // in source order
	// Roots are the //unionflat:schema roots, in source order; Encoded
	// the types that get an EncodeT (roots and tool outputs), each once,
	// in the order first named (see output.go).
	Roots   []*Root
	Encoded []*Encoded
	// Structs lists every struct type the tools and unions reach, in the
	// order they were first reached; some may belong to other packages.
	Structs []*Struct
	// Defs lists the named types that hold themselves with no struct
	// between (type Tree []*Tree), in the order first reached.
	Defs []*Def
	// Outputs lists the generated files of earlier runs found beside the
	// sources (absolute paths).
	Outputs []string
	// Declared lists the package-level names the sources declare, sorted:
	// generated locals and imports are spelled to avoid them.
	Declared []string
	// Imports maps the import path of every other package a modelled type
	// belongs to onto that package's name.
	Imports map[string]string
}

// Named is a Go type name: Qual(Pkg, Name) in emitted code.
type Named struct {
	Pkg  string // import path
	Name string
}

func (n Named) String() string { return n.Name }

// Kind is the shape of a Go type as far as JSON is concerned.
type Kind int

const (
	KindString Kind = iota + 1
	KindBool
	KindInt   // signed integers, Bits wide (0 for int)
	KindUint  // unsigned integers, Bits wide (0 for uint)
	KindFloat // Bits 32 or 64
	KindTime  // time.Time: an RFC 3339 string
	KindText  // implements encoding.TextUnmarshaler: a string
	KindBytes // []byte: base64 text, as encoding/json writes it
	KindRaw   // json.RawMessage: any JSON value
	KindAny   // any (the empty interface): any JSON value, as encoding/json reads it
	KindStruct
	KindUnion
	KindSlice
	KindArray
	KindMap // keys of a string type
	KindPointer
	KindDuration // time.Duration: a string in Go's duration syntax
	// KindRef is a Def where it occurs inside itself: Def holds its type.
	KindRef
	// KindNullable is the runtime's Nullable[Elem]: absent, null or a
	// value of Elem. Only a struct field has it, and the field is then
	// optional and nullable.
	KindNullable

	// KindCount is one past the last kind: a table by kind has
	// KindCount entries, and a test holds each to it.
	KindCount
)

// kinds are the facts of each kind that every stage reads: the JSON type
// its values are written as ("" for a json.RawMessage, any value), and
// whether a Go value of it can be nil, which encoding/json writes as null.
// A pointer, a Nullable and a Def have no JSON type of their own: see
// Type.JSONType.
var kinds = [KindCount]struct {
	json    string
	nilable bool
}{
	KindString:   {json: "string"},
	KindBool:     {json: "boolean"},
	KindInt:      {json: "integer"},
	KindUint:     {json: "integer"},
	KindFloat:    {json: "number"},
	KindTime:     {json: "string"},
	KindText:     {json: "string"},
	KindBytes:    {json: "string", nilable: true},
	KindRaw:      {json: "", nilable: true},
	KindAny:      {json: "", nilable: true},
	KindStruct:   {json: "object"},
	KindUnion:    {json: "object", nilable: true},
	KindSlice:    {json: "array", nilable: true},
	KindArray:    {json: "array"},
	KindMap:      {json: "object", nilable: true},
	KindPointer:  {nilable: true},
	KindDuration: {json: "string"},
	KindRef:      {},
	KindNullable: {},
}

// JSONType is the JSON type a value of t is written as, through pointers,
// Nullables and Defs: "string", "boolean", "integer", "number", "array" or
// "object"; "" for a json.RawMessage, which may be any value.
func (t *Type) JSONType() string { return kinds[DerefType(t).Kind].json }

// TakesAnyValue reports whether t, through pointers and Defs, is a
// json.RawMessage or an any: a value of any JSON type, null included.
func (t *Type) TakesAnyValue() bool {
	k := DerefType(t).Kind
	return k == KindRaw || k == KindAny
}

// Nilable reports whether a Go value of t can be nil (a pointer, slice,
// map, []byte, union or json.RawMessage), through Defs: encoding/json
// writes nil as null.
func (t *Type) Nilable() bool {
	for t.Kind == KindRef {
		t = t.Def.Type
	}
	return kinds[t.Kind].nilable
}

// Type is a Go type reduced to what the schema and the decoder need.
type Type struct {
	Kind  Kind
	Named *Named // set for named types (type Format string, type Tags []string, ...)
	Bits  int    // integer and float width; 0 means int / uint
	Len   int64  // array length
	Elem  *Type  // slices, arrays, maps, pointers, Nullables
	// Key is a map's key type when it is a named string type (type
	// Locale string), nil for string.
	Key *Named
	// Struct and Union are set for the kinds of those names, Def for
	// KindRef.
	Struct *Struct
	Union  *Union
	Def    *Def
	// Enum lists the constants of a named string type, in source order.
	Enum []string
	// Consts lists the constants of a named integer type, in source
	// order: its enum.
	Consts []Const
	// Doc is the named type's doc comment, as a description.
	Doc string
	// MarshalText is set for a KindText type with a MarshalText method
	// on its value; one without is a named string, written as itself.
	MarshalText bool
	// TextBase is the kind of a KindText type's underlying type (a
	// struct, a string, a slice of bytes, ...), which omitempty and
	// omitzero look at to leave the field out.
	TextBase Kind
}

// Def is a named slice, array, map or pointer type that holds itself with
// no struct between (type Tree []*Tree, type Forest map[string]Forest,
// type Outline []Outline): its model is Type, where each occurrence of
// itself inside is a KindRef type pointing back here, and its schema is
// a $defs entry, as a recursive struct's is. It holds nothing but
// itself, since every type on the way has one element type.
type Def struct {
	Named
	Pos   token.Position
	Local bool
	Type  *Type
}

// Const is one constant of a named integer type.
type Const struct {
	Name  string
	Value string // decimal
	Doc   string // doc comment or trailing line comment
}

// Struct is a Go struct type and its JSON fields, embedded fields promoted
// as encoding/json promotes them.
type Struct struct {
	Named
	Pos    token.Position
	Doc    string
	Fields []*Field
	// Open structs accept unknown keys (//unionflat:open); structs are
	// closed (additionalProperties: false) by default.
	Open bool
	// Variant is set when the struct is a member of a union; InUntagged
	// instead when the union is untagged.
	Variant    *Variant
	InUntagged *Union
	// Local reports whether the struct is declared in the package being
	// generated (and so gets its own decoder file there).
	Local bool
	// Shape is every field of the struct as declared (unexported,
	// embedded and json:"-" ones too), which the compile-time guard of the
	// generated file spells out; nil when a field's type cannot be
	// spelled (see guard.go).
	Shape []GoField
	// Methods are the methods the generator declares on the struct, in
	// the order it writes them: MarshalJSON and Validate on variants,
	// Validate on tool inputs, UnmarshalJSON on both and on every local
	// struct that holds a union. The model step decides them (methods.go).
	Methods []string
	// Hidden are the fields tagged jsonschema:"-", which are not in
	// Fields: encoding/json writes them, and a closed struct's decoder
	// rejects them, so Validate reports one that would be written.
	Hidden []*Field
	// Selectors are the methods and fields the user declares on a local
	// struct, which no generated method may share a name with.
	Selectors []Selector
	// Embeds are the structs embedded in this one, at any depth, whose
	// fields encoding/json promotes into it (and whose methods Go does).
	Embeds []Named
	// Inline is the field of a tagged union's type tagged
	// json:",inline", whose discriminator and variant's fields stand in
	// the struct's own object beside Fields; nil when none. It is not in
	// Fields: it has no property of its own.
	Inline *Field
}

// InlineUnion is the union of the struct's inline field, or nil.
func (st *Struct) InlineUnion() *Union {
	if st.Inline == nil {
		return nil
	}
	return st.Inline.Type.Union
}

// Reached are the fields of the struct whose types lead on to other
// structs: Fields, and the inline union's field last.
func (st *Struct) Reached() []*Field {
	if st.Inline == nil {
		return st.Fields
	}
	return append(slices.Clip(st.Fields), st.Inline)
}

// Selector is a method or field the user declares on a struct.
type Selector struct {
	Name   string
	Method bool
	Pos    token.Position
}

// Field is one JSON property of a struct.
type Field struct {
	GoPath   []string // selector path from the struct, through embedded structs
	JSONName string
	Type     *Type
	Required bool
	Nullable bool
	Doc      string
	Pos      token.Position
	// Rules are the constraints of the field itself; ItemRules those of the
	// elements, for slices and arrays (invopop passes most keys down).
	Rules     Rules
	ItemRules Rules
	// Discriminator marks the variant's own string field that holds the
	// union's discriminator.
	Discriminator bool
	// JSONOptions are the options of the field's json tag as written
	// ("omitempty"), which a generated MarshalJSON repeats.
	JSONOptions string
	// OmitZero is how encoding/json tells the zero value of a field
	// tagged omitzero, which it leaves out.
	OmitZero ZeroTest
	// Hidden marks a field tagged jsonschema:"-": out of the schema, while
	// encoding/json still writes it.
	Hidden bool
	// Encoded marks a field of a local struct whose values an EncodeT
	// writes (one reached from an output or a //unionflat:schema root):
	// its MarshalJSON writes a nil slice or map there as empty (see
	// WritesEmpty). The model step sets it (methods.go).
	Encoded bool
}

// Rules are the JSON Schema keywords a field's tags ask for. Numbers and
// literals are kept as JSON text, exactly as written.
type Rules struct {
	Title       string
	Description string
	Format      string
	Pattern     string
	MinLength   *uint64
	MaxLength   *uint64
	MinItems    *uint64
	MaxItems    *uint64
	UniqueItems bool
	Minimum     string
	Maximum     string
	ExclMinimum string
	ExclMaximum string
	MultipleOf  string
	Enum        []string // JSON literals
	Const       string   // JSON literal
	Default     string   // JSON literal
	Examples    []string // JSON literals
	ReadOnly    bool
	WriteOnly   bool
	Deprecated  bool
	// Extras are jsonschema_extras keywords other than const, in tag order:
	// carried into the schema as annotations, not enforced.
	Extras []Extra
}

// Extra is one jsonschema_extras keyword.
type Extra struct {
	Key   string
	Value string // JSON literal
}

// Union is a sealed interface whose variants are struct types.
type Union struct {
	Named
	Pos           token.Position
	Doc           string
	Discriminator string // JSON name of the discriminator property; "" when untagged
	Variants      []*Variant
	// Untagged unions (//unionflat:union untagged) have no discriminator:
	// a value's JSON type, then an object's keys, pick the variant.
	Untagged bool
	// Tool is set when the union is a tool's input (//unionflat:tool on
	// the interface): its DecodeT is then the tool's.
	Tool *Tool
}

// structs are the variants' structs, in the union's order.
func (u *Union) structs() []*Struct {
	var out []*Struct
	for _, v := range u.Variants {
		if v.Struct != nil {
			out = append(out, v.Struct)
		} else {
			out = append(out, HeldStructs(v.Other)...)
		}
	}
	return out
}

// Variant is one struct of a union, or one named type of an untagged
// union.
type Variant struct {
	Union  *Union
	Struct *Struct
	// Other is the named type of a variant of an untagged union that is
	// not a struct (type LabelName string); Struct is then nil.
	Other  *Type
	Values []string // discriminator values, the first is the one written
	// Pointer reports that *T, not T, implements the union.
	Pointer bool
	// Field is the variant's own discriminator field, if it declares one.
	Field *Field
	Pos   token.Position
	// ValuePos are where the //unionflat:variant directive gives each of
	// Values; empty when the values come from elsewhere.
	ValuePos []token.Position
}

// GoName is the variant's type name.
func (v *Variant) GoName() string {
	if v.Struct != nil {
		return v.Struct.Name
	}
	return v.Other.Named.Name
}

// JSONType is the JSON type the variant is read from: "object" for a
// struct, else its type's (see Type.JSONType).
func (v *Variant) JSONType() string {
	if v.Struct != nil {
		return "object"
	}
	return v.Other.JSONType()
}

// ValueAt is where the variant's i-th discriminator value is written.
func (v *Variant) ValueAt(i int) token.Position {
	if i < len(v.ValuePos) {
		return v.ValuePos[i]
	}
	return v.Pos
}

// Tool is a //unionflat:tool root: a tool input.
type Tool struct {
	// The tool's input: a struct, or a union whose variant a call picks
	// by its discriminator (both directives on the interface).
	StructOrUnion
	Name        string
	Title       string // title=
	Description string // description=, else the type's doc comment
	// Hints are the readonly, destructive, idempotent and openworld
	// arguments, in that order; nil where not given.
	Hints [4]*bool
	Pos   token.Position
	// Profiles are the target profiles to emit a schema for, in the order
	// of profile.Profiles.
	Profiles []profile.Profile
	// Output is the tool's result type (output=), or nil.
	Output *Encoded
	// BigInts says how the profile documents write integers beyond 2^53
	// (bigints=string or number; by default the profile's choice).
	BigInts profile.BigInts
	// NoRepair says the tool's decoder reads no repair (repair=off): each
	// is an error that says what to send instead.
	NoRepair bool
}

// DigitStrings says which integers the tool's decoder reads from a
// string of their digits as asked (see DigitStrings).
func (t *Tool) DigitStrings() (big, all bool) {
	return DigitStrings(t.Profiles, t.ProfileOptions(), t.Structs())
}

// ProfileOptions are the choices the tool's profile documents are
// projected with.
func (t *Tool) ProfileOptions() profile.Options { return ProfileOptions(t.BigInts) }

// ProfileOptions are the choices every profile document is projected
// with, under bigints=b: a free-form value a profile cannot say is a
// string holding its JSON text, which the decoders read.
func ProfileOptions(b profile.BigInts) profile.Options {
	return profile.Options{BigInts: b, JSONText: true}
}

// JSONText reports whether some profile document of the tool writes a
// free-form value as a string holding its JSON text, so that its decoder
// must read one.
func (t *Tool) JSONText() bool {
	return WritesJSONText(t.Profiles, t.ProfileOptions(), t.Structs())
}

// WritesJSONText reports whether some profile of ps, under o, writes a
// free-form value (any, json.RawMessage, a map or slice of them) as a
// string holding its JSON text, and the structs reach one.
func WritesJSONText(ps []profile.Profile, o profile.Options, structs []*Struct) bool {
	for _, p := range ps {
		if o.WritesJSONText(p) {
			seen := map[*Struct]bool{}
			for _, st := range structs {
				if reachesFreeForm(st, seen) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// reachesFreeForm reports whether a struct, or one it reaches through
// its fields and unions, has a field that holds free-form values.
func reachesFreeForm(st *Struct, seen map[*Struct]bool) bool {
	if seen[st] {
		return false
	}
	seen[st] = true
	for _, f := range st.Reached() {
		if leaf := LeafType(f.Type); leaf != nil && leaf.TakesAnyValue() {
			return true
		}
		for _, next := range HeldStructs(f.Type) {
			if reachesFreeForm(next, seen) {
				return true
			}
		}
	}
	return false
}

// DigitStrings says which integers the structs' decoder reads from a
// string of their digits as asked, as the profiles ps write them under
// o: big reports that some profile writes an integer whose range reaches
// past 2^53 so, and the structs reach one (see BigInteger); all that
// bigints=string has every integer written so, and the structs reach one.
func DigitStrings(ps []profile.Profile, o profile.Options, structs []*Struct) (big, all bool) {
	reaches := func(wide bool) bool {
		seen := map[*Struct]bool{}
		return slices.ContainsFunc(structs, func(st *Struct) bool { return reachesInteger(st, wide, seen) })
	}
	if len(ps) > 0 && o.BigInts == profile.BigIntsString {
		return false, reaches(true)
	}
	if slices.ContainsFunc(ps, o.DecimalIntegers) {
		return reaches(false), false
	}
	return false, false
}

// reachesInteger reports whether a struct, or one it reaches through its
// fields and unions, has an integer field: any when wide, else a big one
// (see BigInteger).
func reachesInteger(st *Struct, wide bool, seen map[*Struct]bool) bool {
	if seen[st] {
		return false
	}
	seen[st] = true
	for _, f := range st.Reached() {
		if leaf := LeafType(f.Type); leaf != nil && (leaf.Kind == KindInt || leaf.Kind == KindUint) &&
			(wide || BigInteger(leaf, f.Rules) || BigInteger(leaf, f.ItemRules)) {
			return true
		}
		for _, next := range HeldStructs(f.Type) {
			if reachesInteger(next, wide, seen) {
				return true
			}
		}
	}
	return false
}

// BigInteger reports whether an integer of type t under rules r may have
// a range that reaches past 2^53: an int64 or a uint64, whose type's
// bounds do; an int or a uint that its rules bound beyond; or one with a
// constant beyond. A profile that writes such integers as decimal strings
// (gemini, ollama) may write it so, and the decoder reads it with BigInt.
// It over-approximates: an int64 its rules keep within 2^53 counts too.
func BigInteger(t *Type, r Rules) bool {
	if t.Kind != KindInt && t.Kind != KindUint {
		return false
	}
	if t.Bits == 64 || t.Bits == 0 && boundBeyondExact(r) {
		return true
	}
	for _, c := range t.Consts {
		if boundBeyondExact(Rules{Minimum: c.Value}) {
			return true
		}
	}
	return false
}

// boundBeyondExact reports whether rules bound a number beyond ±2^53,
// where a profile's range of it reaches past what a float64 holds.
func boundBeyondExact(r Rules) bool {
	exact := new(big.Rat).SetInt64(1 << 53)
	for _, b := range []string{r.Minimum, r.Maximum, r.ExclMinimum, r.ExclMaximum} {
		if v, ok := new(big.Rat).SetString(b); ok && v.Abs(v).Cmp(exact) > 0 {
			return true
		}
	}
	return false
}

// LeafType is what a value of type t holds at the end of its pointers,
// slices, arrays and maps: a struct, a union or a scalar.
func LeafType(t *Type) *Type {
	for t != nil && t.Struct == nil && t.Union == nil && t.Elem != nil {
		t = t.Elem
	}
	return t
}

// HeldStructs are the structs a value of type t holds with no other
// struct between: its leaf's struct, or its leaf union's variants.
func HeldStructs(t *Type) []*Struct {
	switch leaf := LeafType(t); {
	case leaf == nil:
	case leaf.Struct != nil:
		return []*Struct{leaf.Struct}
	case leaf.Union != nil:
		return leaf.Union.structs()
	}
	return nil
}

// Diagnostic is a problem in the user's source, at a position.
type Diagnostic struct {
	Pos token.Position
	Msg string
}

func (d Diagnostic) String() string {
	if d.Pos.Filename == "" {
		return d.Msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", d.Pos.Filename, d.Pos.Line, d.Pos.Column, d.Msg)
}
