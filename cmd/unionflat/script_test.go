package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary run as the command: a script's
// "exec unionflat ..." runs main in a subprocess, as go generate would.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"unionflat": main})
}

// TestScripts runs the command's scenarios, testdata/script/*.txtar, one
// per file. Each runs in a module of its own, example.com/m, that uses
// this repository through a replace; $ROOT is the repository, so a script
// can copy a golden package from $ROOT/testdata/gen and compare what it
// generates with the golden files. Besides testscript's own commands:
//
//	exits N prog args...   runs prog and wants exit status N
//	replace file old new   replaces the first occurrence of old in file
func TestScripts(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	goEnv := goEnv(t, "GOCACHE", "GOMODCACHE", "GOROOT")
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("ROOT", root)
			env.Setenv("GOCACHE", goEnv[0])
			env.Setenv("GOMODCACHE", goEnv[1])
			env.Setenv("PATH", filepath.Join(goEnv[2], "bin")+string(os.PathListSeparator)+env.Getenv("PATH"))
			env.Setenv("GOFLAGS", "-mod=mod")
			env.Setenv("GOPROXY", "off")
			env.Setenv("GOWORK", "off")
			env.Setenv("GOTOOLCHAIN", "local")
			return writeModule(env.WorkDir, root)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits":   cmdExits,
			"replace": cmdReplace,
		},
	})
}

// goEnv reads go env values of the toolchain that runs the tests.
func goEnv(t *testing.T, names ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"env"}, names...)...).Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	values := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(values) != len(names) {
		t.Fatalf("go env %v: %q", names, out)
	}
	return values
}

// writeModule makes the script's work directory the module example.com/m,
// requiring this repository from its directory.
func writeModule(dir, root string) error {
	mod := "module example.com/m\n\ngo 1.26.0\n\n" +
		"require github.com/unionflat/unionflat v0.0.0\n\n" +
		"replace github.com/unionflat/unionflat => " + root + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o666); err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o666)
}

// cmdExits is "exits N prog args...": it runs prog, keeps its output for
// stdout and stderr, and wants exit status N.
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits N prog args...")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: %v", err)
	}
	got := 0
	var exit *exec.ExitError
	switch err := ts.Exec(args[1], args[2:]...); {
	case errors.As(err, &exit):
		got = exit.ExitCode()
	case err != nil:
		ts.Fatalf("%s: %v", args[1], err)
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// cmdReplace is "replace file old new": it replaces the first occurrence
// of old in file with new.
func cmdReplace(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: replace file old new")
	}
	text := ts.ReadFile(args[0])
	if !strings.Contains(text, args[1]) {
		ts.Fatalf("replace: no %q in %s", args[1], args[0])
	}
	path := ts.MkAbs(args[0])
	ts.Check(os.WriteFile(path, []byte(strings.Replace(text, args[1], args[2], 1)), 0o666))
}
