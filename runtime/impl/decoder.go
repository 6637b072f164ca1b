package impl

import (
	"bytes"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// A Decoder holds one decode: the parsed document, the path being decoded
// and the problems found. It comes from a pool, for one call.
type Decoder struct {
	srcs        [][]byte // the input, then every string parsed by coercion
	strBuf      []byte   // the string values without escapes, each source's together (see stringOf)
	texts       []textSpan
	nodes       []node
	nodeLimit   int // the most nodes the text can need, or 0 (see reserveNodes)
	path        []step
	names       []string // the names on the path that code gave (EnterName, Keys)
	errs        []*unionflat.Error
	more        int
	leastUseful int // 1 + the worst rank listed, once room has found it; else 0
	scratch     []byte
	keys        []byte // the unescaped keys of the members being walked, outermost first
	numText     []byte // the text of a float built in code, for its checks
	lenient     Leniency
	// big says the integer being read is one whose range reaches past
	// 2^53 (see BigInt).
	big     bool
	nullFix Value // the null of an optional property read with repairs off (see OptionalNull)

	keyTable   []uint64 // the keys of large objects, by hash (see duplicate)
	keyScratch []byte

	repairs     []unionflat.Repair
	moreRepairs int
	wraps       []wrapped
	markList    []repairMark    // how the canonical arguments write each repaired value, in node order
	lateMarks   []repairMark    // the marks of values repaired out of that order (see markAt)
	late        map[int32]int32 // a late mark's index in lateMarks, by its node
	markExtras  []markExtra     // what the marks need besides (see repairMark)
}

// Value is one JSON value of a Decoder's document.
type Value struct {
	off  int32 // the value's node
	wrap bool  // the Value stands for the array of the value (see [Decoder.ArrayOrItem])
}

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
	head  uint32 // the kind (3 bits), escapedBit, and the index into srcs
	start int32  // where its text starts; a string's contents, after the quote
	end   int32  // where a scalar's text ends; of a container, the node after it
	// count is the number of members or items; of a string value without
	// escapes, 1 + its offset among its source's in strBuf.
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

// step is one token of the current path, without a pointer: a Path is
// built from the steps only when a problem is listed.
type step struct {
	key   int32 // the key's node; or -1 - the name's index in names
	index int   // the array index, or -1 for a key
}

// pool holds Decoders between decodes.
var pool = sync.Pool{New: func() any {
	return &Decoder{path: make([]step, 0, 16), texts: make([]textSpan, 0, 4)}
}}

// newDecoder returns a Decoder for data, from a pool.
func newDecoder(data []byte) *Decoder {
	d := pool.Get().(*Decoder)
	d.srcs = append(d.srcs[:0], data)
	return d
}

// The largest buffers a Decoder keeps in the pool, so that one large
// decode does not hold its memory for good: 4 MB of nodes (documents of
// about 1 MB), 4 MB of key slots and 1 MB of strings.
const (
	maxPooledNodes       = 1 << 18
	maxPooledKeySlots    = 1 << 19
	maxPooledStringBytes = 1 << 20
)

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
	*d = Decoder{
		srcs: d.srcs[:0], strBuf: strBuf, texts: d.texts[:0], nodes: nodes, path: d.path[:0], names: d.names[:0],
		scratch: d.scratch[:0], keys: d.keys[:0], numText: d.numText[:0], keyTable: keyTable, keyScratch: d.keyScratch[:0],
	}
}

// root parses the whole input, unless it is larger than MaxInputBytes.
func (d *Decoder) root() (Value, bool) {
	if n, most := len(d.srcs[0]), unionflat.MaxInputBytes; n > most {
		d.report(unionflat.Error{Kind: unionflat.KindSize, Want: strconv.Itoa(most), Got: strconv.Itoa(n)})
		return Value{}, false
	}
	return d.parseText(0)
}

// problems returns every problem recorded, as an *Errors, or nil.
func (d *Decoder) problems() error {
	if len(d.errs) == 0 {
		return nil
	}
	if len(d.wraps) > 0 {
		return &unionflat.Errors{List: d.unwrapProblems(), More: d.more}
	}
	return &unionflat.Errors{List: append([]*unionflat.Error(nil), d.errs...), More: d.more}
}

// ---- errors and the path ----

// EnterName pushes a property name onto the path, for a check of a field
// of a value built in code; [Decoder.Leave] pops it.
func (d *Decoder) EnterName(name string) {
	d.names = append(d.names, name)
	d.path = append(d.path, step{key: -int32(len(d.names)), index: -1})
}

