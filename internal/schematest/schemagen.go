package schematest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
)

// RandomSchema draws one JSON Schema document (draft 2020-12) from the
// classes a union flattener has to survive, deterministic for a seed on
// every machine:
//
//   - unions (oneOf, anyOf) of object members with a string const, enum,
//     multi-value enum or $ref'd discriminator, an OpenAPI
//     discriminator.propertyName beside them, or none (kept unions), some
//     with overlapping values, a non-string discriminator or a non-object
//     member, so that they cannot be flattened;
//   - unions nested in properties, items, prefixItems,
//     additionalProperties, patternProperties, dependentSchemas, $defs,
//     under not, if/then/else and contains (with and without maxContains),
//     and inside the members of other unions, kept ones included;
//   - $ref chains, recursive definitions, definitions used several times,
//     a union that is its own member through $refs, and a root that is
//     itself a $ref (as pydantic writes a recursive root model), with the
//     definitions under $defs, definitions or an OpenAPI
//     components/schemas;
//   - members with $id (and their own $defs), $anchor (some the target of
//     a $ref by anchor) and $dynamicAnchor;
//   - the three nullable spellings: anyOf [X, {type: null}], oneOf with a
//     null member, and type arrays;
//   - every collision kind for a key several members declare: identical,
//     string const/enum, one kind with different shapes, several kinds,
//     integer with number, untyped;
//   - open, closed (additionalProperties: false), map-like,
//     patternProperties and unevaluatedProperties members, and members
//     written as allOf of objects;
//   - "$ref" keys inside const, enum, default and examples data; keys that
//     need JSON Pointer escapes ("/", "~"), Unicode keys, keyword-like
//     keys, and definition names holding "/" and "~".
//
// Not every document compiles (a $ref inside a member with its own $id may
// resolve to nothing, on purpose); callers compile each one with an
// independent validator and skip those it rejects.
func RandomSchema(seed uint64) []byte {
	s := &schemaGen{rnd: rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d)), kinds: rand.New(rand.NewPCG(seed^0x9e3779b97f4a7c15, seed))}
	doc := s.document()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		panic(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// obj is a JSON object that keeps its key order, since a flattener's
// choices (the discriminator, the order of flat properties) follow it.
type obj []kv

type kv struct {
	k string
	v any
}

func (o obj) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			buf.WriteByte(',')
		}
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(m.k); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1) // Encode's newline
		buf.WriteByte(':')
		if err := enc.Encode(m.v); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// set replaces the value of k, or appends it.
func (o obj) set(k string, v any) obj {
	for i := range o {
		if o[i].k == k {
			o[i].v = v
			return o
		}
	}
	return append(o, kv{k, v})
}

func (o obj) get(k string) (any, bool) {
	for _, m := range o {
		if m.k == k {
			return m.v, true
		}
	}
	return nil, false
}

// schemaGen holds the state of one document being drawn.
type schemaGen struct {
	rnd *rand.Rand
	// defs are the root definitions created so far, in order.
	defs obj
	// defsKey is where they go: "$defs", "definitions" as older
	// generators write, or "components/schemas" as OpenAPI documents do
	// (a container the flattener knows only through the $refs into it).
	defsKey string
	// serial numbers anchors, ids and definition names, so that none is
	// declared twice by accident.
	serial int
	// docID is the document's own $id, once a $ref names a definition
	// through it.
	docID string
	// nodes counts the schemas drawn, to keep documents small.
	nodes int
	// kinds draws the kind unions (see kindUnion), apart from rnd, so
	// that adding them left every other draw of a seed as it was.
	kinds *rand.Rand
}

const (
	maxSchemaNodes = 60
	maxUnionDepth  = 3
)

// Name pools. Keys collide on purpose across members and levels; some need
// JSON Pointer escapes, some are Unicode, some look like keywords.
var (
	discKeys   = []string{"kind", "type", "k/ind", "t~ag", "ärt"}
	propKeys   = []string{"x", "y", "n", "a/b", "m~n", "é", "日本", "$ref", "properties", "kind", "v"}
	defNames   = []string{"A", "Node", "a/b", "t~x", "Ünï", "Pet-1", "c~1d/~0"}
	discValues = []string{"a", "b", "c", "d", "é", "x/y", "t~1"}
	patterns   = []string{"^x-", "^[0-9]+$", "é"}
)

