package profile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/unionflat/unionflat/flatten/internal/jsonv"
)

// Finding is one way a schema falls outside a profile.
type Finding struct {
	// Pointer is the JSON Pointer of the schema at fault ("" is the root).
	Pointer string
	// Rule names the rule broken, as "untyped" or "keyword".
	Rule string
	// Message says what is wrong.
	Message string
	// Advice marks what the target takes as it is, but would read
	// better otherwise (a missing propertyOrdering, whose keys reach the
	// model sorted): not a refusal.
	Advice bool
}

func (f Finding) String() string {
	at := f.Pointer
	if at == "" {
		at = "(root)"
	}
	return fmt.Sprintf("%s: %s [%s]", at, f.Message, f.Rule)
}

// Lint checks a JSON Schema document against a profile and returns every
// finding, in document order: a root that is not an object or holds a
// combinator, combinators the profile rejects, properties and array items
// that say nothing about what they are, keywords and formats the profile does not take,
// type arrays, enums, additionalProperties and required lists the profile
// does not accept, references where it has none, property names, a
// $schema of another dialect than 2020-12 where the target reads only
// that (mcp, anthropic, anthropic-strict), and the size limits the
// profile documents. A missing or wrong propertyOrdering under the gemini
// profiles is advice (Finding.Advice): the target takes the document.
func Lint(doc []byte, p Profile) ([]Finding, error) {
	sp, ok := specs[p]
	if !ok {
		_, err := ParseProfile(string(p))
		return nil, err
	}
	root, err := jsonv.Parse(doc)
	if err != nil {
		return nil, err
	}
	return lint(root, p, sp), nil
}

// dialect2020 is the $schema of JSON Schema draft 2020-12.
const dialect2020 = "https://json-schema.org/draft/2020-12/schema"

// otherDialect is the $schema of root when the profile's target reads
// only 2020-12 and it names another dialect.
func (sp *spec) otherDialect(root *jsonv.Value) (string, bool) {
	d, ok := root.Get("$schema").StringValue()
	return d, ok && sp.dialect2020 && strings.TrimSuffix(d, "#") != dialect2020
}

type linter struct {
	sp       *spec // the spec of the place being checked (see places)
	p        Profile
	out      []Finding
	props    int
	enums    int
	chars    int
	unions   int
	optional int
}

func (l *linter) add(ptr, rule, format string, args ...any) {
	l.out = append(l.out, Finding{Pointer: ptr, Rule: rule, Message: fmt.Sprintf(format, args...)})
}

// advise adds a finding that is advice.
func (l *linter) advise(ptr, rule, format string, args ...any) {
	l.add(ptr, rule, format, args...)
	l.out[len(l.out)-1].Advice = true
}

func lint(root *jsonv.Value, p Profile, sp *spec) []Finding {
	l := &linter{sp: sp.atRoot(), p: p}
	if !root.IsObject() || !jsonv.IsTypeName(root.Get("type"), "object") {
		l.add("", "root-object", "the root must be a schema with type \"object\"")
	}
	for _, kw := range []string{"oneOf", "anyOf", "allOf", "not", "if", "enum"} {
		if root.Get(kw) != nil {
			l.add("", "root-combinator", "%s at the root is rejected by most targets", kw)
		}
	}
	for _, key := range sp.dropRoot {
		if root.Get(key) != nil {
			l.add("", "keyword", "%s is not accepted by %s", key, p)
		}
	}
	if d, ok := sp.otherDialect(root); ok {
		l.add("/$schema", "dialect", "$schema names %s, where %s reads JSON Schema 2020-12: name %s or leave $schema out", d, p, dialect2020)
	}
	l.schema(root, "", 0, "")
	limit := func(n, max int, what string) {
		if max > 0 && n > max {
			l.add("", "size", "%d %s, more than the %d %s allows", n, what, max, p)
		}
	}
	limit(l.props, sp.maxProps, "properties")
	limit(l.enums, sp.maxEnum, "enum values")
	limit(l.chars, sp.maxChars, "characters of property names and enum values")
	limit(l.unions, sp.maxUnions, "properties with union types")
	limit(l.optional, sp.maxOptional, "optional properties")
	return l.out
}

