package gen

import (
	"bytes"
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
// as it is. A rendered file that holds another \x01 than its stand-ins'
// is rendered again without stand-ins; a formatted file that does not
// hold every stand-in once is formatted whole, with its texts.
type literals struct {
	texts []string
}

// standIn marks a stand-in's number; no other byte of a file formatted
// with stand-ins may be one.
const standIn = '\x01'

// standIns turns stand-ins on; the tests compare files generated with
// and without them.
var standIns = true

// usable reports whether src, a file rendered with l's stand-ins, holds
// every stand-in once and no other \x01: a file that does not (a doc
// comment holding \x01, say) is rendered again without stand-ins.
func (l *literals) usable(src []byte) bool {
	if l == nil || len(l.texts) == 0 {
		return true
	}
	_, ok := l.locate(src)
	return ok
}

// raw is the raw string literal of text, or its stand-in.
func (l *literals) raw(text string) string {
	lines, ok := standsIn(text)
	if l == nil || !standIns || !ok {
		return "`" + text + "`"
	}
	l.texts = append(l.texts, text)
	return "`" + l.standIn(len(l.texts)-1, lines) + "`"
}

// standsIn reports whether a stand-in may stand for text, and counts its
// line breaks, in one pass: it may not if text holds a carriage return,
// a NUL, a byte order mark, a \x01 or invalid UTF-8.
func standsIn(text string) (lines int, ok bool) {
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			switch c {
			case '\n':
				lines++
			case '\r', 0, standIn:
				return 0, false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == utf8.RuneError && size == 1 || r == '\ufeff' {
			return 0, false
		}
		i += size
	}
	return lines, true
}

// standIn is the text of stand-in i: its number between two \x01, then
// as many line breaks as the text it stands for.
func (l *literals) standIn(i, lines int) string {
	return string(rune(standIn)) + strconv.Itoa(i) + string(rune(standIn)) + strings.Repeat("\n", lines)
}

// restore puts the texts back in place of their stand-ins in src, or
// reports that src does not hold every stand-in once and no other \x01
// (see locate). Without texts, src is as it is.
func (l *literals) restore(src []byte) ([]byte, bool) {
	if l == nil || len(l.texts) == 0 {
		return src, true
	}
	spans, ok := l.locate(src)
	if !ok {
		return nil, false
	}
	size := len(src)
	for _, t := range l.texts {
		size += len(t)
	}
	out := make([]byte, 0, size)
	prev := 0
	for _, sp := range spans {
		out = append(out, src[prev:sp.at]...) // through the opening backtick
		out = append(out, l.texts[sp.text]...)
		prev = sp.end // from the closing backtick
	}
	return append(out, src[prev:]...), true
}

// A span is where stand-in text stands in src: from its first \x01 to
// its closing backtick.
type span struct{ at, end, text int }

// locate finds every stand-in in src, in one pass, in the order they
// stand, or reports that src does not hold every stand-in once and no
// other \x01. Each stand-in's number is its own, so where each stands,
// in whatever order the file declares them, is where its text goes.
func (l *literals) locate(src []byte) ([]span, bool) {
	spans := make([]span, 0, len(l.texts))
	seen := make([]bool, len(l.texts))
	for from := 0; ; {
		at := bytes.IndexByte(src[from:], standIn)
		if at < 0 {
			break
		}
		at += from
		i, end, ok := l.standInAt(src, at)
		if !ok || seen[i] {
			return nil, false
		}
		seen[i] = true
		spans = append(spans, span{at, end, i})
		from = end
	}
	return spans, len(spans) == len(l.texts)
}

// standInAt reads the stand-in whose first \x01 is src[at]: its number
// and where its closing backtick is.
func (l *literals) standInAt(src []byte, at int) (i, end int, ok bool) {
	if at == 0 || src[at-1] != '`' {
		return 0, 0, false
	}
	j := at + 1
	for j < len(src) && src[j] >= '0' && src[j] <= '9' {
		j++
	}
	if j == at+1 || j >= len(src) || src[j] != standIn {
		return 0, 0, false
	}
	i, err := strconv.Atoi(string(src[at+1 : j]))
	if err != nil || i >= len(l.texts) {
		return 0, 0, false
	}
	end = j + 1 + strings.Count(l.texts[i], "\n")
	if end >= len(src) || src[end] != '`' || bytes.Count(src[j+1:end], []byte{'\n'}) != end-j-1 {
		return 0, 0, false
	}
	return i, end, true
}
