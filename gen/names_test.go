package gen_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/gen/internal/naming"

	"github.com/unionflat/unionflat/gen"
)

// TestShadowingNamesCompile proves that generated code compiles whatever
// package-level names the user declares: it takes the generator's own
// table of locals and import names, writes a package that declares a type
// for every one of them, and uses each as a field type of a tool, of a
// union's variant, and as the element of a slice, a map and a pointer,
// some with rules so that every check is emitted. The generated package
// must build and vet, and import nothing outside the table.
func TestShadowingNamesCompile(t *testing.T) {
	dir := writeModule(t, "shadow")
	taken := append(naming.AllLocals(), naming.AllImportNames()...)
	writeFile(t, filepath.Join(dir, "shadow.go"), shadowSource(taken))

	res := generateClean(t, dir)
	for _, f := range res.Files {
		if f.Content == nil {
			continue
		}
		if err := os.WriteFile(f.Path, f.Content, 0o666); err != nil {
			t.Fatal(err)
		}
		// Beside the table's imports, the packages of the field types.
		checkImportsInTable(t, f, append(taken, "netip"))
	}
	if out, err := runGo(t, dir, "vet", "./..."); err != nil {
		t.Fatalf("go vet of the generated package: %v\n%s", err, out)
	}
	// The table renamed what it had to: no parameter is called d.
	content := string(res.Files[0].Content)
	if strings.Contains(content, "(d *impl") || !strings.Contains(content, "d_ *impl_.Decoder") {
		t.Errorf("the decoder parameter is not renamed around type d:\n%.2000s", content)
	}
}

// shadowSource is a package declaring every name in taken: one in five a
// struct (a variant of union U), the others strings, integers, floats and
// booleans. Tool T, its result R and variant Holder use every one of
// them directly and as slices, arrays, maps, pointers and nested slices;
// tool S and schema root Q, without maps, ask for the openai-strict
// profile, so that the decoders that read null as absent are emitted too;
// U is a schema root, so EncodeU and a lenient DecodeU are emitted.
func shadowSource(taken []string) string {
	var b strings.Builder
	b.WriteString("package shadow\n\nimport (\n\tstdnetip \"net/netip\"\n\tstdtime \"time\"\n)\n\n")
	b.WriteString("//unionflat:union\n//unionflat:schema\ntype U interface{ isU() }\n\n")
	b.WriteString("type Level int\n\nconst (\n\tLevelLow Level = iota\n\tLevelHigh\n)\n\n")
	for i, n := range taken {
		switch i % 5 {
		case 0:
			fmt.Fprintf(&b, "type %s struct {\n\tA string `json:\"a\" jsonschema:\"minLength=1\"`\n}\n\nfunc (%s) isU() {}\n\n", n, n)
		case 1:
			fmt.Fprintf(&b, "type %s string\n\n", n)
		case 2:
			fmt.Fprintf(&b, "type %s int32\n\n", n)
		case 3:
			fmt.Fprintf(&b, "type %s float64\n\n", n)
		case 4:
			fmt.Fprintf(&b, "type %s bool\n\n", n)
		}
	}
	all, noMaps := shadowFields(taken, true)+goTypeFields, shadowFields(taken, false)+goTypeFields
	fmt.Fprintf(&b, "// R is T's result, and uses every name.\ntype R struct {\n%s\tU U `json:\"u\"`\n}\n\n", all)
	fmt.Fprintf(&b, "// Q is a structured output that uses every name, under a profile.\n//\n//unionflat:schema profile=openai-strict\ntype Q struct {\n%s}\n\n", noMaps)
	fmt.Fprintf(&b, "// T uses every name.\n//\n//unionflat:tool output=R\ntype T struct {\n%s\tU U `json:\"u\"`\n\tUs []U `json:\"us,omitempty\"`\n}\n\n", all)
	fmt.Fprintf(&b, "// S uses every name, under a profile.\n//\n//unionflat:tool profile=openai-strict\ntype S struct {\n%s}\n\n", noMaps)
	fmt.Fprintf(&b, "// Holder is a variant that uses every name.\n//\n//unionflat:variant holder\ntype Holder struct {\n%s\tU U `json:\"u\"`\n}\n\nfunc (*Holder) isU() {}\n", all)
	return b.String()
}

