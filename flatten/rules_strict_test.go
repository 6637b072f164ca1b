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
			want:  map[string]string{"/properties/x1": `{"type":["string","boolean"],"description":"Available if k = a"}`},
			valid: []string{`{"k":"b","x1":true}`}},
		{name: "strict-closed-member-adds-nothing", opts: strict, in: `{"oneOf":[
				{"type":"object","properties":{"k":{"const":"a"},"x":{"type":"string"}},"required":["k"]},
				{"type":"object","properties":{"k":{"const":"b"}},"required":["k"],"additionalProperties":false}]}`,
			want: map[string]string{"/properties/x": `{"type":"string","description":"Available if k = a"}`}},
	})
}