// schema checks the subschema s at ptr, held by its parent's keyword at
// ("" for the root).
func (l *linter) schema(s *jsonv.Value, ptr string, depth int, at string) {
	sp := l.sp
	property := at == "properties"
	// What a property or an array's items are must be said: no provider
	// that checks types takes a value described by nothing. A map's
	// values (additionalProperties: true or {}) are left to the rules on
	// additionalProperties.
	untyped, fix := "", ""
	switch {
	case sp.untypedOK:
		// Any JSON Schema is an MCP property's.
	case at == "properties":
		untyped, fix = "the property says nothing about what it is", "give it a type"
	case at == "items" || at == "prefixItems":
		untyped, fix = "the array's items say nothing about what they are", "give them a type"
	}
	if s.Kind == jsonv.KindBool {
		if untyped != "" && s.Boolean {
			l.add(ptr, "untyped", "%s", untyped)
		}
		return
	}
	if !s.IsObject() {
		return
	}
	if sp.maxDepth > 0 && depth > sp.maxDepth {
		l.add(ptr, "size", "nested %d levels deep, more than the %d %s allows", depth, sp.maxDepth, l.p)
	}
	if untyped != "" && !described(s) {
		l.add(ptr, "untyped", "%s: %s", untyped, fix)
	}
	for _, m := range s.Members {
		if isCombinator(m.Key) && (m.Key == "anyOf" && !sp.anyOf || m.Key != "anyOf" && !sp.combinators) {
			l.add(ptr+"/"+m.Key, "combinator", "%s is not accepted by %s", m.Key, l.p)
		}
	}
	for _, m := range s.Members {
		// A root key the profile drops ($schema) is reported once, above,
		// and a keyword with a rule of its own by that rule.
		if sp.keywords != nil && !sp.keywords[m.Key] && !(ptr == "" && slices.Contains(sp.dropRoot, m.Key)) && !isCombinator(m.Key) && !sp.ownRule(s, m.Key) {
			l.add(ptr+"/"+jsonv.EscapeToken(m.Key), "keyword", "%s is not accepted by %s", m.Key, l.p)
		}
	}
	if f, ok := s.Get("format").StringValue(); ok && sp.formats != nil && !sp.formats[f] {
		l.add(ptr+"/format", "format", "format %q is not accepted by %s", f, l.p)
	}
	if t := s.Get("type"); t != nil && t.Kind == jsonv.KindArray {
		if !sp.typeArrays {
			l.add(ptr+"/type", "type-array", "type arrays are not accepted by %s", l.p)
		}
		if property {
			l.unions++
		}
	}
	if e := s.Get("enum"); e != nil && e.Kind == jsonv.KindArray {
		l.enums += len(e.Items)
		stringsOnly, scalarsOnly := true, true
		for _, it := range e.Items {
			if it.Kind == jsonv.KindString {
				l.chars += len(it.Text)
			}
			stringsOnly = stringsOnly && it.Kind == jsonv.KindString
			scalarsOnly = scalarsOnly && it.Kind != jsonv.KindArray && it.Kind != jsonv.KindObject
		}
		switch {
		case sp.stringEnums && !stringsOnly:
			l.add(ptr+"/enum", "enum", "enum values must be strings for %s", l.p)
		case sp.scalarEnums && !scalarsOnly:
			l.add(ptr+"/enum", "enum", "enum values must be scalars for %s", l.p)
		}
	}
	if extras := sp.refExtras(s); len(extras) > 0 && ptr != "" {
		l.add(ptr, "ref-siblings", "a $ref stands alone under %s, without %s", l.p, strings.Join(extras, ", "))
	}
	if s.Get("$ref") != nil && !sp.refs {
		l.add(ptr+"/$ref", "ref", "$ref is not accepted by %s: the schema must be inlined (a recursive type cannot be)", l.p)
	}
	if sp.minItems01 {
		if n := s.Get("minItems"); n != nil && n.Kind == jsonv.KindNumber && n.Text != "0" && n.Text != "1" {
			l.add(ptr+"/minItems", "keyword", "minItems must be 0 or 1 for %s", l.p)
		}
	}
	if jsonv.IsTypeName(s.Get("type"), "array") && sp.requireItems && s.Get("items") == nil {
		l.add(ptr, "items", "an array needs items for %s", l.p)
	}
	if jsonv.IsObjectSchema(s) {
		l.object(s, ptr)
	}
	jsonv.EachSubschema(s, ptr, func(child *jsonv.Value, at jsonv.Sub) {
		if !at.Unknown {
			outer := l.sp
			l.sp = outer.below(at.Key)
			l.schema(child, at.Ptr, depth+1, at.Key)
			l.sp = outer
		}
	})
}

