package flatten_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"net/url"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/internal/schematest"
)

var (
	adversarialN      = flag.Int("adversarial.n", 300, "TestAdversarial: how many generated schemas")
	adversarialSeed   = flag.Uint64("adversarial.seed", 1, "TestAdversarial: the seed of the first schema (schema i has seed+i)")
	adversarialDraws  = flag.Int("adversarial.draws", 24, "TestAdversarial: candidate instances drawn per schema and source")
	adversarialShrink = flag.Int("adversarial.shrink", 300, "TestAdversarial: attempts spent shrinking each reproduction (0: none)")
	adversarialRepros = flag.Int("adversarial.repros", 3, "TestAdversarial: reproductions shown per failure kind")
	adversarialByRow  = flag.Bool("adversarial.byoptions", false, "TestAdversarial: show -adversarial.repros reproductions per failure kind and option row, tolerated ones too")
	adversarialOut    = flag.String("adversarial.out", "", "TestAdversarial: write the failures (up to 200 per kind and options) as JSON lines to this file")
)

// adversarialRow is one combination of options TestAdversarial runs
// every schema under. tolerateRule3 says whether rejections of DESIGN
// rule 3's kind are the documented reading of that row (they are for
// every row without Options.Strict), rather than failures.
type adversarialRow struct {
	name          string
	opts          flatten.Options
	tolerateRule3 bool
}

var adversarialRows = []adversarialRow{
	{"default", flatten.Options{}, true},
	{"inline", flatten.Options{InlineRefs: true}, true},
	{"nullable", flatten.Options{NullableTypes: true}, true},
	{"inline+nullable", flatten.Options{InlineRefs: true, NullableTypes: true}, true},
	{"strict", flatten.Options{Strict: true}, false},
	{"strict+inline+nullable", flatten.Options{Strict: true, InlineRefs: true, NullableTypes: true}, false},
}

// failureKind classifies what went wrong with one schema under one row.
type failureKind int

const (
	failPanic            failureKind = iota // flatten.JSON panicked, on the input or on its own output
	failError                               // flatten.JSON returned an error on well-formed JSON
	failMutated                             // the input bytes changed
	failNondeterministic                    // two runs on the same input differ
	failNoCompile                           // the input compiles, the output does not
	failRejected                            // an instance valid under the input is rejected by the output
	failRule3                               // a rejection of DESIGN rule 3's kind (see rule3Rejection)
	failRule3ByStrict                       // one rule3Rejection cannot tell, which the Strict output accepts (see byStrict)
	failNotIdempotent                       // flattening the output again changes it
	numFailureKinds
)

var failureNames = [numFailureKinds]string{"panic", "error", "mutated", "nondeterministic", "nocompile", "rejected", "rule3", "rule3bystrict", "notidempotent"}

// tolerable reports whether a failure kind is of rule 3's kind, which the
// rows that keep the default reading tolerate.
func (k failureKind) tolerable() bool { return k == failRule3 || k == failRule3ByStrict }

func (k failureKind) String() string { return failureNames[k] }

type adversarialFailure struct {
	kind     failureKind
	row      int
	seed     uint64
	schema   []byte
	instance []byte // rejections only
	detail   string
}

// schemaOutcome is what one generated schema gave under every row.
type schemaOutcome struct {
	skipped  bool // the input does not compile: only panics are judged
	valid    int  // instances valid under the input
	failures []adversarialFailure
	// counts[row][kind] counts schemas, except for the two rejection
	// kinds, which count instances.
	counts [][numFailureKinds]int
}

