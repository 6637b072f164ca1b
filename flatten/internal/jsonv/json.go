package jsonv

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/unionflat/unionflat/internal/jsontext"
)

// MaxDepth is how deeply arrays and objects may nest in a document that
// [Parse] reads (flatten.MaxDepth). Deeper input is a [*SyntaxError],
// never a stack overflow.
const MaxDepth = 1000

// SyntaxError reports input that is not one well-formed JSON document, or
// one that [Parse] refuses to read (duplicate keys, invalid UTF-8, nesting
// deeper than [MaxDepth]).
type SyntaxError struct {
	Offset int64 // byte offset in the input at which the problem was found
	Msg    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid JSON at byte offset %d: %s", e.Offset, e.Msg)
}

// Kind is the JSON kind of a [Value].
type Kind uint8

const (
	KindNull Kind = iota
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

// Value is an immutable JSON Value that keeps object key order and the
// exact text of numbers. Values are shared between input and output: no
// code in this package mutates a Value after it was built.
type Value struct {
	Kind    Kind
	Boolean bool
	Text    string // a string's contents, or a number's literal text
	Items   []*Value
	Members []Member
	// index maps the keys of a large object to their values. get builds
	// it on first use; it is a cache, not part of the value.
	index *memberIndex
}

type memberIndex struct {
	n     int // len(members) when the index was built
	byKey map[string]*Value
}

// indexFrom is the member count from which get looks keys up in an index,
// so that many lookups in one large object (a $defs of thousands of
// schemas that $refs resolve into) take linear time, not quadratic.
const indexFrom = 32

// Member is one key and its value in an object, in document order.
type Member struct {
	Key string
	Val *Value
}

var (
	Null  = &Value{Kind: KindNull}
	True  = &Value{Kind: KindBool, Boolean: true}
	False = &Value{Kind: KindBool}
)

// Str is the JSON string s.
func Str(s string) *Value { return &Value{Kind: KindString, Text: s} }

// Strs is a JSON array of the strings ss.
func Strs(ss []string) *Value {
	strs := make([]Value, len(ss)+1) // one allocation for them all and the array
	v := &strs[len(ss)]
	*v = Value{Kind: KindArray, Items: make([]*Value, len(ss))}
	for i, s := range ss {
		strs[i] = Value{Kind: KindString, Text: s}
		v.Items[i] = &strs[i]
	}
	return v
}

// Object is the JSON object of the members ms, in order.
func Object(ms ...Member) *Value { return &Value{Kind: KindObject, Members: ms} }

// Get returns the member named key of an object, or nil.
func (v *Value) Get(key string) *Value {
	if v == nil || v.Kind != KindObject {
		return nil
	}
	if len(v.Members) >= indexFrom {
		if v.index == nil || v.index.n != len(v.Members) {
			idx := &memberIndex{n: len(v.Members), byKey: make(map[string]*Value, len(v.Members))}
			for i := len(v.Members) - 1; i >= 0; i-- { // the first of equal keys wins
				idx.byKey[v.Members[i].Key] = v.Members[i].Val
			}
			v.index = idx
		}
		return v.index.byKey[key]
	}
	for _, m := range v.Members {
		if m.Key == key {
			return m.Val
		}
	}
	return nil
}

// IsObject reports whether v is a JSON object (nil is not).
func (v *Value) IsObject() bool { return v != nil && v.Kind == KindObject }

// StringValue reports v's contents when v is a JSON string.
func (v *Value) StringValue() (string, bool) {
	if v == nil || v.Kind != KindString {
		return "", false
	}
	return v.Text, true
}

// MapMembers returns object v with every member's value replaced by fn's
// answer, sharing v itself (and every unchanged value) when nothing
// changed.
func (v *Value) MapMembers(fn func(m Member) *Value) *Value {
	var members []Member
	for i, m := range v.Members {
		nv := fn(m)
		if nv == m.Val {
			continue
		}
		if members == nil {
			members = append(make([]Member, 0, len(v.Members)), v.Members...)
		}
		members[i] = Member{m.Key, nv}
	}
	if members == nil {
		return v
	}
	return &Value{Kind: KindObject, Members: members}
}

// With returns a copy of object v in which key is set to val, in place when
// the key exists and at the end otherwise; a nil val removes the key.
func (v *Value) With(key string, val *Value) *Value {
	return &Value{Kind: KindObject, Members: appendWith(make([]Member, 0, len(v.Members)+1), v, key, val)}
}

// appendWith appends the members of v.With(key, val) to dst.
func appendWith(dst []Member, v *Value, key string, val *Value) []Member {
	found := false
	for _, m := range v.Members {
		if m.Key == key {
			found = true
			if val != nil {
				dst = append(dst, Member{key, val})
			}
			continue
		}
		dst = append(dst, m)
	}
	if !found && val != nil {
		dst = append(dst, Member{key, val})
	}
	return dst
}

// Equal reports deep equality of JSON values, numbers compared by value
// and object members regardless of order.
func Equal(a, b *Value) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case KindNull:
		return true
	case KindBool:
		return a.Boolean == b.Boolean
	case KindString:
		return a.Text == b.Text
	case KindNumber:
		return numbersEqual(a.Text, b.Text)
	case KindArray:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !Equal(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	}
	if len(a.Members) != len(b.Members) {
		return false
	}
	for _, m := range a.Members {
		if !Equal(m.Val, b.Get(m.Key)) {
			return false
		}
	}
	return true
}

