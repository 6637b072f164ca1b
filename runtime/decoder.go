package runtime

import (
	"bytes"
	"errors"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
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
	srcs    [][]byte // the input, then every string parsed by coercion
	nodes   []node
	path    []step
	errs    []*Error
	more    int
	scratch []byte
	numText []byte // the text of a float built in code, for its checks
	lenient Leniency
}

// Value is one JSON value of a Decoder's document.
type Value struct{ n int32 }

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

// node is one parsed value. Containers are followed by their children
// (objects: key, value, key, value, ...); next skips the whole subtree.
type node struct {
	kind       nodeKind
	escaped    bool  // a string with backslash escapes
	src        int32 // index into srcs
	start, end int32 // strings: the contents between the quotes; others: the text
	next       int32
	count      int32 // members of an object, items of an array
}

// step is one token of the current path.
type step struct {
	key   []byte
	index int
}

var pool = sync.Pool{New: func() any { return new(Decoder) }}

// newDecoder returns a Decoder for data, from a pool.
func newDecoder(data []byte) *Decoder {
	d := pool.Get().(*Decoder)
	d.srcs = append(d.srcs[:0], data)
	return d
}

// release gives the Decoder back to the pool; it must not be used after.
func (d *Decoder) release() {
	for i := range d.srcs {
		d.srcs[i] = nil
	}
	for i := range d.path {
		d.path[i] = step{}
	}
	*d = Decoder{srcs: d.srcs[:0], nodes: d.nodes[:0], path: d.path[:0], scratch: d.scratch[:0], numText: d.numText[:0]}
	pool.Put(d)
}

// root parses the whole input and returns its value. When the input is
// not well-formed it records the problem and reports false.
func (d *Decoder) root() (Value, bool) {
	return d.parse(0)
}

// problems returns every problem recorded, as an *Errors, or nil.
func (d *Decoder) problems() error {
	if len(d.errs) == 0 {
		return nil
	}
	return &Errors{List: append([]*Error(nil), d.errs...), More: d.more}
}

// ---- errors and the path ----

// EnterName pushes a property name onto the path, for a check of a field
// of a value built in code; [Decoder.Leave] pops it. Nothing else needs
// an Enter: [Decoder.Members], [Decoder.Items], [Decoder.Indexes] and
// [Keys] push the path themselves.
func (d *Decoder) EnterName(name string) {
	d.path = append(d.path, step{key: []byte(name), index: -1})
}

