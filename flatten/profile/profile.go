package profile

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/unionflat/unionflat/flatten"

	"github.com/unionflat/unionflat/flatten/internal/jsonv"
)

// Profile names the subset of JSON Schema one target accepts. No single
// document is accepted everywhere: OpenAI strict wants every key required
// and additionalProperties false on every object, while Gemini's
// parameters reject both type arrays and additionalProperties. A profile
// is a projection of the flat schema onto one target; constraints the
// target cannot take move into the description in plain words (the
// generated decoder still enforces them).
type Profile string

const (
	// OpenAIStrict is OpenAI function calling and structured outputs with
	// strict: true. Every property is required; an optional one is made
	// nullable (a type array with "null", or a $ref to a nullable copy of
	// a recursive definition), so a model sends null to leave it out.
	// Every object is closed. A $ref stands alone: the words beside one
	// join the description of the object or array holding it. Only the
	// documented keywords and the formats date-time, time, date,
	// duration, email, hostname, ipv4, ipv6 and uuid remain (uri is
	// rejected by the API). Limits: 10 levels of nesting, 5000
	// properties, 1000 enum values, 120,000 characters of names and enum
	// values.
	OpenAIStrict Profile = "openai-strict"
	// Gemini is FunctionDeclaration.parameters, the OpenAPI 3.0 subset:
	// no type arrays (nullable: true instead; several kinds become anyOf),
	// no additionalProperties, string enums only (an enum of numbers, such
	// as an integer enum, is dropped and said in the description, "One of
	// 0, 1, 2.": a wider schema, and the decoder still enforces it), no
	// const, no $ref, no $schema, formats enum and date-time only, arrays
	// always with items; propertyOrdering on every object with
	// properties, in declaration order.
	Gemini Profile = "gemini"
	// GeminiJSON is FunctionDeclaration.parametersJsonSchema: JSON Schema
	// with type arrays, additionalProperties and $ref for recursion (with
	// only a description or default beside it); no $schema; formats
	// date-time, date and time; propertyOrdering on every object with
	// properties, in declaration order.
	GeminiJSON Profile = "gemini-json"
	// Anthropic is input_schema without strict: draft 2020-12, an object at
	// the root with no combinator there, property names matching
	// ^[a-zA-Z0-9_.-]{1,64}$.
	Anthropic Profile = "anthropic"
	// AnthropicStrict is input_schema with strict: true: every object
	// closed, no numeric or length constraints, minItems only 0 or 1,
	// enums of scalars, no recursion, the formats date-time, time, date,
	// duration, email, hostname, uri, ipv4, ipv6 and uuid; at most 16
	// parameters with union (type array) types and 24 optional ones.
	AnthropicStrict Profile = "anthropic-strict"
	// MCP is a Model Context Protocol inputSchema: type object at the root,
	// JSON Schema 2020-12.
	MCP Profile = "mcp"
	// Portable is what every target above accepts (the shared core): an
	// object root, exactly one type per property (null cannot be said: a
	// nullable property becomes optional, and absence means null), no
	// combinators, no $ref, no additionalProperties, no value constraints,
	// string enums only (others said in the description, as for Gemini),
	// every enum said in the description as well ("One of "mm", "cm".",
	// for clients that drop enum on the way, as langchaingo's googleai
	// backend does), no formats but date-time, no $schema, nesting of
	// at most 5 levels, 100 properties, 500 enum values and 15,000
	// characters of names and enum values.
	Portable Profile = "portable"
	// Ollama is what Ollama's api.Tool keeps of a tool's parameters: its
	// Go client and its server (/api/chat and /v1/chat/completions) read
	// a tool into the same Go structs, and drop what they have no field
	// for. The root keeps type (a string, not a type array), properties,
	// required and items; its description goes, and the tool's
	// description says it. A property, at any depth below properties or
	// anyOf, keeps type (a type array too), description, enum (of any
	// values), properties, items and anyOf. Its other keywords are said
	// in the description ("At most 5 character(s).", an object's
	// required list as "Required: type."), or dropped where that only
	// widens (additionalProperties false, title); a oneOf becomes an
	// anyOf. Below items everything is kept. No $ref: every one is
	// inlined, and a recursive definition said in words. Ollama decodes
	// a tool call's arguments through float64, so integers beyond 2^53
	// are decimal strings (see [BigInts]); at a property, which says no
	// bounds, that is every integer that is not an enum.
	Ollama Profile = "ollama"
)

// Profiles lists every profile, in a fixed order.
func Profiles() []Profile {
	return []Profile{OpenAIStrict, Gemini, GeminiJSON, Anthropic, AnthropicStrict, MCP, Portable, Ollama}
}

// ParseProfile checks a profile name.
func ParseProfile(name string) (Profile, error) {
	for _, p := range Profiles() {
		if string(p) == name {
			return p, nil
		}
	}
	var names []string
	for _, p := range Profiles() {
		names = append(names, string(p))
	}
	return "", fmt.Errorf("unknown profile %q (want one of %s)", name, strings.Join(names, ", "))
}

// spec is what a profile allows.
type spec struct {
	keywords     map[string]bool // schema keywords kept; nil keeps all
	formats      map[string]bool // formats kept; nil keeps all
	dropRoot     []string        // root keys removed
	closed       bool            // additionalProperties false on every object
	noAP         bool            // no additionalProperties at all
	allRequired  bool            // every property required, optional ones nullable
	typeArrays   bool            // type arrays allowed
	untypedOK    bool            // a property or items may say nothing of what they are
	nullableKey  bool            // nullable: true instead of type arrays
	stringEnums  bool            // enums of strings only
	scalarEnums  bool            // enums of scalars only
	refs         bool            // $ref and $defs allowed
	anyOf        bool            // nested anyOf allowed
	combinators  bool            // every combinator allowed below the root
	minItems01   bool            // minItems only 0 or 1
	names        *regexp.Regexp  // property names
	maxDepth     int
	maxProps     int
	maxEnum      int
	maxChars     int
	maxUnions    int // properties with type arrays
	maxOptional  int
	requireItems bool
	// enumWords says every enum in the description too, for clients that
	// pass a schema on without its enum (langchaingo's googleai).
	enumWords bool
	// ordering: every object with properties lists them in
	// propertyOrdering, in declaration order, since the target (or its
	// SDK) sorts object keys.
	ordering bool
	// bareRefs: a $ref stands alone, but for the keywords in
	// refSiblings ("$ref cannot have keywords {'description'}", says
	// openai-strict).
	bareRefs    bool
	refSiblings map[string]bool
	// dialect2020: a $schema the document keeps must name draft
	// 2020-12, the dialect the target reads (and assumes without one).
	dialect2020 bool
	// at: where the target reads the root, a property and what stands
	// below items by rules of their own, the spec of each; nil: this
	// one everywhere.
	at *places
}

