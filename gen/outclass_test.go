package gen_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/gen"
)

// The output class: TestOutputClass writes random output types, has the
// generator describe them, and judges the generated code with an
// independent validator (testdata/outclass/classtest says what it checks).
var (
	outputsN      = flag.Int("outputs.n", 16, "random output types TestOutputClass tries")
	outputsPerPkg = flag.Int("outputs.perpkg", 4, "output types per generated package")
	outputsSeed   = flag.Uint64("outputs.seed", 1, "first seed of TestOutputClass")
	outputsValues = flag.Int("outputs.values", 150, "values each generator draws per output type")
	outputsDir    = flag.String("outputs.dir", "", "directory to write the generated module in and keep, instead of a temporary one")
)

// classModule is the module path of the generated module: below this
// repository's, so that its tests may import internal/schematest.
const classModule = "github.com/unionflat/unionflat/outclass"

// TestOutputClass proves the promises of outputs over random output
// types rather than the golden ones: structs nesting structs, pointers,
// slices, arrays, maps with string and named string keys, unions (value
// and pointer receivers, discriminators, variants naming their own
// discriminator field), times, durations, []byte, json.RawMessage,
// string and integer enums, unionflat.Nullable fields, embedded structs,
// omitempty, omitzero, "-",
// jsonschema tags (uniqueItems among them) and recursion. Each type is a //unionflat:schema root,
// a tool's output= result, or both; one in five also holds a feature the
// generator must refuse (a channel, a func, a plain interface, a map
// with integer keys, the ,string option, ...), and must be refused with a
// file:line:col diagnostic in its own file, never a panic. The types the
// generator accepts are generated, built into one test binary with
// classtest, and judged there. Run a longer one by hand with
//
//	go test ./gen -run OutputClass -outputs.n=200 -outputs.perpkg=25 -v
func TestOutputClass(t *testing.T) {
	dir, all := writeClass(t, *outputsDir, *outputsN, *outputsPerPkg, *outputsSeed, newClassRoot)
	accepted := generateClass(t, dir, all)
	writeClassJudge(t, dir, accepted)
	counts := runClassJudge(t, dir)
	t.Logf("%d types tried, %d refused as meant, %d generated, holding %d untagged unions; judged: %s",
		len(all), len(all)-len(accepted), len(accepted), untaggedIn(accepted), counts)
	if len(accepted) == 0 {
		t.Fatal("no type was generated")
	}
}

// writeClass writes a module of n random types, perPkg a package, the
// i-th drawn by newRoot from seed+i, in keep or else a temporary
// directory, and returns the directory and the types.
func writeClass(t *testing.T, keep string, n, perPkg int, seed uint64, newRoot func(seed uint64, i, pkg int) *classRoot) (string, []*classRoot) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "class")
	if keep != "" {
		dir = keep
		os.RemoveAll(dir)
	}
	writeClassModule(t, dir, repoRoot(t))
	var all []*classRoot
	for i := range n {
		r := newRoot(seed+uint64(i), i, i/perPkg)
		all = append(all, r)
		writeFile(t, r.path(dir), r.source())
	}
	return dir, all
}

// writeClassModule writes the generated module's go.mod, requiring what
// this repository requires, its go.sum, and the judges: the classtest
// and repairtest packages.
func writeClassModule(t *testing.T, dir, root string) {
	t.Helper()
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	requires := string(mod[strings.Index(string(mod), "require"):])
	writeFile(t, filepath.Join(dir, "go.mod"), "module "+classModule+"\n\ngo 1.26.0\n\n"+
		"require github.com/unionflat/unionflat v0.0.0\n\n"+requires+"\n"+
		"replace github.com/unionflat/unionflat => "+root+"\n")
	for _, f := range []string{"go.sum"} {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, f), string(data))
	}
	for _, judge := range []string{"classtest", "repairtest"} {
		src, err := os.ReadFile(filepath.Join(root, "testdata", "outclass", judge, judge+".go"))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, judge, judge+".go"), string(src))
	}
}

// generateClass runs the generator until it accepts what is left: each
// run's diagnostics must have a position and fall in files of types that
// hold a refused feature; those types are dropped (their files removed)
// and counted by reason. It writes the generated files and returns the
// types generated.
func generateClass(t *testing.T, dir string, all []*classRoot) []*classRoot {
	t.Helper()
	byFile := map[string]*classRoot{}
	for _, r := range all {
		byFile[r.path(dir)] = r
	}
	reasons := map[string]int{}
	dropped := map[*classRoot]bool{}
	for range 4 {
		res := generateSafely(t, dir)
		if len(res.Diagnostics) == 0 {
			for _, f := range res.Files {
				writeFile(t, f.Path, string(f.Content))
			}
			break
		}
		for _, d := range res.Diagnostics {
			r := byFile[d.Pos.Filename]
			switch {
			case d.Pos.Line == 0 || d.Pos.Column == 0 || r == nil:
				t.Fatalf("diagnostic without a position in a type's file: %s", d)
			case r.refused() == "":
				t.Errorf("%s: a type without a refused feature is refused: %s\n%s", r.name, d, r.source())
			}
			reasons[r.refused()+": "+diagnosticReason(d.Msg)]++
			dropped[r] = true
		}
		for r := range dropped {
			os.Rename(r.path(dir), r.path(dir)+".refused") // kept to read, out of the package
		}
	}
	var accepted []*classRoot
	for _, r := range all {
		switch {
		case dropped[r]:
		case r.refused() != "":
			t.Errorf("%s holds %s, and the generator accepts it:\n%s", r.name, r.refused(), r.source())
		default:
			accepted = append(accepted, r)
		}
	}
	types := map[string]int{}
	for r := range dropped {
		types[r.refused()]++
	}
	for _, k := range slices.Sorted(maps.Keys(types)) {
		t.Logf("refused %4d types for %s", types[k], k)
	}
	for _, k := range slices.Sorted(maps.Keys(reasons)) {
		t.Logf("diagnostic %4d× %s", reasons[k], k)
	}
	return accepted
}