func numbersEqual(a, b string) bool {
	if a == b {
		return true
	}
	x, ok1 := new(big.Rat).SetString(a)
	y, ok2 := new(big.Rat).SetString(b)
	return ok1 && ok2 && x.Cmp(y) == 0
}

// ---- reading ----

type parser struct {
	data []byte
	// text is data as one string, which the strings and numbers without
	// escapes are cut from: one copy of the input instead of one
	// allocation for each, laid out in document order.
	text  string
	pos   int
	depth int
	// alloc holds the values, members and items, and members and items
	// are stacks that containers are built on and then copied out of
	// once, into alloc: a large document then costs few allocations, and
	// its values, members and items lie in memory in about the order the
	// walks and the encoder visit them.
	alloc   Slab
	members []Member
	items   []*Value
	scratch []byte               // where string unescapes a string with escapes
	strs    *[internSlots]string // short strings, interned (see intern)
}

func (p *parser) newValue(v Value) *Value { return p.alloc.New(v) }

// Parse reads one JSON document; anything else is a [*SyntaxError]. The
// strings of the result are cut from one copy of data, which lives as
// long as any of them does.
func Parse(data []byte) (*Value, error) {
	p := &parser{data: data, text: string(data)}
	if len(data) >= internFrom {
		p.strs = new([internSlots]string)
	}
	p.space()
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos != len(p.data) {
		return nil, p.errorf("unexpected %s after the document", p.describe())
	}
	return v, nil
}

func (p *parser) errorf(format string, args ...any) *SyntaxError {
	return &SyntaxError{Offset: int64(p.pos), Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) describe() string {
	if p.pos >= len(p.data) {
		return "end of input"
	}
	return fmt.Sprintf("character %q", p.data[p.pos])
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

func (p *parser) value() (*Value, error) {
	if p.pos >= len(p.data) {
		return nil, p.errorf("unexpected end of input")
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, err := p.string()
		if err != nil {
			return nil, err
		}
		return p.newValue(Value{Kind: KindString, Text: s}), nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return p.literal("true", True)
	case c == 'f':
		return p.literal("false", False)
	case c == 'n':
		return p.literal("null", Null)
	}
	return nil, p.errorf("unexpected %s", p.describe())
}

func (p *parser) literal(word string, v *Value) (*Value, error) {
	if !strings.HasPrefix(string(p.data[p.pos:min(len(p.data), p.pos+len(word))]), word) {
		return nil, p.errorf("unexpected %s", p.describe())
	}
	p.pos += len(word)
	return v, nil
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > MaxDepth {
		return p.errorf("nesting deeper than %d levels", MaxDepth)
	}
	return nil
}

// object reads an object. On an error it leaves depth and the members
// stack as they are: the whole parse fails.
func (p *parser) object() (*Value, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	p.pos++ // {
	v := p.newValue(Value{Kind: KindObject})
	var seen map[string]bool
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		p.depth--
		return v, nil
	}
	start := len(p.members)
	for {
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return nil, p.errorf("expected a string key, found %s", p.describe())
		}
		keyAt := p.pos
		key, err := p.string()
		if err != nil {
			return nil, err
		}
		own := p.members[start:]
		if len(own) >= 8 && seen == nil {
			seen = make(map[string]bool, 16)
			for _, m := range own {
				seen[m.Key] = true
			}
		}
		dup := false
		if seen != nil {
			dup = seen[key]
			seen[key] = true
		} else {
			for _, m := range own {
				dup = dup || m.Key == key
			}
		}
		if dup {
			return nil, &SyntaxError{Offset: int64(keyAt), Msg: fmt.Sprintf("duplicate key %q", key)}
		}
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, p.errorf("expected ':' after an object key, found %s", p.describe())
		}
		p.pos++
		p.space()
		val, err := p.value()
		if err != nil {
			return nil, err
		}
		p.members = append(p.members, Member{key, val})
		p.space()
		if p.pos >= len(p.data) {
			return nil, p.errorf("unexpected end of input in an object")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			v.Members = p.alloc.Members(p.members[start:])
			p.members = p.members[:start]
			p.depth--
			return v, nil
		default:
			return nil, p.errorf("expected ',' or '}' in an object, found %s", p.describe())
		}
	}
}

