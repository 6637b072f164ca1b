package load

import (
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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
	"union":   {"discriminator", "untagged"},
	"variant": nil,
	"tool": {"name", "profile", "output", "bigints", "repair", "title", "description",
		"readonly", "destructive", "idempotent", "openworld"},
	"schema": {"name", "profile"},
	"open":   {},
}

// parseDirectives reads the //unionflat: lines of a doc comment. A line
// is a directive only when nothing stands between // and unionflat:, as Go
// directives are written. Every problem of every line is reported. A
// line that cannot be read, or names no directive, is dropped; so is a
// union, variant or open directive with a wrong argument, since what it
// would declare is not known. A tool or schema directive keeps its other
// arguments, so that the type's fields are still checked in the same run.
func parseDirectives(doc *ast.CommentGroup) ([]directive, []*problem) {
	var out []directive
	var problems []*problem
	for _, c := range doc.List {
		if !strings.HasPrefix(c.Text, directivePrefix) {
			continue
		}
		d, p := parseDirective(c)
		if p != nil {
			problems = append(problems, p)
			continue
		}
		keys, known := directiveArgs[d.name]
		if !known {
			problems = append(problems, unknownDirective(d.pos, d.name))
			continue
		}
		kept, wrong := checkArgs(d, keys)
		problems = append(problems, wrong...)
		switch {
		case len(wrong) == 0:
			out = append(out, d)
		case d.name == "tool" || d.name == "schema":
			d.args = kept
			out = append(out, d)
		}
	}
	return out, problems
}

// parseDirective reads one //unionflat: line: its name runs from the
// colon to the first space or comma, and splitArgs splits the arguments,
// giving every argument its position.
func parseDirective(c *ast.Comment) (directive, *problem) {
	rest := c.Text[len(directivePrefix):]
	if strings.TrimSpace(rest) == "" {
		return directive{}, problemAt(c.Slash, "empty //unionflat: directive")
	}
	word := strings.Fields(rest)[0]
	if rest[0] == ' ' || rest[0] == '\t' {
		return directive{}, problemAt(c.Slash, "//unionflat: %s is not a directive: write //unionflat:%s, with no space after the colon", word, word)
	}
	// As for every Go directive, the name starts with a lower-case
	// letter or a digit. A comma may follow it with no space:
	// //unionflat:variant,a.
	name, _, _ := strings.Cut(word, ",")
	if name == "" || !('a' <= name[0] && name[0] <= 'z' || '0' <= name[0] && name[0] <= '9') {
		return directive{}, unknownDirective(c.Slash, word)
	}
	at := len(directivePrefix) + len(name)
	args, p := splitArgs(name, c.Text[at:], c.Slash+token.Pos(at))
	if p != nil {
		return directive{}, p
	}
	return directive{name: name, pos: c.Slash, args: args}, nil
}

// splitArgs splits a directive's arguments, text, which starts at pos,
// into words separated by white space or commas
// (//unionflat:variant rect,rectangle). A quoted Go string, "..." or
// `...`, is one word, or one value after key=, its contents unquoted,
// spaces and commas included: //unionflat:tool "name=two words" and
// //unionflat:tool name="two words" are the same argument. A quoted
// string that does not end, or that something other than a separator
// follows, is the line's one problem: what follows it cannot be read.
func splitArgs(name, text string, pos token.Pos) ([]directiveArg, *problem) {
	var out []directiveArg
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if separator(r) {
			i += size
			continue
		}
		at := pos + token.Pos(i)
		end := len(text)
		if k := strings.IndexFunc(text[i:], separator); k >= 0 {
			end = i + k
		}
		word := text[i:end]
		from := 0 // where a quoted string starts in the word, if one does
		if eq := strings.IndexByte(word, '='); !isQuote(word[0]) && eq >= 0 && eq+1 < len(word) {
			from = eq + 1
		}
		if isQuote(word[from]) {
			value, n, p := quoted(name, text[i+from:], at+token.Pos(from))
			if p != nil {
				return nil, p
			}
			word, end = word[:from]+value, i+from+n
		}
		out = append(out, directiveArg{text: word, pos: at})
		i = end
	}
	return out, nil
}

