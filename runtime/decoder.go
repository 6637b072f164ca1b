package runtime

import (
	"bytes"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/unionflat/unionflat/internal/readmode"
)

// MaxDepth bounds how deeply arrays and objects may nest in a decoded
// document, strings parsed as JSON by coercion included. Deeper input is
// one KindDepth error, never a stack overflow.
const MaxDepth = 128

// A Decoder holds one decode: the parsed document, the path being decoded
// and the problems found. [Decode], [DecodeArguments] and [Validate] take
// one from a pool for each call and give it back; generated code only
// calls its methods.
type Decoder struct {
	srcs [][]byte // the input, then every string parsed by coercion
	// strBuf holds the contents of every string value without escapes,
	// each source's together (texts[i] says where), so that the strings
	// decoded from one source share one copy.
	strBuf []byte
	texts  []textSpan
	nodes  []node
	// nodeLimit is, when the parse reserved the node table from a count
	// of the text (see reserveNodes), the most nodes it can need: growth
	// stops there. 0 when no count was made.
	nodeLimit int
	path      []step
	names     []string // the names on the path that code gave (EnterName, Keys)
	errs      []*Error
	more      int
	// leastUseful is 1 + the rank of the least useful problem listed
	// (see Decoder.room), once room has found it while the list is full;
	// 0 until then, and again whenever the list changes.
	leastUseful int
	scratch     []byte
	keys        []byte // the unescaped keys of the members being walked, outermost first
	numText     []byte // the text of a float built in code, for its checks
	lenient     Leniency
	// nullFix is the null of an optional property read with repairs off
	// (see OptionalNull): the type problem it gets says to leave the
	// property out. The zero Value (the root's, never a property's) when
	// there is none.
	nullFix Value

	keyTable   []uint64 // the keys of large objects, by hash (see duplicate)
	keyScratch []byte

	repairs     []Repair
	moreRepairs int
	wraps       []wrapped
	markList    []repairMark    // how the canonical arguments write each repaired value, in the order of their places
	lateMarks   []repairMark    // the marks of values repaired out of that order (see markAt)
	late        map[int64]int32 // a late mark's index in lateMarks, by its place
	markExtras  []markExtra     // what the marks need besides (see repairMark)

	// byText says the input is read by scanning its text, not by its
	// nodes: it is larger than nodesMax.
	byText bool
	// counts holds, when byText, the number of items of every array of
	// the input, in document order, which the parse counted.
	counts  []arrayCount
	countAt int // where the last look-up in counts found its array
	// keySpans holds, when byText, the keys of the objects the parse is
	// in that it still compares in pairs (at most 32 an object; past that
	// an object's keys are in keyTable), outermost first.
	keySpans []keySpan
	// read is, when byText, the value most recently read to its end and
	// readEnd where it ends, so that a loop over members or items goes on
	// from there without scanning the value again.
	read    Value
	readEnd int32
	// scanned is the node of the value of the input a reader scanned last,
	// when byText.
	scanned node
	// cursors are the walks over members and items by text under way,
	// innermost last.
	cursors []cursor
}

// Value is one JSON value of a Decoder's document.
type Value struct {
	// src is 0 for a value read by its node, or textBit for a value of
	// an input read by its text (see nodesMax), with wrapBit set for a
	// value read as the one item of an array (see [Decoder.ArrayOrItem]).
	// (A node knows the text it is read from.)
	src int32
	// off is the value's node, or, for a value read by its text, where
	// its text starts in the input.
	off int32
}

// wrapBit marks a Value that stands for the array of one item, itself;
// textBit, a Value of the input read by its text. A Value with neither is
// read by its node, with no other test.
const (
	wrapBit = 1 << 30
	textBit = 1 << 29
)

func (v Value) wrapped() bool { return v.src&wrapBit != 0 }

// place is where v is, as one number, for its repair mark.
func (v Value) place() int64 { return int64(v.src&textBit)<<32 | int64(v.off) }

