package gen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/flatten/profile"
	"github.com/unionflat/unionflat/gen"
)

// TestDocumentsPassTheirLint: every profile document of the golden
// packages' tools, schema roots and unions passes the lint of its own
// profile; every output schema passes the mcp lint and compiles under
// santhosh-tekuri; every flat schema has an object root and no
// combinator anywhere, by the mcp lint (a json.RawMessage property of an
// input is untyped, which flat schemas allow).
func TestDocumentsPassTheirLint(t *testing.T) {
	lint := func(name string, doc []byte, p profile.Profile, skip string) {
		t.Helper()
		findings, err := profile.Lint(doc, p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, f := range findings {
			if f.Rule != skip {
				t.Errorf("%s under %s: %s", name, p, f)
			}
		}
	}
	profiles := 0
	for _, r := range goldenRoots(t) {
		lint(r.Name+" flat", r.Schemas.Flat, profile.MCP, "untyped")
		for _, ps := range r.Schemas.Profiles {
			profiles++
			lint(r.Name+" "+string(ps.Profile), ps.Schema, ps.Profile, "")
		}
	}
	outputs := 0
	for _, dir := range goldenCases(t) {
		pkgs, _, err := gen.Load(gen.Config{Dir: dir, Patterns: []string{"./..."}})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pkgs {
			for _, r := range p.Roots {
				if r.Union == nil {
					continue
				}
				s, err := gen.RootSchemas(r)
				if err != nil {
					t.Fatal(err)
				}
				for _, ps := range s.Profiles {
					profiles++
					lint(filepath.Base(dir)+"/schema "+r.Name+" "+string(ps.Profile), ps.Schema, ps.Profile, "")
				}
			}
			for _, x := range p.Encoded {
				if !x.Output {
					continue
				}
				s, err := gen.OutputSchemas(x)
				if err != nil {
					t.Fatal(err)
				}
				outputs++
				name := filepath.Base(dir) + "/output-" + x.GoName()
				lint(name, s.Lossless, profile.MCP, "")
				compileDocument(t, name, s.Lossless)
			}
		}
	}
	if profiles < 10 || outputs < 2 {
		t.Errorf("only %d profile documents and %d output schemas linted", profiles, outputs)
	}
}

// TestRecursiveUnionOutputIsANote: a recursive union whose variant holds
// it in a required field (written as null when nil) is one flatten leaves
// alone; as a tool's result it generates, with the union listed in the
// summary, a oneOf below an object root, and the package builds.
func TestRecursiveUnionOutputIsANote(t *testing.T) {
	dir := writeModule(t, "recout")
	writeFile(t, filepath.Join(dir, "recout.go"), `package recout

//unionflat:union
type Expr interface{ isExpr() }

type Num struct {
	V int `+"`json:\"v\"`"+`
}

type Neg struct {
	X Expr `+"`json:\"x\"`"+`
}

func (Num) isExpr() {}
func (Neg) isExpr() {}

//unionflat:tool output=Expr
type Eval struct{}
`)
	res := generateClean(t, dir)
	notes := strings.Join(res.Summaries[0].Notes, "\n")
	if !strings.Contains(notes, "output Expr: /$defs/Expr: union left as is") {
		t.Errorf("the summary does not list the output's union left alone:\n%s", notes)
	}
	for _, f := range res.Files {
		if err := os.WriteFile(f.Path, f.Content, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := runGo(t, dir, "vet", "./..."); err != nil {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
}
