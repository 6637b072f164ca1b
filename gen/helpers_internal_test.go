package gen

import (
	"os"
	"path/filepath"
	"testing"
)

// generatedCases lists the golden and outclass case directories, the
// packages whose generated files the repository holds (the error cases
// left out).
func generatedCases(t *testing.T) []string {
	t.Helper()
	var dirs []string
	for _, dir := range []string{"../testdata/gen", "../testdata/outclass"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() && e.Name() != "errors" {
				dirs = append(dirs, filepath.Join(dir, e.Name()))
			}
		}
	}
	return dirs
}
