// Package gen is unionflat's code generator: it loads Go packages, models
// their annotated unions and tools, builds the lossless and flat JSON
// Schemas, and emits Go files holding those schemas as constants together
// with decoders and validators. cmd/unionflat is its command line; this
// package writes nothing to disk.
//
//	res, err := gen.Generate(gen.Config{Patterns: []string{"./..."}})
//	// res.Diagnostics: misuse, as file:line:col: message, all of it
//	// res.Files: the content of every <file>_unionflat.go, or a removal
//
// # Declaring unions and tools
//
// A union is a sealed interface (one with an unexported method) marked
// //unionflat:union, optionally with discriminator=NAME (default "type").
// //sumtype:decl may stand beside it. Its variants are the struct types
// of the package that implement it, with value or pointer receivers; a
// struct that implements it only through what it embeds (a variant, or
// the union itself) is a variant only when marked //unionflat:variant. A
// variant's discriminator values come from //unionflat:variant v1,v2 (the
// first is the one MarshalJSON writes); without the directive, from a
// string field of the variant whose JSON name is the discriminator (its
// jsonschema_extras const= or jsonschema enum= values); else the type name
// in snake_case with the union's name taken off its start or end
// (TextPart in union Part is "text").
//
// A tool input is a struct marked //unionflat:tool, optionally with
// name=NAME (default: the type name in snake_case), which must match
// ^[a-zA-Z][a-zA-Z0-9_-]{0,63}$. Its description is the type's doc
// comment. Structs are closed (additionalProperties: false) unless marked
// //unionflat:open (the openai-strict and anthropic-strict documents close
// every object, an open struct's too, so a model there is asked for its
// fields only; its decoder still takes other keys). profile=NAME,
// repeatable, asks for a schema for a
// target profile (see the flatten/profile package), as the -profiles flag does for
// every tool (and schema root). output=NAME names the tool's result and
// //unionflat:schema marks a root that is not a tool input (see Outputs).
// bigints=string or bigints=number says how the tool's profile documents
// write an integer whose range reaches past 2^53: without it, the gemini
// and gemini-json documents write an int64 or a uint64 without bounds that
// keep it within ±2^53 as a decimal string (the proto3 JSON convention),
// while an int, a uint and the smaller sizes stay numbers, and the other
// documents write numbers (see Exact integers below), for schema roots
// too, whose decoders then read both spellings; string writes an int or
// a uint without such bounds as a string too, under every profile;
// number keeps numbers under every profile. A bigints= on a
// tool without a profile is a diagnostic. repair=off makes the tool's
// decoder repair nothing (by default it reads the model's mistakes that
// the schema leaves one meaning, and records them: see the runtime
// package's Repairs): each would-be repair is then an error that says what
// to send instead; repair=on is the default.
//
// Directives are Go directives, read with go/ast's ParseDirective: no
// space after // or after the colon (either is reported, since go doc
// would show the line, and gofmt rewrites the second to the first).
// Arguments are separated by spaces or commas (//unionflat:variant
// rect,rectangle); a quoted Go string is one argument, or one value after
// key=, commas and spaces included (//unionflat:variant "a b",c;
// //unionflat:tool name="x"). A diagnostic about an argument (an unknown
// key, a tool name that does not match, a discriminator value given
// twice) points at that argument's column, and every wrong argument of
// every line is reported in one run.
//
// # Fields
//
// Fields follow encoding/json: json tag names (one encoding/json would
// ignore, holding a quote or a backslash, is reported), "-", embedded structs
// promoted (the shallowest field wins a name, then the tagged one; a tie
// is reported), unexported fields skipped. A field is required unless
// tagged omitempty or omitzero; jsonschema:"required" forces it (and the
// generated MarshalJSON then writes it whatever it holds, which omitempty
// would drop, so that encoding keeps what the schema requires). The
// invopop tag grammar is read: jsonschema:"k=v,..." with title,
// description, minLength, maxLength, pattern (RE2), format, minimum,
// maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, minItems,
// maxItems, uniqueItems, enum and example (repeatable), default, const,
// readOnly, writeOnly, deprecated, and the flags required, nullable and -
// (out of the schema; encoding/json still writes the field, and a closed
// struct's decoder rejects it, so Validate reports it when set, and one
// written whatever it holds, without omitempty, is a diagnostic);
// on slices, arrays and maps every key but the item-count, annotation and
// default keys applies to the elements. jsonschema_description sets the
// description; jsonschema_extras adds annotations (x-order=1; true,
// false and numbers are written as JSON booleans and numbers, the rest as
// strings) and const=, which is enforced. A JSON Schema keyword in
// jsonschema_extras is a diagnostic: a rule there (minimum=0) would be
// written and never checked, and it names the jsonschema tag key that
// says it; type and the other keywords unionflat writes from the Go type
// are refused too. Doc comments, or trailing line comments, are
// descriptions, directives stripped; a tag description wins. Numeric
// values (bounds, multipleOf, which must be greater than 0, and number
// enums and consts) are JSON numbers kept as written: the decoders compare
// a model's numbers with them exactly on the decimal text, and Validate a
// float by its shortest text (see the runtime package doc).
//
// Items of a jsonschema tag are separated by commas; a comma inside a
// value is escaped with a backslash, as invopop reads it, and since the
// tag is a Go string literal the backslash is doubled in the source:
// jsonschema:"pattern=^[A-Z]{1\\,5}$" is the pattern ^[A-Z]{1,5}$. An unknown
// flag right after a pattern= is reported with that advice.
//
// go-sdk's style is read too: a jsonschema tag that does not start with
// key= (no space before its first =, the test google/jsonschema-go
// applies) and whose first item is not one of the flags is the
// description, all of it, commas included: jsonschema:"the radius in
// pixels, at least 1", and one word, jsonschema:"radius". So types can be
// shared with go-sdk's generic AddTool, and a go-sdk server's tags need no
// rewriting. The one difference: required, nullable and - at the start
// of a tag are the flags they are in invopop's grammar (go-sdk would read
// jsonschema:"required" as the description "required"), and the tag is
// then read in that grammar, where a description is written
// description=: jsonschema:"required, the user name" is reported with
// jsonschema:"required,description=the user name" as what to write.
//
// Rules that leave no value able to pass are diagnostics: minimum above
// maximum (exclusive bounds and a sized integer's own range counted, and
// for integers the whole numbers between them; on a duration, the whole
// nanoseconds between them), minLength above maxLength,
// minItems above maxItems (or an array's length outside them), and an
// enum, const or named-type constant value
// that breaks the field's own pattern, length, bounds or multipleOf, or
// that its float type cannot hold (beyond float32's or float64's largest
// magnitude, or nonzero and so small it would be 0). So is a nullable
// field that is not a pointer, required or optional with a default (whose
// MarshalJSON writes it whatever it holds), and whose zero value, which is
// what null leaves there (a default applies only to an absent key), breaks
// its rules (nullable with an enum that lacks "", or with minimum=1): make
// it a pointer. So is a required field that can only hold another value
// like its own, without end (type T struct{ Next *T `json:"next"` }, a
// required [2]*Pair of type Pair [2]*Pair, minItems=1 on a slice of
// such): no finite value passes; make it optional, nullable, or a slice
// that may be empty.
//
// invopop's run-time hooks, the methods JSONSchema, JSONSchemaExtend,
// JSONSchemaAlias, JSONSchemaProperty and GetFieldDocString, are reported
// where they are declared (or, on another package's type, where it is
// used): unionflat writes schemas when it generates and runs no user
// code, so a hook would be ignored. Say the same with tags and comments.
//
// Types: strings, booleans, every integer and float size (8-, 16- and
// 32-bit integers carry their bounds in the schema), a named string type
// whose constants become its enum, time.Time (a date-time string),
// time.Duration, integer enums, types with UnmarshalText (strings), []byte
// (base64), json.RawMessage (any value), structs, unions, slices, arrays,
// maps with string keys, and pointers. A struct or array field tagged
// omitempty is optional, but encoding/json never leaves it out: a call
// without it decodes to its zero value, so where that value breaks a rule
// (a nil slice the struct requires, a string below its minLength, a bound,
// an enum, uniqueItems on [2]T) the field is a diagnostic that asks for a
// pointer or omitzero. A struct written as text (with MarshalText and
// UnmarshalText) is never left out either, and the text of its zero value
// is its MarshalText's to say: with a rule on that text (minLength,
// pattern, format, enum), alone or as an array's items, it is a diagnostic
// too. Recursive types use $defs and $ref in the lossless schema, whether
// they hold themselves through a struct or through a named slice, array or
// map alone (type Tree []*Tree, type Forest map[string]Forest); such a
// type gets a decoder and a validator of its own, and reads at any depth.
// json.Number is a diagnostic: its Go type is a string, but encoding/json
// reads and writes it as a number. So is a struct of another package that
// keeps its state in unexported fields (time.Location, url.Userinfo), or a
// type of yours declared over one (type Stamp time.Time, which keeps none
// of time.Time's methods): encoding/json writes it as {}, and its value
// would be lost. What is wrong inside a struct of another package
// (url.URL, whose User is a *url.Userinfo) is reported at each field of
// yours that brings it in, the reason and its place in the other package
// after it: field U: in url.URL (url.go:279:1): field User: ....
//
// A time.Duration is a string in Go's duration syntax in every schema
// ("90s", "1h30m"): type string, a pattern that matches exactly what
// time.ParseDuration reads (runtime.DurationPattern) and a description
// that says so; not format: duration, which is ISO 8601. The decoder
// parses it with time.ParseDuration (a value beyond about 292 years is a
// range error) and the generated MarshalJSON writes Duration.String, so
// it reads back as itself. minimum=, maximum=, exclusiveMinimum=,
// exclusiveMaximum= and multipleOf= on a duration are durations
// (minimum=1m): a pattern cannot say a bound, so the description does,
// and the decoder and Validate check it. minLength, maxLength, pattern,
// format, enum and const (jsonschema_extras const= too) do not apply to
// a duration. A duration may stand alone, behind a pointer, in a slice or
// in a map; deeper ([][]Duration, [2]Duration) it is a diagnostic, and so
// is a duration in a struct of another package, for which no MarshalJSON
// can be declared.
//
// A named integer type with constants (an iota block or explicit values)
// is an integer enum, String method or not (encoding/json writes the
// number): "enum": [0, 1, 2], and the description names each value with
// its constant and the constant's doc comment ("0: ThemeLight, light on
// dark; 1: ThemeDark."). The decoder and Validate reject other values.
// Profiles that take string enums only (gemini, portable) say the values
// in the description instead; the decoder still enforces them.
//
// default= is applied by the decoder to an absent optional field (and to
// null where a profile has null mean absent, as openai-strict does): a
// deliberate difference from a JSON Schema validator, for which default is
// an annotation. It applies to strings, booleans, numbers, durations and
// enums, to pointers to those (the decoder sets a new pointer) and to
// slices of those (repeat default= for each item). A default on a
// required field, on another type, or one that breaks the field's own
// rules (type, bounds, pattern, format, enum, length, item counts) is a
// diagnostic. The generated MarshalJSON writes such a field unless it
// holds the default, its zero value included (omitempty would drop 0,
// which would read back as the default; a float's -0 and 0 are told
// apart, and default=-0 is -0); a nil pointer or slice with a
// default is left out and reads back as the default (a decoder never
// returns nil there), unless the field is nullable: then nil is null.
//
// A type with UnmarshalText is a string. The decoder checks the field's
// rules on the text it receives, then calls UnmarshalText. Validate
// checks exactly that on what encoding/json writes: the MarshalText text
// (a MarshalText error is a Validate error), through the same rules and
// UnmarshalText. A named string type without MarshalText is written, and
// judged, as itself. Any other type with UnmarshalText needs a
// MarshalText on its value, or it is a diagnostic: encoding/json would
// write its underlying value, not a string.
//
// # What is generated
//
// One <file>_unionflat.go beside each source file that declares a union,
// a tool or a struct they reach, starting with
// "// Code generated by unionflat. DO NOT EDIT." and //go:build !unionflat
// (loading sets the tag, so a stale file never blocks regeneration). For a
// union U: USchema and UFlatSchema constants, DecodeU and ValidateU, and
// compile-time guards that each variant still implements U (for the
// schema roots and tool results, see Outputs below). For a tool T:
// TSchema, TFlatSchema, TTool, DecodeT, DecodeTRepaired (DecodeT, which
// also returns the repairs it made and the canonical arguments) and
// T.Validate, and per profile
// asked for a T<Profile>Schema constant (openai-strict is
// TOpenAIStrictSchema), listed in TTool.Profiles. TTool is the typed
// descriptor, a unionflat.TypedTool[T, Out]: the unionflat.Tool (name,
// description, schemas; embedded, so TTool.Name and TTool.InputSchema()
// read it, and TTool.Tool is the plain value) with Decode set to DecodeT,
// DecodeRepaired to DecodeTRepaired and Encode to EncodeResult for a tool with output=Result (Out is
// Result), or to unionflat.EncodeText for one without (Out is string, the
// reply's text as it is). TTool.Handle(args, fn) serves a call with a
// typed handler fn, and TTool.Bind(fn) makes the type-erased
// unionflat.Handler a tool list holds (see the runtime package doc). A profile document that
// still breaks its profile's lint (a map under openai-strict, a recursive
// type under gemini, a json.RawMessage field or []json.RawMessage items,
// which say nothing of their type, under any profile but mcp) is a
// diagnostic. A tool's own profiles decide what
// its DecodeT accepts beyond the lossless schema: openai-strict has null
// read as an absent property (the profile makes every property required,
// so models write null for one they leave out), portable lets a required
// nullable property be left out (the profile cannot say null). The struct
// and union decoders a tool shares with other tools take that reading
// from the tool being decoded (unionflat.BeginArguments), so a
// tool without such a profile, DecodeU and UnmarshalJSON reject null for
// a property that is not nullable, in the same package.
//
// Exact integers: SDKs that hand a tool's arguments over as map[string]any
// (google.golang.org/genai, langchaingo's googleai backend, the
// anthropic-sdk-go beta tool runner) decode numbers into float64 before
// any decoder runs, so 9007199254740993 arrives as 9007199254740992. A
// profile document that writes big integers as decimal strings (see
// bigints= above) gives such a field type string, a pattern of decimal
// digits where the profile takes patterns, and its range in the
// description, from its tag's bounds or else its type's ("An integer
// written in decimal digits as a string, at least 1 and at most
// 9223372036854775807."); an integer that fits a float64 (an int64 with
// minimum=0, maximum=10000, an int32, an integer enum) stays a number,
// and so does an int or a uint unless bigints=string. A tool some of
// whose documents write an integer as a string has its DecodeT read every
// integer from a number or from a string of its digits, exactly, with the
// same range and bound checks (unionflat.DecimalIntegers). TSchema and TFlatSchema are unchanged: the
// flat schema stays a superset of the lossless one, and both say integer.
// Variants get MarshalJSON (writing the discriminator), Validate and
// UnmarshalJSON; structs holding unions get UnmarshalJSON, so that
// encoding/json works with them. A struct with a time.Duration field
// (alone, behind a pointer, in a slice or a map) or an optional field with
// a default gets MarshalJSON and UnmarshalJSON, so that json.Marshal and
// json.Unmarshal of the user's own values write and read what the schema
// says; structs holding such a struct need nothing, since encoding/json
// calls the methods of their fields. Helpers are unexported and start
// with uf.
//
// Generated lines stay under 100 columns where the generator decides the
// line: comments are wrapped, an article agrees with the next word ("an
// ImagePart"), and a line of schema text longer than that (a description)
// is continued in another raw literal on the next line of code,
// `...` +
// `...`, cut after a space; the constant's value is the same (raw
// literals hold no indentation of their own, and the cut is between two
// literals). A backtick in the text is spliced in as "`". A members
// decoder's signature that would be longer takes one parameter a line,
// and the known keys of an unknown-key error continue as "..." + "...".
// Lines that list every property or variant otherwise can still be
// longer: the seen flags of a struct with many required fields, a
// union's tags, and a lenient tool's reading flags.
//
// Every struct the generated code decodes gets a compile-time guard, as
// stringer gives constants: var _ = struct{ ... }(T{}), spelling every
// field of T as the generator saw it (unexported, embedded and json:"-"
// fields too; conversion ignores tags). A field added to, removed from or
// retyped in T without generating again breaks the build there, instead
// of leaving a decoder that silently ignores the change. A struct with a
// field whose type the package cannot spell (a generic instance, an
// unexported type or field of another package, a func, chan or non-empty
// interface type, a package generated code does not import) gets no
// guard.
//
// A $defs entry that two or more schema constants of a package hold byte
// for byte (a tool embeds the $defs of every union and struct it reaches)
// is declared once, in the package's first generated file, as ufDefsX
// for union or struct X, and each constant is spelled as the
// concatenation "..." + ufDefsX + "...". A concatenation of constants is
// a constant, so every schema constant stays a complete, self-contained
// document whose value is what it would be written out (the generator
// checks that the pieces spell it exactly, and a test compares every
// value with the recorded ones). Only whole $defs values are shared: a
// flat schema inlines its definitions at the depth of their use, so the
// same definition is indented differently in each and no piece of it is
// the same text twice; an entry whose text differs between constants
// (the flat document's, where a variant's description opens with its
// discriminator value) is written out where it differs.
//
// Every generated file is Go as gofmt writes it: jennifer spells the code
// unformatted and the generator lays it out itself (layout.go): it
// parses the file and prints the tree the way gofmt's printer does for
// the constructs the generator emits, aligning columns with
// text/tabwriter set as gofmt sets it, at a fraction of go/format's
// cost. A file holding anything layout is not sure of (a function
// literal, a comment other than above a declaration or alone in a block,
// a doc comment gofmt would rewrite, unsorted imports, a number gofmt
// would respell, ...) is formatted with
// go/format.Source instead, as jennifer's Render would; a test checks
// layout against go/format byte for byte on every golden, the
// repository's generated files, the examples and seeded random
// packages. The files of a package are formatted on one goroutine per
// CPU (the bytes do not depend on the order). The
// schema constants' raw literals are formatted as short stand-ins that
// span as many lines, and their text put back after: gofmt writes a raw
// literal as it is, so the bytes are those of formatting the whole text,
// for less of go/format's time. Packages
// are generated several at once too (GeneratePackages), each from its own
// model, and their results gathered in the order they were loaded.
//
// Every name a generated file writes comes from one table (names.go).
// Locals and import names are the generator's: each is spelled around the
// names the package declares, so a package with type key, d or json at
// package level still compiles (the local becomes key_, the import
// json_). The package-level names are the user's contract and are not
// renamed: a declaration that takes one (PartSchema, DecodeSend,
// ufDefsPoint, a name starting with ufPattern), two roots that would generate the same one
// (union Shape and tool ShapeFlat both give ShapeFlatSchema), and a
// package-level name that hides a predeclared identifier generated code
// uses (string, error, len, nil, ...) are diagnostics. Diagnostics come
// sorted by file, line, column and message.
//
// The flat schema is the lossless one passed through package flatten with
// InlineRefs and NullableTypes: what ships is what flatten checked. One
// difference in words: flatten lists each variant's description in the
// flat discriminator's, and there a doc comment that opens with the
// variant's Go type name opens with its discriminator value instead
// ("circle: circle is round", not "circle: Circle is round"), since a Go
// name means nothing to a model. Everywhere else, descriptions are the
// doc comments as written.
//
// Validate judges what encoding/json would write for the value, as
// decoding would judge it: an optional field that omitempty or omitzero
// drops is absent (omitzero asks the type's IsZero method, else compares
// with the zero value: an empty slice is written, a zero struct or array
// is not; on a struct or array that == cannot compare and that has no
// IsZero, omitzero is a diagnostic), and a nil pointer, slice, map or []byte that is written as null
// (a required field, an item, a map value) is reported unless nullable.
//
// Which types validate under encoding/json: json.Unmarshal runs the
// generated decoder, with every rule checked, on exactly the types that
// get UnmarshalJSON. Those are the local structs that are a variant, a
// tool input, a tool result or a schema root, or hold a union at any
// depth (through fields, slices,
// arrays, maps or pointers); encoding/json cannot decode an interface, so
// a union needs the generated decoder. Any other struct, and every named
// scalar, is left to encoding/json's own rules, with nothing checked:
// decode it as part of a tool or union (DecodeT), or call Validate on the
// enclosing tool afterwards. Structs of other packages get no methods.
// Output is byte-for-byte deterministic.
//
// # Outputs
//
// Two directives describe what goes back to a model or a client.
//
// //unionflat:schema on a struct or a union marks a root that is not a
// tool input: a structured output a model must reply with, or a payload.
// It takes name= (default: the snake_case type name, under the tool-name
// rule) and profile=, as //unionflat:tool does. A struct root R gets
// RSchema and RFlatSchema; a union root keeps its union's. Both get one
// R<Profile>Schema per profile asked for (the documents a provider takes
// as a response schema: openai-strict for response_format json_schema with
// strict, gemini-json for responseJsonSchema, anthropic-strict for
// output_config.format; a union root is the flat object there, which
// strict modes accept where a root anyOf is refused), a descriptor RSpec
// (a unionflat.Schema), DecodeR (a union's DecodeU is it) reading with
// the leniency of the root's own profiles (null as absent under
// openai-strict), a Validate method on a struct root, and EncodeR. A
// type that is a tool input, a variant (mark its union instead) or an
// interface without //unionflat:union is a diagnostic.
//
// output=Result on //unionflat:tool names the tool's result, a struct or
// a union of the package; anything else is a diagnostic saying MCP
// requires an object at the root of an output schema. Result gets
// ResultOutputSchema, which the tool descriptor carries as Output (and
// OutputSchema(), for an MCP tool's outputSchema), Validate on a struct,
// and EncodeResult, which the descriptor's Handle runs on what the
// handler returns. The output schema describes what encoding/json, with
// the generated MarshalJSON methods, writes for every Go value of the
// type (outschema.go): a property is required where the field is always
// written and optional where omitempty or omitzero may drop it (or a
// generated MarshalJSON drops the default); null is allowed where
// encoding/json writes null (a nil pointer, slice, map, []byte or union
// without omitempty, and nil items and map values); variants carry their
// discriminator; durations are Go duration strings, integer enums
// integers, a json.RawMessage any JSON type; objects are closed unless
// the struct has jsonschema:"-" fields, which encoding/json still writes.
// Only what the Go type guarantees constrains a value (an int8's bounds,
// an array's length): tag rules and string enums, which a Go value may
// break, are EncodeResult's to keep. The document is flattened as an
// input's flat schema is, so it is one object with no combinator, and
// passes the mcp lint; a finding would be a diagnostic. The exception is
// a union flatten leaves alone, as it would in an input (a recursive
// union held where it may be null): it stays a oneOf below the root,
// which MCP allows, and the run's summary lists it. A variant's own
// discriminator field is read as the variant's identity: MarshalJSON
// writes the first value when it is empty and the field as it stands
// otherwise, and the output schema promises one of the variant's values
// (Validate refuses any other).
//
// EncodeT(v T) ([]byte, error) runs the same checks as Validate and, when
// v passes, marshals it with encoding/json (unionflat.Encode): what it
// returns always validates under TSchema (or the output schema of a
// result that is only an output), and DecodeT reads it back. A value that
// breaks a rule gets the *unionflat.Errors Validate gives, and no bytes.
// A struct result that is only an output (no tool input, root or variant)
// answers to its output schema alone: its EncodeT and Validate
// (unionflat.EncodeOutput and ValidateOutput) take a nil pointer, slice,
// map or union inside it as the null that schema describes, so a handler
// that returns idiomatic Go gets no OutputError; only a rule its type
// states (a tag's minLength, an enum) is refused.
//
// # Limits
//
// A struct may be a variant of one union. Anonymous struct types, pointer
// embedding, interfaces other than unions, generic types, map keys other
// than a string type (a named string type is a key as encoding/json reads
// it, but not one with text methods or with constants: an enum's keys
// would each need a check), the json ,string option, types implementing
// json.Unmarshaler or json.Marshaler (their own or through an embedded
// field), types with MarshalText but no UnmarshalText (encoding/json
// writes a string it cannot read back), and tool inputs, variants and
// roots with any of those four methods, their own or promoted (a struct
// embedding time.Time or netip.Addr is a string to encoding/json) are
// reported, not guessed at; a struct embedding one whose MarshalJSON or
// UnmarshalJSON unionflat generates (a variant) gets them too, so that
// encoding/json writes and reads all of its fields; so
// is uniqueItems on items that == cannot compare by value (slices, maps,
// []byte, unions, pointers, and structs or arrays holding them), since the
// decoder compares the decoded items. Doc comments of types
// (and constants) from other packages are not read. A struct of another
// package with a default gets no MarshalJSON, which only its own package
// could declare: its decoder applies the default, but json.Marshal drops
// a zero value that omitempty empties, and that reads back as the
// default; Validate judges what json.Marshal writes there, so it passes
// such a zero value as decoding passes its absence. A struct that embeds one with a generated MarshalJSON, and
// that the generator does not reach, has that method promoted, as
// encoding/json always does. A tool descriptor's initializer refers to
// DecodeT and EncodeResult, so a method those reach (a field type's
// UnmarshalText or MarshalText) that refers to the descriptor in turn is
// an initialization cycle, which the compiler reports.
package gen
