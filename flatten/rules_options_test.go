package flatten_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/internal/schematest"
)

// allOptions is every combination of the options that change what JSON
// writes.
func allOptions() []flatten.Options {
	var out []flatten.Options
	for i := range 8 {
		out = append(out, flatten.Options{InlineRefs: i&1 != 0, NullableTypes: i&2 != 0, Strict: i&4 != 0})
	}
	return out
}

func optionsName(o flatten.Options) string {
	return fmt.Sprintf("inline=%t,nullable=%t,strict=%t", o.InlineRefs, o.NullableTypes, o.Strict)
}

// optionCases are the minimal cases of issue 9, items 4 and 5: each once
// panicked, dangled, narrowed or changed when flattened again under some
// option.
//
// A case named with the suffix "/no-instances" is checked without
// generated instances (the instance generator does not end on a root
// that is its own oneOf member).
var optionCases = []struct{ name, in string }{
	{"nullable-ref-to-nullable-copy", `{"$defs":{"D1":{}},"properties":{"p":{"oneOf":[{"type":"null"},{"anyOf":[{"$ref":"#/$defs/D1"},{"type":"null"}]}]}}}`},
	{"nullable-dangling-ref", `{"properties":{"p":{"anyOf":[{"$ref":"#/$defs/Missing"},{"type":"null"}]}}}`},
	{"nullable-escaped-names", `{"$defs":{"a/b~c":{"type":"object","properties":{"n":{"anyOf":[{"$ref":"#/$defs/a~1b~0c"},{"type":"null"}]}}}},
		"properties":{"p":{"anyOf":[{"$ref":"#/$defs/a~1b~0c"},{"type":"null"}]}}}`},
	{"nullable-percent-name", `{"$defs":{"a%b c":{"type":"object","properties":{"n":{"anyOf":[{"$ref":"#/$defs/a%25b%20c"},{"type":"null"}]}}}},
		"properties":{"p":{"anyOf":[{"$ref":"#/$defs/a%25b%20c"},{"type":"null"}]}}}`},
	{"nullable-sibling-forbids-null", `{"properties":{
		"a":{"anyOf":[{"type":"string","allOf":[{"type":"string"}]},{"type":"null"}]},
		"b":{"anyOf":[{"type":["string","integer"],"oneOf":[{"type":"string"},{"type":"integer"}]},{"type":"null"}]},
		"c":{"anyOf":[{"type":"integer","not":{"const":3}},{"type":"null"}]}}}`},
	{"inline-root-ref", `{"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{
		"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}},"leaf":{"$ref":"#/$defs/Leaf"}}},
		"Leaf":{"type":"object","properties":{"v":{"type":"integer"}}}}}`},
	{"inline-id-in-definition", `{"$defs":{"A":{"$id":"urn:a","type":"object","properties":{"x":{"type":"string"}}}},
		"properties":{"p":{"$ref":"#/$defs/A"},"q":{"$ref":"#/$defs/A"}}}`},
	{"inline-prune-transitive", `{"$defs":{
		"R":{"type":"object","properties":{"next":{"$ref":"#/$defs/R"},"c":{"$ref":"#/$defs/C"}}},
		"C":{"type":"object","properties":{"d":{"$ref":"#/$defs/D"}}},
		"D":{"type":"string"},
		"Unused":{"$ref":"#/$defs/OnlyUnused"},"OnlyUnused":{"type":"integer"}},
		"properties":{"r":{"$ref":"#/$defs/R/properties/next"}}}`},
	{"union-own-member-through-refs", `{"$defs":{
		"Num":{"type":"object","properties":{"k":{"const":"num"},"v":{"type":"number"}},"required":["k","v"]},
		"Add":{"type":"object","properties":{"k":{"const":"add"},
			"left":{"oneOf":[{"$ref":"#/$defs/Num"},{"$ref":"#/$defs/Add"}]},
			"right":{"oneOf":[{"$ref":"#/$defs/Num"},{"$ref":"#/$defs/Add"}]}},"required":["k","left","right"]}},
		"properties":{"e":{"oneOf":[{"$ref":"#/$defs/Num"},{"$ref":"#/$defs/Add"}]}}}`},
	// The adversarial generator's shrunk cases.
	{"adv-nullable-dangling-escaped", `{"properties":{"n":{"anyOf":[{"$ref":"#/$defs/t~0x11"},{"type":"null"}]}}}`},
	{"adv-nullable-dangling-in-pattern", `{"$defs":{"Pet-11":{"properties":{"properties":{"patternProperties":{"é":{"anyOf":[{"$ref":"#/$defs/A4-dangling"},{"type":"null"}]}}}}}}}`},
	{"adv-nullable-chain-to-nothing", `{"$defs":{"a/b9":{"$ref":"#/$defs/c~01d~1~008"},"c~1d/~08":{"anyOf":[{"$ref":"#/$defs/c~01d~1~004"},{"type":"null"}]}},"properties":{"$ref":"#"}}`},
	{"adv-inline-root-ref", `{"$defs":{"Ünï9":{}},"$ref":"#/$defs/Ünï9"}`},
	{"adv-inline-root-ref-definitions", `{"$ref":"#/definitions/Pet-11","definitions":{"Pet-11":{}}}`},
	{"adv-member-id-absolute-ref", `{"anyOf":[{"$defs":{"Local":{}},"$id":"urn:member:1","properties":{"local":{"$ref":"urn:member:1#/$defs/Local"},"ärt":{"enum":["a"]}},"required":["ärt"]},{"properties":{"ärt":{"enum":["b"]}},"required":["ärt"]}]}`},
	{"adv-member-id-relative-ref", `{"properties":{"x":{"properties":{"$ref":{"oneOf":[{"$defs":{"Local":{}},"$id":"urn:member:9","properties":{"local":{"$ref":"#/$defs/Local"},"type":{"enum":["c"]}},"required":["type"]},{"properties":{"type":{"enum":["d"]}},"required":["type"]}]}}}}}`},
	{"adv-member-anchor", `{"oneOf":[{"properties":{"k":{"const":"a"},"x":{"$anchor":"X","type":"string"}},"required":["k"]},{"properties":{"k":{"const":"b"}},"required":["k"]}],"properties":{"y":{"$ref":"#X"}}}`},
	{"adv-not-nested", `{"properties":{"v":{"not":{"oneOf":[{"properties":{"m~n":{"oneOf":[{"properties":{"kind":{"enum":["a"]}},"required":["kind"]},{"additionalProperties":false,"properties":{"kind":{"enum":["c"]}},"required":["kind"]}]}}}]}}}}`},
	{"adv-if-through-refs", `{"definitions":{"t~x5":{"properties":{"type":{"const":"a"}},"required":["type"]},"Ünï6":{"$ref":"#/definitions/t~0x5"}},"properties":{"é":{"if":{"anyOf":[{"$ref":"#/definitions/Ünï6"},{"additionalProperties":false,"properties":{"type":{"const":"b"}},"required":["type"]}]},"then":{"additionalProperties":false}}}}`},
	{"adv-kept-oneOf-member", `{"$defs":{"Ünï4":{"oneOf":[{"allOf":[{"properties":{"kind":{"enum":["a"]}}}]},{"additionalProperties":false,"properties":{"a/b":{"oneOf":[{"properties":{"ärt":{"enum":["a"]}},"required":["ärt","kind"]},{"properties":{"ärt":{"enum":["b"]}},"required":["ärt"]}]},"kind":{}}}]}},"properties":{"日本":{"items":{"$ref":"#/$defs/Ünï4"}}}}`},
	{"adv-own-member", `{"definitions":{"A3":{"properties":{"k/ind":{"const":"add"},"left":{"oneOf":[{"$ref":"#/definitions/Pet-12"},{"$ref":"#/definitions/A3"}]}},"required":["k/ind"]},"Pet-12":{"properties":{"k/ind":{"const":"num"}},"required":["k/ind"]},"Ünï1":{"oneOf":[{"$ref":"#/definitions/Pet-12"},{"$ref":"#/definitions/A3"}]}}}`},
	{"adv-prune-chain/no-instances", `{"$defs":{"A8":{},"a/b9":{"$ref":"#/$defs/A8"},"t~x10":{"$ref":"#/$defs/a~1b9"}},"oneOf":[{"$ref":"#"}]}`},
	{"adv-discriminator-through-ref-chain", `{"$defs":{"Node1":{"const":"a"},"t~x7":{"$ref":"#/$defs/Ünï6"},"Ünï6":{"const":"c"}},"properties":{"m~n":{"oneOf":[{"anyOf":[{"oneOf":[{"properties":{"type":{"$ref":"#/$defs/Node1"}},"required":["type"]},{"properties":{"type":{"$ref":"#/$defs/t~0x7"}},"required":["type"]}]}]}]}}}`},
	{"adv-nullable-oneOf-null-twice", `{"oneOf":[{"required":["k"]},{"properties":{"a":{"oneOf":[{"type":"null"},{"anyOf":[{"type":"string"},{"type":"null"}]}]}},"required":["k"]}]}`},
	{"adv-kept-oneOf-joined-away", `{"$defs":{"A17":{"properties":{"y":{"oneOf":[{"additionalProperties":false,"properties":{"ärt":{"enum":["a","a0"]}},"required":["ärt"],"type":"object"},{"properties":{"ärt":{"enum":["b","b1"]}},"required":["ärt"],"type":"object"}]}},"required":["type"],"type":"object","unevaluatedProperties":false},"A19":{"const":"a"},"A42":{"additionalProperties":false,"properties":{"$ref":{},"kind":{"const":"b"},"é":{"type":"integer"}},"required":["kind"],"type":"object"},"Node18":{"$ref":"#/$defs/A17"},"Node34":{"additionalProperties":{"type":"null"},"properties":{"$ref":{"oneOf":[{"$ref":"#/$defs/Node18"}]},"ärt":{"const":"a"}},"required":["ärt"],"type":"object"},"Pet-122":{"const":"b"},"Pet-144":{"$ref":"#/$defs/c~01d~1~0043"},"c~1d/~043":{"$ref":"#/$defs/A42"},"t~x35":{"$ref":"#/$defs/Node34"},"t~x36":{"$ref":"#/$defs/t~0x35"},"t~x41":{}},"oneOf":[{"properties":{"kind":{"const":"a"},"é":{"oneOf":[{"$ref":"#/$defs/t~0x36"},{}]}},"required":["kind","é"],"type":"object"},{"$ref":"#/$defs/Pet-144"}]}`},
	{"nullable-copy-of-anchored-definition", `{"$defs":{"N":{"$anchor":"node","type":"object","properties":{"next":{"anyOf":[{"$ref":"#/$defs/N"},{"type":"null"}]}}}},
		"properties":{"head":{"anyOf":[{"$ref":"#node"},{"type":"null"}]},"tail":{"anyOf":[{"$ref":"#/$defs/N"},{"type":"null"}]}}}`},
	{"adv-nullable-dangling-in-unused-definition", `{"$defs":{"a/b13":{"properties":{"kind":{"oneOf":[{"$ref":"#/$defs/Node12-dangling"},{"type":"null"}]}}}}}`},
	{"adv-nullable-dangling-oneOf", `{"properties":{"x":{"oneOf":[{"$ref":"#/$defs/t~0x5"},{"type":"null"}]}}}`},
	{"adv-nullable-tilde-name", `{"$defs":{"t~x37":{}},"properties":{"not":{"anyOf":[{"properties":{"properties":{"allOf":[{"properties":{"m~n":{"oneOf":[{"type":"null"},{"$ref":"#/$defs/t~0x37"}]}}}]}}}]}}}`},
	{"adv-prune-root-self-ref", `{"$defs":{"A17":{},"Pet-118":{"$ref":"#/$defs/A17"}},"properties":{"n":{"$ref":"#"}}}`},
	{"allOf-member-refers-to-itself/no-instances", `{"$defs":{"A":{"allOf":[{"$ref":"#/$defs/A"}]}},"oneOf":[{"$ref":"#/$defs/A"},{"type":"object","properties":{"k":{"const":"a"}},"required":["k"]}]}`},
	{"adv-inline-ref-by-anchor", `{"$defs":{"a/b10":{"properties":{"$ref":{"patternProperties":{"é":{"$ref":"#/$defs/t~0x3"}}},"ärt":{}},"type":"object"},"c~1d/~06":{"properties":{"y":{"contains":{"oneOf":[{"$anchor":"anchor2","type":"object"}]}}},"type":"object"},"t~x3":{"$ref":"#anchor2"}},"oneOf":[{"$ref":"#/$defs/a~1b10"}]}`},
	{"adv-inline-root-ref-by-anchor", `{"$ref":"#/definitions/t~0x5","definitions":{"a/b6":{"anyOf":[{"$anchor":"anchor4"}]},"t~x5":{"$ref":"#anchor4"}}}`},
	{"adv-inline-ref-by-anchor-in-oneOf", `{"$defs":{"t~x8":{"$ref":"#anchor7"},"Ünï9":{"oneOf":[{"$anchor":"anchor7"}]}},"properties":{"a/b":{"$ref":"#/$defs/t~0x8"}}}`},
	// A reference by the document's $id, or a $dynamicRef, inside a
	// definition nothing uses uses nothing (found by a review: pruning
	// kept its target, and pruning again dropped it).
	{"prune-named-ref-in-unused-definition", `{"$id":"https://e.com/r.json","$defs":{"D":{"$ref":"https://e.com/r.json#/$defs/E"},"E":{"type":"string"}},"properties":{"p":{"type":"integer"}}}`},
	{"prune-dynamic-ref-in-unused-definition", `{"$defs":{"D":{"$dynamicRef":"#/$defs/E"},"E":{"$dynamicAnchor":"e","type":"string"}},"properties":{"p":{"type":"integer"}}}`},
	{"prune-named-ref-in-used-definition", `{"$id":"https://e.com/r.json","$defs":{"D":{"$ref":"https://e.com/r.json#/$defs/E"},"E":{"type":"string"}},"properties":{"p":{"$ref":"#/$defs/D"},"q":{"$ref":"#/$defs/D"}}}`},
	{"ref-key-in-data", `{"$defs":{"U":{"type":"string"}},"properties":{
		"a":{"const":{"$ref":"#/$defs/U"}},"b":{"enum":[{"$ref":"#/$defs/Gone"}]},
		"c":{"type":"object","default":{"$ref":"#/$defs/U"},"examples":[{"$ref":"#"}]}}}`},
}

