package gen

import (
	"go/ast"
	"go/token"
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
		"tool \"name=x", "open yes", " union", "", "\t", "variant `a,b` c",
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
			if q := text[off]; q != '"' && q != '`' && !strings.HasPrefix(text[off:], a.text) {
				t.Fatalf("%q: argument %q points at %q", text, a.text, text[off:])
			}
			if a.text == "" && text[off] != '"' && text[off] != '`' {
				t.Fatalf("%q: an empty unquoted argument at offset %d", text, off)
			}
		}
	})
}
