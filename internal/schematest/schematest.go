// Package schematest supports property tests over JSON Schemas: it compiles
// schemas with an independent validator (santhosh-tekuri/jsonschema, draft
// 2020-12, formats asserted) and generates instances from a schema, valid
// ones and near misses made by mutating them.
//
// The generator aims at valid instances but does not promise them:
// callers keep what the validator accepts. It is deterministic for a seed.
// Only tests import this package.
package schematest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Parse decodes JSON the way the validator wants it (numbers exact).
func Parse(data []byte) (any, error) {
	return jsonschema.UnmarshalJSON(bytes.NewReader(data))
}

// Compile compiles a schema document under draft 2020-12 with format
// assertions on.
func Compile(doc []byte) (*jsonschema.Schema, error) {
	v, err := Parse(doc)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("urn:schematest:schema.json", v); err != nil {
		return nil, err
	}
	return c.Compile("urn:schematest:schema.json")
}

// Generator makes instances of one schema.
type Generator struct {
	root     map[string]any
	rng      *rand.Rand
	MaxDepth int // how deep values nest before only required parts are made
}

// New returns a generator for a schema document.
func New(schema []byte, seed uint64) (*Generator, error) {
	v, err := Parse(schema)
	if err != nil {
		return nil, err
	}
	root, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("schematest: the schema is not an object")
	}
	return &Generator{root: root, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), MaxDepth: 8}, nil
}

// Value returns a candidate instance of the whole schema.
func (g *Generator) Value() any { return g.value(g.root, 0) }

// Marshal writes an instance as JSON, numbers exact.
func Marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func (g *Generator) deref(s any) map[string]any {
	for range 32 {
		m, ok := s.(map[string]any)
		if !ok {
			if b, _ := s.(bool); b {
				return map[string]any{}
			}
			return nil
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			return m
		}
		s = g.lookup(ref)
	}
	return nil
}