// places are the specs of a target that reads a schema by other rules at
// the root, at a property and below items, as Ollama's api.Tool does: it
// reads the root into one struct (ToolFunctionParameters), every schema
// below properties or anyOf into another (ToolProperty), and keeps what
// stands below items as it is (an any). Each of the three specs points at
// the places; the property's is the profile's (see specs), which says
// what applies to the document as a whole ($ref, identifiers).
type places struct{ root, property, items *spec }

// atRoot is the spec of the root.
func (sp *spec) atRoot() *spec {
	if sp.at == nil {
		return sp
	}
	return sp.at.root
}

// below is the spec of a subschema that keyword key holds in a schema
// read under sp: below items (or prefixItems) it stays the items', below
// any other keyword it is the property's.
func (sp *spec) below(key string) *spec {
	switch {
	case sp.at == nil:
		return sp
	case sp == sp.at.items || key == "items" || key == "prefixItems":
		return sp.at.items
	}
	return sp.at.property
}

// ollamaSpec is the profile Ollama (see places).
func ollamaSpec() *spec {
	at := &places{
		// ToolFunctionParameters: type is a Go string.
		root: &spec{keywords: set("type", "properties", "required", "items"), untypedOK: true},
		// ToolProperty: type is a string or a list of them.
		property: &spec{keywords: set("type", "description", "enum", "properties", "items", "anyOf"),
			typeArrays: true, anyOf: true, untypedOK: true},
		// An any: everything is kept. Yet no spec here says $ref, since a
		// property cannot: every $ref is inlined, a recursive one said
		// in words, and the root's $defs, which Ollama keeps, unused.
		items: &spec{typeArrays: true, anyOf: true, untypedOK: true},
	}
	for _, sp := range []*spec{at.root, at.property, at.items} {
		sp.at = at
	}
	return at.property
}

var anthropicNames = regexp.MustCompile(`^[a-zA-Z0-9_.-]{1,64}$`)

func set(words ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		m[w] = true
	}
	return m
}

var annotationWords = []string{"description", "title"}

var specs = map[Profile]*spec{
	OpenAIStrict: {
		keywords: set(append(annotationWords, "type", "properties", "required", "additionalProperties", "items",
			"enum", "const", "anyOf", "$ref", "$defs", "pattern", "format", "minimum", "maximum",
			"exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems")...),
		formats:     set("date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"),
		dropRoot:    []string{"$schema", "$id"},
		closed:      true,
		allRequired: true,
		typeArrays:  true,
		refs:        true,
		bareRefs:    true,
		anyOf:       true,
		maxDepth:    10, maxProps: 5000, maxEnum: 1000, maxChars: 120000,
	},
	Gemini: {
		keywords: set(append(annotationWords, "type", "format", "nullable", "enum", "properties", "required",
			"items", "minItems", "maxItems", "minimum", "maximum", "minLength", "maxLength", "pattern", "anyOf",
			"propertyOrdering")...),
		formats:      set("enum", "date-time"),
		dropRoot:     []string{"$schema", "$id"},
		noAP:         true,
		nullableKey:  true,
		stringEnums:  true,
		anyOf:        true,
		requireItems: true,
		ordering:     true,
	},
	GeminiJSON: {
		keywords: set(append(annotationWords, "type", "properties", "required", "additionalProperties", "items",
			"prefixItems", "minItems", "maxItems", "enum", "format", "minimum", "maximum", "anyOf", "$ref", "$defs",
			"propertyOrdering")...),
		formats:     set("date-time", "date", "time"),
		dropRoot:    []string{"$schema", "$id"},
		typeArrays:  true,
		refs:        true,
		bareRefs:    true,
		refSiblings: set("description", "default"),
		anyOf:       true,
		ordering:    true,
	},
	Anthropic: {
		typeArrays:  true,
		refs:        true,
		anyOf:       true,
		names:       anthropicNames,
		dialect2020: true,
	},
	AnthropicStrict: {
		keywords: set(append(annotationWords, "type", "properties", "required", "additionalProperties", "items",
			"enum", "const", "default", "anyOf", "format", "pattern", "minItems", "maxItems", "$schema")...),
		formats:     set("date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"),
		closed:      true,
		typeArrays:  true,
		scalarEnums: true,
		anyOf:       true,
		minItems01:  true,
		names:       anthropicNames,
		dialect2020: true,
		maxUnions:   16, maxOptional: 24,
	},
	MCP: {
		typeArrays:  true,
		untypedOK:   true,
		refs:        true,
		anyOf:       true,
		combinators: true,
		dialect2020: true,
	},
	Portable: {
		keywords:    set(append(annotationWords, "type", "properties", "required", "items", "enum")...),
		formats:     set("date-time"),
		dropRoot:    []string{"$schema", "$id"},
		noAP:        true,
		stringEnums: true,
		enumWords:   true,
		names:       anthropicNames,
		maxDepth:    5, maxProps: 100, maxEnum: 500, maxChars: 15000,
		requireItems: true,
	},
	Ollama: ollamaSpec(),
}

// ForProfile projects a flat schema (the output of [flatten.JSON]) onto
// what a profile accepts. A profile that cannot say $ref (gemini,
// anthropic-strict, portable, ollama) has every non-recursive $ref inlined
// first. What the profile cannot say is never dropped without a word: a
// constraint moves into the description, and what cannot be said at all
// is a [Finding] (rule "recursive" for a recursive definition that stays
// behind a $ref, rule "dropped" for a keyword taken out, or for words
// where the profile keeps no description), followed by the [Lint]
// findings that remain on the projected document (a map under
// openai-strict, for one).
//
// Under gemini, gemini-json and ollama an integer whose range reaches
// past 2^53 is written as a decimal string; [ForProfileWith] chooses
// otherwise (see [BigInts]).
func ForProfile(flat []byte, p Profile, opts flatten.Options) (flatten.Result, []Finding, error) {
	return ForProfileWith(flat, p, Options{}, opts)
}