func (s *schemaGen) chance(n int) bool { return s.rnd.IntN(n) == 0 }

func (s *schemaGen) pickString(list []string) string { return list[s.rnd.IntN(len(list))] }

func (s *schemaGen) next() int { s.serial++; return s.serial }

// document draws the root and attaches the definitions made on the way.
func (s *schemaGen) document() any {
	s.defsKey = "$defs"
	switch s.rnd.IntN(12) {
	case 0, 1:
		s.defsKey = "definitions"
	case 2:
		s.defsKey = "components/schemas"
	}
	var root obj
	switch s.rnd.IntN(10) {
	case 0, 1, 2, 3:
		root = s.object(0)
	case 4, 5:
		root = s.union(0)
	case 6:
		// pydantic: the root model behind a $ref, often recursive.
		name := s.newDefName()
		s.defs = s.defs.set(name, nil) // reserve the place, so the order is stable
		s.defs = s.defs.set(name, s.rootModel(name))
		root = obj{{"$ref", s.defRef(name)}}
	case 7:
		root = s.recursiveUnion()
	default:
		root = obj{{"type", "object"}, {"properties", obj{{"p", s.schema(0)}}}}
		if inner, ok := s.schema(0).(obj); ok {
			root = inner
		}
	}
	if s.docID != "" {
		if _, ok := root.get("$id"); !ok {
			root = append(obj{{"$id", s.docID}}, root...)
		}
	}
	if s.chance(4) {
		root = append(obj{{"$schema", "https://json-schema.org/draft/2020-12/schema"}}, root...)
	}
	if len(s.defs) > 0 {
		if s.defsKey == "components/schemas" {
			root = root.set("components", obj{{"schemas", s.defs}})
		} else if _, ok := root.get(s.defsKey); !ok {
			root = root.set(s.defsKey, s.defs)
		}
	}
	return root
}

// schema draws a schema for a value position.
func (s *schemaGen) schema(depth int) any {
	s.nodes++
	if depth > maxUnionDepth || s.nodes > maxSchemaNodes {
		return s.leaf()
	}
	switch s.rnd.IntN(20) {
	case 0, 1, 2, 3, 4:
		return s.union(depth)
	case 5, 6:
		return s.nullable(depth)
	case 7:
		return s.object(depth + 1)
	case 8:
		return obj{{"type", "array"}, {"items", s.schema(depth + 1)}}
	case 9:
		return s.prefixItems(depth)
	case 10:
		return s.contains(depth)
	case 11:
		return obj{{"type", "object"}, {"additionalProperties", s.schema(depth + 1)}}
	case 12:
		return obj{{"type", "object"}, {"patternProperties", obj{{s.pickString(patterns), s.schema(depth + 1)}}}}
	case 13:
		return s.dependent(depth)
	case 14:
		if s.chance(3) { // a union reached from under not through a reference
			return obj{{"not", obj{s.namedRef(s.define(s.union(depth+1), 0))}}}
		}
		return obj{{"not", s.union(depth + 1)}}
	case 15:
		return s.conditional(depth)
	case 16:
		return s.ref(depth)
	case 17:
		return obj{{"allOf", []any{s.schema(depth + 1), s.object(depth + 1)}}}
	case 18:
		if s.chance(2) {
			return true
		}
		return obj{}
	}
	return s.leaf()
}

// leaf draws a scalar schema, with constraints, consts and enums, now and
// then with "$ref" keys inside its data.
func (s *schemaGen) leaf() any {
	switch s.rnd.IntN(12) {
	case 0:
		return obj{{"type", "string"}, {"maxLength", json.Number("4")}}
	case 1:
		return obj{{"type", "string"}, {"minLength", json.Number("1")}, {"description", "text"}}
	case 2:
		return obj{{"type", "integer"}, {"minimum", json.Number("0")}}
	case 3:
		return obj{{"type", "number"}}
	case 4:
		return obj{{"type", "boolean"}}
	case 5:
		return obj{{"type", "null"}}
	case 6:
		return obj{{"enum", []any{"p", "q", json.Number("1")}}}
	case 7:
		return obj{{"const", s.pickString(discValues)}}
	case 8:
		return s.refData()
	case 9:
		return obj{{"type", []any{"string", "integer"}}}
	case 10:
		return obj{{"type", "string"}, {"format", "date"}}
	}
	return obj{{"type", "integer"}, {"default", json.Number("3")}, {"examples", []any{json.Number("1")}}}
}

