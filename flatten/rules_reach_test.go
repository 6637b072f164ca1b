package flatten_test

import (
	"testing"

	"github.com/unionflat/unionflat/flatten"
)

// The reach of issue 9: unions a user wants flattened that were refused.
func TestRuleReach(t *testing.T) {
	runFlatCases(t, []flatCase{
		// A member written as allOf of objects, one behind a $ref, is
		// merged (the merge is exact) and flattened.
		{name: "allOf-member-merged", in: `{"$defs":{
				"Base":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}},
				"oneOf":[
					{"allOf":[{"properties":{"type":{"const":"memory"}},"required":["type"]},{"$ref":"#/$defs/Base"}]},
					{"type":"object","properties":{"type":{"const":"disk"},"path":{"type":"string"}},"required":["type","path"]}]}`,
			want: map[string]string{
				"/properties/type": `{"type":"string","enum":["memory","disk"]}`,
				"/properties/id":   `{"type":"string","description":"Required if type = memory"}`,
			},
			valid: []string{`{"type":"memory","id":"m1"}`, `{"type":"disk","path":"/x"}`}},
		{name: "allOf-member-not-exact", in: `{"oneOf":[
				{"allOf":[{"properties":{"type":{"const":"a"}},"required":["type"]},{"properties":{"n":{"type":"integer"}},"additionalProperties":false}]},
				{"type":"object","properties":{"type":{"const":"b"}},"required":["type"]}]}`,
			unchanged: true, diags: []string{""}, diagHas: []string{"member 0 is not an object"}},
		{name: "allOf-member-nested-merged", in: `{"oneOf":[
				{"allOf":[{"allOf":[{"properties":{"type":{"const":"a"}},"required":["type"]},{"properties":{"n":{"type":"integer"}}}]}]},
				{"type":"object","properties":{"type":{"const":"b"}},"required":["type"]}]}`,
			want: map[string]string{"/properties/n": `{"type":"integer","description":"Available if type = a"}`}},
		{name: "allOf-member-nested-not-exact", in: `{"oneOf":[
				{"allOf":[{"allOf":[{"properties":{"type":{"const":"a"}},"required":["type"]},{"minProperties":2}]}]},
				{"type":"object","properties":{"type":{"const":"b"}},"required":["type"]}]}`,
			unchanged: true, diags: []string{""}, diagHas: []string{"member 0 is not an object"}},
		// A discriminator whose values stand behind a $ref counts.
		{name: "discriminator-through-ref", in: `{"$defs":{"A":{"const":"a"},"B":{"enum":["b","bb"]}},"oneOf":[
				{"type":"object","properties":{"k":{"$ref":"#/$defs/A"}},"required":["k"]},
				{"type":"object","properties":{"k":{"$ref":"#/$defs/B"}},"required":["k"]}]}`,
			want:  map[string]string{"/properties/k": `{"type":"string","enum":["a","b","bb"]}`},
			valid: []string{`{"k":"bb"}`}},
		// A "$ref" key inside data is data: not a reference, not a target.
		{name: "ref-in-data", opts: flatten.Options{InlineRefs: true}, in: `{"$defs":{"U":{"type":"string"}},"properties":{
				"a":{"const":{"$ref":"#/$defs/U"}},"b":{"enum":[{"$ref":"#/$defs/U"}]},
				"c":{"type":"object","default":{"$ref":"#/$defs/U"},"examples":[{"$ref":"#/$defs/U"}]}}}`,
			want: map[string]string{
				"/properties/a/const":   `{"$ref":"#/$defs/U"}`,
				"/properties/b/enum":    `[{"$ref":"#/$defs/U"}]`,
				"/properties/c/default": `{"$ref":"#/$defs/U"}`,
			},
			absent: []string{"/$defs"}},
		// A union in an unknown container is walked when a $ref reaches it,
		// and left alone otherwise (it is not applied where it stands).
		{name: "unknown-container-through-ref", in: embed(`{"components":{"schemas":{"U":@,"Unused":@}},
				"properties":{"p":{"$ref":"#/components/schemas/U"}}}`),
			want: map[string]string{
				"/components/schemas/U":            flatAB,
				"/components/schemas/Unused/oneOf": `[{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"string"}},"required":["kind","x"],"additionalProperties":false},{"type":"object","properties":{"kind":{"const":"b"},"y":{"type":"integer"}},"required":["kind"],"additionalProperties":false}]`,
			},
			valid: []string{`{"p":{"kind":"a","x":"s"}}`}},
	})
}
