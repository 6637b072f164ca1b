package flatten

import "strconv"

// This file is the one place that knows which keywords hold subschemas,
// in which shape, and in which polarity. Every pass over a document
// (flattening, inlining, the nullable rewrite, profile projection, lint,
// the reference scans) walks subschemas through mapSubschemas or
// eachSubschema.

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

// polarity says how a subschema moves the schema that holds it: whether a
// wider subschema makes the whole wider (positive), narrower (negative),
// or either (two-sided). Widening, which is what flattening does, is sound
// only in a positive position.
type polarity uint8

const (
	// unreached: a definition or an unknown keyword's value, not applied
	// where it stands; only a $ref gives it a polarity.
	unreached polarity = iota
	positive
	negative
	twoSided
)

// then is the polarity of a subschema in position q inside a schema in
// position p: two negations make a positive, two-sided absorbs.
func (p polarity) then(q polarity) polarity {
	switch {
	case p == unreached || q == unreached:
		return unreached
	case p == twoSided || q == twoSided:
		return twoSided
	case p == q:
		return positive
	}
	return negative
}

// join is the polarity of a schema reached from two places.
func (p polarity) join(q polarity) polarity {
	switch {
	case p == unreached:
		return q
	case q == unreached || p == q:
		return p
	}
	return twoSided
}

type slot struct {
	shape position
	pol   polarity
	// defs: the keyword holds definitions (applied only through $ref).
	defs bool
}

// keywords lists every keyword that holds subschemas. Any other keyword
// holding an object or an array is an unknown container (OpenAPI's
// components, x- extensions): its objects are walked as schemas that are
// not applied where they stand. The data keywords are never walked.
var keywords = map[string]slot{
	"additionalProperties":  {oneSchema, positive, false},
	"unevaluatedProperties": {oneSchema, positive, false},
	"additionalItems":       {oneSchema, positive, false},
	"unevaluatedItems":      {oneSchema, positive, false},
	"contains":              {oneSchema, positive, false}, // two-sided beside maxContains
	"propertyNames":         {oneSchema, positive, false},
	"not":                   {oneSchema, negative, false},
	"if":                    {oneSchema, twoSided, false},
	"then":                  {oneSchema, positive, false},
	"else":                  {oneSchema, positive, false},
	"contentSchema":         {oneSchema, positive, false},
	"items":                 {schemaOrList, positive, false},
	"allOf":                 {schemaList, positive, false},
	"anyOf":                 {schemaList, positive, false},
	"oneOf":                 {schemaList, positive, false}, // two-sided when kept
	"prefixItems":           {schemaList, positive, false},
	"properties":            {schemaMap, positive, false},
	"patternProperties":     {schemaMap, positive, false},
	"dependentSchemas":      {schemaMap, positive, false},
	"dependencies":          {dependencies, positive, false},
	"$defs":                 {schemaMap, unreached, true},
	"definitions":           {schemaMap, unreached, true},
}

// dataKeywords hold JSON values, never schemas: a "$ref" inside them is
// data.
var dataKeywords = map[string]bool{
	"const": true, "enum": true, "examples": true, "example": true, "default": true,
}

// keywordPositions is the shape of every schema keyword.
var keywordPositions = func() map[string]position {
	m := make(map[string]position, len(keywords))
	for k, s := range keywords {
		m[k] = s.shape
	}
	return m
}()

// sub is one subschema as the walker hands it over.
type sub struct {
	key string // the keyword of the parent that holds it
	ptr string // its JSON Pointer
	// pol is its polarity relative to the parent (before a kept oneOf is
	// taken into account: see keptOneOfPolarity).
	pol polarity
	// defs: it is a definition; unknown: it stands under a keyword that is
	// not a schema keyword.
	defs, unknown bool
}

// keptOneOfPolarity is the polarity of the members of a oneOf that is
// not flattened: widening one member may make two of them match.
const keptOneOfPolarity = twoSided

// keywordPolarity is the polarity of keyword key's subschemas in schema
// v.
func keywordPolarity(v *value, key string) polarity {
	s, ok := keywords[key]
	if !ok {
		return unreached
	}
	if key == "contains" && v.get("maxContains") != nil {
		return twoSided // a wider contains counts more items
	}
	return s.pol
}