// refData is a schema whose const, enum, default or examples data holds a
// "$ref" key: data, never a reference.
func (s *schemaGen) refData() any {
	data := obj{{"$ref", s.pickString([]string{"#/$defs/Missing", "#", "#/properties/x", "urn:nowhere"})}}
	switch s.rnd.IntN(4) {
	case 0:
		return obj{{"const", data}}
	case 1:
		return obj{{"enum", []any{data, json.Number("1")}}}
	case 2:
		return obj{{"type", "object"}, {"default", data}}
	}
	return obj{{"type", "object"}, {"examples", []any{data}}}
}

// object draws an object schema with a few properties, some required.
func (s *schemaGen) object(depth int) obj {
	o := obj{{"type", "object"}}
	if s.chance(5) {
		o = obj{} // an object schema without type, as many generators write
	}
	props := obj{}
	var required []any
	for range 1 + s.rnd.IntN(3) {
		k := s.pickString(propKeys)
		if _, dup := props.get(k); dup {
			continue
		}
		props = props.set(k, s.schema(depth))
		if s.chance(2) {
			required = append(required, k)
		}
	}
	o = o.set("properties", props)
	if len(required) > 0 {
		o = o.set("required", required)
	}
	return s.openness(o, depth)
}

// openness makes an object open, closed, map-like, pattern-keyed or
// closed to unevaluated keys.
func (s *schemaGen) openness(o obj, depth int) obj {
	switch s.rnd.IntN(8) {
	case 0, 1:
		return o.set("additionalProperties", false)
	case 2:
		return o.set("additionalProperties", s.leaf())
	case 3:
		return o.set("patternProperties", obj{{s.pickString(patterns), s.leaf()}})
	case 4:
		return o.set("unevaluatedProperties", false)
	}
	return o // open
}

func (s *schemaGen) prefixItems(depth int) any {
	o := obj{{"type", "array"}, {"prefixItems", []any{s.leaf(), s.schema(depth + 1)}}}
	if s.chance(2) {
		o = o.set("items", false)
	}
	return o
}

// contains draws an array whose contains holds a union, with and without
// maxContains (where widening the union is not sound).
func (s *schemaGen) contains(depth int) any {
	o := obj{{"type", "array"}, {"contains", s.union(depth + 1)}}
	switch s.rnd.IntN(3) {
	case 0:
		o = o.set("maxContains", json.Number("1"))
	case 1:
		o = o.set("minContains", json.Number("1")).set("maxContains", json.Number("2"))
	}
	if s.chance(2) {
		o = o.set("items", s.leaf())
	}
	return o
}

func (s *schemaGen) dependent(depth int) any {
	o := s.object(depth + 1)
	props, _ := o.get("properties")
	trigger := props.(obj)[0].k
	return o.set("dependentSchemas", obj{{trigger, obj{{"properties", obj{{s.pickString(propKeys), s.union(depth + 1)}}}}}})
}

// conditional draws if/then/else with a union in if (a two-sided
// position) and in the branches.
func (s *schemaGen) conditional(depth int) any {
	o := obj{{"if", s.union(depth + 1)}, {"then", s.schema(depth + 1)}}
	if s.chance(2) {
		o = o.set("else", s.schema(depth+1))
	}
	return o
}

// nullable draws one of the three nullable spellings around a union, a
// $ref or a scalar.
func (s *schemaGen) nullable(depth int) any {
	var inner any
	switch s.rnd.IntN(4) {
	case 0:
		inner = obj{{"$ref", s.defRef(s.define(s.union(depth+1), 0))}}
	case 1:
		inner = obj{{"$ref", s.defRef(s.define(s.emptyOrLeaf(), 0))}}
	case 2:
		inner = s.leaf()
	default:
		inner = s.union(depth + 1)
	}
	null := obj{{"type", "null"}}
	var out obj
	switch s.rnd.IntN(5) {
	case 0, 1:
		out = obj{{"anyOf", []any{inner, null}}}
	case 2:
		out = obj{{"oneOf", []any{null, inner}}}
	case 3:
		// A nullable inside a nullable: the shape that once crashed the
		// nullable rewrite.
		out = obj{{"oneOf", []any{null, obj{{"anyOf", []any{inner, null}}}}}}
	default:
		if l, ok := s.leaf().(obj); ok {
			if t, ok := l.get("type"); ok {
				if ts, ok := t.(string); ok && ts != "null" {
					return l.set("type", []any{ts, "null"})
				}
			}
		}
		out = obj{{"anyOf", []any{inner, null}}}
	}
	switch s.rnd.IntN(6) {
	case 0:
		out = out.set("default", nil)
	case 1:
		out = out.set("not", obj{{"type", "null"}}) // null is still forbidden beside
	case 2:
		out = out.set("allOf", []any{obj{{"type", []any{"object", "string"}}}})
	}
	return out
}

