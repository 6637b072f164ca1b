package flatten_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/internal/schematest"
)

// propertySchemas are schemas written for the soundness property, beside
// the vectors and the rule tables: $ref variants, unions of unions,
// recursion, open variants and constraints that differ between variants.
var propertySchemas = []struct{ name, schema string }{
	{"pydantic-pets", `{
		"$defs": {
			"Cat": {"type":"object","title":"Cat","properties":{
				"pet_type":{"const":"cat","title":"Pet Type"},
				"meows":{"type":"integer","minimum":0,"maximum":9},
				"name":{"type":"string","minLength":1,"maxLength":8}},
				"required":["pet_type","meows"]},
			"Dog": {"type":"object","title":"Dog","properties":{
				"pet_type":{"const":"dog"},
				"barks":{"type":"number","exclusiveMinimum":0},
				"name":{"anyOf":[{"type":"string","pattern":"^[A-Z]"},{"type":"null"}],"default":null}},
				"required":["pet_type","barks"]},
			"Lizard": {"type":"object","properties":{
				"pet_type":{"enum":["reptile","lizard"]},
				"scales":{"type":"boolean"}},
				"required":["pet_type","scales"],"additionalProperties":{"type":"string"}}
		},
		"type":"object",
		"properties":{
			"pet":{"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"},{"$ref":"#/$defs/Lizard"}],
				"discriminator":{"propertyName":"pet_type","mapping":{"cat":"#/$defs/Cat","dog":"#/$defs/Dog"}}},
			"others":{"type":"array","maxItems":3,"items":{"anyOf":[
				{"anyOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}]},{"type":"null"}]}},
			"n":{"type":"integer"}
		},
		"required":["pet"]}`},
	{"recursive-expression", `{
		"$defs": {
			"Expr": {"oneOf":[
				{"type":"object","properties":{"op":{"const":"lit"},"value":{"type":"number"}},"required":["op","value"],"additionalProperties":false},
				{"type":"object","properties":{"op":{"enum":["add","mul"]},"left":{"$ref":"#/$defs/Expr"},"right":{"$ref":"#/$defs/Expr"}},"required":["op","left","right"],"additionalProperties":false},
				{"type":"object","properties":{"op":{"const":"neg"},"arg":{"$ref":"#/$defs/Expr"},"value":{"type":"integer"}},"required":["op","arg"],"additionalProperties":false}
			]}
		},
		"$ref":"#/$defs/Expr"}`},
	{"union-of-unions-by-ref", `{
		"$defs": {
			"Shape": {"oneOf":[
				{"type":"object","properties":{"kind":{"const":"circle"},"r":{"type":"number","minimum":0}},"required":["kind","r"]},
				{"type":"object","properties":{"kind":{"const":"square"},"side":{"type":"number"}},"required":["kind","side"]}]},
			"Text": {"type":"object","properties":{"kind":{"const":"text"},"body":{"type":"string","maxLength":4},"r":{"type":"string"}},"required":["kind"]}
		},
		"type":"array","minItems":1,"maxItems":4,
		"items":{"anyOf":[{"$ref":"#/$defs/Shape"},{"$ref":"#/$defs/Text"}]}}`},
	{"nested-unions-in-variants", `{
		"oneOf":[
			{"type":"object","properties":{
				"type":{"const":"msg"},
				"parts":{"type":"array","items":{"oneOf":[
					{"type":"object","properties":{"t":{"const":"text"},"text":{"type":"string","minLength":1}},"required":["t","text"],"additionalProperties":false},
					{"type":"object","properties":{"t":{"const":"image"},"url":{"type":"string","format":"uri"},"alt":{"type":"string"}},"required":["t","url"],"additionalProperties":false}]}},
				"meta":{"oneOf":[
					{"type":"object","properties":{"k":{"const":"x"},"v":{"type":"integer"}},"required":["k"]},
					{"type":"object","properties":{"k":{"const":"y"},"v":{"type":"string"}},"required":["k","v"]}]}},
				"required":["type","parts"]},
			{"type":"object","properties":{
				"type":{"const":"ping"},
				"parts":{"type":"string","enum":["none"]},
				"meta":{"type":["array","null"],"items":{"type":"integer"}}},
				"required":["type"]}
		]}`},
	{"collisions-with-constraints", `{
		"anyOf":[
			{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"string","maxLength":3},"y":{"type":"integer","minimum":5},"z":{"type":"array","items":{"type":"string"}}},"required":["kind","x"]},
			{"type":"object","properties":{"kind":{"const":"b"},"x":{"type":"string","pattern":"^b"},"y":{"type":"number","maximum":2},"z":{"type":"object"}},"required":["kind","y"]},
			{"type":"object","properties":{"kind":{"const":"c"},"x":{"type":["integer","null"]},"y":{"const":"seven"},"z":{"type":"boolean"}},"required":["kind"]}
		]}`},
	{"open-variants-and-extras", `{
		"type":"object",
		"properties":{"id":{"type":"string","format":"uuid"}},
		"required":["id"],
		"oneOf":[
			{"type":"object","properties":{"mode":{"const":"open"},"n":{"type":"integer"}},"required":["mode"]},
			{"type":"object","properties":{"mode":{"const":"typed"},"n":{"type":"string"}},"required":["mode"],"additionalProperties":{"type":["string","integer"]}},
			{"type":"object","properties":{"mode":{"const":"closed"},"n":{"type":"boolean"}},"required":["mode","n"],"additionalProperties":false,"patternProperties":{"^x-":{"type":"string"}}}
		]}`},
	{"nullable-and-defaults", `{
		"type":"object",
		"properties":{
			"opt":{"anyOf":[{"oneOf":[
				{"type":"object","properties":{"k":{"const":"on"},"level":{"type":"integer","default":3,"minimum":1,"maximum":5}},"required":["k"]},
				{"type":"object","properties":{"k":{"const":"off"},"reason":{"type":"string","default":"none"}},"required":["k"]}]},
				{"type":"null"}],"default":null},
			"when":{"type":"string","format":"date-time"}
		}}`},
	{"map-of-unions-with-prefix-items", `{
		"type":"object",
		"additionalProperties":{"type":"array","prefixItems":[{"type":"string"},{"oneOf":[
			{"type":"object","properties":{"kind":{"const":"a"},"n":{"type":"integer"}},"required":["kind"]},
			{"type":"object","properties":{"kind":{"const":"b"},"n":{"type":"integer","multipleOf":2}},"required":["kind","n"]}]}],
			"items":false}}`},
	{"linked-list-root-self-ref", `{
		"oneOf":[
			{"type":"object","properties":{"tag":{"const":"cons"},"head":{"type":"integer"},"tail":{"$ref":"#"}},"required":["tag","head","tail"]},
			{"type":"object","properties":{"tag":{"const":"nil"}},"required":["tag"]}]}`},
	{"definitions-chain-and-untyped-variant", `{
		"definitions":{
			"A":{"properties":{"kind":{"const":"a"},"v":{"type":"string"}},"required":["kind"]},
			"A1":{"$ref":"#/definitions/A"},
			"B":{"type":"object","properties":{"kind":{"const":"b"},"v":{"type":"integer"}},"required":["kind"]}},
		"properties":{"p":{"oneOf":[{"$ref":"#/definitions/A1"},{"$ref":"#/definitions/B"}]}}}`},
	{"outer-properties-shared-with-variants", `{
		"type":"object",
		"properties":{"kind":{"type":"string"},"v":{"type":"string","minLength":2}},
		"required":["v"],
		"oneOf":[
			{"type":"object","properties":{"kind":{"const":"a"},"v":{"type":"string","maxLength":3}},"required":["kind"]},
			{"type":"object","properties":{"kind":{"const":"b"},"v":{"type":"string","pattern":"^z"}},"required":["kind"]}]}`},
	{"unevaluated-properties-beside-union", `{
		"type":"object",
		"properties":{"id":{"type":"integer"}},
		"unevaluatedProperties":false,
		"oneOf":[
			{"type":"object","properties":{"kind":{"const":"a"}},"required":["kind"],"patternProperties":{"^x-":{"type":"string"}}},
			{"type":"object","properties":{"kind":{"const":"b"}},"required":["kind"],"additionalProperties":{"type":"integer"}}]}`},
	{"unevaluated-properties-above-union", `{
		"$defs":{"U":{"anyOf":[
			{"type":"object","properties":{"kind":{"const":"a"},"n":{"type":"integer"}},"required":["kind"],"additionalProperties":{"type":"boolean"}},
			{"type":"object","properties":{"kind":{"const":"b"}},"required":["kind"]}]}},
		"allOf":[{"$ref":"#/$defs/U"}],
		"properties":{"id":{"type":"integer"}},
		"unevaluatedProperties":false}`},
	{"ref-into-outer-properties-of-a-union", `{
		"$defs":{"V":{
			"type":"object",
			"properties":{"p":{"type":"string"}},
			"oneOf":[
				{"type":"object","properties":{"kind":{"const":"a"},"p":{"const":"x"}},"required":["kind"]},
				{"type":"object","properties":{"kind":{"const":"b"},"p":{"const":"y"}},"required":["kind"]}]}},
		"type":"object",
		"properties":{"v":{"$ref":"#/$defs/V"},"label":{"$ref":"#/$defs/V/properties/p"}}}`},
	{"ref-into-replaced-additional-properties", `{
		"$defs":{"V":{
			"type":"object",
			"additionalProperties":{"type":"integer"},
			"oneOf":[
				{"type":"object","properties":{"kind":{"const":"a"}},"required":["kind"],"additionalProperties":false},
				{"type":"object","properties":{"kind":{"const":"b"}},"required":["kind"],"additionalProperties":false}]}},
		"type":"object",
		"properties":{"v":{"$ref":"#/$defs/V"},"count":{"$ref":"#/$defs/V/additionalProperties"}}}`},
}

