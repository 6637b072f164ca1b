package impl

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/unionflat/unionflat/runtime/internal/words"
)

// Properties describes the keys an object may hold, for the messages of
// the keys it may not. Suggestions are looked for only when one is listed.
type Properties struct {
	// Keys are the object's own properties, in declaration order (a
	// variant's discriminator first, when no field holds it).
	Keys []string
	// Elsewhere are the properties that only other variants of the
	// object's union have, each with the discriminator values that allow
	// it.
	Elsewhere []Elsewhere
}

// Elsewhere is a property of other variants of a union.
type Elsewhere struct {
	Key string
	// When names the variants that have it, as "kind = rect" or
	// "kind = polygon | poly".
	When string
}

// belongs is where a key of another variant is allowed, or "".
func (p *Properties) belongs(key string) string {
	for _, e := range p.Elsewhere {
		if e.Key == key {
			return e.When
		}
	}
	return ""
}

// nearest is the declared key nearest to key (see [nearest]): the
// object's own first, then the other variants', with the variant the key
// belongs to when it is another's.
func (p *Properties) nearest(key string) (near, when string) {
	return nearest(key, p.Keys, p.Elsewhere)
}

// Discriminator describes the discriminator of a union or of a variant,
// for [Decoder.Tag].
type Discriminator struct {
	// Key is the discriminator's property name.
	Key string
	// Values are the allowed values, in declaration order.
	Values []string
	// Required lists, for each value, the keys its variant requires
	// besides the discriminator, joined by ", " ("" for none).
	Required []string
}

// want is the allowed values joined by " | ", as Error.Want holds them.
func (t *Discriminator) want() string { return strings.Join(t.Values, " | ") }

// variants is each allowed value with the keys its variant requires:
// "circle (with center, radius), label", at most words.MaxListed.
func (t *Discriminator) variants() string {
	var b strings.Builder
	for i, v := range t.Values {
		if i == words.MaxListed {
			b.WriteString(", and " + strconv.Itoa(len(t.Values)-i) + " more")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(v)
		if i < len(t.Required) && t.Required[i] != "" {
			b.WriteString(" (with " + t.Required[i] + ")")
		}
	}
	return b.String()
}

// maxSuggested is the longest text, in bytes, suggestions are looked for:
// a longer one is no typo, and would cost time on hostile input.
const maxSuggested = 64

// nearest returns the candidate nearest to s by edit distance, of keys
// and then of elsewhere (with its When), each in order, or "" when none
// is close enough. The distance counts the characters inserted, deleted
// or replaced and the adjacent pairs swapped, letters compared without
// case ("Color" is color, at distance 0; "colour" and "widht" are at
// distance 1 from color and width). A candidate is close enough when
// three times its distance is at most the length in characters of the
// longer of the two: one edit in three. So "colour" suggests color and
// "rec" rect, while "x" suggests nothing for y, nor "size" for name.
// Ties go to the earlier candidate, and a text longer than 64 bytes, or
// identical to a candidate, gets no suggestion.
func nearest(s string, keys []string, elsewhere []Elsewhere) (near, when string) {
	best := -1
	consider := func(k, w string) {
		if dist, ok := closeEnough(s, k); ok && (best < 0 || dist < best) {
			best, near, when = dist, k, w
		}
	}
	for _, k := range keys {
		consider(k, "")
	}
	if near != "" {
		// The object's own keys first: widht in a variant that takes
		// widths meant widths, though another variant's width is nearer.
		return near, when
	}
	for _, e := range elsewhere {
		consider(e.Key, e.When)
	}
	return near, when
}

// closeEnough is the edit distance between s and candidate, and whether
// it is within the threshold of [nearest].
func closeEnough(s, candidate string) (int, bool) {
	if s == candidate || len(s) > maxSuggested || len(candidate) > maxSuggested {
		return 0, false
	}
	dist := editDistance(s, candidate)
	longer := max(utf8.RuneCountInString(s), utf8.RuneCountInString(candidate))
	return dist, 3*dist <= longer
}

// editDistance is the optimal string alignment distance between a and b,
// over characters compared without case: insertions, deletions,
// substitutions and swaps of adjacent characters each count one.
func editDistance(a, b string) int {
	var ra, rb [maxSuggested]rune
	x, y := foldRunes(ra[:0], a), foldRunes(rb[:0], b)
	// Three rows of the table: two back, one back, current.
	var rows [3][maxSuggested + 1]int
	for j := range len(y) + 1 {
		rows[1][j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur, prev, prev2 := &rows[(i+1)%3], &rows[i%3], &rows[(i+2)%3]
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
	}
	return rows[(len(x)+1)%3][len(y)]
}

// foldRunes appends the characters of s in lower case.
func foldRunes(out []rune, s string) []rune {
	for _, r := range s {
		out = append(out, unicode.ToLower(r))
	}
	return out
}
