package gen_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Soundness: the flat schema accepts every instance the lossless one
// accepts. For every tool and union of the golden packages, random
// instances are drawn from the lossless schema (fixed seed), those the
// lossless schema accepts are kept (santhosh-tekuri validates), and each
// must validate under the flat schema. Every variant of every union the
// root reaches must be drawn at least once, so the test cannot pass on a
// handful of trivial instances.
func TestSoundness(t *testing.T) {
	const attempts, minValid = 400, 100
	for _, r := range goldenRoots(t) {
		t.Run(r.Name, func(t *testing.T) {
			lossless := compileSchema(t, r.Name+" lossless", r.Schemas.Lossless)
			flat := compileSchema(t, r.Name+" flat", r.Schemas.Flat)
			g := newInstanceGen(mustJSON(t, r.Schemas.Lossless), rand.New(rand.NewPCG(1, uint64(len(r.Name)))))
			valid, distinct := 0, map[string]bool{}
			covered := map[string]bool{}
			var rejected []string
			for range attempts {
				g.chosen = map[string]bool{}
				doc := reparse(t, g.instance())
				if err := lossless.Validate(doc); err != nil {
					if len(rejected) < 3 {
						rejected = append(rejected, err.Error())
					}
					continue
				}
				valid++
				text := string(mustMarshal(t, doc))
				distinct[text] = true
				for c := range g.chosen {
					covered[c] = true
				}
				if err := flat.Validate(doc); err != nil {
					t.Errorf("the flat schema rejects an instance the lossless one accepts:\n%s\n%v", text, err)
				}
			}
			if valid < minValid || len(distinct) < minValid/2 {
				t.Errorf("only %d valid instances (%d distinct) of %d attempts; rejections such as:\n%s",
					valid, len(distinct), attempts, strings.Join(rejected, "\n"))
			}
			for _, b := range g.branches() {
				if !covered[b] {
					t.Errorf("no valid instance takes %s", b)
				}
			}
		})
	}
}

// TestInstanceGen checks the generator on a schema with one of every
// keyword it honours: nearly every instance must be valid.
func TestInstanceGen(t *testing.T) {
	doc := []byte(`{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"type": "object", "additionalProperties": false,
		"required": ["s", "n", "i", "a", "m", "u", "f"],
		"properties": {
			"s": {"type": "string", "minLength": 3, "maxLength": 5},
			"p": {"type": "string", "pattern": "^[a-z]{2}-[0-9]+$"},
			"n": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
			"i": {"type": "integer", "minimum": -3, "maximum": 9, "multipleOf": 3},
			"a": {"type": "array", "minItems": 2, "maxItems": 2, "uniqueItems": true, "items": {"type": "integer", "minimum": 0, "maximum": 255}},
			"m": {"type": "object", "additionalProperties": {"type": ["boolean", "null"]}},
			"u": {"oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]},
			"f": {"type": "string", "format": "date-time"},
			"b": {"type": "string", "contentEncoding": "base64"},
			"e": {"enum": ["x", 1, null]},
			"any": true
		},
		"$defs": {
			"A": {"type": "object", "properties": {"k": {"const": "a"}}, "required": ["k"], "additionalProperties": false},
			"B": {"type": "object", "properties": {"k": {"const": "b"}, "next": {"$ref": "#/$defs/B"}}, "required": ["k"]}
		}
	}`)
	s := compileSchema(t, "instance-gen", doc)
	g := newInstanceGen(mustJSON(t, doc), rand.New(rand.NewPCG(1, 2)))
	valid := 0
	for range 200 {
		inst := reparse(t, g.instance())
		if err := s.Validate(inst); err == nil {
			valid++
		} else {
			t.Logf("invalid: %s: %v", mustMarshal(t, inst), err)
		}
	}
	if valid < 180 {
		t.Errorf("%d of 200 instances valid, want at least 180", valid)
	}
	if got, want := g.branches(), []string{"#/properties/u oneOf 0", "#/properties/u oneOf 1"}; !slices.Equal(got, want) {
		t.Errorf("branches %q, want %q", got, want)
	}
}

