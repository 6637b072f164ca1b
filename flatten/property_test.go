package flatten_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/flatten"
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
	type schemaCase struct{ name, schema string }
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
			res, err := flatten.JSON([]byte(c.schema), flatten.Options{})
			if err != nil {
				t.Fatal(err)
			}
			flat, ok := tryCompile(decode(t, res.Schema))
			if !ok {
				t.Fatalf("the flat schema does not compile:\n%s", res.Schema)
			}
			g := &instanceGen{r: rand.New(rand.NewPCG(uint64(i), 0x5eed)), root: decode(t, []byte(c.schema))}
			valid, failures := 0, 0
			for range attempts {
				inst, ok := g.value(g.root, 0)
				if !ok || orig.Validate(inst) != nil {
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
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.UseLoader(noRemote{})
	if err := c.AddResource("urn:test:schema.json", doc); err != nil {
		return nil, false
	}
	s, err := c.Compile("urn:test:schema.json")
	return s, err == nil
}

type noRemote struct{}

func (noRemote) Load(url string) (any, error) { return nil, fmt.Errorf("no remote schemas: %s", url) }

// instanceGen draws random JSON instances shaped by a schema: a oneOf or
// anyOf branch, the required keys and some optional ones, enum and const
// values, rough bounds on numbers, lengths and counts, formats, local
// $refs (depth-bounded). Candidates are filtered by a validator, so the
// generator only needs to be right often, never always. It ranges over no
// map unsorted, so a seed fixes its output.
type instanceGen struct {
	r    *rand.Rand
	root any
}

const maxGenDepth = 10

func (g *instanceGen) value(s any, depth int) (any, bool) {
	if depth > maxGenDepth {
		return nil, false
	}
	switch s := s.(type) {
	case bool:
		if !s {
			return nil, false
		}
		return g.anything(depth), true
	case map[string]any:
		return g.fromSchema(s, depth)
	}
	return nil, false
}

func (g *instanceGen) fromSchema(s map[string]any, depth int) (any, bool) {
	if ref, ok := s["$ref"].(string); ok {
		target, ok := g.resolve(ref)
		if !ok {
			return nil, false
		}
		tm, isMap := target.(map[string]any)
		if !isMap {
			return g.value(target, depth+1)
		}
		return g.value(merge(without(s, "$ref"), tm), depth+1)
	}
	if list, ok := s["allOf"].([]any); ok {
		m := without(s, "allOf")
		for _, it := range list {
			it = g.deref(it)
			im, ok := it.(map[string]any)
			if !ok {
				if it == false {
					return nil, false
				}
				continue
			}
			m = merge(m, im)
		}
		return g.value(m, depth+1)
	}
	for _, kw := range []string{"oneOf", "anyOf"} {
		list, ok := s[kw].([]any)
		if !ok || len(list) == 0 {
			continue
		}
		branch := g.deref(g.pick(list, depth))
		bm, isMap := branch.(map[string]any)
		if !isMap {
			if branch == true && len(without(s, kw)) > 0 {
				return g.value(without(s, kw), depth+1)
			}
			return g.value(branch, depth+1)
		}
		return g.value(merge(without(s, kw), bm), depth+1)
	}
	if c, ok := s["const"]; ok {
		return c, true
	}
	if e, ok := s["enum"].([]any); ok && len(e) > 0 {
		return e[g.r.IntN(len(e))], true
	}
	switch g.typeOf(s) {
	case "null":
		return nil, true
	case "boolean":
		return g.r.IntN(2) == 0, true
	case "integer":
		return g.integer(s), true
	case "number":
		if g.r.IntN(2) == 0 {
			return g.integer(s), true
		}
		n, _ := strconv.ParseFloat(string(g.integer(s)), 64)
		return json.Number(strconv.FormatFloat(n+0.5, 'f', -1, 64)), true
	case "string":
		return g.str(s), true
	case "array":
		return g.array(s, depth)
	case "object":
		return g.object(s, depth)
	}
	return g.anything(depth), true
}

// pick chooses a branch; deep down it prefers branches without $refs, so
// that recursive schemas end.
func (g *instanceGen) pick(list []any, depth int) any {
	if depth > maxGenDepth/2 {
		var flat []any
		for _, b := range list {
			if !strings.Contains(mustJSON(g.deref(b)), `"$ref"`) {
				flat = append(flat, b)
			}
		}
		if len(flat) > 0 {
			list = flat
		}
	}
	return list[g.r.IntN(len(list))]
}

func (g *instanceGen) resolve(ref string) (any, bool) {
	if !strings.HasPrefix(ref, "#") {
		return nil, false
	}
	return at(g.root, ref[1:])
}

// deref follows a schema that is only a $ref (a few hops).
func (g *instanceGen) deref(s any) any {
	for range 8 {
		m, ok := s.(map[string]any)
		if !ok || len(m) != 1 {
			return s
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			return s
		}
		t, ok := g.resolve(ref)
		if !ok {
			return s
		}
		s = t
	}
	return s
}

func (g *instanceGen) typeOf(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		if len(t) > 0 {
			name, _ := t[g.r.IntN(len(t))].(string)
			return name
		}
	}
	has := func(keys ...string) bool {
		for _, k := range keys {
			if _, ok := s[k]; ok {
				return true
			}
		}
		return false
	}
	switch {
	case has("properties", "required", "additionalProperties", "patternProperties"):
		return "object"
	case has("items", "prefixItems", "minItems", "maxItems"):
		return "array"
	case has("minLength", "maxLength", "pattern", "format"):
		return "string"
	case has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
		return "number"
	}
	return ""
}

