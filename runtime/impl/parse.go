package impl

import (
	"bytes"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// A parser reads a document into the node table in one scan. It keeps no
// path: a problem's path is built from the trail as the failure returns.
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

// locate extends the path of the problem that stopped the parse with the
// steps the parse had taken into the text.
func (p *parser) locate(e *unionflat.Error) {
	for i := len(p.trail) - 1; i >= 0; i-- {
		e.Path = append(e.Path, p.d.token(p.trail[i]))
	}
}

// reserveNodes makes room in the node table for one value every
// nodeBytes bytes of text. When the table has less, it reserves at most
// firstNodes, and lets the table double up to what the text can hold
// (valueBound): a sparse document, or one rejected early, reserves
// little, and a dense one no more than it needs.
func (d *Decoder) reserveNodes(text []byte) {
	want := len(text)/nodeBytes + 8
	if cap(d.nodes)-len(d.nodes) >= want {
		return
	}
	bound := valueBound(text) + 8
	d.nodeLimit = len(d.nodes) + bound
	d.roomFor(min(want, bound, firstNodes))
}

// firstNodes is the most nodes reserveNodes reserves at first: 64 KB.
const firstNodes = 1 << 12

// valueBound is at least the number of values of a JSON text, keys
// counted: the root, one a comma, a bracket or a colon.
func valueBound(text []byte) int {
	count := func(c string) int { return bytes.Count(text, []byte(c)) }
	return 1 + count(",") + count("[") + count("{") + count(":")
}

// roomFor makes room in the node table for n more nodes. The parser asks
// before every member or item, so that push never grows the table and
// stays small enough to be inlined.
func (d *Decoder) roomFor(n int) {
	if cap(d.nodes)-len(d.nodes) < n {
		d.growNodes(n)
	}
}

// growNodes makes room for n more nodes, doubling the table up to the
// count reserveNodes made. (append grows a large slice by a quarter.)
func (d *Decoder) growNodes(n int) {
	more := max(n, cap(d.nodes))
	if left := d.nodeLimit - len(d.nodes); left >= n {
		more = min(more, left)
	}
	d.nodes = slices.Grow(d.nodes, more)
}

// reserveStrings makes room in strBuf for the string values of a
// document of n bytes: a quarter of it, up to 64 KB.
func (d *Decoder) reserveStrings(n int) {
	if want := min(n/4, 64<<10); cap(d.strBuf)-len(d.strBuf) < want {
		d.strBuf = slices.Grow(d.strBuf, want)
	}
}

// nodeBytes is the estimate reserveNodes makes: one value every 5 bytes,
// as in short keys, numbers and strings.
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
// one, which is faster than copying a node built whole.
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

// enter counts one more level of nesting; a container read to its end
// counts it off again.
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
	key := strconv.Quote(string(p.d.unescape(k)))
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
	switch {
	case bad == "leading zero":
		return p.syntax("invalid number: leading zero")
	case bad != "":
		return p.syntax("invalid number: %s, found %s", bad, p.describe())
	}
	i := p.push(nodeNumber, start)
	p.finish(i)
	return nil
}

// scanNumber reads the JSON number that starts at data[pos]. It returns
// where the number ends, or where it goes wrong and what was expected
// there ("leading zero" where the integer part starts).
func scanNumber(data []byte, pos int) (int, string) {
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
		return pos, "expected a digit"
	}
	if data[intStart] == '0' && pos-intStart > 1 {
		return intStart, "leading zero"
	}
	if pos < len(data) && data[pos] == '.' {
		pos++
		if digits() == 0 {
			return pos, "expected a digit after '.'"
		}
	}
	if pos < len(data) && (data[pos] == 'e' || data[pos] == 'E') {
		pos++
		if pos < len(data) && (data[pos] == '+' || data[pos] == '-') {
			pos++
		}
		if digits() == 0 {
			return pos, "expected an exponent digit"
		}
	}
	return pos, ""
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
// keys are found by hash, not in pairs. An escaped key, which may be long,
// uses the hash at once.
const duplicateScan = 32

// keyRegion is an object's region of the key table: size slots from
// base, a power of two, n of them used, by open addressing. A slot is 0,
// or the high 32 bits of a key's hash above its node plus one. An
// object's region is above those of the objects around it, so it grows
// in place. Before it has one, seen filters the object's keys: a bit for
// each key's length and first and last bytes.
type keyRegion struct {
	base, size, n int
	seen          uint64
}

// keySeed seeds the key hash, so that no document can make keys collide.
var keySeed = maphash.MakeSeed()

// duplicate reports whether key node k repeats a key of object node obj:
// in pairs while they are few and plain, else by hash.
func (p *parser) duplicate(obj, k int32, set *keyRegion) bool {
	d := p.d
	kn := &d.nodes[k]
	n := int(d.nodes[obj].count) // the keys read before
	if set.size == 0 && (n >= duplicateScan || kn.escaped()) {
		p.openKeys(set, n+1)
		for o, j := obj+1, 0; j < n; o, j = d.after(o+1), j+1 {
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
	tag := maphash.Bytes(keySeed, p.d.unescape(&d.nodes[k])) >> 32
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
	d.keyScratch = append(d.keyScratch[:0], p.d.unescape(an)...)
	return bytes.Equal(d.keyScratch, p.d.unescape(bn))
}

// appendAtMost is appendDoubling for a slice that will hold at most more
// elements after add. So strBuf, which the string values of a text fill,
// ends no larger than the text.
func appendAtMost[T any](s, add []T, more int) []T {
	if len(s)+len(add) > cap(s) {
		s = slices.Grow(s, min(max(len(s), len(add)), len(add)+more))
	}
	return append(s, add...)
}

// appendDoubling is append, except that a slice that must grow doubles:
// append grows a large one by a quarter, which allocates about five times
// its final size in all, where doubling allocates twice.
func appendDoubling[T any](s []T, add ...T) []T { return appendAtMost(s, add, math.MaxInt-len(add)) }
