package gen

import (
	"strings"
	"testing"

	"github.com/unionflat/unionflat/gen/internal/emit"
)

// TestFormatSourceNamesWhereItFails wants a generated file that does not
// format to come back as an error at the file's line and column, with
// its source, and no content.
func TestFormatSourceNamesWhereItFails(t *testing.T) {
	src := emit.Header + "\n\npackage p\n\nfunc f() {\n\treturn 1 +\n}\n"
	out, err := formatSource(File{Path: "/m/p/p_unionflat.go", Content: []byte(src)})
	if err == nil || out != nil {
		t.Fatalf("formatSource = %q, %v; want an error", out, err)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "p_unionflat.go:7:1: ") || !strings.HasSuffix(msg, src) {
		t.Errorf("the error is\n%s\nwant p_unionflat.go:7:1: then the source", msg)
	}
}