// TestSoundness is the superset invariant as a property: random instances
// that the original schema accepts (checked with an independent validator)
// must be accepted by the flat schema.
func TestSoundness(t *testing.T) {
	type schemaCase = struct{ name, schema string }
	var cases []schemaCase
	for _, v := range loadVectors(t) {
		cases = append(cases, schemaCase{"vector/" + v.Name, string(v.Input)})
	}
	for _, c := range allRuleCases() {
		cases = append(cases, schemaCase{"rules/" + c.name, c.in})
	}
	for _, c := range propertySchemas {
		cases = append(cases, schemaCase{"own/" + c.name, c.schema})
	}
	example, err := os.ReadFile(filepath.Join("..", "testdata", "flatten", "example.json"))
	if err != nil {
		t.Fatal(err)
	}
	cases = append(cases, schemaCase{"example.json", string(example)})

	for _, o := range []flatten.Options{{}, {InlineRefs: true, NullableTypes: true, Strict: true}} {
		t.Run(optionsName(o), func(t *testing.T) { soundness(t, cases, o) })
	}
}

// soundness checks the superset invariant under o on every case.
func soundness(t *testing.T, cases []struct{ name, schema string }, o flatten.Options) {
	const attempts, minValid = 400, 25
	total, skipped, changed := 0, 0, 0
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			orig, ok := tryCompile(decode(t, []byte(c.schema)))
			if !ok {
				// Only documents that are not schemas a validator can load
				// (remote or dangling refs, an array) may be skipped.
				skipped++
				return
			}
			res, err := flatten.JSON([]byte(c.schema), o)
			if err != nil {
				t.Fatal(err)
			}
			flat, ok := tryCompile(decode(t, res.Schema))
			if !ok {
				t.Fatalf("the flat schema does not compile:\n%s", res.Schema)
			}
			g, err := schematest.New([]byte(c.schema), uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			valid, failures := 0, 0
			for range attempts {
				inst, err := schematest.Parse(schematest.Marshal(g.Value()))
				if err != nil || orig.Validate(inst) != nil {
					continue
				}
				valid++
				if err := flat.Validate(inst); err != nil {
					failures++
					if failures <= 3 {
						t.Errorf("unsound: %s is valid under the original but rejected by the flat schema:\n%v\nflat: %s",
							mustJSON(inst), err, res.Schema)
					}
				}
			}
			total += valid
			if jsonEqual(decode(t, []byte(c.schema)), decode(t, res.Schema)) {
				return // left as it was: sound by construction, however few instances
			}
			changed++
			if valid < minValid {
				t.Errorf("only %d of %d generated instances are valid under the original; the property is too weak here", valid, attempts)
			}
		})
	}
	if skipped > 10 {
		t.Errorf("%d schemas skipped as not compilable; expected only the few deliberate ones", skipped)
	}
	if changed < 100 {
		t.Errorf("only %d schemas were changed by flattening; the property covers too little", changed)
	}
	t.Logf("%d schemas (%d changed by flattening, %d skipped), %d valid instances checked", len(cases), changed, skipped, total)
}

func tryCompile(doc any) (*jsonschema.Schema, bool) {
	s, err := compileDoc(doc)
	return s, err == nil
}

type noRemote struct{}

func (noRemote) Load(url string) (any, error) { return nil, fmt.Errorf("no remote schemas: %s", url) }