// ForProfileWith is [ForProfile] with the choices of o.
func ForProfileWith(flat []byte, p Profile, o Options, opts flatten.Options) (flatten.Result, []Finding, error) {
	sp, ok := specs[p]
	if !ok {
		_, err := ParseProfile(string(p))
		return flatten.Result{}, nil, err
	}
	root, err := jsonv.Parse(flat)
	if err != nil {
		return flatten.Result{}, nil, err
	}
	pr := &projector{sp: sp.atRoot(), p: p, decimal: o.DecimalIntegers(p), openWide: o.BigInts == BigIntsString, jsonText: o.WritesJSONText(p)}
	// What draft 7 and older ignore beside a $ref goes (flatten.JSON's
	// output holds none), before a step applies it as later drafts do.
	root, ignored := jsonv.WithoutIgnoredBesideRef(root)
	for _, ig := range ignored {
		pr.add(ig.Ptr, "dropped", "%s", ig.Message())
	}
	if !sp.keeps("$anchor") {
		// The profile drops identifiers: the $refs that name a schema by
		// one name it by pointer.
		root = jsonv.RefsAsPointers(root)
	}
	root = unwrapRootRef(root)
	// A profile without $ref has every $ref it can copy copied into its
	// place. One with $ref says $ref and $defs, nothing else that holds
	// definitions: draft-07's definitions become $defs, and a $ref to
	// anywhere but a $defs entry (components, a union's member) is copied,
	// or, when it cannot be (a recursive one), points at a copy of its
	// target in $defs, so that no $ref points at what the projection
	// drops or rewrites.
	var keep func(ptr string) bool
	if sp.refs {
		root, keep = definitionsAsDefs(root), isDefsEntry
	}
	root, diags := jsonv.InlineRefsBut(root, keep)
	if sp.refs {
		// A $ref the inliner left (a recursive one) names a $defs entry.
		root = jsonv.HoistRefTargets(root)
	}
	for _, d := range diags {
		pr.add(d.Pointer, "dropped", "%s", d.Message)
	}
	pr.root = root
	pr.recursive = jsonv.RecursiveTargets(root)
	out := pr.project(root, "", true)
	nullablePass := sp.allRequired && sp.typeArrays
	if sp.refs || nullablePass {
		// What only a dropped keyword referred to is referred to no more;
		// and beside a root wrapper, unused definitions would hide it
		// from the nullable pass, and not from the next projection.
		out = jsonv.PruneDefinitions(out)
	}
	if nullablePass {
		// The optional properties made nullable: a wrapper of a
		// recursive $ref becomes a $ref to a nullable copy of its
		// definition, as the flat schema writes it.
		out, _, _ = jsonv.MergeNullable(out)
		out = jsonv.PruneDefinitions(out)
	}
	if sp.bareRefs {
		out = sp.bareRef(out, "", true)
	}
	for _, key := range sp.dropRoot {
		if out.IsObject() && out.Get(key) != nil {
			out = out.With(key, nil)
		}
	}
	if _, ok := sp.otherDialect(out); ok && sp.keywords != nil {
		// What the profile keeps of an older draft (anthropic-strict's
		// keywords) means the same in 2020-12, which the target reads.
		out = out.With("$schema", jsonv.Str(dialect2020))
	}
	out, notes := pr.sp.unwrapNull(out, nil)
	out = pr.say(out, "", notes)
	if root := unwrapRootRef(out); root != out {
		// The nullable pass can leave a root $ref (to a nullable copy).
		out = jsonv.PruneDefinitions(root)
	}
	buf := jsonv.Encode(nil, out, opts.Indent)
	if opts.Indent != "" {
		buf = append(buf, '\n')
	}
	return flatten.Result{Schema: buf}, append(pr.findings, lint(out, p, sp)...), nil
}

// unwrapRootRef replaces a root that is only a $ref to one of its own
// definitions (beside them, $schema and annotations), as
// zod-to-json-schema writes a named schema, with that definition, the
// root's definitions, $schema and annotations kept: a profile wants an
// object at the root. The root stays as it is when anything else stands
// beside the $ref, a keyword stands in both, or the definition declares
// an identifier a copy would declare twice. A definition that is itself
// a $ref is followed, so that projecting again finds nothing to unwrap.
func unwrapRootRef(root *jsonv.Value) *jsonv.Value {
	for range maxRootRefs {
		next := unwrapRootRefOnce(root)
		if next == root {
			break
		}
		root = next
	}
	return root
}

// maxRootRefs bounds the chain of $refs unwrapRootRef follows (a cycle of
// them names no schema).
const maxRootRefs = 32

// unwrapRootRefOnce is one step of unwrapRootRef.
func unwrapRootRefOnce(root *jsonv.Value) *jsonv.Value {
	p, ok := jsonv.LocalPointer(root.Get("$ref"))
	if !ok || p == "" {
		return root
	}
	target := jsonv.Lookup(root, p)
	if !target.IsObject() || jsonv.DeclaredIdentifier(target) != "" {
		return root
	}
	out := jsonv.Object()
	for _, m := range root.Members {
		switch {
		case m.Key == "$ref":
		case target.Get(m.Key) != nil:
			return root
		case m.Key == "$schema" || m.Key == "$defs" || m.Key == "definitions" || jsonv.IsAnnotation(m.Key):
			out.Members = append(out.Members, m)
		default:
			// An assertion beside the $ref may act with the target's
			// keywords (then with its if, additionalProperties with its
			// properties): merged, it would mean something else.
			return root
		}
	}
	out.Members = append(out.Members, target.Members...)
	return out
}

