package flatten_test

import (
	"testing"

	"github.com/unionflat/unionflat/flatten"
)

// TestNullableRecursiveRef: with NullableTypes, a nullable $ref to a
// recursive definition (a linked list's next) points at a nullable copy of
// the definition, so no combinator is left (annotations beside the $ref
// in the wrapper too, the wrapper's joining them), and the document still
// accepts what the original accepts.
func TestNullableRecursiveRef(t *testing.T) {
	in := []byte(`{"type":"object",
		"properties":{"head":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]},
			"tail":{"anyOf":[{"$ref":"#/$defs/Node","description":"the last"},{"type":"null"}],"description":"null when empty"},
			"name":{"anyOf":[{"type":"string","description":"a name"},{"type":"null"}],"description":"or null"}},
		"$defs":{"Node":{"type":"object",
			"properties":{"v":{"type":"integer"},"next":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}],"description":"the rest"}},
			"required":["v","next"],"additionalProperties":false}}}`)
	res, err := flatten.JSON(in, flatten.Options{InlineRefs: true, NullableTypes: true})
	if err != nil {
		t.Fatal(err)
	}
	out := decode(t, res.Schema)
	if p := findCombinator(out, "", true); p != "" {
		t.Errorf("combinator left at %s:\n%s", p, res.Schema)
	}
	copyOf, ok := at(out, "/$defs/NodeOrNull/type")
	if !ok || !jsonEqual(copyOf, decode(t, []byte(`["object","null"]`))) {
		t.Errorf("want a nullable copy of Node, got %s", res.Schema)
	}
	if desc, _ := at(out, "/$defs/NodeOrNull/properties/next/description"); desc != "the rest" {
		t.Errorf("the description beside the wrapper was lost: %s", res.Schema)
	}
	if ref, _ := at(out, "/properties/tail/$ref"); ref != "#/$defs/NodeOrNull" {
		t.Errorf("tail, with a description beside its $ref, is not the nullable copy: %s", res.Schema)
	}
	if desc, _ := at(out, "/properties/tail/description"); desc != "the last. null when empty" {
		t.Errorf("the descriptions beside tail's $ref and its wrapper are not both kept: %s", res.Schema)
	}
	if desc, _ := at(out, "/properties/name/description"); desc != "a name. or null" {
		t.Errorf("the descriptions of name and of its wrapper are not both kept: %s", res.Schema)
	}
	inSchema, outSchema := compile(t, decode(t, in)), compile(t, out)
	for _, inst := range []string{
		`{}`, `{"head":null}`, `{"head":{"v":1,"next":null}}`, `{"head":{"v":1,"next":{"v":2,"next":null}}}`,
		`{"tail":null}`, `{"tail":{"v":1,"next":null}}`,
	} {
		v := decode(t, []byte(inst))
		if err := inSchema.Validate(v); err != nil {
			t.Fatalf("test error: %s is invalid under the input: %v", inst, err)
		}
		if err := outSchema.Validate(v); err != nil {
			t.Errorf("unsound: %s rejected: %v", inst, err)
		}
	}
	for _, inst := range []string{`{"head":{"v":1}}`, `{"head":{"v":"x","next":null}}`, `{"tail":{"v":1}}`} {
		if outSchema.Validate(decode(t, []byte(inst))) == nil {
			t.Errorf("%s is accepted, the copy lost Node's constraints", inst)
		}
	}
	for _, d := range res.Diagnostics {
		t.Errorf("unexpected diagnostic: %s", d)
	}
	again, err := flatten.JSON(res.Schema, flatten.Options{InlineRefs: true, NullableTypes: true})
	if err != nil || string(again.Schema) != string(res.Schema) {
		t.Errorf("not idempotent:\n%s\n%s", res.Schema, again.Schema)
	}
}

// TestNullableFieldOfItsOwnUnion: a variant whose nullable field holds the
// union it belongs to (anyOf [$ref Expr, null] inside Neg, a member of
// Expr) does not make Expr a recursive union of unions: Expr is
// flattened, the field points at Expr's nullable copy, no combinator is
// left, and the flat document accepts what the input accepts, null
// included. Written as oneOf [$ref Expr, null], the wrapper would need
// Expr's flat form, not done yet, to be proven to reject null: Expr stays
// as it is, with diagnostics, and the document stays sound and
// idempotent.
func TestNullableFieldOfItsOwnUnion(t *testing.T) {
	for _, kw := range []string{"anyOf", "oneOf"} {
		in := []byte(`{"type":"object","properties":{"e":{"$ref":"#/$defs/Expr"}},"required":["e"],
		"$defs":{
		"Expr":{"oneOf":[{"$ref":"#/$defs/Lit"},{"$ref":"#/$defs/Neg"}]},
		"Lit":{"type":"object","properties":{"op":{"const":"lit"},"value":{"type":"integer"}},"required":["op","value"],"additionalProperties":false},
		"Neg":{"type":"object","properties":{"op":{"const":"neg"},
			"of":{"` + kw + `":[{"$ref":"#/$defs/Expr"},{"type":"null"}],"description":"what to negate, or null"}},
			"required":["op","of"],"additionalProperties":false}}}`)
		res, err := flatten.JSON(in, flatten.Options{InlineRefs: true, NullableTypes: true})
		if err != nil {
			t.Fatal(err)
		}
		out := decode(t, res.Schema)
		if kw == "anyOf" {
			for _, d := range res.Diagnostics {
				t.Errorf("%s: unexpected diagnostic: %s", kw, d)
			}
			if p := findCombinator(out, "", true); p != "" {
				t.Errorf("%s: combinator left at %s:\n%s", kw, p, res.Schema)
			}
			if ref, _ := at(out, "/properties/e/properties/of/$ref"); ref != "#/$defs/ExprOrNull" {
				t.Errorf("%s: of does not point at Expr's nullable copy:\n%s", kw, res.Schema)
			}
		} else if len(res.Diagnostics) == 0 {
			t.Errorf("%s: Expr left alone without a word:\n%s", kw, res.Schema)
		}
		inSchema, outSchema := compile(t, decode(t, in)), compile(t, out)
		for _, inst := range []string{
			`{"e":{"op":"lit","value":1}}`, `{"e":{"op":"neg","of":null}}`, `{"e":{"op":"neg","of":{"op":"lit","value":2}}}`,
			`{"e":{"op":"neg","of":{"op":"neg","of":null}}}`,
		} {
			v := decode(t, []byte(inst))
			if err := inSchema.Validate(v); err != nil {
				t.Fatalf("test error: %s is invalid under the input: %v", inst, err)
			}
			if err := outSchema.Validate(v); err != nil {
				t.Errorf("%s: unsound: %s rejected: %v", kw, inst, err)
			}
		}
		again, err := flatten.JSON(res.Schema, flatten.Options{InlineRefs: true, NullableTypes: true})
		if err != nil || string(again.Schema) != string(res.Schema) {
			t.Errorf("%s: not idempotent:\n%s\n%s", kw, res.Schema, again.Schema)
		}
	}
}
