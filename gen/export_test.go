package gen

import (
	"bytes"
	"fmt"
	"go/format"
	"sync"
	"testing"

	"github.com/unionflat/unionflat/internal/textdiff"
)

// The names table, for the tests of package gen_test.
var (
	LocalNames  = allLocals
	ImportNames = allImportNames
)

// LayoutTally compares every layout formatSource makes with
// go/format.Source of the same source, and counts the files laid out and
// those left to go/format.
type LayoutTally struct {
	mu       sync.Mutex
	Files    int      // files formatSource formatted
	FellBack int      // of which layout left to go/format
	Differ   []string // a diff for each layout unlike go/format's
}

// WatchLayout makes formatSource report to a new tally until the test
// ends.
func WatchLayout(t *testing.T) *LayoutTally {
	l := &LayoutTally{}
	layoutSeen = func(src, out []byte, ok bool) {
		want, err := format.Source(src)
		l.mu.Lock()
		defer l.mu.Unlock()
		l.Files++
		switch {
		case !ok:
			l.FellBack++
		case err != nil:
			l.Differ = append(l.Differ, "layout took a file go/format rejects: "+err.Error())
		case !bytes.Equal(out, want):
			l.Differ = append(l.Differ, textdiff.Unified("gofmt", "layout", string(want), string(out), 2))
		}
	}
	layoutCrashed = func(r any) {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.Differ = append(l.Differ, fmt.Sprintf("layout panicked: %v", r))
	}
	t.Cleanup(func() { layoutSeen, layoutCrashed = nil, nil })
	return l
}
