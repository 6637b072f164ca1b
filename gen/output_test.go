package gen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/gen/internal/schema"

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
		if r.Object {
			lint(r.Name+" flat", r.Schemas.Flat, profile.MCP, "untyped")
		}
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
				s, err := schema.RootSchemas(r)
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
				s, err := schema.OutputSchemas(x)
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

// outputSchemaText is the text of the constant name in the generated
// files: its raw string literal, from the backquote to the next.
func outputSchemaText(t *testing.T, files []gen.File, name string) string {
	t.Helper()
	for _, f := range files {
		text := string(f.Content)
		if _, rest, ok := strings.Cut(text, "\t"+name+" = `"); ok {
			body, _, _ := strings.Cut(rest, "`")
			return body
		}
	}
	t.Fatalf("no constant %s in the generated files", name)
	return ""
}

// TestRecursiveUnionOutputIsFlat: a recursive union whose variant holds
// it in a required field (written as null when nil, so the field's
// schema is a nullable wrapper of the union) is flattened all the same:
// as a tool's result it generates with no union left alone, its output
// schema is one object whose field points at a nullable copy of it, and
// the package builds.
func TestRecursiveUnionOutputIsFlat(t *testing.T) {
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
	if notes := res.Summaries[0].Notes; len(notes) > 0 {
		t.Errorf("the summary has notes:\n%s", strings.Join(notes, "\n"))
	}
	output := outputSchemaText(t, res.Files, "ExprOutputSchema")
	if strings.Contains(output, `"oneOf"`) || strings.Contains(output, `"anyOf"`) || !strings.Contains(output, `"$ref": "#/$defs/ExprOrNull"`) {
		t.Errorf("the output schema is not one object with a nullable copy of Expr:\n%s", output)
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
