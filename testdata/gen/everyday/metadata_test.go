package everyday

import (
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// The tool directive's title, description and hints reach the
// descriptor; a hint not given stays nil; a doc comment reads as go doc
// shows it, a paragraph a line.
func TestToolMetadata(t *testing.T) {
	hint := func(h *bool) string {
		if h == nil {
			return "unset"
		}
		if *h {
			return "true"
		}
		return "false"
	}
	for _, tc := range []struct {
		tool                      unionflat.Tool
		title, desc               string
		readOnly, destr, idem, ow string
	}{
		{GetCommitTool.Tool, "Get commit",
			"GetCommit returns one commit of a repository, with its author, message and changed files.\n\nThe sha may be a branch name or a tag.",
			"true", "false", "true", "false"},
		{DeleteFileTool.Tool, "", "Delete a file from a repository.", "unset", "true", "unset", "unset"},
	} {
		a := tc.tool.Annotations
		got := []string{tc.tool.Title, tc.tool.Description, hint(a.ReadOnlyHint), hint(a.DestructiveHint), hint(a.IdempotentHint), hint(a.OpenWorldHint)}
		want := []string{tc.title, tc.desc, tc.readOnly, tc.destr, tc.idem, tc.ow}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: field %d is %q, want %q", tc.tool.Name, i, got[i], want[i])
			}
		}
	}
	if d := GetCommitTool.Tool.Schema; !strings.Contains(d, `"description": "Owner is the account that owns the repository: a user or an organization."`) {
		t.Errorf("a field's doc comment is not one line a paragraph: %s", d)
	}
}