func (s *schemaGen) emptyOrLeaf() any {
	if s.chance(2) {
		return obj{}
	}
	return s.leaf()
}

// union draws an object union (see objectUnion), now and then inside a
// kind union (see kindUnion).
func (s *schemaGen) union(depth int) obj {
	u := s.objectUnion(depth)
	if s.kinds.IntN(6) == 0 {
		return s.kindUnion(u)
	}
	return u
}

// objectUnion draws a oneOf or anyOf of object members sharing a
// discriminator, or one that cannot be flattened.
func (s *schemaGen) objectUnion(depth int) obj {
	s.nodes++
	kw := "oneOf"
	if s.chance(3) {
		kw = "anyOf"
	}
	disc := s.pickString(discKeys)
	n := 2 + s.rnd.IntN(3)
	style := s.rnd.IntN(12) // how the discriminator is written
	shared := s.sharedKeys(disc)
	members := make([]any, 0, n+1)
	for i := range n {
		members = append(members, s.member(i, disc, style, shared, depth))
	}
	if s.chance(6) {
		members = append(members, obj{{"type", "null"}}) // anyOf [A, B, null]
	}
	if s.chance(10) {
		members = append(members, s.leaf()) // a non-object member: kept
	}
	u := obj{{kw, members}}
	if s.chance(5) {
		u = obj{{"type", "object"}, {kw, members}}
	}
	if s.chance(5) {
		d := obj{{"propertyName", disc}}
		if s.chance(2) {
			d = d.set("mapping", obj{{discValues[0], "#/$defs/Nope"}})
		}
		u = u.set("discriminator", d)
	}
	if s.chance(8) {
		key := s.pickString(propKeys)
		if len(shared) > 0 && s.chance(2) {
			// A key some members declare, declared beside the union for
			// all of them (SchemaStore's aiproj: object or null beside,
			// an object in one member).
			key = shared[s.rnd.IntN(len(shared))].name
		}
		u = u.set("properties", obj{{key, s.leaf()}})
	}
	if s.chance(10) {
		u = u.set("unevaluatedProperties", false)
	}
	if s.chance(10) {
		u = u.set("description", "a union")
	}
	return u
}

// kindUnion wraps u, an object union, in a union of members of distinct
// JSON kinds (rule 7): u and scalars or an array, each with keywords of
// its own kind; now and then one that cannot merge: two members of one
// kind, an enum that judges every kind, a keyword of another kind, or one
// beside the union. It draws from s.kinds only.
func (s *schemaGen) kindUnion(u obj) obj {
	r := s.kinds
	others := []obj{
		{{"type", "string"}, {"minLength", json.Number("1")}, {"maxLength", json.Number("6")}},
		{{"type", "integer"}, {"minimum", json.Number("0")}, {"maximum", json.Number("9")}},
		{{"type", "boolean"}, {"description", "a flag"}},
		{{"type", "null"}},
		{{"type", "array"}, {"items", obj{{"type", "string"}}}, {"maxItems", json.Number("2")}},
	}
	members := []any{u}
	for _, k := range r.Perm(len(others))[:1+r.IntN(3)] {
		members = append(members, others[k])
	}
	switch r.IntN(8) {
	case 0:
		members = append(members, obj{{"type", "number"}, {"exclusiveMaximum", json.Number("100")}}) // maybe a kind twice
	case 1:
		members[1] = obj{{"type", "string"}, {"enum", []any{"p", "q"}}} // judges every kind
	case 2:
		members[1] = obj{{"type", "boolean"}, {"minLength", json.Number("2")}} // another kind's keyword
	}
	r.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
	kw := "oneOf"
	if r.IntN(2) == 0 {
		kw = "anyOf"
	}
	out := obj{{kw, members}}
	switch r.IntN(6) {
	case 0:
		out = out.set("description", "a value of several kinds")
	case 1:
		out = out.set("maxLength", json.Number("3")) // beside, and maybe in a member
	}
	return out
}

