// Package textdiff writes the difference between two texts as a unified
// diff, line by line, for unionflat -check.
package textdiff

import (
	"fmt"
	"strings"
)

// Unified returns a unified diff that turns old into new, with context
// lines of context around each change, or "" when the texts are equal.
// The labels name the two sides in the --- and +++ lines.
func Unified(oldLabel, newLabel, old, new string, context int) string {
	if old == new {
		return ""
	}
	a, b := splitLines(old), splitLines(new)
	ops := script(a, b)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldLabel, newLabel)
	for _, h := range hunks(ops, context) {
		var ai, an, bi, bn int
		ai, bi = h[0].ai, h[0].bi
		for _, op := range h {
			if op.kind != '+' {
				an++
			}
			if op.kind != '-' {
				bn++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", span(ai, an), span(bi, bn))
		for _, op := range h {
			out.WriteByte(op.kind)
			out.WriteString(op.line)
			if !strings.HasSuffix(op.line, "\n") {
				out.WriteString("\n\\ No newline at end of file\n")
			}
		}
	}
	return out.String()
}

func span(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

type op struct {
	kind   byte // ' ', '-' or '+'
	line   string
	ai, bi int // line indexes before this op in a and b
}

// script is an edit script from a longest common subsequence of lines,
// after the common prefix and suffix are set aside.
func script(a, b []string) []op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	// lcs[i][j] is the LCS length of ma[i:] and mb[j:].
	lcs := make([][]int32, len(ma)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(mb)+1)
	}
	for i := len(ma) - 1; i >= 0; i-- {
		for j := len(mb) - 1; j >= 0; j-- {
			if ma[i] == mb[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []op
	ai, bi := 0, 0
	for ; ai < pre; ai++ {
		ops = append(ops, op{' ', a[ai], ai, ai})
	}
	bi = pre
	i, j := 0, 0
	for i < len(ma) || j < len(mb) {
		switch {
		case i < len(ma) && j < len(mb) && ma[i] == mb[j]:
			ops = append(ops, op{' ', ma[i], ai, bi})
			i, j, ai, bi = i+1, j+1, ai+1, bi+1
		case j < len(mb) && (i == len(ma) || lcs[i][j+1] > lcs[i+1][j]):
			// An insertion only where it keeps a longer common run: on a tie
			// the deletion comes first, as diff writes a changed line.
			ops = append(ops, op{'+', mb[j], ai, bi})
			j, bi = j+1, bi+1
		default:
			ops = append(ops, op{'-', ma[i], ai, bi})
			i, ai = i+1, ai+1
		}
	}
	for k := len(a) - suf; k < len(a); k++ {
		ops = append(ops, op{' ', a[k], ai, bi})
		ai, bi = ai+1, bi+1
	}
	return ops
}

// hunks groups the changes with their context.
func hunks(ops []op, context int) [][]op {
	var out [][]op
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(0, i-context)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(len(ops), end+context)
				break
			}
			end = run
		}
		out = append(out, ops[start:end])
		i = end
	}
	return out
}