func (g *Generator) lookup(ref string) any {
	if !strings.HasPrefix(ref, "#") {
		return nil
	}
	var cur any = g.root
	if ref == "#" {
		return cur
	}
	for _, tok := range strings.Split(ref[2:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[tok]
	}
	return cur
}

func (g *Generator) value(s any, depth int) any {
	m := g.deref(s)
	if m == nil {
		return nil
	}
	for _, kw := range []string{"oneOf", "anyOf"} {
		if list, ok := m[kw].([]any); ok && len(list) > 0 {
			return g.value(list[g.rng.IntN(len(list))], depth)
		}
	}
	if c, ok := m["const"]; ok {
		return c
	}
	if e, ok := m["enum"].([]any); ok && len(e) > 0 {
		return e[g.rng.IntN(len(e))]
	}
	switch g.typeOf(m) {
	case "object":
		return g.object(m, depth)
	case "array":
		return g.array(m, depth)
	case "string":
		return g.str(m)
	case "integer":
		return g.integer(m)
	case "number":
		return g.number(m)
	case "boolean":
		return g.rng.IntN(2) == 0
	case "null":
		return nil
	}
	return g.scalar()
}

func (g *Generator) typeOf(m map[string]any) string {
	switch t := m["type"].(type) {
	case string:
		return t
	case []any:
		if len(t) > 0 {
			s, _ := t[g.rng.IntN(len(t))].(string)
			return s
		}
	}
	if _, ok := m["properties"]; ok {
		return "object"
	}
	return ""
}

func (g *Generator) scalar() any {
	switch g.rng.IntN(4) {
	case 0:
		return "x"
	case 1:
		return json.Number(strconv.Itoa(g.rng.IntN(100)))
	case 2:
		return true
	}
	return nil
}

func (g *Generator) object(m map[string]any, depth int) any {
	out := map[string]any{}
	props, _ := m["properties"].(map[string]any)
	required := map[string]bool{}
	if req, ok := m["required"].([]any); ok {
		for _, r := range req {
			if name, ok := r.(string); ok {
				required[name] = true
			}
		}
	}
	for _, name := range sortedKeys(props) {
		if required[name] || (depth < g.MaxDepth && g.rng.IntN(2) == 0) {
			out[name] = g.value(props[name], depth+1)
		}
	}
	if ap, ok := m["additionalProperties"]; ok {
		if aps := g.deref(ap); aps != nil && len(aps) > 0 && depth < g.MaxDepth {
			for i := range g.rng.IntN(3) {
				out[fmt.Sprintf("k%d", i)] = g.value(aps, depth+1)
			}
		}
	}
	return out
}

func (g *Generator) array(m map[string]any, depth int) any {
	lo, hi := 0, 4
	if v, ok := intOf(m["minItems"]); ok {
		lo = v
	}
	if v, ok := intOf(m["maxItems"]); ok {
		hi = v
	}
	if hi < lo {
		hi = lo
	}
	if depth >= g.MaxDepth && lo == 0 {
		return []any{}
	}
	n := lo + g.rng.IntN(min(hi, lo+4)-lo+1)
	out := make([]any, 0, n)
	for range n {
		out = append(out, g.value(m["items"], depth+1))
	}
	if unique, _ := m["uniqueItems"].(bool); unique {
		out = dedupe(out)
	}
	return out
}

func dedupe(items []any) []any {
	seen := map[string]bool{}
	out := []any{} // never nil: a nil slice would marshal as null
	for _, it := range items {
		k := string(Marshal(it))
		if !seen[k] {
			seen[k] = true
			out = append(out, it)
		}
	}
	return out
}

// formatSamples are valid values of each format the decoders check.
var formatSamples = map[string][]string{
	"date-time": {"2026-11-29T14:21:00Z", "1999-12-31T23:59:59.123+02:00", "2024-02-29t00:00:00z"},
	"date":      {"2026-11-29", "2024-02-29"},
	"time":      {"14:21:00Z", "23:59:59.5-07:00"},
	"email":     {"ada@example.com", "first.last+tag@mail.example.org"},
	"uri":       {"https://example.com/a?b=c", "urn:isbn:0451450523", "mailto:ada@example.com"},
	"uuid":      {"123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000"},
	"ipv4":      {"192.0.2.1", "0.0.0.0", "255.255.255.255"},
	"ipv6":      {"::1", "2001:db8::ff00:42:8329"},
	"hostname":  {"example.com", "a-b.c.example", "localhost"},
}

// stringSamples are candidates tried against a pattern.
var stringSamples = []string{"abc", "x", "hello", "#336699", "#ffffff", "ABC", "a1", "2026", "é", "with space", "zzzzzz"}

func (g *Generator) str(m map[string]any) string {
	if enc, _ := m["contentEncoding"].(string); enc == "base64" {
		raw := make([]byte, g.rng.IntN(9))
		for i := range raw {
			raw[i] = byte(g.rng.IntN(256))
		}
		return base64.StdEncoding.EncodeToString(raw)
	}
	if f, ok := m["format"].(string); ok {
		if samples := formatSamples[f]; len(samples) > 0 {
			return samples[g.rng.IntN(len(samples))]
		}
	}
	lo, hi := 0, 12
	if v, ok := intOf(m["minLength"]); ok {
		lo = v
	}
	if v, ok := intOf(m["maxLength"]); ok {
		hi = min(v, lo+12)
	}
	if p, ok := m["pattern"].(string); ok {
		if re, err := regexp.Compile(p); err == nil {
			start := g.rng.IntN(len(stringSamples))
			for i := range stringSamples {
				s := stringSamples[(start+i)%len(stringSamples)]
				if re.MatchString(s) && len([]rune(s)) >= lo && len([]rune(s)) <= max(hi, lo) {
					return s
				}
			}
		}
	}
	n := lo
	if hi > lo {
		n += g.rng.IntN(hi - lo + 1)
	}
	const letters = "abcdefghijklmnopqrstuvwxyzé"
	r := []rune(letters)
	var b strings.Builder
	for range n {
		b.WriteRune(r[g.rng.IntN(len(r))])
	}
	return b.String()
}

func (g *Generator) integer(m map[string]any) json.Number {
	lo, hi := -1000.0, 1000.0
	if v, ok := floatOf(m["minimum"]); ok {
		lo = v
	}
	if v, ok := floatOf(m["exclusiveMinimum"]); ok {
		lo = v + 1
	}
	if v, ok := floatOf(m["maximum"]); ok {
		hi = v
	}
	if v, ok := floatOf(m["exclusiveMaximum"]); ok {
		hi = v - 1
	}
	hi = min(hi, lo+2000)
	n := int64(lo) + g.rng.Int64N(int64(hi-lo)+1)
	if step, ok := floatOf(m["multipleOf"]); ok && step >= 1 {
		n -= n % int64(step)
		if float64(n) < lo {
			n += int64(step)
		}
	}
	return json.Number(strconv.FormatInt(n, 10))
}

func (g *Generator) number(m map[string]any) json.Number {
	if g.rng.IntN(2) == 0 {
		if _, step := floatOf(m["multipleOf"]); !step {
			n := g.integer(m)
			f, _ := strconv.ParseFloat(string(n), 64)
			if v, ok := floatOf(m["exclusiveMinimum"]); ok && f <= v {
				return json.Number(strconv.FormatFloat(v+0.5, 'g', -1, 64))
			}
			return n
		}
	}
	lo, hi := -100.0, 100.0
	if v, ok := floatOf(m["minimum"]); ok {
		lo = v
	}
	if v, ok := floatOf(m["exclusiveMinimum"]); ok {
		lo = v + 0.25
	}
	if v, ok := floatOf(m["maximum"]); ok {
		hi = v
	}
	if v, ok := floatOf(m["exclusiveMaximum"]); ok {
		hi = v - 0.25
	}
	f := lo + g.rng.Float64()*(hi-lo)
	step := 0.25
	if v, ok := floatOf(m["multipleOf"]); ok {
		step = v
	}
	f = float64(int64(f/step)) * step
	if f < lo {
		f += step
	}
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
}

// Mutate returns a copy of v with one random change: a key dropped or
// added, a value replaced by another type, a boundary number, an odd
// string, an item removed or repeated. Strings that hold JSON are never
// made, so coercion does not blur the comparison.
func (g *Generator) Mutate(v any) any {
	var paths [][]any
	var walk func(x any, path []any)
	walk = func(x any, path []any) {
		paths = append(paths, slices.Clone(path))
		switch t := x.(type) {
		case map[string]any:
			for _, k := range sortedKeys(t) {
				walk(t[k], append(path, k))
			}
		case []any:
			for i, e := range t {
				walk(e, append(path, i))
			}
		}
	}
	walk(v, nil)
	return g.replaceAt(clone(v), paths[g.rng.IntN(len(paths))])
}

func (g *Generator) replaceAt(v any, path []any) any {
	if len(path) == 0 {
		return g.mutateNode(v)
	}
	switch t := v.(type) {
	case map[string]any:
		k := path[0].(string)
		t[k] = g.replaceAt(t[k], path[1:])
	case []any:
		i := path[0].(int)
		t[i] = g.replaceAt(t[i], path[1:])
	}
	return v
}

var oddNumbers = []string{"0", "-1", "1", "1.5", "255", "256", "360", "4097", "10001", "1e30", "-9223372036854775809", "9223372036854775807", "0.3", "100.5"}
var oddStrings = []string{"", "A", "not a uuid", "nope@", "http//x", "2026-13-01", "25:00:00Z", "999.1.1.1", ":::", "-bad-.com", "#GGGGGG", strings.Repeat("long", 60)}

func (g *Generator) mutateNode(v any) any {
	switch x := v.(type) {
	case map[string]any:
		keys := sortedKeys(x)
		switch {
		case len(keys) > 0 && g.rng.IntN(2) == 0:
			delete(x, keys[g.rng.IntN(len(keys))])
		case g.rng.IntN(2) == 0 && len(keys) > 0:
			k := keys[g.rng.IntN(len(keys))]
			x[k] = g.otherType(x[k])
		default:
			x["surprise"] = json.Number("1")
		}
		return x
	case []any:
		switch {
		case len(x) > 0 && g.rng.IntN(3) == 0:
			return x[1:]
		case len(x) > 0 && g.rng.IntN(2) == 0:
			return append(x, clone(x[0]))
		}
		return []any{}
	case json.Number:
		if g.rng.IntN(4) == 0 {
			return g.otherType(x)
		}
		return json.Number(oddNumbers[g.rng.IntN(len(oddNumbers))])
	case string:
		if g.rng.IntN(4) == 0 {
			return g.otherType(x)
		}
		return oddStrings[g.rng.IntN(len(oddStrings))]
	}
	return g.otherType(v)
}

func (g *Generator) otherType(v any) any {
	options := []any{nil, true, json.Number("7"), "seven", []any{}, map[string]any{}}
	for {
		o := options[g.rng.IntN(len(options))]
		if fmt.Sprintf("%T", o) != fmt.Sprintf("%T", v) {
			return o
		}
	}
}

func clone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = clone(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = clone(e)
		}
		return out
	}
	return v
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func intOf(v any) (int, bool) {
	f, ok := floatOf(v)
	return int(f), ok
}

func floatOf(v any) (float64, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	case float64:
		return n, true
	}
	return 0, false
}