// collision kinds for a key several members declare.
const (
	collideIdentical = iota
	collideStringEnum
	collideShapes
	collideKinds
	collideIntNumber
	collideUntyped
	collideNested
	collisionKinds
)

type sharedKey struct {
	name string
	kind int
}

func (s *schemaGen) sharedKeys(disc string) []sharedKey {
	var out []sharedKey
	for range s.rnd.IntN(3) {
		k := s.pickString(propKeys)
		if k == disc || slices.ContainsFunc(out, func(o sharedKey) bool { return o.name == k }) {
			continue
		}
		out = append(out, sharedKey{k, s.rnd.IntN(collisionKinds)})
	}
	return out
}

// collide draws member i's schema for a shared key of the given kind.
func (s *schemaGen) collide(kind, i, depth int) any {
	switch kind {
	case collideIdentical:
		return obj{{"type", "string"}, {"maxLength", json.Number("5")}, {"description", fmt.Sprintf("member %d", i)}}
	case collideStringEnum:
		if i%2 == 0 {
			return obj{{"const", discValues[i%len(discValues)]}}
		}
		return obj{{"enum", []any{"p", discValues[i%len(discValues)]}}}
	case collideShapes:
		if s.chance(2) {
			return obj{{"type", "object"}, {"properties", obj{{fmt.Sprintf("f%d", i), obj{{"type", "integer"}}}}}, {"required", []any{fmt.Sprintf("f%d", i)}}}
		}
		return obj{{"type", "array"}, {"items", []any{obj{{"type", "string"}}, obj{{"type", "integer"}}}[i%2]}}
	case collideKinds:
		return []any{obj{{"type", "string"}}, obj{{"type", "integer"}}, obj{{"type", "boolean"}}, obj{{"type", []any{"null", "string"}}}}[i%4]
	case collideIntNumber:
		return []any{obj{{"type", "integer"}, {"maximum", json.Number("9")}}, obj{{"type", "number"}}}[i%2]
	case collideUntyped:
		return []any{obj{{"type", "string"}}, obj{}, obj{{"minLength", json.Number("2")}}, true}[i%4]
	}
	if i == 0 && depth < maxUnionDepth {
		return s.union(depth + 1)
	}
	return obj{{"type", "integer"}}
}

// discSchema writes member i's discriminator in the given style; the last
// styles make the union unflattenable.
func (s *schemaGen) discSchema(i, style int) any {
	v := discValues[i%len(discValues)]
	switch style {
	case 0, 1, 2:
		return obj{{"const", v}}
	case 3:
		return obj{{"type", "string"}, {"enum", []any{v}}}
	case 4:
		return obj{{"enum", []any{v, fmt.Sprintf("%s%d", v, i)}}} // several values per member
	case 5:
		// The values come through a $ref to a definition holding them.
		return obj{{"$ref", s.defRef(s.define(obj{{"const", v}}, s.rnd.IntN(2)))}}
	case 6:
		return obj{{"type", "string"}, {"const", v}, {"description", "which one"}}
	case 7:
		return obj{{"const", json.Number(fmt.Sprint(i))}} // not a string
	case 8:
		return obj{{"enum", []any{v, discValues[0]}}} // overlapping values
	case 9:
		return obj{{"type", "string"}} // no value at all
	}
	return obj{{"const", v}}
}

