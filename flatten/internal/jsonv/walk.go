package jsonv

import "strconv"

// This file is the one place that knows which keywords hold subschemas,
// in which shape, and in which polarity. Every pass over a document
// (flattening, inlining, the nullable rewrite, profile projection, lint,
// the reference scans) walks subschemas through mapSubschemas or
// eachSubschema.

// Position says what a keyword's value holds.
type Position uint8

const (
	NotSchema    Position = iota
	OneSchema             // a schema
	SchemaList            // an array of schemas
	SchemaMap             // an object whose values are schemas
	SchemaOrList          // items before draft 2020-12: a schema or an array of them
	Dependencies          // draft-07 dependencies: per key a schema or a name list
)

// Polarity says how a subschema moves the schema that holds it: whether a
// wider subschema makes the whole wider (positive), narrower (negative),
// or either (two-sided). Widening, which is what flattening does, is sound
// only in a positive position.
type Polarity uint8

const (
	// Unreached: a definition or an unknown keyword's value, not applied
	// where it stands; only a $ref gives it a polarity.
	Unreached Polarity = iota
	Positive
	Negative
	TwoSided
)

// Then is the polarity of a subschema in position q inside a schema in
// position p: two negations make a positive, two-sided absorbs.
func (p Polarity) Then(q Polarity) Polarity {
	switch {
	case p == Unreached || q == Unreached:
		return Unreached
	case p == TwoSided || q == TwoSided:
		return TwoSided
	case p == q:
		return Positive
	}
	return Negative
}

// Join is the polarity of a schema reached from two places.
func (p Polarity) Join(q Polarity) Polarity {
	switch {
	case p == Unreached:
		return q
	case q == Unreached || p == q:
		return p
	}
	return TwoSided
}

type slot struct {
	shape Position
	pol   Polarity
	// defs: the keyword holds definitions (applied only through $ref).
	defs bool
	// why says, for a keyword whose subschemas may stand in a position
	// that is not positive, why widening there is unsound.
	why string
	// inPlace: the keyword applies its subschemas to the instance itself,
	// as a combinator does (allOf, if, dependentSchemas, ...).
	inPlace bool
}

// keywordSlot is the slot of every keyword that holds subschemas; known
// is false for any other. Any other keyword holding an object or an array
// is an unknown container (OpenAPI's components, x- extensions): its
// objects are walked as schemas that are not applied where they stand.
// The data keywords are never walked. (A switch, not a map: the walker
// asks for every member of every schema.)
func keywordSlot(key string) (s slot, known bool) {
	switch key {
	case "additionalProperties", "unevaluatedProperties", "additionalItems", "unevaluatedItems",
		"propertyNames", "contentSchema":
		return slot{OneSchema, Positive, false, "", false}, true
	case "then", "else":
		return slot{OneSchema, Positive, false, "", true}, true
	case "contains": // two-sided beside maxContains (see polarityIn)
		return slot{OneSchema, Positive, false, "under contains beside maxContains, widening would count more items", false}, true
	case "not":
		return slot{OneSchema, Negative, false, "under not, widening would narrow", true}, true
	case "if":
		return slot{OneSchema, TwoSided, false, "under if, widening would move instances from else to then", true}, true
	case "items":
		return slot{SchemaOrList, Positive, false, "", false}, true
	case "allOf", "anyOf",
		"oneOf": // two-sided when kept
		return slot{SchemaList, Positive, false, "", true}, true
	case "prefixItems":
		return slot{SchemaList, Positive, false, "", false}, true
	case "properties", "patternProperties":
		return slot{SchemaMap, Positive, false, "", false}, true
	case "dependentSchemas":
		return slot{SchemaMap, Positive, false, "", true}, true
	case "dependencies":
		return slot{Dependencies, Positive, false, "", false}, true
	case "$defs", "definitions":
		return slot{SchemaMap, Unreached, true, "", false}, true
	}
	return slot{}, false
}

