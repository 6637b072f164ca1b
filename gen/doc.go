// Package gen is unionflat's code generator. It loads Go packages and
// models their annotated unions and tools. It builds the lossless and flat
// JSON Schemas, and emits Go files that hold them as constants, beside
// decoders and validators. cmd/unionflat is its command line; this package
// writes nothing to disk.
//
//	res, err := gen.Generate(gen.Config{Patterns: []string{"./..."}})
//	// res.Diagnostics: misuse, as file:line:col: message, all of it
//	// res.Files: the content of every <file>_unionflat.go, or a removal
//
// # Declaring unions and tools
//
// A union is a sealed interface, one with an unexported method, marked
// //unionflat:union. It may name its discriminator with discriminator=NAME
// (default "type"). //sumtype:decl may stand beside it. Its variants are
// the struct types of the package that implement it, with value or
// pointer receivers. A struct that implements it only through what it
// embeds (a variant, or the union itself) is a variant only when marked
// //unionflat:variant.
//
// A variant's discriminator values come from //unionflat:variant v1,v2.
// The first is the one MarshalJSON writes. Without the directive, they come
// from a string field of the variant whose JSON name is the discriminator:
// its jsonschema_extras const= or its jsonschema enum= values. Else the
// value is the type name in snake_case, with the union's name taken off its
// start or end (TextPart in union Part is "text").
//
// An untagged union, //unionflat:union untagged, has no discriminator. A
// value's JSON type, then an object's keys, pick the variant. Its variants
// may be named types of other kinds too (type LabelName string). The
// generator proves that no JSON value fits two variants: each of another
// JSON type (integer and number are one), and of two structs, one requires
// a key that the other, closed, does not declare. Else it reports the two
// variants. The decoder's errors name the keys each form requires.
//
// A tool input is a struct marked //unionflat:tool, or a union marked
// both //unionflat:union and //unionflat:tool. A union tool's arguments
// are one object: its discriminator picks the variant, and fields every
// variant takes come from a struct each embeds. Its DecodeT is the tool's,
// and its descriptor's Handle passes the variant, which a handler
// type-switches. Its description is the type's doc comment, as go doc
// shows it: the lines of a paragraph joined, paragraphs kept. The
// directive takes these keys:
//
//   - name=NAME: the tool's name, by default the type name in snake_case.
//     It must match ^[a-zA-Z][a-zA-Z0-9_-]{0,63}$.
//   - title="TEXT": a name for people, an MCP tool's title.
//   - description="TEXT": the description, in place of the doc comment.
//   - readonly, destructive, idempotent, openworld: the MCP tool
//     annotations readOnlyHint, destructiveHint, idempotentHint and
//     openWorldHint. A bare word says true; word=false says false. A hint
//     not given stays unset (nil in the descriptor's Annotations).
//   - profile=NAME, repeatable: one more schema, for a target profile (see
//     package flatten/profile). The -profiles flag asks the same for every
//     tool and schema root.
//   - output=NAME: the tool's result (see Outputs).
//   - repair=off: the decoder repairs nothing. By default it reads the
//     model's mistakes that the schema leaves one meaning, and records
//     them (see the runtime package's Repairs). With repair=off each
//     would-be repair is an error that says what to send. repair=on is the
//     default.
//   - bigints=string or bigints=number: how the tool's profile documents
//     write an integer whose range reaches past 2^53. Without it, gemini,
//     gemini-json and ollama write an int64 or a uint64 without bounds
//     that keep it within ±2^53 as a decimal string (the proto3 JSON
//     convention); an int, a uint and the smaller sizes stay numbers, and
//     the other profiles write numbers (see Exact integers). string writes
//     an int or a uint without such bounds as a string too, under every
//     profile; number keeps numbers under every profile. A bigints= on a
//     tool without a profile is a diagnostic.
//
// //unionflat:schema marks a root that is not a tool input (see Outputs).
// Structs are closed (additionalProperties: false) unless marked
// //unionflat:open. The openai-strict and anthropic-strict documents close
// every object, an open struct's too, so a model there is asked for its
// fields only. Its decoder still takes other keys. A union with an open
// variant is flattened with flatten.Options.Strict: the open variant takes
// another variant's keys with any value, and the flat schema then says so,
// a literal superset of the lossless one.
//
// Directives are Go directives. No space may stand after // or after the
// colon. Either is reported, since go doc would show the line, and gofmt
// rewrites the second to the first. As in every Go directive, the name
// after the colon starts with a lower-case letter or a digit.
// Arguments are separated by spaces or commas (//unionflat:variant
// rect,rectangle). A quoted Go string is one argument, or one value after
// key=, commas and spaces included (//unionflat:variant "a b",c;
// //unionflat:tool name="x"). A diagnostic about an argument points at
// that argument's column: an unknown key, a tool name that does not match,
// a discriminator value given twice. Every wrong argument of every line is
// reported in one run.
//
// # Fields
//
// Fields follow encoding/json:
//
//   - json tag names and "-". A name encoding/json would ignore, holding a
//     quote or a backslash, is reported.
//   - Embedded structs are promoted. The shallowest field wins a name, then
//     the tagged one; a tie is reported.
//   - Unexported fields are skipped.
//   - A field is required unless tagged omitempty or omitzero.
//     jsonschema:"required" forces it. The generated MarshalJSON then
//     writes it whatever it holds, even with omitempty, so that encoding
//     keeps what the schema requires.
//   - A field of type unionflat.Nullable[T] (the runtime's) tells an
//     absent key, null and a value apart: "pass null to clear the
//     milestone". It is optional and nullable: its schema is T's with
//     null, never required. The decoder leaves it absent (its zero value),
//     sets unionflat.Null[T]() for null, and unionflat.Some of the value
//     otherwise, with T's rules checked on the value only; Validate checks
//     a value it holds. It must be tagged omitzero, which leaves an absent
//     one out (encoding/json asks its IsZero; without omitzero it would
//     write absent as null), so that json.Marshal writes it back as it
//     was read. jsonschema:"required" and default= on it are reported,
//     and so is one as an item or a map value, a pointer to one, and one
//     of a pointer, a json.RawMessage or a time.Duration. Under
//     openai-strict a model sends every key, null for one it leaves out,
//     so there null reads as null, never as absent (the lossless schema
//     says null, so the decoder must).
//   - A field of a tagged union's type tagged json:",inline" merges the
//     union into the struct's own object: the discriminator and the
//     chosen variant's fields are keys beside the struct's other fields
//     ({"owner": "o", "method": "create", "title": "t"}), as GitHub's
//     tools take "params and a method" in one object. The lossless schema
//     is a oneOf of one object per variant, the struct's properties and
//     the variant's merged; the flat schema is one object, as for any
//     union. The decoder reads the object once: the discriminator picks
//     the variant, whose keys are read from the same object; a key of
//     another variant is not allowed, an unknown key is reported once.
//     Validate checks both, and the generated MarshalJSON writes both in
//     one object (encoding/json has no such option). The union is always
//     required (no omitempty, no jsonschema tag). These are diagnostics:
//     a non-union or untagged union tagged inline, two inline fields in
//     one struct, one promoted from an embedded struct, a property named
//     like the discriminator or a variant's field, and, not supported
//     yet, an inline union in an open struct, with an open variant, in a
//     variant, or reached by a schema root or a tool output.
//
// The invopop tag grammar is read: jsonschema:"k=v,...". Its keys are
// title, description, minLength, maxLength, pattern (RE2), format, minimum,
// maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, minItems,
// maxItems, uniqueItems, enum and example (both repeatable), default,
// const, readOnly, writeOnly and deprecated. Its flags are required,
// nullable and -. On slices, arrays and maps, every key but the item
// counts, the annotations and default applies to the elements.
// jsonschema_description sets the description. jsonschema_extras adds
// annotations (x-order=1) and const=, which is enforced. true, false and
// numbers there are written as JSON booleans and numbers. A JSON Schema
// keyword in jsonschema_extras is a diagnostic: a rule there (minimum=0)
// would be written and never checked, so the diagnostic names the
// jsonschema key to use. type, and the keywords unionflat writes from the
// Go type, are refused too.
//
// The flag - takes a field out of the schema. encoding/json still writes
// it, and a closed struct's decoder rejects it. So Validate reports it
// when it is set, and one written whatever it holds (without omitempty) is
// a diagnostic.
//
// Doc comments, or trailing line comments, are descriptions, with
// directives stripped. A tag's description wins. Numeric values (bounds,
// multipleOf, number enums and consts) are JSON numbers kept as written.
// multipleOf must be greater than 0. The decoders compare a model's
// numbers with them exactly, on the decimal text. Validate judges a float
// by its shortest text (see the runtime/impl package doc).
//
// Items of a jsonschema tag are separated by commas. A comma inside a
// value is escaped with a backslash, as invopop reads it. Since the tag is
// a Go string literal, the backslash is doubled in the source:
// jsonschema:"pattern=^[A-Z]{1\\,5}$" is the pattern ^[A-Z]{1,5}$. An
// unknown flag right after a pattern= is reported with that advice.
//
// A field of type any (the empty interface, or a named one: type Value
// any), map[string]any or []any holds free-form values. Its schema is {}
// (an object of {}, an array of {}), and it decodes as encoding/json
// decodes into it: nil, a bool, a float64, a string, a []any or a
// map[string]any, at any depth. A number no float64 holds is a range
// problem, as it is for encoding/json. Validate accepts any value there,
// and encoding/json marshals it. null is a value: a required one takes
// it, and a pointer to one (*any, *json.RawMessage) is then nil. A
// profile that cannot say "any value" advertises it as a string holding
// its JSON text (see "Profiles and exact integers").
//
// go-sdk's style is read too. A jsonschema tag that does not start with
// key= is the description, all of it, commas included:
// jsonschema:"the radius in pixels, at least 1". That is the test
// google/jsonschema-go applies: no space before the first =. A first item
// that is one of the flags is still a flag. So types can be shared with
// go-sdk's generic AddTool, and a go-sdk server's tags need no rewriting.
// One word is a description too (jsonschema:"radius"). The one difference:
// required, nullable and - at the start of a tag are invopop's flags, and
// the tag is then read in invopop's grammar, where a description is
// written description=. So jsonschema:"required, the user name" is
// reported with jsonschema:"required,description=the user name" as what to
// write.
//
// # Rules that no value can pass
//
// These are diagnostics:
//
//   - minimum above maximum. Exclusive bounds and a sized integer's own
//     range count; for integers, so do the whole numbers between them,
//     and on a duration the whole nanoseconds.
//   - minLength above maxLength, and minItems above maxItems (or an
//     array's length outside them).
//   - An enum, const or named-type constant value that breaks the field's
//     own pattern, length, bounds or multipleOf. So is one its float type
//     cannot hold: beyond float32's or float64's largest magnitude, or
//     nonzero and so small it would be 0.
//   - A nullable field that is not a pointer, required or optional with a
//     default, whose zero value breaks its rules, since null leaves that
//     zero value there (a default applies only to an absent key): nullable
//     with an enum that lacks "", or with minimum=1. Make it a pointer.
//   - A required field that can only hold another value like its own,
//     without end: type T struct{ Next *T `json:"next"` }, a required
//     Pair of type Pair [2]*Pair, minItems=1 on a slice of such. No finite
//     value passes. Make it optional, nullable, or a slice that may be
//     empty.
//
// invopop's run-time hooks are reported where they are declared, or, on
// another package's type, where it is used. They are the methods
// JSONSchema, JSONSchemaExtend, JSONSchemaAlias, JSONSchemaProperty and
// GetFieldDocString. unionflat writes schemas when it generates and runs
// no user code, so a hook would be ignored. Say the same with tags and
// comments.
//
// # Types
//
// These types are read: strings, booleans, every integer and float size,
// time.Time (a date-time string), time.Duration, named string types whose
// constants become their enum, integer enums, types with UnmarshalText
// (strings), []byte (base64), json.RawMessage and any (any value), structs,
// unions, slices, arrays, maps with string keys, pointers, and
// unionflat.Nullable[T] as a field's type (see Fields). 8-, 16- and
// 32-bit integers carry their bounds in the schema. minLength, maxLength,
// pattern, enum and const on a time.Time or a []byte are diagnostics: they
// would judge the RFC 3339 or base64 text, which no decoder checks.
// Recursive types use
// $defs and $ref in the lossless schema, whether they hold themselves
// through a struct or through a named slice, array or map alone (type Tree
// []*Tree, type Forest map[string]Forest). Such a type gets a decoder and
// a validator of its own, and reads at any depth.
//
// A struct or array field tagged omitempty is optional, but encoding/json
// never leaves it out. A call without it decodes to its zero value. Where
// that value breaks a rule, the field is a diagnostic that asks for a
// pointer or omitzero. Such rules are a nil slice the struct requires, a
// string below its minLength, a bound, an enum, or uniqueItems on [2]T. A
// struct written as text (MarshalText and UnmarshalText) is never left
// out either, and the text of its zero value is its MarshalText's: with a
// rule on that text (minLength, pattern, format, enum), alone or as an
// array's items, it is the same diagnostic.
//
// json.Number is a diagnostic: its Go type is a string, but encoding/json
// reads and writes it as a number. So is a struct of another package that
// keeps its state in unexported fields (time.Location, url.Userinfo), or a
// type of yours declared over one (type Stamp time.Time; write the alias
// type Stamp = time.Time). encoding/json writes it as {}, and its value
// would be lost. What is wrong inside a struct of another package is
// reported at each field of yours that brings it in, with the reason and
// its place in the other package after it: field U: in url.URL
// (url.go:279:1): field User: ....
//
// A time.Duration is a string in Go's duration syntax in every schema
// ("90s", "1h30m"). Its schema is type string, a pattern that matches
// exactly what time.ParseDuration reads (runtime.DurationPattern), and a
// description that says so. It is not format: duration, which is ISO
// 8601. The decoder parses it with time.ParseDuration; a value beyond
// about 292 years is a range error. The generated MarshalJSON writes
// Duration.String, so it reads back as itself.
//
// On a duration, minimum=, maximum=, exclusiveMinimum=, exclusiveMaximum=
// and multipleOf= are durations (minimum=1m). A pattern cannot say a
// bound, so the description does, and the decoder and Validate check it.
// minLength, maxLength, pattern, format, enum and const (jsonschema_extras
// const= too) do not apply to a duration. A duration may stand alone,
// behind a pointer, in a slice or in a map. Deeper ([][]Duration,
// [2]Duration) it is a diagnostic. So is a duration in a struct of another
// package, for which no MarshalJSON can be declared.
//
// A named integer type with constants (an iota block or explicit values)
// is an integer enum, String method or not, since encoding/json writes the
// number. Its schema is "enum": [0, 1, 2]. The description names each
// value with its constant and the constant's doc comment ("0: ThemeLight,
// light on dark; 1: ThemeDark."). The decoder and Validate reject other
// values. Profiles that take string enums only (gemini, portable) say the
// values in the description instead; the decoder still enforces them.
//
// default= is applied by the decoder to an absent optional field. It is
// applied to null too where a profile has null mean absent, as
// openai-strict does. That is a deliberate difference from a JSON Schema
// validator, for which default is an annotation. It applies to strings,
// booleans, numbers, durations and enums, to pointers to those (the
// decoder sets a new pointer), and to slices of those (repeat default= for
// each item). A default on a required field, on another type, or one that
// breaks the field's own rules is a diagnostic.
//
// The generated MarshalJSON writes a field with a default unless it holds
// the default. That includes its zero value, which omitempty would drop
// and which would read back as the default. A float's -0 and 0 are told
// apart, and default=-0 is -0. A nil pointer or slice with a default is
// left out and reads back as the default, since a decoder never returns
// nil there. If the field is nullable, nil is null instead.
//
// A type with UnmarshalText is a string. The decoder checks the field's
// rules on the text it receives, then calls UnmarshalText. Validate checks
// exactly that on what encoding/json writes: the MarshalText text, through
// the same rules and UnmarshalText. A MarshalText error is a Validate
// error. A named string type without MarshalText is written, and judged,
// as itself. Any other type with UnmarshalText needs a MarshalText on its
// value, or it is a diagnostic: encoding/json would write its underlying
// value, not a string.
//
// # What is generated
//
// One <file>_unionflat.go goes beside each source file that declares a
// union, a tool or a struct they reach. It starts with "// Code generated
// by unionflat. DO NOT EDIT." and //go:build !unionflat. Loading sets that
// tag, so a stale file never blocks regeneration. Output is byte-for-byte
// deterministic, and laid out as gofmt writes it.
//
// For a union U: USchema and UFlatSchema constants, DecodeU and ValidateU,
// and compile-time guards that each variant still implements U.
//
// For a tool T:
//
//   - TSchema and TFlatSchema.
//   - A T<Profile>Schema constant per profile asked for (openai-strict
//     gives TOpenAIStrictSchema), listed in TTool.Profiles.
//   - DecodeT, and DecodeTRepaired, which also returns the repairs it made
//     and the canonical arguments.
//   - T.Validate.
//   - TTool, the typed descriptor, a unionflat.TypedTool[T, Out]. It embeds
//     the unionflat.Tool (name, description, schemas), so TTool.Name and
//     TTool.InputSchema() read it, and TTool.Tool is the plain value. Its
//     Decode is DecodeT and its DecodeRepaired is DecodeTRepaired. For a
//     tool with output=Result, Out is Result and Encode is EncodeResult.
//     For one without, Out is string and Encode is impl.EncodeText:
//     the reply's text as it is.
//
// TTool.Handle(args, fn) serves a call with a typed handler fn.
// TTool.Bind(fn) makes the type-erased unionflat.Handler a tool list holds
// (see the runtime package doc).
//
// Variants get MarshalJSON (writing the discriminator), Validate and
// UnmarshalJSON. Structs holding unions get UnmarshalJSON, so that
// encoding/json works with them. A struct gets MarshalJSON and
// UnmarshalJSON when it has a time.Duration field (alone, behind a
// pointer, in a slice or a map) or an optional field with a default. Then
// json.Marshal and json.Unmarshal of the user's own values write and read
// what the schema says. Structs holding such a struct need nothing, since
// encoding/json calls the methods of their fields. Helpers are unexported
// and start with uf.
//
// # Profiles and exact integers
//
// A profile document that still breaks its profile's lint is a
// diagnostic. Examples are a map under openai-strict and a recursive type
// under gemini.
//
// A free-form value (any, json.RawMessage, as a field or an array's
// items) fails no profile. One that cannot say "any value" (every one but
// mcp and ollama) advertises it as {"type": "string"}, described as a
// JSON value written as its JSON text in a string ("42", "[1, 2]",
// "{\"a\": 1}"). Under openai-strict, anthropic-strict, gemini and
// portable, which say no map, so is a map[string]any (a JSON object as
// its text). The tool's DecodeT then reads a string that holds JSON text
// there as the value it holds, recorded as an asked stringAsJSON repair,
// with repair=off too (impl.JSONText); a string that holds no JSON text
// is itself, as a client of the flat schema sends it. So a client of the
// flat schema that means the string "42" gets the number 42.
//
// A tool's own profiles decide what its DecodeT accepts beyond the
// lossless schema. openai-strict makes every property required, so models
// write null for one they leave out; that null is read as an absent
// property. portable cannot say null, so a required nullable property may
// be left out. The decoders a tool shares with other tools take that
// reading from the tool being decoded (impl.BeginArguments). So a
// tool without such a profile, DecodeU and UnmarshalJSON reject null for a
// property that is not nullable, in the same package.
//
// Some SDKs hand a tool's arguments over as map[string]any, decoded
// through float64: google.golang.org/genai, langchaingo's googleai
// backend, and the anthropic-sdk-go beta tool runner. So 9007199254740993
// arrives as 9007199254740992, before any decoder runs. A profile document
// that writes big integers as decimal strings (see bigints= above) gives
// such a field type string. It adds a pattern of decimal digits where the
// profile takes patterns, and the range in the description, from the
// tag's bounds or else the type's ("An integer written in decimal digits
// as a string, at least 1 and at most 9223372036854775807."). An integer
// that fits a float64 stays a number: an int64 with minimum=0,
// maximum=10000, an int32, an integer enum; so does an int or a uint
// unless bigints=string. The DecodeT of a tool whose documents write such
// integers as strings reads each integer a document may write so (an
// int64 or a uint64, one bounded or with a constant beyond 2^53; every
// integer under bigints=string) from a number or from a string of its
// digits, exactly, with the same range and bound checks. A string of
// digits for another integer ("priority": "3" for an int32) is a
// quoted-number repair, recorded, or under repair=off an error.
// TSchema and TFlatSchema are unchanged: both say integer, and the flat
// schema stays a superset of the lossless one.
//
// # Generated code a reviewer reads
//
// Generated lines stay under 100 columns where the generator decides the
// line. Comments are wrapped, and an article agrees with the next word
// ("an ImagePart"). A line of schema text longer than that (a description)
// is continued in another raw literal on the next line of code, `...` +
// `...`, cut after a space. The constant's value is the same. A backtick
// in the text is spliced in as "`". A members decoder's signature that
// would be longer takes one parameter a line. The known keys of an
// unknown-key error continue as "..." + "...". Lines that list every
// property or variant can still be longer: the seen flags of a struct with
// many required fields, a union's tags, and a lenient tool's reading
// flags.
//
// Every struct the generated code decodes gets a compile-time guard, as
// stringer gives constants: var _ = struct{ ... }(T{}). It spells every
// field of T as the generator saw it, unexported, embedded and json:"-"
// fields too; conversion ignores tags. A field added to, removed from or
// retyped in T without generating again breaks the build there. Without
// it, a decoder would silently ignore the change. A struct gets no guard
// when the package cannot spell a field's type: a generic instance, an
// unexported type or field of another package, a func, chan or non-empty
// interface type, or a package generated code does not import.
//
// A tool embeds the $defs of every union and struct it reaches, so the
// same $defs entry can stand in several schema constants of a package.
// Such an entry is declared once, in the package's first generated file,
// as ufDefsX for union or struct X. Each constant is spelled as the
// concatenation "..." + ufDefsX + "...". A concatenation of constants is
// a constant, so every schema constant is still a complete document with
// the value it would have written out. Only whole $defs values are shared.
// A flat schema inlines its definitions at the depth of their use, so
// their text differs from one constant to the next. An entry whose text
// differs between constants is written out where it differs.
//
// Locals and import names are the generator's. Each is spelled around the
// names the package declares, so a package with type key, d or json at
// package level still compiles: the local becomes key_, the import json_.
// The package-level names are the user's contract and are not renamed.
// These are diagnostics: a declaration that takes one (PartSchema,
// DecodeSend, ufDefsPoint, a name starting with ufPattern); two roots that
// would generate the same one (union Shape and tool ShapeFlat both give
// ShapeFlatSchema); a package-level name that hides a predeclared
// identifier generated code uses (string, error, len, nil, ...).
// Diagnostics come sorted by file, line, column and message.
//
// The flat schema is the lossless one passed through package flatten with
// InlineRefs and NullableTypes: what ships is what flatten checked. One
// difference is in words. flatten lists each variant's description in the
// flat discriminator's. There a doc comment that opens with the variant's
// Go type name opens with its discriminator value instead ("circle: circle
// is round", not "circle: Circle is round"). A Go name means nothing to a
// model. Everywhere else, descriptions are the doc comments as written.
//
// # Validate and encoding/json
//
// Validate judges what encoding/json would write for the value, as
// decoding would judge it. An optional field that omitempty or omitzero
// drops is absent. omitzero asks the type's IsZero method, or else
// compares with the zero value: an empty slice is written, a zero struct
// or array is not. omitzero on a struct or array that == cannot compare,
// or that holds an any (== panics when it holds a map or a slice), and
// that has no IsZero, is a diagnostic. A nil pointer, slice, map or
// []byte that is written as null (a required field, an item, a map value)
// is reported unless it is nullable; a nil pointer to a free-form value
// is null, which it takes.
//
// DecodeT reads what EncodeT writes back to the same value, with one
// exception: where a tool or schema root reads a profile's strings of
// JSON text (see "Profiles and exact integers"), a free-form value that
// is a string holding JSON text ("42", "true", "[1]") is read as the value
// it holds.
//
// json.Unmarshal runs the generated decoder, with every rule checked, on
// exactly the types that get UnmarshalJSON. Those are the local structs
// that are a variant, a tool input, a tool result or a schema root, and
// those that hold a union at any depth (through fields, slices, arrays,
// maps or pointers). encoding/json cannot decode an interface, so a union
// needs the generated decoder. Any other struct, and every named scalar,
// is left to encoding/json's own rules, with nothing checked. Decode it as
// part of a tool or union (DecodeT), or call Validate on the enclosing
// tool afterwards. Structs of other packages get no methods.
//
// # Outputs
//
// Two directives describe what goes back to a model or a client.
//
// //unionflat:schema on a struct or a union marks a root that is not a
// tool input: a structured output a model must reply with, or a payload.
// It takes name= (by default the snake_case type name, under the
// tool-name rule) and profile=, as //unionflat:tool does. A struct root R
// gets RSchema and RFlatSchema; a union root keeps its union's. Both get:
//
//   - one R<Profile>Schema per profile asked for. These are the documents
//     a provider takes as a response schema: openai-strict for
//     response_format json_schema with strict, gemini-json for
//     responseJsonSchema, anthropic-strict for output_config.format. A
//     union root is the flat object there, which strict modes accept where
//     a root anyOf is refused;
//   - a descriptor RSpec, a unionflat.Schema;
//   - DecodeR (for a union, DecodeU is it), which reads with the leniency
//     of the root's own profiles (null as absent under openai-strict);
//   - a Validate method, on a struct root;
//   - EncodeR.
//
// A type that is a tool input, a variant (mark its union instead) or an
// interface without //unionflat:union is a diagnostic.
//
// A nil collection is never a tool bug. In every struct an EncodeT
// writes (reached from an output or a root, variants of its unions
// included), a slice or map field written whatever it holds (no
// omitempty or omitzero) and not nullable is written as [] or {} when nil,
// as encoding/json/v2 writes it: the generated MarshalJSON does it
// (impl.EmptySlice, impl.EmptyMap), Validate checks a nil one as empty
// (minItems still applies), and DecodeT reads it back empty. Structs only
// tool inputs reach keep encoding/json's null.
//
// A struct result that is only an output (no tool input, root or
// variant) answers to its output schema alone. Its EncodeT and Validate
// (unionflat.EncodeOutput and ValidateOutput) take a nil pointer, union,
// or slice or map left to encoding/json, inside it as the null that schema
// describes. So a handler that returns idiomatic Go gets no OutputError;
// only a rule its type states (a tag's minLength, an enum) is refused.
//
// output=Result on //unionflat:tool names the tool's result, a struct or
// a union of the package. Anything else is a diagnostic saying MCP
// requires an object at the root of an output schema. Result gets
// ResultOutputSchema, which the tool descriptor carries as Output (and as
// OutputSchema(), for an MCP tool's outputSchema). It gets Validate on a
// struct, and EncodeResult, which the descriptor's Handle runs on what
// the handler returns.
//
// The output schema describes what encoding/json, with the generated
// MarshalJSON methods, writes for every Go value of the type:
//
//   - A property is required where the field is always written. It is
//     optional where omitempty or omitzero may drop it, or where a
//     generated MarshalJSON drops the default.
//   - null is allowed where encoding/json writes null: a nil pointer,
//     slice, map, []byte or union without omitempty, and nil items and map
//     values. A slice or map written empty when nil keeps it: a superset,
//     valid for what is written.
//   - Variants carry their discriminator. Durations are Go duration
//     strings, integer enums are integers, a json.RawMessage is any JSON
//     type.
//   - Objects are closed unless the struct has jsonschema:"-" fields,
//     which encoding/json still writes.
//   - Only what the Go type guarantees constrains a value (an int8's
//     bounds, an array's length). Tag rules and string enums, which a Go
//     value may break, are EncodeResult's to keep.
//
// The document is flattened as an input's flat schema is. So it is one
// object with no combinator, and passes the mcp lint; a finding would be a
// diagnostic. The exception is a union flatten leaves alone, as it would
// in an input, such as a recursive union held where it may be null. It
// stays a oneOf below the root, which MCP allows, and the run's summary
// lists it.
//
// A variant's own discriminator field is read as the variant's identity.
// MarshalJSON writes the first value when the field is empty, and the
// field as it stands otherwise. The output schema promises one of the
// variant's values, and Validate refuses any other.
//
// EncodeT(v T) ([]byte, error) runs the same checks as Validate. When v
// passes, it marshals v with encoding/json (impl.Encode). What it
// returns always validates under TSchema, or under the output schema of a
// result that is only an output, and DecodeT reads it back. A value that
// breaks a rule gets the *unionflat.Errors Validate gives, and no bytes.
//
// # Limits
//
// A struct may be a variant of one union. These are reported, not guessed
// at:
//
//   - anonymous struct types, pointer embedding, and generic types;
//   - interfaces other than unions;
//   - map keys other than a string type. A named string type is a key as
//     encoding/json reads it, but not one with text methods or with
//     constants: an enum's keys would each need a check;
//   - the json ,string option;
//   - types implementing json.Unmarshaler or json.Marshaler, their own or
//     through an embedded field;
//   - types with MarshalText but no UnmarshalText: encoding/json writes a
//     string it cannot read back;
//   - tool inputs, variants and roots with any of those four methods,
//     their own or promoted. A struct embedding time.Time or netip.Addr is
//     a string to encoding/json;
//   - uniqueItems on items that == cannot compare by value (slices, maps,
//     []byte, unions, pointers, and structs or arrays holding them), since
//     the decoder compares the decoded items.
//
// A struct embedding one whose MarshalJSON or UnmarshalJSON unionflat
// generates (a variant) gets them too. Then encoding/json writes and reads
// all of its fields. A struct that embeds one with a generated MarshalJSON,
// and that the generator does not reach, has that method promoted, as
// encoding/json always does.
//
// Doc comments of types and constants from other packages are not read.
//
// A struct of another package with a default gets no MarshalJSON: only its
// own package could declare one. Its decoder applies the default. But
// json.Marshal drops a zero value that omitempty empties, and that reads
// back as the default. Validate judges what json.Marshal writes there, so
// it passes such a zero value, as decoding passes its absence.
//
// A tool descriptor's initializer refers to DecodeT and EncodeResult. A
// method those reach (a field type's UnmarshalText or MarshalText) that
// refers to the descriptor in turn is an initialization cycle, which the
// compiler reports.
package gen
