package gen

import (
	"fmt"
	"go/token"
	"go/types"

	"github.com/invopop/jsonschema"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/flatten/profile"
)

// This file models what goes back to a model or a client: the
// //unionflat:schema roots (a structured output, a payload) and the
// results tools name with output=. The schemas of an output are in
// outschema.go, what is emitted for them in outemit.go.

// StructOrUnion is a struct or a union of the package: the type of a
// schema root or of an output.
type StructOrUnion struct {
	Struct *Struct // a struct, or
	Union  *Union  // a union
}

// GoName is the type's Go name.
func (t StructOrUnion) GoName() string {
	if t.Struct != nil {
		return t.Struct.Name
	}
	return t.Union.Name
}

// DeclPos is where the type is declared: its generated code goes beside it.
func (t StructOrUnion) DeclPos() token.Position {
	if t.Struct != nil {
		return t.Struct.Pos
	}
	return t.Union.Pos
}

// structs are the structs the type's documents begin at: the struct, or
// the union's variants.
func (t StructOrUnion) structs() []*Struct {
	if t.Struct != nil {
		return []*Struct{t.Struct}
	}
	return t.Union.structs()
}

// Root is a //unionflat:schema root: a struct or a union that is not a
// tool input, such as the reply a model must give under a structured-output
// response format.
type Root struct {
	StructOrUnion
	// Name is the root's name (name=, else the snake_case type name), as
	// a response format names its schema.
	Name        string
	Description string
	Pos         token.Position
	// Profiles are the target profiles to emit a schema for, in the
	// order of profile.Profiles.
	Profiles []profile.Profile
}

// Encoded is a type that gets an EncodeT: a //unionflat:schema root or a
// tool's output.
type Encoded struct {
	StructOrUnion
	// Output is set when a tool names the type with output=: it then gets
	// an output schema, <T>OutputSchema.
	Output bool
}

// encoded records that a struct or union gets an EncodeT, once.
func (b *builder) encoded(st *Struct, u *Union) *Encoded {
	for _, x := range b.out.Encoded {
		if (st != nil && x.Struct == st) || (u != nil && x.Union == u) {
			return x
		}
	}
	x := &Encoded{StructOrUnion: StructOrUnion{Struct: st, Union: u}}
	b.out.Encoded = append(b.out.Encoded, x)
	return x
}

// declareRoot models a //unionflat:schema struct or union.
func (b *builder) declareRoot(tn *types.TypeName) {
	pos := b.position(tn.Pos())
	d, _ := b.directive(tn, "schema")
	r := &Root{Description: b.typeDocs[tn], Pos: pos}
	switch {
	case b.unions[tn] != nil:
		r.Union = b.unions[tn]
	case isInterface(tn):
		if _, union := b.directive(tn, "union"); !union {
			b.errorf(pos, "//unionflat:schema %s: interface %s is not a union: mark it //unionflat:union", tn.Name(), tn.Name())
		}
		return // an invalid union, already reported
	default:
		st := b.rootStruct(tn, "//unionflat:schema")
		if st == nil {
			return
		}
		r.Struct = st
	}
	var taken []string
	for _, other := range b.out.Roots {
		taken = append(taken, other.Name, other.GoName())
	}
	name, ok := b.rootName(tn, d, "schema", taken)
	if !ok {
		return
	}
	r.Name, r.Profiles = name, b.directiveProfiles(d)
	b.out.Roots = append(b.out.Roots, r)
	b.encoded(r.Struct, r.Union)
}

// rootStruct models the struct of a //unionflat:schema root, reporting a
// type that cannot be one.
func (b *builder) rootStruct(tn *types.TypeName, what string) *Struct {
	pos := b.position(tn.Pos())
	named, _ := tn.Type().(*types.Named)
	if _, ok := tn.Type().Underlying().(*types.Struct); !ok || named == nil || tn.IsAlias() {
		b.errorf(pos, "%s %s must be a struct type or a //unionflat:union interface", what, tn.Name())
		return nil
	}
	if named.TypeParams().Len() > 0 {
		b.errorf(pos, "%s %s must not be generic", what, tn.Name())
		return nil
	}
	if _, tool := b.directive(tn, "tool"); tool {
		b.errorf(pos, "%s %s is a tool input already: a type is a tool input or a schema root, not both", what, tn.Name())
		return nil
	}
	if st := b.structs[tn]; st != nil && st.Variant != nil {
		b.errorf(pos, "%s %s is a variant of union %s: mark the union //unionflat:schema instead", what, tn.Name(), st.Variant.Union.Name)
		return nil
	}
	return b.structOf(tn)
}

func isInterface(tn *types.TypeName) bool {
	_, ok := tn.Type().Underlying().(*types.Interface)
	return ok
}

