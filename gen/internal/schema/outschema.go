package schema

import (
	"encoding/json"
	"fmt"

	"github.com/invopop/jsonschema"
	"github.com/unionflat/unionflat/gen/internal/model"

	orderedmap "github.com/pb33f/ordered-map/v2"
	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/flatten/profile"
)

// The output schema of a tool's result describes what encoding/json, with
// the generated MarshalJSON methods, writes for every Go value of the
// type, so that whatever a handler marshals validates under it:
//
//   - a property is required when the field is always written, and
//     optional where omitempty or omitzero may drop it (or a generated
//     MarshalJSON drops a value equal to the field's default);
//   - null is allowed exactly where encoding/json writes null: a nil
//     pointer, slice, map, []byte or union without omitempty, and nil
//     elements of slices, arrays and maps;
//   - a union is a oneOf of its variants, each with its discriminator
//     const, as their MarshalJSON writes it;
//   - a duration is a string in Go's duration syntax, an integer enum an
//     integer, a time.Time a date-time string, as the decoders read them;
//   - only what the Go type guarantees constrains a value (an int8's
//     bounds, an array's length, a variant's discriminator); the rules of
//     jsonschema tags, and string enums, which a Go value may break, are
//     not in it. EncodeT, which validates first, keeps those: what it
//     returns validates under the lossless schema too;
//   - objects are closed, since encoding/json writes no other key, except
//     a struct with fields tagged jsonschema:"-", which it still writes.
//
// That document is then flattened as an input schema is (flatten.JSON,
// with every non-recursive $ref inlined and nullable types as type
// arrays), so what a client sees is one object with no oneOf, anyOf or
// allOf at any depth, and a superset of it: a union is one object whose
// discriminator is an enum of every variant's values, a variant's keys
// optional with "Required if ..." in their description. The root is an
// object, as MCP requires, a union root too. A union flatten leaves alone
// (see OutputSchemas) stays a oneOf below the root.

// OutputSchemas holds the output schema of a tool's result as Lossless,
// the unions flatten left alone, and what the mcp lint finds in it. A
// union flatten leaves alone (a recursive union whose variant holds it
// where it may be null, say) stays a oneOf below the root, which MCP
// allows and validators read; that is a note, as for an input, and the
// lint takes it. Nothing is found for a struct or a union.
func OutputSchemas(x *model.Encoded) (Schemas, error) {
	res, err := OutputSchema(x)
	if err != nil {
		return Schemas{}, err
	}
	findings, err := profile.Lint(res.Schema, profile.MCP)
	if err != nil {
		return Schemas{}, err
	}
	return Schemas{Lossless: res.Schema, Unflattened: res.Diagnostics,
		Profiles: []ProfileSchema{{Profile: profile.MCP, Findings: findings}}}, nil
}

// outputDoc builds the output schema of one type.
type outputDoc struct {
	schemaDoc
}

// OutputSchema builds the output schema of a tool's result type, with
// what flatten noticed on the way.
func OutputSchema(x *model.Encoded) (flatten.Result, error) {
	d := &outputDoc{schemaDoc: *NewSchemaDoc(true)}
	var root *jsonschema.Schema
	if x.Struct != nil {
		root = d.object(x.Struct)
	} else {
		root = d.union(x.Union)
		root.Type = "object"
	}
	root.Version = draft
	if len(d.defs) > 0 {
		root.Definitions = d.defs
	}
	raw, err := json.Marshal(root)
	if err != nil {
		return flatten.Result{}, fmt.Errorf("marshal output schema: %w", err)
	}
	return flatten.JSON(raw, d.flatOptions())
}

// object is what a struct's JSON is: its fields in Go order, the
// discriminator first for a variant that does not declare it.
func (d *outputDoc) object(st *model.Struct) *jsonschema.Schema {
	s := &jsonschema.Schema{
		Type:        "object",
		Properties:  orderedmap.New[string, *jsonschema.Schema](),
		Description: d.structDoc(st),
	}
	if len(st.Hidden) == 0 {
		s.AdditionalProperties = jsonschema.FalseSchema
	}
	d.openVariant = d.openVariant || st.Variant != nil && s.AdditionalProperties == nil
	if v := st.Variant; v != nil && v.Field == nil {
		s.Properties.Set(v.Union.Discriminator, discriminatorSchema(v))
		s.Required = append(s.Required, v.Union.Discriminator)
	}
	for _, f := range st.Fields {
		if f.Discriminator {
			// MarshalJSON writes the first value when the field is empty.
			ps := discriminatorSchema(st.Variant)
			ps.Description = describe(f, nil)
			s.Properties.Set(f.JSONName, ps)
			s.Required = append(s.Required, f.JSONName)
			continue
		}
		always, null := outputPresence(st, f)
		ps := d.value(f.Type)
		ps.Description = joinSentences(describe(f, f.Type), typeNote(model.DerefType(f.Type)), ps.Description)
		if null {
			ps = nullable(ps)
		}
		s.Properties.Set(f.JSONName, ps)
		if always {
			s.Required = append(s.Required, f.JSONName)
		}
	}
	return s
}