// array reads an array. On an error it leaves depth and the items stack
// as they are: the whole parse fails.
func (p *parser) array() (*Value, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	p.pos++ // [
	v := p.newValue(Value{Kind: KindArray})
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		p.depth--
		return v, nil
	}
	start := len(p.items)
	for {
		p.space()
		item, err := p.value()
		if err != nil {
			return nil, err
		}
		p.items = append(p.items, item)
		p.space()
		if p.pos >= len(p.data) {
			return nil, p.errorf("unexpected end of input in an array")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			v.Items = p.alloc.Items(p.items[start:])
			p.items = p.items[:start]
			p.depth--
			return v, nil
		default:
			return nil, p.errorf("expected ',' or ']' in an array, found %s", p.describe())
		}
	}
}

func (p *parser) number() (*Value, error) {
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
		return nil, p.errorf("invalid number: expected a digit, found %s", p.describe())
	}
	if p.data[intStart] == '0' && p.pos-intStart > 1 {
		return nil, &SyntaxError{Offset: int64(intStart), Msg: "invalid number: leading zero"}
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return nil, p.errorf("invalid number: expected a digit after '.', found %s", p.describe())
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return nil, p.errorf("invalid number: expected an exponent digit, found %s", p.describe())
		}
	}
	return p.newValue(Value{Kind: KindNumber, Text: p.intern(start, p.pos)}), nil
}

func (p *parser) string() (string, error) {
	p.pos++ // opening quote
	start := p.pos
	// Fast path: no escapes.
	ascii := true
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		if c == '"' {
			raw := p.data[start:p.pos]
			if !ascii && !utf8.Valid(raw) {
				return "", p.invalidUTF8(start)
			}
			p.pos++
			return p.intern(start, p.pos-1), nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", p.errorf("control character %#02x in a string", c)
		}
		ascii = ascii && c < utf8.RuneSelf
		p.pos++
	}
	// Escapes: unescape into the parser's scratch buffer, which every
	// such string reuses, and copy the result out once.
	b := append(p.scratch[:0], p.data[start:p.pos]...)
	for {
		if p.pos >= len(p.data) {
			return "", p.errorf("unexpected end of input in a string")
		}
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			p.scratch = b
			if !utf8.Valid(b) {
				return "", p.invalidUTF8(start)
			}
			return string(b), nil
		case c < 0x20:
			return "", p.errorf("control character %#02x in a string", c)
		case c != '\\':
			b = append(b, c)
			p.pos++
			continue
		}
		p.pos++ // backslash
		if p.pos >= len(p.data) {
			return "", p.errorf("unexpected end of input in a string")
		}
		esc := p.data[p.pos]
		p.pos++
		switch esc {
		case '"', '\\', '/':
			b = append(b, esc)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, err := p.hex4()
			if err != nil {
				return "", err
			}
			if utf16.IsSurrogate(r) {
				if r >= 0xDC00 || !strings.HasPrefix(string(p.data[p.pos:min(len(p.data), p.pos+2)]), `\u`) {
					return "", p.errorf(`unpaired UTF-16 surrogate \u%04x`, r)
				}
				p.pos += 2
				lo, err := p.hex4()
				if err != nil {
					return "", err
				}
				r = utf16.DecodeRune(r, lo)
				if r == utf8.RuneError {
					return "", p.errorf("unpaired UTF-16 surrogate")
				}
			}
			b = utf8.AppendRune(b, r)
		default:
			return "", &SyntaxError{Offset: int64(p.pos - 2), Msg: fmt.Sprintf("invalid escape \\%c", esc)}
		}
	}
}