// definitionsAsDefs moves a root's draft-07 definitions into $defs (under
// a name of their own where $defs has the name already), and the $refs
// into them with them: the $refs of schemas, at any depth, in unknown
// keywords too (OpenAPI's components), read as pointers (so
// "#/%64efinitions/T" too), never values (a const that holds a $ref
// stays as it is).
func definitionsAsDefs(root *jsonv.Value) *jsonv.Value {
	defs, have := root.Get("definitions"), root.Get("$defs")
	if !root.IsObject() || !defs.IsObject() || have != nil && !have.IsObject() {
		return root
	}
	root = jsonv.PointerRefs(root) // then the $refs that name a definition by $id or anchor move too
	taken := map[string]bool{}
	if have != nil {
		for _, m := range have.Members {
			taken[m.Key] = true
		}
	}
	names := map[string]string{}
	for _, m := range defs.Members {
		name := jsonv.FreeName(m.Key, func(n string) bool { return taken[n] })
		taken[name] = true
		names[m.Key] = name
	}
	renamed := jsonv.RepointRefs(root, func(p string) (string, bool) {
		if p == "/definitions" { // the definitions as one schema
			return "/$defs", true
		}
		rest, ok := strings.CutPrefix(p, "/definitions/")
		if !ok {
			return "", false
		}
		token, tail, _ := strings.Cut(rest, "/")
		name, ok := names[jsonv.UnescapeToken(token)]
		if tail != "" {
			tail = "/" + tail
		}
		return "/$defs/" + jsonv.EscapeToken(name) + tail, ok
	})
	merged := jsonv.Object()
	if d := renamed.Get("$defs"); d.IsObject() {
		merged.Members = slices.Clone(d.Members)
	}
	for _, m := range renamed.Get("definitions").Members {
		merged.Members = append(merged.Members, jsonv.KV(names[m.Key], m.Val))
	}
	out := jsonv.Object()
	for _, m := range renamed.Members {
		switch m.Key {
		case "definitions":
		case "$defs":
			out.Members = append(out.Members, jsonv.KV("$defs", merged))
		default:
			out.Members = append(out.Members, m)
		}
	}
	if have == nil {
		out.Members = append(out.Members, jsonv.KV("$defs", merged))
	}
	return out
}

// isDefsEntry reports whether ptr is that of one $defs entry, or of
// $defs itself (an object a $ref may name, whose keys no keyword knows:
// copied, it would take anything, and be copied again once pruning
// leaves it small enough).
func isDefsEntry(ptr string) bool { return ptr == "/$defs" || jsonv.IsRootDefsEntry(ptr) }

// projector is one projection of a document onto a profile.
type projector struct {
	merged    jsonv.CopyBudget // what mergeRef has copied so far
	sp        *spec            // the spec of the place being projected (see places)
	p         Profile
	root      *jsonv.Value
	recursive map[string]bool // $ref targets that reach themselves
	findings  []Finding
	// decimal: integers beyond 2^53 are written as decimal strings.
	decimal bool
	// openWide: a range an integer schema leaves open on a side (no
	// bound there) reaches past 2^53 on that side (bigints=string).
	openWide bool
	// jsonText: a free-form value the profile cannot say is a string
	// holding its JSON text (see Options.JSONText).
	jsonText bool
}

func (pr *projector) add(ptr, rule, format string, args ...any) {
	pr.findings = append(pr.findings, Finding{Pointer: ptr, Rule: rule, Message: fmt.Sprintf(format, args...)})
}

// project rewrites one schema, at ptr, for the profile.
func (pr *projector) project(v *jsonv.Value, ptr string, root bool) *jsonv.Value {
	sp := pr.sp
	if v.Kind == jsonv.KindBool {
		if v.Boolean {
			return jsonv.Object()
		}
		return v
	}
	if !v.IsObject() {
		return v
	}
	if v.Get("$ref") != nil && !sp.refs {
		if merged, ok := pr.mergeRef(v); ok {
			v = merged
		} else {
			v = pr.unref(v, ptr)
		}
	}
	var notes []string
	out := jsonv.MapSubschemas(v, ptr, func(s *jsonv.Value, at jsonv.Sub) *jsonv.Value {
		if at.Unknown || (at.Defs && !sp.refs) {
			return s // not a schema keyword, or definitions the profile drops
		}
		return pr.projectBelow(pr.asJSONText(s, at.Key), at.Ptr, at.Key)
	})
	if pr.decimal {
		out, notes = pr.decimalInteger(out, notes)
		// An integer branch written as a decimal string may now take what
		// a string branch takes: exactly one would refuse "5".
		out = oneOfAsAnyOf(out, true)
	}
	out = pr.integerBounds(out)
	if !sp.typeArrays {
		out = mergeNullWrapper(out)
	}
	split := sp.splitsTypes(out)
	out, notes = sp.nullable(out, notes)
	if split {
		// The branches a type array became are schemas of their own,
		// projected as a second projection would project them.
		branches := out.Get("anyOf")
		items := make([]*jsonv.Value, len(branches.Items))
		for i, b := range branches.Items {
			items[i] = pr.project(b, ptr+"/anyOf/"+strconv.Itoa(i), false)
		}
		out = out.With("anyOf", &jsonv.Value{Kind: jsonv.KindArray, Items: items})
	}
	out, notes = sp.literals(out, notes)
	widened := sp.widenBeforeDropping(out)
	for _, key := range []string{"items", "additionalProperties"} {
		// What widening made of projected schemas (an anyOf of them) is
		// projected too, as a second projection would project it.
		if w := widened.Get(key); w != out.Get(key) && w != nil {
			widened = widened.With(key, pr.projectBelow(w, ptr+"/"+key, key))
		}
	}
	out = widened
	if d, ok := out.Get("description").StringValue(); ok && d != "" && !sp.keeps("description") {
		notes = append([]string{d}, notes...) // for say to report
	}
	var dropped []string
	out, notes = sp.keywordsAndFormats(out, notes, root, &dropped)
	for _, key := range dropped {
		pr.add(ptr+"/"+jsonv.EscapeToken(key), "dropped", "%s cannot be said under %s: dropped", key, pr.p)
	}
	out, notes = sp.unwrapNull(out, notes)
	out = sp.objectRules(out, v)
	return pr.say(out, ptr, notes)
}

// projectBelow projects s, which keyword key holds in the schema being
// projected, by the rules of the place it stands in (see places).
func (pr *projector) projectBelow(s *jsonv.Value, ptr, key string) *jsonv.Value {
	outer := pr.sp
	pr.sp = outer.below(key)
	defer func() { pr.sp = outer }()
	return pr.project(s, ptr, false)
}

// say appends notes to the description of s, at ptr. Where the place
// keeps no description (ollama's root), they are a finding instead: the
// tool's description can say them.
func (pr *projector) say(s *jsonv.Value, ptr string, notes []string) *jsonv.Value {
	if pr.sp.keeps("description") {
		return withNotes(s, notes)
	}
	if len(notes) > 0 {
		pr.add(ptr, "dropped", "the description %q cannot be said here under %s: the tool's description can say it",
			strings.Join(notes, " "), pr.p)
	}
	return s
}

// withNotes appends notes to the description of s.
func withNotes(s *jsonv.Value, notes []string) *jsonv.Value {
	if len(notes) == 0 {
		return s
	}
	desc, _ := s.Get("description").StringValue()
	for _, n := range notes {
		desc = jsonv.AppendSentence(desc, n)
	}
	return s.With("description", jsonv.Str(desc))
}

