package jsontext

import "testing"

// TestAppendStringEscapes checks which runes the encoder escapes: the
// separators U+2028 and U+2029 and the byte order mark, among others of
// the same lead bytes (E2, EF) and other non-ASCII text that stays.
func TestAppendStringEscapes(t *testing.T) {
	in := "a\u2028b\u2029c\uFEFFd\u2027\u202a\uFEFE\uFFFDé😀\x01\"\\\n"
	want := `"a\u2028b\u2029c\ufeffd` + "\u2027\u202a\uFEFE\uFFFDé😀" + `\u0001\"\\\n"`
	if got := string(AppendString(nil, in)); got != want {
		t.Errorf("AppendString = %s, want %s", got, want)
	}
}
