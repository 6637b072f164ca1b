package impl

import (
	"bytes"
	"errors"
	"fmt"
	"hash/maphash"
	"iter"
	"math"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// This file parses a document into the node table in one scan. Nothing
// on the way keeps a path: when the parse stops at a problem, each object
// and array it was inside adds its step as the failure returns through
// it, and the problem's path is built from those steps only then.

type parser struct {
	d     *Decoder
	src   int32
	data  []byte
	pos   int
	depth int
	// trail is where a failed parse stopped, innermost step first, filled
	// in as the failure returns through each object and array.
	trail []step
	// strStart is where the parse's string values start in strBuf.
	strStart int
}

// errStop ends a parse after a problem was recorded.
var errStop = errors.New("stop")

// parse reads srcs[src] as one JSON document into nodes.
func (d *Decoder) parse(src int32) (Value, bool) {
	p := parser{d: d, src: src, data: d.srcs[src], depth: len(d.path), strStart: len(d.strBuf)}
	if len(p.data) > maxText {
		d.report(unionflat.Error{Kind: unionflat.KindSyntax, Err: errors.New("the text is larger than 2 GB")})
		return Value{}, false
	}
	root := Value{off: int32(len(d.nodes))}
	d.reserveNodes(p.data)
	d.reserveStrings(len(p.data))
	was := d.last()
	p.space()
	err := p.value()
	for len(d.texts) <= int(src) {
		d.texts = append(d.texts, textSpan{})
	}
	d.texts[src] = textSpan{lo: p.strStart, hi: len(d.strBuf)}
	if err == nil {
		p.space()
		if p.pos != len(p.data) {
			err = p.syntax("unexpected %s after the JSON value", p.describe())
		}
	}
	if err != nil {
		if l := d.last(); l != was {
			p.locate(l)
		}
		return root, false
	}
	return root, true
}

// maxText is the largest text a Value can point into.
const maxText = 1<<31 - 1

// locate extends the path of the problem that stopped the parse (the
// path of the parsed text's own value) with the steps the parse had taken
// into the text.
func (p *parser) locate(e *unionflat.Error) {
	for i := len(p.trail) - 1; i >= 0; i-- {
		e.Path = append(e.Path, p.d.token(p.trail[i]))
	}
}

// reserveNodes makes room in the node table for the document text, so
// that a large document does not grow the table by copying it again and
// again: room for one value every nodeBytes bytes. When the table has
// less room than that (it is new, or the document larger than those
// before), it counts how many values the text can hold (see valueBound),
// reserves at most firstNodes of them and lets the table double up to
// the count: a document of a few long strings, or one rejected early,
// does not reserve three bytes an input byte, and a dense one grows to
// no more than it needs.
func (d *Decoder) reserveNodes(text []byte) {
	want := len(text)/nodeBytes + 8
	if cap(d.nodes)-len(d.nodes) >= want {
		return
	}
	bound := valueBound(text) + 8
	d.nodeLimit = len(d.nodes) + bound
	d.roomFor(min(want, bound, firstNodes))
}

// firstNodes is the most nodes reserveNodes reserves in a table too small
// (see reserveNodes): 64 KB of them. A document that holds more grows the
// table, by doubling up to the count; one that is rejected early, as at a
// key repeated near its start, costs no more.
const firstNodes = 1 << 12

// valueBound is at least the number of values, keys counted, of the JSON
// text: the root; in every container that is not empty one item or member
// more than its commas; and for every member its key, which a colon
// follows. Commas, brackets and colons in strings count too, which only
// makes the bound larger.
func valueBound(text []byte) int {
	count := func(c string) int { return bytes.Count(text, []byte(c)) }
	return 1 + count(",") + count("[") + count("{") + count(":")
}

// roomFor makes room in the node table for n more nodes. The parser asks
// for room before every value, so that push, which runs for every value,
// never grows the table and stays small enough to be inlined: an object
// asks for its member's key and the value's first node, an array for its
// item's first node, and a container, whose first node was counted so,
// asks again for what is inside it.
func (d *Decoder) roomFor(n int) {
	if cap(d.nodes)-len(d.nodes) < n {
		d.growNodes(n)
	}
}

// growNodes makes room for n more nodes, doubling the table, though not
// past the count reserveNodes made, if any: append's growth by a quarter
// would add up to about five times the table's final size.
func (d *Decoder) growNodes(n int) {
	more := max(n, cap(d.nodes))
	if left := d.nodeLimit - len(d.nodes); left >= n {
		more = min(more, left)
	}
	d.nodes = slices.Grow(d.nodes, more)
}

// reserveStrings makes room in strBuf for the string values of a
// document of n bytes, guessed at a quarter of it up to 64 KB; a larger
// document grows the buffer as it goes.
func (d *Decoder) reserveStrings(n int) {
	if want := min(n/4, 64<<10); cap(d.strBuf)-len(d.strBuf) < want {
		d.strBuf = slices.Grow(d.strBuf, want)
	}
}

// nodeBytes is the estimate reserveNodes makes: one value every nodeBytes
// bytes, as in a document of short keys, numbers and strings. A denser
// document grows the table as it goes.
const nodeBytes = 5

func (p *parser) syntax(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	p.d.report(unionflat.Error{Kind: unionflat.KindSyntax, Offset: int64(p.pos), Err: err})
	return err
}

func (p *parser) describe() string {
	if p.pos >= len(p.data) {
		return "end of input"
	}
	return strconv.QuoteRune(rune(p.data[p.pos]))
}

func (p *parser) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// push adds a node, in the room roomFor made. It sets the fields one by
// one: a node built whole and copied in is written to the stack first and
// read back at once, which stalls the processor at every value.
func (p *parser) push(kind nodeKind, start int) int32 {
	d := p.d
	i := len(d.nodes)
	d.nodes = d.nodes[:i+1]
	n := &d.nodes[i]
	n.head = uint32(kind) | uint32(p.src)<<srcShift
	n.start, n.end, n.count = int32(start), 0, 0
	return int32(i)
}

// finish ends a number, a literal or a container at pos.
func (p *parser) finish(i int32) {
	n := &p.d.nodes[i]
	if n.container() {
		n.end = int32(len(p.d.nodes))
	} else {
		n.end = int32(p.pos)
	}
}

func (p *parser) value() error {
	if p.pos >= len(p.data) {
		return p.syntax("unexpected end of input")
	}
	switch c := p.data[p.pos]; {
	case c == '"':
		return p.stringValue()
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return p.literal("true", nodeTrue)
	case c == 'f':
		return p.literal("false", nodeFalse)
	case c == 'n':
		return p.literal("null", nodeNull)
	}
	return p.syntax("unexpected %s", p.describe())
}

func (p *parser) literal(word string, kind nodeKind) error {
	if !bytes.HasPrefix(p.data[p.pos:], []byte(word)) {
		return p.syntax("unexpected %s", p.describe())
	}
	i := p.push(kind, p.pos)
	p.pos += len(word)
	p.finish(i)
	return nil
}

// enter counts one more level of nesting. A failed parse is over, so
// only a container read to its end counts its level off again.
func (p *parser) enter() error {
	p.depth++
	if p.depth > unionflat.MaxDepth {
		p.d.report(unionflat.Error{Kind: unionflat.KindDepth, Want: strconv.Itoa(unionflat.MaxDepth), Offset: int64(p.pos)})
		return errStop
	}
	return nil
}

func (p *parser) object() error {
	if err := p.enter(); err != nil {
		return err
	}
	i := p.push(nodeObject, p.pos)
	p.pos++
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		p.finish(i)
		p.depth--
		return nil
	}
	var set keyRegion // the object's keys in the key table, once it has one
	for {
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return p.syntax("expected a string key, found %s", p.describe())
		}
		p.d.roomFor(2)
		k := int32(len(p.d.nodes))
		if _, err := p.string(); err != nil {
			return err
		}
		if p.duplicate(i, k, &set) {
			p.duplicateKey(&p.d.nodes[k])
			return errStop
		}
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return p.syntax("expected ':' after an object key, found %s", p.describe())
		}
		p.pos++
		p.space()
		if err := p.value(); err != nil {
			p.trail = append(p.trail, step{key: k, index: -1})
			return err
		}
		p.d.nodes[i].count++
		p.space()
		if p.pos >= len(p.data) {
			return p.syntax("unexpected end of input in an object")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			p.finish(i)
			p.depth--
			if set.size != 0 {
				p.d.keyTable = p.d.keyTable[:set.base]
			}
			return nil
		default:
			return p.syntax("expected ',' or '}' in an object, found %s", p.describe())
		}
	}
}