// unwrapNull merges a nullable wrapper that only the keywords the
// profile drops ($schema, $defs, not, ...) kept from being merged, under
// a profile without type arrays.
func (sp *spec) unwrapNull(s *jsonv.Value, notes []string) (*jsonv.Value, []string) {
	if sp.typeArrays {
		return s, notes
	}
	if merged := mergeNullWrapper(s); merged != s {
		return sp.nullable(merged, notes)
	}
	return s, notes
}

// mergeRef writes a $ref that inlining left because keywords other than
// annotations stand beside it (an object's properties, say) as its
// target's keywords and those beside it in one schema, which takes what
// both took together: when the target is not recursive and declares no
// identifier, and no keyword stands on both sides, nor two that act
// together (properties or patternProperties with additionalProperties,
// prefixItems with items, if with then or else, contains with its
// counts) stand one on each side.
func (pr *projector) mergeRef(v *jsonv.Value) (*jsonv.Value, bool) {
	p, ok := jsonv.LocalPointer(v.Get("$ref"))
	if !ok || pr.recursive[p] {
		return nil, false
	}
	target := jsonv.Lookup(pr.root, p)
	if !target.IsObject() || jsonv.DeclaredIdentifier(target) != "" || target.Get("$ref") != nil {
		return nil, false
	}
	// Each merge copies the target once more: definitions that each use
	// the next twice would double the document at every level.
	if !pr.merged.Take(target) {
		return nil, false
	}
	out := &jsonv.Value{Kind: jsonv.KindObject, Members: slices.Clone(target.Members)}
	for _, m := range v.Members {
		if m.Key == "$ref" {
			continue
		}
		if target.Get(m.Key) != nil {
			if jsonv.IsAnnotation(m.Key) {
				out = out.With(m.Key, m.Val) // the use's words win, as beside a $ref inlined
				continue
			}
			return nil, false
		}
		if g := actTogetherGroup(m.Key); g >= 0 {
			for _, t := range target.Members {
				if actTogetherGroup(t.Key) == g {
					return nil, false
				}
			}
		}
		out.Members = append(out.Members, m)
	}
	return out, true
}

// actTogether are the keywords of one schema whose meaning depends on
// each other's.
var actTogether = [][]string{
	{"properties", "patternProperties", "additionalProperties", "unevaluatedProperties"},
	{"prefixItems", "items", "additionalItems", "unevaluatedItems"},
	{"if", "then", "else"},
	{"contains", "minContains", "maxContains"},
}

// actTogetherGroup is the index of key's group in actTogether, -1 for
// none.
func actTogetherGroup(key string) int {
	return slices.IndexFunc(actTogether, func(g []string) bool { return slices.Contains(g, key) })
}

// unref stands in for a $ref the profile cannot say (one inlining kept:
// a recursive definition): a schema of the target's type saying in words
// what it names, and a finding.
func (pr *projector) unref(v *jsonv.Value, ptr string) *jsonv.Value {
	ref, _ := v.Get("$ref").StringValue()
	target, name := ref, ref
	if p, ok := jsonv.LocalPointer(v.Get("$ref")); ok {
		target = p
		if i := strings.LastIndexByte(p, '/'); i >= 0 {
			// Percent-decoding can make bytes that are not UTF-8 (%80): the
			// name goes into a description, which must be text.
			name = strings.ToValidUTF8(jsonv.UnescapeToken(p[i+1:]), "\uFFFD")
		}
	}
	if pr.recursive[target] {
		pr.add(ptr, "recursive", "recursive definition %s cannot be said under %s", name, pr.p)
	} else {
		pr.add(ptr, "recursive", "the $ref to %s cannot be said under %s", ref, pr.p)
	}
	out := jsonv.Object()
	if t := jsonv.Lookup(pr.root, target); t.IsObject() {
		if kind, ok := t.Get("type").StringValue(); ok {
			out = jsonv.Object(jsonv.KV("type", jsonv.Str(kind)))
		}
	}
	out = out.With("description", jsonv.Str("A "+name+", a recursive type: see the tool's documentation."))
	return jsonv.MergeAnnotations(out, v, "$ref")
}

// bareRef rewrites every $ref below v that carries keywords the profile
// does not let stand beside it (see spec.bareRefs), without changing what
// the schema accepts and without dropping a word:
//   - annotations beside a $ref move up to the nullable wrapper (anyOf
//     [it, null]) it is a branch of, when that does not have them yet;
//   - the title and description of a property, or of an array's items,
//     join the description of the object or the array, as a sentence
//     naming the property ("next: The next node.") or "Each item: ...";
//   - a $ref that still carries a keyword (an assertion, which beside a
//     $ref constrains the same value) becomes the one branch of an anyOf
//     that carries it.
func (sp *spec) bareRef(v *jsonv.Value, ptr string, root bool) *jsonv.Value {
	if !v.IsObject() {
		return v
	}
	if branches := v.Get("anyOf"); branches != nil && branches.Kind == jsonv.KindArray && jsonv.NullableBranch(branches.Items) != nil {
		items := slices.Clone(branches.Items)
		for i, b := range items {
			for _, key := range sp.refExtras(b) {
				if jsonv.IsAnnotation(key) && v.Get(key) == nil {
					v = v.With(key, b.Get(key))
					items[i] = items[i].With(key, nil)
				}
			}
		}
		v = v.With("anyOf", &jsonv.Value{Kind: jsonv.KindArray, Items: items})
	}
	if props := v.Get("properties"); props.IsObject() {
		np := jsonv.Object()
		for _, m := range props.Members {
			val, words := sp.refWords(m.Val)
			if words != "" {
				v = v.With("description", jsonv.Str(jsonv.AppendSentence(describedBy(v), m.Key+": "+words)))
			}
			np.Members = append(np.Members, jsonv.KV(m.Key, val))
		}
		v = v.With("properties", np)
	}
	if items := v.Get("items"); items.IsObject() {
		if val, words := sp.refWords(items); words != "" {
			v = v.With("items", val).With("description", jsonv.Str(jsonv.AppendSentence(describedBy(v), "Each item: "+words)))
		}
	}
	v = jsonv.MapSubschemas(v, ptr, func(s *jsonv.Value, at jsonv.Sub) *jsonv.Value {
		if at.Unknown {
			return s
		}
		return sp.bareRef(s, at.Ptr, false)
	})
	if root || len(sp.refExtras(v)) == 0 {
		return v
	}
	ref := jsonv.Object(jsonv.KV("$ref", v.Get("$ref")))
	out := jsonv.Object(jsonv.KV("anyOf", &jsonv.Value{Kind: jsonv.KindArray, Items: []*jsonv.Value{ref}}))
	for _, m := range v.Members {
		if m.Key != "$ref" {
			out.Members = append(out.Members, m)
		}
	}
	return out
}

