package gen_test

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/unionflat/unionflat/gen"
)

var (
	layoutN    = flag.Int("layout.n", 40, "random types of each class generator TestLayoutMatchesGofmt generates")
	layoutSeed = flag.Uint64("layout.seed", 1000, "first seed of TestLayoutMatchesGofmt")
)

// TestLayoutMatchesGofmt checks that every file layout lays out is
// go/format.Source's output of the same source byte for byte, over the
// golden packages, the repository's own generated packages, the
// examples, and seeded random packages of both class tests' generators
// (output types and tool inputs); it logs how many files were left to
// go/format, which should be few. Run a longer one by hand with
//
//	go test ./gen -run LayoutMatchesGofmt -layout.n=400 -layout.seed=7 -v
func TestLayoutMatchesGofmt(t *testing.T) {
	tally := gen.WatchLayout(t)
	root := repoRoot(t)
	generate := func(dir string) {
		t.Helper()
		res, err := gen.Generate(gen.Config{Dir: dir, Patterns: []string{"./..."}})
		if err != nil || len(res.Diagnostics) > 0 {
			t.Fatalf("%s: %v %v", dir, err, res.Diagnostics)
		}
	}
	for _, dir := range goldenCases(t) {
		generate(dir)
	}
	generate(root)
	generate(filepath.Join(root, "examples"))
	fixed := tally.Files
	for i, newRoot := range []func(seed uint64, i, pkg int) *classRoot{newClassRoot, newToolRoot} {
		dir, all := writeClass(t, "", *layoutN, 8, *layoutSeed+uint64(i)*uint64(*layoutN), newRoot)
		generateClass(t, dir, all)
	}
	t.Logf("%d files (%d of the goldens, the repository and the examples, %d random), %d left to go/format",
		tally.Files, fixed, tally.Files-fixed, tally.FellBack)
	for _, d := range tally.Differ[:min(len(tally.Differ), 3)] {
		t.Errorf("layout differs from go/format:\n%s", d)
	}
	if len(tally.Differ) > 0 {
		t.Errorf("%d of %d files differ", len(tally.Differ), tally.Files)
	}
	if tally.Files == 0 || tally.FellBack*10 > tally.Files {
		t.Errorf("%d of %d files left to go/format: layout should take nearly all", tally.FellBack, tally.Files)
	}
}
