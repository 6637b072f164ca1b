package runtime

import (
	"bytes"
	"time"

	"github.com/unionflat/unionflat/internal/readmode"
)

// This file is the one-pass read, which a generated DecodeT tries first:
// code generated for the tool reads the input as it scans it, with no
// node table, no path and no repair. It takes only arguments that are
// exactly right: well-formed JSON in which every value has the type its
// schema wants, no key repeats, no property is unknown, every rule holds
// and nothing needs repairing. At the first thing it does not take (a
// mistake, a repair, an escaped key, a discriminator too far ahead) it
// stops, and DecodeT reads the input again the
// usual way, which finds every problem, repairs what it may and reports
// the rest. So the one-pass read never decides an outcome: it only takes
// the common case, valid arguments, faster. The fixtures' tests hold it
// to that (see readmode): what it takes, the usual read takes too, with
// nothing repaired, to the same value.

// A Reader is the state of a one-pass read, for generated code: a
// position in the input and whether the read has stopped. After a stop
// every method returns a zero value and every loop ends, so generated
// code checks for a stop only once, in [Reader.End].
type Reader struct {
	p parser // scans strings, numbers and literals (it builds no nodes)
	// text is the input as a string, made on first need: a string without
	// escapes is cut from it, so that all of them share one copy.
	text string
	// open says an object or array was just opened: its first member or
	// item, or its end, comes next, with no comma before.
	open    bool
	stopped bool
	// tagRead says Tag has read the discriminator, the first member of
	// the object being read (see TagRead).
	tagRead bool
	// ahead is how many bytes Tag and Grow may still scan ahead of the
	// read (for a discriminator that is not its object's first member, and
	// to count an array's items), at most four times the input's length,
	// so that the read stays linear in the input however it nests.
	ahead int
}

// BeginOnePass starts a one-pass read of a tool's arguments for a
// generated DecodeT, with a Decoder from the pool whose checks stop the
// read instead of listing a problem. It returns nil when the read is
// switched off (see readmode), and for a text larger than the decoder
// reads (2 GB). The caller reads the input with r and the checks with d,
// then calls [Reader.End].
func BeginOnePass(data []byte) (r *Reader, d *Decoder) {
	if !readmode.OnePass() || len(data) > maxText { // the decoder refuses such a text
		return nil, nil
	}
	d = newDecoder(data)
	d.trial = true
	r = &d.reader
	*r = Reader{p: parser{d: d, data: data, byText: true}, ahead: 4 * len(data)}
	return r, d
}

// End finishes a one-pass read: it reports whether the read took the
// whole input, and gives the Decoder back to the pool. When it reports
// false, the value read must be thrown away.
func (r *Reader) End() bool {
	r.space()
	ok := !r.stopped && r.p.pos == len(r.p.data)
	r.p.d.releaseTrial()
	return ok
}

// Stop stops the read: the input holds something it does not take.
func (r *Reader) Stop() { r.stopped = true }

// Stopped reports whether the read has stopped, for a reader that must
// not go on: one that would call a method of the user's type.
func (r *Reader) Stopped() bool { return r.stopped }

// space skips white space. It tests the byte at hand first, inline:
// compact JSON has no white space, and the readers call space before
// every token.
func (r *Reader) space() {
	if r.p.pos < len(r.p.data) && r.p.data[r.p.pos] > ' ' {
		return
	}
	r.p.pos = skipSpace(r.p.data, r.p.pos)
}

// at reports whether the next byte after white space is c.
func (r *Reader) at(c byte) bool {
	r.space()
	return r.p.pos < len(r.p.data) && r.p.data[r.p.pos] == c
}

// enter opens the object or array whose bracket is next, or stops.
func (r *Reader) enter(bracket byte) bool {
	if r.stopped || !r.at(bracket) {
		r.stopped = true
		return false
	}
	if r.p.depth++; r.p.depth > MaxDepth {
		r.stopped = true
		return false
	}
	r.p.pos++
	r.open = true
	return true
}

