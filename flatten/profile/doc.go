// Package profile projects a flat JSON Schema, the output of flatten.JSON,
// onto the subset of JSON Schema one target accepts. It also lints any
// document against such a subset. No single document is accepted
// everywhere. OpenAI strict wants every key required and
// additionalProperties false on every object. Gemini's parameters reject
// both type arrays and additionalProperties.
//
//	flat, err := flatten.JSON(schema, flatten.Options{InlineRefs: true, NullableTypes: true})
//	if err != nil {
//		return err
//	}
//	res, findings, err := profile.ForProfile(flat.Schema, profile.Gemini, flatten.Options{Indent: "  "})
//	if err != nil {
//		return err // not JSON: a *flatten.SyntaxError
//	}
//	for _, f := range findings {
//		log.Print(f) // "/properties/tree: recursive definition Node cannot be said under gemini [recursive]"
//	}
//	os.Stdout.Write(res.Schema)
//
// The package takes and returns flatten's bytes and options; flatten
// itself knows no target. unionflat's generator emits one constant per
// profile a tool asks for. The unionflat command's flatten -profile and
// lint run [ForProfile] and [Lint].
//
// # The profiles
//
// Each [Profile] constant documents its rules. In short, with the sources
// they follow:
//
//   - openai-strict ([OpenAIStrict]): every property is required. An
//     optional one is nullable: a type array with "null", or a $ref to a
//     nullable copy of a recursive definition, <Name>OrNull. unionflat's
//     decoder reads that null as absent. additionalProperties is false on
//     every object. Only the documented keywords are kept. A $ref stands
//     alone: the words beside one join the description of the object or
//     array that holds it ("next: The next node."). Formats exclude uri.
//     Limits: 10 levels, 5000 properties, 1000 enum values, 120,000
//     characters. Source: OpenAI's Structured Outputs guide, "Supported
//     schemas". uri and "$ref cannot have keywords {'description'}" are
//     rejected per OpenAI issue reports.
//   - gemini ([Gemini]): FunctionDeclaration.parameters, the OpenAPI 3.0
//     subset. No type arrays: nullable: true, and several kinds as anyOf.
//     No additionalProperties, const, $ref or $schema. String enums only:
//     an integer enum is said in the description ("One of 0, 1, 2."), and
//     bounds the integer by its least and greatest value. No exclusive
//     bounds: an integer's become inclusive ones. Formats enum and
//     date-time. Arrays have items. Source: the Gemini API
//     FunctionDeclaration and Schema proto; Firebase AI's schema reference.
//   - gemini-json ([GeminiJSON]): parametersJsonSchema. Type arrays,
//     additionalProperties, and $ref for recursion, with only a description
//     or default beside it. No $schema. Formats date-time, date and time.
//     Source: the Gemini structured-output guide, "JSON schema support";
//     the $ref siblings per Gemini issue reports.
//   - anthropic ([Anthropic]): checks only. An object root without
//     combinators, and property names that match ^[a-zA-Z0-9_.-]{1,64}$.
//     Source: Anthropic's tool-use documentation; draft 2020-12.
//   - anthropic-strict ([AnthropicStrict]): every object closed. No numeric
//     or length constraints. minItems 0 or 1. Scalar enums. No recursion.
//     At most 16 union-typed and 24 optional properties. Source:
//     Anthropic's strict tool use and structured-output limitations.
//   - mcp ([MCP]): checks only. type object at the root, JSON Schema
//     2020-12. Below the root any schema goes, oneOf and every other
//     combinator included. Source: the MCP specification 2025-11-25, tools;
//     SEP-1613.
//   - portable ([Portable]): the shared core every target above accepts.
//     One type per property. null cannot be said, so a nullable property
//     becomes optional. No combinators, $ref, additionalProperties, value
//     constraints, or formats but date-time. Every enum is also said in the
//     description, since langchaingo's googleai backend keeps only type,
//     description, properties, items and required. Limits: 5 levels, 100
//     properties, 500 enum values, 15,000 characters. Source: the
//     intersection of the rows above.
//   - ollama ([Ollama]): what Ollama's api.Tool keeps, read by place. The
//     root keeps type (a string: a type array does not unmarshal),
//     properties, required and items. Its description goes: the tool's
//     description says it, and a projection that drops one reports it.
//     A property, below properties or anyOf at any depth, keeps type (a
//     type array too), description, enum of any values, properties, items
//     and anyOf. The rest is said in its description: bounds, lengths,
//     formats, patterns, a default, and an object's required list
//     ("Required: type."). A const becomes a one-value enum or words.
//     additionalProperties false and a title go, which only widens. A
//     oneOf becomes an anyOf. Below items everything is kept. No $ref,
//     though Ollama keeps the root's $defs and a $ref below items: a
//     property drops one. Source: ollama v0.17.4, api/types.go
//     (ToolFunctionParameters, ToolProperty, PropertyType); the server
//     reads tools into the same structs. examples/ollama tests the lists
//     against the client.
//
// Both gemini profiles give every object with properties, at any depth,
// Gemini's propertyOrdering: the property names in declaration order. One
// that already lists each property once is kept. google.golang.org/genai
// re-marshals every request through map[string]any, so the keys of a
// schema reach Gemini sorted whatever bytes went in. propertyOrdering is
// how the order survives. Source: the Gemini structured-output guide; the
// genai FunctionDeclaration and Schema documentation.
//
// Both gemini profiles and ollama also write big integers as decimal
// strings. A big integer is one whose stated range reaches past 2^53:
// bounds beyond ±2^53, such as an int64's or a uint64's, or an enum with
// such a value. An integer the schema leaves without bounds stays one, as
// an int does in the proto3 JSON convention; with [BigInts] string it
// counts as a big one too. A big integer's schema is
// type string. Where the profile takes patterns (gemini, below items
// under ollama), it gets the pattern ^-?(0|[1-9][0-9]*)$, without the
// minus where the minimum is not negative. Its bounds and multipleOf go
// in the description ("An integer written in decimal digits as a string,
// at least 1."). Enum, const and default values become strings of their
// digits. genai hands arguments over as map[string]any with float64
// numbers, and Ollama's client and server decode them the same way. So
// 9007199254740993 would arrive as 9007199254740992; a string arrives as
// written. An integer that fits a float64 stays a number. [ForProfileWith]
// with [BigInts] asks for the strings under any profile, or for numbers
// under gemini and ollama too. A decoder of such a document must read
// both spellings, as unionflat's generated decoders do.
//
// # Projection
//
// [ForProfile] rewrites the document for the profile. Constraints the
// target rejects move into the description in words; the generated
// decoder still enforces them. A profile that cannot say $ref (gemini,
// anthropic-strict, portable, ollama) has the document inlined first. A
// nullable wrapper becomes one nullable type there.
//
// Nothing is taken out without a word. A recursive definition that must
// stay behind its $ref becomes a schema of its type, with a [Finding]
// naming it ("#/properties/tree: recursive definition Node cannot be said
// under gemini"). A keyword dropped with no words for it is a finding too
// (rule "dropped"). So are words where the profile keeps no description
// (ollama's root). Under openai-strict an optional property that accepts
// null already (pydantic's anyOf [X, {"type": "null"}]) is not wrapped a
// second time.
//
// With [Options] JSONText, a free-form value the profile cannot say (a
// property or items of {} or true; under openai-strict,
// anthropic-strict, gemini and portable an object of them too) becomes
// {"type": "string"}, its description saying it holds the value's JSON
// text. That narrows the document: its decoder must read the string as
// the value, as unionflat's generated decoders do (see
// [Options.WritesJSONText]). Without it, such a value is a finding (rule
// "untyped").
//
// Dropping a keyword only widens. A oneOf (a union flatten left) becomes
// an anyOf of its branches where the profile says anyOf but not oneOf.
// items and additionalProperties become an anyOf of themselves and what
// prefixItems (or draft-07's array of items) and patternProperties held.
// Where the profile has no anyOf, they go too. Under a profile without
// $ref, a $ref with assertions beside it is merged with its target. That
// happens when no keyword stands on both sides, and none acts with one on
// the other.
//
// A root that is only a $ref to one of its definitions
// (zod-to-json-schema's named output) is that definition. No $ref is left
// pointing at what the projection drops or rewrites. Under the profiles
// that keep $refs, draft-07's definitions become $defs. A $ref to anywhere
// else (components, a union's member) is copied into place. When it is
// recursive, it points at a copy of its target in $defs instead. Every
// profile but mcp and anthropic drops $id, $anchor and $dynamicAnchor. So
// a $ref that names a schema of the document by one of them (an anchor, an
// embedded resource's URI, a pointer relative to it) names it by a pointer
// from the root first. The findings of [Lint] on the projected document
// follow, such as a map under openai-strict.
//
// # Lint
//
// [Lint] checks any JSON Schema document against a profile. It reports
// every [Finding] with its JSON Pointer, in document order. It finds a root
// that is not an object or holds a combinator, and combinators the profile
// rejects. It finds properties that say nothing about what they are. It
// finds keywords and formats the profile does not take, and type arrays,
// enums, additionalProperties and required lists it does not accept. It
// finds references where the profile has none, property names it refuses,
// and its size limits broken. Under the gemini profiles it finds a missing
// or wrong propertyOrdering (rule "ordering") as advice ([Finding.Advice]):
// the target takes the document, so lint does not exit 1 for it. Under ollama it reads each
// schema by its place: the root, a property, or below items, where it
// finds no keyword. It still finds $defs, a $ref and a combinator other
// than anyOf anywhere, as under the other profiles, though Ollama keeps
// the root's $defs and all of them below items: the profile never writes
// them.
package profile