// TestAdversarial runs flatten.JSON over generated schemas
// (schematest.RandomSchema: unions in every position, kept unions, $ref
// chains and recursion, identifiers, the three nullable spellings, every
// collision kind, open and closed members, every discriminator spelling,
// escaped and Unicode keys) under every row of adversarialRows, with
// instances drawn from the input and from each output and kept only when
// santhosh-tekuri/jsonschema accepts them under the input.
//
// Each failure is classified (see failureKind). Rejections of DESIGN rule
// 3's kind are counted apart and tolerated where the row says so. The
// test logs one summary line and fails on any other failure, with a
// shrunk reproduction (schema, instance, options) of the first few of
// each kind.
//
// The short run (300 schemas) is part of go test ./flatten. The long run:
//
//	go test ./flatten -run Adversarial -adversarial.n=30000 -v
//
// Other flags: -adversarial.seed (first seed), -adversarial.draws
// (candidate instances per source), -adversarial.shrink (shrinking
// attempts per reproduction), -adversarial.out (failures as JSON lines).
func TestAdversarial(t *testing.T) {
	n := *adversarialN
	outcomes := make([]schemaOutcome, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				outcomes[i] = runAdversarial(*adversarialSeed + uint64(i))
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()

	counts := make([][numFailureKinds]int, len(adversarialRows))
	var byKind [numFailureKinds][]adversarialFailure
	skipped, valid := 0, 0
	for _, o := range outcomes {
		if o.skipped {
			skipped++
		}
		valid += o.valid
		for r := range o.counts {
			for k, c := range o.counts[r] {
				counts[r][k] += c
			}
		}
		for _, f := range o.failures {
			byKind[f.kind] = append(byKind[f.kind], f)
		}
	}
	t.Log(adversarialSummary(n, skipped, valid, counts))
	if *adversarialOut != "" {
		writeFailures(t, *adversarialOut, byKind)
	}
	for k := range numFailureKinds {
		reportFailures(t, byKind[k])
	}
}

// reportFailures shows shrunk reproductions of one kind's failures: the
// first -adversarial.repros seeds, each once with the rows it fails under,
// or with -adversarial.byoptions that many per row, tolerated ones as logs.
func reportFailures(t *testing.T, failures []adversarialFailure) {
	rowsOf := map[uint64][]string{}
	for _, f := range failures {
		if !adversarialRows[f.row].tolerateRule3 || !f.kind.tolerable() {
			rowsOf[f.seed] = append(rowsOf[f.seed], adversarialRows[f.row].name)
		}
	}
	shown, seen := map[int]int{}, map[uint64]bool{}
	for _, f := range failures {
		tolerated := f.kind.tolerable() && adversarialRows[f.row].tolerateRule3
		group := 0
		switch {
		case *adversarialByRow:
			group = f.row
		case tolerated || seen[f.seed]:
			continue
		}
		if shown[group] == *adversarialRepros {
			continue
		}
		shown[group]++
		seen[f.seed] = true
		f = shrinkFailure(f, *adversarialShrink)
		switch {
		case tolerated:
			t.Logf("tolerated: %s", describeFailure(f))
		case *adversarialByRow:
			t.Errorf("%s", describeFailure(f))
		default:
			t.Errorf("%s\n  (seed %d fails this way under: %s)", describeFailure(f), f.seed, strings.Join(rowsOf[f.seed], ", "))
		}
	}
}

func adversarialSummary(n, skipped, valid int, counts [][numFailureKinds]int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "adversarial: %d schemas (%d skipped: the input does not compile), %d valid instances;", n, skipped, valid)
	for r, row := range adversarialRows {
		fmt.Fprintf(&b, " %s:", row.name)
		for k := range numFailureKinds {
			fmt.Fprintf(&b, " %s=%d", k, counts[r][k])
		}
		if row.tolerateRule3 {
			b.WriteString(" (rule3 and rule3bystrict tolerated)")
		}
		b.WriteString(";")
	}
	b.WriteString(" rejected, rule3 and rule3bystrict count instances, the other kinds schemas")
	return b.String()
}

func describeFailure(f adversarialFailure) string {
	row := adversarialRows[f.row]
	var b strings.Builder
	fmt.Fprintf(&b, "%s under %s (seed %d)\n  options:  %+v\n  schema:   %s\n", f.kind, row.name, f.seed, row.opts, f.schema)
	if f.instance != nil {
		fmt.Fprintf(&b, "  instance: %s\n", f.instance)
	}
	fmt.Fprintf(&b, "  %s", strings.ReplaceAll(f.detail, "\n", "\n  "))
	return b.String()
}

