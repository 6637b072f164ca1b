package model

import (
	"go/token"

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

// Structs are the structs the type's documents begin at: the struct, or
// the union's variants.
func (t StructOrUnion) Structs() []*Struct {
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