// member draws union member i: an object holding the discriminator, the
// shared keys and its own, in one of several spellings.
func (s *schemaGen) member(i int, disc string, style int, shared []sharedKey, depth int) any {
	props := obj{{disc, s.discSchema(i, style)}}
	required := []any{disc}
	if style == 10 && i > 0 {
		required = nil // a member that does not require the discriminator
	}
	for _, sk := range shared {
		if s.chance(5) {
			continue // a member that does not declare the shared key
		}
		props = props.set(sk.name, s.collide(sk.kind, i, depth))
		if s.chance(3) {
			required = append(required, sk.name)
		}
	}
	if s.chance(2) {
		k := s.pickString(propKeys)
		if _, dup := props.get(k); !dup {
			props = props.set(k, s.schema(depth+1))
		}
	}
	m := obj{{"type", "object"}, {"properties", props}}
	if s.chance(6) {
		m = obj{{"properties", props}}
	}
	if len(required) > 0 {
		m = m.set("required", required)
	}
	m = s.openness(m, depth)
	m = s.identifiers(m)
	switch s.rnd.IntN(10) {
	case 0, 1:
		name := s.define(m, s.rnd.IntN(3))
		if s.chance(4) {
			// The same member used twice: by this union, and by a property
			// beside it.
			s.defs = s.defs.set(s.newDefName(), obj{{"type", "object"}, {"properties", obj{{"again", obj{{"$ref", s.defRef(name)}}}}}})
		}
		return obj{{"$ref", s.defRef(name)}}
	case 2:
		_, hasID := m.get("$id")
		_, hasAnchor := m.get("$anchor")
		if !hasID && !hasAnchor { // allOfMember keeps only the properties
			return s.allOfMember(m, disc)
		}
	}
	return m
}

// identifiers gives a member, now and then, an $anchor, a
// $dynamicAnchor or its own $id with definitions of its own.
func (s *schemaGen) identifiers(m obj) obj {
	switch s.rnd.IntN(12) {
	case 0:
		anchor := fmt.Sprintf("anchor%d", s.next())
		if s.chance(2) {
			// A $ref by anchor from elsewhere points into the union.
			s.defs = s.defs.set(s.newDefName(), obj{{"$ref", "#" + anchor}})
		}
		return append(obj{{"$anchor", anchor}}, m...)
	case 1:
		return append(obj{{"$dynamicAnchor", fmt.Sprintf("dyn%d", s.next())}}, m...)
	case 2:
		if b, _ := json.Marshal(m); bytes.Contains(b, []byte(`"$ref"`)) {
			return m // its $refs would resolve against the new $id, to nothing
		}
		id := fmt.Sprintf("urn:member:%d", s.next())
		props, _ := m.get("properties")
		ref := "#/$defs/Local"
		if s.chance(2) {
			ref = id + ref
		}
		props = props.(obj).set("local", obj{{"$ref", ref}})
		m = m.set("properties", props)
		return append(obj{{"$id", id}}, m.set("$defs", obj{{"Local", obj{{"type", "integer"}}}})...)
	}
	return m
}

// allOfMember writes a member as allOf of objects: the discriminator in
// one part, the rest in another (inline or behind a $ref).
func (s *schemaGen) allOfMember(m obj, disc string) any {
	props, _ := m.get("properties")
	var discPart, restPart obj
	for _, p := range props.(obj) {
		if p.k == disc {
			discPart = discPart.set(p.k, p.v)
		} else {
			restPart = restPart.set(p.k, p.v)
		}
	}
	head := obj{{"type", "object"}, {"properties", discPart}, {"required", []any{disc}}}
	tail := obj{{"type", "object"}, {"properties", restPart}}
	var second any = tail
	if s.chance(2) {
		second = obj{{"$ref", s.defRef(s.define(tail, 0))}}
	}
	return obj{{"allOf", []any{head, second}}}
}

// rootModel is a pydantic root model: an object whose nested models are
// $refs, one of them back to the root.
func (s *schemaGen) rootModel(name string) obj {
	o := s.object(1)
	props, _ := o.get("properties")
	props = props.(obj).set("children", obj{{"type", "array"}, {"items", obj{{"$ref", s.defRef(name)}}}})
	return o.set("properties", props)
}