// generateSafely is gen.Generate, with a panic a test failure.
func generateSafely(t *testing.T, dir string) (res gen.Result) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("gen.Generate panics: %v", p)
		}
	}()
	res, err := gen.Generate(gen.Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

var classNames = regexp.MustCompile(`\b[Rr][0-9]+[A-Za-z0-9_]*|\b[Ff][0-9]+\b|\bp[0-9]+\b`)

// diagnosticReason is a diagnostic's message with the generated names
// taken out, so that alike ones count together.
func diagnosticReason(msg string) string {
	return classNames.ReplaceAllString(msg, "X")
}

// writeClassJudge writes the test that judges the accepted types: one
// package, all/, whose test imports every generated package.
func writeClassJudge(t *testing.T, dir string, roots []*classRoot) {
	t.Helper()
	var b strings.Builder
	b.WriteString("package all\n\nimport (\n\t\"reflect\"\n\t\"testing\"\n\t\"time\"\n\n")
	b.WriteString("\t\"github.com/unionflat/unionflat/flatten/profile\"\n\t\"github.com/unionflat/unionflat/internal/schematest\"\n")
	fmt.Fprintf(&b, "\t%q\n", classModule+"/classtest")
	var pkgs []string
	for _, r := range roots {
		if !slices.Contains(pkgs, r.pkg) {
			pkgs = append(pkgs, r.pkg)
			fmt.Fprintf(&b, "\t%q\n", classModule+"/"+r.pkg)
		}
	}
	b.WriteString(")\n\nvar _ = time.Second\nvar _ = profile.MCP\n\n")
	b.WriteString("func TestClass(t *testing.T) {\n\tcfg := classtest.Config{\n")
	fmt.Fprintf(&b, "\t\tValues: %d,\n\t\tVariants: map[reflect.Type][]any{\n", *outputsValues)
	for _, r := range roots {
		for _, u := range r.unions {
			fmt.Fprintf(&b, "\t\t\treflect.TypeFor[%s.%s](): {", r.pkg, u.name)
			for _, v := range u.variants {
				fmt.Fprintf(&b, "%s, ", r.qualify(v))
			}
			b.WriteString("},\n")
		}
	}
	b.WriteString("\t\t},\n\t\tStrings: []string{")
	var strs []string
	for _, r := range roots {
		for _, s := range r.strings {
			if !slices.Contains(strs, s) {
				strs = append(strs, s)
			}
		}
	}
	for _, s := range append(strs, classFormatExamples...) {
		fmt.Fprintf(&b, "%q, ", s)
	}
	b.WriteString("},\n")
	writeFieldTable(&b, "Tame", roots, func(r *classRoot) []fixedField { return slices.Concat(r.tame, r.wild) })
	writeFieldTable(&b, "Wild", roots, func(r *classRoot) []fixedField { return r.wild })
	b.WriteString("\t\tDisc: map[string]string{\n")
	for _, r := range roots {
		for _, f := range r.wild {
			fmt.Fprintf(&b, "\t\t\t%q: %s,\n", f.key, f.values[1])
		}
	}
	b.WriteString("\t\t},\n\t}\n\tclasstest.Run(t, cfg, []classtest.Root{\n")
	for _, r := range roots {
		r.writeJudgeRoot(&b)
	}
	b.WriteString("\t})\n}\n")
	writeFile(t, filepath.Join(dir, "all", "all_test.go"), b.String())
}

func writeFieldTable(b *strings.Builder, name string, roots []*classRoot, fields func(*classRoot) []fixedField) {
	fmt.Fprintf(b, "\t\t%s: map[string][]any{\n", name)
	for _, r := range roots {
		for _, f := range fields(r) {
			fmt.Fprintf(b, "\t\t\t%q: {%s},\n", f.key, strings.Join(f.values, ", "))
		}
	}
	b.WriteString("\t\t},\n")
}

// classFormatExamples are strings that pass the formats the types use.
var classFormatExamples = []string{"a@example.com", "123e4567-e89b-12d3-a456-426614174000",
	"2024-01-02T03:04:05Z", "2024-01-02", "https://example.com/a", "10.0.0.1", "abc"}

// runClassJudge runs the judge and returns its counts.
func runClassJudge(t *testing.T, dir string) string {
	t.Helper()
	var c struct{ Roots, Documents, Marshalled, NullDraws, Encoded, Refused, Decoded, StrictReplies int }
	runJudge(t, dir, "OUTCLASS_COUNTS", &c)
	if c.Marshalled == 0 || c.Encoded == 0 || c.Refused == 0 || c.Decoded == 0 {
		t.Errorf("the judge misses an outcome: %+v", c)
	}
	return fmt.Sprintf("%+v", c)
}

// runJudge runs the test of the generated module's all/ package, which
// writes its counts as JSON to the file the environment variable env
// names, and reads them into counts.
func runJudge(t *testing.T, dir, env string, counts any) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "counts.json")
	cmd := exec.Command(goTool(t), "test", "-count=1", "./all")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", env+"="+file)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the judge fails in %s: %v\n%s", dir, err, out)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, counts); err != nil {
		t.Fatal(err)
	}
}