// nodesMax is the largest input read by its nodes: the parse puts every
// value of the input in a table of 16 bytes a value, which serves small
// documents best, and which the pool keeps up to this size (see
// maxPooledNodes). A larger input is read by its text, which the parse
// only checks: each reader scans the text of the value it reads, so that
// the memory a decode takes beyond its result stays small however large
// the input is. The texts parsed from strings are always read by their
// nodes. The module's tests read small inputs by their text too (see
// package readmode).
const nodesMax = 1 << 20

// readByText reports whether an input of n bytes is read by its text.
func readByText(n int) bool { return n > nodesMax || readmode.ByText() }

// scanning reports whether v is read by its text.
func (d *Decoder) scanning(v Value) bool { return v.src&textBit != 0 }

type nodeKind uint8

const (
	nodeNull nodeKind = iota + 1
	nodeFalse
	nodeTrue
	nodeNumber
	nodeString
	nodeArray
	nodeObject
)

var kindNames = [...]string{
	nodeNull: "null", nodeFalse: "a boolean", nodeTrue: "a boolean", nodeNumber: "a number",
	nodeString: "a string", nodeArray: "an array", nodeObject: "an object",
}

// node is one parsed value, in 16 bytes. Containers are followed by
// their children (objects: key, value, key, value, ...).
type node struct {
	// head holds the kind (3 bits), whether a string has backslash
	// escapes (1 bit) and the index into srcs of the text it is read from
	// (the rest).
	head uint32
	// start is where the value's text starts; of a string, its contents
	// after the opening quote.
	start int32
	// end is where a scalar's text ends (a string's contents, before the
	// closing quote); of a container, the node after its subtree.
	end int32
	// count is the number of members of an object or items of an array;
	// of a string value without escapes, its offset among its source's
	// string values in strBuf, plus one (see stringOf).
	count int32
}

const (
	kindBits   = 3
	escapedBit = 1 << kindBits
	srcShift   = kindBits + 1
	// maxSrcs is how many texts one decode may parse: the input and the
	// strings parsed by coercion.
	maxSrcs = 1 << (32 - srcShift)
)

func (n *node) kind() nodeKind { return nodeKind(n.head & (1<<kindBits - 1)) }

func (n *node) escaped() bool { return n.head&escapedBit != 0 }

func (n *node) src() int32 { return int32(n.head >> srcShift) }

func (n *node) container() bool { return n.kind() >= nodeArray }

// arrayCount is how many items the array at off of the input holds, for
// an array of two items or more (see parser.closeArray).
type arrayCount struct{ off, n int32 }

// keySpan is a key the parse has read: its contents in the text.
type keySpan struct {
	start, end int32
	escaped    bool
}

// after is the node that follows node i and its subtree.
func (d *Decoder) after(i int32) int32 {
	if n := &d.nodes[i]; n.container() {
		return n.end
	}
	return i + 1
}

// textSpan is where the string values of one source stand in strBuf,
// and, once one of them is read, their copy as a Go string.
type textSpan struct {
	lo, hi int
	s      string
}

// step is one token of the current path: an array index, or the key of
// the member being read, or a name given by code. It holds no pointer, so
// that pushing it costs no write barrier; a Path is built from the steps
// only when a problem is listed.
type step struct {
	// key is, when it is 0 or more, the key's node, or, when src is
	// textBit, where the contents of the key start in the input;
	// else it is -1 - the name's index in names. It counts only when
	// index is -1.
	key, src int32
	index    int // the array index, or -1
}

// pool holds Decoders between decodes. A new one starts with room for a
// path of 16 steps and 4 sources, so that a small decode does not grow
// them one append at a time.
var pool = sync.Pool{New: func() any {
	return &Decoder{path: make([]step, 0, 16), texts: make([]textSpan, 0, 4)}
}}

// newDecoder returns a Decoder for data, from a pool.
func newDecoder(data []byte) *Decoder {
	d := pool.Get().(*Decoder)
	d.srcs = append(d.srcs[:0], data)
	return d
}

// maxPooledNodes caps the node table a Decoder keeps in the pool: a
// larger one, grown for a large document, is left to the garbage
// collector, so that one large decode does not hold its memory for good.
// A table of that many nodes (4 MB) serves documents of about 1 MB.
const maxPooledNodes = 1 << 18