// TestOptionCases: on each minimal case, under every option combination,
// JSON does not panic, is deterministic and idempotent, its output
// compiles, and it accepts every generated instance the input accepts.
func TestOptionCases(t *testing.T) {
	for _, c := range optionCases {
		for _, o := range allOptions() {
			t.Run(c.name+"/"+optionsName(o), func(t *testing.T) {
				attempts := 300
				if strings.HasSuffix(c.name, "/no-instances") {
					attempts = 0
				}
				checkOptionsOn(t, []byte(c.in), o, attempts)
			})
		}
	}
}

// checkOptionsOn asserts the promises of JSON under o on one document:
// no panic, same bytes twice, the output flattened again unchanged, a
// compiling output for a compiling input, and the superset invariant on
// up to attempts generated instances.
func checkOptionsOn(t *testing.T, in []byte, o flatten.Options, attempts int) {
	t.Helper()
	res, err := flatten.JSON(in, o)
	if err != nil {
		t.Fatalf("flatten: %v", err)
	}
	again, err := flatten.JSON(in, o)
	if err != nil || !bytes.Equal(again.Schema, res.Schema) {
		t.Fatalf("not deterministic:\n%s\n%s", res.Schema, again.Schema)
	}
	twice, err := flatten.JSON(res.Schema, o)
	if err != nil || !bytes.Equal(twice.Schema, res.Schema) {
		t.Fatalf("not idempotent:\n  in %s\nonce %s\ntwice %s", in, res.Schema, twice.Schema)
	}
	orig, ok := tryCompile(decode(t, in))
	if !ok {
		return
	}
	flat, ok := tryCompile(decode(t, res.Schema))
	if !ok {
		t.Fatalf("the output does not compile:\n  in %s\n out %s", in, res.Schema)
	}
	if attempts == 0 {
		return
	}
	g, err := schematest.New(in, 7)
	if err != nil {
		t.Fatal(err)
	}
	failures := 0
	for range attempts {
		inst, err := schematest.Parse(schematest.Marshal(g.Value()))
		if err != nil || orig.Validate(inst) != nil {
			continue
		}
		if err := flat.Validate(inst); err != nil {
			if failures++; failures <= 3 {
				t.Errorf("unsound: %s is valid under the input, rejected by the output: %v\n  in %s\n out %s",
					mustJSON(inst), err, in, res.Schema)
			}
		}
	}
}

