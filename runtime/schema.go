package runtime

import "encoding/json"

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

// Encode is the body of a generated EncodeT: it runs the generated
// validator over x and, when x passes, marshals it with encoding/json
// (and so with the generated MarshalJSON methods). What it returns is
// what the type's decoder accepts, so it validates under the type's
// lossless schema; a value that breaks a rule gets the *Errors Validate
// gives, and no bytes.
func Encode[T any](x T, validate func(*Decoder, *T)) ([]byte, error) {
	if err := Validate(&x, validate); err != nil {
		return nil, err
	}
	return json.Marshal(x)
}

// EncodeOutput is the body of a generated EncodeT for a tool's result
// that is nothing else (no input, no schema root): Encode, where a nil
// pointer, slice, map, []byte or union below the root is written as the
// null its output schema describes, and is no problem (a handler that
// returns a nil slice is idiomatic Go, not a tool bug). What it returns
// validates under the output schema.
func EncodeOutput[T any](x T, validate func(*Decoder, *T)) ([]byte, error) {
	if err := ValidateOutput(&x, validate); err != nil {
		return nil, err
	}
	return json.Marshal(x)
}

// ValidateOutput is Validate for a tool's result that is nothing else:
// see EncodeOutput.
func ValidateOutput[T any](x *T, validate func(*Decoder, *T)) error {
	d := newDecoder(nil)
	defer d.release()
	d.lenient = nullsWritten
	validate(d, x)
	return d.problems()
}

// nullsWritten is the Decoder's mode for ValidateOutput: a null below
// the root is no problem (see Decoder.Null).
const nullsWritten = RepairMistakes << 1
