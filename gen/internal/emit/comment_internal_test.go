package emit

import (
	"fmt"
	"go/ast"
	"go/parser"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// TestArticle pins the article of the type names generated comments put
// it before.
func TestArticle(t *testing.T) {
	for word, want := range map[string]string{
		"ImagePart": "an", "Order": "an", "Attachment": "an", "Event": "an", "Update": "an",
		"TextPart": "a", "Part": "a", "User": "a", "Unit": "a", "UniqueID": "a", "Euro": "a", "OneOf": "a",
		"HTTPEmbedBlock": "an", "SMSPart": "an", "URLPart": "a", "Hour": "an", "HourlyRate": "an",
		"Usage": "a", "Utility": "a", "Umbrella": "an", "XMLDoc": "an", "YAMLDoc": "a", "Shape": "a",
	} {
		if got := article(word); got != want {
			t.Errorf("article(%q) = %q, want %q", word, got, want)
		}
	}
}

// TestCommentsWrap wants every line of a wrapped comment under 100
// columns with its "// " and a tab, and the words kept in order.
func TestCommentsWrap(t *testing.T) {
	text := strings.Repeat("DecodeScheduleReminder decodes the arguments of tool schedule_reminder, ", 6)
	lines := wrapComment(text)
	if len(lines) < 2 {
		t.Fatalf("not wrapped: %q", lines)
	}
	for _, l := range lines {
		if n := len("\t// ") + len(l); n >= 100 {
			t.Errorf("line of %d columns: %q", n, l)
		}
	}
	if got := strings.Join(lines, " "); got != strings.TrimSpace(text) {
		t.Errorf("words changed:\n%q\n%q", got, text)
	}
}

// TestSplitKeepsText cuts seeded random texts (long lines, lines without
// spaces, multi-byte letters, newlines) and wants the chunks to spell the
// text and every cut line to fit: a schema constant's value must not
// depend on how it is cut.
func TestSplitKeepsText(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a", "schema", "ünïcödé", "\n", "  ", "x", "description", "\\n", "é", "€"}
	for range 2000 {
		var b strings.Builder
		for range r.IntN(120) {
			w := words[r.IntN(len(words))]
			if r.IntN(20) == 0 {
				w = strings.Repeat("z", r.IntN(200))
			}
			b.WriteString(w)
			if r.IntN(3) > 0 {
				b.WriteByte(' ')
			}
		}
		s := b.String()
		chunks := splitLong(s)
		if got := strings.Join(chunks, ""); got != s {
			t.Fatalf("splitLong(%q) spells %q", s, got)
		}
		for i, c := range chunks {
			if !utf8.ValidString(c) && utf8.ValidString(s) {
				t.Fatalf("chunk %d of %q cuts a rune: %q", i, s, c)
			}
			for _, line := range strings.Split(c, "\n") {
				if len(line) > lineWidth {
					t.Fatalf("chunk %d of %q has a line of %d bytes", i, s, len(line))
				}
			}
		}
		var lit strings.Builder
		if err := evalConcat(longLit(s), &lit); err != nil || lit.String() != s {
			t.Fatalf("longLit(%q) = %q, %v", s, lit.String(), err)
		}
	}
}

// evalConcat evaluates a rendered "a" + "b" expression.
func evalConcat(code jen.Code, out *strings.Builder) error {
	src := fmt.Sprintf("%#v", code)
	e, err := parser.ParseExpr(src)
	if err != nil {
		return err
	}
	var eval func(ast.Expr) error
	eval = func(e ast.Expr) error {
		switch e := e.(type) {
		case *ast.BinaryExpr:
			if err := eval(e.X); err != nil {
				return err
			}
			return eval(e.Y)
		case *ast.BasicLit:
			s, err := strconv.Unquote(e.Value)
			out.WriteString(s)
			return err
		}
		return fmt.Errorf("unexpected %T in %s", e, src)
	}
	return eval(e)
}
