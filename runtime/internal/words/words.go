// Package words holds the text helpers that the messages of runtime and
// runtime/impl share.
package words

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxListed is how many keys or values a message lists; the rest are
// counted ("and 12 more").
const MaxListed = 16

// Bounded joins at most MaxListed items of list, split at sep, and counts
// the rest.
func Bounded(list, sep string) string {
	items := strings.Split(list, sep)
	if len(items) <= MaxListed {
		return list
	}
	return strings.Join(items[:MaxListed], sep) + sep + "and " + strconv.Itoa(len(items)-MaxListed) + " more"
}

// Cut shortens s to at most n bytes, at a character boundary, marking the
// cut with "…".
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	n -= len("…")
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
