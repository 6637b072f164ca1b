package impl

import (
	"regexp"
	"regexp/syntax"
)

// A Pattern is a pattern rule, compiled once per package by generated
// code. Most patterns in tool schemas are a run of ASCII characters
// anchored at both ends (^[a-z]+$, ^#[0-9a-f]{6}$, ^T[0-9]+$); a Pattern
// matches those byte by byte, and every other one with its
// regexp.Regexp. Both match exactly what the Regexp matches.
type Pattern struct {
	re *regexp.Regexp
	// runs is, for a pattern of that simple form, its runs in order;
	// simple says it is one (an empty list matches only "").
	runs   []byteRun
	simple bool
}

// byteRun is one step of a simple pattern: from min to max bytes (max
// -1: no limit) of a set of ASCII characters.
type byteRun struct {
	set      [2]uint64 // bit c is set when ASCII character c is in the set
	min, max int
}

func (b *byteRun) has(c byte) bool { return c < 128 && b.set[c>>6]&(1<<(c&63)) != 0 }

// MustCompilePattern compiles a pattern as regexp.MustCompile does, and
// panics as it does on a pattern that does not compile (the generator
// has compiled every pattern it writes).
func MustCompilePattern(expr string) *Pattern {
	p := &Pattern{re: regexp.MustCompile(expr)}
	p.runs, p.simple = simpleRuns(expr)
	return p
}

// String is the pattern's source text.
func (p *Pattern) String() string { return p.re.String() }

// MatchString reports whether s holds a match of the pattern, as
// regexp's MatchString does.
func (p *Pattern) MatchString(s string) bool {
	if !p.simple {
		return p.re.MatchString(s)
	}
	i := 0
	for k := range p.runs {
		run := &p.runs[k]
		n := 0
		for i < len(s) && n != run.max && run.has(s[i]) {
			i++
			n++
		}
		if n < run.min {
			return false
		}
	}
	return i == len(s)
}

// simpleRuns reads a pattern of the simple form: ^, then literal ASCII
// characters and ASCII classes, each maybe repeated (*, +, ?, {n,m}),
// then $, as Go's regexp parses it. Read greedily, without going back, a
// run matches what the pattern matches only when no character it may
// repeat over can also start what follows; a pattern whose runs overlap
// so (^[a-z]*a$) is not simple.
func simpleRuns(expr string) ([]byteRun, bool) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil || re.Op != syntax.OpConcat || len(re.Sub) < 2 {
		return nil, false
	}
	subs := re.Sub
	if subs[0].Op != syntax.OpBeginText || subs[len(subs)-1].Op != syntax.OpEndText {
		return nil, false
	}
	var runs []byteRun
	for _, sub := range subs[1 : len(subs)-1] {
		min, max := 1, 1
		switch sub.Op {
		case syntax.OpStar:
			min, max = 0, -1
		case syntax.OpPlus:
			min, max = 1, -1
		case syntax.OpQuest:
			min, max = 0, 1
		case syntax.OpRepeat:
			min, max = sub.Min, sub.Max
		}
		if min != 1 || max != 1 || sub.Op == syntax.OpRepeat {
			if len(sub.Sub) != 1 || sub.Flags&syntax.NonGreedy != 0 {
				return nil, false
			}
			sub = sub.Sub[0]
		}
		switch sub.Op {
		case syntax.OpLiteral:
			if sub.Flags&syntax.FoldCase != 0 {
				return nil, false
			}
			if min != 1 || max != 1 {
				if len(sub.Rune) != 1 {
					return nil, false
				}
			}
			for _, c := range sub.Rune {
				run, ok := classRun([]rune{c, c})
				if !ok {
					return nil, false
				}
				run.min, run.max = min, max
				runs = append(runs, run)
			}
		case syntax.OpCharClass:
			run, ok := classRun(sub.Rune)
			if !ok {
				return nil, false
			}
			run.min, run.max = min, max
			runs = append(runs, run)
		default:
			return nil, false
		}
	}
	for i := range runs {
		if runs[i].min == runs[i].max {
			continue
		}
		for j := i + 1; j < len(runs); j++ {
			if runs[i].set[0]&runs[j].set[0] != 0 || runs[i].set[1]&runs[j].set[1] != 0 {
				return nil, false
			}
		}
	}
	return runs, true
}

// classRun is the run of one ASCII class, given as regexp/syntax's
// ranges; a class with a character beyond ASCII is not simple.
func classRun(ranges []rune) (byteRun, bool) {
	var run byteRun
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := ranges[i], ranges[i+1]
		if lo < 0 || hi >= 128 {
			return byteRun{}, false
		}
		for c := lo; c <= hi; c++ {
			run.set[c>>6] |= 1 << (c & 63)
		}
	}
	return run, true
}
