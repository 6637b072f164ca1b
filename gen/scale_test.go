package gen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unionflat/unionflat/gen"
)

// Scale of the synthetic module: packages × unions per package unions,
// each with variantsPerUnion variants and one tool whose input holds it.
const (
	scalePackages         = 10
	scaleUnionsPerPackage = 20
	scaleVariantsPerUnion = 5
)

// BenchmarkGenerateSynthetic measures the scale goal: generating a module
// of 200 unions and 1,000 variants should take at most twice as long as
// go vet on the same module. Each iteration writes a fresh module (so
// vet's cache cannot answer for it), times gen.Generate on it, writes the
// files and times go vet ./... there, and the benchmark reports both and
// their ratio. It asserts no time. Run it with
//
//	go test ./gen -run '^$' -bench GenerateSynthetic -benchtime 1x
func BenchmarkGenerateSynthetic(b *testing.B) {
	root := repoRoot(b)
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		b.Fatal(err)
	}
	var genTime, vetTime time.Duration
	runs := 0
	for ; b.Loop(); runs++ {
		dir := filepath.Join(b.TempDir(), "synthetic")
		writeSynthetic(b, dir, root, sum, fmt.Sprintf("%d-%d", time.Now().UnixNano(), runs))

		start := time.Now()
		res, err := gen.Generate(gen.Config{Dir: dir, Patterns: []string{"./..."}})
		genTime += time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Diagnostics) > 0 {
			b.Fatalf("diagnostics: %v", res.Diagnostics[:min(len(res.Diagnostics), 5)])
		}
		if want := scalePackages * scaleUnionsPerPackage; len(res.Files) != want {
			b.Fatalf("%d files generated, want %d", len(res.Files), want)
		}
		for _, f := range res.Files {
			if err := os.WriteFile(f.Path, f.Content, 0o666); err != nil {
				b.Fatal(err)
			}
		}

		start = time.Now()
		out, err := runGo(b, dir, "vet", "./...")
		vetTime += time.Since(start)
		if err != nil {
			b.Fatalf("go vet of the synthetic module: %v\n%s", err, out)
		}
	}
	n := float64(runs)
	b.ReportMetric(genTime.Seconds()/n, "gen-s/op")
	b.ReportMetric(vetTime.Seconds()/n, "vet-s/op")
	b.ReportMetric(genTime.Seconds()/vetTime.Seconds(), "gen/vet")
}

// writeSynthetic writes the synthetic module into dir. The nonce makes
// every file new to the build cache.
func writeSynthetic(b *testing.B, dir, root string, sum []byte, nonce string) {
	b.Helper()
	write := func(path, text string) {
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
			b.Fatal(err)
		}
	}
	write(filepath.Join(dir, "go.mod"), "module example.com/synthetic\n\ngo 1.26.0\n\n"+
		"require github.com/unionflat/unionflat v0.0.0\n\n"+
		"replace github.com/unionflat/unionflat => "+root+"\n")
	write(filepath.Join(dir, "go.sum"), string(sum))
	for p := range scalePackages {
		pkg := fmt.Sprintf("p%02d", p)
		for u := range scaleUnionsPerPackage {
			write(filepath.Join(dir, pkg, fmt.Sprintf("u%02d.go", u)), syntheticUnion(pkg, u, nonce))
		}
	}
}

// syntheticUnion is one file: a union, its variants with fields of several
// kinds, an enum, a shared struct and a tool.
func syntheticUnion(pkg string, u int, nonce string) string {
	var b strings.Builder
	n := fmt.Sprintf("%02d", u)
	fmt.Fprintf(&b, "// Synthetic module %s.\n\npackage %s\n\n", nonce, pkg)
	fmt.Fprintf(&b, "// U%s is synthetic union %s.\n//\n//unionflat:union\ntype U%s interface{ isU%s() }\n\n", n, n, n, n)
	fmt.Fprintf(&b, "// Mode%s is an enum.\ntype Mode%s string\n\nconst (\n\tMode%sA Mode%s = \"a\"\n\tMode%sB Mode%s = \"b\"\n)\n\n", n, n, n, n, n, n)
	fmt.Fprintf(&b, "// Ref%s is a shared struct.\ntype Ref%s struct {\n\tID string `json:\"id\" jsonschema:\"format=uuid\"`\n}\n\n", n, n)
	for v := range scaleVariantsPerUnion {
		name := fmt.Sprintf("U%sV%d", n, v)
		fmt.Fprintf(&b, "// %s is variant %d.\n//\n//unionflat:variant v%d\ntype %s struct {\n", name, v, v, name)
		fmt.Fprintf(&b, "\tName%d string `json:\"name%d\" jsonschema:\"minLength=1\"`\n", v, v)
		fmt.Fprintf(&b, "\tCount int `json:\"count,omitempty\" jsonschema:\"minimum=0,maximum=100\"`\n")
		fmt.Fprintf(&b, "\tMode Mode%s `json:\"mode,omitempty\"`\n", n)
		fmt.Fprintf(&b, "\tTags []string `json:\"tags,omitempty\" jsonschema:\"maxItems=5\"`\n")
		fmt.Fprintf(&b, "\tRef *Ref%s `json:\"ref,omitempty\"`\n}\n\n", n)
		fmt.Fprintf(&b, "func (%s) isU%s() {}\n\n", name, n)
	}
	fmt.Fprintf(&b, "// Tool%s is a synthetic tool.\n//\n//unionflat:tool\ntype Tool%s struct {\n", n, n)
	fmt.Fprintf(&b, "\tItems []U%s `json:\"items\" jsonschema:\"minItems=1\"`\n\tNote string `json:\"note,omitempty\"`\n}\n", n)
	return b.String()
}