func writeFailures(t *testing.T, path string, byKind [numFailureKinds][]adversarialFailure) {
	var buf bytes.Buffer
	for k := range numFailureKinds {
		perRow := map[int]int{}
		for _, f := range byKind[k] {
			if perRow[f.row]++; perRow[f.row] > 200 {
				continue
			}
			line, _ := json.Marshal(map[string]any{
				"kind": f.kind.String(), "options": adversarialRows[f.row].name, "seed": f.seed,
				"schema": json.RawMessage(f.schema), "instance": rawOrNull(f.instance), "detail": f.detail,
			})
			buf.Write(append(line, '\n'))
		}
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Error(err)
	}
}

func rawOrNull(b []byte) json.RawMessage {
	if b == nil {
		return json.RawMessage("null")
	}
	return b
}

// flattenRun is one call of flatten.JSON with its panic caught.
type flattenRun struct {
	res      flatten.Result
	err      error
	panicked any
}

func safeFlatten(doc []byte, opts flatten.Options) (run flattenRun) {
	defer func() {
		if p := recover(); p != nil {
			run.panicked = p
		}
	}()
	run.res, run.err = flatten.JSON(doc, opts)
	return run
}

// runAdversarial generates the schema of one seed and judges flatten on
// it under every row.
func runAdversarial(seed uint64) schemaOutcome {
	doc := schematest.RandomSchema(seed)
	o := schemaOutcome{counts: make([][numFailureKinds]int, len(adversarialRows))}
	fail := func(row int, kind failureKind, instance []byte, detail string) {
		o.counts[row][kind]++
		o.failures = append(o.failures, adversarialFailure{kind, row, seed, doc, instance, detail})
	}
	orig, compiles := tryCompile(mustParse(doc))
	o.skipped = !compiles
	outs := make([][]byte, len(adversarialRows))
	for r, row := range adversarialRows {
		kind, detail, out := judgeRun(doc, row.opts, compiles)
		if kind >= 0 {
			fail(r, kind, nil, detail)
		}
		outs[r] = out
	}
	if !compiles {
		return o
	}
	flats := make([]*jsonschema.Schema, len(adversarialRows))
	for r, out := range outs {
		if out == nil {
			continue
		}
		if flat, err := compileOutput(out); err == nil {
			flats[r] = flat
		} else {
			fail(r, failNoCompile, nil, noCompileDetail(out, err))
		}
	}
	instances := validInstances(doc, outs, orig, seed)
	o.valid = len(instances)
	judge := newMemberJudge(doc)
	for r, flat := range flats {
		if flat == nil {
			continue
		}
		var strict *jsonschema.Schema // compiled on first need
		reported := map[failureKind]bool{}
		for _, inst := range instances {
			err := flat.Validate(inst)
			if err == nil {
				continue
			}
			kind := failRejected
			switch {
			case rule3Rejection(judge, flat, inst):
				kind = failRule3
			case adversarialRows[r].tolerateRule3 && byStrict(doc, adversarialRows[r].opts, &strict, inst):
				kind = failRule3ByStrict
			}
			o.counts[r][kind]++
			if !reported[kind] {
				reported[kind] = true
				o.failures = append(o.failures, adversarialFailure{kind, r, seed, doc, schematest.Marshal(inst), rejectionDetail(outs[r], err)})
			}
		}
	}
	return o
}

// byStrict reports whether the output of doc under opts with Strict
// added accepts inst, compiling that output into *strict on first use.
// It classifies the rejections rule3Rejection cannot explain on its own
// (a member that declares nothing because it is an allOf, a failure that
// unevaluatedProperties adds beside the foreign key): Strict differs from
// the default reading only in what rule 3 trades (each member contributes
// what it allows for a key it does not declare), and the Strict rows are
// judged here with no tolerance at all, so an instance the Strict output
// accepts and the default output rejects was rejected by rule 3's reading
// and by nothing else. They are counted apart from rule3, as
// rule3bystrict, so that the summary shows how many the precise
// classifier leaves.
func byStrict(doc []byte, opts flatten.Options, strict **jsonschema.Schema, inst any) bool {
	if *strict == nil {
		opts.Strict = true
		run := safeFlatten(doc, opts)
		if run.panicked != nil || run.err != nil {
			return false
		}
		flat, err := compileOutput(run.res.Schema)
		if err != nil {
			return false
		}
		*strict = flat
	}
	return (*strict).Validate(inst) == nil
}