// next moves past the comma before the next member or item, or past the
// bracket that closes the container, and reports which. It first tries
// compact JSON, with no white space around the comma or bracket.
func (r *Reader) next(closing byte) bool {
	data, pos := r.p.data, r.p.pos
	if r.stopped || pos+1 >= len(data) {
		return r.nextSpaced(closing)
	}
	c := data[pos]
	if r.open {
		if c <= ' ' {
			return r.nextSpaced(closing)
		}
		r.open = false
		return c != closing || r.close()
	}
	switch {
	case c == closing:
		return r.close()
	case c == ',' && data[pos+1] > ' ' && data[pos+1] != closing:
		// What follows the comma is read next, and a wrong bracket
		// there stops that read.
		r.p.pos = pos + 1
		return true
	}
	return r.nextSpaced(closing)
}

// close moves past the bracket that closes the container being read,
// and reports false, as next does there.
func (r *Reader) close() bool {
	r.p.pos++
	r.p.depth--
	return false
}

// nextSpaced is next for any JSON.
func (r *Reader) nextSpaced(closing byte) bool {
	if r.stopped {
		return false
	}
	r.space()
	if r.p.pos >= len(r.p.data) {
		r.stopped = true
		return false
	}
	c := r.p.data[r.p.pos]
	open := r.open
	r.open = false
	switch {
	case c == closing:
		return r.close()
	case open:
		return true
	case c == ',':
		r.p.pos++
		if r.at(closing) { // a trailing comma, which only a repair reads
			r.stopped = true
			return false
		}
		return true
	}
	r.stopped = true
	return false
}

// Object opens the object that comes next, or stops the read.
func (r *Reader) Object() bool { return r.enter('{') }

// More reports whether the object being read has another member, and
// then [Reader.Key] reads its key; at the object's end it reports false.
func (r *Reader) More() bool { return r.next('}') }

// Array opens the array that comes next, or stops the read.
func (r *Reader) Array() bool { return r.enter('[') }

// Next reports whether the array being read has another item.
func (r *Reader) Next() bool { return r.next(']') }

// Key reads a member's key and the colon after it. A key with escapes
// stops the read (the usual read compares keys by their contents). It
// first tries the common case byte by byte: a short key of plain ASCII
// right before its colon, which the word-at-a-time string scanner takes
// longer to set up for than to read.
func (r *Reader) Key() []byte {
	data, pos := r.p.data, r.p.pos
	if !r.stopped && pos < len(data) && data[pos] == '"' {
		if i := plainEnd(data, pos+1, len(data)); i < len(data) {
			switch {
			case data[i] == '"' && i+1 < len(data) && data[i+1] == ':':
				r.p.pos = i + 2
				return data[pos+1 : i]
			case data[i] == '\\': // an escaped key stops the read: no need to read it
				r.stopped = true
				return nil
			}
		}
	}
	start, end, escaped := r.stringAt()
	if escaped || r.stopped || !r.at(':') {
		r.stopped = true
		return nil
	}
	r.p.pos++
	return r.p.data[start:end]
}

// plainEnd is where the run of plain bytes (see plainKeyByte) from i
// ends, looking at most n bytes on.
func plainEnd(data []byte, i, n int) int {
	for end := min(len(data), i+n); i < end && plainKeyByte[data[i]]; i++ {
	}
	return i
}

// plainKeyByte says which bytes Key reads byte by byte: not a quote, a
// backslash, a control character or a byte of a multi-byte UTF-8
// sequence (the string scanner checks those).
var plainKeyByte = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// stringAt reads the string that comes next and returns where its
// contents start and end in the input, escapes unresolved, and whether
// it has any.
func (r *Reader) stringAt() (start, end int, escaped bool) {
	if r.stopped || !r.at('"') {
		r.stopped = true
		return 0, 0, false
	}
	start = r.p.pos + 1
	escaped, err := r.p.string()
	if err != nil {
		r.stopped = true
		return 0, 0, false
	}
	return start, r.p.pos - 1, escaped
}