// maxPooledKeySlots caps the key table a Decoder keeps in the pool in the
// same way: 4 MB, enough for an object of 100,000 members.
const maxPooledKeySlots = 1 << 19

// maxPooledStringBytes caps the buffer of string values a Decoder keeps
// in the pool in the same way.
const maxPooledStringBytes = 1 << 20

// maxPooledSpans caps, in the same way, the table of array counts and
// the stack of keys a Decoder keeps in the pool: under 1 MB each.
const maxPooledSpans = 1 << 16

// release gives the Decoder back to the pool; it must not be used after.
func (d *Decoder) release() {
	d.reset()
	pool.Put(d)
}

// reset empties the Decoder for its next use, keeping its buffers unless
// they grew past their caps.
func (d *Decoder) reset() {
	clear(d.srcs)
	clear(d.texts)
	clear(d.names)
	nodes := d.nodes[:0]
	if cap(nodes) > maxPooledNodes {
		nodes = nil
	}
	keyTable := d.keyTable[:0]
	if cap(keyTable) > maxPooledKeySlots {
		keyTable = nil
	}
	strBuf := d.strBuf[:0]
	if cap(strBuf) > maxPooledStringBytes {
		strBuf = nil
	}
	counts := d.counts[:0]
	if cap(counts) > maxPooledSpans {
		counts = nil
	}
	keySpans := d.keySpans[:0]
	if cap(keySpans) > maxPooledSpans {
		keySpans = nil
	}
	clear(d.cursors)
	cursors := d.cursors[:0]
	if cap(cursors) > MaxDepth+1 {
		cursors = nil
	}
	*d = Decoder{
		srcs: d.srcs[:0], strBuf: strBuf, texts: d.texts[:0], nodes: nodes, path: d.path[:0], names: d.names[:0],
		scratch: d.scratch[:0], keys: d.keys[:0], numText: d.numText[:0], keyTable: keyTable, keyScratch: d.keyScratch[:0],
		counts: counts, keySpans: keySpans, cursors: cursors,
	}
}

// root parses the whole input and returns its value. When the input is
// not well-formed it records the problem and reports false.
func (d *Decoder) root() (Value, bool) {
	return d.parseText(0)
}

// problems returns every problem recorded, as an *Errors, or nil.
func (d *Decoder) problems() error {
	if len(d.errs) == 0 {
		return nil
	}
	if len(d.wraps) > 0 {
		return &Errors{List: d.unwrapProblems(), More: d.more}
	}
	return &Errors{List: append([]*Error(nil), d.errs...), More: d.more}
}

// ---- errors and the path ----

// EnterName pushes a property name onto the path, for a check of a field
// of a value built in code; [Decoder.Leave] pops it. Nothing else needs
// an Enter: [Decoder.Members], [Decoder.Items], [Decoder.Indexes] and
// [Keys] push the path themselves.
func (d *Decoder) EnterName(name string) {
	d.names = append(d.names, name)
	d.path = append(d.path, step{key: -int32(len(d.names)), index: -1})
}

// Leave pops the name the last EnterName pushed.
func (d *Decoder) Leave() {
	d.path = d.path[:len(d.path)-1]
	d.names = d.names[:len(d.names)-1]
}

// Indexes yields 0 to n-1, each on the path while the loop's body runs,
// for a check of the items of a slice or array built in code.
func (d *Decoder) Indexes(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		depth := len(d.path)
		for i := range n {
			d.path = append(d.path, step{index: i})
			more := yield(i)
			d.path = d.path[:depth]
			if !more {
				return
			}
		}
	}
}

// Keys yields the keys of a map built in code in sorted order, so that
// problems come out the same every time, each on the path while the
// loop's body runs.
func Keys[M ~map[K]V, K ~string, V any](d *Decoder, m M) iter.Seq[K] {
	return func(yield func(K) bool) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			d.EnterName(string(k))
			more := yield(k)
			d.Leave()
			if !more {
				return
			}
		}
	}
}

// currentPath copies the current path into a Path, whose names outlive
// the input.
func (d *Decoder) currentPath() Path {
	if len(d.path) == 0 {
		return nil
	}
	p := make(Path, len(d.path))
	for i, s := range d.path {
		p[i] = d.token(s)
	}
	return p
}

