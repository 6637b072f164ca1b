package flatten_test

import (
	"testing"

	"github.com/unionflat/unionflat/flatten"
)

// openKX is a union whose member b is open: it accepts an x of any type,
// while a declares x a string.
const openKX = `{"oneOf":[
	{"type":"object","properties":{"k":{"const":"a"},"x":{"type":"string"}},"required":["k"]},
	{"type":"object","properties":{"k":{"const":"b"}},"required":["k"]}]}`

// Rule 3 under Options.Strict: a member that does not declare a property
// contributes what it allows for it, so the flat schema is a literal
// superset. The default keeps the documented reading.
func TestRuleStrict(t *testing.T) {
	strict := flatten.Options{Strict: true}
	runFlatCases(t, []flatCase{
		{name: "default-judges-by-declaring-members", in: openKX,
			want: map[string]string{"/properties/x": `{"type":"string","description":"Available if k = a"}`}},
		{name: "strict-open-member-allows-anything", in: openKX, opts: strict,
			want:  map[string]string{"/properties/x": `{"description":"Available if k = a"}`},
			valid: []string{`{"k":"b","x":5}`, `{"k":"a","x":"s"}`}},
		{name: "strict-additionalProperties-schema", opts: strict, in: `{"oneOf":[
				{"type":"object","properties":{"k":{"const":"a"},"x":{"type":"string"}},"required":["k"]},
				{"type":"object","properties":{"k":{"const":"b"}},"required":["k"],"additionalProperties":{"type":"integer"}}]}`,
			want:  map[string]string{"/properties/x": `{"type":["string","integer"],"description":"Available if k = a"}`},
			valid: []string{`{"k":"b","x":5}`}},
		{name: "strict-patternProperties", opts: strict, in: `{"oneOf":[
				{"type":"object","properties":{"k":{"const":"a"},"x1":{"type":"string"}},"required":["k"],"additionalProperties":false},
				{"type":"object","properties":{"k":{"const":"b"}},"required":["k"],"patternProperties":{"^x":{"type":"boolean"}},"additionalProperties":false}]}`,
			want:  map[string]string{"/properties/x1": `{"type":["string","boolean"],"description":"Available if k = a | b"}`},
			valid: []string{`{"k":"b","x1":true}`}},
		// The adversarial generator's rule-3 cases: rejected by default,
		// accepted under Strict.
		{name: "adv-rule3-recursive-open-member", opts: strict,
			in:    `{"$ref":"#/definitions/U","definitions":{"Add":{"properties":{"k/ind":{"const":"add"},"right":{"$ref":"#/definitions/U"}},"required":["k/ind"],"type":"object"},"Num":{"properties":{"k/ind":{"const":"num"}},"required":["k/ind"],"type":"object"},"U":{"oneOf":[{"$ref":"#/definitions/Num"},{"$ref":"#/definitions/Add"}]}}}`,
			valid: []string{`{"k/ind":"num","right":"s20"}`}},
		{name: "adv-rule3-untyped-members", opts: strict,
			in:    `{"$ref":"#/definitions/P","definitions":{"A":{"properties":{"kind":{"const":"add"},"left":{"$ref":"#/definitions/P"}},"required":["kind"]},"P":{"oneOf":[{"$ref":"#/definitions/N"},{"$ref":"#/definitions/A"}]},"N":{"properties":{"kind":{"const":"num"},"v":{"type":"integer"}},"required":["kind"]}}}`,
			valid: []string{`{"kind":"add","v":null}`}},
		{name: "adv-rule3-nested", opts: flatten.Options{Strict: true, InlineRefs: true},
			in:    `{"properties":{"y":{"properties":{"v":{"oneOf":[{"properties":{"v":{"oneOf":[{"properties":{"kind":{"const":"a"}},"required":["kind"]},{"properties":{"$ref":{"oneOf":[{},{}]},"kind":{"const":"b"}},"required":["kind"]}]}}}]}}}}}`,
			diags: []string{"/properties/y/properties/v/oneOf/0/properties/v", "/properties/y/properties/v/oneOf/0/properties/v/oneOf/1/properties/$ref", "/properties/y/properties/v"},
			valid: []string{`{"y":{"v":{"v":{"$ref":{},"kind":"a"}}}}`}},
		{name: "strict-closed-member-adds-nothing", opts: strict, in: `{"oneOf":[
				{"type":"object","properties":{"k":{"const":"a"},"x":{"type":"string"}},"required":["k"]},
				{"type":"object","properties":{"k":{"const":"b"}},"required":["k"],"additionalProperties":false}]}`,
			want: map[string]string{"/properties/x": `{"type":"string","description":"Available if k = a"}`}},
	})
}
