package gen

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// literals stands in for the schema text of one generated file while
// go/format formats it. The schema constants are raw string literals, a
// third of the file's bytes and most of those of a package's first file,
// and gofmt writes a raw literal as it is: what it decides around one
// (line breaks, indentation, alignment) depends on the lines the literal
// spans, not on what they hold. So each literal is rendered as a stand-in
// that spans as many lines, `\x01N\x01` and the literal's line breaks,
// formatted, and the text put back; the bytes are those of formatting
// the whole text (a test compares the two on every golden file and on
// seeded schema texts), for less of go/format's time.
//
// A text gofmt would not keep as it is (a carriage return, which the
// scanner drops from raw literals, a NUL, a byte order mark or invalid
// UTF-8, which it rejects) or that holds the stand-ins' \x01 is rendered
// as it is. When the formatted file does not hold every stand-in once,
// in order, and no other \x01, the file is formatted whole instead.
type literals struct {
	texts []string
}

// standIn marks a stand-in's number; no other byte of a file formatted
// with stand-ins may be one.
const standIn = '\x01'

// standIns turns stand-ins on; the tests compare files generated with
// and without them.
var standIns = true

// raw is the raw string literal of text, or its stand-in.
func (l *literals) raw(text string) string {
	if l == nil || !standIns || strings.ContainsAny(text, "\r\x00\ufeff"+string(rune(standIn))) || !utf8.ValidString(text) {
		return "`" + text + "`"
	}
	l.texts = append(l.texts, text)
	return "`" + l.standIn(len(l.texts)-1) + "`"
}

// standIn is the text of stand-in i: its number between two \x01, then
// as many line breaks as the text it stands for.
func (l *literals) standIn(i int) string {
	return string(rune(standIn)) + strconv.Itoa(i) + string(rune(standIn)) + strings.Repeat("\n", strings.Count(l.texts[i], "\n"))
}

// restore puts the texts back in place of their stand-ins in src, or
// reports that src does not hold every stand-in once and no other \x01.
// Each stand-in's number is its own, so where each stands, in whatever
// order the file declares them, is where its text goes.
func (l *literals) restore(src []byte) ([]byte, bool) {
	if l == nil || len(l.texts) == 0 {
		return src, bytes.IndexByte(src, standIn) < 0
	}
	if bytes.Count(src, []byte{standIn}) != 2*len(l.texts) {
		return nil, false
	}
	type place struct{ at, end, text int }
	places := make([]place, len(l.texts))
	size := len(src)
	for i, t := range l.texts {
		s := "`" + l.standIn(i) + "`"
		at := bytes.Index(src, []byte(s))
		if at < 0 {
			return nil, false
		}
		places[i] = place{at, at + len(s), i}
		size += len(t)
	}
	slices.SortFunc(places, func(a, b place) int { return a.at - b.at })
	out := make([]byte, 0, size)
	prev := 0
	for _, p := range places {
		out = append(out, src[prev:p.at]...)
		out = append(out, '`')
		out = append(out, l.texts[p.text]...)
		out = append(out, '`')
		prev = p.end
	}
	return append(out, src[prev:]...), true
}
