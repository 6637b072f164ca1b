package gen_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
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

// TestCLI builds cmd/unionflat and runs it as go generate would, in a
// module of its own that uses this repository through a replace: it
// generates a golden package's files, -check passes on them and fails
// with a unified diff after one byte changes or when a file is missing, a
// broken generated file does not block regeneration, and misuse exits 1
// with file:line:col diagnostics.
func TestCLI(t *testing.T) {
	root := repoRoot(t)
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "unionflat")
	if out, err := runGo(t, root, "build", "-o", bin, "./cmd/unionflat"); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	mod := filepath.Join(tmp, "mod")
	writeFile(t, filepath.Join(mod, "go.mod"), "module example.com/m\n\ngo 1.26.0\n\n"+
		"require github.com/unionflat/unionflat v0.0.0\n\n"+
		"replace github.com/unionflat/unionflat => "+root+"\n")
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(mod, "go.sum"), string(sum))

	// The discriminator case: one source file, a union and a tool.
	golden := filepath.Join(root, "testdata", "gen", "discriminator")
	pkg := filepath.Join(mod, "discriminator")
	var outputs []string
	entries, err := os.ReadDir(golden)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		switch {
		case gen.IsOutput(e.Name()):
			outputs = append(outputs, e.Name())
		case strings.HasSuffix(e.Name(), ".go"):
			copyFile(t, filepath.Join(golden, e.Name()), filepath.Join(pkg, e.Name()))
		}
	}
	if len(outputs) == 0 {
		t.Fatal("the golden case has no generated file")
	}
	out := filepath.Join(pkg, outputs[0])

	// Generate: the files come out as the goldens, and a summary is printed.
	stdout, stderr, code := runCLI(t, bin, pkg)
	if code != 0 || !strings.Contains(stdout, "example.com/m/discriminator: 1 union, 1 tool") {
		t.Fatalf("generate: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, name := range outputs {
		got, err := os.ReadFile(filepath.Join(pkg, name))
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := os.ReadFile(filepath.Join(golden, name)); !bytes.Equal(got, want) {
			t.Errorf("%s generated in another module differs from the golden", name)
		}
	}

	// The summary names each file, and says which were already up to date.
	summary := "unionflat: example.com/m/discriminator: 1 union, 1 tool -> " + strings.Join(outputs, ", ") + "\n"
	if stdout != summary {
		t.Errorf("first run's summary:\n%s\nwant:\n%s", stdout, summary)
	}
	stdout, stderr, code = runCLI(t, bin, pkg)
	if want := strings.ReplaceAll(summary, "_unionflat.go", "_unionflat.go (unchanged)"); code != 0 || stdout != want {
		t.Errorf("second run: exit %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", code, stdout, want, stderr)
	}

	// -check on a fresh tree: nothing to say.
	if stdout, stderr, code := runCLI(t, bin, pkg, "-check"); code != 0 || stdout != "" {
		t.Fatalf("-check on fresh files: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}

	// -check after one byte changes: exit 1 and a unified diff naming the
	// file; the file is left alone.
	fresh := readFile(t, out)
	i := strings.Index(fresh, `"$schema"`)
	if i < 0 {
		t.Fatal("no $schema in the generated file")
	}
	stale := fresh[:i] + `"$schemA"` + fresh[i+len(`"$schema"`):] // one byte
	writeFile(t, out, stale)
	stdout, stderr, code = runCLI(t, bin, pkg, "-check")
	name := outputs[0]
	if code != 1 || !strings.Contains(stdout, "--- a/"+name+"\n+++ b/"+name+"\n@@ ") ||
		!regexp.MustCompile(`\n-.*"\$schemA"`).MatchString(stdout) || !regexp.MustCompile(`\n\+.*"\$schema"`).MatchString(stdout) ||
		!strings.Contains(stderr, name) {
		t.Errorf("-check on a changed file: exit %d, want 1 and a diff\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if readFile(t, out) != stale {
		t.Error("-check wrote the file")
	}

	// A broken generated file (it no longer parses) does not block
	// regeneration, which restores it.
	writeFile(t, out, fresh[:len(fresh)/2])
	if stdout, stderr, code := runCLI(t, bin, pkg, "-q"); code != 0 || stdout != "" {
		t.Fatalf("generate over a broken file: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if readFile(t, out) != fresh {
		t.Error("regeneration did not restore the broken file")
	}

	// -check with a generated file missing: exit 1, a diff from /dev/null.
	if err := os.Remove(out); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code = runCLI(t, bin, pkg, "-check")
	if code != 1 || !strings.Contains(stdout, "--- /dev/null\n+++ b/"+name+"\n") {
		t.Errorf("-check with %s missing: exit %d, want 1 and a diff\nstdout:\n%s\nstderr:\n%s", name, code, stdout, stderr)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Error("-check created the missing file")
	}

	// Misuse: every diagnostic on stderr, relative to the working
	// directory, exit 1, nothing written.
	bad := filepath.Join(mod, "several")
	severalCase := filepath.Join(root, "testdata", "gen", "errors", "several")
	for _, f := range []string{"a.go", "b.go", "c.go"} {
		copyFile(t, filepath.Join(severalCase, f), filepath.Join(bad, f))
	}
	stdout, stderr, code = runCLI(t, bin, bad)
	_, want := splitWant(readFile(t, filepath.Join(severalCase, "want.txt")))
	if code != 1 || stdout != "" || !sameLines(stderr, want) {
		t.Errorf("misuse: exit %d, want 1\nstdout:\n%s\nstderr:\n%s\nwant on stderr:\n%s", code, stdout, stderr, want)
	}
	if matches, _ := filepath.Glob(filepath.Join(bad, "*_unionflat.go")); len(matches) > 0 {
		t.Errorf("files written despite diagnostics: %v", matches)
	}
}

// runCLI runs the built command in dir, as go generate runs it there.
func runCLI(t *testing.T, bin, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "PATH="+filepath.Dir(goTool(t))+string(os.PathListSeparator)+os.Getenv("PATH"))
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

// sameLines reports whether two texts hold the same lines, in any order.
func sameLines(a, b string) bool {
	la, lb := strings.Split(strings.TrimSpace(a), "\n"), strings.Split(strings.TrimSpace(b), "\n")
	slices.Sort(la)
	slices.Sort(lb)
	return slices.Equal(la, lb)
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

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	writeFile(t, to, readFile(t, from))
}
