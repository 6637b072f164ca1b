package load

import (
	"go/token"
	"go/types"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// A field of type unionflat.Nullable[T] (the runtime's) tells three states
// apart: absent (its zero value), null and a value of T. Its schema is
// T's made nullable, never required; the decoder keeps the three apart,
// and encoding/json writes it back as it was read: the type's MarshalJSON
// writes null or the value, and omitzero (which asks its IsZero) leaves
// an absent one out. Without omitzero, encoding/json would write an
// absent one as null, so that it would read back as null: the field must
// carry omitzero, which is reported otherwise, rather than a generated
// MarshalJSON that a plain json.Marshal of another struct holding it
// would not call.

// nullableType models runtime.Nullable[T]. T is any type the generator
// models, except one whose own value may already be null or absent (a
// pointer, a json.RawMessage, another Nullable) or a time.Duration, which
// the type's MarshalJSON would write as nanoseconds. A pointer to a
// Nullable is refused too: its nil would be a fourth state.
func (b *builder) nullableType(n *types.Named, pos token.Position, what string, pointee bool) *model.Type {
	if pointee {
		b.errorf(pos, "%s: a pointer to a unionflat.Nullable is not supported: use the Nullable itself, whose zero value is absent", what)
		return nil
	}
	if n.TypeArgs().Len() != 1 {
		b.errorf(pos, "%s: %s cannot be represented in JSON: use unionflat.Nullable[T] with a type argument", what, n)
		return nil
	}
	elem := b.typeOf(n.TypeArgs().At(0), pos, what)
	if elem == nil {
		return nil
	}
	t := &model.Type{Kind: model.KindNullable, Elem: elem}
	switch {
	case elem.Kind == model.KindPointer:
		b.errorf(pos, "%s: %s holds a pointer, whose nil would be written as null too: use %s, whose null is unionflat.Null", what, nullableString(t), nullableString(&model.Type{Kind: model.KindNullable, Elem: elem.Elem}))
		return nil
	case elem.Kind == model.KindNullable:
		b.errorf(pos, "%s: a Nullable of a Nullable is not supported: use one", what)
		return nil
	case model.DerefType(elem).Kind == model.KindRaw:
		b.errorf(pos, "%s: %s is not supported: a json.RawMessage holds null itself, and nil is absent (use json.RawMessage with omitempty)", what, nullableString(t))
		return nil
	case elem.Kind == model.KindAny:
		b.errorf(pos, "%s: %s is not supported: an any holds null itself, so Some(nil) and Null would be one value (use any with omitempty: absent or null leave it nil)", what, nullableString(t))
		return nil
	case model.HoldsDuration(elem):
		b.errorf(pos, "%s: %s is not supported: its MarshalJSON would write a time.Duration as a number of nanoseconds, not the duration string the schema says: use a pointer (*time.Duration) with jsonschema:\"nullable\"", what, nullableString(t))
		return nil
	}
	return t
}

// nullableField makes a Nullable field optional and nullable, and reports
// what would lose one of its states: the required flag (its zero value is
// absent), a json tag without omitzero (encoding/json would write absent
// as null), a default (absent is a state of its own).
func (b *builder) nullableField(f *model.Field, pos token.Position, goName string) {
	name := nullableString(f.Type)
	if f.Required {
		b.errorf(pos, "field %s: %s is optional (its zero value is absent), so jsonschema:\"required\" contradicts it: drop required, or use a pointer with jsonschema:\"required,nullable\" for a key that must be sent, null or a value", goName, name)
	}
	if f.OmitZero == model.NoOmitZero {
		b.errorf(pos, "field %s: %s without omitzero: encoding/json would write an absent value as null, which reads back as null: add omitzero to its json tag (json:%q)", goName, name, f.JSONName+",omitzero")
	}
	if f.Rules.Default != "" {
		b.errorf(pos, "field %s: default=%s does not apply to %s, whose absence is a state of its own: drop default=, or use a plain optional field", goName, f.Rules.Default, name)
		f.Rules.Default = ""
	}
	f.Required, f.Nullable = false, true
}

// nestedNullable is a Nullable inside t (an item, a map value, what a
// pointer points at), or nil: a Nullable is supported only as a field's
// own type.
func nestedNullable(t *model.Type) *model.Type {
	for t = t.Elem; t != nil; t = t.Elem {
		if t.Kind == model.KindNullable {
			return t
		}
	}
	return nil
}

// nullableString spells a Nullable type as the user's source does, with
// the runtime imported as unionflat.
func nullableString(t *model.Type) string {
	return "unionflat.Nullable[" + model.TypeString(t.Elem) + "]"
}

// nullableArg is T for runtime.Nullable[T], and reports whether t is one.
func nullableArg(t types.Type) (types.Type, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.TypeArgs().Len() != 1 ||
		(model.Named{Pkg: n.Obj().Pkg().Path(), Name: n.Obj().Name()}) != runtimeNullable {
		return nil, false
	}
	return n.TypeArgs().At(0), true
}