func num(s map[string]any, key string) (float64, bool) {
	n, ok := s[key].(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

func (g *instanceGen) integer(s map[string]any) json.Number {
	lo, hi := -20.0, 200.0
	if v, ok := num(s, "minimum"); ok {
		lo = v
	}
	if v, ok := num(s, "exclusiveMinimum"); ok {
		lo = v + 1
	}
	if v, ok := num(s, "maximum"); ok {
		hi = v
	}
	if v, ok := num(s, "exclusiveMaximum"); ok {
		hi = v - 1
	}
	if _, ok := num(s, "minimum"); ok {
		if _, ok := num(s, "maximum"); !ok {
			hi = lo + 50
		}
	}
	if hi < lo {
		hi = lo
	}
	n := int64(lo) + g.r.Int64N(int64(hi-lo)+1)
	if m, ok := num(s, "multipleOf"); ok && m >= 1 {
		n -= n % int64(m)
	}
	return json.Number(strconv.FormatInt(n, 10))
}

var formatSamples = map[string][]string{
	"uri":       {"https://example.com/a", "urn:isbn:0451450523"},
	"email":     {"a@example.com"},
	"date-time": {"2024-02-29T12:30:00Z", "2001-01-01T00:00:00+02:00"},
	"date":      {"2024-02-29"},
	"time":      {"12:30:00Z"},
	"uuid":      {"123e4567-e89b-12d3-a456-426614174000"},
	"ipv4":      {"192.0.2.1"},
	"hostname":  {"example.com"},
}

func (g *instanceGen) str(s map[string]any) string {
	if f, ok := s["format"].(string); ok {
		if samples := formatSamples[f]; len(samples) > 0 {
			return samples[g.r.IntN(len(samples))]
		}
	}
	lo, hi := 0, 6
	if v, ok := num(s, "minLength"); ok {
		lo = int(v)
		hi = lo + 6
	}
	if v, ok := num(s, "maxLength"); ok {
		hi = int(v)
	}
	if hi < lo {
		hi = lo
	}
	prefix := ""
	if p, ok := s["pattern"].(string); ok {
		prefix = literalPrefix(p)
	}
	runes := []rune(prefix)
	alphabet := []rune("abcxyzAZ09 -_éß😀")
	for n := lo + g.r.IntN(hi-lo+1); len(runes) < n; {
		runes = append(runes, alphabet[g.r.IntN(len(alphabet))])
	}
	return string(runes)
}

// literalPrefix is the text a simple pattern such as "^x-" or "^[A-Z]"
// requires at the start, as far as it is plain.
func literalPrefix(p string) string {
	p, anchored := strings.CutPrefix(p, "^")
	if !anchored {
		return ""
	}
	if strings.HasPrefix(p, "[A-Z]") {
		return "Q"
	}
	end := strings.IndexAny(p, `\.[](){}*+?|$^`)
	if end < 0 {
		end = len(p)
	}
	return p[:end]
}

func (g *instanceGen) array(s map[string]any, depth int) (any, bool) {
	lo, hi := 0, 3
	if v, ok := num(s, "minItems"); ok {
		lo = int(v)
		hi = lo + 3
	}
	if v, ok := num(s, "maxItems"); ok {
		hi = int(v)
	}
	if hi < lo {
		return nil, false
	}
	n := lo + g.r.IntN(hi-lo+1)
	prefix, _ := s["prefixItems"].([]any)
	if list, ok := s["items"].([]any); ok { // a draft-07 tuple
		prefix = list
	}
	rest, hasItems := s["items"]
	if _, isList := rest.([]any); isList {
		rest, hasItems = s["additionalItems"]
	}
	if !hasItems {
		rest = true
	}
	if rest == false && n > len(prefix) {
		n = len(prefix)
	}
	if n < len(prefix) && g.r.IntN(2) == 0 {
		n = len(prefix)
	}
	out := []any{}
	for i := range n {
		sch := rest
		if i < len(prefix) {
			sch = prefix[i]
		}
		v, ok := g.value(sch, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}

func (g *instanceGen) object(s map[string]any, depth int) (any, bool) {
	props, _ := s["properties"].(map[string]any)
	out := map[string]any{}
	req, _ := s["required"].([]any)
	for _, r := range req {
		k, _ := r.(string)
		sch, ok := props[k]
		if !ok {
			sch = true
			if ap, ok := s["additionalProperties"]; ok {
				sch = ap
			}
		}
		v, ok := g.value(sch, depth+1)
		if !ok {
			return nil, false
		}
		out[k] = v
	}
	for _, k := range sortedKeys(props) {
		if _, done := out[k]; done || g.r.IntN(2) == 0 {
			continue
		}
		if v, ok := g.value(props[k], depth+1); ok {
			out[k] = v
		}
	}
	pats, _ := s["patternProperties"].(map[string]any)
	for _, p := range sortedKeys(pats) {
		if g.r.IntN(3) == 0 {
			if v, ok := g.value(pats[p], depth+1); ok {
				out[literalPrefix(p)+"k"+strconv.Itoa(g.r.IntN(9))] = v
			}
		}
	}
	if ap, ok := s["additionalProperties"]; (!ok || ap != false) && g.r.IntN(3) == 0 {
		if !ok {
			ap = true
		}
		if v, ok := g.value(ap, depth+1); ok {
			out["extra"+strconv.Itoa(g.r.IntN(3))] = v
		}
	}
	return out, true
}

func (g *instanceGen) anything(depth int) any {
	switch n := g.r.IntN(8); {
	case n == 0:
		return nil
	case n == 1:
		return g.r.IntN(2) == 0
	case n == 2:
		return json.Number(strconv.Itoa(g.r.IntN(100) - 50))
	case n == 3:
		return json.Number("2.25")
	case n == 4 && depth < maxGenDepth:
		return []any{g.anything(depth + 1)}
	case n == 5 && depth < maxGenDepth:
		return map[string]any{"k": g.anything(depth + 1)}
	}
	return g.str(map[string]any{})
}

// merge is the schema an instance must meet to meet both a and b, as far
// as the generator cares: properties and required are joined, type
// arrays intersected, other keywords taken from b.
func merge(a, b map[string]any) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for _, k := range sortedKeys(b) {
		v := b[k]
		switch k {
		case "properties":
			pa, _ := out[k].(map[string]any)
			pb, _ := v.(map[string]any)
			m := map[string]any{}
			for pk, pv := range pa {
				m[pk] = pv
			}
			for pk, pv := range pb {
				m[pk] = pv
			}
			out[k] = m
		case "required":
			ra, _ := out[k].([]any)
			rb, _ := v.([]any)
			out[k] = append(slices.Clone(ra), rb...)
		case "type":
			if ta, ok := out[k]; ok {
				out[k] = intersectTypes(ta, v)
			} else {
				out[k] = v
			}
		default:
			out[k] = v
		}
	}
	return out
}

func typeList(t any) []string {
	switch t := t.(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, it := range t {
			if s, ok := it.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func intersectTypes(a, b any) any {
	la, lb := typeList(a), typeList(b)
	var out []any
	for _, x := range lb {
		if slices.Contains(la, x) || (x == "integer" && slices.Contains(la, "number")) {
			out = append(out, x)
		} else if x == "number" && slices.Contains(la, "integer") {
			out = append(out, "integer")
		}
	}
	if len(out) == 0 {
		return b
	}
	return out
}

func without(s map[string]any, key string) map[string]any {
	out := make(map[string]any, len(s))
	for k, v := range s {
		if k != key {
			out[k] = v
		}
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