// compileOutput compiles a flat document as tryCompile does, keeping
// the error.
func compileOutput(out []byte) (*jsonschema.Schema, error) {
	return compileDoc(mustParse(out))
}

// compileDoc compiles doc as the document at urn:test:schema.json, in
// draft 2020-12 with formats asserted and no remote schemas.
//
// santhosh registers an $anchor only once it has compiled the schema
// that declares it, so a "#name" reference resolves or not depending on
// the order in which it reaches the two; an anchor inside an unknown
// keyword ("components", say) is found only if a JSON Pointer reference
// led there first. Flattening moves subschemas, and with them that
// order. compileDoc first compiles every place that declares an anchor
// (ignoring those that do not compile), so that a document's anchors
// resolve whatever the order: the input and its flat form are judged
// alike.
func compileDoc(doc any) (*jsonschema.Schema, error) {
	c, err := judgeCompiler(doc)
	if err != nil {
		return nil, err
	}
	return c.Compile(adversarialURL)
}

// judgeCompiler is the compiler compileDoc compiles doc with, each of
// its anchors already compiled.
func judgeCompiler(doc any) (*jsonschema.Compiler, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.UseLoader(noRemote{})
	if err := c.AddResource(adversarialURL, doc); err != nil {
		return nil, err
	}
	for _, ptr := range anchorPlaces(doc, "") {
		c.Compile(adversarialURL + (&url.URL{Fragment: ptr}).String())
	}
	return c, nil
}

// anchorPlaces returns the JSON Pointer of every object under v, at ptr,
// that declares an $anchor or a $dynamicAnchor, in document order, but
// for those inside a value (const, enum, default, examples).
func anchorPlaces(v any, ptr string) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		_, a := v["$anchor"].(string)
		_, d := v["$dynamicAnchor"].(string)
		if (a || d) && ptr != "" {
			out = append(out, ptr)
		}
		for _, k := range slices.Sorted(maps.Keys(v)) {
			switch k {
			case "const", "enum", "default", "examples", "example":
				continue // values, not schemas: an $anchor there declares nothing
			}
			out = append(out, anchorPlaces(v[k], ptr+"/"+pointerToken(k))...)
		}
	case []any:
		for i, item := range v {
			out = append(out, anchorPlaces(item, ptr+"/"+strconv.Itoa(i))...)
		}
	}
	return out
}

