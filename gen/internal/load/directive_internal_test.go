package load

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// Any //unionflat: line, however malformed, parses without a panic, and
// every argument it yields points into the line at its own text: the
// column a diagnostic about it reports. A quoted argument points at its
// opening quote.
func FuzzParseDirective(f *testing.F) {
	for _, seed := range []string{
		"union", "union discriminator=kind", "variant rect,rectangle", "variant,a,,b",
		"tool name=x profile=openai-strict,profile=gemini", `tool "name=two words"`,
		"tool \"name=x", "open yes", " union", "", "\t", "variant `a,b` c", `variant "a b",c`,
		`tool name="two words",profile=gemini`, "tool name=`x`y", `variant "a\q"`,
	} {
		f.Add(seed)
	}
	const base = token.Pos(1000)
	f.Fuzz(func(t *testing.T, rest string) {
		if strings.ContainsAny(rest, "\n\r") {
			return // a line comment is one line
		}
		text := directivePrefix + rest
		d, p := parseDirective(&ast.Comment{Slash: base, Text: text})
		if p != nil {
			if p.pos < base || int(p.pos-base) >= len(text) {
				t.Fatalf("%q: problem at offset %d, outside the line", text, p.pos-base)
			}
			return
		}
		for _, a := range d.args {
			off := int(a.pos - base)
			if off < len(directivePrefix) || off >= len(text) {
				t.Fatalf("%q: argument %q at offset %d, outside the arguments", text, a.text, off)
			}
			if !pointsAt(text[off:], a.text) {
				t.Fatalf("%q: argument %q points at %q", text, a.text, text[off:])
			}
			if a.text == "" && text[off] != '"' && text[off] != '`' {
				t.Fatalf("%q: an empty unquoted argument at offset %d", text, off)
			}
		}
	})
}

// pointsAt reports whether an argument's text, arg, begins rest, the line
// from the argument's position on: as written, or quoted, or as key= and
// a quoted value.
func pointsAt(rest, arg string) bool {
	quote := func(s string) bool { return s != "" && isQuote(s[0]) }
	if strings.HasPrefix(rest, arg) || quote(rest) {
		return true
	}
	eq := strings.IndexByte(arg, '=')
	return eq >= 0 && strings.HasPrefix(rest, arg[:eq+1]) && quote(rest[eq+1:])
}

// TestDirectiveArguments holds parseDirective to the argument grammar the
// package doc gives: words separated by spaces or commas, a quoted Go
// string one word, or one value after key=, whatever follows it.
func TestDirectiveArguments(t *testing.T) {
	for _, c := range []struct {
		rest string
		want []string
	}{
		{"variant rect,rectangle", []string{"rect", "rectangle"}},
		{"variant,a,,b", []string{"a", "b"}},
		{`variant "a b",c`, []string{"a b", "c"}},
		{`variant c,"a b"`, []string{"c", "a b"}},
		{"variant `x,y` ,z\t\"\"", []string{"x,y", "z", ""}},
		{`tool "name=two words"`, []string{"name=two words"}},
		{`tool name="two words",profile=gemini`, []string{"name=two words", "profile=gemini"}},
		{"tool name=`a\"b` repair=off", []string{`name=a"b`, "repair=off"}},
		{`variant a"b =c`, []string{`a"b`, "=c"}},
	} {
		d, p := parseDirective(&ast.Comment{Slash: 1, Text: directivePrefix + c.rest})
		if p != nil {
			t.Errorf("%q: %s", c.rest, p.msg)
			continue
		}
		if got := d.words(); !slices.Equal(got, c.want) {
			t.Errorf("%q: arguments %q, want %q", c.rest, got, c.want)
		}
	}
}