// isDataKeyword reports the keywords that hold JSON values, never schemas:
// a "$ref" inside them is data.
func isDataKeyword(key string) bool {
	switch key {
	case "const", "enum", "examples", "example", "default":
		return true
	}
	return false
}

// IsInPlace reports the keywords that apply their subschemas to the
// instance itself, as combinators: allOf, anyOf, oneOf, not, if, then,
// else and dependentSchemas.
func IsInPlace(key string) bool {
	s, _ := keywordSlot(key)
	return s.inPlace
}

// keywordKinds is the JSON kind a validation keyword judges: instances
// of any other kind pass it. A keyword not here judges every kind (see
// JudgesEveryKind), holds definitions, or is an annotation.
var keywordKinds = map[string]string{
	"minLength": "string", "maxLength": "string", "pattern": "string", "format": "string",
	"contentEncoding": "string", "contentMediaType": "string", "contentSchema": "string",
	"minimum": "number", "maximum": "number", "exclusiveMinimum": "number", "exclusiveMaximum": "number",
	"multipleOf": "number",
	"properties": "object", "required": "object", "additionalProperties": "object",
	"patternProperties": "object", "propertyNames": "object", "minProperties": "object",
	"maxProperties": "object", "dependentRequired": "object", "dependentSchemas": "object",
	"dependencies": "object", "unevaluatedProperties": "object",
	"items": "array", "prefixItems": "array", "additionalItems": "array", "contains": "array",
	"minContains": "array", "maxContains": "array", "minItems": "array", "maxItems": "array",
	"uniqueItems": "array", "unevaluatedItems": "array",
}

// KeywordKind is the JSON kind keyword key judges ("string", "number",
// "object", "array"), and false for a keyword that judges every kind or
// none.
func KeywordKind(key string) (string, bool) {
	k, ok := keywordKinds[key]
	return k, ok
}

// JudgesEveryKind reports the keywords that assert something of every
// instance, whatever its kind: the in-place applicators (see IsInPlace),
// const, enum and the references.
func JudgesEveryKind(key string) bool {
	switch key {
	case "const", "enum", "$ref", "$dynamicRef", "$recursiveRef":
		return true
	}
	return IsInPlace(key)
}

// WhyNotPositive says why a subschema of keyword key may stand in a
// position that is not positive, where widening it is unsound (not, if,
// contains beside maxContains); "" for every other keyword.
func WhyNotPositive(key string) string {
	s, _ := keywordSlot(key)
	return s.why
}

// KeywordPosition is the shape of schema keyword key; NotSchema for a
// keyword that holds no subschema.
func KeywordPosition(key string) Position {
	s, _ := keywordSlot(key)
	return s.shape
}

// Sub is one subschema as the walker hands it over.
type Sub struct {
	Key string // the keyword of the parent that holds it
	Ptr string // its JSON Pointer
	// Pol is its polarity relative to the parent (before a kept oneOf is
	// taken into account: see keptOneOfPolarity).
	Pol Polarity
	// Defs: it is a definition; Unknown: it stands under a keyword that is
	// not a schema keyword.
	Defs, Unknown bool
}

// KeptOneOfPolarity is the polarity of the members of a oneOf that is
// not flattened: widening one member may make two of them match.
const KeptOneOfPolarity = TwoSided

// KeywordPolarity is the polarity of keyword key's subschemas in schema
// v.
func KeywordPolarity(v *Value, key string) Polarity {
	s, ok := keywordSlot(key)
	if !ok {
		return Unreached
	}
	return s.polarityIn(v, key)
}

// shapeFor is what a keyword of slot s holds when its value is val: items
// before draft 2020-12 is a list when it is an array.
func (s slot) shapeFor(val *Value) Position {
	if s.shape != SchemaOrList {
		return s.shape
	}
	if val.Kind == KindArray {
		return SchemaList
	}
	return OneSchema
}

// polarityIn is the polarity of keyword key, of slot s, in schema v.
func (s slot) polarityIn(v *Value, key string) Polarity {
	if key == "contains" && v.Get("maxContains") != nil {
		return TwoSided // a wider contains counts more items
	}
	return s.pol
}