// goTypeFields are fields whose decoding, validation and marshalling
// emit code of their own: durations with bounds and defaults, a text
// type with rules, an integer enum and defaults of every shape.
const goTypeFields = "\tWait stdtime.Duration `json:\"wait,omitempty\" jsonschema:\"minimum=1s,maximum=1h,default=30s\"`\n" +
	"\tWaits []stdtime.Duration `json:\"waits,omitempty\"`\n" +
	"\tWaitPtr *stdtime.Duration `json:\"wait_ptr,omitempty\"`\n" +
	"\tAddr stdnetip.Addr `json:\"addr,omitzero\" jsonschema:\"minLength=2\"`\n" +
	"\tLvl Level `json:\"lvl,omitempty\" jsonschema:\"default=1\"`\n" +
	"\tWidth int `json:\"width,omitempty\" jsonschema:\"default=800\"`\n" +
	"\tWidthPtr *int `json:\"width_ptr,omitempty\" jsonschema:\"default=5\"`\n" +
	"\tTags []string `json:\"tags,omitempty\" jsonschema:\"default=a,default=b\"`\n"

// shadowFields declares fields of every type in taken, in every shape.
func shadowFields(taken []string, maps bool) string {
	var b strings.Builder
	for i, n := range taken {
		rules := [5]string{
			1: ` jsonschema:"pattern=^[a-z]+$,maxLength=9,enum=ab,enum=cd"`,
			2: ` jsonschema:"minimum=1,maximum=9,multipleOf=3,enum=3,enum=6"`,
			3: ` jsonschema:"exclusiveMinimum=0,maximum=9.5,multipleOf=0.5"`,
		}[i%5]
		f := "F" + strconv.Itoa(i)
		j := strings.ToLower(f)
		fmt.Fprintf(&b, "\t%s %s `json:\"%s\"%s`\n", f, n, j, rules)
		fmt.Fprintf(&b, "\t%sOpt *%s `json:\"%s_opt,omitempty\"%s`\n", f, n, j, rules)
		fmt.Fprintf(&b, "\t%sNull *%s `json:\"%s_null\" jsonschema:\"nullable\"`\n", f, n, j)
		fmt.Fprintf(&b, "\t%sList []%s `json:\"%s_list,omitempty\" jsonschema:\"minItems=1,maxItems=4,uniqueItems=true\"`\n", f, n, j)
		fmt.Fprintf(&b, "\t%sDeep [][]*%s `json:\"%s_deep,omitempty\"`\n", f, n, j)
		fmt.Fprintf(&b, "\t%sArray [2]%s `json:\"%s_array\"`\n", f, n, j)
		if maps {
			fmt.Fprintf(&b, "\t%sMap map[string]%s `json:\"%s_map,omitempty\"`\n", f, n, j)
			fmt.Fprintf(&b, "\t%sMapList map[string][]*%s `json:\"%s_map_list,omitempty\"`\n", f, n, j)
		}
	}
	return b.String()
}

// checkImportsInTable fails when a generated file imports a package whose
// name the table does not know, and so could not have spelled around.
func checkImportsInTable(t *testing.T, f gen.File, taken []string) {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Content, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range file.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := path.Base(p)
		if p == naming.RuntimePath {
			name = "unionflat"
		}
		if !slices.Contains(taken, name) {
			t.Errorf("%s imports %s, whose name %s is not in gen.ImportNames", filepath.Base(f.Path), p, name)
		}
	}
}

// TestEmittersTakeLocalsFromTable keeps the table whole: an emitter that
// spells a lower-case identifier as a literal, jen.Id("x") rather than
// e.id("x"), would bypass it and could shadow a user's name again. Only
// exported names (fields, methods), the uf helpers and _ may be literals.
func TestEmittersTakeLocalsFromTable(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(repoRoot(t), "gen", "internal", "*", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Id" {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			checked++
			id, _ := strconv.Unquote(lit.Value)
			if id != "_" && !strings.HasPrefix(id, "uf") && !ast.IsExported(id) {
				t.Errorf("%s: Id(%s) bypasses the names table: use e.id(%s)", fset.Position(lit.Pos()), lit.Value, lit.Value)
			}
			return true
		})
	}
	if checked == 0 {
		t.Fatal("found no Id calls with a literal: the test reads the wrong files")
	}
}
