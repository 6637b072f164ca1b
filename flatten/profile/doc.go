// Package profile projects a flat JSON Schema (the output of
// flatten.JSON) onto the subset of JSON Schema one target accepts, and
// lints any document against such a subset. No single document is
// accepted everywhere: OpenAI strict wants every key required and
// additionalProperties false on every object, while Gemini's parameters
// reject both type arrays and additionalProperties.
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
// profile a tool asks for, and the unionflat command's flatten -profile
// and lint run [ForProfile] and [Lint].
//
// # The profiles
//
// Each [Profile] constant documents its rules; in short, with the sources
// they follow:
//
//   - openai-strict ([OpenAIStrict]): every property required, an optional
//     one nullable (a type array with "null", or a $ref to a nullable copy
//     of a recursive definition, <Name>OrNull; unionflat's decoder reads
//     null as absent); additionalProperties false on every object; only
//     the documented keywords; a $ref alone, with no keyword beside it
//     (the words beside one join the description of the object or array
//     that holds it, "next: The next node."); formats without uri; 10
//     levels, 5000 properties, 1000 enum values, 120,000 characters.
//     Source: OpenAI's Structured Outputs guide, "Supported schemas"; uri
//     rejected, and "$ref cannot have keywords {'description'}", per
//     OpenAI issue reports.
//   - gemini ([Gemini]): FunctionDeclaration.parameters, the OpenAPI 3.0
//     subset: no type arrays (nullable: true, several kinds as anyOf), no
//     additionalProperties, string enums only (an integer enum is said in
//     the description, "One of 0, 1, 2.", and bounds the integer by its
//     least and greatest value), no const, $ref or $schema, no exclusive
//     bounds (an integer's become inclusive ones), formats enum and
//     date-time, arrays with items. Source: the Gemini
//     API FunctionDeclaration and Schema proto; Firebase AI's schema
//     reference.
//   - gemini-json ([GeminiJSON]): parametersJsonSchema: type arrays,
//     additionalProperties, $ref for recursion, with only a description
//     or default beside it; no $schema; formats date-time, date and
//     time. Source: the Gemini structured-output guide, "JSON schema
//     support"; the $ref siblings per Gemini issue reports.
//
// Both gemini profiles give every object with properties, at any depth,
// Gemini's propertyOrdering: the property names in declaration order
// (one already listing each property once is kept). google.golang.org/genai
// re-marshals every request through map[string]any, so the keys of a
// schema reach Gemini sorted whatever bytes went in; propertyOrdering is
// how the order survives. Source: the Gemini structured-output guide;
// the genai FunctionDeclaration and Schema documentation.
//
// Both gemini profiles also write an integer whose range reaches past
// 2^53 as its bounds say it (bounds beyond ±2^53, such as an int64's or
// a uint64's; an enum with such a value) as a decimal string; an integer
// the schema leaves without bounds stays one, as an int does in the
// proto3 JSON convention. As a string it has type string, the pattern ^-?(0|[1-9][0-9]*)$ (without
// the minus where the minimum is not negative) under gemini, which takes
// patterns, and its bounds and multipleOf in the description ("An integer
// written in decimal digits as a string, at least 1."); enum, const and
// default values become strings of their digits. genai hands arguments
// over as map[string]any with float64 numbers, so 9007199254740993 would
// arrive as 9007199254740992; a string arrives as written. An integer
// that fits a float64 stays a number. [ForProfileWith] with [BigInts]
// asks for the strings under any profile (an integer without bounds
// then counts as reaching past 2^53), or for numbers under gemini too; a decoder of such a document must read both spellings, as
// unionflat's generated decoders do.
//   - anthropic ([Anthropic]): checks only: an object root without
//     combinators, property names ^[a-zA-Z0-9_.-]{1,64}$. Source:
//     Anthropic's tool-use documentation; draft 2020-12.
//   - anthropic-strict ([AnthropicStrict]): every object closed; no
//     numeric or length constraints; minItems 0 or 1; scalar enums; no
//     recursion; at most 16 union-typed and 24 optional properties.
//     Source: Anthropic's strict tool use and structured-output
//     limitations.
//   - mcp ([MCP]): checks only: type object at the root, JSON Schema
//     2020-12 (below the root any schema, oneOf and every other
//     combinator included). Source: the MCP specification 2025-11-25,
//     tools; SEP-1613.
//   - portable ([Portable]): the shared core every target above accepts:
//     one type per property (null cannot be said: a nullable property
//     becomes optional), no combinators, $ref, additionalProperties, value
//     constraints or formats but date-time, every enum also said in the
//     description (langchaingo's googleai backend keeps only type,
//     description, properties, items and required); 5 levels, 100
//     properties, 500 enum values, 15,000 characters. Source: the
//     intersection of the rows above.
//
// # Projection
//
// [ForProfile] rewrites the document for the profile; constraints the
// target rejects move into the description in words (the generated
// decoder still enforces them). A profile that cannot say $ref (gemini,
// anthropic-strict, portable) has the document inlined first; a nullable
// wrapper becomes one nullable type there. Nothing is taken out without a
// word: a recursive definition that must stay behind its $ref becomes a
// schema of its type with a [Finding] naming it ("#/properties/tree:
// recursive definition Node cannot be said under gemini"), and a keyword
// dropped with no words for it is a finding too (rule "dropped"). Under
// openai-strict an optional property that accepts null already
// (pydantic's anyOf [X, {"type": "null"}]) is not wrapped a second time.
// Dropping a keyword only widens: a oneOf (a union flatten left) becomes
// an anyOf of its branches where the profile says anyOf but not oneOf;
// items and additionalProperties become an anyOf of themselves and what
// prefixItems (or draft-07's array of items) and patternProperties held,
// or go too where the profile has no anyOf. Under a profile without
// $ref, a $ref with assertions beside it is merged with its target when
// no keyword stands on both sides and none acts with one on the other.
// A root that is only a $ref to one of its definitions
// (zod-to-json-schema's named output) is that definition; under the
// profiles that keep $refs, draft-07's definitions become $defs and a
// $ref to anywhere else (components, a union's member) is copied into
// place, or, when it is recursive, points at a copy of its target in
// $defs, so no $ref is left pointing at what the projection drops or
// rewrites. Every profile but mcp and anthropic drops $id, $anchor and
// $dynamicAnchor, so a $ref that names a schema of the document by one
// (an anchor, an embedded resource's URI, a pointer relative to it) names
// it by a pointer from the root first. The
// findings of [Lint] on the projected document follow (a map under
// openai-strict, for one).
//
// # Lint
//
// [Lint] checks any JSON Schema document against a profile and reports
// every [Finding] with its JSON Pointer, in document order: a root that
// is not an object or holds a combinator, combinators the profile
// rejects, properties that say nothing about what they are, keywords and
// formats the profile does not take, type arrays, enums,
// additionalProperties and required lists it does not accept, references
// where it has none, property names, a missing or wrong propertyOrdering
// under the gemini profiles (rule "ordering"), and its size limits. Each
// problem is found once, by its own rule (additionalProperties under
// gemini is rule "additionalProperties", not "keyword" too). A finding
// marked Advice is not a refusal: the target takes the document as it is
// (an object without propertyOrdering reaches Gemini with its keys
// sorted).
package profile
