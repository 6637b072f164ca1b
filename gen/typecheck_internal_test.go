package gen

import (
	"fmt"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestLoadTypedAgreesWithGoPackages loads every golden and error case,
// and small modules whose packages import each other, both ways: with
// loadTyped and with packages.Load in loadMode. Each package must come
// back with the same type errors, the same package-level declarations
// and the same type of every expression and identifier the checker
// recorded.
func TestLoadTypedAgreesWithGoPackages(t *testing.T) {
	cases := map[string][]string{} // directory: patterns
	for _, dir := range []string{"../testdata/gen", "../testdata/gen/errors"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() && e.Name() != "errors" {
				cases[filepath.Join(dir, e.Name())] = []string{"./..."}
			}
		}
	}
	cases["../testdata/gen/multifile"] = []string{"."} // shared is imported, not loaded
	mod := writeImportModule(t)
	cases[mod] = []string{"./..."}
	cases[mod+"/a"] = []string{".", "../c"} // a imports b, which imports c: go/packages' own way
	for _, dir := range slices.Sorted(maps.Keys(cases)) {
		t.Run(dir, func(t *testing.T) {
			pcfg := func() *packages.Config {
				return &packages.Config{Mode: loadMode, Dir: dir, BuildFlags: []string{"-tags=" + BuildTag}}
			}
			got, err := loadTyped(pcfg(), cases[dir])
			if err != nil {
				t.Fatal(err)
			}
			want, err := packages.Load(pcfg(), cases[dir]...)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := typedFingerprint(got), typedFingerprint(want); g != w {
				t.Errorf("loadTyped and packages.Load disagree:\nloadTyped:\n%s\npackages.Load:\n%s", g, w)
			}
		})
	}
}

// TestImportsRootIndirectly checks the condition under which loadTyped
// leaves loading to go/packages.
func TestImportsRootIndirectly(t *testing.T) {
	mod := writeImportModule(t)
	for _, c := range []struct {
		patterns []string
		want     bool
	}{
		{[]string{"./..."}, false},
		{[]string{"./a"}, false},
		{[]string{"./a", "./b"}, false},
		{[]string{"./a", "./c"}, true},
	} {
		roots, err := packages.Load(&packages.Config{Mode: syntaxMode, Dir: mod}, c.patterns...)
		if err != nil {
			t.Fatal(err)
		}
		isRoot := map[string]bool{}
		for _, p := range roots {
			isRoot[p.ID] = true
		}
		if got := importsRootIndirectly(roots, isRoot); got != c.want {
			t.Errorf("%v: importsRootIndirectly = %v, want %v", c.patterns, got, c.want)
		}
	}
}

// writeImportModule writes a module where a imports b and the standard
// library, b imports c, and a holds a type error.
func writeImportModule(t *testing.T) string {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26.0\n",
		"a/a.go": "package a\n\nimport (\n\t\"strings\"\n\n\t\"example.com/m/b\"\n)\n\n" +
			"type A struct {\n\tB b.B\n\tS strings.Builder\n\tX Missing\n}\n\nfunc F() int { return b.G() + len(strings.Repeat(\"x\", 2)) }\n",
		"b/b.go": "package b\n\nimport \"example.com/m/c\"\n\ntype B struct{ C c.C }\n\nfunc G() int { return c.N }\n",
		"c/c.go": "package c\n\nconst N = 3\n\ntype C struct{ N int }\n",
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// typedFingerprint writes what the generator reads of loaded packages:
// per package, its type errors, its package-level objects and every
// recorded type, definition and use, in a stable order.
func typedFingerprint(pkgs []*packages.Package) string {
	var out []string
	for _, p := range pkgs {
		var lines []string
		for _, e := range p.Errors {
			if !isOwnCompileError(p, e) {
				lines = append(lines, fmt.Sprintf("error %d %s: %s", e.Kind, e.Pos, e.Msg))
			}
		}
		if p.Types != nil {
			for _, name := range p.Types.Scope().Names() {
				lines = append(lines, "object "+types.ObjectString(p.Types.Scope().Lookup(name), nil))
			}
		}
		if info := p.TypesInfo; info != nil {
			for e, tv := range info.Types {
				lines = append(lines, fmt.Sprintf("type %s %s", p.Fset.Position(e.Pos()), tv.Type))
			}
			for id, obj := range info.Defs {
				lines = append(lines, fmt.Sprintf("def %s %s %v", p.Fset.Position(id.Pos()), id.Name, obj))
			}
			for id, obj := range info.Uses {
				lines = append(lines, fmt.Sprintf("use %s %s %v", p.Fset.Position(id.Pos()), id.Name, obj))
			}
		}
		slices.Sort(lines)
		out = append(out, "package "+p.ID+"\n\t"+strings.Join(lines, "\n\t"))
	}
	slices.Sort(out)
	return strings.Join(out, "\n")
}
