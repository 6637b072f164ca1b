package gen_test

import (
	"flag"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The repair class: TestRepairClass makes random types tool inputs and
// judges their repairs (testdata/outclass/repairtest says what it
// checks).
var (
	repairsN      = flag.Int("repairs.n", 12, "random tool input types TestRepairClass tries")
	repairsPerPkg = flag.Int("repairs.perpkg", 4, "tool input types per generated package")
	repairsSeed   = flag.Uint64("repairs.seed", 1, "first seed of TestRepairClass")
	repairsRounds = flag.Int("repairs.rounds", 300, "instances each tool's differential draws")
	repairsDir    = flag.String("repairs.dir", "", "directory to write the generated module in and keep, instead of a temporary one")
)

// repairProfiles are the profiles a random tool asks for, each one time
// in three: each reads something leniently, which is recorded as a
// repair too (null as absent, a nullable property left out, an integer
// as a string of its digits).
var repairProfiles = []string{"openai-strict", "gemini", "portable"}

// TestRepairClass proves the repair promises of issue 15 over random
// tool inputs rather than the two fixtures, a struct or (one in three) a
// union: the types of the output class (structs nesting structs, pointers, slices, arrays, maps, unions
// with value and pointer receivers, times, durations, []byte,
// json.RawMessage, string and integer enums, embedded structs,
// omitempty, jsonschema tags, recursion), each the input of a tool with
// random profiles and of its repair=off twin (type RStrict R, the same
// profiles; for a union, a union RStrict of the same variants, see
// declareStrictUnion). The judge, built into one test binary, compares the two
// decoders with each other and the twin with santhosh-tekuri/jsonschema
// over instances drawn from the lossless schema, near misses, and valid
// instances broken in every repairable way. Types the generator refuses
// must hold a feature it refuses (see TestOutputClass); they are counted
// and dropped. Run a longer one by hand with
//
//	go test ./gen -run RepairClass -repairs.n=200 -repairs.perpkg=25 -repairs.seed=7 -v
func TestRepairClass(t *testing.T) {
	dir, all := writeClass(t, *repairsDir, *repairsN, *repairsPerPkg, *repairsSeed, newToolRoot)
	accepted := generateClass(t, dir, all)
	if len(accepted) == 0 {
		t.Fatal("no type was generated")
	}
	writeRepairJudge(t, dir, accepted)
	var c struct {
		Roots, Valid, Invalid, Same, Repaired, Unrepaired, Meaningful int
		Tolerated, Broken, Kinds, UnrepairedBy, Replies, Rewritten    map[string]int
	}
	runJudge(t, dir, "REPAIRCLASS_COUNTS", &c)
	profiles := map[string]int{}
	unions, inlines := 0, 0
	for _, r := range accepted {
		if r.union {
			unions++
		}
		if r.inline {
			inlines++
		}
		for _, p := range r.profiles {
			profiles[p]++
		}
	}
	t.Logf("%d types tried, %d refused as meant, %d generated, %d of them unions, %d holding a union inline, holding %d untagged unions (by profile: %s)",
		len(all), len(all)-len(accepted), len(accepted), unions, inlines, untaggedIn(accepted), countList(profiles))
	t.Logf("twin and validator agree on %d valid and %d invalid instances; tolerated: %s", c.Valid, c.Invalid, countList(c.Tolerated))
	t.Logf("with repairs: %d read as the twin reads them, %d more read; broken and read back: %s; %d broken into a meaning of their own, %d not read back (%s)",
		c.Same, c.Repaired, countList(c.Broken), c.Meaningful, c.Unrepaired, countList(c.UnrepairedBy))
	t.Logf("replies written a profile's way read back: %s; of them rewritten: %s", countList(c.Replies), countList(c.Rewritten))
	t.Logf("repairs recorded: %s", countList(c.Kinds))
	if c.Roots != len(accepted) || c.Valid == 0 || c.Invalid == 0 || c.Same == 0 || c.Repaired == 0 || len(c.Broken) == 0 {
		t.Errorf("the judge misses an outcome: %+v", c)
	}
	for _, p := range []string{"openai-strict", "gemini"} {
		if profiles[p] > 0 && c.Replies[p] == 0 {
			t.Errorf("no reply written the %s way was read back: %+v", p, c)
		}
	}
}

// newToolRoot is a random struct made a tool input, with random
// profiles, and its repair=off twin.
func newToolRoot(seed uint64, i, pkg int) *classRoot {
	r := newClassType(seed, i, pkg)
	r.tool = true
	r.union = r.chance(3)
	for _, p := range repairProfiles {
		if r.chance(3) {
			r.profiles = append(r.profiles, p)
		}
	}
	r.declareRoot()
	return r
}

// writeRepairJudge writes the test that judges the tools: one package,
// all/, whose test imports every generated package.
func writeRepairJudge(t *testing.T, dir string, roots []*classRoot) {
	t.Helper()
	var b strings.Builder
	b.WriteString("package all\n\nimport (\n\t\"testing\"\n\n")
	b.WriteString("\tunionflat \"github.com/unionflat/unionflat/runtime\"\n")
	fmt.Fprintf(&b, "\t%q\n", classModule+"/repairtest")
	var pkgs []string
	for _, r := range roots {
		if !slices.Contains(pkgs, r.pkg) {
			pkgs = append(pkgs, r.pkg)
			fmt.Fprintf(&b, "\t%q\n", classModule+"/"+r.pkg)
		}
	}
	b.WriteString(")\n\nfunc TestRepairs(t *testing.T) {\n")
	fmt.Fprintf(&b, "\tcfg := repairtest.Config{Rounds: %d, Seed: %d}\n", *repairsRounds, *repairsSeed)
	b.WriteString("\trepairtest.Run(t, cfg, []repairtest.Root{\n")
	for _, r := range roots {
		r.writeRepairRoot(&b)
	}
	b.WriteString("\t})\n}\n")
	writeFile(t, filepath.Join(dir, "all", "all_test.go"), b.String())
}

// writeRepairRoot writes the repairtest.Root of r.
func (r *classRoot) writeRepairRoot(b *strings.Builder) {
	q := func(s string) string { return r.pkg + "." + s }
	fmt.Fprintf(b, "\t\t{\n\t\t\tName: %q,\n\t\t\tSchema: %s,\n\t\t\tProfiles: %#v,\n", r.name, q(r.name+"Schema"), r.profiles)
	conv, validate := q(r.name), fmt.Sprintf("v.(%s).Validate()", q(r.name))
	if r.union {
		conv, validate = q(r.name+"Of"), fmt.Sprintf("%s(v.(%s))", q("Validate"+r.name), q(r.name))
	}
	fmt.Fprintf(b, "\t\t\tStrict: func(data []byte) (any, unionflat.Repairs, error) { x, reps, err := %s(data); return %s(x), reps, err },\n",
		q("Decode"+r.name+"StrictRepaired"), conv)
	fmt.Fprintf(b, "\t\t\tRepairing: func(data []byte) (any, unionflat.Repairs, error) { x, reps, err := %s(data); return x, reps, err },\n",
		q("Decode"+r.name+"Repaired"))
	fmt.Fprintf(b, "\t\t\tValidate: func(v any) error { return %s },\n", validate)
	if slices.Contains(r.profiles, "openai-strict") {
		fmt.Fprintf(b, "\t\t\tOpenAIStrict: %s,\n", q(r.name+"OpenAIStrictSchema"))
	}
	if slices.Contains(r.profiles, "gemini") {
		fmt.Fprintf(b, "\t\t\tGemini: %s,\n", q(r.name+"GeminiSchema"))
	}
	b.WriteString("\t\t},\n")
}

// countList writes counts by name, sorted: "a 3, b 1".
func countList(m map[string]int) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}