// refWords takes the title and description the profile does not let
// stand beside v's $ref off v, and returns them as one text ("" when
// there are none).
func (sp *spec) refWords(v *jsonv.Value) (*jsonv.Value, string) {
	words := ""
	extras := sp.refExtras(v)
	for _, key := range []string{"title", "description"} {
		if text, ok := v.Get(key).StringValue(); ok && slices.Contains(extras, key) {
			words = jsonv.AppendSentence(words, text)
			v = v.With(key, nil)
		}
	}
	return v, words
}

// describedBy is a schema's description, "" when it has none.
func describedBy(v *jsonv.Value) string {
	desc, _ := v.Get("description").StringValue()
	return desc
}

// refExtras are the keywords beside v's $ref that the profile does not
// let stand there ($defs aside, which is where definitions live).
func (sp *spec) refExtras(v *jsonv.Value) []string {
	if !sp.bareRefs || !v.IsObject() || v.Get("$ref") == nil {
		return nil
	}
	var extras []string
	for _, m := range v.Members {
		if m.Key != "$ref" && m.Key != "$defs" && !sp.refSiblings[m.Key] {
			extras = append(extras, m.Key)
		}
	}
	return extras
}

// mergeNullWrapper rewrites anyOf (or oneOf) [X, {type: null}] as X with
// null in its type, where X has a type to extend: a profile without type
// arrays then says nullable.
func mergeNullWrapper(s *jsonv.Value) *jsonv.Value {
	kw, inner := jsonv.NullWrapped(s)
	if inner == nil {
		return s
	}
	if merged, ok := jsonv.WithNull(inner); ok && merged.Get("type") != nil {
		return jsonv.MergeAnnotations(merged, s, kw)
	}
	return s
}

// splitsTypes reports whether nullable rewrites the type array of s as
// an anyOf of one branch per type.
func (sp *spec) splitsTypes(s *jsonv.Value) bool {
	t := s.Get("type")
	if t == nil || t.Kind != jsonv.KindArray || sp.typeArrays || !sp.anyOf {
		return false
	}
	kinds, _ := jsonv.SplitNull(t)
	return len(kinds) > 1
}

// nullable rewrites type arrays the profile cannot take.
func (sp *spec) nullable(s *jsonv.Value, notes []string) (*jsonv.Value, []string) {
	t := s.Get("type")
	if t == nil || t.Kind != jsonv.KindArray || sp.typeArrays {
		return s, notes
	}
	kinds, null := jsonv.SplitNull(t)
	switch {
	case len(kinds) == 1:
		s = s.With("type", jsonv.Str(kinds[0]))
	case sp.anyOf && len(kinds) > 1:
		// Each branch takes the keywords that judge its kind (items to the
		// array, properties to the object); the rest stays beside them.
		var alts []*jsonv.Value
		moved := map[string]bool{}
		for _, k := range kinds {
			branch := jsonv.Object(jsonv.KV("type", jsonv.Str(k)))
			for _, m := range s.Members {
				if kind, ok := jsonv.KeywordKind(m.Key); ok && (kind == k || kind == "number" && k == "integer") {
					branch, moved[m.Key] = branch.With(m.Key, m.Val), true
				}
			}
			alts = append(alts, branch)
		}
		for key := range moved {
			s = s.With(key, nil)
		}
		s = s.With("type", nil).With("anyOf", &jsonv.Value{Kind: jsonv.KindArray, Items: alts})
	default:
		s = s.With("type", nil)
		notes = append(notes, "One of the types "+strings.Join(kinds, ", ")+".")
	}
	if null {
		if sp.nullableKey {
			s = s.With("nullable", jsonv.True)
		} else {
			notes = append(notes, "Leave it out for null.")
		}
		if e := s.Get("enum"); e != nil && e.Kind == jsonv.KindArray {
			var keep []*jsonv.Value
			for _, it := range e.Items {
				if it.Kind != jsonv.KindNull {
					keep = append(keep, it)
				}
			}
			s = s.With("enum", &jsonv.Value{Kind: jsonv.KindArray, Items: keep})
		}
	}
	return s, notes
}

// literals rewrites const and the enums the profile cannot take.
func (sp *spec) literals(s *jsonv.Value, notes []string) (*jsonv.Value, []string) {
	if c := s.Get("const"); c != nil && sp.keywords != nil && !sp.keywords["const"] {
		s = s.With("const", nil)
		if c.Kind == jsonv.KindString && sp.keywords["enum"] {
			s = s.With("enum", &jsonv.Value{Kind: jsonv.KindArray, Items: []*jsonv.Value{c}})
		} else {
			notes = append(notes, "Always "+string(jsonv.Encode(nil, c, ""))+".")
		}
	}
	e := s.Get("enum")
	if e == nil || e.Kind != jsonv.KindArray {
		return s, notes
	}
	bad := false
	var words []string
	for _, it := range e.Items {
		words = append(words, string(jsonv.Encode(nil, it, "")))
		switch {
		case sp.stringEnums && it.Kind != jsonv.KindString:
			bad = true
		case sp.scalarEnums && (it.Kind == jsonv.KindArray || it.Kind == jsonv.KindObject):
			bad = true
		}
	}
	sentence := "One of " + strings.Join(words, ", ") + "."
	switch {
	case bad:
		s = s.With("enum", nil)
		notes = append(notes, sentence)
	case sp.enumWords:
		// Said once: a document projected again has the words already.
		if desc, _ := s.Get("description").StringValue(); !strings.Contains(desc, sentence) {
			notes = append(notes, sentence)
		}
	}
	return s, notes
}

// keeps reports whether the profile keeps the keyword key.
func (sp *spec) keeps(key string) bool { return sp.keywords == nil || sp.keywords[key] }