// reparse round-trips an instance through JSON as santhosh-tekuri reads
// it (numbers as json.Number).
func reparse(t testing.TB, v any) any {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(mustMarshal(t, v)))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func mustMarshal(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// instanceGen draws random JSON values that aim to satisfy a schema. It
// honours the keywords unionflat's lossless schemas use; what it gets
// wrong (uniqueness, a pattern with a length limit) the caller filters
// out with a real validator.
type instanceGen struct {
	root any
	rnd  *rand.Rand
	// chosen collects "location oneOf i" for each branch taken while
	// drawing the current instance.
	chosen map[string]bool
	// seen lists every oneOf/anyOf met, with its number of branches.
	seen map[string]int
}

func newInstanceGen(root any, rnd *rand.Rand) *instanceGen {
	return &instanceGen{root: root, rnd: rnd, chosen: map[string]bool{}, seen: map[string]int{}}
}

// maxDepth bounds recursion: past it, optional members are left out and
// arrays are kept at their minimum length.
const maxDepth = 6

func (g *instanceGen) instance() any { return g.value(g.root, "#", 0) }

// branches lists every oneOf branch met so far, as "location oneOf i".
func (g *instanceGen) branches() []string {
	var out []string
	for loc, n := range g.seen {
		for i := range n {
			out = append(out, fmt.Sprintf("%s oneOf %d", loc, i))
		}
	}
	slices.Sort(out)
	return out
}

func (g *instanceGen) value(s any, loc string, depth int) any {
	m, ok := s.(map[string]any)
	if !ok {
		if s == false {
			return nil // nothing is valid; the filter drops it
		}
		return g.anyValue(depth)
	}
	if ref, ok := m["$ref"].(string); ok {
		return g.value(g.resolve(ref), ref, depth+1)
	}
	for _, k := range []string{"oneOf", "anyOf"} {
		if list, ok := m[k].([]any); ok && len(list) > 0 {
			if k == "oneOf" {
				g.seen[loc] = len(list)
			}
			i := g.rnd.IntN(len(list))
			if k == "oneOf" {
				g.chosen[fmt.Sprintf("%s oneOf %d", loc, i)] = true
			}
			return g.value(list[i], fmt.Sprintf("%s/%s/%d", loc, k, i), depth)
		}
	}
	if c, ok := m["const"]; ok {
		return c
	}
	if e, ok := m["enum"].([]any); ok && len(e) > 0 {
		return e[g.rnd.IntN(len(e))]
	}
	switch typ := g.pickType(m); typ {
	case "object":
		return g.object(m, loc, depth)
	case "array":
		return g.array(m, loc, depth)
	case "string":
		return g.str(m)
	case "integer":
		return g.number(m, true)
	case "number":
		return g.number(m, false)
	case "boolean":
		return g.rnd.IntN(2) == 0
	case "null":
		return nil
	}
	return g.anyValue(depth)
}

func (g *instanceGen) pickType(m map[string]any) string {
	switch typ := m["type"].(type) {
	case string:
		return typ
	case []any:
		if len(typ) > 0 {
			s, _ := typ[g.rnd.IntN(len(typ))].(string)
			return s
		}
	}
	if _, ok := m["properties"]; ok {
		return "object"
	}
	return ""
}

func (g *instanceGen) resolve(ref string) any {
	var cur any = g.root
	for _, tok := range strings.Split(strings.TrimPrefix(ref, "#"), "/")[1:] {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		m, _ := cur.(map[string]any)
		cur = m[tok]
	}
	return cur
}

func (g *instanceGen) object(m map[string]any, loc string, depth int) any {
	out := map[string]any{}
	required := map[string]bool{}
	if list, ok := m["required"].([]any); ok {
		for _, r := range list {
			required[r.(string)] = true
		}
	}
	props, _ := m["properties"].(map[string]any)
	for _, name := range sortedKeys(props) {
		if required[name] || (depth < maxDepth && g.rnd.IntN(2) == 0) {
			out[name] = g.value(props[name], loc+"/properties/"+escapePointer(name), depth+1)
		}
	}
	ap := m["additionalProperties"]
	if sub, ok := ap.(map[string]any); ok {
		n := g.rnd.IntN(3)
		if depth >= maxDepth {
			n = 0
		}
		for i := range n {
			out[fmt.Sprintf("key%d", i)] = g.value(sub, loc+"/additionalProperties", depth+1)
		}
	} else if (ap == nil || ap == true) && g.rnd.IntN(4) == 0 {
		// An open object: now and then a key that no schema declares.
		out["x-extra"] = g.anyValue(depth + 1)
	}
	return out
}

func (g *instanceGen) array(m map[string]any, loc string, depth int) any {
	lo := intKeyword(m, "minItems", 0)
	hi := intKeyword(m, "maxItems", lo+3)
	if depth >= maxDepth {
		hi = lo
	}
	n := lo + g.rnd.IntN(hi-lo+1)
	unique := m["uniqueItems"] == true
	out := make([]any, 0, n)
	seen := map[string]bool{}
	for range n {
		item := g.value(m["items"], loc+"/items", depth+1)
		for try := 0; unique && try < 8; try++ {
			b, _ := json.Marshal(item)
			if !seen[string(b)] {
				seen[string(b)] = true
				break
			}
			item = g.value(m["items"], loc+"/items", depth+1)
		}
		out = append(out, item)
	}
	return out
}

func (g *instanceGen) str(m map[string]any) any {
	if m["contentEncoding"] == "base64" {
		b := make([]byte, g.rnd.IntN(8))
		for i := range b {
			b[i] = byte(g.rnd.IntN(256))
		}
		return base64.StdEncoding.EncodeToString(b)
	}
	if f, ok := m["format"].(string); ok {
		if s := g.format(f); s != "" {
			return s
		}
	}
	lo := intKeyword(m, "minLength", 0)
	if p, ok := m["pattern"].(string); ok {
		hi := intKeyword(m, "maxLength", math.MaxInt)
		for range 16 {
			if s, ok := g.matching(p); ok && utf8.RuneCountInString(s) >= lo && utf8.RuneCountInString(s) <= hi {
				return s
			}
		}
	}
	hi := intKeyword(m, "maxLength", lo+8)
	n := lo + g.rnd.IntN(hi-lo+1)
	const alphabet = "abcxyz019 _-é日\"`\\"
	runes := []rune(alphabet)
	var b strings.Builder
	for range n {
		b.WriteRune(runes[g.rnd.IntN(len(runes))])
	}
	return b.String()
}

func (g *instanceGen) format(f string) string {
	r := g.rnd
	switch f {
	case "date-time":
		return fmt.Sprintf("20%02d-%02d-%02dT%02d:%02d:%02d%s", r.IntN(100), 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60), []string{"Z", "+02:00", ".5Z"}[r.IntN(3)])
	case "date":
		return fmt.Sprintf("20%02d-%02d-%02d", r.IntN(100), 1+r.IntN(12), 1+r.IntN(28))
	case "time":
		return fmt.Sprintf("%02d:%02d:%02dZ", r.IntN(24), r.IntN(60), r.IntN(60))
	case "email":
		return fmt.Sprintf("user%d@example.com", r.IntN(100))
	case "uri":
		return fmt.Sprintf("https://example.com/p/%d?q=%d", r.IntN(100), r.IntN(10))
	case "uuid":
		return fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x", r.Uint32(), r.IntN(1<<16), r.IntN(1<<12), r.IntN(1<<12), r.Uint64()&(1<<48-1))
	case "ipv4":
		return fmt.Sprintf("%d.%d.%d.%d", r.IntN(256), r.IntN(256), r.IntN(256), r.IntN(256))
	case "ipv6":
		return fmt.Sprintf("2001:db8::%x", r.IntN(1<<16))
	case "hostname":
		return fmt.Sprintf("host%d.example.org", r.IntN(100))
	}
	return ""
}

