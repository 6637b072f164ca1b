// Package flatten projects a JSON Schema document onto its flat form: every
// discriminated union of objects, spelled oneOf or anyOf, at any depth,
// becomes one object schema, and the flat document accepts every instance
// the original accepts. Many LLM providers reject or mangle oneOf and
// anyOf; the flat form says the same thing without them.
//
//	res, err := flatten.JSON(schema, flatten.Options{Indent: "  "})
//	if err != nil {
//		return err // not JSON: a *SyntaxError with the byte offset
//	}
//	for _, d := range res.Diagnostics {
//		log.Print(d) // a union left as it was, and why
//	}
//	os.Stdout.Write(res.Schema)
//
// The package works on any JSON Schema document (drafts 7 to 2020-12,
// including what invopop/jsonschema and pydantic emit), not only on
// unionflat's own. It imports nothing but the standard library.
//
// # The rules
//
//  1. Deep, in positive positions. Unions are found in every schema
//     position: properties, items and prefixItems, additionalProperties,
//     $defs and definitions, patternProperties, dependentSchemas, the
//     members of other unions and of allOf, then and else, and, when a
//     $ref reaches them, schemas under keywords that are not schema
//     keywords (OpenAPI's components/schemas). Subschemas are flattened
//     before the schemas holding them. A member that is a local $ref
//     ("#/$defs/X", "#/definitions/X", "#") is resolved, to the flat form
//     of its target. A "$ref" inside const, enum, examples or default is
//     data. Flattening widens, which is sound only in a positive position:
//     never under not (a wider schema there narrows the whole), under if
//     (instances would move from else to then), under contains beside
//     maxContains (more items would count), or inside the members of a
//     oneOf that is kept (two members might then match); nor in a
//     schema that a reference reaches from one of those places, however
//     it names it: a $ref by pointer, by anchor, by the document's own
//     $id (absolute or relative) or an embedded resource's, a $dynamicRef
//     or a $recursiveRef (one whose target cannot be told, a URI the
//     document may have been loaded under, is taken to reach everything
//     it might name). There a
//     union stays byte for byte, with a [Diagnostic] saying why
//     ("union left as is: under not, widening would narrow"). Under two
//     nots a position is positive again. A kept anyOf may have its
//     members' unions flattened (a wider member only widens the anyOf);
//     so may a kept nullable oneOf [X, {"type": "null"}] whose X stays
//     typed without null.
//  2. Discriminator. A union is flattened when it has two or more members,
//     every member is an object schema (type "object", or properties and
//     no type), and some property is required by every member with a
//     string const or an enum of strings as its schema (directly or
//     behind a local $ref), no value in two members. A member written as
//     allOf of objects (its parts maybe behind $refs) is merged into one
//     object first, when the merge is exact: every part holds only type
//     object, properties, required and annotations, and a property two
//     parts declare is declared alike. A union with {"type": "null"}
//     members beside its objects (anyOf [A, B, {type: null}]) is a
//     nullable union: its flat object's type is ["object", "null"]. When several properties qualify, the one an OpenAPI
//     discriminator.propertyName names wins, else the first in the first
//     member's property order. The flat discriminator is a required
//     {"type": "string", "enum": [every value, in member order]}, described
//     by the members' own descriptions.
//  3. Superset. The flat schema accepts every instance the original
//     accepts. One reading is deliberate, and is the one place where the
//     default is not a literal superset: a property is judged by the
//     members that declare it, in their properties or by a matching
//     patternProperties entry, so an open member that receives another
//     member's property with another type through its
//     additionalProperties is not advertised for (the advertised schema
//     says what a caller should send; a decoder that knows the union
//     judges the rest). [Options.Strict] drops that reading: each member
//     that does not declare the property contributes what it allows there
//     (its additionalProperties: nothing when false, anything when
//     absent), and the flat schema accepts every instance the union
//     accepts.
//  4. Collisions. A property declared by several members is joined:
//     schemas identical after stripping annotations (title, description,
//     examples, default, $comment, deprecated, readOnly, writeOnly) keep
//     every constraint; string consts and enums widen to one enum; one JSON
//     kind keeps its type (integer with number is number) and the
//     constraints every member states alike, objects and arrays that differ
//     in shape becoming a loose object or array; several kinds become a
//     type array in the order string, number, integer, boolean, object,
//     array, null; a member whose kind cannot be proved leaves the property
//     untyped. Nullable spellings (type [T, "null"], anyOf [T, {type:
//     null}]) are taken apart first, and null is added back.
//  5. Required. A property every member requires is required; any other
//     gets "Required if <disc> = a | b" (the members that require it) or
//     "Available if <disc> = a | b" (the members that declare it) appended
//     to its description. Descriptions survive; different ones are joined,
//     each labelled with its members' values.
//  6. Keys. The flat object is closed (additionalProperties: false) only
//     when every member is; patternProperties make a member open. A
//     default is kept only where every member declares the property with
//     the same default: SDKs inject advertised defaults into every call.
//     Where the document says unevaluatedProperties, an open flat object
//     whose members evaluate keys beyond their properties
//     (additionalProperties, patternProperties, allOf, $ref, ...) says
//     additionalProperties: true, so that those keys stay evaluated.
//  7. Not flattenable. A union with a non-object member (null aside, see
//     rule 2), a non-string or
//     overlapping discriminator, or none at all, is left exactly as it
//     was, with a [Diagnostic] saying why. So is a union that a $ref
//     points into (into its members, or into the properties,
//     additionalProperties or discriminator beside them, which flattening
//     replaces), a union that is its own member through $refs (a
//     recursive union of unions: its flat form would hold a copy of
//     itself), a union whose members would copy such a union (or one left
//     alone for the $refs that reach it) into the flat object, a union
//     with a member that declares $id, $anchor or $dynamicAnchor (a copy
//     would declare it twice) or that lies in, or refers into, an embedded
//     resource (a schema below the root with its own $id, against which
//     its $refs resolve), and a schema with both oneOf and anyOf. A nullable
//     wrapper (anyOf [X, {type: null}]) and a union of scalars are left
//     alone silently: they are not object unions (and an anyOf wrapper's
//     $ref back to a union, a variant's nullable field of its own union,
//     is a field's, which does not make that union recursive; a oneOf
//     wrapper's is taken as a member's, since its exclusivity would need
//     the union's flat form, not made yet, to reject null).
//  8. Pure. The input is never modified, output is byte-for-byte
//     deterministic, and flattening a flat document changes nothing, with
//     every combination of [Options]; the output compiles whenever the
//     input does, as no identifier is copied or moved. Where
//     one pass depends on the order of the walk (a $ref into a union that
//     the pass itself drops, a local $ref to nothing, a union left alone
//     for the $refs that reach it, $refs nested deeper than the walk
//     follows them), the flat document is flattened again
//     until it stops changing; the diagnostics are then those of the last
//     pass, with pointers into the flat document.
//  9. Residue. Per-member strictness, correlations between properties and
//     constraints that differ between members cannot be said in one
//     object; a decoder that knows the union (such as unionflat's) must
//     enforce them.
//
// Keys keep their places: the keys of a union's schema that the flattener
// does not own ($schema, $id, title, description, $defs, ...) stay where
// they stand, the union keyword is replaced in place by type, properties,
// required and additionalProperties, and the flat properties come in
// order: the discriminator, then every other property in order of first
// appearance. An OpenAPI discriminator keyword beside a flattened union is
// dropped with it. Keywords beside the union (properties, required,
// additionalProperties) are merged with the flat object; an instance must
// satisfy both, so the result stays a superset.
//
// # Options
//
// [Options.InlineRefs] replaces every local $ref by the schema it names,
// except where that schema refers back to itself (a recursive type),
// declares $id, $anchor or $dynamicAnchor (a copy would declare it
// twice), or where the $ref or its target lies in an embedded resource,
// and once the copies have grown the document by 2^20 values (counted
// written out: definitions that each use the next twice would double it
// at every level), with a diagnostic for each target left behind its
// $refs; then it drops the root definitions no longer used (the root's
// own $ref, as pydantic writes for a recursive root model, counts as a
// use).
// [Options.NullableTypes] rewrites nullable wrappers as type arrays, so
// that no combinator is left for them; a schema beside whose type an
// allOf, anyOf, oneOf, not, if/then/else or $ref would still judge null
// keeps its wrapper, and so does oneOf [X, {type: null}] unless X
// provably rejects null (else the oneOf rejects null, and X with null
// would not). A nullable copy of a definition (<Name>OrNull) is not made
// of one that declares an identifier. unionflat's generator uses both
// for the schema it advertises. With either, when a union was left alone
// (or, with both, when a nullable copy was made, which can leave its
// definition recursive no more), the steps run again until the document
// stops changing (inlining can remove the $ref that kept a union as it
// was), so that flattening the result again changes nothing. [Options.Strict] is rule 3 without its
// one reading.
//
// # Limits
//
// Input deeper than [MaxDepth] levels, with a duplicate key, invalid UTF-8
// or an unpaired surrogate escape is a [*SyntaxError]. Only local
// pointer references are followed (to a member, a discriminator's
// values, a definition to inline); remote ones and anchors are left as
// they are, though rule 1 counts every reference for where it reaches.
// A document of draft 7 or older (its $schema says so) first loses what
// stands beside each $ref but annotations, $id and definitions, with a
// [Diagnostic] for each: those drafts ignore it, and the steps read
// keywords as later drafts do.
// Unions inside an embedded resource (a schema below the root with $id)
// are left as they are.
package flatten