// contents are the bytes of the string that comes next, escapes
// resolved: the input's own bytes or, with escapes, the Decoder's
// scratch, valid until the next call.
func (r *Reader) contents() []byte {
	start, end, escaped := r.stringAt()
	if escaped {
		return r.unescaped(start, end)
	}
	return r.p.data[start:end]
}

// unescaped is the input's string contents from start to end with their
// escapes resolved, in the Decoder's scratch.
func (r *Reader) unescaped(start, end int) []byte {
	d := r.p.d
	d.scratch = appendUnescaped(d.scratch[:0], r.p.data[start:end])
	return d.scratch
}

// shortString reads the common string byte by byte, as Key reads a key:
// one of plain ASCII that ends within 16 bytes. It reports false, having
// read nothing, for any other.
func (r *Reader) shortString() (start, end int, ok bool) {
	data, pos := r.p.data, r.p.pos
	if r.stopped || pos >= len(data) || data[pos] != '"' {
		return 0, 0, false
	}
	if i := plainEnd(data, pos+1, 16); i < len(data) && data[i] == '"' {
		r.p.pos = i + 1
		return pos + 1, i, true
	}
	return 0, 0, false
}

// String reads a string.
func (r *Reader) String() string {
	start, end, ok := r.shortString()
	if ok {
		return r.cut(start, end)
	}
	start, end, escaped := r.stringAt()
	switch {
	case r.stopped:
		return ""
	case escaped:
		return string(r.unescaped(start, end))
	}
	return r.cut(start, end)
}

// cut is the input's bytes from start to end as a string. Of an input of
// up to copiedInput bytes, every string is cut from one copy of the whole
// input, which costs one allocation; of a larger one, each string is a
// copy of its own, so that a decode allocates no more than the strings'
// bytes.
func (r *Reader) cut(start, end int) string {
	if len(r.p.data) > copiedInput {
		return string(r.p.data[start:end])
	}
	if r.text == "" {
		r.text = string(r.p.data)
	}
	return r.text[start:end]
}

// copiedInput is the largest input whose strings are cut from one copy of
// it (see cut).
const copiedInput = 64 << 10

// Grow makes room for the items of the array being read once the buffer
// s they were read into is full: a slice that holds s and every item left,
// which it counts ahead. Counting reads ahead of the read, within the
// budget it shares with Tag (see ahead); past the budget, Grow doubles s
// as append would. A slice with maxItems passes it as most (else -1): the
// room made is no more than that, since the read stops at an item past it.
func Grow[T any](r *Reader, s []T, most int) []T {
	n := r.itemsLeft()
	if n < 0 {
		n = len(s)
	}
	if most >= 0 {
		n = max(min(n, most-len(s)), 1)
	}
	out := make([]T, len(s), len(s)+n)
	copy(out, s)
	return out
}

// itemsLeft counts the items of the array being read from the one that
// comes next to its end, or returns -1 when the count would pass the
// budget for reading ahead or the array does not end.
func (r *Reader) itemsLeft() int {
	data, pos := r.p.data, r.p.pos
	data = data[:min(len(data), pos+r.ahead)] // the budget bounds the work, not only its count
	from, n := pos, 0
	for {
		if pos = skim(data, skipSpace(data, pos)); pos < 0 {
			r.ahead = 0
			return -1
		}
		n++
		if pos = skipSpace(data, pos); pos >= len(data) || data[pos] != ',' {
			break
		}
		pos++
	}
	if pos >= len(data) || data[pos] != ']' { // cut off by the budget, or not an array's end
		r.ahead = 0
		return -1
	}
	r.ahead -= pos - from
	return n
}

// Null reads a null if one comes next, and reports whether it did. A
// word that starts with n but is not null stops the read; Null then
// reports true, which no caller can tell from a null, but the read is
// over.
func (r *Reader) Null() bool {
	if r.stopped || !r.at('n') {
		return false
	}
	if r.p.literal("null", nodeNull) != nil {
		r.stopped = true
	}
	return true
}

// Bool reads true or false.
func (r *Reader) Bool() bool {
	switch {
	case r.at('t'):
		r.literal("true")
		return true
	case r.at('f'):
		r.literal("false")
		return false
	}
	r.stopped = true
	return false
}

