package gen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/unionflat/unionflat/gen"
	"github.com/unionflat/unionflat/internal/synthetic"
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
		if err := synthetic.WriteModule(dir, root, sum, fmt.Sprintf("%d-%d", time.Now().UnixNano(), runs)); err != nil {
			b.Fatal(err)
		}

		start := time.Now()
		res, err := gen.Generate(gen.Config{Dir: dir, Patterns: []string{"./..."}})
		genTime += time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Diagnostics) > 0 {
			b.Fatalf("diagnostics: %v", res.Diagnostics[:min(len(res.Diagnostics), 5)])
		}
		if want := synthetic.Packages * synthetic.UnionsPerPackage; len(res.Files) != want {
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