func (g *instanceGen) number(m map[string]any, integer bool) any {
	lo, hi := -1000.0, 1000.0
	if v, ok := numKeyword(m, "minimum"); ok {
		lo = v
	}
	if v, ok := numKeyword(m, "maximum"); ok {
		hi = v
	}
	exLo, hasExLo := numKeyword(m, "exclusiveMinimum")
	exHi, hasExHi := numKeyword(m, "exclusiveMaximum")
	if hasExLo {
		lo = math.Max(lo, exLo)
	}
	if hasExHi {
		hi = math.Min(hi, exHi)
	}
	if hi-lo > 2000 { // keep unbounded sides near the bounded one
		switch {
		case lo > -1000:
			hi = lo + 2000
		case hi < 1000:
			lo = hi - 2000
		default:
			lo, hi = -1000, 1000
		}
	}
	if integer {
		step := 1.0
		if v, ok := numKeyword(m, "multipleOf"); ok {
			step = v
		}
		first, last := math.Ceil(lo/step), math.Floor(hi/step)
		if last < first {
			return json.Number("0")
		}
		var k float64
		switch g.rnd.IntN(4) { // the bounds, now and then
		case 0:
			k = first
		case 1:
			k = last
		default:
			k = first + float64(g.rnd.IntN(int(last-first)+1))
		}
		return json.Number(new(big.Float).SetFloat64(k*step).Text('f', 0))
	}
	v := lo + g.rnd.Float64()*(hi-lo)
	if r := math.Round(v); g.rnd.IntN(4) == 0 && r >= lo && r <= hi && !(hasExLo && r == exLo) && !(hasExHi && r == exHi) {
		v = r // a whole number, now and then
	}
	if step, ok := numKeyword(m, "multipleOf"); ok {
		v = math.Round(v/step) * step
	}
	return json.Number(fmt.Sprint(v))
}