// A classRoot is one random output type and everything it needs, in a
// file of its own: all its types' names start with its name.
type classRoot struct {
	name, pkg string
	rnd       *rand.Rand
	nullable  *rand.Rand
	decls     []string
	imports   map[string]bool
	serial    int
	union     bool // the root is a union
	schema    bool // the root is a //unionflat:schema root
	output    bool // a tool names the root with output=
	tool      bool // the root is a tool input, with a repair=off twin RStrict
	profiles  []string
	bad       string // the refused feature it holds, or ""
	// expects are the refusals its features call for under its profiles
	// and tags (a map under a strict one, recursion under gemini, ...), in
	// the order met.
	expects   []string
	badPlaced bool
	// inMap counts the maps around the type being drawn: gemini and
	// portable drop a map's value schema (they cannot say
	// additionalProperties), so nothing below one reaches their documents.
	inMap  int
	unions []classUnion
	// rootUnion is the directive of a union root, and rootVariants its
	// variants, which a union tool's repair=off twin copies.
	rootUnion    string
	rootVariants []classVariant
	untagged     int  // untagged unions declared
	inline       bool // the root struct holds a union inline (json:",inline")
	strings      []string
	tame         []fixedField
	wild         []fixedField // variants' own discriminator fields: "", then their values
}

// classVariant is a variant of a union root.
type classVariant struct {
	name    string
	tags    []string
	pointer bool // its method has a pointer receiver
}

type classUnion struct {
	name     string
	variants []string // Go expressions of each variant's zero value
}

type fixedField struct {
	key    string
	values []string // Go expressions
}

// classBad are the features the generator must refuse.
var classBad = []string{"chan", "func", "plain interface", "error", "int map key", "enum map key", "anonymous struct",
	"string option", "pointer embedding", "generic", "deep duration", "complex", "marshaler",
	"non-object output", "minimum above maximum", "default on required", "foreign lost state", "keyword in extras", "required self-reference"}

func newClassRoot(seed uint64, i, pkg int) *classRoot {
	r := newClassType(seed, i, pkg)
	r.union = r.chance(4)
	switch r.rnd.IntN(3) {
	case 0:
		r.schema = true
	case 1:
		r.output = true
	default:
		r.schema, r.output = true, true
	}
	if r.schema {
		for _, p := range []string{"openai-strict", "gemini-json", "anthropic-strict"} {
			if r.chance(2) {
				r.profiles = append(r.profiles, p)
			}
		}
	}
	if r.chance(5) {
		r.bad = classBad[r.rnd.IntN(len(classBad))]
	}
	r.declareRoot()
	return r
}

// newClassType is the i-th random type of a class, in package pkg, with
// nothing declared yet.
func newClassType(seed uint64, i, pkg int) *classRoot {
	return &classRoot{
		name: fmt.Sprintf("R%d", i),
		pkg:  fmt.Sprintf("p%02d", pkg),
		rnd:  rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)),
		// Whether a field is a Nullable: a stream of its own (see
		// mayBeNullable).
		nullable: rand.New(rand.NewPCG(seed, 0x2545f4914f6cdd1d)),
		imports:  map[string]bool{},
	}
}

// refused names the feature the generator must refuse r for, or "".
func (r *classRoot) refused() string {
	if r.bad == "" && len(r.expects) > 0 {
		return r.expects[0]
	}
	return r.bad
}

// expect records a refusal r's features call for.
func (r *classRoot) expect(why string) {
	if !slices.Contains(r.expects, why) {
		r.expects = append(r.expects, why)
	}
}

// strictRefuses records a feature that openai-strict and
// anthropic-strict cannot say (every object closed), if r asks for one.
func (r *classRoot) strictRefuses(what string) {
	if slices.Contains(r.profiles, "openai-strict") || slices.Contains(r.profiles, "anthropic-strict") {
		r.expect(what + " under a strict profile")
	}
}

func (r *classRoot) chance(n int) bool { return r.rnd.IntN(n) == 0 }

func (r *classRoot) next(kind string) string {
	r.serial++
	return fmt.Sprintf("%s%s%d", r.name, kind, r.serial)
}

func (r *classRoot) path(dir string) string {
	return filepath.Join(dir, r.pkg, strings.ToLower(r.name)+".go")
}

func (r *classRoot) qualify(expr string) string {
	if strings.HasPrefix(expr, "(*") {
		return "(*" + r.pkg + "." + expr[2:]
	}
	return r.pkg + "." + expr
}

func (r *classRoot) source() string {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\n", r.pkg)
	if len(r.imports) > 0 {
		b.WriteString("import (\n")
		for _, p := range slices.Sorted(maps.Keys(r.imports)) {
			fmt.Fprintf(&b, "\t%q\n", p)
		}
		b.WriteString(")\n\n")
	}
	for _, d := range r.decls {
		b.WriteString(d)
		b.WriteString("\n")
	}
	return b.String()
}

// declareRoot declares the root, its directives and its tool.
func (r *classRoot) declareRoot() {
	var directives []string
	if r.schema {
		directives = append(directives, "//unionflat:schema"+r.profileArgs())
	}
	if r.tool {
		directives = append(directives, "//unionflat:tool"+r.profileArgs())
	}
	if r.union {
		r.declareUnion(r.name, 0, directives)
	} else {
		r.declareStruct(r.name, 0, directives, true)
	}
	output := r.name
	if r.bad == "non-object output" {
		output = r.name + "List"
		r.decls = append(r.decls, fmt.Sprintf("// %s is a list.\ntype %s []%s\n", output, output, r.name))
		r.output = true
	}
	if r.tool && r.union {
		r.declareStrictUnion()
	} else if r.tool {
		r.decls = append(r.decls, fmt.Sprintf("// %sStrict is %s read without repairs.\n//\n//unionflat:tool%s repair=off\ntype %sStrict %s\n",
			r.name, r.name, r.profileArgs(), r.name, r.name))
	}
	if r.output {
		r.decls = append(r.decls, fmt.Sprintf("// %sIn asks for a %s.\n//\n//unionflat:tool output=%s\ntype %sIn struct {\n\tQ string `json:\"q\"`\n}\n",
			r.name, r.name, output, r.name))
	}
}