// toolOutput resolves output=Name of a tool directive: a struct or a
// union of the package, since MCP wants an object at the root of an
// output schema.
func (b *builder) toolOutput(t *Tool, a directiveArg) *Encoded {
	pos := b.position(a.pos)
	tn, _ := b.p.Types.Scope().Lookup(a.text).(*types.TypeName)
	switch {
	case tn == nil:
		b.errorf(pos, "tool %s: output=%s names no type of package %s", t.Name, a.text, b.p.Name)
		return nil
	case b.unions[tn] != nil:
		x := b.encoded(nil, b.unions[tn])
		x.Output = true
		return x
	case isInterface(tn):
		if _, union := b.directive(tn, "union"); !union {
			b.errorf(pos, "tool %s: output=%s: interface %s is not a union: mark it //unionflat:union", t.Name, a.text, a.text)
		}
		return nil
	}
	named, _ := tn.Type().(*types.Named)
	if _, ok := tn.Type().Underlying().(*types.Struct); !ok || named == nil || tn.IsAlias() {
		b.errorf(pos, "tool %s: output=%s is %s, which encoding/json writes as %s: MCP requires an object at the root of a tool's output schema: name a struct or a //unionflat:union interface",
			t.Name, a.text, types.TypeString(tn.Type().Underlying(), types.RelativeTo(b.p.Types)), jsonKindOf(tn.Type()))
		return nil
	}
	if named.TypeParams().Len() > 0 {
		b.errorf(pos, "tool %s: output=%s must not be generic", t.Name, a.text)
		return nil
	}
	st := b.structOf(tn)
	if st == nil {
		return nil
	}
	if st.Variant != nil {
		b.errorf(pos, "tool %s: output=%s is a variant of union %s, whose MarshalJSON writes the discriminator: name the union", t.Name, a.text, st.Variant.Union.Name)
		return nil
	}
	x := b.encoded(st, nil)
	x.Output = true
	return x
}

// jsonKindOf names what encoding/json writes a non-struct type as.
func jsonKindOf(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		if e, ok := u.Elem().(*types.Basic); ok && e.Kind() == types.Byte {
			return "a string"
		}
		return "an array"
	case *types.Array:
		return "an array"
	case *types.Map:
		return "an object with keys it does not name"
	case *types.Pointer:
		return "what it points at, or null"
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return "a string"
		case u.Info()&types.IsBoolean != 0:
			return "a boolean"
		case u.Info()&types.IsNumeric != 0:
			return "a number"
		}
	}
	return "no JSON object"
}

// RootSchemas builds the documents of a //unionflat:schema root: for a
// struct root its lossless and flat schemas (a union root has its
// union's), and for both the profile documents asked for.
func RootSchemas(r *Root) (Schemas, error) {
	build := func(d *schemaDoc) *jsonschema.Schema { return d.unionBody(r.Union) }
	if r.Struct != nil {
		build = func(d *schemaDoc) *jsonschema.Schema { return d.structBody(r.Struct) }
	}
	s, err := buildSchemas(build)
	if err != nil {
		return s, err
	}
	return s, addProfiles(&s, r.Profiles, profile.Options{}, build)
}

// addProfiles projects the flat schema onto each profile asked for.
//
// A profile document that writes integers beyond 2^53 as decimal strings
// is projected from a flat schema in which int64 and uint64 (and under
// bigints=string int and uint) carry their type's bounds (built again by
// build, see boundedFlat), so that they are strings and their
// descriptions give the range ("at least 0 and at most
// 18446744073709551615"), while an int stays a number by default; every
// other document comes from the flat schema
// as advertised.
func addProfiles(s *Schemas, ps []profile.Profile, o profile.Options, build func(*schemaDoc) *jsonschema.Schema) error {
	var bounded []byte
	for _, p := range ps {
		flat := s.Flat
		if o.DecimalIntegers(p) {
			if bounded == nil {
				var err error
				if bounded, err = boundedFlat(build, o); err != nil {
					return err
				}
			}
			flat = bounded
		}
		res, findings, err := profile.ForProfileWith(flat, p, o, flatten.Options{Indent: "  "})
		if err != nil {
			return err
		}
		s.Profiles = append(s.Profiles, ProfileSchema{Profile: p, Schema: res.Schema, Findings: findings})
	}
	return nil
}

// profileFindings are the findings of a root's profile lints that are
// not advice, as diagnostics at the root: what is "tool x" or "schema y".
func profileFindings(what string, pos token.Position, s Schemas) []Diagnostic {
	var out []Diagnostic
	for _, ps := range s.Profiles {
		for _, f := range ps.Findings {
			if !f.Advice {
				out = append(out, Diagnostic{Pos: pos, Msg: fmt.Sprintf("%s, profile %s: %s", what, ps.Profile, f)})
			}
		}
	}
	return out
}