// outputPresence says whether the marshalling of st always writes field f, and
// whether what it writes may be null. It follows the generated
// MarshalJSON (marshal.go) where one shadows the field for its default,
// and encoding/json's omitempty and omitzero elsewhere.
func outputPresence(st *model.Struct, f *model.Field) (always, null bool) {
	t := f.Type
	if st.Local && model.ForcedRequired(f) {
		return true, t.Nilable() // MarshalJSON writes it whatever it holds
	}
	if st.Local && model.AppliesDefault(f) && (t.Kind != model.KindPointer || f.Nullable) {
		if t.Kind == model.KindPointer || ((t.Kind == model.KindSlice || t.Kind == model.KindMap) && f.Nullable) {
			return true, true // always written, nil as null
		}
		return false, false // written unless nil or the default
	}
	if t.Kind == model.KindNullable {
		return false, true // omitzero leaves out absent; null is written
	}
	omits := model.HasJSONOption(f.JSONOptions, "omitempty") || model.HasJSONOption(f.JSONOptions, "omitzero")
	if !omits {
		return true, t.Nilable()
	}
	// Omitting drops nil; a pointer that is written may point at nil, and
	// a union that is written may hold a nil pointer variant.
	return false, (t.Kind == model.KindPointer && t.Elem.Nilable()) || (t.Kind == model.KindUnion && pointerVariants(t.Union))
}

// pointerVariants reports whether a union has a variant that *T
// implements, so that a non-nil union may hold a nil pointer, which
// encoding/json writes as null.
func pointerVariants(u *model.Union) bool {
	for _, v := range u.Variants {
		if v.Pointer {
			return true
		}
	}
	return false
}

// value is the schema of what encoding/json writes for a non-nil value
// of t.
func (d *outputDoc) value(t *model.Type) *jsonschema.Schema {
	switch t.Kind {
	case model.KindString, model.KindText:
		return &jsonschema.Schema{Type: "string"}
	case model.KindInt, model.KindUint:
		s := &jsonschema.Schema{Type: "integer"}
		if lo, hi, ok := model.IntBounds(t); ok {
			s.Minimum, s.Maximum = json.Number(lo), json.Number(hi)
		} else if t.Kind == model.KindUint {
			s.Minimum = "0"
		}
		return s
	case model.KindStruct:
		return d.ref(t.Struct, t.Struct.Name, func() *jsonschema.Schema { return d.object(t.Struct) })
	case model.KindUnion:
		return d.ref(t.Union, t.Union.Name, func() *jsonschema.Schema { return d.union(t.Union) })
	case model.KindRef:
		return d.ref(t.Def, t.Def.Name, func() *jsonschema.Schema {
			s := d.value(t.Def.Type)
			s.Description = t.Def.Type.Doc
			return s
		})
	case model.KindPointer, model.KindNullable:
		return d.value(t.Elem)
	case model.KindSlice, model.KindArray, model.KindMap:
		return containerSchema(t, d.element)
	case model.KindRaw, model.KindAny:
		// Every JSON type, not the schema true, which some clients
		// refuse in a tool list.
		return &jsonschema.Schema{Extras: map[string]any{"type": anyJSON}}
	}
	// time, bytes, durations, booleans, floats and raw JSON: as the
	// lossless schema says them.
	s := d.TypeSchema(t)
	s.Description = ""
	return s
}

// anyJSON is every JSON type, what a json.RawMessage may hold.
var anyJSON = []string{"object", "array", "string", "number", "boolean", "null"}

// element is the schema of an item or a map value, null included where
// the element may be nil.
func (d *outputDoc) element(t *model.Type) *jsonschema.Schema {
	s := d.value(t)
	if t.Nilable() {
		return nullable(s)
	}
	return s
}

// union is a oneOf of the variants' objects; a union of one variant is
// that variant.
func (d *outputDoc) union(u *model.Union) *jsonschema.Schema {
	if len(u.Variants) == 1 {
		s := d.variant(u.Variants[0], d.object)
		if u.Doc != "" {
			s.Description = u.Doc
		}
		return s
	}
	s := &jsonschema.Schema{Description: u.Doc}
	for _, v := range u.Variants {
		s.OneOf = append(s.OneOf, d.variant(v, func(st *model.Struct) *jsonschema.Schema {
			return d.ref(st, st.Name, func() *jsonschema.Schema { return d.object(st) })
		}))
	}
	return s
}

// variant is what encoding/json writes for a variant: its struct's
// object, by ofStruct, or an untagged union's other variant as its type
// (null included where it may be nil).
func (d *outputDoc) variant(v *model.Variant, ofStruct func(*model.Struct) *jsonschema.Schema) *jsonschema.Schema {
	if v.Struct != nil {
		return ofStruct(v.Struct)
	}
	return d.element(v.Other)
}
