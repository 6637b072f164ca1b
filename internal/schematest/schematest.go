// Package schematest supports property tests over JSON Schemas: it compiles
// schemas with an independent validator (santhosh-tekuri/jsonschema, draft
// 2020-12, formats asserted), generates instances from a schema, valid
// ones and near misses made by mutating them, and generates schemas
// themselves ([RandomSchema]) over the classes a union flattener has to
// survive.
//
// The generators aim at valid instances and compilable schemas but do not
// promise them: callers keep what the validator accepts. Both are
// deterministic for a seed. Only tests import this package.
package schematest

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
	"strconv"
	"strings"
	"unicode/utf8"

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

// New returns a generator for a schema document, deterministic for a seed.
func New(schema []byte, seed uint64) (*Generator, error) {
	root, err := Parse(schema)
	if err != nil {
		return nil, err
	}
	return &Generator{root: root, rnd: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), chosen: map[string]bool{}, seen: map[string]int{}, edges: map[string][]json.Number{}}, nil
}

// Marshal writes an instance as JSON, numbers exact.
func Marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// Generator draws random JSON values that aim to satisfy a schema. It
// honours the keywords unionflat's schemas use; what it gets wrong
// (uniqueness, a pattern with a length limit) the caller filters out with
// a real validator.
type Generator struct {
	root any
	rnd  *rand.Rand
	// chosen collects "location oneOf i" for each branch taken while
	// drawing the current instance.
	chosen map[string]bool
	// seen lists every oneOf/anyOf met, with its number of branches.
	seen map[string]int
	// edges caches validEdges by numeric keywords.
	edges map[string][]json.Number
	// wide is set by Widen.
	wide bool
	// keys lists every property name the document declares, sorted.
	keys []string
	// resources maps each $id and each "#anchor" to its schema.
	resources map[string]any
}

// Widen makes the generator also draw from the positions a plain
// generator passes over, so that instances reach what a flattener must
// not widen: the body of a not (an instance of a near copy of the body
// may satisfy the original not), the branches of if/then/else, items
// that satisfy contains, keys that match patternProperties, the schemas
// of dependentSchemas, and open objects that receive a key some other
// schema of the document declares (with any value). It also resolves
// $refs to a $id or an $anchor. A widened generator draws different
// values for the same seed than a plain one; it is deterministic too.
func (g *Generator) Widen() {
	g.wide = true
	g.resources = map[string]any{}
	keys := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch t := v.(type) {
		case map[string]any:
			if id, ok := t["$id"].(string); ok {
				g.resources[strings.TrimSuffix(id, "#")] = t
			}
			if a, ok := t["$anchor"].(string); ok {
				g.resources["#"+a] = t
			}
			if props, ok := t["properties"].(map[string]any); ok {
				for k := range props {
					keys[k] = true
				}
			}
			for _, k := range sortedKeys(t) {
				walk(t[k])
			}
		case []any:
			for _, e := range t {
				walk(e)
			}
		}
	}
	walk(g.root)
	g.keys = sortedKeys(anyMap(keys))
}

// maxDepth bounds recursion: past it, optional members are left out and
// arrays are kept at their minimum length.
const maxDepth = 6

// Value draws one instance of the whole schema.
func (g *Generator) Value() any {
	g.chosen = map[string]bool{}
	return g.value(g.root, "#", 0)
}