// MapSubschemas returns schema v with every direct subschema replaced by
// fn's answer, sharing v (and every unchanged value) when nothing
// changed. Subschemas of unknown containers are handed over too (with
// unknown set), each object found in them, at any depth, as a schema; data
// keywords are skipped.
func MapSubschemas(v *Value, ptr string, fn func(s *Value, at Sub) *Value) *Value {
	return walkSubschemas(v, ptr, stringPaths{}, func(s *Value, at Sub, p string) *Value {
		at.Ptr = p
		return fn(s, at)
	})
}

// MapSubschemasPath is MapSubschemas for a walk that looks its pointers
// up more often than it keeps them: each subschema's pointer is ptr with
// its tokens appended, handed to fn as bytes (at.Ptr is empty). Those
// bytes share ptr's array and are overwritten by the next subschema's, so
// fn must copy what it keeps (string(path)); it may append to them, for
// the subschemas below. Map lookups with m[string(path)] copy nothing.
func MapSubschemasPath(v *Value, ptr []byte, fn func(s *Value, at Sub, path []byte) *Value) *Value {
	return walkSubschemas(v, ptr, bytePaths{}, fn)
}

// EachSubschemaPath is EachSubschema with MapSubschemasPath's pointers.
func EachSubschemaPath(v *Value, ptr []byte, fn func(s *Value, at Sub, path []byte)) {
	walkSubschemas(v, ptr, bytePaths{}, func(s *Value, at Sub, path []byte) *Value {
		fn(s, at, path)
		return s
	})
}

// A Child is one direct subschema of a schema, as AppendChildren lists
// it: what MapSubschemas hands its function, without a callback, for the
// walks that visit every schema of large documents (a callback and what
// it captures cost an allocation per schema). It is kept small: the walks
// copy children to and from their stacks.
type Child struct {
	Val *Value
	// Out is what replaces Val in ReplaceChildren: the caller sets it for
	// every child (Val itself keeps it).
	Out *Value
	Key string // the keyword of the parent that holds it
	// member is the keyword's index in the parent's members; index the
	// item's in a list or the entry's in a map, -1 for one schema.
	member, index int
	Pol           Polarity
	Defs, Unknown bool // as in Sub
	inMap         bool // an entry of a map (properties, $defs, ...), not an item
}

// Sub is where the child stands, as MapSubschemas says it (without Ptr:
// see AppendPath).
func (c *Child) Sub() Sub { return Sub{Key: c.Key, Pol: c.Pol, Defs: c.Defs, Unknown: c.Unknown} }

// AppendChildren appends the direct subschemas of v to dst, in the order
// MapSubschemas visits them, the objects of unknown containers (keywords
// that are not schema keywords) among them. It reports false, leaving dst
// as it was, when an unknown container nests arrays in an array:
// MapSubschemas walks those.
func AppendChildren(dst []Child, v *Value) ([]Child, bool) {
	if !v.IsObject() {
		return dst, true
	}
	start := len(dst)
	for mi, m := range v.Members {
		s, known := keywordSlot(m.Key)
		if (!known && m.Val.Kind < KindArray) || isDataKeyword(m.Key) {
			continue
		}
		if !known {
			var ok bool
			if dst, ok = appendUnknown(dst, mi, m); !ok {
				return dst[:start], false
			}
			continue
		}
		pol := s.polarityIn(v, m.Key)
		switch s.shapeFor(m.Val) {
		case OneSchema:
			dst = append(dst, Child{Val: m.Val, Key: m.Key, Pol: pol, member: mi, index: -1})
		case SchemaList:
			if m.Val.Kind == KindArray {
				for i, it := range m.Val.Items {
					dst = append(dst, Child{Val: it, Key: m.Key, Pol: pol, member: mi, index: i})
				}
			}
		case SchemaMap, Dependencies:
			if m.Val.IsObject() {
				for i, e := range m.Val.Members {
					if s.shape == Dependencies && e.Val.Kind == KindArray {
						continue // a list of property names
					}
					dst = append(dst, Child{Val: e.Val, Key: m.Key, Pol: pol, Defs: s.defs, member: mi, index: i, inMap: true})
				}
			}
		}
	}
	return dst, true
}

