package gen

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

const directivePrefix = "//unionflat:"

// directive is one //unionflat:NAME line of a doc comment.
type directive struct {
	name string
	args []string // comma- or space-separated words after the name
	pos  token.Pos
}

// all returns every value of a repeatable key=value argument.
func (d directive) all(key string) []string {
	var out []string
	for _, a := range d.args {
		if k, v, ok := strings.Cut(a, "="); ok && k == key {
			out = append(out, v)
		}
	}
	return out
}

// arg returns the value of key=value among the arguments.
func (d directive) arg(key string) (string, bool) {
	for _, a := range d.args {
		if k, v, ok := strings.Cut(a, "="); ok && k == key {
			return v, true
		}
	}
	return "", false
}

type directiveProblem struct {
	pos token.Pos
	msg string
}

// directiveArgs lists, per directive, the key=value keys it takes; a nil
// list means bare words (variant values), an empty one no arguments.
var directiveArgs = map[string][]string{
	"union":   {"discriminator"},
	"variant": nil,
	"tool":    {"name", "profile"},
	"open":    {},
}

// parseDirectives reads the //unionflat: lines of a doc comment. A line
// is a directive only when nothing stands between // and unionflat:, as Go
// directives are written.
func parseDirectives(doc *ast.CommentGroup) ([]directive, []directiveProblem) {
	var out []directive
	var problems []directiveProblem
	for _, c := range doc.List {
		if !strings.HasPrefix(c.Text, directivePrefix) {
			continue
		}
		fields := strings.Fields(strings.ReplaceAll(c.Text[len(directivePrefix):], ",", " "))
		if len(fields) == 0 {
			problems = append(problems, directiveProblem{c.Pos(), "empty //unionflat: directive"})
			continue
		}
		d := directive{name: fields[0], args: fields[1:], pos: c.Pos()}
		keys, known := directiveArgs[d.name]
		if !known {
			problems = append(problems, directiveProblem{c.Pos(), fmt.Sprintf("unknown directive //unionflat:%s (want union, variant, tool or open)", d.name)})
			continue
		}
		if msg := checkArgs(d, keys); msg != "" {
			problems = append(problems, directiveProblem{c.Pos(), msg})
			continue
		}
		out = append(out, d)
	}
	return out, problems
}

// repeatable are the directive arguments that may be given more than once.
var repeatable = map[string]bool{"profile": true}

func checkArgs(d directive, keys []string) string {
	if keys == nil { // variant: bare discriminator values
		for _, a := range d.args {
			if strings.Contains(a, "=") {
				return fmt.Sprintf("//unionflat:variant takes discriminator values, not %q", a)
			}
		}
		return ""
	}
	if len(keys) == 0 && len(d.args) > 0 {
		return fmt.Sprintf("//unionflat:%s takes no arguments", d.name)
	}
	seen := map[string]bool{}
	for _, a := range d.args {
		k, v, ok := strings.Cut(a, "=")
		switch {
		case !ok:
			return fmt.Sprintf("//unionflat:%s: malformed argument %q, want key=value", d.name, a)
		case !slices.Contains(keys, k):
			if len(keys) == 0 {
				return fmt.Sprintf("//unionflat:%s takes no arguments", d.name)
			}
			return fmt.Sprintf("//unionflat:%s: unknown argument %q (want %s)", d.name, k, strings.Join(keys, ", "))
		case v == "":
			return fmt.Sprintf("//unionflat:%s: %s= needs a value", d.name, k)
		case seen[k] && !repeatable[k]:
			return fmt.Sprintf("//unionflat:%s: %s given twice", d.name, k)
		}
		seen[k] = true
	}
	return ""
}