// declareStrictUnion declares the repair=off twin of a union tool R: a
// union RStrict whose variants are the root's (type RV1Strict RV1, with
// the same discriminator values), and ROf, which turns its value back
// into an R for the judge to compare.
func (r *classRoot) declareStrictUnion() {
	twin := r.name + "Strict"
	r.decls = append(r.decls, fmt.Sprintf("// %s is %s read without repairs.\n//\n%s\n//unionflat:tool%s repair=off\ntype %s interface{ is%s() }\n",
		twin, r.name, r.rootUnion, r.profileArgs(), twin, twin))
	var cases strings.Builder
	for _, v := range r.rootVariants {
		tv := v.name + "Strict"
		recv, conv := tv, v.name+"(x)"
		if v.pointer {
			recv, conv = "*"+tv, "(*"+v.name+")(x)"
		}
		r.decls = append(r.decls, fmt.Sprintf("// %s is %s in %s.\n//\n//unionflat:variant %s\ntype %s %s\n\nfunc (%s) is%s() {}\n",
			tv, v.name, twin, strings.Join(v.tags, ","), tv, v.name, recv, twin))
		fmt.Fprintf(&cases, "\tcase %s:\n\t\treturn %s\n", recv, conv)
	}
	r.decls = append(r.decls, fmt.Sprintf("// %sOf is x as %s.\nfunc %sOf(x %s) %s {\n\tswitch x := x.(type) {\n%s\t}\n\treturn nil\n}\n",
		r.name, r.name, r.name, twin, r.name, cases.String()))
}

// profileArgs are the directive arguments that ask for r's profiles.
func (r *classRoot) profileArgs() string {
	var b strings.Builder
	for _, p := range r.profiles {
		b.WriteString(" profile=" + p)
	}
	return b.String()
}

// declareStruct declares a struct with random fields; the bad feature,
// if any, goes into the first struct that may hold it.
func (r *classRoot) declareStruct(name string, depth int, directives []string, mayBeBad bool) (incomparable bool) {
	var fields []string
	if mayBeBad && r.bad != "" && !r.badPlaced && r.bad != "non-object output" {
		r.badPlaced = true
		fields = append(fields, r.badField(name)...)
	}
	for range 1 + r.rnd.IntN(5) {
		f, ct := r.field(name, depth)
		fields = append(fields, f)
		incomparable = incomparable || ct.incomparable
	}
	if depth > 0 && r.chance(5) {
		f, ptr := r.recursiveField(name)
		fields = append(fields, f)
		incomparable = incomparable || !ptr
	}
	if depth < 3 && r.chance(6) {
		emb := r.next("E")
		incomparable = r.declareStruct(emb, depth+1, nil, false) || incomparable
		fields = append(fields, "\t"+emb)
	}
	if r.chance(8) {
		fields = append(fields, "\tskipped chan int", "\tHidden chan int `json:\"-\"`")
	}
	if depth == 0 && r.tool && !r.schema && !r.output && r.chance(3) {
		// A tool input only (outputs of one are not supported yet):
		// a tagged union merged into its object.
		u := r.next("U")
		r.declareUnion(u, 0, nil)
		fields = append(fields, fmt.Sprintf("\t%sIn %s `json:\",inline\"`", u, u))
		r.inline = true
	}
	r.decls = append(r.decls, fmt.Sprintf("// %s is a generated struct.\n%stype %s struct {\n%s\n}\n",
		name, directiveLines(directives), name, strings.Join(fields, "\n")))
	return incomparable
}

func directiveLines(ds []string) string {
	if len(ds) == 0 {
		return ""
	}
	return "//\n" + strings.Join(ds, "\n") + "\n"
}

// recursiveField is a field that holds its own struct, or a named type
// that holds itself with no struct between (type T []*T), and whether it
// is a pointer (which == compares).
func (r *classRoot) recursiveField(name string) (string, bool) {
	n := r.next("F")
	for _, p := range []string{"anthropic-strict", "gemini", "portable"} {
		if slices.Contains(r.profiles, p) {
			r.expect("recursion under " + p)
		}
	}
	switch r.rnd.IntN(6) {
	case 0:
		return fmt.Sprintf("\t%s *%s `json:\"%s,omitempty\"`", n, name, strings.ToLower(n)), true
	case 1:
		return fmt.Sprintf("\t%s []%s `json:\"%s\"`", n, name, strings.ToLower(n)), false
	case 3, 4, 5:
		self := r.next("Self")
		unders := []string{"[]*%s", "[]%s", "[][]*%s", "map[string]%s", "map[string]*%s", "[]map[string]%s"}
		under := unders[r.rnd.IntN(len(unders))]
		if strings.Contains(under, "map") {
			r.strictRefuses("a map (an object of any keys)")
		}
		r.decls = append(r.decls, fmt.Sprintf("// %s holds itself.\ntype %s "+under+"\n", self, self, self))
		return fmt.Sprintf("\t%s %s `json:\"%s,omitempty\"`", n, self, strings.ToLower(n)), false
	}
	r.strictRefuses("a map (an object of any keys)")
	return fmt.Sprintf("\t%s map[string]*%s `json:\"%s,omitempty\"`", n, name, strings.ToLower(n)), false
}