// duplicateKey records that key node k repeats one before it in its
// object.
func (p *parser) duplicateKey(k *node) {
	key := strconv.Quote(string(p.unescapeKey(k)))
	p.d.report(unionflat.Error{Kind: unionflat.KindDuplicate, Got: key, Offset: int64(k.start - 1)})
}

func (p *parser) array() error {
	if err := p.enter(); err != nil {
		return err
	}
	i := p.push(nodeArray, p.pos)
	p.pos++
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		p.finish(i)
		p.depth--
		return nil
	}
	for n := int32(0); ; {
		p.space()
		p.d.roomFor(1)
		if err := p.value(); err != nil {
			p.trail = append(p.trail, step{index: int(n)})
			return err
		}
		n++
		p.space()
		if p.pos >= len(p.data) {
			return p.syntax("unexpected end of input in an array")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			p.d.nodes[i].count = n
			p.finish(i)
			p.depth--
			return nil
		default:
			return p.syntax("expected ',' or ']' in an array, found %s", p.describe())
		}
	}
}

func (p *parser) number() error {
	start := p.pos
	end, bad := scanNumber(p.data, start)
	p.pos = end
	switch bad {
	case noDigit:
		return p.syntax("invalid number: expected a digit, found %s", p.describe())
	case leadingZero:
		return p.syntax("invalid number: leading zero")
	case noFractionDigit:
		return p.syntax("invalid number: expected a digit after '.', found %s", p.describe())
	case noExponentDigit:
		return p.syntax("invalid number: expected an exponent digit, found %s", p.describe())
	}
	i := p.push(nodeNumber, start)
	p.finish(i)
	return nil
}

