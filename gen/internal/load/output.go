package load

import (
	"go/types"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// Encoded records that a struct or union gets an EncodeT, once.
func (b *builder) encoded(st *model.Struct, u *model.Union) *model.Encoded {
	for _, x := range b.out.Encoded {
		if (st != nil && x.Struct == st) || (u != nil && x.Union == u) {
			return x
		}
	}
	x := &model.Encoded{StructOrUnion: model.StructOrUnion{Struct: st, Union: u}}
	b.out.Encoded = append(b.out.Encoded, x)
	return x
}

// declareRoot models a //unionflat:schema struct or union.
func (b *builder) declareRoot(tn *types.TypeName) {
	pos := b.position(tn.Pos())
	d, _ := b.directive(tn, "schema")
	r := &model.Root{Description: b.typeDocs[tn], Pos: pos}
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
func (b *builder) rootStruct(tn *types.TypeName, what string) *model.Struct {
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

// toolOutput resolves output=Name of a tool directive: a struct or a
// union of the package, since MCP wants an object at the root of an
// output schema.
func (b *builder) toolOutput(t *model.Tool, a directiveArg) *model.Encoded {
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

func isInterface(tn *types.TypeName) bool {
	_, ok := tn.Type().Underlying().(*types.Interface)
	return ok
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
