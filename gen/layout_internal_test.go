package gen

import (
	"bytes"
	"go/format"
	"strings"
	"testing"
)

// layoutCases are sources in the shapes layout handles, unformatted the
// way jennifer leaves them (blanks anywhere, no indentation), and some it
// must leave to go/format.
var layoutCases = []struct {
	name, src string
	giveUp    bool // layout must leave it to go/format
}{
	{name: "spacing", src: "func f (a int,b [] string) (int,error) {\nx := a * 2 + 1\ny := f2 (a+1,b [a-1])\nz := (a + 1) * 2\nif ! ok && x > 0 || y == nil {\nreturn x % 3 , nil\n}\nreturn * p , & q\n}"},
	{name: "keys aligned", src: "var v = & T {\nA : 1,\nBbbbbb : \"x\",\nC : [] int {1,2},\n}"},
	{name: "blank line breaks the columns", src: "var v = T {\nA : 1,\n\nBbbbbb : 2,\n}"},
	{name: "multi-line value breaks the columns", src: "var v = T {\nName : \"x\",\nDescription : \"a\" +\n\"b\",\nSchema : S,\nFlatSchema : F,\n}"},
	{name: "long keys", src: "var v = map [string] int {\n\"a\" : 1,\n\"abcdefghijabcdefghijabcdefghijabcdefghijabcdefghij\" : 2,\n\"b\" : 3,\n\"abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij\" : 4,\n}"},
	{name: "struct columns", src: "var _ = struct {\nA string `json:\"a\"`\nLonger * int\nC [] T `json:\"c,omitempty\"`\n} (T {})"},
	{name: "one field", src: "type T struct {\nA int\n}"},
	{name: "const group", src: "const (\n// A is a.\nA = `x\ny`\n\n// Bee is b.\nBee = `z`\nC int = 1\nDddd = 2\n)"},
	{name: "type column", src: "var (\na = 1\nbb int = 2\nc int\nddd = 3\ne = 4\n)"},
	{name: "var group", src: "var (\n_ Attachment = Link {}\n_ Attachment = (* Memo) (nil)\n)"},
	{name: "doc comments", src: "// F does.\nfunc F () {\n}\nvar x = 1\n// G does.\nfunc G () {\n}"},
	{name: "empty methods", src: "func (Link) isAttachment () {}\nfunc (* Memo) isAttachment () {}\nfunc (x VeryLongReceiverNameForTheHeaderOfAMethodToPassTheLimit) aMethodWithALongName (a, b, c, d int) {}"},
	{name: "blocks", src: "func f () {\n\nswitch x := v.(type) {\ncase * A :\nbreak\ndefault :\n}\nfor k , v := range m {\nif d.IsNull (v) {\n// null leaves the zero value\n} else {\nk ++\n}\n}\n\n}"},
	{name: "arguments over lines", src: "func f (\nd * D,\nobj V,\n) {\ng (a,\nb)\ng (\na,\nb,\n)\n}"},
	{name: "doc comment gofmt keeps", src: "// F does:\n//\n//   - a\n//\n//   - b\n//\n//     code\nfunc F () {\n}"},
	{name: "doc comment gofmt rewrites", src: "// F does:\n//  - a\n//  - b\nfunc F () {\n}", giveUp: true},
	{name: "heading gofmt rewrites", src: "// F does.\n//\n// Notes\n//\n// More.\nfunc F () {\n}", giveUp: true},
	{name: "comment gofmt does not take for a doc comment", src: " // F does:\n//  - a\n//  - b\n func F () {\n}"},
	{name: "directive", src: "//go:noinline\nfunc F () {\n}", giveUp: true},
	{name: "parentheses", src: "func f () {\nif (a == b) {\n}\nif (a == T {}) {\n}\nfor _ , x := range (xs) {\n}\nswitch ((x)) {\n}\n}"},
	{name: "function literal", src: "var f = func () {}", giveUp: true},
	{name: "line comment", src: "var x = 1 // one", giveUp: true},
	{name: "unsorted imports", src: "import (\n\"os\"\n\"fmt\"\n)", giveUp: true},
	{name: "number gofmt respells", src: "var x = 0X1F", giveUp: true},
}

// TestLayoutCases checks layout against go/format.Source on sources
// written to stress its rules (alignment runs, the key-size ratio,
// binary operator spacing, one-line bodies), and that it gives up where
// it must.
func TestLayoutCases(t *testing.T) {
	for _, c := range layoutCases {
		t.Run(c.name, func(t *testing.T) {
			src := []byte(layoutHeader + "p\n\n" + c.src + "\n")
			want, err := format.Source(src)
			if err != nil {
				t.Fatalf("the case does not format: %v", err)
			}
			got, ok := layout(src)
			switch {
			case c.giveUp && ok:
				t.Errorf("layout took it, want go/format; it wrote:\n%s", got)
			case !c.giveUp && !ok:
				t.Errorf("layout gave up; gofmt writes:\n%s", want)
			case ok && !bytes.Equal(got, want):
				t.Errorf("layout:\n%s\ngofmt:\n%s", strings.ReplaceAll(string(got), "\t", "→"), strings.ReplaceAll(string(want), "\t", "→"))
			}
		})
	}
}
