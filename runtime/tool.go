package runtime

// Tool describes one //unionflat:tool input, ready to hand to an SDK: the
// generated <Type>Tool, a [TypedTool], embeds one, so its fields and
// methods read as the descriptor's own (<Type>Tool.Name,
// <Type>Tool.InputSchema()).
type Tool struct {
	// Name is the tool's name, as the model calls it.
	Name string
	// Title is a name for people (an MCP tool's title): the directive's
	// title=, or empty.
	Title string
	// Description is the directive's description=, else the doc comment
	// of the tool's input type, as go doc shows it.
	Description string
	// Annotations are the hints the directive gives (readonly,
	// destructive, idempotent, openworld), as an MCP tool's annotations.
	Annotations Annotations
	// Schema is the lossless JSON Schema of the input: oneOf unions, every
	// constraint. It is what the generated decoder enforces.
	Schema string
	// FlatSchema is the schema to advertise: the same input with no
	// oneOf, anyOf or allOf at any depth, accepting a superset of Schema.
	FlatSchema string
	// Profiles holds, by profile name ("openai-strict", "gemini", ...), the
	// flat schema projected onto each target the generator was asked for.
	Profiles map[string]string
	// Output is the schema of the tool's result, the type its directive
	// names with output=: an object at the root, as MCP requires, that
	// describes what encoding/json writes for every Go value of the type
	// (see the generated EncodeResult, whose output also passes the
	// result's rules). Empty when the tool names no output.
	Output string
}

// SchemaFor returns the schema to advertise to a target: the one generated
// for its profile, or FlatSchema when none was (the tool's directive and
// the run named no such profile, or the name is misspelled). Where the
// target needs the profile's own document, as OpenAI's strict mode does,
// ask [Tool.ProfileSchema], which says when there is none.
func (t Tool) SchemaFor(profile string) string { return schemaFor(t.Profiles, profile, t.FlatSchema) }

// ProfileSchema returns the schema generated for profile, and false when
// none was: then a target must not be told the tool keeps that profile's
// rules (strict: true).
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

// InputSchema returns the flat schema as raw JSON, the form the MCP and LLM
// SDKs take a prebuilt schema in.
func (t Tool) InputSchema() []byte { return []byte(t.FlatSchema) }

// OutputSchema returns the output schema as raw JSON, for an MCP tool's
// outputSchema; nil when the tool names no output.
func (t Tool) OutputSchema() []byte {
	if t.Output == "" {
		return nil
	}
	return []byte(t.Output)
}

// Annotations are what a tool's directive says of its behaviour, as the
// MCP tool annotations of the same names. A nil hint was not given: an
// SDK then sends none, and a client assumes the protocol's default.
type Annotations struct {
	ReadOnlyHint    *bool // readonly: it changes nothing
	DestructiveHint *bool // destructive: it may delete or overwrite
	IdempotentHint  *bool // idempotent: calling it again changes nothing more
	OpenWorldHint   *bool // openworld: it reaches beyond the server
}

// Hint is b as a hint of [Annotations]; generated descriptors set hints
// with it.
func Hint(b bool) *bool { return &b }
