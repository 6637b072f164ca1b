package gen_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/unionflat/unionflat/gen"
)

// TestDeterminism generates every golden package twice, once with an
// absolute and once with a relative Dir, and wants the same bytes.
func TestDeterminism(t *testing.T) {
	for _, dir := range goldenCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			wd, err := os.Getwd()
			if err != nil {
				t.Fatal(err)
			}
			rel, err := filepath.Rel(wd, dir)
			if err != nil {
				t.Fatal(err)
			}
			first := generateFiles(t, dir)
			second := generateFiles(t, rel)
			if len(first) == 0 {
				t.Fatal("nothing generated")
			}
			if !slices.Equal(sortedKeysOf(first), sortedKeysOf(second)) {
				t.Fatalf("the runs generate different files: %v and %v", sortedKeysOf(first), sortedKeysOf(second))
			}
			for path, content := range first {
				if !bytes.Equal(content, second[path]) {
					t.Errorf("%s differs between two runs", relTo(t, dir, path))
				}
			}
		})
	}
}

// generateFiles runs the generator on a golden case and returns its files
// by absolute path.
func generateFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	res, err := gen.Generate(gen.Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) > 0 {
		t.Fatalf("diagnostics: %v", res.Diagnostics)
	}
	out := map[string][]byte{}
	for _, f := range res.Files {
		if !filepath.IsAbs(f.Path) {
			t.Errorf("File.Path %q is not absolute", f.Path)
		}
		out[f.Path] = f.Content
	}
	return out
}

func sortedKeysOf[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
		t.Fatal(err)
	}
}
