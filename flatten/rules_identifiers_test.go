package flatten_test

import (
	"testing"

	"github.com/unionflat/unionflat/flatten"
)

// Rule 8: $id, $anchor and $dynamicAnchor are never copied or moved. A
// union whose members carry one, or that lies in an embedded resource,
// stays with a diagnostic; InlineRefs keeps the $ref to a definition that
// declares one. The output compiles (checkFlatCase compiles both sides
// for the instances).
func TestRuleIdentifiers(t *testing.T) {
	member := func(extra string) string {
		return `{"oneOf":[{"type":"object",` + extra + `"properties":{"k":{"const":"a"},"x":{"type":"string"}},"required":["k"]},
			{"type":"object","properties":{"k":{"const":"b"}},"required":["k"]}]}`
	}
	runFlatCases(t, []flatCase{
		{name: "member-anchor", in: member(`"$anchor":"A",`), unchanged: true,
			diags: []string{""}, diagHas: []string{"member 0 declares $anchor"}, valid: []string{`{"k":"a","x":"s"}`}},
		{name: "member-dynamicAnchor", in: member(`"$dynamicAnchor":"D",`), unchanged: true,
			diags: []string{""}, diagHas: []string{"member 0 declares $dynamicAnchor"}, valid: []string{`{"k":"b"}`}},
		{name: "member-id", in: member(`"$id":"urn:m",`), unchanged: true,
			diags: []string{""}, diagHas: []string{"member 0 declares $id"}, valid: []string{`{"k":"b"}`}},
		{name: "anchor-deep-in-member-by-ref", in: `{"$defs":{"A":{"type":"object","properties":{"k":{"const":"a"},"x":{"$anchor":"X","type":"string"}},"required":["k"]}},
				"properties":{"u":{"oneOf":[{"$ref":"#/$defs/A"},{"type":"object","properties":{"k":{"const":"b"}},"required":["k"]}]},"y":{"$ref":"#X"}}}`,
			unchanged: true, diags: []string{"/properties/u"}, diagHas: []string{"declares $anchor"},
			valid: []string{`{"u":{"k":"a","x":"s"},"y":"t"}`}},
		{name: "union-in-embedded-resource", in: `{"properties":{"r":{"$id":"urn:r","$defs":{"A":{"type":"object","properties":{"k":{"const":"a"}},"required":["k"]}},
				"oneOf":[{"$ref":"#/$defs/A"},{"type":"object","properties":{"k":{"const":"b"}},"required":["k"]}]}}}`,
			unchanged: true, diags: []string{"/properties/r"}, diagHas: []string{"embedded resource at #/properties/r"},
			valid: []string{`{"r":{"k":"a"}}`}},
		{name: "inline-keeps-ref-to-anchored-definition", opts: flatten.Options{InlineRefs: true},
			in:    `{"$defs":{"A":{"$anchor":"A","type":"string"}},"properties":{"p":{"$ref":"#/$defs/A"},"q":{"$ref":"#/$defs/A"}}}`,
			want:  map[string]string{"/properties/p": `{"$ref":"#/$defs/A"}`, "/$defs/A": `{"$anchor":"A","type":"string"}`},
			diags: []string{"/$defs/A"}, diagHas: []string{"not inlined: it declares $anchor"},
			valid: []string{`{"p":"s"}`}},
	})
}