// numberProblem is what keeps a text from being a JSON number.
type numberProblem uint8

const (
	numberOK numberProblem = iota
	noDigit
	leadingZero
	noFractionDigit
	noExponentDigit
)

// scanNumber reads the JSON number that starts at data[pos]: it returns
// where the number ends, or, when it is not one, where it goes wrong and
// how (a leading zero is reported where the integer part starts).
func scanNumber(data []byte, pos int) (int, numberProblem) {
	digits := func() int {
		start := pos
		for pos < len(data) && data[pos] >= '0' && data[pos] <= '9' {
			pos++
		}
		return pos - start
	}
	if pos < len(data) && data[pos] == '-' {
		pos++
	}
	intStart := pos
	if digits() == 0 {
		return pos, noDigit
	}
	if data[intStart] == '0' && pos-intStart > 1 {
		return intStart, leadingZero
	}
	if pos < len(data) && data[pos] == '.' {
		pos++
		if digits() == 0 {
			return pos, noFractionDigit
		}
	}
	if pos < len(data) && (data[pos] == 'e' || data[pos] == 'E') {
		pos++
		if pos < len(data) && (data[pos] == '+' || data[pos] == '-') {
			pos++
		}
		if digits() == 0 {
			return pos, noExponentDigit
		}
	}
	return pos, numberOK
}

// string reads the string that opens at pos, leaving pos after it, adds
// its node and reports whether it has escapes.
func (p *parser) string() (bool, error) {
	p.pos++ // opening quote
	start := p.pos
	escaped, ascii := false, true
	for p.pos < len(p.data) {
		switch c := p.data[p.pos]; {
		case c == '"':
			if !ascii && !utf8.Valid(p.data[start:p.pos]) {
				return false, p.syntax("invalid UTF-8 in a string")
			}
			i := p.push(nodeString, start)
			n := &p.d.nodes[i]
			n.end = int32(p.pos)
			if escaped {
				n.head |= escapedBit
			}
			p.pos++
			return escaped, nil
		case c == '\\':
			escaped = true
			if err := p.escape(); err != nil {
				return false, err
			}
		case c < 0x20:
			return false, p.syntax("control character %#02x in a string", c)
		default:
			ascii = ascii && c < utf8.RuneSelf
			p.pos++
		}
	}
	return false, p.syntax("unexpected end of input in a string")
}