// token is a step of the path as a Token of its own.
func (d *Decoder) token(s step) Token {
	switch {
	case s.index >= 0:
		return Token{Index: s.index}
	case s.key < 0:
		return Token{Name: d.names[-s.key-1], Index: -1}
	}
	var raw []byte
	escaped := false
	if s.src&textBit != 0 {
		b := d.srcs[0]
		end, esc := stringEnd(b, int(s.key))
		raw, escaped = b[s.key:end], esc
	} else {
		n := &d.nodes[s.key]
		raw, escaped = d.text(n), n.escaped()
	}
	if !escaped {
		return Token{Name: string(raw), Index: -1}
	}
	d.keyScratch = appendUnescaped(d.keyScratch[:0], raw)
	return Token{Name: string(d.keyScratch), Index: -1}
}

// report records a problem at the current path.
func (d *Decoder) report(e Error) {
	if d.room(e.rank()) {
		d.list(e)
	}
}

// listing reports whether the next problem, of kind k, is listed in
// detail (see [Decoder.room]); when it is not, it is counted, and a check
// builds nothing for it.
func (d *Decoder) listing(k Kind) bool { return d.room(k.rank()) }

// room reports whether a problem of the given rank (see [Error.rank]) is
// listed in detail. While the list is not full, it is. When it is full,
// a problem takes the place of the last of the least useful problems
// listed, if those are less useful than it, and that one is counted
// instead; otherwise the problem itself is counted. So the list keeps the
// MaxErrors most useful problems, in document order, and past the cap a
// problem costs no allocation unless it is more useful than one listed.
func (d *Decoder) room(rank int) bool {
	if len(d.errs) < MaxErrors {
		return true
	}
	d.more++
	if d.leastUseful == 0 {
		for _, p := range d.errs {
			d.leastUseful = max(d.leastUseful, p.rank()+1)
		}
	}
	if rank+1 >= d.leastUseful { // nothing listed is less useful
		return false
	}
	worst, worstRank := -1, -1
	for i, p := range d.errs {
		if r := p.rank(); r > rank && r >= worstRank {
			worst, worstRank = i, r
		}
	}
	d.errs = slices.Delete(d.errs, worst, worst+1)
	d.leastUseful = 0
	return true
}

// last is the problem listed last, or nil.
func (d *Decoder) last() *Error {
	if len(d.errs) == 0 {
		return nil
	}
	return d.errs[len(d.errs)-1]
}

// list adds a problem at the current path to the list.
func (d *Decoder) list(e Error) {
	p := new(Error)
	*p = e
	p.Path = d.currentPath()
	d.errs = append(d.errs, p)
}

// reportAt records a problem at a property of the current object.
func (d *Decoder) reportAt(name string, e Error) {
	if d.room(e.rank()) {
		d.listAt(name, e)
	}
}

// listAt lists a problem at a property of the current object, once
// [Decoder.room] has made room for it.
func (d *Decoder) listAt(name string, e Error) {
	d.EnterName(name)
	d.list(e)
	d.Leave()
}

// ---- reading values ----

// node is v's node. Of a value read by its text, it is the scanned node,
// valid until the next call: a string is scanned to its closing quote, a
// number to its last digit, and where the value ends is recorded (see
// Decoder.read) for the loop it is read in to go on from there.
func (d *Decoder) node(v Value) *node {
	if !d.scanning(v) {
		return &d.nodes[v.off]
	}
	return d.scan(v)
}

// scan is node for a value read by its text.
func (d *Decoder) scan(v Value) *node {
	b := d.srcs[0]
	k := kinds[b[v.off]]
	if v.wrapped() {
		k = nodeArray
	}
	n := &d.scanned
	*n = node{head: uint32(k), start: v.off}
	end := int(v.off)
	switch k {
	case nodeString:
		quote, escaped := stringEnd(b, end+1)
		n.start, n.end = v.off+1, int32(quote)
		if escaped {
			n.head |= escapedBit
		}
		end = quote + 1
	case nodeNumber:
		end, _ = scanNumber(b, end)
		n.end = int32(end)
	case nodeTrue, nodeNull:
		end += 4
		n.end = int32(end)
	case nodeFalse:
		end += 5
		n.end = int32(end)
	default:
		return n
	}
	d.ended(v, end)
	return n
}

