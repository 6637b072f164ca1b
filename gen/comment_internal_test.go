package gen

import (
	"strings"
	"testing"
)

// TestArticle pins the article of the type names generated comments put
// it before.
func TestArticle(t *testing.T) {
	for word, want := range map[string]string{
		"ImagePart": "an", "Order": "an", "Attachment": "an", "Event": "an", "Update": "an",
		"TextPart": "a", "Part": "a", "User": "a", "Unit": "a", "UniqueID": "a", "Euro": "a", "OneOf": "a",
		"HTTPEmbedBlock": "an", "SMSPart": "an", "URLPart": "a", "Hour": "an", "HourlyRate": "an",
		"Usage": "a", "Utility": "a", "Umbrella": "an", "XMLDoc": "an", "YAMLDoc": "a", "Shape": "a",
	} {
		if got := article(word); got != want {
			t.Errorf("article(%q) = %q, want %q", word, got, want)
		}
	}
}

// TestCommentsWrap wants every line of a wrapped comment under 100
// columns with its "// " and a tab, and the words kept in order.
func TestCommentsWrap(t *testing.T) {
	text := strings.Repeat("DecodeScheduleReminder decodes the arguments of tool schedule_reminder, ", 6)
	lines := wrapComment(text)
	if len(lines) < 2 {
		t.Fatalf("not wrapped: %q", lines)
	}
	for _, l := range lines {
		if n := len("\t// ") + len(l); n >= 100 {
			t.Errorf("line of %d columns: %q", n, l)
		}
	}
	if got := strings.Join(lines, " "); got != strings.TrimSpace(text) {
		t.Errorf("words changed:\n%q\n%q", got, text)
	}
}
