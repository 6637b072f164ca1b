package flatten

import (
	"net/url"
	"strconv"
	"strings"
)

// Options tunes [JSON]. The zero value is the documented default.
type Options struct {
	// Indent, when set, writes every member and item on its own line,
	// indented by this string per level. Empty means compact output.
	Indent string
	// InlineRefs replaces every local $ref by the schema it names, except
	// where that schema refers back to itself (a recursive type): those
	// refs and their definitions stay. Annotations beside a $ref win over
	// the target's. Root definitions nothing refers to any more are
	// dropped.
	InlineRefs bool
	// NullableTypes rewrites each nullable wrapper, anyOf (or oneOf)
	// [X, {"type": "null"}], as X with "null" added to its type (and to
	// its enum or const), so that no combinator is left for it. When X is
	// a $ref to a root definition (one InlineRefs keeps because it is
	// recursive), the wrapper becomes a $ref to a nullable copy of that
	// definition, added beside it as <Name>OrNull.
	NullableTypes bool
}

// Result is a flattened document and what was noticed on the way.
type Result struct {
	// Schema is the flat document, UTF-8 JSON with object keys in a stable
	// order (see the package documentation).
	Schema []byte
	// Diagnostics lists every union that was left as it stood, in document
	// order, with the reason.
	Diagnostics []Diagnostic
}

// Diagnostic explains why one union was left unflattened.
type Diagnostic struct {
	// Pointer is the JSON Pointer (RFC 6901) of the schema holding the
	// union, in the input document; "" is the root. When the document had
	// to be flattened a second time (see the package documentation,
	// rule 8), it is a pointer into the flat document.
	Pointer string
	// Message is a sentence saying what stopped the flattening.
	Message string
}

func (d Diagnostic) String() string {
	at := d.Pointer
	if at == "" {
		at = "(root)"
	}
	return at + ": " + d.Message
}

// JSON flattens the JSON Schema document in data. It returns a
// [*SyntaxError] when data is not one well-formed JSON document; any JSON
// value is otherwise accepted (a document that is not a schema object is
// returned as it came). The input is never modified.
func JSON(data []byte, opts Options) (Result, error) {
	root, err := parse(data)
	if err != nil {
		return Result{}, err
	}
	f := newFlattener(root)
	out := f.settle(root)
	if opts.InlineRefs {
		var diags []Diagnostic
		out, diags = inlineRefs(out)
		f.diags = append(f.diags, diags...)
	}
	if opts.NullableTypes {
		out = mergeNullable(out, &f.diags)
		if opts.InlineRefs {
			out = pruneDefinitions(out) // a definition only its nullable copy used
		}
	}
	buf := encode(make([]byte, 0, len(data)+len(data)/4), out, opts.Indent)
	if opts.Indent != "" {
		buf = append(buf, '\n')
	}
	return Result{Schema: buf, Diagnostics: f.diags}, nil
}

// flattener holds the state of one run over one document.
type flattener struct {
	root *value
	// refTargets holds the decoded JSON Pointer of every local $ref in the
	// document. Those schemas are flattened once and remembered, so that a
	// union variant reached through a $ref is seen in its flat form.
	refTargets map[string]bool
	targets    []string // the keys of refTargets, sorted, once needed
	memo       map[string]*value
	// busy holds the ref targets being flattened, each with the height of
	// the members stack when it began.
	busy map[string]int
	// members is a stack of the unions resolving their members, innermost
	// last. A member that resolves to a busy target closes a cycle: every
	// union on the stack since that target began is then recursive.
	members []*unionInProgress
	diags   []Diagnostic
	// unevaluated: the document says unevaluatedProperties somewhere, so
	// which keys a schema evaluates matters.
	unevaluated bool
	// depth counts the schema calls in progress, walk and $refs together.
	depth int
	// unsettled: this pass met something whose outcome depends on the
	// order of the walk (see settle).
	unsettled bool
}

// maxSchemaDepth bounds how deeply schema calls nest. A document nests at
// most MaxDepth levels, but each $ref resolved on the way (a union member,
// a joined property) flattens its target first, so a chain of $refs could
// otherwise nest without bound and overflow the stack.
const maxSchemaDepth = 4 * MaxDepth