// kinds is the kind of a value by its first byte.
var kinds = func() (t [256]nodeKind) {
	for c := range t {
		t[c] = nodeNumber
	}
	t['"'], t['{'], t['['], t['t'], t['f'], t['n'] = nodeString, nodeObject, nodeArray, nodeTrue, nodeFalse, nodeNull
	return t
}()

// kindOf is v's kind.
func (d *Decoder) kindOf(v Value) nodeKind {
	switch {
	case v.src < textBit: // neither bit: by its node
		return d.nodes[v.off].kind()
	case v.wrapped():
		return nodeArray
	}
	return kinds[d.srcs[0][v.off]]
}

// text is a scalar's text; a string's contents between its quotes.
func (d *Decoder) text(n *node) []byte { return d.srcs[n.src()][n.start:n.end] }

// kindName says what JSON type a value is, for messages.
func (d *Decoder) kindName(v Value) string { return kindNames[d.kindOf(v)] }

// IsNull reports whether v is null.
func (d *Decoder) IsNull(v Value) bool { return d.kindOf(v) == nodeNull }

// mismatch records that v is not of the wanted JSON type.
func (d *Decoder) mismatch(v Value, want string) {
	e := Error{Kind: KindType, Want: want, Got: d.kindName(v)}
	if d.nullFix != (Value{}) && v == d.nullFix {
		e.Fix = "leave the property out: it is optional, and null is no value for it"
	}
	d.nullFix = Value{}
	d.report(e)
}

// Object returns v as an object. A string where an object is wanted is
// parsed as JSON (double-serialized arguments are a common model error);
// anything else is a recorded problem.
func (d *Decoder) Object(v Value) (Value, bool) {
	return d.container(v, nodeObject, "an object")
}

// Array returns v as an array, parsing a string that holds one.
func (d *Decoder) Array(v Value) (Value, bool) {
	return d.container(v, nodeArray, "an array")
}

func (d *Decoder) container(v Value, kind nodeKind, want string) (Value, bool) {
	k := d.kindOf(v)
	if k == kind {
		return v, true
	}
	if k != nodeString {
		d.mismatch(v, want)
		return v, false
	}
	if m := d.markOf(v); m.has(markParsed) { // parsed before
		return d.extraOf(m).inner, true
	}
	text := d.unescape(d.node(v))
	open := byte('{')
	if kind == nodeArray {
		open = '['
	}
	if !opens(text, open) || len(d.srcs) >= maxSrcs { // a node cannot name another text
		d.mismatch(v, want)
		return v, false
	}
	if !d.repairing() {
		d.report(Error{Kind: KindType, Want: want, Got: "a string", Fix: "send the " + strings.TrimPrefix(want, "an ") + " itself, not a string that holds its JSON"})
		return v, false
	}
	d.srcs = append(d.srcs, bytes.Clone(text))
	was := d.last()
	inner, ok := d.parseText(int32(len(d.srcs) - 1)) // its depth counts on from the current path
	if !ok {
		// Say what was wanted, with the parse problem as the cause.
		if last := d.last(); last != was && last.Kind == KindSyntax {
			last.Kind, last.Want, last.Got = KindType, want, "a string"
			d.leastUseful = 0
			last.Err = fmt.Errorf("byte %d: %w", last.Offset, last.Err)
			last.Path = d.currentPath()
		}
		return v, false
	}
	if d.kindOf(inner) != kind {
		d.mismatch(inner, want)
		return v, false
	}
	m, r := d.repair(v, RepairStringAsJSON, nil)
	m.flags |= markParsed
	d.extra(m).inner = inner
	if r != nil {
		r.Got, r.Read = "a string", want
	}
	return inner, true
}