func isQuote(c byte) bool { return c == '"' || c == '`' }

// separator says which runes separate a directive's arguments.
func separator(r rune) bool { return r == ',' || unicode.IsSpace(r) }

// quoted reads the quoted Go string text starts with, at pos, and
// returns its contents and its length, or a problem when it never ends
// or something other than a separator follows it.
func quoted(name, text string, pos token.Pos) (string, int, *problem) {
	q, err := strconv.QuotedPrefix(text)
	if err != nil {
		return "", 0, problemAt(pos, "//unionflat:%s: %s is not a quoted Go string that ends on this line", name, text)
	}
	if next, _ := utf8.DecodeRuneInString(text[len(q):]); len(q) < len(text) && !separator(next) {
		return "", 0, problemAt(pos, "//unionflat:%s: a space or a comma must follow the quoted argument %s, not %q", name, q, next)
	}
	s, _ := strconv.Unquote(q)
	return s, len(q), nil
}

func unknownDirective(pos token.Pos, name string) *problem {
	return problemAt(pos, "unknown directive //unionflat:%s (want union, variant, tool, schema or open)", name)
}

// repeatable are the directive arguments that may be given more than once.
var repeatable = map[string]bool{"profile": true}

// hintArgs are a tool's hints, in the order of Tool.Hints: each a bare
// word (true) or word=true|false.
var hintArgs = []string{"readonly", "destructive", "idempotent", "openworld"}

// flagArgs are the arguments that are a bare word (true) or
// word=true|false: the hints, and a union's untagged.
var flagArgs = append(slices.Clip(hintArgs), "untagged")

// hint reads flag key of the directive (checkArg has checked its value):
// nil when not given.
func (d directive) hint(key string) *bool {
	for _, a := range d.args {
		if k, v, _ := strings.Cut(a.text, "="); k == key {
			b := v != "false"
			return &b
		}
	}
	return nil
}

// checkArgs checks a directive's arguments against the keys it takes,
// and returns the arguments it takes and a problem at each other one.
func checkArgs(d directive, keys []string) (kept []directiveArg, wrong []*problem) {
	if keys != nil && len(keys) == 0 && len(d.args) > 0 {
		return nil, []*problem{problemAt(d.args[0].pos, "//unionflat:%s takes no arguments", d.name)}
	}
	seen := map[string]bool{}
	for _, a := range d.args {
		if p := checkArg(d.name, keys, a, seen); p != nil {
			wrong = append(wrong, p)
			continue
		}
		kept = append(kept, a)
	}
	return kept, wrong
}

// checkArg reports an argument the directive name does not take, given
// the keys it takes (nil: bare discriminator values) and those seen
// before on its line, which it adds the argument's key to.
func checkArg(name string, keys []string, a directiveArg, seen map[string]bool) *problem {
	if keys == nil { // variant: bare discriminator values
		if strings.Contains(a.text, "=") {
			return problemAt(a.pos, "//unionflat:variant takes discriminator values, not %q", a.text)
		}
		return nil
	}
	k, v, ok := strings.Cut(a.text, "=")
	switch {
	case !ok && slices.Contains(keys, k) && slices.Contains(flagArgs, k):
		v = "true" // a bare flag
	case !ok:
		return problemAt(a.pos, "//unionflat:%s: malformed argument %q, want key=value", name, a.text)
	}
	switch {
	case !slices.Contains(keys, k):
		return problemAt(a.pos, "//unionflat:%s: unknown argument %q (want %s)", name, k, strings.Join(keys, ", "))
	case v == "":
		return problemAt(a.pos, "//unionflat:%s: %s= needs a value", name, k)
	case seen[k] && !repeatable[k]:
		return problemAt(a.pos, "//unionflat:%s: %s given twice", name, k)
	case slices.Contains(flagArgs, k) && v != "true" && v != "false":
		return problemAt(a.pos, "//unionflat:%s: %s=%s: want %s, %s=true or %s=false", name, k, v, k, k, k)
	}
	seen[k] = true
	return nil
}