func (r *Reader) literal(word string) {
	if r.stopped || r.p.literal(word, nodeNull) != nil {
		r.stopped = true
	}
}

// number reads the text of the number that comes next.
func (r *Reader) number() []byte {
	if r.stopped {
		return nil
	}
	r.space()
	start := r.p.pos
	if start >= len(r.p.data) || !(r.p.data[start] == '-' || r.p.data[start] >= '0' && r.p.data[start] <= '9') {
		r.stopped = true
		return nil
	}
	if r.p.number() != nil {
		r.stopped = true
		return nil
	}
	return r.p.data[start:r.p.pos]
}

// Int reads a signed integer of the given width, as [Decoder.Int] does.
func (r *Reader) Int(bits int) int64 {
	if n, ok := r.shortInt(bits); ok {
		return n
	}
	if text := r.number(); text != nil {
		n, _ := r.p.d.intOf(text, bits)
		return n
	}
	return 0
}

// shortInt reads the common integer without the number scanner: at most
// 18 digits, no leading zero, no fraction or exponent, within the width.
// Anything else it leaves to the scanner.
func (r *Reader) shortInt(bits int) (int64, bool) {
	r.space()
	data, from := r.p.data, r.p.pos
	if r.stopped || from >= len(data) {
		return 0, false
	}
	start := from
	if data[start] == '-' {
		start++
	}
	// The digits are read as they are scanned (plainInt would read them
	// again): at most 18, so n cannot overflow. (Reading up to 7 of them
	// in one word, with no loop, measured slower: numbers are short. Keys
	// read so measured the same as byte by byte.)
	var n int64
	pos := start
	for end := min(len(data), start+18); pos < end && data[pos]-'0' <= 9; pos++ {
		n = n*10 + int64(data[pos]-'0')
	}
	switch {
	case pos == start, data[start] == '0' && pos-start > 1:
		return 0, false
	case pos < len(data) && (data[pos] == '.' || data[pos] == 'e' || data[pos] == 'E' || data[pos]-'0' <= 9):
		return 0, false
	}
	if start > from {
		n = -n
	}
	if lo, hi := intBounds(bits); n < lo || n > hi {
		return 0, false
	}
	r.p.pos = pos
	return n, true
}

// Uint reads an unsigned integer of the given width, as [Decoder.Uint]
// does.
func (r *Reader) Uint(bits int) uint64 {
	if text := r.number(); text != nil {
		n, _ := r.p.d.uintOf(text, bits)
		return n
	}
	return 0
}

// Float reads a float of the given width, as [Decoder.Float] does.
func (r *Reader) Float(bits int) float64 {
	if text := r.number(); text != nil {
		f, _ := r.p.d.readFloat(text, bits)
		return f
	}
	return 0
}

// Number reads a float of the given width with its text, as
// [Decoder.Number] does, for the checks on its text. After a stop it is
// 0, which the checks that follow may read.
func (r *Reader) Number(bits int) Number {
	text := r.number()
	if text == nil {
		return Number{bits: bits, text: []byte("0")}
	}
	f, _ := r.p.d.readFloat(text, bits)
	return Number{value: f, bits: bits, text: text}
}

// Time reads an RFC 3339 date-time string, as [Decoder.Time] does.
func (r *Reader) Time() time.Time {
	s := r.String()
	if r.stopped {
		return time.Time{}
	}
	t, _ := r.p.d.timeOf(s)
	return t
}

// Duration reads a duration string, as [Decoder.Duration] does.
func (r *Reader) Duration() time.Duration {
	s := r.String()
	if r.stopped {
		return 0
	}
	dur, _ := r.p.d.durationOf(s)
	return dur
}

// Bytes reads a base64 string, as [Decoder.Bytes] does.
func (r *Reader) Bytes() []byte {
	text := r.contents()
	if r.stopped {
		return nil
	}
	b, _ := r.p.d.bytesOf(text)
	return b
}