// internLen is the longest string (or number text) the parser interns:
// schemas repeat their keywords, property names, type names and bounds
// thousands of times, and one string for each keeps the lookups and
// comparisons of keys in the processor's cache.
const internLen = 32

// internSlots is the size of the intern table: a cache, one string a
// slot, the last one whose hash chose it. internFrom is the input size
// from which the parser keeps one (a small document would spend more on
// the table than it saves).
const (
	internSlots = 512
	internFrom  = 16 << 10
)

// intern is the input's text from start to end, the same string for the
// same short text as long as the table remembers it (a string the
// processor's cache keeps, where the input's own copies are scattered).
// Neither costs an allocation: both are cut from p.text.
func (p *parser) intern(start, end int) string {
	s := p.text[start:end]
	if len(s) > internLen || p.strs == nil {
		return s
	}
	h := uint32(2166136261) // FNV-1a
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	slot := &p.strs[h%internSlots]
	if *slot != s {
		*slot = s
	}
	return *slot
}

func (p *parser) invalidUTF8(start int) *SyntaxError {
	off := start
	for i := start; i < len(p.data); {
		r, size := utf8.DecodeRune(p.data[i:])
		if r == utf8.RuneError && size <= 1 {
			off = i
			break
		}
		i += size
	}
	return &SyntaxError{Offset: int64(off), Msg: "invalid UTF-8 in a string"}
}

func (p *parser) hex4() (rune, error) {
	if p.pos+4 > len(p.data) {
		return 0, p.errorf(`truncated \u escape`)
	}
	n, err := strconv.ParseUint(string(p.data[p.pos:p.pos+4]), 16, 32)
	if err != nil {
		return 0, p.errorf(`invalid \u escape %q`, p.data[p.pos:p.pos+4])
	}
	p.pos += 4
	return rune(n), nil
}

// ---- writing ----

// Encode appends the JSON text of v to buf. With an empty indent the output
// is compact; otherwise every member and item stands on its own line.
func Encode(buf []byte, v *Value, indent string) []byte {
	return encodeAt(buf, v, indent, 0)
}

func encodeAt(buf []byte, v *Value, indent string, depth int) []byte {
	switch v.Kind {
	case KindNull:
		return append(buf, "null"...)
	case KindBool:
		return strconv.AppendBool(buf, v.Boolean)
	case KindNumber:
		return append(buf, v.Text...)
	case KindString:
		return jsontext.AppendString(buf, v.Text)
	case KindArray:
		if len(v.Items) == 0 {
			return append(buf, "[]"...)
		}
		buf = append(buf, '[')
		for i, it := range v.Items {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = newline(buf, indent, depth+1)
			buf = encodeAt(buf, it, indent, depth+1)
		}
		return append(newline(buf, indent, depth), ']')
	}
	if len(v.Members) == 0 {
		return append(buf, "{}"...)
	}
	buf = append(buf, '{')
	for i, m := range v.Members {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = newline(buf, indent, depth+1)
		buf = jsontext.AppendString(buf, m.Key)
		buf = append(buf, ':')
		if indent != "" {
			buf = append(buf, ' ')
		}
		buf = encodeAt(buf, m.Val, indent, depth+1)
	}
	return append(newline(buf, indent, depth), '}')
}

// newline starts a line indented depth times, when there is an indent.
func newline(buf []byte, indent string, depth int) []byte {
	if indent == "" {
		return buf
	}
	buf = append(buf, '\n')
	for range depth {
		buf = append(buf, indent...)
	}
	return buf
}

// KV is the member key: val of an object.
func KV(key string, val *Value) Member { return Member{key, val} }
