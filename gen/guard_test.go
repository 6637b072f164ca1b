package gen_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// staleSource is a tool with an unexported field, an embedded struct and a
// json:"-" field, so the guard spells fields that are not properties too.
const staleSource = `package stale

// Base is embedded.
type Base struct{ ID string ` + "`json:\"id\"`" + ` }

// Send sends.
//
//unionflat:tool name=send
type Send struct {
	Base
	To    string            ` + "`json:\"to\"`" + `
	Tags  map[string][]int  ` + "`json:\"tags,omitempty\"`" + `
	Cache []byte            ` + "`json:\"-\"`" + `
	note  *string
}

var _ = Send{}.note
`

// TestStaleGeneratedFileBreaksBuild generates a package, then changes the
// tool struct without generating again: the package builds as generated,
// and adding a field, removing one or changing a field's type (exported,
// embedded, json:"-" or unexported) each breaks the build at the guard of
// the generated file.
func TestStaleGeneratedFileBreaksBuild(t *testing.T) {
	dir := writeModule(t, "stale")
	source := filepath.Join(dir, "stale.go")
	writeFile(t, source, staleSource)
	res := generateClean(t, dir)
	for _, f := range res.Files {
		writeFile(t, f.Path, string(f.Content))
	}
	if out, err := runGo(t, dir, "build", "./..."); err != nil {
		t.Fatalf("the generated package does not build: %v\n%s", err, out)
	}
	edits := []struct{ what, old, new string }{
		{"a field added", "\tnote  *string\n", "\tnote  *string\n\tExtra int `json:\"extra\"`\n"},
		{"a field removed", "\tTo    string            `json:\"to\"`\n", ""},
		{"a field retyped", "map[string][]int", "map[string][]int64"},
		{"a json:\"-\" field retyped", "Cache []byte", "Cache []rune"},
		{"an unexported field retyped", "note  *string", "note  string"},
		{"an embedded field replaced", "\tBase\n", "\tID string `json:\"id\"`\n"},
	}
	for _, edit := range edits {
		what := edit.what
		t.Run(what, func(t *testing.T) {
			changed := strings.Replace(staleSource, edit.old, edit.new, 1)
			if changed == staleSource {
				t.Fatalf("the edit %q does not apply", edit.old)
			}
			writeFile(t, source, changed)
			out, err := runGo(t, dir, "build", "./...")
			if err == nil {
				t.Fatalf("the stale generated file still builds with %s", what)
			}
			if !strings.Contains(out, "stale_unionflat.go") || !strings.Contains(out, "cannot convert") {
				t.Errorf("the build fails, but not at the guard:\n%s", out)
			}
		})
	}
}
