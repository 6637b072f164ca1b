package gen_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/unionflat/unionflat/gen"
)

// The test data lives in the main module, under testdata/gen:
//
//	testdata/gen/<case>/         a golden package (and its sub-packages):
//	                             its checked-in *_unionflat.go files are the
//	                             goldens that go test ./gen -update rewrites
//	testdata/gen/errors/<case>/  a package with misuses, and want.txt, the
//	                             diagnostics it must produce

// repoRoot is the main module's directory (tests run in gen/).
func repoRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("repository root: %v", err)
	}
	return root
}

var (
	goToolOnce sync.Once
	goToolPath string
	goToolErr  string
)

// goTool is the go command of the toolchain that runs the tests: found on
// PATH, then pinned to the bin directory of its GOROOT.
func goTool(t testing.TB) string {
	t.Helper()
	goToolOnce.Do(func() {
		path, err := exec.LookPath("go")
		if err != nil {
			goToolErr = "no go command on PATH: " + err.Error()
			return
		}
		out, err := exec.Command(path, "env", "GOROOT").Output()
		if err != nil {
			goToolErr = "go env GOROOT: " + err.Error()
			return
		}
		goToolPath = filepath.Join(strings.TrimSpace(string(out)), "bin", "go")
	})
	if goToolErr != "" {
		t.Fatal(goToolErr)
	}
	return goToolPath
}

// runGo runs the go command in dir and returns its combined output.
func runGo(t testing.TB, dir string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(goTool(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// caseDirs lists the directories right below dir, sorted.
func caseDirs(t testing.TB, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	slices.Sort(out)
	if len(out) == 0 {
		t.Fatalf("no cases in %s", dir)
	}
	return out
}

// goldenCases lists the golden packages' case directories.
func goldenCases(t testing.TB) []string {
	t.Helper()
	all := caseDirs(t, filepath.Join(repoRoot(t), "testdata", "gen"))
	return slices.DeleteFunc(all, func(d string) bool { return filepath.Base(d) == "errors" })
}

// errorCases lists the diagnostic cases' directories.
func errorCases(t testing.TB) []string {
	t.Helper()
	return caseDirs(t, filepath.Join(repoRoot(t), "testdata", "gen", "errors"))
}

// writeModule writes the go.mod of a module named example.com/<name> in
// a new directory that uses this repository's unionflat, and returns the
// directory.
func writeModule(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	writeFile(t, filepath.Join(dir, "go.mod"), fmt.Sprintf("module example.com/%s\n\ngo 1.26.0\n\n"+
		"require github.com/unionflat/unionflat v0.0.0\n\n"+
		"replace github.com/unionflat/unionflat => %s\n", name, repoRoot(t)))
	return dir
}

// generateClean generates the packages below dir and wants no diagnostic.
func generateClean(t *testing.T, dir string) gen.Result {
	t.Helper()
	res, err := gen.Generate(gen.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) > 0 {
		t.Fatalf("diagnostics:\n%s", diagLines(dir, res.Diagnostics))
	}
	return res
}
