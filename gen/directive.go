package gen

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

const directivePrefix = "//unionflat:"

// directive is one //unionflat:NAME line of a doc comment.
type directive struct {
	name string
	args []directiveArg // the words after the name
	pos  token.Pos
}

// directiveArg is one word of a directive's arguments, and where it
// starts: the column a diagnostic about it points at.
type directiveArg struct {
	text string
	pos  token.Pos
}

// words are the arguments' texts: a variant's discriminator values.
func (d directive) words() []string {
	out := make([]string, len(d.args))
	for i, a := range d.args {
		out[i] = a.text
	}
	return out
}

// all returns every value of a repeatable key=value argument, each at the
// position of its argument.
func (d directive) all(key string) []directiveArg {
	var out []directiveArg
	for _, a := range d.args {
		if k, v, ok := strings.Cut(a.text, "="); ok && k == key {
			out = append(out, directiveArg{text: v, pos: a.pos})
		}
	}
	return out
}

// arg returns the value of key=value among the arguments, at the
// position of its argument.
func (d directive) arg(key string) (directiveArg, bool) {
	all := d.all(key)
	if len(all) == 0 {
		return directiveArg{}, false
	}
	return all[0], true
}

// directiveArgs lists, per directive, the key=value keys it takes; a nil
// list means bare words (variant values), an empty one no arguments.
var directiveArgs = map[string][]string{
	"union":   {"discriminator"},
	"variant": nil,
	"tool":    {"name", "profile", "output", "bigints", "repair"},
	"schema":  {"name", "profile"},
	"open":    {},
}

// parseDirectives reads the //unionflat: lines of a doc comment. A line
// is a directive only when nothing stands between // and unionflat:, as Go
// directives are written.
func parseDirectives(doc *ast.CommentGroup) ([]directive, []*problem) {
	var out []directive
	var problems []*problem
	for _, c := range doc.List {
		if !strings.HasPrefix(c.Text, directivePrefix) {
			continue
		}
		d, p := parseDirective(c)
		if p == nil {
			p = checkDirective(d)
		}
		if p != nil {
			problems = append(problems, p)
			continue
		}
		out = append(out, d)
	}
	return out, problems
}

// parseDirective reads one //unionflat: line with go/ast's directive
// parser, which gives every argument its position. Arguments are
// separated by spaces (a quoted argument is one word, as go/ast reads it)
// or by commas: //unionflat:variant rect,rectangle.
func parseDirective(c *ast.Comment) (directive, *problem) {
	rest := c.Text[len(directivePrefix):]
	if strings.TrimSpace(rest) == "" {
		return directive{}, problemAt(c.Slash, "empty //unionflat: directive")
	}
	ad, ok := ast.ParseDirective(c.Slash, c.Text)
	if !ok {
		// go/ast wants the name right after the colon, starting with a
		// lower-case letter or a digit.
		word := strings.Fields(rest)[0]
		if rest[0] == ' ' || rest[0] == '\t' {
			return directive{}, problemAt(c.Slash, "//unionflat: %s is not a directive: write //unionflat:%s, with no space after the colon", word, word)
		}
		return directive{}, unknownDirective(c.Slash, word)
	}
	// A comma may follow the name with no space: //unionflat:variant,a.
	name, more, _ := strings.Cut(ad.Name, ",")
	d := directive{name: name, pos: c.Slash}
	d.args = splitCommas(more, ad.Slash+token.Pos(len(directivePrefix)+len(name)+1))
	args, err := ad.ParseArgs()
	if err != nil {
		return directive{}, problemAt(ad.ArgsPos, "%v", err)
	}
	for _, a := range args {
		if quoted := c.Text[a.Pos-c.Slash]; quoted == '"' || quoted == '`' {
			d.args = append(d.args, directiveArg{text: a.Arg, pos: a.Pos})
			continue
		}
		d.args = append(d.args, splitCommas(a.Arg, a.Pos)...)
	}
	return d, nil
}

// splitCommas splits a word at its commas, each piece at its own
// position; empty pieces are dropped.
func splitCommas(word string, pos token.Pos) []directiveArg {
	var out []directiveArg
	for piece := range strings.SplitSeq(word, ",") {
		if piece != "" {
			out = append(out, directiveArg{text: piece, pos: pos})
		}
		pos += token.Pos(len(piece) + 1)
	}
	return out
}

func unknownDirective(pos token.Pos, name string) *problem {
	return problemAt(pos, "unknown directive //unionflat:%s (want union, variant, tool, schema or open)", name)
}

// checkDirective reports an unknown directive, or the first argument it
// does not take.
func checkDirective(d directive) *problem {
	keys, known := directiveArgs[d.name]
	if !known {
		return unknownDirective(d.pos, d.name)
	}
	return checkArgs(d, keys)
}

// repeatable are the directive arguments that may be given more than once.
var repeatable = map[string]bool{"profile": true}

// checkArgs reports the first argument a directive does not take, at
// that argument.
func checkArgs(d directive, keys []string) *problem {
	if keys == nil { // variant: bare discriminator values
		for _, a := range d.args {
			if strings.Contains(a.text, "=") {
				return problemAt(a.pos, "//unionflat:variant takes discriminator values, not %q", a.text)
			}
		}
		return nil
	}
	if len(keys) == 0 && len(d.args) > 0 {
		return problemAt(d.args[0].pos, "//unionflat:%s takes no arguments", d.name)
	}
	seen := map[string]bool{}
	for _, a := range d.args {
		k, v, ok := strings.Cut(a.text, "=")
		switch {
		case !ok:
			return problemAt(a.pos, "//unionflat:%s: malformed argument %q, want key=value", d.name, a.text)
		case !slices.Contains(keys, k):
			return problemAt(a.pos, "//unionflat:%s: unknown argument %q (want %s)", d.name, k, strings.Join(keys, ", "))
		case v == "":
			return problemAt(a.pos, "//unionflat:%s: %s= needs a value", d.name, k)
		case seen[k] && !repeatable[k]:
			return problemAt(a.pos, "//unionflat:%s: %s given twice", d.name, k)
		}
		seen[k] = true
	}
	return nil
}
