package gen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/gen"
	"github.com/unionflat/unionflat/internal/textdiff"
)

// TestDiagnostics runs the generator on every package under
// testdata/gen/errors and compares its diagnostics, all from one run,
// with the case's want.txt: one "file:line:col: message" a line, paths
// relative to the case, in file, line, column order. Lines starting with
// # are comments. -update rewrites want.txt, keeping its comments.
func TestDiagnostics(t *testing.T) {
	for _, dir := range errorCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			res, err := gen.Generate(gen.Config{Dir: dir})
			if err != nil {
				t.Fatal(err)
			}
			got := diagLines(dir, res.Diagnostics)
			if len(res.Diagnostics) > 0 && len(res.Files) > 0 {
				t.Errorf("with diagnostics, Files must be empty; got %d files", len(res.Files))
			}
			wantPath := filepath.Join(dir, "want.txt")
			text, err := os.ReadFile(wantPath)
			if err != nil && !*update {
				t.Fatal(err)
			}
			comments, want := splitWant(string(text))
			if *update {
				if got != want {
					if err := os.WriteFile(wantPath, []byte(comments+got), 0o666); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			if got != want {
				t.Errorf("diagnostics differ from want.txt (go test ./gen -update):\n%s",
					textdiff.Unified("want.txt", "got", want, got, 1))
			}
		})
	}
}

// splitWant separates the leading # comment lines of a want.txt from the
// diagnostics after them.
func splitWant(text string) (comments, diags string) {
	var c, d strings.Builder
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, "#") && d.Len() == 0 {
			c.WriteString(line)
		} else if strings.TrimSpace(line) != "" {
			d.WriteString(line)
		}
	}
	return c.String(), d.String()
}