// Leave pops the name the last EnterName pushed.
func (d *Decoder) Leave() { d.path = d.path[:len(d.path)-1] }

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
func Keys[M ~map[string]V, V any](d *Decoder, m M) iter.Seq[string] {
	return func(yield func(string) bool) {
		depth := len(d.path)
		for _, k := range slices.Sorted(maps.Keys(m)) {
			d.path = append(d.path, step{key: []byte(k), index: -1})
			more := yield(k)
			d.path = d.path[:depth]
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
		if s.index >= 0 {
			p[i] = Token{Index: s.index}
		} else {
			p[i] = Token{Name: string(s.key), Index: -1}
		}
	}
	return p
}

// report records a problem at the current path.
func (d *Decoder) report(e Error) {
	if len(d.errs) >= MaxErrors {
		d.more++
		return
	}
	e.Path = d.currentPath()
	d.errs = append(d.errs, &e)
}

// reportAt records a problem at a property of the current object.
func (d *Decoder) reportAt(name string, e Error) {
	d.EnterName(name)
	d.report(e)
	d.Leave()
}

// recorded counts the problems recorded so far, listed or not.
func (d *Decoder) recorded() int { return len(d.errs) + d.more }

// ---- reading values ----

func (d *Decoder) node(v Value) *node { return &d.nodes[v.n] }

func (d *Decoder) text(n *node) []byte { return d.srcs[n.src][n.start:n.end] }

// kindName says what JSON type a value is, for messages.
func (d *Decoder) kindName(v Value) string { return kindNames[d.node(v).kind] }

// IsNull reports whether v is null.
func (d *Decoder) IsNull(v Value) bool { return d.node(v).kind == nodeNull }

// mismatch records that v is not of the wanted JSON type.
func (d *Decoder) mismatch(v Value, want string) {
	d.report(Error{Kind: KindType, Want: want, Got: d.kindName(v)})
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
	n := d.node(v)
	if n.kind == kind {
		return v, true
	}
	if n.kind != nodeString {
		d.mismatch(v, want)
		return v, false
	}
	text := d.unescape(n)
	trimmed := bytes.TrimLeft(text, " \t\r\n")
	open := byte('{')
	if kind == nodeArray {
		open = '['
	}
	if len(trimmed) == 0 || trimmed[0] != open {
		d.mismatch(v, want)
		return v, false
	}
	d.srcs = append(d.srcs, bytes.Clone(text))
	before := d.recorded()
	inner, ok := d.parse(int32(len(d.srcs) - 1)) // its depth counts on from the current path
	if !ok {
		// Say what was wanted, with the parse problem as the cause.
		if len(d.errs) > 0 && d.errs[len(d.errs)-1].Kind == KindSyntax && d.recorded() != before {
			last := d.errs[len(d.errs)-1]
			last.Kind, last.Want, last.Got = KindType, want, "a string"
			last.Err = fmt.Errorf("byte %d: %w", last.Offset, last.Err)
			last.Path = d.currentPath()
		}
		return v, false
	}
	if d.node(inner).kind != kind {
		d.mismatch(inner, want)
		return v, false
	}
	return inner, true
}

// Members yields the key and value of every member of an object, in
// document order, with the key on the path while the loop's body runs: a
// problem recorded there is located at the member. A key is valid until
// the next iteration.
func (d *Decoder) Members(obj Value) iter.Seq2[[]byte, Value] {
	return func(yield func([]byte, Value) bool) {
		depth := len(d.path)
		i := obj.n + 1
		for range d.node(obj).count {
			k := d.keyText(&d.nodes[i])
			d.path = append(d.path, step{key: k, index: -1})
			more := yield(k, Value{i + 1})
			d.path = d.path[:depth]
			if !more {
				return
			}
			i = d.nodes[i+1].next
		}
	}
}

// members yields the key and value of every member of an object, leaving
// the path alone.
func (d *Decoder) members(obj Value) iter.Seq2[[]byte, Value] {
	return func(yield func([]byte, Value) bool) {
		i := obj.n + 1
		for range d.node(obj).count {
			if !yield(d.keyText(&d.nodes[i]), Value{i + 1}) {
				return
			}
			i = d.nodes[i+1].next
		}
	}
}

// keyText is a key's unescaped bytes: a view of the input when the key has
// no escapes, a fresh copy otherwise (so that it may stand on the path).
func (d *Decoder) keyText(n *node) []byte {
	if !n.escaped {
		return d.text(n)
	}
	return bytes.Clone(d.unescape(n))
}

// Len is the number of members of an object or items of an array.
func (d *Decoder) Len(v Value) int { return int(d.node(v).count) }

// Items yields the items of an array with their indexes, with the index
// on the path while the loop's body runs.
func (d *Decoder) Items(arr Value) iter.Seq2[int, Value] {
	return func(yield func(int, Value) bool) {
		depth := len(d.path)
		i := arr.n + 1
		for k := range int(d.node(arr).count) {
			d.path = append(d.path, step{index: k})
			more := yield(k, Value{i})
			d.path = d.path[:depth]
			if !more {
				return
			}
			i = d.nodes[i].next
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
	raw := d.text(n)
	if !n.escaped {
		return raw
	}
	out := d.scratch[:0]
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		i++
		switch raw[i] {
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r := hex4(raw[i+1:])
			i += 4
			if utf16.IsSurrogate(r) {
				r = utf16.DecodeRune(r, hex4(raw[i+3:]))
				i += 6
			}
			out = utf8.AppendRune(out, r)
		default: // " \ /
			out = append(out, raw[i])
		}
	}
	d.scratch = out
	return out
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		default:
			r |= rune(c - 'A' + 10)
		}
	}
	return r
}

// ---- parsing ----

type parser struct {
	d     *Decoder
	src   int32
	data  []byte
	pos   int
	depth int
}

// errStop ends a parse after a problem was recorded.
var errStop = errors.New("stop")

// parse reads srcs[src] as one JSON document into nodes.
func (d *Decoder) parse(src int32) (Value, bool) {
	p := &parser{d: d, src: src, data: d.srcs[src], depth: len(d.path)}
	root := Value{int32(len(d.nodes))}
	p.space()
	if err := p.value(); err != nil {
		return root, false
	}
	p.space()
	if p.pos != len(p.data) {
		p.syntax("unexpected %s after the JSON value", p.describe())
		return root, false
	}
	return root, true
}