// widenBeforeDropping rewrites what the profile would drop into what it
// can say, where that only widens: a oneOf becomes an anyOf of its
// branches. And it rewrites the keywords whose meaning leans on one the
// profile drops, so that dropping it only widens: items and
// additionalProperties apply to what prefixItems and patternProperties
// leave them, and would apply to everything once those are gone. items
// becomes an anyOf of itself and the prefix schemas (and draft-07's
// array form of items, prefixItems in all but name, is read so),
// additionalProperties an anyOf of itself and the pattern schemas; where
// the profile has no anyOf, or a branch takes anything, they go too.
func (sp *spec) widenBeforeDropping(s *jsonv.Value) *jsonv.Value {
	if !sp.keeps("oneOf") && sp.keeps("anyOf") && sp.anyOf {
		// A union flatten left (of scalars, say).
		s = oneOfAsAnyOf(s, false)
	}
	if tuple := s.Get("items"); tuple != nil && tuple.Kind == jsonv.KindArray {
		// Draft-07's tuple: its prefixItems and its items.
		s = s.With("items", nil).With("prefixItems", tuple)
		if rest := s.Get("additionalItems"); rest != nil {
			s = s.With("additionalItems", nil).With("items", rest)
		}
	}
	if prefix := s.Get("prefixItems"); prefix != nil && prefix.Kind == jsonv.KindArray && !sp.keeps("prefixItems") {
		if items := s.Get("items"); items != nil {
			s = s.With("items", sp.either(append(slices.Clone(prefix.Items), items)))
		}
	}
	if pp := s.Get("patternProperties"); pp.IsObject() && !sp.keeps("patternProperties") {
		if ap := s.Get("additionalProperties"); ap != nil {
			branches := []*jsonv.Value{ap}
			for _, m := range pp.Members {
				branches = append(branches, m.Val)
			}
			s = s.With("additionalProperties", sp.either(branches))
		}
	}
	return s
}

// oneOfAsAnyOf rewrites the oneOf of s as an anyOf of its branches, which
// takes all the oneOf took: in its place when s has no anyOf, else, when
// allOf may be said, as an anyOf inside the allOf of s. Otherwise s stays
// as it is.
func oneOfAsAnyOf(s *jsonv.Value, allOf bool) *jsonv.Value {
	branches := s.Get("oneOf")
	if branches == nil {
		return s
	}
	all := s.Get("allOf")
	switch {
	case s.Get("anyOf") == nil:
		return s.With("oneOf", nil).With("anyOf", branches)
	case !allOf || all != nil && all.Kind != jsonv.KindArray:
		return s
	}
	var items []*jsonv.Value
	if all != nil {
		items = slices.Clone(all.Items)
	}
	items = append(items, jsonv.Object(jsonv.KV("anyOf", branches)))
	return s.With("oneOf", nil).With("allOf", &jsonv.Value{Kind: jsonv.KindArray, Items: items})
}

// either is a schema that takes what any of branches takes (false ones
// left out), or nil, for no keyword at all, when one takes anything or
// the profile cannot say anyOf.
func (sp *spec) either(branches []*jsonv.Value) *jsonv.Value {
	var keep []*jsonv.Value
	for _, b := range branches {
		switch {
		case b.Kind == jsonv.KindBool && !b.Boolean:
			continue
		case b.Kind == jsonv.KindBool || b.IsObject() && len(b.Members) == 0:
			return nil
		}
		keep = append(keep, b)
	}
	switch {
	case len(keep) == 0:
		return jsonv.False
	case len(keep) == 1:
		return keep[0]
	case !sp.anyOf:
		return nil
	}
	return jsonv.Object(jsonv.KV("anyOf", &jsonv.Value{Kind: jsonv.KindArray, Items: keep}))
}

// constraintWords says in words what a dropped keyword asked.
var constraintWords = map[string]string{
	"minimum":          "At least %s.",
	"maximum":          "At most %s.",
	"exclusiveMinimum": "Greater than %s.",
	"exclusiveMaximum": "Less than %s.",
	"multipleOf":       "A multiple of %s.",
	"minLength":        "At least %s character(s).",
	"maxLength":        "At most %s character(s).",
	"pattern":          "Matches the pattern %s.",
	"format":           "Format: %s.",
	"minItems":         "At least %s item(s).",
	"maxItems":         "At most %s item(s).",
	"uniqueItems":      "Items must be unique.",
	"minProperties":    "At least %s properties.",
	"maxProperties":    "At most %s properties.",
	"contentEncoding":  "Encoded as %s.",
	"default":          "Default: %s.",
}

// keywordsAndFormats removes what the profile does not allow, saying the
// constraints in words.
func (sp *spec) keywordsAndFormats(s *jsonv.Value, notes []string, root bool, dropped *[]string) (*jsonv.Value, []string) {
	out := jsonv.Object()
	for _, m := range s.Members {
		keep := sp.keywords == nil || sp.keywords[m.Key] || (root && slices.Contains(sp.dropRoot, m.Key))
		if m.Key == "format" && sp.formats != nil {
			if f, _ := m.Val.StringValue(); !sp.formats[f] {
				keep = false
			}
		}
		if m.Key == "minItems" && sp.minItems01 {
			if n := m.Val.Text; m.Val.Kind == jsonv.KindNumber && n != "0" && n != "1" {
				notes = append(notes, fmt.Sprintf(constraintWords["minItems"], n))
				out.Members = append(out.Members, jsonv.KV("minItems", &jsonv.Value{Kind: jsonv.KindNumber, Text: "1"}))
				continue
			}
		}
		if sp.minItems01 && m.Key == "maxItems" {
			keep = false
		}
		if keep {
			out.Members = append(out.Members, m)
			continue
		}
		if words, ok := constraintWords[m.Key]; ok {
			text := m.Val.Text
			if m.Val.Kind == jsonv.KindString {
				text = m.Val.Text
			} else if m.Val.Kind != jsonv.KindNumber {
				text = string(jsonv.Encode(nil, m.Val, ""))
			}
			if m.Key == "uniqueItems" && !(m.Val.Kind == jsonv.KindBool && m.Val.Boolean) {
				continue
			}
			if strings.Contains(words, "%s") {
				words = fmt.Sprintf(words, text)
			}
			notes = append(notes, words)
			continue
		}
		if m.Key == "required" {
			// An object's required list, where the place cannot say
			// one (an object property under ollama): in words.
			if names := stringItems(m.Val); len(names) > 0 {
				notes = append(notes, "Required: "+strings.Join(names, ", ")+".")
			}
			continue
		}
		if m.Key == "additionalProperties" && m.Val.IsObject() {
			// A map: any keys, which only widens; its values said in words.
			notes = append(notes, mapWords(m.Val))
			continue
		}
		if !silentlyDropped[m.Key] && !(m.Key == "additionalProperties" && m.Val.Kind == jsonv.KindBool) {
			*dropped = append(*dropped, m.Key) // a boolean one only widens, as the profile documents
		}
	}
	return out, notes
}