// appendUnknown appends the objects of unknown container m, the member
// mi of its parent, as MapSubschemas hands them over: the object itself,
// or each object item of an array (an array of scalars, as required is,
// holds none). It reports false for an array that holds an array.
func appendUnknown(dst []Child, mi int, m Member) ([]Child, bool) {
	if m.Val.Kind == KindObject {
		return append(dst, Child{Val: m.Val, Key: m.Key, Unknown: true, member: mi, index: -1}), true
	}
	for i, it := range m.Val.Items {
		switch it.Kind {
		case KindObject:
			dst = append(dst, Child{Val: it, Key: m.Key, Unknown: true, member: mi, index: i})
		case KindArray:
			return dst, false
		}
	}
	return dst, true
}

// AppendPath appends the child's tokens below the pointer of parent, the
// schema AppendChildren listed it for, to path: its keyword, then its
// index or entry key.
func (c *Child) AppendPath(path []byte, parent *Value) []byte {
	path = AppendToken(append(path, '/'), c.Key)
	switch {
	case c.index < 0:
		return path
	case c.inMap:
		return AppendToken(append(path, '/'), parent.Members[c.member].Val.Members[c.index].Key)
	}
	return strconv.AppendInt(append(path, '/'), int64(c.index), 10)
}

// ReplaceChildren is v with every child's Out in place of its Val, kids
// being what AppendChildren listed for v: the result MapSubschemas would
// give, sharing v and every unchanged value when nothing changed. What it
// makes, it makes in s.
func ReplaceChildren(s *Slab, v *Value, kids []Child) *Value {
	changed := false
	for i := range kids {
		changed = changed || kids[i].Out != kids[i].Val
	}
	if !changed {
		return v
	}
	members := s.Members(v.Members)
	for i := 0; i < len(kids); {
		j := i + 1
		for j < len(kids) && kids[j].member == kids[i].member {
			j++
		}
		m := &members[kids[i].member]
		switch group := kids[i:j]; {
		case group[0].index < 0:
			m.Val = group[0].Out
		case group[0].inMap:
			m.Val = replaceEntries(s, m.Val, group)
		default:
			m.Val = replaceItems(s, m.Val, group)
		}
		i = j
	}
	return s.New(Value{Kind: KindObject, Members: members})
}

func replaceItems(s *Slab, list *Value, group []Child) *Value {
	var items []*Value
	for _, k := range group {
		if k.Out != k.Val {
			if items == nil {
				items = s.Items(list.Items)
			}
			items[k.index] = k.Out
		}
	}
	if items == nil {
		return list
	}
	return s.New(Value{Kind: KindArray, Items: items})
}

func replaceEntries(s *Slab, obj *Value, group []Child) *Value {
	var members []Member
	for _, k := range group {
		if k.Out != k.Val {
			if members == nil {
				members = s.Members(obj.Members)
			}
			members[k.index].Val = k.Out
		}
	}
	if members == nil {
		return obj
	}
	return s.New(Value{Kind: KindObject, Members: members})
}

// A pathJoiner builds the pointers of a walk: strings, bytes appended in
// place, or none at all (a walk that needs none, over a deep document,
// would spend its time building them).
type pathJoiner[P any] interface {
	token(p P, tok string) P // p + "/" + tok, escaped
	index(p P, i int) P      // p + "/" + i
}

type stringPaths struct{}

func (stringPaths) token(p, tok string) string   { return p + "/" + EscapeToken(tok) }
func (stringPaths) index(p string, i int) string { return p + "/" + strconv.Itoa(i) }

type noPaths struct{}

func (noPaths) token(string, string) string { return "" }
func (noPaths) index(string, int) string    { return "" }

type bytePaths struct{}

func (bytePaths) token(p []byte, tok string) []byte { return AppendToken(append(p, '/'), tok) }
func (bytePaths) index(p []byte, i int) []byte {
	return strconv.AppendInt(append(p, '/'), int64(i), 10)
}