// stringValue reads a string that is a value, not a key: one without
// escapes is copied to strBuf, where String will find it (see stringOf).
func (p *parser) stringValue() error {
	i := len(p.d.nodes)
	escaped, err := p.string()
	if err != nil || escaped {
		return err
	}
	d := p.d
	n := &d.nodes[i]
	n.count = int32(len(d.strBuf)-p.strStart) + 1
	d.strBuf = appendAtMost(d.strBuf, d.text(n), len(p.data)-p.pos)
	return nil
}

// escape checks one backslash escape, leaving pos after it.
func (p *parser) escape() error {
	p.pos++
	if p.pos >= len(p.data) {
		return p.syntax("unexpected end of input in a string")
	}
	switch p.data[p.pos] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		p.pos++
		return nil
	case 'u':
		r, ok := p.hex(p.pos + 1)
		if !ok {
			return p.syntax(`invalid \u escape`)
		}
		p.pos += 5
		if !utf16.IsSurrogate(r) {
			return nil
		}
		if r >= 0xDC00 || !bytes.HasPrefix(p.data[p.pos:], []byte(`\u`)) {
			return p.syntax(`unpaired UTF-16 surrogate \u%04x`, r)
		}
		lo, ok := p.hex(p.pos + 2)
		if !ok || lo < 0xDC00 || lo > 0xDFFF {
			return p.syntax(`unpaired UTF-16 surrogate \u%04x`, r)
		}
		p.pos += 6
		return nil
	}
	return p.syntax("invalid escape \\%c", p.data[p.pos])
}

func (p *parser) hex(at int) (rune, bool) {
	if at+4 > len(p.data) {
		return 0, false
	}
	return hexRune(p.data[at : at+4])
}

// hexRune is the value of the four hexadecimal digits b starts with, and
// whether they are four.
func hexRune(b []byte) (r rune, ok bool) {
	for _, c := range b[:4] {
		v := hexDigit(c)
		if v < 0 {
			return 0, false
		}
		r = r<<4 | v
	}
	return r, true
}

// hexDigit is the value of a hexadecimal digit, or -1.
func hexDigit(c byte) rune {
	switch {
	case '0' <= c && c <= '9':
		return rune(c - '0')
	case 'a' <= c && c <= 'f':
		return rune(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return rune(c - 'A' + 10)
	}
	return -1
}

// ---- duplicate keys ----

// duplicateScan is how many members an object may have before duplicate
// keys are found with a hash set instead of by comparing with each. An
// object with an escaped key uses the set from that key on, so that long
// escaped keys are never compared in pairs.
const duplicateScan = 32

// The key table holds the keys of the objects being parsed that find
// duplicates by hash, each object in a region of its own: open
// addressing, each slot 0 or the high 32 bits of a key's hash above its
// node plus one, the hash's low bits of those 32 choosing the slot. An
// object's region stands above those of the objects it is inside, and
// the regions of the objects inside it are gone by the time it adds a
// key, so it can always grow in place.

// keyRegion is an object's region of the key table: size slots from
// base, a power of two, n of them used. Before it has one, seen is a
// filter of the keys the object holds: a bit for each key's length and
// first and last bytes, so that a key whose bit is clear is new without
// a comparison.
type keyRegion struct {
	base, size, n int
	seen          uint64
}

// keySeed seeds the key hash, once a process, so that no document can be
// written to make its keys collide.
var keySeed = maphash.MakeSeed()

// duplicate reports whether key node k repeats a key read before it of
// object node obj. Keys are compared by length and bytes while there are
// few and none is escaped; past that, by hash in the key table, and in
// bytes only when 32 bits of the hashes are equal.
func (p *parser) duplicate(obj, k int32, set *keyRegion) bool {
	d := p.d
	kn := &d.nodes[k]
	n := int(d.nodes[obj].count) // the keys read before
	if set.size == 0 && (n >= duplicateScan || kn.escaped()) {
		p.openKeys(set, n+1)
		for o := range p.keysBefore(obj, n) {
			p.addKey(set, o)
		}
	}
	if set.size != 0 {
		return p.addKey(set, k)
	}
	key := p.data[kn.start:kn.end]
	bit := uint64(1) << keyFilter(key)
	if set.seen&bit == 0 {
		set.seen |= bit
		return false
	}
	size := kn.end - kn.start
	o := obj + 1
	for range n {
		if on := &d.nodes[o]; on.end-on.start == size && bytes.Equal(p.data[on.start:on.end], key) {
			return true
		}
		o = d.after(o + 1)
	}
	return false
}

// keysBefore yields the first n key nodes of object node obj.
func (p *parser) keysBefore(obj int32, n int) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		o := obj + 1
		for range n {
			if !yield(o) {
				return
			}
			o = p.d.after(o + 1)
		}
	}
}