// pointerToken escapes one JSON Pointer reference token.
func pointerToken(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

func noCompileDetail(out []byte, err error) string {
	return fmt.Sprintf("output: %s\nerror: %v", out, err)
}

func rejectionDetail(out []byte, err error) string {
	return fmt.Sprintf("output: %s\nerror: %v", out, err)
}

// judgeRun flattens doc under opts and checks the promises that need no
// instance: no panic, no error, the input untouched, the same bytes
// twice, the same bytes when flattened again. It returns the first
// failure (or -1) and the output. For an input that does not compile only
// panics and errors count.
func judgeRun(doc []byte, opts flatten.Options, compiles bool) (failureKind, string, []byte) {
	keep := bytes.Clone(doc)
	first := safeFlatten(doc, opts)
	switch {
	case first.panicked != nil:
		return failPanic, fmt.Sprintf("panic: %v (the input compiles: %v)", first.panicked, compiles), nil
	case first.err != nil:
		return failError, "error: " + first.err.Error(), nil
	case !compiles:
		return -1, "", nil
	case !bytes.Equal(doc, keep):
		return failMutated, "input after: " + string(doc), first.res.Schema
	}
	second := safeFlatten(doc, opts)
	if second.panicked != nil || !bytes.Equal(first.res.Schema, second.res.Schema) || fmt.Sprint(first.res.Diagnostics) != fmt.Sprint(second.res.Diagnostics) {
		return failNondeterministic, fmt.Sprintf("first:  %s %v\nsecond: %s %v (panic %v)", first.res.Schema, first.res.Diagnostics, second.res.Schema, second.res.Diagnostics, second.panicked), first.res.Schema
	}
	again := safeFlatten(first.res.Schema, opts)
	switch {
	case again.panicked != nil:
		return failPanic, fmt.Sprintf("panic on its own output %s: %v", first.res.Schema, again.panicked), first.res.Schema
	case again.err != nil || !bytes.Equal(again.res.Schema, first.res.Schema):
		return failNotIdempotent, fmt.Sprintf("once:  %s\ntwice: %s (%v)", first.res.Schema, again.res.Schema, again.err), first.res.Schema
	}
	return -1, "", first.res.Schema
}

// validInstances draws candidates from the input and from every output
// (an output's not, if and contains bodies reach instances the input's
// do not), adds a mutation of each, and keeps, once each, those the input
// accepts.
func validInstances(doc []byte, outs [][]byte, orig *jsonschema.Schema, seed uint64) []any {
	sources := [][]byte{doc}
	for _, out := range outs {
		if out != nil && !slices.ContainsFunc(sources, func(s []byte) bool { return bytes.Equal(s, out) }) {
			sources = append(sources, out)
		}
	}
	seen := map[string]bool{}
	var valid []any
	keep := func(v any) {
		raw := schematest.Marshal(v)
		if seen[string(raw)] {
			return
		}
		seen[string(raw)] = true
		inst, err := schematest.Parse(raw)
		if err == nil && orig.Validate(inst) == nil {
			valid = append(valid, inst)
		}
	}
	for i, src := range sources {
		g, err := schematest.New(src, seed*31+uint64(i))
		if err != nil {
			continue
		}
		g.Widen()
		draws := *adversarialDraws
		if i > 0 {
			draws /= 2
		}
		for range draws {
			v := g.Value()
			keep(v)
			keep(g.Mutate(v))
		}
	}
	return valid
}

func mustParse(doc []byte) any {
	v, err := schematest.Parse(doc)
	if err != nil {
		panic(fmt.Sprintf("generated schema is not JSON: %v\n%s", err, doc))
	}
	return v
}

// rule3Rejection reports whether the flat schema's rejection of inst is of
// DESIGN rule 3's kind: an open member receiving a key that a sibling
// member declares, with a value the sibling's schema for it does not
// allow. Precisely, it holds when inst has at least one foreign key and
// deleting every foreign key makes the flat schema accept inst. A key k of
// the object at instance location p is foreign when, on the path where
// the input validates inst (through $ref, allOf, the members of a union
// that accept the value, then or else as the if decides, properties,
// patternProperties, additionalProperties, prefixItems, items and the
// items that satisfy contains; never under not), some union at p has
//
//   - at least one member that accepts the object at p, judged alone by
//     santhosh-tekuri/jsonschema,
//   - no accepting member that declares k in its properties (through its
//     $refs and allOf), and
//   - at least one other member that declares k.
//
// Such a key is judged by the declaring members only (rule 3's reading),
// so deleting it removes every constraint the flat schema put on it that
// the input did not; a rejection that survives the deletion is a real
// one. The rejection must also be explained by the foreign keys alone:
// every failure santhosh reports must lie at or under a foreign key,
// where a failed anyOf or oneOf (no member matched) needs one member's
// failure explained, a failed contains or minContains one item's, and
// any other failure with causes needs all of them; a failure with no causes elsewhere (a not, a oneOf with two
// matches, a type at the object itself) makes it a real rejection even
// when deleting the keys hides it.
func rule3Rejection(judge *memberJudge, flat *jsonschema.Schema, inst any) bool {
	f := &foreignFinder{judge: judge, seen: map[string]bool{}}
	f.visit(judge.root, "", inst, nil)
	if len(f.keys) == 0 {
		return false
	}
	verr, ok := flat.Validate(inst).(*jsonschema.ValidationError)
	if !ok || !explainedBy(verr, f.keys) {
		return false
	}
	return flat.Validate(withoutKeys(inst, f.keys)) == nil
}

// explainedBy reports whether a validation failure lies at or under the
// given instance locations (see rule3Rejection).
func explainedBy(e *jsonschema.ValidationError, keys [][]string) bool {
	if len(e.Causes) == 0 {
		return slices.ContainsFunc(keys, func(k []string) bool {
			return len(e.InstanceLocation) >= len(k) && slices.Equal(e.InstanceLocation[:len(k)], k)
		})
	}
	explained := func(c *jsonschema.ValidationError) bool { return explainedBy(c, keys) }
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.Contains, *kind.MinContains:
		return slices.ContainsFunc(e.Causes, explained)
	case *kind.OneOf:
		if len(k.Subschemas) == 0 {
			return slices.ContainsFunc(e.Causes, explained)
		}
	}
	return !slices.ContainsFunc(e.Causes, func(c *jsonschema.ValidationError) bool { return !explained(c) })
}