// badField is a field of struct owner, and declarations, that hold the
// refused feature.
func (r *classRoot) badField(owner string) []string {
	n := r.next("F")
	json := strings.ToLower(n)
	field := func(typ, tag string) []string {
		return []string{fmt.Sprintf("\t%s %s `json:\"%s\"%s`", n, typ, json, tag)}
	}
	switch r.bad {
	case "chan":
		return field("chan int", "")
	case "func":
		return field("func()", "")
	case "plain interface":
		i := r.next("I")
		r.decls = append(r.decls, fmt.Sprintf("// %s is not a union.\ntype %s interface{ M() }\n", i, i))
		return field(i, "")
	case "error":
		// any is a free-form value, accepted; error is an interface no
		// JSON value fills.
		return field("error", "")
	case "int map key":
		return field("map[int]string", "")
	case "enum map key":
		k := r.next("K")
		r.decls = append(r.decls, fmt.Sprintf("// %s is a key of known values.\ntype %s string\n\nconst %sA %s = \"a\"\n", k, k, k, k))
		return field("map["+k+"]string", "")
	case "anonymous struct":
		return field("struct{ A int }", "")
	case "string option":
		return []string{fmt.Sprintf("\t%s int `json:\"%s,string\"`", n, json)}
	case "pointer embedding":
		e := r.next("E")
		r.decls = append(r.decls, fmt.Sprintf("// %s is embedded.\ntype %s struct {\n\tA int `json:\"a\"`\n}\n", e, e))
		return []string{"\t*" + e}
	case "generic":
		g := r.next("G")
		r.decls = append(r.decls, fmt.Sprintf("// %s is generic.\ntype %s[T any] struct {\n\tV T `json:\"v\"`\n}\n", g, g))
		return field(g+"[int]", "")
	case "deep duration":
		r.imports["time"] = true
		return field("[][]time.Duration", "")
	case "complex":
		return field("complex128", "")
	case "marshaler":
		m := r.next("M")
		r.decls = append(r.decls, fmt.Sprintf("// %s marshals itself.\ntype %s struct{}\n\nfunc (%s) MarshalJSON() ([]byte, error) { return []byte(\"1\"), nil }\n", m, m, m))
		return field(m, "")
	case "minimum above maximum":
		return field("int", ` jsonschema:"minimum=5,maximum=1"`)
	case "default on required":
		return field("string", ` jsonschema:"default=x"`)
	case "required self-reference":
		// No finite value: each one holds another.
		if r.chance(2) {
			return field("*"+owner, "")
		}
		return field("[]"+owner, ` jsonschema:"minItems=1"`)
	case "keyword in extras":
		// A rule the decoder would not check, or a keyword unionflat
		// writes itself.
		extras := []string{"minimum=0", "type=integer", "maxLength=3", "description=d", "items=x", "nullable=true"}
		return field("int", ` jsonschema_extras:"`+extras[r.rnd.IntN(len(extras))]+`"`)
	case "foreign lost state":
		// A struct of another package holding one whose state is
		// unexported, that one itself, or a type of this package
		// declared over one (type Stamp time.Time): reported at this
		// field.
		switch r.rnd.IntN(4) {
		case 0:
			r.imports["time"] = true
			return field("time.Location", "")
		case 1:
			stamp := r.next("Stamp")
			r.imports["time"] = true
			r.decls = append(r.decls, fmt.Sprintf("// %s is declared over time.Time.\ntype %s time.Time\n", stamp, stamp))
			return field([]string{stamp, "*" + stamp, "[]" + stamp}[r.rnd.IntN(3)], "")
		}
		r.imports["net/url"] = true
		return field([]string{"url.URL", "*url.URL", "[]url.URL", "map[string]*url.URL"}[r.rnd.IntN(4)], "")
	}
	panic("unknown bad feature " + r.bad)
}

// declareUnion declares a union and its variants.
func (r *classRoot) declareUnion(name string, depth int, directives []string) {
	if depth > 0 && r.chance(3) {
		r.declareUntagged(name, depth)
		return
	}
	union := "//unionflat:union"
	disc := "type"
	if r.chance(3) {
		disc = "kind"
		union += " discriminator=kind"
	}
	if name == r.name {
		r.rootUnion = union
	}
	r.decls = append(r.decls, fmt.Sprintf("// %s is a generated union.\n//\n%s\n%stype %s interface{ is%s() }\n",
		name, union, strings.Join(append(directives, ""), "\n"), name, name))
	u := classUnion{name: name}
	for i := range 1 + r.rnd.IntN(3) {
		v := r.next("V")
		tags := []string{strings.ToLower(v)}
		if r.chance(3) {
			tags = append(tags, strings.ToLower(v)+"x")
		}
		r.strings = append(r.strings, tags...)
		fields := []string{}
		if r.chance(4) {
			fields = append(fields, fmt.Sprintf("\tKind string `json:\"%s\"`", disc))
			r.wild = append(r.wild, fixedField{key: v + ".Kind", values: []string{`""`, fmt.Sprintf("%q", tags[0]), fmt.Sprintf("%q", tags[len(tags)-1])}})
		}
		for range r.rnd.IntN(4) {
			f, _ := r.field(v, depth+1)
			fields = append(fields, f)
		}
		if i == 0 && r.bad != "" && !r.badPlaced && r.bad != "non-object output" {
			r.badPlaced = true
			fields = append(fields, r.badField(v)...)
		}
		recv, zero := v, v+"{}"
		if r.chance(3) {
			recv, zero = "*"+v, "(*"+v+")(nil)"
		}
		u.variants = append(u.variants, zero)
		if name == r.name {
			r.rootVariants = append(r.rootVariants, classVariant{name: v, tags: tags, pointer: recv != v})
		}
		r.decls = append(r.decls, fmt.Sprintf("// %s is a variant.\n//\n//unionflat:variant %s\ntype %s struct {\n%s\n}\n\nfunc (%s) is%s() {}\n",
			v, strings.Join(tags, ","), v, strings.Join(fields, "\n"), recv, name))
	}
	r.unions = append(r.unions, u)
}

// untaggedKinds are the types of an untagged union's variants that are
// not structs, one of each JSON type.
var untaggedKinds = []struct{ typ, zero string }{{"string", `""`}, {"float64", "0"}, {"bool", "false"}, {"[]string", "nil"}}

// untaggedIn counts the untagged unions the roots hold.
func untaggedIn(roots []*classRoot) int {
	n := 0
	for _, r := range roots {
		n += r.untagged
	}
	return n
}