// Raw reads any value and returns a copy of its text, as [Decoder.Raw]
// does. It checks the value as the decoder's parse does: a repeated key
// anywhere in it stops the read.
func (r *Reader) Raw() []byte {
	if r.stopped {
		return nil
	}
	r.space()
	start := r.p.pos
	if r.p.value() != nil {
		r.stopped = true
		return nil
	}
	return bytes.Clone(r.p.data[start:r.p.pos])
}

// Tag returns the value of the discriminator key of the object just
// opened. When the key is the object's first, Tag reads that member, and
// the variant's reader takes it as read ([Reader.TagRead]); otherwise
// Tag scans ahead for it, within the budget it shares with Grow (see
// ahead), and the members are then read in their order, the
// discriminator among them. Tag checks no more of the value than that it
// is a string without escapes: a value that is not one of the variants'
// stops the read anyway. A discriminator that is missing, is not a string
// without escapes, or comes after an escaped key stops the read, and
// [Reader.Once] stops at a second member of the key.
func (r *Reader) Tag(key string) []byte {
	if r.stopped {
		return nil
	}
	data, pos := r.p.data, r.p.pos
	data = data[:min(len(data), pos+r.ahead)] // the budget bounds the work, not only its count
	for first := true; ; first = false {
		pos = skipSpace(data, pos)
		if !first {
			if pos >= len(data) || data[pos] != ',' {
				break
			}
			pos = skipSpace(data, pos+1)
		}
		k, end := plainString(data, pos)
		if end < 0 {
			break
		}
		pos = skipSpace(data, end)
		if pos >= len(data) || data[pos] != ':' {
			break
		}
		pos = skipSpace(data, pos+1)
		if string(k) == key {
			v, end := plainString(data, pos)
			if end < 0 {
				break
			}
			if first { // read it: the variant's reader takes it as read (see TagRead)
				r.p.pos, r.open, r.tagRead = end, false, true
			} else {
				r.ahead -= end - r.p.pos
			}
			return v
		}
		if pos = skim(data, pos); pos < 0 {
			break
		}
	}
	r.ahead = 0
	r.stopped = true
	return nil
}

// plainString reads a string without escapes at pos, checking only that
// it ends: it returns its contents and where it ends, or -1.
func plainString(data []byte, pos int) ([]byte, int) {
	if pos >= len(data) || data[pos] != '"' {
		return nil, -1
	}
	for i := pos + 1; i < len(data); i++ {
		switch data[i] {
		case '"':
			return data[pos+1 : i], i + 1
		case '\\':
			return nil, -1
		}
	}
	return nil, -1
}

// skim returns where the value at pos ends, or -1. It checks nothing but
// where strings and brackets end: what it passes over, the read reads
// after, and checks there. (valueEnd, in scan.go, does this for text the
// parse has checked, and runs off the end of text cut short.)
func skim(data []byte, pos int) int {
	depth := 0
	for ; pos < len(data); pos++ {
		switch data[pos] {
		case '"':
			for pos++; pos < len(data) && data[pos] != '"'; pos++ {
				if data[pos] == '\\' {
					pos++
				}
			}
			if pos >= len(data) {
				return -1
			}
			if depth == 0 {
				return pos + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 { // the container around a number or a literal closes
				return pos
			}
			if depth--; depth == 0 {
				return pos + 1
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return pos
			}
		}
	}
	if depth == 0 {
		return pos
	}
	return -1
}

// Once marks a member read, and stops the read when it was read before:
// a repeated key, which the decoder reports.
func (r *Reader) Once(seen *bool) {
	if *seen {
		r.stopped = true
	}
	*seen = true
}

// TagRead reports whether Tag read the discriminator member of the
// object being read, for the variant's reader to mark it seen, and
// forgets it.
func (r *Reader) TagRead() bool {
	read := r.tagRead
	r.tagRead = false
	return read
}

// SkipString reads a string and drops it: the discriminator, which Tag
// has read already. It is the same member Tag read: Tag finds the first
// member of that key, any escaped key before it stops the read, and Once
// stops a second member of the key.
func (r *Reader) SkipString() { r.stringAt() }