// Leave pops the name the last EnterName pushed.
func (d *Decoder) Leave() {
	d.path = d.path[:len(d.path)-1]
	d.names = d.names[:len(d.names)-1]
}

// Indexes yields 0 to n-1, each on the path while the loop's body runs.
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

// Keys yields the keys of a map in sorted order, each on the path while
// the loop's body runs.
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

// currentPath copies the current path into a Path of its own.
func (d *Decoder) currentPath() unionflat.Path {
	if len(d.path) == 0 {
		return nil
	}
	p := make(unionflat.Path, len(d.path))
	for i, s := range d.path {
		p[i] = d.token(s)
	}
	return p
}

// token is a step of the path as a Token of its own.
func (d *Decoder) token(s step) unionflat.Token {
	switch {
	case s.index >= 0:
		return unionflat.Token{Index: s.index}
	case s.key < 0:
		return unionflat.Token{Name: d.names[-s.key-1], Index: -1}
	}
	n := &d.nodes[s.key]
	if !n.escaped() {
		return unionflat.Token{Name: string(d.text(n)), Index: -1}
	}
	d.keyScratch = appendUnescaped(d.keyScratch[:0], d.text(n))
	return unionflat.Token{Name: string(d.keyScratch), Index: -1}
}

// report records a problem at the current path.
func (d *Decoder) report(e unionflat.Error) {
	if d.room(&e) {
		d.list(e)
	}
}

// listing reports whether a problem of kind k is listed (see
// [Decoder.room]); when not, a check builds nothing for it.
func (d *Decoder) listing(k unionflat.Kind) bool { return d.room(&unionflat.Error{Kind: k}) }

// room reports whether problem e, whose rank is set, is listed. Past
// MaxErrors, it takes the place of the last of the least useful problems
// listed, when those are less useful, and that one is counted instead;
// otherwise e is counted.
func (d *Decoder) room(e *unionflat.Error) bool {
	if len(d.errs) < unionflat.MaxErrors {
		return true
	}
	rank := e.Rank()
	d.more++
	if d.leastUseful == 0 {
		for _, p := range d.errs {
			d.leastUseful = max(d.leastUseful, p.Rank()+1)
		}
	}
	if rank+1 >= d.leastUseful { // nothing listed is less useful
		return false
	}
	worst, worstRank := -1, -1
	for i, p := range d.errs {
		if r := p.Rank(); r > rank && r >= worstRank {
			worst, worstRank = i, r
		}
	}
	d.errs = slices.Delete(d.errs, worst, worst+1)
	d.leastUseful = 0
	return true
}

// last is the problem listed last, or nil.
func (d *Decoder) last() *unionflat.Error {
	if len(d.errs) == 0 {
		return nil
	}
	return d.errs[len(d.errs)-1]
}

// list adds a problem at the current path to the list.
func (d *Decoder) list(e unionflat.Error) {
	p := new(unionflat.Error)
	*p = e
	p.Path = d.currentPath()
	d.errs = append(d.errs, p)
}

// reportAt records a problem at a property of the current object.
func (d *Decoder) reportAt(name string, e unionflat.Error) {
	if d.room(&e) {
		d.listAt(name, e)
	}
}

// listAt lists a problem at a property of the current object.
func (d *Decoder) listAt(name string, e unionflat.Error) {
	d.EnterName(name)
	d.list(e)
	d.Leave()
}

// ---- reading values ----

// node is v's node.
func (d *Decoder) node(v Value) *node { return &d.nodes[v.off] }

// kindOf is v's kind.
func (d *Decoder) kindOf(v Value) nodeKind {
	if v.wrap {
		return nodeArray
	}
	return d.nodes[v.off].kind()
}

// text is a scalar's text; a string's contents between its quotes.
func (d *Decoder) text(n *node) []byte { return d.srcs[n.src()][n.start:n.end] }

// kindName says what JSON type a value is, for messages.
func (d *Decoder) kindName(v Value) string { return kindNames[d.kindOf(v)] }

// IsNull reports whether v is null.
func (d *Decoder) IsNull(v Value) bool { return d.kindOf(v) == nodeNull }

// mismatch records that v is not of the wanted JSON type.
func (d *Decoder) mismatch(v Value, want string) {
	e := unionflat.Error{Kind: unionflat.KindType, Want: want, Got: d.kindName(v)}
	if d.nullFix != (Value{}) && v == d.nullFix {
		e.Fix = "leave the property out: it is optional, and null is no value for it"
	}
	d.nullFix = Value{}
	d.report(e)
}

// Object returns v as an object, parsing a string that holds one.
func (d *Decoder) Object(v Value) (Value, bool) {
	return d.container(v, nodeObject, "an object", false)
}