// walkSubschemas is MapSubschemas with its pointers built by j.
func walkSubschemas[P any, J pathJoiner[P]](v *Value, ptr P, j J, fn func(s *Value, at Sub, p P) *Value) *Value {
	if !v.IsObject() {
		return v
	}
	return v.MapMembers(func(m Member) *Value {
		s, known := keywordSlot(m.Key)
		if (!known && m.Val.Kind < KindArray) || isDataKeyword(m.Key) {
			return m.Val
		}
		at := j.token(ptr, m.Key)
		if !known {
			return mapUnknown(m.Val, Sub{Key: m.Key, Unknown: true}, at, j, fn)
		}
		pol := s.polarityIn(v, m.Key)
		shape := s.shapeFor(m.Val)
		switch shape {
		case OneSchema:
			return fn(m.Val, Sub{Key: m.Key, Pol: pol}, at)
		case SchemaList:
			return MapItems(m.Val, func(it *Value, i int) *Value {
				return fn(it, Sub{Key: m.Key, Pol: pol}, j.index(at, i))
			})
		case SchemaMap, Dependencies:
			if !m.Val.IsObject() {
				return m.Val
			}
			return m.Val.MapMembers(func(e Member) *Value {
				if shape == Dependencies && e.Val.Kind == KindArray {
					return e.Val // a list of property names
				}
				return fn(e.Val, Sub{Key: m.Key, Pol: pol, Defs: s.defs}, j.token(at, e.Key))
			})
		}
		return m.Val
	})
}

// mapUnknown hands the objects of an unknown container, at ptr, to fn as
// schemas (an array's items are containers too).
func mapUnknown[P any, J pathJoiner[P]](v *Value, at Sub, ptr P, j J, fn func(s *Value, at Sub, p P) *Value) *Value {
	switch v.Kind {
	case KindObject:
		return fn(v, at, ptr)
	case KindArray:
		return MapItems(v, func(it *Value, i int) *Value {
			return mapUnknown(it, at, j.index(ptr, i), j, fn)
		})
	}
	return v
}

// MapItems maps an array copy-on-write; anything else is returned as is.
func MapItems(v *Value, fn func(it *Value, i int) *Value) *Value {
	if v.Kind != KindArray {
		return v
	}
	var items []*Value
	for i, it := range v.Items {
		nv := fn(it, i)
		if nv == it {
			continue
		}
		if items == nil {
			items = append([]*Value(nil), v.Items...)
		}
		items[i] = nv
	}
	if items == nil {
		return v
	}
	return &Value{Kind: KindArray, Items: items}
}

// EachSubschema calls fn for every direct subschema of v.
func EachSubschema(v *Value, ptr string, fn func(s *Value, at Sub)) {
	MapSubschemas(v, ptr, func(s *Value, at Sub) *Value {
		fn(s, at)
		return s
	})
}

// EachSchemaValue calls fn for v and every schema below it, in document
// order, parents first, without their pointers; fn returns false to skip
// what lies below a schema.
func EachSchemaValue(v *Value, fn func(s *Value) bool) {
	if !v.IsObject() || !fn(v) {
		return
	}
	var room [8]Child // most schemas have fewer subschemas: no allocation
	kids, ok := AppendChildren(room[:0], v)
	if !ok {
		walkSubschemas(v, "", noPaths{}, func(s *Value, _ Sub, _ string) *Value {
			EachSchemaValue(s, fn)
			return s
		})
		return
	}
	for i := range kids {
		EachSchemaValue(kids[i].Val, fn)
	}
}

// EachSchema calls fn for v and every schema below it, in document order,
// parents first; fn returns false to skip what lies below a schema.
func EachSchema(v *Value, ptr string, fn func(s *Value, ptr string) bool) {
	if !v.IsObject() || !fn(v, ptr) {
		return
	}
	EachSubschema(v, ptr, func(s *Value, at Sub) {
		EachSchema(s, at.Ptr, fn)
	})
}