// memberJudge validates an instance against one subschema of the input,
// by its JSON Pointer.
type memberJudge struct {
	root     any
	compiler *jsonschema.Compiler
	schemas  map[string]*jsonschema.Schema
}

const adversarialURL = "urn:test:schema.json"

func newMemberJudge(doc []byte) *memberJudge {
	root := mustParse(doc)
	c, err := judgeCompiler(root)
	if err != nil {
		panic(err)
	}
	return &memberJudge{root: root, compiler: c, schemas: map[string]*jsonschema.Schema{}}
}

func (j *memberJudge) accepts(ptr string, inst any) bool {
	s, ok := j.schemas[ptr]
	if !ok {
		s, _ = j.compiler.Compile(adversarialURL + (&url.URL{Fragment: ptr}).String())
		j.schemas[ptr] = s
	}
	return s != nil && s.Validate(inst) == nil
}

// foreignFinder walks the input schema along an instance and collects
// its foreign keys (see rule3Rejection).
type foreignFinder struct {
	judge *memberJudge
	seen  map[string]bool
	keys  [][]string // instance locations of the foreign keys
}

func (f *foreignFinder) visit(s any, ptr string, inst any, loc []string) {
	m, ok := s.(map[string]any)
	if !ok {
		return
	}
	visitKey := ptr + "\x00" + strings.Join(loc, "\x00")
	if f.seen[visitKey] {
		return
	}
	f.seen[visitKey] = true
	if ref, ok := m["$ref"].(string); ok && strings.HasPrefix(ref, "#/") {
		if target, ok := at(f.judge.root, ref[1:]); ok {
			f.visit(target, ref[1:], inst, loc)
		}
	}
	for i, sub := range schemaList(m["allOf"]) {
		f.visit(sub, fmt.Sprintf("%s/allOf/%d", ptr, i), inst, loc)
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		f.union(m, kw, ptr, inst, loc)
	}
	if cond, ok := m["if"]; ok {
		if f.judge.accepts(ptr+"/if", inst) {
			f.visit(cond, ptr+"/if", inst, loc)
			f.visit(m["then"], ptr+"/then", inst, loc)
		} else {
			f.visit(m["else"], ptr+"/else", inst, loc)
		}
	}
	switch v := inst.(type) {
	case map[string]any:
		f.objectChildren(m, ptr, v, loc)
	case []any:
		f.arrayChildren(m, ptr, v, loc)
	}
}