func (g *instanceGen) anyValue(depth int) any {
	n := 6
	if depth >= maxDepth {
		n = 4
	}
	switch g.rnd.IntN(n) {
	case 0:
		return nil
	case 1:
		return g.rnd.IntN(2) == 0
	case 2:
		return json.Number(fmt.Sprint(g.rnd.IntN(2000) - 1000))
	case 3:
		return fmt.Sprintf("s%d", g.rnd.IntN(100))
	case 4:
		return []any{g.anyValue(depth + 1)}
	}
	return map[string]any{"k": g.anyValue(depth + 1)}
}

// matching draws a string that the regular expression matches, for the
// constructs JSON Schema patterns use.
func (g *instanceGen) matching(pattern string) (string, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	ok := g.emitRegexp(&b, re.Simplify())
	return b.String(), ok
}

func (g *instanceGen) emitRegexp(b *strings.Builder, re *syntax.Regexp) bool {
	repeat := func(lo, hi int) bool {
		if hi < 0 {
			hi = lo + 3
		}
		for range lo + g.rnd.IntN(hi-lo+1) {
			if !g.emitRegexp(b, re.Sub[0]) {
				return false
			}
		}
		return true
	}
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText:
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			b.WriteRune(r)
		}
	case syntax.OpCharClass:
		if len(re.Rune) == 0 {
			return false
		}
		i := g.rnd.IntN(len(re.Rune)/2) * 2
		lo, hi := re.Rune[i], min(re.Rune[i+1], re.Rune[i]+64, utf8.MaxRune)
		b.WriteRune(lo + rune(g.rnd.IntN(int(hi-lo)+1)))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('a' + byte(g.rnd.IntN(26)))
	case syntax.OpCapture:
		return g.emitRegexp(b, re.Sub[0])
	case syntax.OpStar:
		return repeat(0, -1)
	case syntax.OpPlus:
		return repeat(1, -1)
	case syntax.OpQuest:
		return repeat(0, 1)
	case syntax.OpRepeat:
		return repeat(re.Min, re.Max)
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !g.emitRegexp(b, sub) {
				return false
			}
		}
	case syntax.OpAlternate:
		return g.emitRegexp(b, re.Sub[g.rnd.IntN(len(re.Sub))])
	default:
		return false
	}
	return true
}

func intKeyword(m map[string]any, key string, def int) int {
	if v, ok := numKeyword(m, key); ok {
		return int(v)
	}
	return def
}

func numKeyword(m map[string]any, key string) (float64, bool) {
	n, ok := m[key].(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}