// stringItems are the strings of an array.
func stringItems(v *jsonv.Value) []string {
	var out []string
	if v != nil && v.Kind == jsonv.KindArray {
		for _, it := range v.Items {
			if s, ok := it.StringValue(); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// mapWords says what the values of a map (an additionalProperties
// schema) are, for a profile that cannot say additionalProperties.
func mapWords(values *jsonv.Value) string {
	if t, ok := values.Get("type").StringValue(); ok {
		return "Any keys; each value " + article(t) + " " + t + "."
	}
	return "Any keys; each value as the tool describes."
}

// article is "an" before a vowel, else "a".
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// silentlyDropped are the keywords a profile may drop without a finding:
// annotations, what a projection replaces ($ref, said in unref; the
// definitions that go with it), and the OpenAPI discriminator of a union
// already flattened.
var silentlyDropped = map[string]bool{
	"title": true, "description": true, "$comment": true, "examples": true, "example": true,
	"deprecated": true, "readOnly": true, "writeOnly": true, "$schema": true, "$id": true,
	"$defs": true, "definitions": true, "discriminator": true, "nullable": true,
}

// objectRules closes or opens objects and makes keys required as the
// profile wants; orig is the schema before projection.
func (sp *spec) objectRules(s, orig *jsonv.Value) *jsonv.Value {
	if !jsonv.IsObjectSchema(s) {
		return s
	}
	if props := sp.below("properties"); !props.typeArrays && !props.nullableKey {
		s = sp.nullMeansAbsent(s, orig)
	}
	ap := s.Get("additionalProperties")
	// Beside a $ref or a combinator, the object's properties are only some
	// of those it takes: closed, it would refuse the others'.
	composed := s.Get("$ref") != nil || s.Get("anyOf") != nil || s.Get("oneOf") != nil || s.Get("allOf") != nil
	switch {
	case sp.noAP && ap != nil:
		s = s.With("additionalProperties", nil)
	case sp.closed && !composed && (ap == nil || ap.Kind == jsonv.KindBool):
		s = s.With("additionalProperties", jsonv.False)
	}
	if sp.ordering {
		s = withOrdering(s)
	}
	if !sp.allRequired {
		return s
	}
	props := s.Get("properties")
	if !props.IsObject() {
		return s
	}
	required := map[string]bool{}
	if r := s.Get("required"); r != nil && r.Kind == jsonv.KindArray {
		for _, it := range r.Items {
			if name, ok := it.StringValue(); ok {
				required[name] = true
			}
		}
	}
	var names []string
	np := jsonv.Object()
	for _, m := range props.Members {
		names = append(names, m.Key)
		val := m.Val
		if !required[m.Key] && !acceptsNull(val) {
			if n, ok := jsonv.WithNull(val); ok {
				val = n
			} else if sp.anyOf {
				val = jsonv.Object(jsonv.KV("anyOf", &jsonv.Value{Kind: jsonv.KindArray, Items: []*jsonv.Value{val, jsonv.Object(jsonv.KV("type", jsonv.Str("null")))}}))
			}
		}
		np.Members = append(np.Members, jsonv.KV(m.Key, val))
	}
	return s.With("properties", np).With("required", jsonv.Strs(names))
}

// withOrdering gives an object schema with properties a propertyOrdering
// that lists them in declaration order, right after properties. One that
// already lists exactly the properties, in any order, is kept: it is
// someone's choice.
func withOrdering(s *jsonv.Value) *jsonv.Value {
	props := s.Get("properties")
	if !props.IsObject() || len(props.Members) == 0 {
		return s
	}
	var names []string
	for _, m := range props.Members {
		names = append(names, m.Key)
	}
	if orderingProblem(s.Get("propertyOrdering"), names) == "" {
		return s
	}
	out := jsonv.Object()
	for _, m := range s.Members {
		switch m.Key {
		case "propertyOrdering":
			continue
		case "properties":
			out.Members = append(out.Members, m, jsonv.KV("propertyOrdering", jsonv.Strs(names)))
			continue
		}
		out.Members = append(out.Members, m)
	}
	return out
}

// orderingProblem says what is wrong with a propertyOrdering for an
// object whose properties are names, or "" when it lists each of them
// once.
func orderingProblem(ordering *jsonv.Value, names []string) string {
	if ordering == nil {
		return "no propertyOrdering: the keys reach the model sorted"
	}
	if ordering.Kind != jsonv.KindArray {
		return "propertyOrdering must be an array of the property names"
	}
	seen := map[string]bool{}
	for _, it := range ordering.Items {
		name, ok := it.StringValue()
		switch {
		case !ok:
			return "propertyOrdering must hold only property names"
		case !slices.Contains(names, name):
			return fmt.Sprintf("propertyOrdering names %q, which is not a property", name)
		case seen[name]:
			return fmt.Sprintf("propertyOrdering names %q twice", name)
		}
		seen[name] = true
	}
	for _, name := range names {
		if !seen[name] {
			return fmt.Sprintf("propertyOrdering lacks %q", name)
		}
	}
	return ""
}

// nullMeansAbsent takes out of required every property whose original
// schema accepted null, for a profile that cannot say null: leaving the
// property out stands for null.
func (sp *spec) nullMeansAbsent(s, orig *jsonv.Value) *jsonv.Value {
	r := s.Get("required")
	props := orig.Get("properties")
	if r == nil || r.Kind != jsonv.KindArray || !props.IsObject() {
		return s
	}
	keep := &jsonv.Value{Kind: jsonv.KindArray}
	for _, it := range r.Items {
		name, _ := it.StringValue()
		if p := props.Get(name); p != nil && acceptsNull(p) {
			continue
		}
		keep.Items = append(keep.Items, it)
	}
	return s.With("required", keep)
}

// acceptsNull reports whether a schema names null among its types.
func acceptsNull(s *jsonv.Value) bool {
	_, null := jsonv.NullableCore(s)
	if null {
		return true
	}
	if e := s.Get("enum"); e != nil && e.Kind == jsonv.KindArray {
		for _, it := range e.Items {
			if it.Kind == jsonv.KindNull {
				return true
			}
		}
	}
	return false
}
