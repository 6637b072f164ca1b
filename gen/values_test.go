package gen_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"go/constant"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/gen/internal/model"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/go/packages"

	"github.com/unionflat/unionflat/internal/textdiff"
)

// schemaValues is the digest of every schema constant the repository's
// generated files declare, as Go evaluates it. It was first recorded by the
// generator that wrote each constant as one literal; the generator that
// builds constants from shared pieces must give the same values.
const schemaValues = "testdata/gen/schema-values.txt"

// TestSchemaConstantValues type-checks every package with generated files
// (the golden packages, the fixtures and the examples), takes the value of
// each schema constant (a name ending in Schema) as the compiler computes
// it, however the constant is spelled, and wants: the digests recorded in
// schema-values.txt (go test ./gen -update rewrites it, so a change of any
// value shows in review), a document that compiles under
// santhosh-tekuri/jsonschema, and no oneOf, anyOf or allOf in the flat
// and profile schemas (every schema constant but the lossless XSchema of
// an XFlatSchema).
func TestSchemaConstantValues(t *testing.T) {
	root := repoRoot(t)
	var patterns []string
	for _, dir := range goldenCases(t) {
		patterns = append(patterns, "./testdata/gen/"+filepath.Base(dir)+"/...")
	}
	values := schemaConsts(t, root, append(patterns, "./internal/fixtures/..."))
	for k, v := range schemaConsts(t, filepath.Join(root, "examples"), []string{"./..."}) {
		values[k] = v
	}
	if len(values) < 50 {
		t.Fatalf("only %d schema constants found", len(values))
	}
	got := digestLines(values)
	path := filepath.Join(root, filepath.FromSlash(schemaValues))
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("schema constant values differ from %s:\n%s", schemaValues,
			textdiff.Unified("recorded", "evaluated", string(want), got, 0))
	}
	for _, name := range slices.Sorted(maps.Keys(values)) {
		doc := []byte(values[name])
		compileDocument(t, name, doc)
		if isLossless(name, values) {
			continue
		}
		for _, at := range combinators(mustJSON(t, doc)) {
			if strings.HasSuffix(name, "GeminiSchema") && strings.HasPrefix(at, "anyOf ") {
				continue // gemini has no type arrays: several kinds are an anyOf there
			}
			t.Errorf("%s has %s", name, at)
		}
	}
}

// isLossless reports whether pkg.XSchema is the lossless schema of a root
// with a pkg.XFlatSchema beside it.
func isLossless(name string, values map[string]string) bool {
	root, ok := strings.CutSuffix(name, "Schema")
	_, flat := values[root+"FlatSchema"]
	return ok && flat
}

// schemaConsts evaluates the schema constants declared in the generated
// files of the packages matched in dir, by "pkgpath.Name".
func schemaConsts(t *testing.T, dir string, patterns []string) map[string]string {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedFiles,
		Dir:  dir,
		Env:  append(os.Environ(), "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Fatalf("%s: %v", p.PkgPath, e)
		}
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			c, ok := scope.Lookup(name).(*types.Const)
			if !ok || !strings.HasSuffix(name, "Schema") || c.Val().Kind() != constant.String {
				continue
			}
			if model.IsOutput(p.Fset.Position(c.Pos()).Filename) {
				out[p.PkgPath+"."+name] = constant.StringVal(c.Val())
			}
		}
	}
	return out
}

// digestLines is one line per constant, sorted: name, length, SHA-256.
func digestLines(values map[string]string) string {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(values)) {
		fmt.Fprintf(&b, "%s %d %x\n", name, len(values[name]), sha256.Sum256([]byte(values[name])))
	}
	return b.String()
}

// compileDocument compiles a schema under draft 2020-12 whether or not
// it names its dialect: a profile (gemini) may drop $schema.
func compileDocument(t *testing.T, name string, doc []byte) {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("%s: not JSON: %v", name, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	url := "mem://" + strings.ReplaceAll(name, "/", "-") + ".json"
	if err := c.AddResource(url, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if _, err := c.Compile(url); err != nil {
		t.Errorf("%s does not compile: %v", name, err)
	}
}