// union visits the members of m[kw] that accept inst and notes the keys
// they leave to members that do not.
func (f *foreignFinder) union(m map[string]any, kw, ptr string, inst any, loc []string) {
	members := schemaList(m[kw])
	if len(members) == 0 {
		return
	}
	obj, isObject := inst.(map[string]any)
	var accepting, declaring []bool
	anyAccepts := false
	for i, mem := range members {
		mptr := fmt.Sprintf("%s/%s/%d", ptr, kw, i)
		ok := f.judge.accepts(mptr, inst)
		accepting = append(accepting, ok)
		anyAccepts = anyAccepts || ok
		if ok {
			f.visit(mem, mptr, inst, loc)
		}
	}
	if !isObject || !anyAccepts {
		return
	}
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		declaring = declaring[:0]
		for _, mem := range members {
			declaring = append(declaring, declares(f.judge.root, mem, k, 0))
		}
		byAccepting, byOther := false, false
		for i := range members {
			byAccepting = byAccepting || (accepting[i] && declaring[i])
			byOther = byOther || (!accepting[i] && declaring[i])
		}
		if byOther && !byAccepting {
			f.keys = append(f.keys, append(slices.Clone(loc), k))
		}
	}
}

func (f *foreignFinder) objectChildren(m map[string]any, ptr string, obj map[string]any, loc []string) {
	props, _ := m["properties"].(map[string]any)
	patterns, _ := m["patternProperties"].(map[string]any)
	deps, _ := m["dependentSchemas"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		child := append(slices.Clone(loc), k)
		matched := false
		if sub, ok := props[k]; ok {
			matched = true
			f.visit(sub, ptr+"/properties/"+escapeTok(k), obj[k], child)
		}
		for _, p := range slices.Sorted(maps.Keys(patterns)) {
			if re, err := regexp.Compile(p); err == nil && re.MatchString(k) {
				matched = true
				f.visit(patterns[p], ptr+"/patternProperties/"+escapeTok(p), obj[k], child)
			}
		}
		if sub, ok := m["additionalProperties"]; ok && !matched {
			f.visit(sub, ptr+"/additionalProperties", obj[k], child)
		}
		if sub, ok := deps[k]; ok {
			f.visit(sub, ptr+"/dependentSchemas/"+escapeTok(k), obj, loc)
		}
	}
}

func (f *foreignFinder) arrayChildren(m map[string]any, ptr string, arr []any, loc []string) {
	prefix := schemaList(m["prefixItems"])
	for i, item := range arr {
		child := append(slices.Clone(loc), fmt.Sprint(i))
		if i < len(prefix) {
			f.visit(prefix[i], fmt.Sprintf("%s/prefixItems/%d", ptr, i), item, child)
		} else if sub, ok := m["items"]; ok {
			f.visit(sub, ptr+"/items", item, child)
		}
		if sub, ok := m["contains"]; ok && f.judge.accepts(ptr+"/contains", item) {
			f.visit(sub, ptr+"/contains", item, child)
		}
	}
}

// declares reports whether schema s lists key k in its properties,
// directly, through a local $ref or through allOf.
func declares(root, s any, k string, depth int) bool {
	m, ok := s.(map[string]any)
	if !ok || depth > 8 {
		return false
	}
	if props, ok := m["properties"].(map[string]any); ok {
		if _, ok := props[k]; ok {
			return true
		}
	}
	if ref, ok := m["$ref"].(string); ok && strings.HasPrefix(ref, "#") {
		if target, ok := at(root, ref[1:]); ok && declares(root, target, k, depth+1) {
			return true
		}
	}
	for _, sub := range schemaList(m["allOf"]) {
		if declares(root, sub, k, depth+1) {
			return true
		}
	}
	return false
}

func schemaList(v any) []any {
	list, _ := v.([]any)
	return list
}

func escapeTok(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// withoutKeys returns a copy of inst with the keys at the given instance
// locations deleted.
func withoutKeys(inst any, keys [][]string) any {
	out := schematest.Clone(inst)
	for _, loc := range keys {
		cur := out
		for _, tok := range loc[:len(loc)-1] {
			switch c := cur.(type) {
			case map[string]any:
				cur = c[tok]
			case []any:
				var i int
				fmt.Sscan(tok, &i)
				if i < len(c) {
					cur = c[i]
				}
			}
		}
		if m, ok := cur.(map[string]any); ok {
			delete(m, loc[len(loc)-1])
		}
	}
	return out
}