// Array returns v as an array, parsing a string that holds one.
func (d *Decoder) Array(v Value) (Value, bool) {
	return d.container(v, nodeArray, "an array", false)
}

// container returns v as a container of the kind wanted, parsing a
// string that holds one: as a repair, or as the tool's profile asked.
func (d *Decoder) container(v Value, kind nodeKind, want string, asked bool) (Value, bool) {
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
	if !d.repairing() && !asked {
		d.report(unionflat.Error{Kind: unionflat.KindType, Want: want, Got: "a string", Fix: "send the " + strings.TrimPrefix(want, "an ") + " itself, not a string that holds its JSON"})
		return v, false
	}
	d.srcs = append(d.srcs, bytes.Clone(text))
	was := d.last()
	inner, ok := d.parseText(int32(len(d.srcs) - 1)) // its depth counts on from the current path
	if !ok {
		// Say what was wanted, with the parse problem as the cause.
		if last := d.last(); last != was && last.Kind == unionflat.KindSyntax {
			last.Kind, last.Want, last.Got = unionflat.KindType, want, "a string"
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
	m, r := d.repair(v, unionflat.RepairStringAsJSON, nil)
	m.flags |= markParsed
	d.extra(m).inner = inner
	if r != nil {
		r.Got, r.Read, r.Asked = "a string", want, asked
	}
	return inner, true
}

// Members yields the key and value of every member of an object, with the
// key on the path while the loop's body runs. A key is valid until the
// next iteration.
func (d *Decoder) Members(obj Value) iter.Seq2[[]byte, Value] {
	return func(yield func([]byte, Value) bool) {
		depth, mark := len(d.path), len(d.keys)
		i := obj.off + 1
		for range d.nodes[obj.off].count {
			d.path = append(d.path, step{key: i, index: -1})
			more := yield(d.memberKey(&d.nodes[i], mark), Value{off: i + 1})
			d.path = d.path[:depth]
			if !more {
				break
			}
			i = d.after(i + 1)
		}
		d.keys = d.keys[:mark]
	}
}

// memberKey is a key's unescaped bytes: a view of the input, or of the
// keys buffer from mark on, where it stays while the member is walked.
func (d *Decoder) memberKey(n *node, mark int) []byte {
	if !n.escaped() {
		return d.text(n)
	}
	d.keys = appendUnescaped(d.keys[:mark], d.text(n))
	return d.keys[mark:len(d.keys):len(d.keys)]
}

// Len is the number of members of an object or items of an array.
func (d *Decoder) Len(v Value) int {
	if v.wrap {
		return 1
	}
	return int(d.nodes[v.off].count)
}

// Items yields the items of an array with their indexes, with the index
// on the path while the loop's body runs.
func (d *Decoder) Items(arr Value) iter.Seq2[int, Value] {
	return func(yield func(int, Value) bool) {
		depth := len(d.path)
		i, n := d.first(arr)
		for k := range n {
			d.path = append(d.path, step{index: k})
			more := yield(k, Value{off: i})
			d.path = d.path[:depth]
			if !more {
				return
			}
			i = d.after(i)
		}
	}
}

// first is the node of an array's first item and the number of items.
func (d *Decoder) first(arr Value) (i int32, n int) {
	if arr.wrap {
		return arr.off, 1
	}
	return arr.off + 1, int(d.nodes[arr.off].count)
}

// span is v's JSON text, a string's with its quotes.
func (d *Decoder) span(v Value) []byte {
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

// containerEnd is where the well-formed array or object that opens at
// b[start] ends, just past its closing bracket.
func containerEnd(b []byte, start int) int {
	depth := 0
	for i := start; i < len(b); i++ {
		switch b[i] {
		case '[', '{':
			depth++
		case ']', '}':
			if depth--; depth == 0 {
				return i + 1
			}
		case '"':
			for i++; b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		}
	}
	return len(b)
}

// find returns the value of the member named key of an object.
func (d *Decoder) find(obj Value, key string) (Value, bool) {
	for k, v := range d.Members(obj) {
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
// it is a slice of one copy of all its source's string values, which the
// parser gathered in strBuf, made when the first is read.
func (d *Decoder) stringOf(n *node) string {
	if n.escaped() {
		return string(d.unescape(n))
	}
	t := &d.texts[n.src()]
	if t.s == "" {
		t.s = string(d.strBuf[t.lo:t.hi])
	}
	at := int(n.count) - 1
	return t.s[at : at+int(n.end-n.start)]
}

// appendUnescaped appends the contents of a well-formed JSON string, its
// escapes resolved. They are never longer than the text, so it makes room
// once and writes by index.
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