// Members yields the key and value of every member of an object, in
// document order, with the key on the path while the loop's body runs: a
// problem recorded there is located at the member. A key is valid until
// the next iteration.
func (d *Decoder) Members(obj Value) iter.Seq2[[]byte, Value] {
	return func(yield func([]byte, Value) bool) {
		depth, mark := len(d.path), len(d.keys)
		i, left := d.start(obj)
		for {
			var name []byte
			var val Value
			var at step
			if obj.src != 0 {
				c := &d.cursors[i]
				var ok bool
				if name, ok = d.nextMember(c, mark); !ok {
					break
				}
				val, at = c.val, step{key: c.key, src: textBit, index: -1}
			} else {
				if left == 0 {
					break
				}
				left--
				name, val, at = d.memberKey(&d.nodes[i], mark), Value{off: i + 1}, step{key: i, index: -1}
			}
			d.path = append(d.path, at)
			more := yield(name, val)
			d.path = d.path[:depth]
			if !more {
				break
			}
			if obj.src == 0 {
				i = d.after(i + 1)
			}
		}
		d.keys = d.keys[:mark]
		d.stop(obj, i)
	}
}

// memberKey is a key's unescaped bytes: a view of the input when the key
// has no escapes, else a view of the keys buffer from mark on, where it
// stays while the member is walked (keys of members walked inside it go
// after it; a buffer grown for them leaves it in the old one).
func (d *Decoder) memberKey(n *node, mark int) []byte {
	if !n.escaped() {
		return d.text(n)
	}
	return d.keyAt(d.text(n), mark)
}

// keyAt is the escaped key raw, unescaped in the keys buffer from mark on.
func (d *Decoder) keyAt(raw []byte, mark int) []byte {
	d.keys = appendUnescaped(d.keys[:mark], raw)
	return d.keys[mark:len(d.keys):len(d.keys)]
}

// A cursor walks the members or items of an object or array by its text,
// or the one item of a value read as an array.
type cursor struct {
	open Value // the object or array
	val  Value // the member's value or the item, once the cursor is on one
	// pos is where the next member's key or the next item starts, or the
	// closing bracket; on says the cursor is on a member or an item.
	pos int32
	on  bool
	// Of a member: key and keyEnd are where its key's contents start and
	// its closing quote is.
	key, keyEnd int32
}

// start begins a walk of the members or items of v: by nodes, from node
// i, with left members or items to go; else with the cursor
// d.cursors[i], which stop takes away.
func (d *Decoder) start(v Value) (i, left int32) {
	if v.src == 0 {
		return v.off + 1, d.nodes[v.off].count
	}
	return d.startCursor(v), 0
}

// startCursor pushes a cursor for v, read by its text or as the one item
// of an array, and returns its index in cursors. It is not inlined, so
// that start is, for the walks by nodes.
//
//go:noinline
func (d *Decoder) startCursor(v Value) int32 {
	c := cursor{open: v}
	if v.src == textBit {
		c.pos = int32(skipSpace(d.srcs[0], int(v.off)+1))
	}
	d.cursors = append(d.cursors, c)
	return int32(len(d.cursors) - 1)
}

// stop ends a walk start began, which a cursor i served unless v is read
// by its node.
func (d *Decoder) stop(v Value, i int32) {
	if v.src != 0 {
		d.cursors = d.cursors[:i]
	}
}

// advance moves c past the value it is on, if any; it reports whether there
// is a member or an item after, else records where the object or array
// ends.
func (d *Decoder) advance(c *cursor) bool {
	b := d.srcs[0]
	if c.on {
		c.pos = int32(d.next(b, d.endOf(c.val)))
	}
	if at := b[c.pos]; at == '}' || at == ']' {
		return false
	}
	c.on = true
	return true
}

// nextMember moves c, by text, to the next member of its object and
// returns its key, unescaped in the keys buffer from mark on when it has
// escapes. Past the last, it records where the object ends and reports
// false.
func (d *Decoder) nextMember(c *cursor, mark int) ([]byte, bool) {
	if !d.advance(c) {
		d.ended(c.open, int(c.pos)+1)
		return nil, false
	}
	b := d.srcs[0]
	start := int(c.pos) + 1
	end, escaped := stringEnd(b, start)
	name := b[start:end]
	if escaped {
		name = d.keyAt(name, mark)
	}
	c.key, c.keyEnd, c.val = int32(start), int32(end), Value{textBit, int32(skipSpace(b, skipSpace(b, end+1)+1))}
	return name, true
}