// TestOptionsEveryInput: the promises of JSON hold under every option
// combination on every input the tables and vectors hold.
func TestOptionsEveryInput(t *testing.T) {
	inputs := allRuleInputs()
	for _, v := range loadVectors(t) {
		inputs = append(inputs, string(v.Input))
	}
	for _, c := range propertySchemas {
		inputs = append(inputs, c.schema)
	}
	for _, o := range allOptions() {
		t.Run(optionsName(o), func(t *testing.T) {
			for i, in := range inputs {
				t.Run(fmt.Sprint(i), func(t *testing.T) { checkOptionsOn(t, []byte(in), o, 60) })
			}
		})
	}
}

// TestRuleNullableTypes: the nullable rewrite is an equivalence; where it
// would not be, the wrapper stays with a diagnostic.
func TestRuleNullableTypes(t *testing.T) {
	runFlatCases(t, []flatCase{
		// oneOf [null, X] rejects null when X accepts it: NullableTypes
		// keeps it.
		{name: "adv-nullable-oneOf-null-twice", opts: flatten.Options{NullableTypes: true},
			in:    `{"oneOf":[{"required":["k"]},{"properties":{"a":{"oneOf":[{"type":"null"},{"anyOf":[{"type":"string"},{"type":"null"}]}]}},"required":["k"]}]}`,
			want:  map[string]string{"/oneOf/1/properties/a": `{"oneOf":[{"type":"null"},{"type":["string","null"]}]}`},
			diags: []string{"", "/oneOf/1/properties/a"},
			valid: []string{`{"k":1,"a":null}`}},
		// null already among the values is not added twice (found by an
		// outside try: {"enum":[null,null]}).
		{name: "nullable-enum-holds-null", opts: flatten.Options{NullableTypes: true}, in: `{"properties":{
				"a":{"anyOf":[{"const":null},{"type":"null"}]},
				"b":{"anyOf":[{"enum":["x",null]},{"type":"null"}]},
				"c":{"anyOf":[{"enum":["x"]},{"type":"null"}]}}}`,
			want: map[string]string{
				"/properties/a": `{"enum":[null]}`,
				"/properties/b": `{"enum":["x",null]}`,
				"/properties/c": `{"enum":["x",null]}`,
			},
			valid: []string{`{"a":null,"b":"x","c":null}`}},
		// NullableTypes adds null to a type only where nothing beside it
		// still judges null (issue 9, item 4).
		{name: "nullable-sibling-forbids-null", opts: flatten.Options{NullableTypes: true}, in: `{"properties":{
				"a":{"anyOf":[{"type":"string","allOf":[{"type":"string"}]},{"type":"null"}]},
				"c":{"anyOf":[{"type":"integer","not":{"const":3}},{"type":"null"}]},
				"d":{"anyOf":[{"type":"integer","minimum":1},{"type":"null"}]}}}`,
			want: map[string]string{
				"/properties/a": `{"anyOf":[{"type":"string","allOf":[{"type":"string"}]},{"type":"null"}]}`,
				"/properties/c": `{"anyOf":[{"type":"integer","not":{"const":3}},{"type":"null"}]}`,
				"/properties/d": `{"type":["integer","null"],"minimum":1}`,
			},
			diags: []string{"/properties/a", "/properties/c"},
			valid: []string{`{"a":null,"c":null,"d":null}`}},
	})
}
