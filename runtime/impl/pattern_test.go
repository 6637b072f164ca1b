package impl

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// randomPattern writes a pattern from pieces that reach every branch of
// simpleRuns and many it refuses: anchors or not, literals, classes,
// every repetition, captures, dots, non-ASCII and case folding.
func randomPattern(rng *rand.Rand) string {
	atoms := []string{"a", "b", "-", "#", "T", "[a-z]", "[0-9]", "[a-f0-9]", "[A-Z]", "[^a-z]", ".", "é", "(?i)a", "(a)", "ab", `\d`, `\.`, "[a-zA-Z0-9_-]"}
	reps := []string{"", "", "*", "+", "?", "{2}", "{1,3}", "{2,}", "{0,0}", "+?"}
	var b strings.Builder
	if rng.IntN(8) != 0 {
		b.WriteString("^")
	}
	for range rng.IntN(5) {
		b.WriteString(atoms[rng.IntN(len(atoms))])
		b.WriteString(reps[rng.IntN(len(reps))])
	}
	if rng.IntN(8) != 0 {
		b.WriteString("$")
	}
	return b.String()
}

// randomSubject writes a string of the characters the patterns name, and
// a few others (a newline, a multi-byte one, an invalid byte).
func randomSubject(rng *rand.Rand) string {
	const chars = "abzT0159#-_.AFé\n\xff"
	var b strings.Builder
	for range rng.IntN(9) {
		i := rng.IntN(len(chars))
		b.WriteByte(chars[i])
	}
	return b.String()
}

// TestPatternMatchesAsRegexp holds Pattern to regexp on 3000 seeded
// patterns and 40 strings each, and checks that the byte-by-byte matcher
// serves a fair share of them.
func TestPatternMatchesAsRegexp(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 2026))
	simple := 0
	for range 3000 {
		expr := randomPattern(rng)
		re, err := regexp.Compile(expr)
		if err != nil {
			continue
		}
		p := MustCompilePattern(expr)
		if p.simple {
			simple++
		}
		for range 40 {
			s := randomSubject(rng)
			if got, want := p.MatchString(s), re.MatchString(s); got != want {
				t.Fatalf("pattern %q (simple %v) on %q: %v, regexp says %v", expr, p.simple, s, got, want)
			}
		}
	}
	t.Logf("%d of 3000 patterns matched byte by byte", simple)
	if simple < 300 {
		t.Errorf("only %d of 3000 patterns were matched byte by byte", simple)
	}
	for _, expr := range []string{"^[a-z]+$", "^#[0-9a-fA-F]{6}$", "^T[0-9]+$", "^$", "^ab?c*$"} {
		if !MustCompilePattern(expr).simple {
			t.Errorf("%q is not matched byte by byte", expr)
		}
	}
	for _, expr := range []string{"^[a-z]*a$", "[a-z]+", "^(a)$", "^.$", "^é$", "(?i)^a$", "^a+?$"} {
		if MustCompilePattern(expr).simple {
			t.Errorf("%q is matched byte by byte", expr)
		}
	}
}

// FuzzPattern holds Pattern to regexp on any pattern and string.
func FuzzPattern(f *testing.F) {
	f.Add("^[a-z]+$", "abc")
	f.Add("^#[0-9a-f]{6}$", "#00ff00")
	f.Add("^a{2,}b?$", "aaab")
	f.Fuzz(func(t *testing.T, expr, s string) {
		re, err := regexp.Compile(expr)
		if err != nil {
			return
		}
		if got, want := MustCompilePattern(expr).MatchString(s), re.MatchString(s); got != want {
			t.Fatalf("pattern %q on %q: %v, regexp says %v", expr, s, got, want)
		}
	})
}