// endOf is where v, of the input read by its text, ends: known when v is
// the value read to its end last, else scanned for.
func (d *Decoder) endOf(v Value) int {
	if d.read == v {
		return int(d.readEnd)
	}
	return valueEnd(d.srcs[0], int(v.off))
}

// ended records that v, read to its end, ends at end.
func (d *Decoder) ended(v Value, end int) { d.read, d.readEnd = v, int32(end) }

// next is where the member or item after the one that ends at end
// starts, or where the closing bracket is when it was the last.
func (d *Decoder) next(b []byte, end int) int {
	if end = skipSpace(b, end); b[end] == ',' {
		end = skipSpace(b, end+1)
	}
	return end
}

// members yields the key and value of every member of an object, leaving
// the path alone. A key is valid until the next iteration.
func (d *Decoder) members(obj Value) iter.Seq2[[]byte, Value] {
	return func(yield func([]byte, Value) bool) {
		mark := len(d.keys)
		i, left := d.start(obj)
		for {
			var name []byte
			var val Value
			if obj.src != 0 {
				c := &d.cursors[i]
				var ok bool
				if name, ok = d.nextMember(c, mark); !ok {
					break
				}
				val = c.val
			} else {
				if left == 0 {
					break
				}
				left--
				name, val = d.memberKey(&d.nodes[i], mark), Value{off: i + 1}
			}
			if !yield(name, val) {
				break
			}
			if obj.src == 0 {
				i = d.after(i + 1)
			}
		}
		d.keys = d.keys[:mark]
		d.stop(obj, i)
	}
}

// Len is the number of members of an object or items of an array.
func (d *Decoder) Len(v Value) int {
	switch {
	case v.wrapped():
		return 1
	case !d.scanning(v):
		return int(d.nodes[v.off].count)
	case kinds[d.srcs[0][v.off]] == nodeArray:
		return int(d.count(v))
	}
	n := 0
	for range d.members(v) {
		n++
	}
	return n
}

// count is the number of items of array v of the input read by its
// text, which the parse counted.
func (d *Decoder) count(v Value) int32 {
	c := d.counts
	if at := d.countAt + 1; at < len(c) && c[at].off == v.off { // the next array, as in document order
		d.countAt = at
		return c[at].n
	}
	at, found := slices.BinarySearchFunc(c, v.off, func(a arrayCount, off int32) int { return int(a.off - off) })
	if !found { // an array of no item or one, which the parse leaves out (see parser.closeArray)
		d.countAt = at - 1
		src := d.srcs[0]
		if pos := skipSpace(src, int(v.off)+1); pos < len(src) && src[pos] == ']' {
			return 0
		}
		return 1
	}
	d.countAt = at
	return c[at].n
}

// Items yields the items of an array with their indexes, with the index
// on the path while the loop's body runs.
func (d *Decoder) Items(arr Value) iter.Seq2[int, Value] {
	return func(yield func(int, Value) bool) {
		depth := len(d.path)
		i, left := d.start(arr)
		for k := 0; ; k++ {
			var item Value
			if arr.src != 0 {
				c := &d.cursors[i]
				if !d.nextOtherItem(c) {
					break
				}
				item = c.val
			} else {
				if left == 0 {
					break
				}
				left--
				item, i = Value{off: i}, d.after(i)
			}
			d.path = append(d.path, step{index: k})
			more := yield(k, item)
			d.path = d.path[:depth]
			if !more {
				break
			}
		}
		d.stop(arr, i)
	}
}

// items yields the items of an array with their indexes, leaving the path
// alone.
func (d *Decoder) items(arr Value) iter.Seq2[int, Value] {
	return func(yield func(int, Value) bool) {
		i, left := d.start(arr)
		for k := 0; ; k++ {
			var item Value
			if arr.src != 0 {
				c := &d.cursors[i]
				if !d.nextOtherItem(c) {
					break
				}
				item = c.val
			} else {
				if left == 0 {
					break
				}
				left--
				item, i = Value{off: i}, d.after(i)
			}
			if !yield(k, item) {
				break
			}
		}
		d.stop(arr, i)
	}
}