// Chosen lists the oneOf branches the last Value took, as
// "location oneOf i".
func (g *Generator) Chosen() []string {
	out := make([]string, 0, len(g.chosen))
	for c := range g.chosen {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// Branches lists every oneOf branch met so far, as "location oneOf i".
func (g *Generator) Branches() []string {
	var out []string
	for loc, n := range g.seen {
		for i := range n {
			out = append(out, fmt.Sprintf("%s oneOf %d", loc, i))
		}
	}
	slices.Sort(out)
	return out
}

// hardDepth ends recursion that required properties would never end;
// what comes out past it is invalid, and callers filter it out.
const hardDepth = 4 * maxDepth

func (g *Generator) value(s any, loc string, depth int) any {
	if depth > hardDepth {
		return nil
	}
	m, ok := s.(map[string]any)
	if !ok {
		if s == false {
			return nil // nothing is valid; the filter drops it
		}
		return g.anyValue(depth)
	}
	if ref, ok := m["$ref"].(string); ok {
		target := g.resolve(ref)
		if tm, isMap := target.(map[string]any); isMap && len(m) > 1 {
			// Keywords beside a $ref apply too.
			return g.value(merge(without(m, "$ref"), tm), ref, depth+1)
		}
		return g.value(target, ref, depth+1)
	}
	if g.wide {
		if w, ok := g.widened(m); ok {
			return g.value(w, loc, depth+1)
		}
	}
	if list, ok := m["allOf"].([]any); ok {
		merged := without(m, "allOf")
		for _, it := range list {
			if im, isMap := g.deref(it).(map[string]any); isMap {
				merged = merge(merged, im)
			}
		}
		return g.value(merged, loc, depth+1)
	}
	for _, k := range []string{"oneOf", "anyOf"} {
		if list, ok := m[k].([]any); ok && len(list) > 0 {
			if k == "oneOf" {
				g.seen[loc] = len(list)
			}
			i := g.pick(list, depth)
			if k == "oneOf" {
				g.chosen[fmt.Sprintf("%s oneOf %d", loc, i)] = true
			}
			branch := list[i]
			rest := without(m, k)
			if bm, isMap := g.deref(branch).(map[string]any); isMap && len(rest) > 0 {
				// Keywords beside the union apply to the chosen member too;
				// one level deeper, as a $ref the member may have been is.
				return g.value(merge(rest, bm), fmt.Sprintf("%s/%s/%d", loc, k, i), depth+1)
			}
			return g.value(branch, fmt.Sprintf("%s/%s/%d", loc, k, i), depth)
		}
	}
	if c, ok := m["const"]; ok {
		return c
	}
	if e, ok := m["enum"].([]any); ok && len(e) > 0 {
		v := e[g.rnd.IntN(len(e))]
		if n, isNumber := v.(json.Number); isNumber && g.rnd.IntN(3) == 0 {
			return g.respell(n)
		}
		return v
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

func (g *Generator) pickType(m map[string]any) string {
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

// pick chooses a union member; deep down it prefers members without a
// $ref, so that recursive schemas end.
func (g *Generator) pick(list []any, depth int) int {
	if depth > maxDepth {
		var plain []int
		for i, b := range list {
			if !strings.Contains(string(Marshal(g.deref(b))), `"$ref"`) {
				plain = append(plain, i)
			}
		}
		if len(plain) > 0 {
			return plain[g.rnd.IntN(len(plain))]
		}
	}
	return g.rnd.IntN(len(list))
}

// deref follows a schema that is only a $ref, a few hops.
func (g *Generator) deref(s any) any {
	for range 8 {
		m, ok := s.(map[string]any)
		if !ok || len(m) != 1 {
			return s
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			return s
		}
		s = g.resolve(ref)
	}
	return s
}

func (g *Generator) resolve(ref string) any {
	var cur any = g.root
	if g.wide {
		base, frag, _ := strings.Cut(ref, "#")
		if r, ok := g.resources["#"+frag]; ok && base == "" {
			return r
		}
		if r, ok := g.resources[base]; ok {
			cur = r
		}
		ref = "#" + frag
	}
	for _, tok := range strings.Split(strings.TrimPrefix(ref, "#"), "/")[1:] {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		m, _ := cur.(map[string]any)
		cur = m[tok]
	}
	return cur
}

func (g *Generator) object(m map[string]any, loc string, depth int) any {
	if g.wide {
		m = g.dependents(m)
	}
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
	for _, name := range sortedKeys(anyMap(required)) {
		if _, declared := props[name]; !declared {
			out[name] = g.anyValue(depth + 1) // required, with no schema of its own
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
		key := "x-extra"
		if g.wide && len(g.keys) > 0 && g.rnd.IntN(2) == 0 {
			key = g.keys[g.rnd.IntN(len(g.keys))] // declared elsewhere
		}
		if _, taken := out[key]; !taken {
			out[key] = g.anyValue(depth + 1)
		}
	}
	if g.wide {
		g.patternKeys(m, out, loc, depth)
	}
	return out
}

// widened rewrites a schema whose not or if keyword a widened generator
// follows; ok is false when it leaves the schema to the usual path.
func (g *Generator) widened(m map[string]any) (map[string]any, bool) {
	if body, ok := m["not"].(map[string]any); ok && g.rnd.IntN(3) == 0 {
		return merge(without(m, "not"), body), true
	}
	cond, ok := m["if"].(map[string]any)
	if !ok {
		return nil, false
	}
	rest := without(without(without(m, "if"), "then"), "else")
	if g.rnd.IntN(2) == 0 {
		out := merge(rest, cond)
		if then, ok := m["then"].(map[string]any); ok {
			out = merge(out, then)
		}
		return out, true
	}
	if els, ok := m["else"].(map[string]any); ok {
		return merge(rest, els), true
	}
	return rest, true
}

// dependents merges, now and then, a dependentSchemas entry into an
// object schema and requires its trigger key.
func (g *Generator) dependents(m map[string]any) map[string]any {
	deps, ok := m["dependentSchemas"].(map[string]any)
	if !ok {
		return m
	}
	for _, k := range sortedKeys(deps) {
		if dm, isMap := deps[k].(map[string]any); isMap && g.rnd.IntN(2) == 0 {
			m = merge(merge(m, dm), map[string]any{"required": []any{k}})
		}
	}
	return m
}

// patternKeys adds, now and then, a key matching each pattern property.
func (g *Generator) patternKeys(m, out map[string]any, loc string, depth int) {
	pp, _ := m["patternProperties"].(map[string]any)
	for _, p := range sortedKeys(pp) {
		if depth >= maxDepth || g.rnd.IntN(2) == 0 {
			continue
		}
		if key, ok := g.matching(p); ok {
			if _, taken := out[key]; !taken {
				out[key] = g.value(pp[p], loc+"/patternProperties/"+escapePointer(p), depth+1)
			}
		}
	}
}

func (g *Generator) array(m map[string]any, loc string, depth int) any {
	lo := intKeyword(m, "minItems", 0)
	hi := intKeyword(m, "maxItems", lo+3)
	if depth >= maxDepth {
		hi = lo
	}
	n := lo + g.rnd.IntN(hi-lo+1)
	unique := m["uniqueItems"] == true
	out := make([]any, 0, n)
	seen := map[string]bool{}
	prefix, _ := m["prefixItems"].([]any)
	n = max(n, len(prefix))
	for i, p := range prefix {
		out = append(out, g.value(p, fmt.Sprintf("%s/prefixItems/%d", loc, i), depth+1))
	}
	for range n - len(prefix) {
		item := g.value(m["items"], loc+"/items", depth+1)
		for try := 0; unique && try < 8; try++ {
			b := canonical(item)
			if !seen[b] {
				seen[b] = true
				break
			}
			item = g.value(m["items"], loc+"/items", depth+1)
		}
		out = append(out, item)
	}
	if c, ok := m["contains"]; ok && g.wide {
		lo := intKeyword(m, "minContains", 1)
		hi := intKeyword(m, "maxContains", lo+2)
		for range lo + g.rnd.IntN(max(hi-lo, 0)+1) {
			out = append(out, g.value(c, loc+"/contains", depth+1))
		}
	}
	return out
}

func (g *Generator) str(m map[string]any) any {
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

func (g *Generator) format(f string) string {
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

func (g *Generator) number(m map[string]any, integer bool) any {
	if g.rnd.IntN(10) == 0 { // an edge, now and then: each instance holds many numbers
		if edges := g.validEdges(m, integer); len(edges) > 0 {
			return edges[g.rnd.IntN(len(edges))]
		}
	}
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

// specialNumbers are numbers every numeric rule meets: zero written as
// -0, tiny and huge exponents, exponents in capitals, long decimals.
var specialNumbers = []string{"-0", "0.0", "0e5", "1e-400", "-1e-400", "1e400", "-1e400", "1E+2", "1e-310", "5e-324",
	"0.1000000000000000055511151231257827021181583404541015625", "3.14159265358979323846264338327950288",
	"1.7976931348623157e308", "1.7976931348623159e308", "3.4028235e38", "3.4028236e38", "1.0e-45"}

// edgeNumbers lists, for a numeric schema, the special numbers and the
// numbers just on, above and below each bound and multiple: the bound
// itself written three ways, and a step of 1, 0.1, 1e-17 and 1e-20 to
// either side, exactly.
func edgeNumbers(m map[string]any) []json.Number {
	var out []json.Number
	for _, s := range specialNumbers {
		out = append(out, json.Number(s))
	}
	steps := []*big.Rat{big.NewRat(1, 1), big.NewRat(1, 10), tenTo(-17), tenTo(-20)}
	around := func(r *big.Rat) {
		for _, st := range steps {
			out = append(out, exactNumber(new(big.Rat).Add(r, st)), exactNumber(new(big.Rat).Sub(r, st)))
		}
	}
	for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
		b, ok := m[k].(json.Number)
		if !ok {
			continue
		}
		r, _ := new(big.Rat).SetString(string(b))
		out = append(out, b, exactNumber(r)+".0", json.Number(r.FloatString(1)+"e0"))
		around(r)
	}
	if step, ok := m["multipleOf"].(json.Number); ok {
		r, _ := new(big.Rat).SetString(string(step))
		for _, k := range []int64{1, 3, 7} {
			multiple := new(big.Rat).Mul(r, big.NewRat(k, 1))
			out = append(out, exactNumber(multiple))
			for _, st := range steps[2:] {
				out = append(out, exactNumber(new(big.Rat).Add(multiple, st)), exactNumber(new(big.Rat).Sub(multiple, st)))
			}
		}
	}
	return out
}

// validEdges are the edge numbers a numeric schema accepts, computed once
// per set of numeric keywords.
func (g *Generator) validEdges(m map[string]any, integer bool) []json.Number {
	key := fmt.Sprint(integer)
	for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"} {
		key += fmt.Sprintf(" %v", m[k])
	}
	if edges, ok := g.edges[key]; ok {
		return edges
	}
	var edges []json.Number
	for _, n := range edgeNumbers(m) {
		if keepsNumberRules(m, n, integer) {
			edges = append(edges, n)
		}
	}
	g.edges[key] = edges
	return edges
}

// keepsNumberRules reports whether n keeps a schema's numeric keywords,
// exactly.
func keepsNumberRules(m map[string]any, n json.Number, integer bool) bool {
	x, ok := new(big.Rat).SetString(string(n))
	if !ok || (integer && !x.IsInt()) {
		return false
	}
	rule := func(k string) (*big.Rat, bool) {
		b, ok := m[k].(json.Number)
		if !ok {
			return nil, false
		}
		return new(big.Rat).SetString(string(b))
	}
	if b, ok := rule("minimum"); ok && x.Cmp(b) < 0 {
		return false
	}
	if b, ok := rule("maximum"); ok && x.Cmp(b) > 0 {
		return false
	}
	if b, ok := rule("exclusiveMinimum"); ok && x.Cmp(b) <= 0 {
		return false
	}
	if b, ok := rule("exclusiveMaximum"); ok && x.Cmp(b) >= 0 {
		return false
	}
	if b, ok := rule("multipleOf"); ok && !new(big.Rat).Quo(x, b).IsInt() {
		return false
	}
	return true
}

func tenTo(e int64) *big.Rat {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(max(e, -e)), nil)
	if e < 0 {
		return new(big.Rat).SetFrac(big.NewInt(1), p)
	}
	return new(big.Rat).SetInt(p)
}

// exactNumber writes a decimal rational (at most 30 fractional digits)
// exactly, without trailing zeros.
func exactNumber(r *big.Rat) json.Number {
	s := r.FloatString(30)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return json.Number(s)
}

// respell writes a number another way: with more zeros or an exponent.
func (g *Generator) respell(n json.Number) json.Number {
	s := string(n)
	switch {
	case strings.ContainsAny(s, "eE"):
		return n
	case g.rnd.IntN(2) == 0:
		return json.Number(s + "e0")
	case strings.Contains(s, "."):
		return json.Number(s + "000")
	}
	return json.Number(s + ".0")
}

func (g *Generator) anyValue(depth int) any {
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
func (g *Generator) matching(pattern string) (string, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	ok := g.emitRegexp(&b, re.Simplify())
	return b.String(), ok
}

func (g *Generator) emitRegexp(b *strings.Builder, re *syntax.Regexp) bool {
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

// merge joins two schemas that both apply, as far as the generator cares:
// properties and required are joined, type arrays intersected, other
// keywords taken from b.
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

func anyMap(set map[string]bool) map[string]any {
	out := make(map[string]any, len(set))
	for k := range set {
		out[k] = true
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

func escapePointer(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// Mutate returns a copy of v with one random change: a key dropped or
// added, a value replaced by another type, a boundary number, an odd
// string, an item removed or repeated. Strings that hold JSON are never
// made, so coercion does not blur the comparison.
func (g *Generator) Mutate(v any) any {
	paths := valuePaths(v, func(any) bool { return true })
	return replaceAt(Clone(v), paths[g.rnd.IntN(len(paths))], g.mutateNode)
}

// valuePaths are the paths (keys and indexes) of the values of v that
// keep reports true for, parents first and object members in key order.
func valuePaths(v any, keep func(any) bool) [][]any {
	var paths [][]any
	var walk func(x any, path []any)
	walk = func(x any, path []any) {
		if keep(x) {
			paths = append(paths, slices.Clone(path))
		}
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
	return paths
}

// replaceAt replaces the value at path in v, which it changes, with what
// change makes of it.
func replaceAt(v any, path []any, change func(any) any) any {
	if len(path) == 0 {
		return change(v)
	}
	switch t := v.(type) {
	case map[string]any:
		k := path[0].(string)
		t[k] = replaceAt(t[k], path[1:], change)
	case []any:
		i := path[0].(int)
		t[i] = replaceAt(t[i], path[1:], change)
	}
	return v
}

var oddNumbers = []string{"0", "-1", "1", "1.5", "255", "256", "360", "4097", "10001", "1e30", "-9223372036854775809", "9223372036854775807", "0.3", "100.5",
	"-0", "1e-400", "1e400", "1E+2", "10000.0000000000000001", "1.0000000000000000001", "1.5000000000000001", "0.9999999999999999999", "359.99999999999999999"}
var oddStrings = []string{"", "A", "not a uuid", "nope@", "@b.c", "http//x", "2026-13-01", "25:00:00Z", "999.1.1.1", ":::", "-bad-.com", "#GGGGGG", strings.Repeat("long", 60)}

func (g *Generator) mutateNode(v any) any {
	switch x := v.(type) {
	case map[string]any:
		keys := sortedKeys(x)
		switch {
		case len(keys) > 0 && g.rnd.IntN(2) == 0:
			delete(x, keys[g.rnd.IntN(len(keys))])
		case g.rnd.IntN(2) == 0 && len(keys) > 0:
			k := keys[g.rnd.IntN(len(keys))]
			x[k] = g.otherType(x[k])
		default:
			x["surprise"] = json.Number("1")
		}
		return x
	case []any:
		switch {
		case len(x) > 0 && g.rnd.IntN(3) == 0:
			return x[1:]
		case len(x) > 0 && g.rnd.IntN(2) == 0:
			return append(x, Clone(x[0]))
		}
		return []any{}
	case json.Number:
		switch g.rnd.IntN(4) {
		case 0:
			return g.otherType(x)
		case 1:
			return g.nudge(x)
		}
		return json.Number(oddNumbers[g.rnd.IntN(len(oddNumbers))])
	case string:
		if g.rnd.IntN(4) == 0 {
			return g.otherType(x)
		}
		return oddStrings[g.rnd.IntN(len(oddStrings))]
	}
	return g.otherType(v)
}

// canonical is a value's JSON text with numbers written one way, so that
// 1, 1.0 and 1e0 count as the same item.
func canonical(v any) string {
	switch x := v.(type) {
	case json.Number:
		if r, ok := new(big.Rat).SetString(string(x)); ok {
			return r.String()
		}
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = canonical(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case map[string]any:
		var parts []string
		for _, k := range sortedKeys(x) {
			parts = append(parts, strconv.Quote(k)+":"+canonical(x[k]))
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	return string(Marshal(v))
}

// nudge moves a number by 1, 1e-17 or 1e-20 to either side, exactly, or
// writes it another way: a number on a bound or a multiple becomes one
// just beyond it.
func (g *Generator) nudge(n json.Number) json.Number {
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return n
	}
	if g.rnd.IntN(4) == 0 {
		return g.respell(n)
	}
	step := []*big.Rat{big.NewRat(1, 1), tenTo(-17), tenTo(-20)}[g.rnd.IntN(3)]
	if g.rnd.IntN(2) == 0 {
		step.Neg(step)
	}
	return exactNumber(r.Add(r, step))
}

func (g *Generator) otherType(v any) any {
	options := []any{nil, true, json.Number("7"), "seven", []any{}, map[string]any{}}
	for {
		o := options[g.rnd.IntN(len(options))]
		if fmt.Sprintf("%T", o) != fmt.Sprintf("%T", v) {
			return o
		}
	}
}

// Clone returns a deep copy of a decoded JSON value.
func Clone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = Clone(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = Clone(e)
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
