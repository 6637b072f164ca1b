package gen

import (
	"bytes"
	"fmt"
	"go/format"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// TestStandInsChangeNoByte generates every golden and outclass case with
// the schema texts' stand-ins and without them (each file formatted
// whole, as jennifer's Render would) and wants the same files.
func TestStandInsChangeNoByte(t *testing.T) {
	dirs := generatedCases(t)
	files := 0
	for _, dir := range dirs {
		pkgs, diags, err := Load(Config{Dir: dir, Patterns: []string{"./..."}})
		if err != nil || len(diags) > 0 {
			t.Fatalf("%s: %v %v", dir, err, diags)
		}
		with, err := GeneratePackages(pkgs)
		if err != nil {
			t.Fatal(err)
		}
		standIns = false
		without, err := GeneratePackages(pkgs)
		standIns = true
		if err != nil {
			t.Fatal(err)
		}
		if len(with.Files) != len(without.Files) {
			t.Fatalf("%s: %d files with stand-ins, %d without", dir, len(with.Files), len(without.Files))
		}
		for i, f := range with.Files {
			files++
			if !bytes.Equal(f.Content, without.Files[i].Content) {
				t.Errorf("%s: stand-ins change the file", f.Path)
			}
		}
	}
	if files < 20 {
		t.Errorf("only %d files compared", files)
	}
}

// TestStandInsOfRandomTexts formats const blocks of seeded schema texts
// as the generator writes them (doc comments, shared pieces joined with
// +, backticks spliced in, long lines continued, text of every kind of
// character) with stand-ins and whole, and wants every stand-in found and
// the same bytes.
func TestStandInsOfRandomTexts(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 2026))
	for round := range 300 {
		lits := &literals{}
		withStandIns := renderConstFile(r, round, lits)
		formatted, err := format.Source(withStandIns)
		if err != nil {
			t.Fatalf("round %d: %v\n%s", round, err, withStandIns)
		}
		got, ok := lits.restore(formatted)
		if !ok {
			t.Fatalf("round %d: a stand-in is not in place after formatting:\n%s", round, formatted)
		}
		whole, ok := lits.restore(withStandIns)
		if !ok {
			t.Fatalf("round %d: a stand-in is not in place before formatting", round)
		}
		want, err := format.Source(whole)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("round %d: formatting with stand-ins gives\n%s\nformatting whole gives\n%s", round, got, want)
		}
	}
}

// renderConstFile renders, unformatted, a file of const blocks of random
// schema texts, through lits.
func renderConstFile(r *rand.Rand, round int, lits *literals) []byte {
	f := jen.NewFile("p")
	f.NoFormat = true
	for b := range 1 + r.IntN(3) {
		var defs []jen.Code
		for c := range 1 + r.IntN(4) {
			if r.IntN(3) > 0 {
				defs = append(defs, comments(fmt.Sprintf("C%d%d is constant %d: %s", b, c, c, strings.Repeat("word ", r.IntN(30))))...)
			}
			var value jen.Statement
			for k := range 1 + r.IntN(3) {
				if k > 0 {
					value.Op("+")
				}
				if r.IntN(3) == 0 {
					value.Id(fmt.Sprintf("ufDefsX%d", r.IntN(5)))
				} else {
					value.Add(rawText(randomText(r), lits))
				}
			}
			defs = append(defs, jen.Id(fmt.Sprintf("C%d%d", b, c)).Op("=").Add(&value))
			if r.IntN(3) == 0 {
				defs = append(defs, jen.Line())
			}
		}
		f.Add(jen.Const().Defs(defs...)).Line()
	}
	f.Add(jen.Const().Defs(jen.Id("ufDefsX0").Op("=").Lit(""), jen.Id("ufDefsX1").Op("=").Lit(""),
		jen.Id("ufDefsX2").Op("=").Lit(""), jen.Id("ufDefsX3").Op("=").Lit(""), jen.Id("ufDefsX4").Op("=").Lit("")))
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// randomText is schema text: JSON-like lines, indented, some of them
// long (with and without spaces to cut at), with backticks, tabs,
// trailing spaces, blank lines and non-ASCII text.
func randomText(r *rand.Rand) string {
	pieces := []string{"{", "}", "\"key\": ", "\"value\"", ",", "  ", "    ", "\n", "\n", "\n\n", "`", "\t", " ", "é✓𝄞",
		strings.Repeat("long words here ", 8), strings.Repeat("x", 120), "\\u003c", "//", "/*", "*/", "\"", "'"}
	var b strings.Builder
	for range r.IntN(20) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

// TestRestoreRefusesWhatIsNotEveryStandInOnce wants restore and usable
// to refuse a file that lacks a stand-in, holds one twice, holds another
// \x01 (a text that holds one is written as it is, so its file is
// refused too and rendered again without stand-ins) or a stand-in of the
// wrong lines; and formatSource to format a file without stand-ins as it
// is, whatever it holds.
func TestRestoreRefusesWhatIsNotEveryStandInOnce(t *testing.T) {
	lits := &literals{}
	a, b := lits.raw("{\n  \"a\": 1\n}"), lits.raw("plain")
	if c := lits.raw("odd \x01 text"); c != "`odd \x01 text`" {
		t.Errorf("a text holding \\x01 became %q", c)
	}
	for _, src := range []string{
		"x = " + a,
		"x = " + a + " + " + a + " + " + b,
		"x = " + a + " + " + b + " // \x01",
		"x = " + a + " + " + b + " + `odd \x01 text`",
		"x = " + strings.Replace(a, "\n", "", 1) + " + " + b,
		"x = " + a + " + `\x01" + "7\x01`" + " + " + b,
	} {
		if _, ok := lits.restore([]byte(src)); ok {
			t.Errorf("restore took %q", src)
		}
		if lits.usable([]byte(src)) {
			t.Errorf("usable took %q", src)
		}
	}
	if got, ok := lits.restore([]byte("x = " + b + " + " + a)); !ok || string(got) != "x = `plain` + `{\n  \"a\": 1\n}`" {
		t.Errorf("restore of both stand-ins gave %q, %v", got, ok)
	}
	src := "package p\n\n// \x01 stray\nconst x   =   `odd \x01 text`\n"
	got, err := formatSource(File{Path: "p.go", Content: []byte(src)}, nil)
	if want := "package p\n\n// \x01 stray\nconst x = `odd \x01 text`\n"; err != nil || string(got) != want {
		t.Errorf("formatSource gave %q, %v; want %q", got, err, want)
	}
}
