package runtime_test

import (
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// TestNoteLeavesOutWhatWasAsked: the note lists the repairs that were
// mistakes, not those the tool's profile asked for, and does not hide
// the repairs past the list's cap, which may be mistakes.
func TestNoteLeavesOutWhatWasAsked(t *testing.T) {
	asked := unionflat.Repair{Path: unionflat.Path{{Name: "a", Index: -1}}, Kind: unionflat.RepairNullAsAbsent, Got: "null", Asked: true}
	mistake := unionflat.Repair{Path: unionflat.Path{{Name: "b", Index: -1}}, Kind: unionflat.RepairQuotedNumber, Got: `"5"`, Read: "5"}
	for _, tc := range []struct {
		r    unionflat.Repairs
		want string // the note after its opening line; "-" for no note
	}{
		{unionflat.Repairs{}, "-"},
		{unionflat.Repairs{List: []unionflat.Repair{asked}}, "-"},
		{unionflat.Repairs{List: []unionflat.Repair{asked, mistake}}, `/b: read "5" as 5`},
		{unionflat.Repairs{List: []unionflat.Repair{mistake}, More: 2}, "/b: read \"5\" as 5\n(and 2 more)"},
		{unionflat.Repairs{List: []unionflat.Repair{asked}, More: 3}, "(3 repairs past the list)"},
	} {
		note := tc.r.Note()
		if tc.want == "-" {
			if note != "" {
				t.Errorf("%+v: note %q, want none", tc.r, note)
			}
			continue
		}
		if got, ok := strings.CutPrefix(note, unionflat.RepairedArguments); !ok || got != tc.want {
			t.Errorf("%+v: note %q, want %q after the opening", tc.r, note, tc.want)
		}
	}
}
