package runtime

// Schema describes one //unionflat:schema root, a type that is not a tool
// input: a structured output a model must reply with, or a payload. The
// generated code declares one per root as <Type>Spec.
type Schema struct {
	// Name is the root's name, as a response format names its schema
	// (OpenAI's json_schema.name).
	Name string
	// Description is the doc comment of the root's type.
	Description string
	// Schema is the lossless JSON Schema of the root: oneOf unions, every
	// constraint. The generated DecodeT enforces it, and what EncodeT
	// returns always validates under it.
	Schema string
	// FlatSchema is the same document with no oneOf, anyOf or allOf at
	// any depth, accepting a superset of Schema. A union root is one flat
	// object, which strict providers accept where a root anyOf is refused.
	FlatSchema string
	// Profiles holds, by profile name ("openai-strict", "gemini-json",
	// "anthropic-strict", ...), the flat schema projected onto each target
	// the generator was asked for: the document to pass as that
	// provider's response schema.
	Profiles map[string]string
}

// SchemaFor returns the response schema for a target: the one generated
// for its profile, or FlatSchema when none was; [Schema.ProfileSchema]
// says when there is none.
func (s Schema) SchemaFor(profile string) string { return schemaFor(s.Profiles, profile, s.FlatSchema) }

// ProfileSchema returns the response schema generated for profile, and
// false when none was: a strict target must not be handed FlatSchema as
// if it kept that profile's rules.
func (s Schema) ProfileSchema(profile string) (string, bool) {
	doc, ok := s.Profiles[profile]
	return doc, ok
}