// declareUntagged declares an untagged union below the root: struct
// variants, each with a required key of its own, and named types of
// other JSON types. One in eight overlaps, on purpose: two variants of
// one JSON type, or two structs no required key tells apart, which the
// generator must refuse.
func (r *classRoot) declareUntagged(name string, depth int) {
	r.decls = append(r.decls, fmt.Sprintf("// %s is a generated untagged union.\n//\n//unionflat:union untagged\ntype %s interface{ is%s() }\n",
		name, name, name))
	u := classUnion{name: name}
	r.untagged++
	overlap := r.chance(8)
	if overlap {
		r.expect("overlapping untagged variants")
	}
	kinds := r.rnd.Perm(len(untaggedKinds))
	for i := range 1 + r.rnd.IntN(3) {
		v := r.next("V")
		recv, zero := v, v+"{}"
		switch {
		case i > 0 && r.chance(2) && len(kinds) > 0:
			k := untaggedKinds[kinds[0]]
			if !overlap {
				kinds = kinds[1:]
			}
			zero = fmt.Sprintf("%s(%s)", v, k.zero)
			r.decls = append(r.decls, fmt.Sprintf("// %s is a variant of another JSON type.\ntype %s %s\n", v, v, k.typ))
		default:
			fields := []string{}
			if !overlap {
				fields = append(fields, fmt.Sprintf("\tK string `json:\"k%s\" jsonschema:\"required\"`", strings.ToLower(v)))
			}
			for range r.rnd.IntN(3) {
				f, _ := r.field(v, depth+1)
				fields = append(fields, f)
			}
			if r.chance(3) {
				recv, zero = "*"+v, "(*"+v+")(nil)"
			}
			r.decls = append(r.decls, fmt.Sprintf("// %s is an object variant.\ntype %s struct {\n%s\n}\n", v, v, strings.Join(fields, "\n")))
		}
		u.variants = append(u.variants, zero)
		r.decls = append(r.decls, fmt.Sprintf("func (%s) is%s() {}\n", recv, name))
	}
	types := len(untaggedKinds) - len(kinds) // the other JSON types drawn
	if slices.ContainsFunc(u.variants, func(z string) bool { return strings.HasSuffix(z, "{}") || strings.HasSuffix(z, ")(nil)") }) {
		types++ // and objects
	}
	if !overlap && types > 1 && slices.Contains(r.profiles, "portable") && r.inMap == 0 {
		// Several JSON types: portable says one type per property.
		r.expect("an untagged union of several JSON types under portable")
	}
	if overlap { // two string variants overlap, whatever was drawn above
		v := r.next("V")
		r.decls = append(r.decls, fmt.Sprintf("// %s is a string variant.\ntype %s string\n\nfunc (%s) is%s() {}\n", v, v, v, name))
		w := r.next("V")
		r.decls = append(r.decls, fmt.Sprintf("// %s is another string variant: the two overlap.\ntype %s string\n\nfunc (%s) is%s() {}\n", w, w, w, name))
		u.variants = append(u.variants, v+`("")`, w+`("")`)
	}
	r.unions = append(r.unions, u)
}

// classType is a field's type and what rules its tag may give.
type classType struct {
	expr  string
	leaf  string // the kind of the innermost type: what rules apply to
	chain string // the containers around the leaf, outermost first: p(ointer), s(lice), a(rray), m(ap)
	named string // a named leaf's Go name, for its tame values
	// incomparable: == cannot compare it, so omitzero cannot tell its
	// zero value (without an IsZero method).
	incomparable bool
	arrayLen     int // the length of the outermost array
}

// field is one field of a struct: a random type and tag.
func (r *classRoot) field(owner string, depth int) (string, classType) {
	n := r.next("F")
	ct := r.typ(depth, "")
	expects, tame := len(r.expects), len(r.tame)
	opts := ""
	optional := false
	// omitempty never leaves out a struct or an array: on one whose zero
	// value breaks a rule it is a diagnostic (TestOmitemptyNeverEmpty),
	// which the class does not predict, so it is not drawn there.
	neverEmpty := ct.leaf == "struct" && ct.chain == "" || strings.HasPrefix(ct.chain, "a")
	switch r.rnd.IntN(6) {
	case 0, 1:
		if !neverEmpty {
			opts, optional = ",omitempty", true
		}
	case 2:
		opts, optional = ",omitzero", true
		if ct.incomparable && (ct.leaf == "struct" && ct.chain == "" || strings.HasPrefix(ct.chain, "a")) {
			r.expect("omitzero on a type == cannot compare")
		}
	}
	js := r.schemaTag(owner+"."+n, ct, optional)
	if len(r.profiles) == 0 && r.chance(8) {
		// Annotations: a number, a boolean, a string, a repeated key
		// (which the profiles drop, a diagnostic).
		js += ` jsonschema_extras:"x-order=` + fmt.Sprint(r.serial) + `,x-flag=true,x-note=a note,x-list=a,x-list=2"`
	}
	if r.nullable.IntN(6) == 0 && r.mayBeNullable(ct, js, expects) {
		// Its tame values are values of the element, not of the field.
		r.tame = r.tame[:tame]
		r.imports["github.com/unionflat/unionflat/runtime"] = true
		return fmt.Sprintf("\t%s runtime.Nullable[%s] `json:\"%s,omitzero\"%s`", n, ct.expr, strings.ToLower(n), js), ct
	}
	return fmt.Sprintf("\t%s %s `json:\"%s%s\"%s`", n, ct.expr, strings.ToLower(n), opts, js), ct
}