// mapSubschemas returns schema v with every direct subschema replaced by
// fn's answer, sharing v (and every unchanged value) when nothing
// changed. Subschemas of unknown containers are handed over too (with
// unknown set), each object found in them, at any depth, as a schema; data
// keywords are skipped.
func mapSubschemas(v *value, ptr string, fn func(s *value, at sub) *value) *value {
	return walkSubschemas(v, ptr, true, fn)
}

// walkSubschemas is mapSubschemas; without pointers, every sub's ptr is
// "" (a walk that needs none, over a deep document, would spend its time
// building them).
func walkSubschemas(v *value, ptr string, pointers bool, fn func(s *value, at sub) *value) *value {
	if !v.isObject() {
		return v
	}
	join := func(ptr, tok string) string {
		if !pointers {
			return ""
		}
		return ptr + "/" + tok
	}
	return v.mapMembers(func(m member) *value {
		s, known := keywords[m.key]
		if dataKeywords[m.key] || (!known && m.val.kind < kindArray) {
			return m.val
		}
		at := join(ptr, escapeToken(m.key))
		if !known {
			return mapUnknown(m.val, sub{key: m.key, ptr: at, unknown: true}, pointers, fn)
		}
		pol := keywordPolarity(v, m.key)
		shape := s.shape
		if shape == schemaOrList {
			shape = oneSchema
			if m.val.kind == kindArray {
				shape = schemaList
			}
		}
		switch shape {
		case oneSchema:
			return fn(m.val, sub{key: m.key, ptr: at, pol: pol})
		case schemaList:
			return mapItems(m.val, func(it *value, i int) *value {
				return fn(it, sub{key: m.key, ptr: join(at, strconv.Itoa(i)), pol: pol})
			})
		case schemaMap, dependencies:
			if !m.val.isObject() {
				return m.val
			}
			return m.val.mapMembers(func(e member) *value {
				if shape == dependencies && e.val.kind == kindArray {
					return e.val // a list of property names
				}
				return fn(e.val, sub{key: m.key, ptr: join(at, escapeToken(e.key)), pol: pol, defs: s.defs})
			})
		}
		return m.val
	})
}

// mapUnknown hands the objects of an unknown container to fn as schemas
// (an array's items are containers too).
func mapUnknown(v *value, at sub, pointers bool, fn func(s *value, at sub) *value) *value {
	switch v.kind {
	case kindObject:
		return fn(v, at)
	case kindArray:
		return mapItems(v, func(it *value, i int) *value {
			ptr := ""
			if pointers {
				ptr = at.ptr + "/" + strconv.Itoa(i)
			}
			return mapUnknown(it, sub{key: at.key, ptr: ptr, unknown: true}, pointers, fn)
		})
	}
	return v
}

// mapItems maps an array copy-on-write; anything else is returned as is.
func mapItems(v *value, fn func(it *value, i int) *value) *value {
	if v.kind != kindArray {
		return v
	}
	var items []*value
	for i, it := range v.items {
		nv := fn(it, i)
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

// eachSubschema calls fn for every direct subschema of v.
func eachSubschema(v *value, ptr string, fn func(s *value, at sub)) {
	mapSubschemas(v, ptr, func(s *value, at sub) *value {
		fn(s, at)
		return s
	})
}

// eachSchemaValue calls fn for v and every schema below it, in document
// order, parents first, without their pointers; fn returns false to skip
// what lies below a schema.
func eachSchemaValue(v *value, fn func(s *value) bool) {
	if !v.isObject() || !fn(v) {
		return
	}
	walkSubschemas(v, "", false, func(s *value, _ sub) *value {
		eachSchemaValue(s, fn)
		return s
	})
}

// eachSchema calls fn for v and every schema below it, in document order,
// parents first; fn returns false to skip what lies below a schema.
func eachSchema(v *value, ptr string, fn func(s *value, ptr string) bool) {
	if !v.isObject() || !fn(v, ptr) {
		return
	}
	eachSubschema(v, ptr, func(s *value, at sub) {
		eachSchema(s, at.ptr, fn)
	})
}

func itoa(i int) string { return strconv.Itoa(i) }