// keyFilter is a key's bit in keyRegion.seen, from 0 to 63.
func keyFilter(key []byte) uint {
	h := uint(len(key)) * 0x9e37
	if len(key) > 0 {
		h += uint(key[0])*31 + uint(key[len(key)-1])
	}
	return (h ^ h>>6) & 63
}

// openKeys gives an object a region of the key table for about n keys.
func (p *parser) openKeys(set *keyRegion, n int) {
	size := 64
	for size < 2*n {
		size *= 2
	}
	set.base, set.size, set.n = len(p.d.keyTable), size, 0
	p.d.keyTable = append(p.d.keyTable, make([]uint64, size)...)
}

// addKey puts key node k in the object's region, or reports that the
// region holds the same key already.
func (p *parser) addKey(set *keyRegion, k int32) bool {
	d := p.d
	if 2*(set.n+1) > set.size {
		p.growKeys(set)
	}
	tag := maphash.Bytes(keySeed, p.unescapeKey(&d.nodes[k])) >> 32
	region := d.keyTable[set.base : set.base+set.size]
	mask := uint64(set.size - 1)
	for i := tag & mask; ; i = (i + 1) & mask {
		switch e := region[i]; {
		case e == 0:
			region[i] = tag<<32 | uint64(k+1)
			set.n++
			return false
		case e>>32 == tag && p.sameKey(int32(uint32(e))-1, k):
			return true
		}
	}
}

// growKeys doubles an object's region, which is the top one: its keys
// are placed anew above it, and moved down into its place.
func (p *parser) growKeys(set *keyRegion) {
	d := p.d
	size, top := 2*set.size, len(d.keyTable)
	d.keyTable = append(d.keyTable, make([]uint64, size)...)
	fresh, mask := d.keyTable[top:], uint64(size-1)
	for _, e := range d.keyTable[set.base:top] {
		if e == 0 {
			continue
		}
		i := e >> 32 & mask
		for fresh[i] != 0 {
			i = (i + 1) & mask
		}
		fresh[i] = e
	}
	copy(d.keyTable[set.base:], fresh)
	d.keyTable = d.keyTable[:set.base+size]
	set.size = size
}

// sameKey reports whether key nodes a and b hold the same unescaped
// bytes.
func (p *parser) sameKey(a, b int32) bool {
	an, bn := &p.d.nodes[a], &p.d.nodes[b]
	if !an.escaped() && !bn.escaped() {
		return bytes.Equal(p.data[an.start:an.end], p.data[bn.start:bn.end])
	}
	d := p.d
	d.keyScratch = append(d.keyScratch[:0], p.unescapeKey(an)...)
	return bytes.Equal(d.keyScratch, p.unescapeKey(bn))
}

// unescapeKey is a key node's contents with escapes resolved, in the
// decoder's scratch buffer when there were any.
func (p *parser) unescapeKey(k *node) []byte {
	raw := p.data[k.start:k.end]
	if !k.escaped() {
		return raw
	}
	p.d.scratch = appendUnescaped(p.d.scratch[:0], raw)
	return p.d.scratch
}

// appendAtMost is appendDoubling for a slice that will hold at most more
// elements after add: it does not grow past that. The string values of a
// text fill strBuf, and the text left after one holds no more bytes of
// them than its length, so that a buffer for a document of long strings
// ends no larger than the document (and the pool keeps it).
func appendAtMost[T any](s, add []T, more int) []T {
	if len(s)+len(add) > cap(s) {
		s = slices.Grow(s, min(max(len(s), len(add)), len(add)+more))
	}
	return append(s, add...)
}

// appendDoubling is append, except that when s must grow it doubles (at
// least): append grows a large slice by a quarter at a time, so that the
// allocations of a table built item by item add up to about five times
// its final size, where doubling keeps them to about twice.
func appendDoubling[T any](s []T, add ...T) []T { return appendAtMost(s, add, math.MaxInt-len(add)) }