// mayBeNullable reports whether a field drawn as ct, with the jsonschema
// tag js, may be made a runtime.Nullable[T] (absent, null or a value,
// tagged omitzero as it must be) with the same tag, whose rules then
// apply to T as through a pointer: T is not a pointer, a json.RawMessage,
// an any or a time.Duration, which the generator refuses there; the tag has no
// default= and no required, which it refuses on one; and the field called
// for no refusal (since r.expects held expects), which the Nullable would
// not give. The draw is made on a stream of its own, so that the types of
// a seed are the ones drawn without Nullables, some fields wrapped.
func (r *classRoot) mayBeNullable(ct classType, js string, expects int) bool {
	return len(r.expects) == expects && !strings.HasPrefix(ct.chain, "p") &&
		ct.leaf != "json.RawMessage" && ct.leaf != "time.Duration" && (ct.leaf != "any" || ct.chain != "") &&
		!strings.Contains(js, "default=") && !strings.Contains(js, "required")
}

var classLeaves = []string{"string", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8",
	"uint16", "uint32", "uint64", "float32", "float64", "time.Time", "time.Duration", "[]byte",
	"json.RawMessage", "enum", "intenum", "named", "any"}

// typ is a random type at a depth; chain is the containers already
// around it.
func (r *classRoot) typ(depth int, chain string) classType {
	if depth < 3 && r.chance(2) {
		switch r.rnd.IntN(8) {
		case 0, 1:
			if !strings.HasSuffix(chain, "p") {
				t := r.typ(depth+1, chain+"p")
				if t.leaf == "union" {
					return t // a pointer to an interface is refused
				}
				t.expr, t.chain, t.incomparable = "*"+t.expr, "p"+t.chain, false
				return t
			}
		case 2, 3:
			t := r.typ(depth+1, chain+"s")
			if t.expr == "uint8" {
				return classType{expr: "[]uint8", leaf: "[]byte", incomparable: true}
			}
			t.expr, t.chain, t.incomparable = "[]"+t.expr, "s"+t.chain, true
			return t
		case 4:
			t := r.typ(depth+1, chain+"a")
			t.arrayLen = 1 + r.rnd.IntN(3)
			t.expr, t.chain = fmt.Sprintf("[%d]%s", t.arrayLen, t.expr), "a"+t.chain
			return t
		case 5:
			key := "string"
			if r.chance(4) {
				key = r.next("K")
				r.decls = append(r.decls, fmt.Sprintf("// %s is a key.\ntype %s string\n", key, key))
			}
			r.inMap++
			t := r.typ(depth+1, chain+"m")
			r.inMap--
			if t.leaf != "json.RawMessage" && t.leaf != "any" || strings.ReplaceAll(t.chain, "p", "") != "" {
				// An object of free-form values is a string of its JSON
				// text there.
				r.strictRefuses("a map (an object of any keys)")
			}
			t.expr, t.chain, t.incomparable = "map["+key+"]"+t.expr, "m"+t.chain, true
			return t
		case 6:
			name := r.next("S")
			incomparable := r.declareStruct(name, depth+1, nil, true)
			return classType{expr: name, leaf: "struct", incomparable: incomparable}
		case 7:
			name := r.next("U")
			r.declareUnion(name, depth+1, nil)
			return classType{expr: name, leaf: "union"}
		}
	}
	return r.leaf(chain)
}

// leaf is a random leaf type; a duration only where the generator takes
// one (alone, or behind one pointer, slice or map).
func (r *classRoot) leaf(chain string) classType {
	for {
		l := classLeaves[r.rnd.IntN(len(classLeaves))]
		switch l {
		case "time.Duration":
			if len(chain) > 1 || chain == "a" {
				continue
			}
			r.imports["time"] = true
		case "time.Time":
			r.imports["time"] = true
		case "json.RawMessage":
			r.imports["encoding/json"] = true // under a profile that cannot say it, a string of its JSON text
		case "enum":
			name := r.next("Enum")
			a, b := strings.ToLower(name)+"a", strings.ToLower(name)+"b"
			r.strings = append(r.strings, a, b)
			r.decls = append(r.decls, fmt.Sprintf("// %s is a string enum.\ntype %s string\n\nconst (\n\t%sA %s = %q\n\t%sB %s = %q\n)\n",
				name, name, name, name, a, name, name, b))
			return classType{expr: name, leaf: "enum", named: name}
		case "intenum":
			name := r.next("Level")
			r.decls = append(r.decls, fmt.Sprintf("// %s is an integer enum.\ntype %s int\n\nconst (\n\t%sLow %s = iota\n\t%sMid\n\t%sHigh\n)\n",
				name, name, name, name, name, name))
			return classType{expr: name, leaf: "intenum", named: name}
		case "named":
			name := r.next("Name")
			r.decls = append(r.decls, fmt.Sprintf("// %s is a named string.\ntype %s string\n", name, name))
			return classType{expr: name, leaf: "string", named: name}
		}
		// any compiles with ==, which panics on a map or slice in it.
		return classType{expr: l, leaf: classLeafKind(l), incomparable: l == "[]byte" || l == "json.RawMessage" || l == "any"}
	}
}

func classLeafKind(l string) string {
	switch {
	case strings.HasPrefix(l, "int"):
		return "int"
	case strings.HasPrefix(l, "uint"):
		return "uint"
	case strings.HasPrefix(l, "float"):
		return "float"
	}
	return l
}