// described reports whether a schema says something of what its value
// is: a type, values, a reference or a combinator of schemas that do
// (whether the profile takes the combinator is another rule's).
func described(s *jsonv.Value) bool {
	for _, kw := range []string{"type", "enum", "const", "$ref", "anyOf", "oneOf", "allOf"} {
		if s.Get(kw) != nil {
			return true
		}
	}
	return false
}

// ownRule reports whether a keyword the profile does not take in s is
// reported by a rule of its own, with words the keyword rule lacks,
// rather than as a keyword: additionalProperties on an object where no
// object may have it, $ref where nothing may be referenced.
func (sp *spec) ownRule(s *jsonv.Value, key string) bool {
	return key == "additionalProperties" && sp.noAP && jsonv.IsObjectSchema(s) || key == "$ref" && !sp.refs
}

// isCombinator reports the keywords that judge the instance itself by
// subschemas or by other keys' presence: the walker's in-place
// applicators, and dependentRequired.
func isCombinator(key string) bool { return jsonv.IsInPlace(key) || key == "dependentRequired" }

// object checks additionalProperties, required and property names.
func (l *linter) object(s *jsonv.Value, ptr string) {
	sp := l.sp
	ap := s.Get("additionalProperties")
	switch {
	case sp.noAP && ap != nil:
		l.add(ptr+"/additionalProperties", "additionalProperties", "additionalProperties is not accepted by %s", l.p)
	case sp.closed && (ap == nil || ap.Kind != jsonv.KindBool || ap.Boolean):
		l.add(ptr, "additionalProperties", "%s wants additionalProperties: false on every object", l.p)
	}
	props := s.Get("properties")
	if !props.IsObject() {
		return
	}
	if sp.ordering && len(props.Members) > 0 {
		var names []string
		for _, m := range props.Members {
			names = append(names, m.Key)
		}
		if problem := orderingProblem(s.Get("propertyOrdering"), names); problem != "" {
			l.advise(ptr, "ordering", "%s (for %s)", problem, l.p)
		}
	}
	required := map[string]bool{}
	if r := s.Get("required"); r != nil && r.Kind == jsonv.KindArray {
		for _, it := range r.Items {
			if name, ok := it.StringValue(); ok {
				required[name] = true
			}
		}
	}
	for _, m := range props.Members {
		l.props++
		l.chars += len(m.Key)
		at := ptr + "/properties/" + jsonv.EscapeToken(m.Key)
		if !required[m.Key] {
			l.optional++
			if sp.allRequired {
				l.add(at, "required", "%s wants every property in required (an optional one nullable)", l.p)
			}
		}
		if sp.names != nil && !sp.names.MatchString(m.Key) {
			l.add(at, "property-name", "property name %q must match %s for %s", m.Key, sp.names, l.p)
		}
	}
}
