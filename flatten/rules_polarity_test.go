package flatten_test

import (
	"strings"
	"testing"

	"github.com/unionflat/unionflat/flatten"
)

// unionKX is the union: x is a string when k = a and an integer
// when k = b. Its flat form accepts {"k":"a","x":5}, which it rejects.
const unionKX = `{"oneOf":[
	{"properties":{"k":{"const":"a"},"x":{"type":"string"}},"required":["k","x"]},
	{"properties":{"k":{"const":"b"},"x":{"type":"integer"}},"required":["k","x"]}]}`

func embedKX(tmpl string) string { return strings.ReplaceAll(tmpl, "@", unionKX) }

// Rule 1: a union is flattened only in a positive position. Under not, if,
// contains beside maxContains, inside the members of a kept oneOf, and in
// a definition a $ref reaches from one of those, it stays byte for byte.
func TestRulePolarity(t *testing.T) { runFlatCases(t, polarityCases()) }

func polarityCases() []flatCase {
	return []flatCase{
		{name: "under-not", in: embedKX(`{"not":@}`), unchanged: true,
			diags: []string{"/not"}, diagHas: []string{"union left as is: under not, widening would narrow"},
			valid: []string{`{"k":"a","x":5}`, `{"k":"c"}`}},
		{name: "deep-under-not", in: embedKX(`{"not":{"properties":{"p":@}}}`), unchanged: true,
			diags: []string{"/not/properties/p"}, diagHas: []string{"under not"},
			valid: []string{`{"p":{"k":"a","x":5}}`}},
		{name: "not-not-is-positive", in: embedKX(`{"not":{"not":@}}`),
			want: map[string]string{"/not/not/properties/x": `{"type":["string","integer"]}`}},
		{name: "under-if", in: embedKX(`{"if":@,"then":{"required":["t"]},"else":{"required":["e"]}}`), unchanged: true,
			diags: []string{"/if"}, diagHas: []string{"under if"},
			valid: []string{`{"k":"a","x":5,"e":1}`}},
		{name: "then-else-stay-positive", in: embedKX(`{"if":{"required":["q"]},"then":@,"else":@}`),
			want: map[string]string{"/then/properties/k": `{"type":"string","enum":["a","b"]}`, "/else/properties/k": `{"type":"string","enum":["a","b"]}`}},
		{name: "contains-with-maxContains", in: embedKX(`{"type":"array","contains":@,"maxContains":1}`), unchanged: true,
			diags: []string{"/contains"}, diagHas: []string{"maxContains"},
			valid: []string{`[{"k":"a","x":"s"},{"k":"a","x":5}]`}},
		{name: "contains-alone-is-positive", in: embedKX(`{"type":"array","contains":@,"minContains":1}`),
			want: map[string]string{"/contains/properties/k": `{"type":"string","enum":["a","b"]}`}},
		{name: "ref-from-not", in: embedKX(`{"$defs":{"U":@},"properties":{"a":{"$ref":"#/$defs/U"}},"not":{"$ref":"#/$defs/U"}}`),
			unchanged: true, diags: []string{"/$defs/U"}, diagHas: []string{"reached by the $ref at #/not"},
			valid: []string{`{"k":"a","x":5,"a":{"k":"a","x":"s"}}`}},
		// The case 2: a kept oneOf keeps its members exactly.
		// (A oneOf whose only discriminator-like key has number values
		// is kept, its members not exclusive by it; one with no such key
		// at all would join: rule 7.)
		{name: "kept-oneOf-members", in: embedKX(`{"oneOf":[
				{"properties":{"t":{"const":1},"p":@},"required":["t","p"]},
				{"properties":{"t":{"const":1},"p":{"properties":{"x":{"type":"integer"}},"required":["x"]}},"required":["t","p"]}]}`),
			unchanged: true, diags: []string{"/oneOf/0/properties/p", ""},
			diagHas: []string{"inside a member of a oneOf that is kept", "no discriminator"},
			valid:   []string{`{"t":1,"p":{"k":"a","x":5}}`}},
		{name: "kept-oneOf-member-by-ref", in: embedKX(`{"$defs":{"U":@},"oneOf":[
				{"properties":{"t":{"const":1},"p":{"$ref":"#/$defs/U"}},"required":["t","p"]},
				{"properties":{"t":{"const":1},"p":{"properties":{"x":{"type":"integer"}},"required":["x"]}},"required":["t","p"]}]}`),
			unchanged: true, valid: []string{`{"t":1,"p":{"k":"a","x":5}}`},
			diags:   []string{"/$defs/U", ""},
			diagHas: []string{"reached by the $ref at #/oneOf/0/properties/p", "no discriminator"}},
		// The adversarial generator's shrunk cases, with the instance
		// each once rejected.
		{name: "adv-not-nested", unchanged: true,
			in:    `{"properties":{"v":{"not":{"oneOf":[{"properties":{"m~n":{"oneOf":[{"properties":{"kind":{"enum":["a"]}},"required":["kind"]},{"additionalProperties":false,"properties":{"kind":{"enum":["c"]}},"required":["kind"]}]}}}]}}}}`,
			diags: []string{"/properties/v/not/oneOf/0/properties/m~0n"}, valid: []string{`{"v":{"m~n":{"kind":"c","é":-783}}}`}},
		{name: "adv-if-through-refs", opts: flatten.Options{InlineRefs: true},
			in:     `{"definitions":{"t~x5":{"properties":{"type":{"const":"a"}},"required":["type"]},"Ünï6":{"$ref":"#/definitions/t~0x5"}},"properties":{"é":{"if":{"anyOf":[{"$ref":"#/definitions/Ünï6"},{"additionalProperties":false,"properties":{"type":{"const":"b"}},"required":["type"]}]},"then":{"additionalProperties":false}}}}`,
			absent: []string{"/properties/é/if/properties"}, diags: []string{"/properties/é/if"},
			valid: []string{`{"é":{"$ref":"0 0","type":"b"}}`}},
		{name: "adv-kept-oneOf-member", unchanged: true,
			in:      `{"$defs":{"Ünï4":{"oneOf":[{"allOf":[{"properties":{"kind":{"enum":["a"]},"t":{"const":1}},"required":["t"]}]},{"additionalProperties":false,"properties":{"t":{"const":1},"a/b":{"oneOf":[{"properties":{"ärt":{"enum":["a"]}},"required":["ärt","kind"]},{"properties":{"ärt":{"enum":["b"]}},"required":["ärt"]}]},"kind":{}},"required":["t"]}]}},"properties":{"日本":{"items":{"$ref":"#/$defs/Ünï4"}}}}`,
			diags:   []string{"/$defs/Ünï4/oneOf/1/properties/a~1b", "/$defs/Ünï4"},
			diagHas: []string{"kept", "no discriminator"},
			valid:   []string{`{"日本":[{"t":1,"a/b":{"ärt":"a"}}]}`}},
		{name: "adv-not-with-ref-key", unchanged: true,
			in:    `{"properties":{"y":{"not":{"oneOf":[{"properties":{"$ref":{},"ärt":{"const":"a"}},"required":["ärt"]},{"properties":{"$ref":{"type":"integer"},"ärt":{"const":"b"}},"required":["ärt"]}]}}}}`,
			diags: []string{"/properties/y/not"}, valid: []string{`{"y":{"$ref":"","ärt":"b"}}`}},
		{name: "adv-kept-oneOf-with-empty-member", unchanged: true,
			in:    `{"oneOf":[{"properties":{"kind":{"anyOf":[{"properties":{"kind":{"type":"string"},"ärt":{"enum":["a"]}},"required":["ärt"]},{"properties":{"kind":{},"ärt":{"enum":["b"]}},"required":["ärt"]}]}}},{}]}`,
			diags: []string{"/oneOf/0/properties/kind", ""}, valid: []string{`{"kind":{"kind":[],"ärt":"a"}}`}},
		{name: "adv-if-widened", unchanged: true,
			in:    `{"if":{"oneOf":[{"$ref":"#/$defs/t~0x6"},{"properties":{"k/ind":{"enum":["c"]}},"required":["k/ind"]}]},"then":{"type":"boolean"},"$defs":{"t~x6":{"additionalProperties":false,"properties":{"k/ind":{"enum":["a"]}},"required":["k/ind"]}}}`,
			diags: []string{"/if"}, valid: []string{`{"k/ind":"a","surprise":1}`}},
		// A kept anyOf may widen its members: that only widens the anyOf.
		{name: "kept-anyOf-members-widen", in: embedKX(`{"anyOf":[
				{"properties":{"t":{"const":1},"p":@},"required":["t","p"]},
				{"properties":{"t":{"const":1},"p":{"properties":{"x":{"type":"integer"}},"required":["x"]}},"required":["t","p"]}]}`),
			want:  map[string]string{"/anyOf/0/properties/p/properties/k": `{"type":"string","enum":["a","b"]}`},
			diags: []string{""}, valid: []string{`{"t":1,"p":{"k":"a","x":5}}`}},
	}
}