// maxPasses bounds how often settle flattens its own output.
const maxPasses = 8

// settle flattens the document from root. One pass is final unless it met
// what the order of the walk decides: a $ref into a union (the union
// stays; the $ref may not survive the pass), a local $ref to nothing
// (flattening may create its target), or $refs nested deeper than
// maxSchemaDepth. Then the output is
// flattened again until it no longer changes, so that flattening it once
// more changes nothing. Diagnostics are those of the first pass, unless a
// later pass changed the document: then those of the last pass, with
// pointers into the flat document.
func (f *flattener) settle(root *value) *value {
	out := f.schema(root, "")
	unsettled, changed := f.unsettled, false
	for pass := 1; unsettled && pass < maxPasses; pass++ {
		g := newFlattener(out)
		next := g.schema(out, "")
		changed = changed || next != out
		if changed {
			f.diags = g.diags
		}
		if next == out {
			break
		}
		out, unsettled = next, g.unsettled
	}
	return out
}

func newFlattener(root *value) *flattener {
	f := &flattener{
		root:       root,
		refTargets: map[string]bool{},
		memo:       map[string]*value{},
		busy:       map[string]int{},
	}
	f.collectRefs(root)
	return f
}

func (f *flattener) collectRefs(v *value) {
	switch v.kind {
	case kindArray:
		for _, it := range v.items {
			f.collectRefs(it)
		}
	case kindObject:
		for _, m := range v.members {
			if m.key == "$ref" {
				if ptr, ok := localPointer(m.val); ok {
					f.refTargets[ptr] = true
				}
			}
			if m.key == "unevaluatedProperties" {
				f.unevaluated = true
			}
			f.collectRefs(m.val)
		}
	}
}

func (f *flattener) note(ptr, msg string) {
	f.diags = append(f.diags, Diagnostic{Pointer: ptr, Message: msg})
}

// position says what a keyword's value holds.
type position uint8

const (
	notSchema    position = iota
	oneSchema             // a schema
	schemaList            // an array of schemas
	schemaMap             // an object whose values are schemas
	schemaOrList          // items before draft 2020-12: a schema or an array of them
	dependencies          // draft-07 dependencies: per key a schema or a name list
)

var keywordPositions = map[string]position{
	"additionalProperties":  oneSchema,
	"unevaluatedProperties": oneSchema,
	"additionalItems":       oneSchema,
	"unevaluatedItems":      oneSchema,
	"contains":              oneSchema,
	"propertyNames":         oneSchema,
	"not":                   oneSchema,
	"if":                    oneSchema,
	"then":                  oneSchema,
	"else":                  oneSchema,
	"contentSchema":         oneSchema,
	"items":                 schemaOrList,
	"allOf":                 schemaList,
	"anyOf":                 schemaList,
	"oneOf":                 schemaList,
	"prefixItems":           schemaList,
	"properties":            schemaMap,
	"patternProperties":     schemaMap,
	"$defs":                 schemaMap,
	"definitions":           schemaMap,
	"dependentSchemas":      schemaMap,
	"dependencies":          dependencies,
}

// schema returns the flat form of the schema v found at ptr: its
// subschemas first (bottom-up), then v itself when it holds a union.
func (f *flattener) schema(v *value, ptr string) *value {
	if !v.isObject() {
		return v // boolean schemas and non-schemas pass through
	}
	if f.depth >= maxSchemaDepth {
		f.unsettled = true
		return v // too deep through $refs: left for the next pass
	}
	f.depth++
	defer func() { f.depth-- }()
	if f.refTargets[ptr] {
		if done, ok := f.memo[ptr]; ok {
			return done
		}
		if _, busy := f.busy[ptr]; busy {
			return v // a $ref cycle: the caller sees the schema unflattened
		}
		f.busy[ptr] = len(f.members)
		defer delete(f.busy, ptr)
	}
	out := f.children(v, ptr)
	if flat, ok := f.union(out, ptr); ok {
		out = flat
	}
	if f.refTargets[ptr] {
		f.memo[ptr] = out
	}
	return out
}

// children flattens every subschema of v, sharing what did not change.
func (f *flattener) children(v *value, ptr string) *value {
	return v.mapMembers(func(m member) *value {
		if keywordPositions[m.key] == notSchema {
			return m.val // no subschema: no need to build its pointer
		}
		return f.keyword(m.key, m.val, ptr+"/"+escapeToken(m.key))
	})
}

