package runtime

// Tool describes one //unionflat:tool input, ready to hand to an SDK. The
// generated <Type>Tool embeds one, so <Type>Tool.Name and
// <Type>Tool.InputSchema() read as its own.
type Tool struct {
	Name  string // as the model calls the tool
	Title string // a name for people (an MCP tool's title), or empty
	// Description is the directive's description=, else the input type's
	// doc comment as go doc shows it.
	Description string
	Annotations Annotations
	// Schema is the lossless JSON Schema of the input, which the
	// generated decoder enforces: oneOf unions, every constraint.
	Schema string
	// FlatSchema is the schema to advertise: no oneOf, anyOf or allOf at
	// any depth, and a superset of Schema.
	FlatSchema string
	// Profiles holds the flat schema projected onto each target profile
	// the generator was asked for, by name ("openai-strict", "gemini").
	Profiles map[string]string
	// Output is the schema of the tool's result (output=), or empty. It
	// describes what the generated EncodeT writes, with an object root,
	// as MCP requires.
	Output string
}

// SchemaFor returns the schema generated for profile, or FlatSchema when
// there is none. [Tool.ProfileSchema] says which.
func (t Tool) SchemaFor(profile string) string { return schemaFor(t.Profiles, profile, t.FlatSchema) }

// ProfileSchema returns the schema generated for profile, and false when
// there is none. Then no target may be told the tool keeps the profile's
// rules (OpenAI's strict: true).
func (t Tool) ProfileSchema(profile string) (string, bool) {
	s, ok := t.Profiles[profile]
	return s, ok
}

// schemaFor is the document generated for profile, or flat when none was:
// the rule of both descriptors' SchemaFor.
func schemaFor(profiles map[string]string, profile, flat string) string {
	if s, ok := profiles[profile]; ok {
		return s
	}
	return flat
}

// InputSchema returns FlatSchema as raw JSON, as SDKs take a prebuilt
// schema.
func (t Tool) InputSchema() []byte { return []byte(t.FlatSchema) }

// OutputSchema returns Output as raw JSON, for an MCP tool's
// outputSchema; nil when the tool names no output.
func (t Tool) OutputSchema() []byte {
	if t.Output == "" {
		return nil
	}
	return []byte(t.Output)
}

// Annotations are the hints a tool's directive gives, as MCP tool
// annotations. A nil hint was not given: an SDK sends none.
type Annotations struct {
	ReadOnlyHint    *bool // readonly: it changes nothing
	DestructiveHint *bool // destructive: it may delete or overwrite
	IdempotentHint  *bool // idempotent: calling it again changes nothing more
	OpenWorldHint   *bool // openworld: it reaches beyond the server
}

// Hint is b as a hint of [Annotations].
func Hint(b bool) *bool { return &b }

// Schema describes one //unionflat:schema root: a structured output a
// model must reply with, or a payload. The generator declares one per
// root as <Type>Spec.
type Schema struct {
	Name        string // as a response format names its schema
	Description string // the doc comment of the root's type
	// Schema is the lossless JSON Schema of the root, which the generated
	// DecodeT enforces and what EncodeT returns always meets.
	Schema string
	// FlatSchema has no oneOf, anyOf or allOf at any depth. A union root
	// is one flat object, which strict providers accept.
	FlatSchema string
	// Profiles holds, by profile name ("openai-strict", "gemini-json"),
	// the document to pass as that provider's response schema.
	Profiles map[string]string
}

// SchemaFor returns the response schema generated for profile, or
// FlatSchema when there is none. [Schema.ProfileSchema] says which.
func (s Schema) SchemaFor(profile string) string { return schemaFor(s.Profiles, profile, s.FlatSchema) }

// ProfileSchema returns the response schema generated for profile, and
// false when there is none.
func (s Schema) ProfileSchema(profile string) (string, bool) {
	doc, ok := s.Profiles[profile]
	return doc, ok
}