// schemaTag is a random jsonschema tag the field's type takes, and
// records the tame values of a ruled scalar field.
func (r *classRoot) schemaTag(key string, t classType, optional bool) string {
	var items []string
	var tame []string
	add := func(rule string, values ...string) {
		items = append(items, rule)
		tame = values
	}
	scalar := t.chain == "" || t.chain == "p"
	// Element rules reach one container deep (or through a pointer).
	if r.chance(2) && (len(t.chain) <= 1 || t.chain == "sp" || t.chain == "mp") {
		switch t.leaf {
		case "string":
			switch r.rnd.IntN(5) {
			case 0:
				add("minLength=1", `"a"`, `"hello"`, `""`)
			case 1:
				add("maxLength=6", `"abc"`, `""`, `"too long here"`)
			case 2:
				add("pattern=^[a-z]*$", `"abc"`, `""`, `"ABC"`)
			case 3:
				f := []string{"email", "uuid", "date-time", "date", "uri", "ipv4"}[r.rnd.IntN(6)]
				add("format="+f, fmt.Sprintf("%q", classFormatExamples[slices.Index([]string{"email", "uuid", "date-time", "date", "uri", "ipv4"}, f)]), `"nope"`)
			case 4:
				r.strings = append(r.strings, "red", "blue")
				add("enum=red,enum=blue", `"red"`, `"blue"`, `"green"`)
			}
		case "int", "uint":
			if r.chance(2) {
				add("minimum=0,maximum=100", "0", "50", "100", "101")
			} else {
				add("enum=1,enum=2", "1", "2", "3")
			}
		case "float":
			if r.chance(2) {
				add("minimum=-1.5,maximum=1000", "0.5", "1000.0", "-2.0")
			} else {
				add("multipleOf=0.5", "1.5", "2.0", "0.3")
			}
		case "time.Duration":
			add("minimum=1s,maximum=1h", "int64(time.Second)", "int64(30 * time.Minute)", "int64(0)")
		}
		if len(t.chain) > 0 && (t.chain[0] == 's' || t.chain[0] == 'a') {
			if t.chain == "s" && (t.leaf == "string" || t.leaf == "int" || t.leaf == "uint") && r.chance(3) {
				items = append(items, "uniqueItems=true")
			}
			switch r.rnd.IntN(3) {
			case 0:
				items = append(items, "minItems=1")
			case 1:
				items = append(items, "maxItems=2")
				if t.chain[0] == 'a' && t.arrayLen > 2 {
					r.expect("maxItems below an array's length")
				}
			}
		}
	}
	if optional && len(items) == 0 && scalar && r.chance(3) {
		if d, ok := classDefault(t); ok {
			items = append(items, "default="+d)
			if t.chain == "" && !slices.Contains(r.profiles, "openai-strict") && r.chance(3) {
				// null leaves the zero value, not the default, and the
				// MarshalJSON a default brings writes it: an enum's ""
				// breaks its rule. (Under openai-strict null is also how
				// a model leaves the field out, meaning the default:
				// not drawn there.)
				items = append(items, "nullable")
				if t.leaf == "enum" {
					r.expect("nullable non-pointer with a default whose zero breaks a rule")
				}
			}
		}
	}
	if optional && r.chance(12) && !strings.Contains(strings.Join(items, ","), "default=") {
		items = append(items, "required")
	}
	if (t.chain == "p" || t.chain == "" && t.leaf == "union") && len(items) == 0 && r.chance(4) {
		items = append(items, "nullable")
	}
	if r.chance(6) {
		items = append(items, "description=a generated field")
	}
	if scalar && len(tame) > 0 && t.chain == "" {
		r.tame = append(r.tame, fixedField{key: key, values: tame})
	}
	if len(items) == 0 {
		if r.chance(8) {
			// go-sdk's descriptions: one word, or words and commas.
			return []string{` jsonschema:"radius"`, ` jsonschema:"the field, in words"`}[r.rnd.IntN(2)]
		}
		return ""
	}
	return fmt.Sprintf(` jsonschema:"%s"`, strings.Join(items, ","))
}

// classDefault is a default= value for a scalar type, if it takes one.
func classDefault(t classType) (string, bool) {
	switch t.leaf {
	case "string":
		return "dflt", true
	case "int", "uint":
		return "3", true
	case "float":
		return "0.5", true
	case "bool":
		return "true", true
	case "time.Duration":
		return "1m", true
	case "enum":
		return strings.ToLower(t.named) + "b", true
	case "intenum":
		return "1", true
	}
	return "", false
}

// writeJudgeRoot writes the classtest.Root of r.
func (r *classRoot) writeJudgeRoot(b *strings.Builder) {
	q := func(s string) string { return r.pkg + "." + s }
	fmt.Fprintf(b, "\t\t{\n\t\t\tName: %q,\n", r.name)
	if r.output {
		fmt.Fprintf(b, "\t\t\tOutput: %s,\n", q(r.name+"OutputSchema"))
	}
	if r.schema || r.union {
		// a union always has its schemas and decoder
		fmt.Fprintf(b, "\t\t\tSchema: %s,\n\t\t\tFlat: %s,\n", q(r.name+"Schema"), q(r.name+"FlatSchema"))
		fmt.Fprintf(b, "\t\t\tDecode: func(data []byte) (any, error) { return %s(data) },\n", q("Decode"+r.name))
		b.WriteString("\t\t\tProfiles: map[profile.Profile]string{")
		for _, p := range r.profiles {
			goName := map[string]string{"openai-strict": "OpenAIStrict", "gemini-json": "GeminiJSON", "anthropic-strict": "AnthropicStrict"}[p]
			fmt.Fprintf(b, "%q: %s, ", p, q(r.name+goName+"Schema"))
		}
		b.WriteString("},\n")
	}
	fmt.Fprintf(b, "\t\t\tDraw: func(g *schematest.GoValues) any { var v %s; g.Fill(&v); return v },\n", q(r.name))
	fmt.Fprintf(b, "\t\t\tEncode: func(v any) ([]byte, error) { x, _ := v.(%s); return %s(x) },\n", q(r.name), q("Encode"+r.name))
	if r.union {
		fmt.Fprintf(b, "\t\t\tValidate: func(v any) error { x, _ := v.(%s); return %s(x) },\n", q(r.name), q("Validate"+r.name))
	} else {
		fmt.Fprintf(b, "\t\t\tValidate: func(v any) error { return v.(%s).Validate() },\n", q(r.name))
	}
	b.WriteString("\t\t},\n")
}
