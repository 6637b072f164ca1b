package impl

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// nearestKey is nearest among candidates, and whether there is one.
func nearestKey(s string, candidates []string) (string, bool) {
	near, _ := nearest(s, candidates, nil)
	return near, near != ""
}

// TestNearest pins the threshold: one edit in three, case aside, a swap
// of adjacent letters one edit, ties to the earlier candidate.
func TestNearest(t *testing.T) {
	keys := []string{"color", "width", "seed", "scale", "y", "name", "circle", "rect"}
	for _, tc := range []struct{ sent, want string }{
		{"colour", "color"},
		{"Color", "color"},
		{"COLOR", "color"},
		{"widht", "width"},
		{"wdth", "width"},
		{"Seed", "seed"},
		{"scael", "scale"},
		{"rec", "rect"},
		{"cirle", "circle"},
		{"x", ""},    // one edit in one letter
		{"size", ""}, // three edits from name
		{"color", ""},
		{"", ""},
		{strings.Repeat("c", 65), ""},
		{"colorcolorcolor", ""},
	} {
		got, ok := nearestKey(tc.sent, keys)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("nearestKey(%q) = %q, %v; want %q", tc.sent, got, ok, tc.want)
		}
	}
	if got, _ := nearestKey("abcd", []string{"abcx", "abxd"}); got != "abcx" {
		t.Errorf("a tie went to %q, not the earlier candidate", got)
	}
}

// refDistance is the optimal string alignment distance computed on a
// full table, the textbook way, as a reference for editDistance.
func refDistance(a, b string) int {
	x := []rune(strings.ToLower(a))
	y := []rune(strings.ToLower(b))
	for i := range x {
		x[i] = unicode.ToLower(x[i])
	}
	for i := range y {
		y[i] = unicode.ToLower(y[i])
	}
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// randomWord draws a short word over a small alphabet, so that words are
// often near each other.
func randomWord(rnd *rand.Rand) string {
	const letters = "abcdeABé_"
	alphabet := []rune(letters)
	n := rnd.IntN(12)
	var b strings.Builder
	for range n {
		b.WriteRune(alphabet[rnd.IntN(len(alphabet))])
	}
	return b.String()
}

// typo makes one random edit to s: a letter inserted, deleted, replaced,
// or two swapped.
func typo(rnd *rand.Rand, s string) string {
	r := []rune(s)
	i := rnd.IntN(len(r) + 1)
	switch op := rnd.IntN(4); {
	case op == 0 || len(r) == 0:
		return string(slices.Insert(r, i, 'x'))
	case i == len(r):
		return string(r[:i-1])
	case op == 1:
		return string(slices.Delete(r, i, i+1))
	case op == 2:
		r[i] = 'B'
	case i+1 < len(r):
		r[i], r[i+1] = r[i+1], r[i]
	}
	return string(r)
}

// TestEditDistanceAgrees compares editDistance with the reference on
// seeded random words, and checks that it is symmetric.
func TestEditDistanceAgrees(t *testing.T) {
	rnd := rand.New(rand.NewPCG(15, 15))
	for range 20000 {
		a, b := randomWord(rnd), randomWord(rnd)
		got, want := editDistance(a, b), refDistance(a, b)
		if got != want || editDistance(b, a) != got {
			t.Fatalf("editDistance(%q, %q) = %d (and %d reversed), want %d", a, b, got, editDistance(b, a), want)
		}
	}
}

// TestNearestNamesACandidate draws seeded candidate lists and texts: a
// suggestion is always one of the candidates, within the threshold, no
// candidate is strictly nearer, and the same call gives the same answer.
func TestNearestNamesACandidate(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 7))
	suggested := 0
	for range 5000 {
		cands := make([]string, 1+rnd.IntN(10))
		for i := range cands {
			cands[i] = randomWord(rnd)
		}
		sent := randomWord(rnd)
		if rnd.IntN(2) == 0 { // a typo of a candidate
			sent = typo(rnd, cands[rnd.IntN(len(cands))])
		}
		got, ok := nearestKey(sent, cands)
		if again, ok2 := nearestKey(sent, cands); again != got || ok2 != ok {
			t.Fatalf("nearestKey(%q, %q) changed from %q to %q", sent, cands, got, again)
		}
		if !ok {
			for _, c := range cands {
				if d := refDistance(sent, c); c != sent && 3*d <= max(len([]rune(sent)), len([]rune(c))) {
					t.Fatalf("nearestKey(%q, %q) found nothing, but %q is at %d", sent, cands, c, d)
				}
			}
			continue
		}
		suggested++
		if !slices.Contains(cands, got) || got == sent {
			t.Fatalf("nearestKey(%q, %q) = %q, not another candidate", sent, cands, got)
		}
		best := refDistance(sent, got)
		if 3*best > max(len([]rune(sent)), len([]rune(got))) {
			t.Fatalf("nearestKey(%q) = %q at %d, beyond the threshold", sent, got, best)
		}
		for _, c := range cands {
			if c != sent && refDistance(sent, c) < best {
				t.Fatalf("nearestKey(%q, %q) = %q at %d, but %q is nearer", sent, cands, got, best, c)
			}
		}
	}
	if suggested < 1000 {
		t.Errorf("only %d of 5000 draws had a suggestion: the test means little", suggested)
	}
}

// The object's own keys are suggested before another variant's, nearer
// or not: widht in a variant that takes widths meant widths (found by an
// outside try).
func TestNearestPrefersOwnKeys(t *testing.T) {
	elsewhere := []Elsewhere{{Key: "width", When: "kind = rect"}}
	if near, when := nearest("widht", []string{"widths", "kind"}, elsewhere); near != "widths" || when != "" {
		t.Errorf("widht suggests %q (%q), want widths", near, when)
	}
	if near, when := nearest("widht", []string{"kind"}, elsewhere); near != "width" || when != "kind = rect" {
		t.Errorf("with no own key near it, widht suggests %q (%q), want width of kind = rect", near, when)
	}
}