func (f *flattener) keyword(key string, v *value, ptr string) *value {
	switch keywordPositions[key] {
	case oneSchema:
		return f.schema(v, ptr)
	case schemaList:
		return f.list(v, ptr)
	case schemaOrList:
		if v.kind == kindArray {
			return f.list(v, ptr)
		}
		return f.schema(v, ptr)
	case schemaMap:
		return f.schemaMap(v, ptr, false)
	case dependencies:
		return f.schemaMap(v, ptr, true)
	}
	return v
}

func (f *flattener) list(v *value, ptr string) *value {
	if v.kind != kindArray {
		return v
	}
	var items []*value
	for i, it := range v.items {
		nv := f.schema(it, ptr+"/"+strconv.Itoa(i))
		if nv == it {
			continue
		}
		if items == nil {
			items = append([]*value(nil), v.items...)
		}
		items[i] = nv
	}
	if items == nil {
		return v
	}
	return &value{kind: kindArray, items: items}
}

func (f *flattener) schemaMap(v *value, ptr string, skipArrays bool) *value {
	if !v.isObject() {
		return v
	}
	return v.mapMembers(func(m member) *value {
		if skipArrays && m.val.kind == kindArray {
			return m.val
		}
		return f.schema(m.val, ptr+"/"+escapeToken(m.key))
	})
}

// resolve follows a local $ref to the flat form of its target. It returns
// nil for a reference that is not local or names nothing.
func (f *flattener) resolve(ref *value) *value {
	ptr, ok := localPointer(ref)
	if !ok {
		return nil
	}
	target := lookup(f.root, ptr)
	if target == nil {
		f.unsettled = true
		return nil
	}
	return f.schema(target, ptr)
}

// deref follows $ref chains from s (at most a fixed number of hops) and
// returns the schema they end at, or nil when a reference cannot be
// resolved. A schema with keywords beside its $ref is returned as is.
//
// A reference to a target still being flattened closes a cycle through
// union members; deref marks the unions on it recursive and returns nil.
func (f *flattener) deref(s *value) *value {
	for range 32 {
		ref := s.get("$ref")
		if ref == nil || !onlyAnnotationsBeside(s, "$ref") {
			return s
		}
		if ptr, ok := localPointer(ref); ok {
			if height, busy := f.busy[ptr]; busy {
				for _, u := range f.members[height:] {
					u.recursive = true
				}
				return nil
			}
		}
		if s = f.resolve(ref); s == nil {
			return nil
		}
	}
	return nil
}

func onlyAnnotationsBeside(s *value, key string) bool {
	for _, m := range s.members {
		if m.key != key && !annotationKeys[m.key] {
			return false
		}
	}
	return true
}

// localPointer decodes a "#..." reference into a JSON Pointer.
func localPointer(ref *value) (string, bool) {
	s, ok := ref.stringValue()
	if !ok || !strings.HasPrefix(s, "#") {
		return "", false
	}
	frag, err := url.PathUnescape(s[1:])
	if err != nil || (frag != "" && frag[0] != '/') {
		return "", false // an anchor, or a malformed fragment
	}
	return frag, true
}

// lookup returns the value at a JSON Pointer, or nil.
func lookup(root *value, ptr string) *value {
	if ptr == "" {
		return root
	}
	cur := root
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch cur.kind {
		case kindObject:
			cur = cur.get(tok)
		case kindArray:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.items) || strconv.Itoa(i) != tok {
				return nil
			}
			cur = cur.items[i]
		default:
			return nil
		}
		if cur == nil {
			return nil
		}
	}
	return cur
}

func escapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// Reformat rewrites a JSON document in the layout [JSON] writes (indented
// by indent, or compact when indent is empty), keeping key order and
// number text. It is the same encoder, so a document and its flat form
// read alike.
func Reformat(data []byte, indent string) ([]byte, error) {
	root, err := parse(data)
	if err != nil {
		return nil, err
	}
	buf := encode(make([]byte, 0, len(data)+len(data)/4), root, indent)
	if indent != "" {
		buf = append(buf, '\n')
	}
	return buf, nil
}
