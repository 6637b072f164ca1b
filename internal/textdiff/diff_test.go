package textdiff

import "testing"

// TestUnified: a changed line is its old line removed, then its new one
// added, with the context around it and the lines' numbers; equal texts
// give nothing.
func TestUnified(t *testing.T) {
	for _, tc := range []struct{ old, new, want string }{
		{"a\nb\nc\n", "a\nB\nc\n", "--- old\n+++ new\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"},
		{"a\nb\n", "a\nb\nc\n", "--- old\n+++ new\n@@ -2 +2,2 @@\n b\n+c\n"},
		{"a\nb\nc\n", "a\nc\n", "--- old\n+++ new\n@@ -1,3 +1,2 @@\n a\n-b\n c\n"},
		{"x\ny\n", "p\nq\n", "--- old\n+++ new\n@@ -1,2 +1,2 @@\n-x\n-y\n+p\n+q\n"},
		{"a\n", "a", "--- old\n+++ new\n@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n"},
		{"same\n", "same\n", ""},
	} {
		if got := Unified("old", "new", tc.old, tc.new, 1); got != tc.want {
			t.Errorf("Unified(%q, %q):\n%s\nwant\n%s", tc.old, tc.new, got, tc.want)
		}
	}
}