// recursiveUnion is a union that is its own member through $refs:
// Expr = oneOf [Num, Add], Add.left = Expr or oneOf [Num, Add].
func (s *schemaGen) recursiveUnion() obj {
	expr, num, add := s.newDefName(), s.newDefName(), s.newDefName()
	for _, n := range []string{expr, num, add} {
		s.defs = s.defs.set(n, nil)
	}
	disc := s.pickString(discKeys)
	s.defs = s.defs.set(num, obj{{"type", "object"}, {"properties", obj{{disc, obj{{"const", "num"}}}, {"v", obj{{"type", "integer"}}}}}, {"required", []any{disc}}})
	var left any = obj{{"$ref", s.defRef(expr)}}
	if s.chance(2) {
		left = obj{{"oneOf", []any{obj{{"$ref", s.defRef(num)}}, obj{{"$ref", s.defRef(add)}}}}}
	}
	addSchema := obj{{"type", "object"}, {"properties", obj{{disc, obj{{"const", "add"}}}, {"left", left}, {"right", obj{{"$ref", s.defRef(expr)}}}}}, {"required", []any{disc}}}
	s.defs = s.defs.set(add, s.openness(addSchema, 0))
	s.defs = s.defs.set(expr, obj{{"oneOf", []any{obj{{"$ref", s.defRef(num)}}, obj{{"$ref", s.defRef(add)}}}}})
	if s.chance(2) {
		return obj{{"$ref", s.defRef(expr)}}
	}
	return obj{{"type", "object"}, {"properties", obj{{"expr", obj{{"$ref", s.defRef(expr)}}}}}}
}

// ref draws a $ref: to a new definition (through a chain of $refs, now
// and then), to one already made (so that definitions have several
// users), with annotations beside it now and then.
func (s *schemaGen) ref(depth int) obj {
	var name string
	if len(s.defs) > 0 && s.chance(3) {
		name = s.defs[s.rnd.IntN(len(s.defs))].k
	} else {
		name = s.define(s.schema(depth+1), s.rnd.IntN(3))
	}
	r := obj{s.namedRef(name)}
	if s.chance(4) {
		r = r.set("description", "see "+name)
	}
	return r
}

// namedRef is a reference to the definition name: mostly a $ref to its
// pointer, now and then another spelling a flattener must follow as well:
// a $ref to an anchor the definition is given, a $dynamicRef to a
// $dynamicAnchor, or the pointer after the document's own $id, absolute
// or relative.
func (s *schemaGen) namedRef(name string) kv {
	switch s.rnd.IntN(16) {
	case 0, 1:
		if anchor, ok := s.anchorOn(name, "$anchor"); ok {
			return kv{"$ref", "#" + anchor}
		}
	case 2:
		if anchor, ok := s.anchorOn(name, "$dynamicAnchor"); ok {
			return kv{"$dynamicRef", "#" + anchor}
		}
	case 3:
		if s.docID == "" {
			s.docID = fmt.Sprintf("https://example.com/doc%d.json", s.next())
		}
		if s.chance(2) {
			return kv{"$ref", s.docID + s.defRef(name)}
		}
		return kv{"$ref", s.docID[len("https://example.com/"):] + s.defRef(name)}
	}
	return kv{"$ref", s.defRef(name)}
}

// anchorOn gives the definition name an identifier of kind key ($anchor
// or $dynamicAnchor), unless it has one or is not an object, and returns
// its name.
func (s *schemaGen) anchorOn(name, key string) (string, bool) {
	i := slices.IndexFunc(s.defs, func(m kv) bool { return m.k == name })
	if i < 0 {
		return "", false
	}
	target, ok := s.defs[i].v.(obj)
	if !ok {
		return "", false
	}
	if a, ok := target.get(key); ok {
		return a.(string), true
	}
	anchor := fmt.Sprintf("named%d", s.next())
	s.defs[i].v = append(obj{{key, anchor}}, target...)
	return anchor, true
}

// define adds a definition holding target and returns its name; with
// chain > 0 the name is a chain of that many $refs leading to it.
func (s *schemaGen) define(target any, chain int) string {
	name := s.newDefName()
	s.defs = s.defs.set(name, target)
	for range chain {
		link := s.newDefName()
		s.defs = s.defs.set(link, obj{{"$ref", s.defRef(name)}})
		name = link
	}
	if s.chance(200) {
		return name + "-dangling" // a $ref to nothing: the input does not compile
	}
	return name
}

// newDefName draws a definition name not used yet; some hold "/" and "~".
func (s *schemaGen) newDefName() string {
	base := s.pickString(defNames)
	for {
		name := fmt.Sprintf("%s%d", base, s.next())
		if _, taken := s.defs.get(name); !taken {
			return name
		}
	}
}

func (s *schemaGen) defRef(name string) string {
	return "#/" + s.defsKey + "/" + escapePointer(name)
}