// nextOtherItem moves c to the next item of its array by text, or, for a
// value read as the one item of an array, onto that value, once. Past the last item of an
// array, it records where the array ends.
func (d *Decoder) nextOtherItem(c *cursor) bool {
	if c.open.wrapped() {
		if c.on {
			return false
		}
		c.on, c.val = true, Value{c.open.src &^ wrapBit, c.open.off}
		return true
	}
	if !d.advance(c) {
		d.ended(c.open, int(c.pos)+1)
		return false
	}
	c.val = Value{textBit, c.pos}
	return true
}

// span is v's JSON text, a string's with its quotes.
func (d *Decoder) span(v Value) []byte {
	if d.scanning(v) {
		b := d.srcs[0]
		return b[v.off:valueEnd(b, int(v.off))]
	}
	n := &d.nodes[v.off]
	b := d.srcs[n.src()]
	switch {
	case n.kind() == nodeString:
		return b[n.start-1 : n.end+1]
	case n.container():
		return b[n.start:containerEnd(b, int(n.start))]
	}
	return b[n.start:n.end]
}

// rawMembers yields the key, as written with its quotes, and the value of
// every member of an object.
func (d *Decoder) rawMembers(obj Value) iter.Seq2[[]byte, Value] {
	return func(yield func([]byte, Value) bool) {
		if d.scanning(obj) {
			b, mark, i := d.srcs[0], len(d.keys), d.startCursor(obj)
			for {
				c := &d.cursors[i]
				if _, ok := d.nextMember(c, mark); !ok || !yield(b[c.key-1:c.keyEnd+1], c.val) {
					break
				}
			}
			d.keys = d.keys[:mark]
			d.stop(obj, i)
			return
		}
		i := obj.off + 1
		for range d.nodes[obj.off].count {
			key := &d.nodes[i]
			if !yield(d.srcs[key.src()][key.start-1:key.end+1], Value{off: i + 1}) {
				return
			}
			i = d.after(i + 1)
		}
	}
}

// find returns the value of the member named key of an object.
func (d *Decoder) find(obj Value, key string) (Value, bool) {
	for k, v := range d.members(obj) {
		if string(k) == key {
			return v, true
		}
	}
	return Value{}, false
}

// unescape returns a string node's contents with escapes resolved, in the
// decoder's scratch buffer when there were any.
func (d *Decoder) unescape(n *node) []byte {
	if !n.escaped() {
		return d.text(n)
	}
	d.scratch = appendUnescaped(d.scratch[:0], d.text(n))
	return d.scratch
}

// stringOf is a string value's contents as a Go string. Without escapes
// it is a slice of one copy of all its source's string values (the parser
// gathered them in strBuf, and gave each its offset there, plus one, as
// its count), made the first time one of them is read.
func (d *Decoder) stringOf(n *node) string {
	if n.escaped() || n.count == 0 { // escaped, or of the input read by its text
		return string(d.unescape(n))
	}
	t := &d.texts[n.src()]
	if t.s == "" {
		t.s = string(d.strBuf[t.lo:t.hi])
	}
	at := int(n.count) - 1
	return t.s[at : at+int(n.end-n.start)]
}

// appendUnescaped appends the contents of a well-formed JSON string,
// given between its quotes, with its escapes resolved. The contents are
// never longer than the text (an escape is at least as long as what it
// stands for), so it makes room for the text once and writes by index:
// on text dense with escapes that is about a fifth faster than append.
func appendUnescaped(out, raw []byte) []byte {
	n := len(out)
	out = slices.Grow(out, len(raw))
	w := out[n : n+len(raw)]
	j := 0
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c == '\\' {
			i++
			switch c = raw[i]; c {
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'u':
				r := hex4(raw[i+1:])
				i += 4
				if utf16.IsSurrogate(r) {
					r = utf16.DecodeRune(r, hex4(raw[i+3:]))
					i += 6
				}
				j += len(utf8.AppendRune(w[j:j], r))
				continue
			} // " \ / stand for themselves
		}
		w[j] = c
		j++
	}
	return out[:n+j]
}

// hex4 is the value of four hexadecimal digits, checked already.
func hex4(b []byte) rune {
	r, _ := hexRune(b)
	return r
}