func (p *parser) syntax(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	p.d.report(Error{Kind: KindSyntax, Offset: int64(p.pos), Err: err})
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

func (p *parser) push(kind nodeKind, start int) int32 {
	p.d.nodes = append(p.d.nodes, node{kind: kind, src: p.src, start: int32(start)})
	return int32(len(p.d.nodes) - 1)
}

func (p *parser) finish(i int32) {
	n := &p.d.nodes[i]
	n.next = int32(len(p.d.nodes))
	if n.kind != nodeString {
		n.end = int32(p.pos)
	}
}

func (p *parser) value() error {
	if p.pos >= len(p.data) {
		return p.syntax("unexpected end of input")
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		return p.string()
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

func (p *parser) enter() error {
	p.depth++
	if p.depth > MaxDepth {
		p.d.report(Error{Kind: KindDepth, Want: strconv.Itoa(MaxDepth), Offset: int64(p.pos)})
		return errStop
	}
	return nil
}

func (p *parser) object() error {
	if err := p.enter(); err != nil {
		return err
	}
	defer func() { p.depth-- }()
	i := p.push(nodeObject, p.pos)
	p.pos++
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		p.finish(i)
		return nil
	}
	var seen map[string]bool // for large objects only
	for {
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return p.syntax("expected a string key, found %s", p.describe())
		}
		k := int32(len(p.d.nodes))
		if err := p.string(); err != nil {
			return err
		}
		if p.duplicate(i, k, &seen) {
			key := p.d.keyText(&p.d.nodes[k])
			p.d.report(Error{Kind: KindDuplicate, Got: strconv.Quote(string(key)), Offset: int64(p.d.nodes[k].start - 1)})
			return errStop
		}
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return p.syntax("expected ':' after an object key, found %s", p.describe())
		}
		p.pos++
		p.space()
		p.d.path = append(p.d.path, step{key: p.d.keyText(&p.d.nodes[k]), index: -1})
		err := p.value()
		p.d.path = p.d.path[:len(p.d.path)-1]
		if err != nil {
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
			return nil
		default:
			return p.syntax("expected ',' or '}' in an object, found %s", p.describe())
		}
	}
}

// duplicateScan is how many members an object may have before duplicate
// keys are found with a map instead of by comparing with each.
const duplicateScan = 32

// duplicate reports whether key node k repeats a key of object node obj.
func (p *parser) duplicate(obj, k int32, seen *map[string]bool) bool {
	d := p.d
	kn := &d.nodes[k]
	count := d.nodes[obj].count
	if count >= duplicateScan {
		if *seen == nil {
			*seen = make(map[string]bool, 2*count)
			for key := range d.keysOf(obj) {
				(*seen)[string(d.keyText(&d.nodes[key]))] = true
			}
		}
		key := string(d.keyText(kn))
		if (*seen)[key] {
			return true
		}
		(*seen)[key] = true
		return false
	}
	for o := range d.keysOf(obj) {
		on := &d.nodes[o]
		if !kn.escaped && !on.escaped {
			if bytes.Equal(d.text(kn), d.text(on)) {
				return true
			}
		} else if bytes.Equal(d.keyText(kn), d.keyText(on)) {
			return true
		}
	}
	return false
}

// keysOf yields the key nodes of an object's members parsed so far.
func (d *Decoder) keysOf(obj int32) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		k := obj + 1
		for range d.nodes[obj].count {
			if !yield(k) {
				return
			}
			k = d.nodes[k+1].next
		}
	}
}

func (p *parser) array() error {
	if err := p.enter(); err != nil {
		return err
	}
	defer func() { p.depth-- }()
	i := p.push(nodeArray, p.pos)
	p.pos++
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		p.finish(i)
		return nil
	}
	for {
		p.space()
		p.d.path = append(p.d.path, step{index: int(p.d.nodes[i].count)})
		err := p.value()
		p.d.path = p.d.path[:len(p.d.path)-1]
		if err != nil {
			return err
		}
		p.d.nodes[i].count++
		p.space()
		if p.pos >= len(p.data) {
			return p.syntax("unexpected end of input in an array")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			p.finish(i)
			return nil
		default:
			return p.syntax("expected ',' or ']' in an array, found %s", p.describe())
		}
	}
}

func (p *parser) number() error {
	start := p.pos
	digits := func() int {
		n := 0
		for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.data[p.pos] == '-' {
		p.pos++
	}
	intStart := p.pos
	if digits() == 0 {
		return p.syntax("invalid number: expected a digit, found %s", p.describe())
	}
	if p.data[intStart] == '0' && p.pos-intStart > 1 {
		p.pos = intStart
		return p.syntax("invalid number: leading zero")
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return p.syntax("invalid number: expected a digit after '.', found %s", p.describe())
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return p.syntax("invalid number: expected an exponent digit, found %s", p.describe())
		}
	}
	i := p.push(nodeNumber, start)
	p.finish(i)
	return nil
}

func (p *parser) string() error {
	p.pos++ // opening quote
	i := p.push(nodeString, p.pos)
	ascii := true
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			n := &p.d.nodes[i]
			n.end = int32(p.pos)
			if !ascii && !utf8.Valid(p.d.text(n)) {
				return p.syntax("invalid UTF-8 in a string")
			}
			p.pos++
			p.finish(i)
			return nil
		case c == '\\':
			p.d.nodes[i].escaped = true
			if err := p.escape(); err != nil {
				return err
			}
			continue
		case c < 0x20:
			return p.syntax("control character %#02x in a string", c)
		case c >= utf8.RuneSelf:
			ascii = false
		}
		p.pos++
	}
	return p.syntax("unexpected end of input in a string")
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
	for _, c := range p.data[at : at+4] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return 0, false
		}
	}
	return hex4(p.data[at:]), true
}
