// Package flatten projects a JSON Schema document onto its flat form.
// Every discriminated union of objects, spelled oneOf or anyOf, at any
// depth, becomes one object schema. The flat document accepts every
// instance the original accepts. Many LLM providers reject or mangle oneOf
// and anyOf; the flat form says the same thing without them.
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
// For example, this union of a circle and a rectangle:
//
//	{"oneOf": [
//	  {"type": "object", "properties": {"kind": {"const": "circle"}, "r": {"type": "number"}},
//	   "required": ["kind", "r"], "additionalProperties": false},
//	  {"type": "object", "properties": {"kind": {"const": "rect"}, "w": {"type": "number"}, "h": {"type": "number"}},
//	   "required": ["kind", "w", "h"], "additionalProperties": false}]}
//
// becomes one object, whose discriminator is required and whose other
// properties say when they are:
//
//	{"type": "object",
//	 "properties": {
//	   "kind": {"type": "string", "enum": ["circle", "rect"]},
//	   "r": {"type": "number", "description": "Required if kind = circle"},
//	   "w": {"type": "number", "description": "Required if kind = rect"},
//	   "h": {"type": "number", "description": "Required if kind = rect"}},
//	 "required": ["kind"],
//	 "additionalProperties": false}
//
// The package works on any JSON Schema document, not only on unionflat's
// own: drafts 7 to 2020-12, including what invopop/jsonschema and pydantic
// emit. It imports nothing but the standard library. The unionflat command
// runs it as unionflat flatten.
//
// # The rules
//
//  1. Deep, in positive positions. Unions are found in every schema
//     position: properties, items and prefixItems, additionalProperties,
//     $defs and definitions, patternProperties, dependentSchemas, the
//     members of other unions and of allOf, then and else. When a $ref
//     reaches them, they are found under keywords that are not schema
//     keywords too (OpenAPI's components/schemas). Subschemas are
//     flattened before the schemas that hold them. A member that is a
//     local $ref ("#/$defs/X", "#/definitions/X", "#") is resolved to the
//     flat form of its target. A "$ref" inside const, enum, examples or
//     default is data.
//
//     Flattening widens, which is sound only in a positive position. So a
//     union is not flattened under not, where a wider schema narrows the
//     whole. Nor under if, where instances would move from else to then.
//     Nor under contains beside maxContains, where more items would count.
//     Nor inside the members of a oneOf that is kept, where two members
//     might then match. Nor in a schema that a reference reaches from one
//     of those places, however it names it. A reference may be a $ref by
//     pointer, by anchor, or by the document's own $id (absolute or
//     relative) or an embedded resource's. It may be a $dynamicRef or a
//     $recursiveRef. One whose target cannot be told (a URI the document
//     may have been loaded under) is taken to reach everything it might
//     name. There a union stays byte for byte, with a [Diagnostic] saying
//     why ("union left as is: under not, widening would narrow").
//
//     Under two nots a position is positive again. A kept anyOf may have
//     its members' unions flattened, since a wider member only widens the
//     anyOf. So may a kept nullable oneOf [X, {"type": "null"}] whose X
//     stays typed without null.
//
//  2. Discriminator. A union is flattened when it has two or more members
//     and every member is an object schema: type "object", or properties
//     and no type. Some property must be required by every member, with a
//     string const or an enum of strings as its schema, directly or behind
//     a local $ref. No value may stand in two members.
//
//     A member written as allOf of objects, its parts maybe behind $refs,
//     is merged into one object first when the merge is exact. It is
//     exact when every part holds only type object, properties, required
//     and annotations, and a property two parts declare is declared alike.
//     A union with {"type": "null"} members beside its objects (anyOf [A,
//     B, {type: null}]) is a nullable union. Its flat object's type is
//     ["object", "null"].
//
//     When several properties qualify, the one an OpenAPI
//     discriminator.propertyName names wins. Else the first in the first
//     member's property order wins. The flat discriminator is a required
//     {"type": "string", "enum": [every value, in member order]}. Its
//     description lists the members' own descriptions.
//
//  3. Superset. The flat schema accepts every instance the original
//     accepts. One reading is deliberate, and is the one place where the
//     default is not a literal superset. A property is judged by the
//     members that declare it, in their properties or by a matching
//     patternProperties entry. So an open member that receives another
//     member's property, with another type, through its
//     additionalProperties is not advertised for. The advertised schema
//     says what a caller should send; a decoder that knows the union
//     judges the rest.
//
//     [Options.Strict] drops that reading. Each member that does not
//     declare the property contributes what it allows there, through its
//     additionalProperties: nothing when false, anything when absent. Then
//     the flat schema accepts every instance the union accepts.
//
//  4. Collisions. A property declared by several members is joined.
//     Schemas identical after stripping annotations keep every constraint.
//     The annotations are title, description, examples, default, $comment,
//     deprecated, readOnly and writeOnly. String consts and enums widen to
//     one enum. One JSON kind keeps its type (integer with number is
//     number), and the constraints every member states alike. Objects and
//     arrays that differ in shape become a loose object or array. Several
//     kinds become a type array, in the order string, number, integer,
//     boolean, object, array, null. A member whose kind cannot be proved
//     leaves the property untyped.
//
//     Nullable spellings (type [T, "null"], anyOf [T, {type: null}]) are
//     taken apart first, and null is added back.
//
//  5. Required. A property every member requires is required. Any other
//     gets "Required if <disc> = a | b" appended to its description,
//     naming the members that require it. Where no member requires it, it
//     gets "Available if <disc> = a | b", naming the members that declare
//     it. Descriptions survive. Different ones are joined, each labelled
//     with its members' values.
//
//  6. Keys. The flat object is closed (additionalProperties: false) only
//     when every member is. patternProperties make a member open. A
//     default is kept only where every member declares the property with
//     the same default, since SDKs inject advertised defaults into every
//     call. Where the document says unevaluatedProperties, an open flat
//     object says additionalProperties: true when its members evaluate
//     keys beyond their properties (additionalProperties,
//     patternProperties, allOf, $ref, ...). So those keys stay evaluated.
//
//  7. Kinds. Members of pairwise distinct JSON kinds merge exactly into
//     one schema: a type array and each member's keywords. A keyword such
//     as minLength or properties judges only instances of its own kind, so
//     each member's keywords judge exactly what that member did. For
//     example, oneOf [{type: string, minLength: 1}, {type: object, ...}]
//     becomes {type: [string, object], minLength: 1, ...}. Integer and
//     number are one kind. A member's description joins the union's,
//     named by its kind; its other annotations are dropped. The union
//     stays, with a diagnostic, when a member says a keyword that judges
//     every kind (enum, const, not, a combinator), a keyword of a kind it
//     does not take, or one that also stands beside the union.
//
//     Object members with no discriminator, where no property even looks
//     like one, are an untagged union. They join as rule 4 says. A key
//     is required only when every member requires it. Members are named
//     forms: the object's description lists each form's required keys
//     ("Send one of these forms: form 1 (item_id); form 2 (item_owner,
//     item_repo, issue_number)."), and a property's hint names the forms
//     ("Required in form 2"). A union of several objects and members of
//     other kinds joins its objects first, then merges the kinds. A union
//     stays when a property every member
//     requires looks like a discriminator but has values that are not
//     strings, or a value in two members.
//
//     Not flattenable. Some unions are left exactly as they were, with a
//     [Diagnostic] saying why. A union with a non-object member (null
//     aside, see rule 2) that is no kind union is one. So is a union with a
//     non-string or overlapping discriminator. So is a union that a $ref
//     points into: into its members, or into the properties,
//     additionalProperties or discriminator beside them, which flattening
//     replaces. So is a union that is its own member through $refs (a
//     recursive union of unions), whose flat form would hold a copy of
//     itself. So is a union whose members would copy such a union into the
//     flat object, or one left alone for the $refs that reach it. So is a
//     union with a member that declares $id, $anchor or $dynamicAnchor,
//     since a copy would declare it twice. So is a union with a member
//     that lies in, or refers into, an embedded resource: a schema below
//     the root with its own $id, against which its $refs resolve. So is a
//     schema with both oneOf and anyOf.
//
//     A nullable wrapper (anyOf [X, {type: null}]) and a union with an
//     untyped scalar member are left alone silently. An anyOf
//     wrapper's $ref back to a union is a field's: a variant's nullable
//     field of its own union does not make that union recursive. A oneOf
//     wrapper's $ref is taken as a member's, since its exclusivity would
//     need the union's flat form, not yet made, to reject null.
//
//  8. Pure. The input is never modified. Output is byte-for-byte
//     deterministic. Flattening a flat document changes nothing, with
//     every combination of [Options]. The output compiles whenever the
//     input does, as no identifier is copied or moved. One pass may depend
//     on the order of the walk: a $ref into a union that the pass itself
//     drops, a local $ref to nothing, a union left alone for the $refs
//     that reach it, $refs nested deeper than the walk follows them. Then
//     the flat document is flattened again until it stops changing. The
//     diagnostics are those of the last pass, with pointers into the flat
//     document.
//
//  9. Residue. Some things cannot be said in one object: per-member
//     strictness, correlations between properties, and constraints that
//     differ between members. A decoder that knows the union, such as
//     unionflat's, must enforce them.
//
// Keys keep their places. The keys of a union's schema that the flattener
// does not own ($schema, $id, title, description, $defs, ...) stay where
// they stand. The union keyword is replaced in place by type, properties,
// required and additionalProperties. The flat properties come in order:
// the discriminator, then every other property in order of first
// appearance. An OpenAPI discriminator keyword beside a flattened union is
// dropped with it. Keywords beside the union (properties, required,
// additionalProperties) are merged with the flat object. An instance must
// satisfy both, so the result stays a superset.
//
// # Options
//
// [Options.InlineRefs] replaces every local $ref by the schema it names.
// It leaves a $ref in place, with a diagnostic for each target:
//
//   - where that schema refers back to itself (a recursive type);
//   - where it declares $id, $anchor or $dynamicAnchor, since a copy would
//     declare it twice;
//   - where the $ref or its target lies in an embedded resource;
//   - once the copies have grown the document by 2^20 values, counted
//     written out. Definitions that each use the next twice would
//     otherwise double it at every level.
//
// Then it drops the root definitions no longer used. The root's own $ref,
// as pydantic writes for a recursive root model, counts as a use.
//
// [Options.NullableTypes] rewrites nullable wrappers as type arrays, so
// that no combinator is left for them. A schema keeps its wrapper when an
// allOf, anyOf, oneOf, not, if/then/else or $ref beside its type would
// still judge null. So does oneOf [X, {type: null}], unless X provably
// rejects null: the oneOf rejects null, and X with null would not. A
// nullable copy of a definition (<Name>OrNull) is not made of one that
// declares an identifier.
//
// unionflat's generator uses both options for the schema it advertises.
// With either, the steps run again until the document stops changing, when
// a union was left alone, or, with both, when a nullable copy was made.
// Inlining can remove the $ref that kept a union as it was, and a nullable
// copy can leave its definition recursive no more. So flattening the
// result again changes nothing.
//
// [Options.Strict] is rule 3 without its one reading.
//
// # Limits
//
// Input deeper than [MaxDepth] levels is a [*SyntaxError]. So is input with
// a duplicate key, invalid UTF-8 or an unpaired surrogate escape. Only
// local pointer references are followed: to a member, to a discriminator's
// values, to a definition to inline. Remote ones and anchors are left as
// they are, though rule 1 counts every reference for where it reaches.
//
// A document of draft 7 or older (its $schema says so) first loses what
// stands beside each $ref, but annotations, $id and definitions. A
// [Diagnostic] names each: those drafts ignore it, and the steps read
// keywords as later drafts do. Unions inside an embedded resource, a
// schema below the root with $id, are left as they are.
package flatten
