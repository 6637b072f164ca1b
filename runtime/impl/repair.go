package impl

import (
	"bytes"
	"cmp"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	unionflat "github.com/unionflat/unionflat/runtime"
	"github.com/unionflat/unionflat/runtime/internal/words"
)

// repairMark is how the canonical arguments write one repaired value:
// 12 bytes, in markList or lateMarks (see markAt). What few repairs need
// besides is in markExtras.
type repairMark struct {
	off   int32  // the value's node
	extra int32  // 1 + the index of the mark's markExtra, or 0 for none
	kinds uint16 // the kinds of repair recorded at the value, each once
	flags markFlags
}

// markFlags say how a repaired value is written.
type markFlags uint8

const (
	markParsed  markFlags = 1 << iota // the value is written as its markExtra's inner value
	markWrap                          // the value is written as the one item of an array
	markDrop                          // the member this value is the value of is left out
	markUnquote                       // the value, a string, is written as its contents: a quoted number's digits
)

func (m *repairMark) has(f markFlags) bool { return m != nil && m.flags&f != 0 }

// A markExtra is what a repairMark needs besides its flags.
type markExtra struct {
	text  string // the value's JSON text as written: an enum value in the right case
	inner Value  // the value read in place of this string: the JSON it holds
	nulls []string
}

// extra is the markExtra of m, made on first need; it is valid until the
// next call.
func (d *Decoder) extra(m *repairMark) *markExtra {
	if m.extra == 0 {
		d.markExtras = append(d.markExtras, markExtra{})
		m.extra = int32(len(d.markExtras))
	}
	return &d.markExtras[m.extra-1]
}

// extraOf is the markExtra of m, or nil when it has none.
func (d *Decoder) extraOf(m *repairMark) *markExtra {
	if m == nil || m.extra == 0 {
		return nil
	}
	return &d.markExtras[m.extra-1]
}

// repairing reports whether the tool being decoded reads with repairs.
func (d *Decoder) repairing() bool { return d.lenient&RepairMistakes != 0 }

// repair records a repair of kind k of v at path, or at the current
// path. It returns v's mark, valid until the next repair, and the repair
// for the caller to fill in: nil when the list is full, or when v had one
// of that kind already (a discriminator read twice).
func (d *Decoder) repair(v Value, k unionflat.RepairKind, path unionflat.Path) (*repairMark, *unionflat.Repair) {
	m := d.markAt(v.off)
	if m.kinds&(1<<k) != 0 && k != unionflat.RepairAbsentAsNull && k != unionflat.RepairTrailingComma {
		return m, nil
	}
	m.kinds |= 1 << k
	if len(d.repairs) >= unionflat.MaxRepairs {
		d.moreRepairs++
		return m, nil
	}
	if path == nil {
		path = d.currentPath()
	}
	d.repairs = append(d.repairs, unionflat.Repair{Kind: k, Path: path})
	return m, &d.repairs[len(d.repairs)-1]
}

// markOf is v's repair mark, valid until the next repair, or nil.
func (d *Decoder) markOf(v Value) *repairMark { return d.findMark(v.off) }

// findMark is the mark of node off, or nil.
func (d *Decoder) findMark(off int32) *repairMark {
	if n := len(d.markList); n > 0 && off <= d.markList[n-1].off {
		if at, ok := slices.BinarySearchFunc(d.markList, off, func(m repairMark, off int32) int { return cmp.Compare(m.off, off) }); ok {
			return &d.markList[at]
		}
	}
	if at, ok := d.late[off]; ok {
		return &d.lateMarks[at]
	}
	return nil
}

// markAt is the mark of node off, made when it has none. Values are
// mostly repaired in node order, and their marks appended to markList.
// A value repaired out of that order (inside a string read as JSON, say)
// gets a mark in lateMarks, found by the late map: inserting it into
// markList would shift the list each time.
func (d *Decoder) markAt(off int32) *repairMark {
	if m := d.findMark(off); m != nil {
		return m
	}
	if n := len(d.markList); n == 0 || d.markList[n-1].off < off {
		d.markList = appendDoubling(d.markList, repairMark{off: off})
		return &d.markList[n]
	}
	if d.late == nil {
		d.late = map[int32]int32{}
	}
	d.late[off] = int32(len(d.lateMarks))
	d.lateMarks = append(d.lateMarks, repairMark{off: off})
	return &d.lateMarks[len(d.lateMarks)-1]
}

// ---- syntax ----

// parseText parses srcs[src]. When only a byte order mark, a fence or
// trailing commas keep it from being read, it reads the text without them
// with repairs on; with repairs off, the problem says what to remove.
func (d *Decoder) parseText(src int32) (Value, bool) {
	before := d.save()
	root, ok := d.parse(src)
	if ok {
		return root, true
	}
	if l := d.last(); l == before.last || l.Kind != unionflat.KindSyntax {
		return root, false
	}
	sent := d.srcs[src]
	cleaned, fixes := cleanSyntax(sent)
	if fixes == nil {
		return root, false
	}
	d.restore(before)
	d.srcs[src] = cleaned
	if root, ok = d.parse(src); ok && d.repairing() {
		d.repairSyntax(root, fixes)
		return root, true
	}
	d.restore(before)
	d.srcs[src] = sent
	root, _ = d.parse(src)
	if l := d.last(); ok && l != before.last && l.Kind == unionflat.KindSyntax {
		l.Fix = syntaxHint(fixes)
	}
	return root, false
}

// saved is the state of a Decoder before a parse, to undo it.
type saved struct {
	errs, more, nodes, strBuf, keyTable int
	full                                []*unionflat.Error // the list, when it was full
	last                                *unionflat.Error
}

func (d *Decoder) save() saved {
	s := saved{errs: len(d.errs), more: d.more, nodes: len(d.nodes), strBuf: len(d.strBuf), keyTable: len(d.keyTable), last: d.last()}
	if len(d.errs) >= unionflat.MaxErrors {
		s.full = append([]*unionflat.Error(nil), d.errs...)
	}
	return s
}

func (d *Decoder) restore(s saved) {
	if s.full != nil {
		d.errs = append(d.errs[:0], s.full...)
	} else {
		d.errs = d.errs[:s.errs]
	}
	d.leastUseful = 0
	d.more, d.nodes, d.strBuf, d.keyTable = s.more, d.nodes[:s.nodes], d.strBuf[:s.strBuf], d.keyTable[:s.keyTable]
}

// syntaxFix is one syntax repair cleanSyntax made.
type syntaxFix struct {
	kind unionflat.RepairKind
	at   int // where it was in the text as sent
	open int // of a trailing comma: where its object or array opens in the cleaned text
}

var byteOrderMark = []byte("\ufeff")

// cleanSyntax returns text without a byte order mark, a fence around it
// and trailing commas, and what it left out; nil and nil for none.
func cleanSyntax(text []byte) ([]byte, []syntaxFix) {
	var fixes []syntaxFix
	body, base := text, 0
	marked := false
	mark := func() { // once: outside the fence or inside it
		if !marked && bytes.HasPrefix(body, byteOrderMark) {
			body, base, marked = body[len(byteOrderMark):], base+len(byteOrderMark), true
			fixes = append(fixes, syntaxFix{kind: unionflat.RepairByteOrderMark})
		}
	}
	mark()
	if inner, at, ok := unfence(body); ok {
		body, base = inner, base+at
		fixes = append(fixes, syntaxFix{kind: unionflat.RepairFence})
		mark()
	}
	out, commas := dropTrailingCommas(body, base)
	if fixes = append(fixes, commas...); len(fixes) == 0 {
		return nil, nil
	}
	return out, fixes
}

// unfence returns what is inside text, and where, when all of it is one
// fenced block: a line of ``` or ```json, the JSON, and ```.
func unfence(text []byte) (inside []byte, at int, ok bool) {
	const fence = "```"
	start := len(text) - len(bytes.TrimLeft(text, " \t\r\n"))
	rest := text[start:]
	if !bytes.HasPrefix(rest, []byte(fence)) {
		return nil, 0, false
	}
	line := bytes.IndexByte(rest, '\n')
	if line < 0 {
		return nil, 0, false
	}
	if lang := bytes.TrimSpace(rest[len(fence):line]); len(lang) > 0 && !bytes.EqualFold(lang, []byte("json")) {
		return nil, 0, false
	}
	body := bytes.TrimRight(rest[line+1:], " \t\r\n")
	if !bytes.HasSuffix(body, []byte(fence)) {
		return nil, 0, false
	}
	return body[:len(body)-len(fence)], start + line + 1, true
}

// dropTrailingCommas copies text without each comma after a value and
// before a } or ]; base is where text starts in the text as sent.
func dropTrailingCommas(text []byte, base int) ([]byte, []syntaxFix) {
	var fixes []syntaxFix
	var opens []int // where each object and array around pos opens in out
	out := make([]byte, 0, len(text))
	prev := byte(0) // the last byte written that is not white space
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch c {
		case '"':
			end := i + 1
			for end < len(text) && text[end] != '"' {
				if text[end] == '\\' {
					end++
				}
				end++
			}
			end = min(end+1, len(text))
			out = append(out, text[i:end]...)
			i, prev = end-1, '"'
			continue
		case '{', '[':
			opens = append(opens, len(out))
		case '}', ']':
			if len(opens) > 0 {
				opens = opens[:len(opens)-1]
			}
		case ',':
			next := i + 1
			for next < len(text) && isSpace(text[next]) {
				next++
			}
			if next < len(text) && (text[next] == '}' || text[next] == ']') && len(opens) > 0 &&
				prev != 0 && prev != ',' && prev != '{' && prev != '[' && prev != ':' {
				fixes = append(fixes, syntaxFix{kind: unionflat.RepairTrailingComma, at: base + i, open: opens[len(opens)-1]})
				continue
			}
		}
		out = append(out, c)
		if !isSpace(c) {
			prev = c
		}
	}
	return out, fixes
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// repairSyntax records the syntax repairs of a text parsed at root.
func (d *Decoder) repairSyntax(root Value, fixes []syntaxFix) {
	for _, f := range fixes {
		path := d.currentPath()
		if f.kind == unionflat.RepairTrailingComma {
			path = d.pathTo(root, d.containerAt(root, f.open))
		}
		if path == nil {
			path = unionflat.Path{}
		}
		d.repair(root, f.kind, path)
	}
}

// containerAt is the object or array of root's tree that opens at
// offset start of its text.
func (d *Decoder) containerAt(root Value, start int) Value {
	for i := root.off; i < d.after(root.off); i++ {
		if n := &d.nodes[i]; n.container() && int(n.start) == start {
			return Value{off: i}
		}
	}
	return root
}

// pathTo is the path of target, a value of at's tree: the current path,
// and the steps from at down to it.
func (d *Decoder) pathTo(at, target Value) unionflat.Path {
	switch d.kindOf(at) {
	case nodeObject:
		for _, v := range d.Members(at) {
			if d.holds(v, target) {
				return d.pathTo(v, target)
			}
		}
	case nodeArray:
		for _, v := range d.Items(at) {
			if d.holds(v, target) {
				return d.pathTo(v, target)
			}
		}
	}
	return d.currentPath() // at is target
}

// holds reports whether target is v or a value inside it.
func (d *Decoder) holds(v, target Value) bool {
	return target.off >= v.off && target.off < d.after(v.off)
}

// syntaxHint says what to remove, for a text that only its syntax
// repairs keep from being read.
func syntaxHint(fixes []syntaxFix) string {
	var hints, commas []string
	for _, f := range fixes {
		switch f.kind {
		case unionflat.RepairByteOrderMark:
			hints = append(hints, "remove the byte order mark before the JSON")
		case unionflat.RepairFence:
			hints = append(hints, "send the JSON alone, without the ``` fence around it")
		case unionflat.RepairTrailingComma:
			commas = append(commas, strconv.Itoa(f.at))
		}
	}
	switch {
	case len(commas) == 1:
		hints = append(hints, "remove the comma at byte "+commas[0]+", which nothing follows")
	case len(commas) > 1:
		hints = append(hints, "remove the commas at bytes "+words.Bounded(strings.Join(commas, ", "), ", ")+", which nothing follows")
	}
	return strings.Join(hints, "; ")
}

// ---- values ----

// quotedNumber reads a string where only a number is allowed (want) as
// the one number it holds, with repairs on, or as asked where a profile
// writes the integer as its digits ([DecimalIntegers] for a BigInt,
// [DecimalWords] for any).
func (d *Decoder) quotedNumber(v Value, want string) ([]byte, bool) {
	n := d.node(v)
	text := d.unescape(n)
	if n.escaped() { // the scratch buffer is used again
		text = bytes.Clone(text)
	}
	digits := want == "an integer" && (d.lenient&DecimalWords != 0 || d.big && d.lenient&DecimalIntegers != 0)
	switch {
	case digits && !d.repairing() && !isDecimalDigits(text):
		d.report(unionflat.Error{Kind: unionflat.KindType, Want: "an integer, or its decimal digits in a string", Got: Quote(string(text))})
		return nil, false
	case !isNumber(text):
		d.mismatch(v, want)
		return nil, false
	case !digits && !d.repairing():
		d.report(unionflat.Error{Kind: unionflat.KindType, Want: want, Got: "a string", Fix: "send " + shorten(text) + " without the quotes"})
		return nil, false
	}
	m, r := d.repair(v, unionflat.RepairQuotedNumber, nil)
	m.flags |= markUnquote
	if r != nil {
		r.Got, r.Read = Quote(string(text)), numberValue(text)
		r.Asked = digits && isDecimalDigits(text)
	}
	return text, true
}

// numberValue is how a repair note writes the number text holds: its
// value where it has an exponent ("1e3" is 1000), else the text.
func numberValue(text []byte) string {
	if bytes.ContainsAny(text, "eE") {
		if f, err := strconv.ParseFloat(string(text), 64); err == nil {
			return strconv.FormatFloat(f, 'g', -1, 64)
		}
	}
	return shorten(text)
}

// quotedBool reads "true" or "false", where only a boolean is allowed,
// as the boolean, as quotedNumber reads a number; any other string is a
// type problem.
func (d *Decoder) quotedBool(v Value) (bool, bool) {
	text := string(d.unescape(d.node(v)))
	switch {
	case text != "true" && text != "false":
		d.mismatch(v, "a boolean")
		return false, false
	case !d.repairing():
		d.report(unionflat.Error{Kind: unionflat.KindType, Want: "a boolean", Got: "a string", Fix: "send " + text + " without the quotes"})
		return false, false
	}
	m, r := d.repair(v, unionflat.RepairQuotedBool, nil)
	m.flags |= markUnquote
	if r != nil {
		r.Got, r.Read = Quote(text), text
	}
	return text == "true", true
}

// isDecimalDigits reports whether text is an integer in decimal digits:
// an optional minus sign, then 0 or digits that do not start with 0.
func isDecimalDigits(text []byte) bool {
	digits := text
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	ok := len(digits) > 0 && (digits[0] != '0' || len(digits) == 1)
	for _, c := range digits {
		ok = ok && '0' <= c && c <= '9'
	}
	return ok
}

// isNumber reports whether text is exactly one number in JSON's syntax.
func isNumber(text []byte) bool {
	end, bad := scanNumber(text, 0)
	return bad == "" && end == len(text)
}

// OneOf is the default case of a decoded string enum: s is none of
// values. With repairs on, the one value it equals, case aside, is read
// and returned; otherwise it is a problem, and s is returned.
func (d *Decoder) OneOf(v Value, s string, values ...string) string {
	if a, ok := foldMatch(s, values); ok && d.repairing() {
		d.repairCase(v, s, a)
		return a
	}
	d.NotOneOf(strings.Join(values, " | "), Quote(s))
	return s
}

// repairCase records that the string s of v was read as the allowed
// value a, which it equals with case ignored.
func (d *Decoder) repairCase(v Value, s, a string) {
	m, r := d.repair(v, unionflat.RepairCase, nil)
	d.extra(m).text = jsonString(a)
	if r != nil {
		r.Got, r.Read = Quote(s), Quote(a)
	}
}

// foldMatch is the one of values that equals s with case ignored, when
// exactly one does.
func foldMatch(s string, values []string) (string, bool) {
	found, n := "", 0
	for _, v := range values {
		if strings.EqualFold(s, v) {
			found, n = v, n+1
		}
	}
	return found, n == 1
}

// ArrayOrItem is [Decoder.Array] for an array whose items are never
// arrays; stringItems says whether they may be strings. With repairs on,
// a value that is neither an array nor null is read as the array of it.
func (d *Decoder) ArrayOrItem(v Value, stringItems bool) (Value, bool) {
	switch d.kindOf(v) {
	case nodeArray:
		return v, true
	case nodeNull:
		d.mismatch(v, "an array")
		return v, false
	case nodeString:
		// A string that holds an array as JSON is that array (the
		// commonest double serialization), where items are strings too;
		// there, a string that is no such JSON is the one item.
		if text := d.unescape(d.node(v)); opens(text, '[') && (!stringItems || json.Valid(text)) {
			return d.Array(v)
		}
	}
	if !d.repairing() {
		d.report(unionflat.Error{Kind: unionflat.KindType, Want: "an array", Got: d.kindName(v), Fix: "send it as the one item of an array: [" + shortRaw(d.rawText(v)) + "]"})
		return v, false
	}
	arr := Value{off: v.off, wrap: true}
	if d.markOf(v).has(markWrap) {
		return arr, true
	}
	path := d.currentPath()
	if path == nil {
		path = unionflat.Path{}
	}
	m, r := d.repair(v, unionflat.RepairSingleItem, path)
	m.flags |= markWrap
	if r != nil { // the value's text only for a repair listed
		raw := shortRaw(d.rawText(v))
		r.Got, r.Read = raw, "["+raw+"]"
	}
	d.wraps = append(d.wraps, wrapped{path: path, got: d.kindName(v)})
	return arr, true
}

// wrapped is where a value was read as the one item of an array.
type wrapped struct {
	path unionflat.Path
	got  string // what the value is, as "an object"
}

// unwrapProblems is the list of problems, those of a value read as the
// array of it replaced by its not being an array: a repaired value must
// pass every rule, and the model is told what it sent.
func (d *Decoder) unwrapProblems() []*unionflat.Error {
	list := d.errs
	for _, w := range d.wraps {
		var kept []*unionflat.Error
		replaced := false
		for _, e := range list {
			if !hasPrefix(e.Path, w.path) || (len(e.Path) > len(w.path) && e.Path[len(w.path)] != unionflat.Token{Index: 0}) {
				kept = append(kept, e)
				continue
			}
			if !replaced {
				kept = append(kept, &unionflat.Error{Path: w.path, Kind: unionflat.KindType, Want: "an array", Got: w.got})
				replaced = true
			}
		}
		list = kept
	}
	return list
}

// hasPrefix reports whether path p starts with prefix.
func hasPrefix(p, prefix unionflat.Path) bool {
	return len(p) >= len(prefix) && slices.Equal(p[:len(prefix)], prefix)
}

// opens reports whether text starts, after a byte order mark and white
// space, with c.
func opens(text []byte, c byte) bool {
	trimmed := bytes.TrimLeft(bytes.TrimPrefix(text, byteOrderMark), " \t\r\n")
	return len(trimmed) > 0 && trimmed[0] == c
}

// shortRaw is a value's JSON text for a message, shortened past 80 bytes.
func shortRaw(raw []byte) string { return words.Cut(string(raw), 80) }

// jsonString writes s as a JSON string.
func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[r>>4])
			b.WriteByte("0123456789abcdef"[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// ---- the canonical arguments ----

// canonical writes the arguments, parsed as srcs[0], with every repair
// made.
func (d *Decoder) canonical() []byte {
	w := canonicalWriter{d: d, out: make([]byte, 0, len(d.srcs[0])+len(d.srcs[0])/8)}
	w.marked = make([]int32, 0, len(d.markList)+len(d.lateMarks))
	for _, m := range d.markList {
		w.marked = append(w.marked, m.off)
	}
	if len(d.lateMarks) > 0 {
		for _, m := range d.lateMarks {
			w.marked = append(w.marked, m.off)
		}
		slices.Sort(w.marked)
	}
	w.value(Value{}, false) // the input's root is its first node
	return w.out
}

type canonicalWriter struct {
	d      *Decoder
	marked []int32 // the nodes of the marked values, in order
	out    []byte
}

// value writes v; wrapped says its mark's wrap is written already.
func (w *canonicalWriter) value(v Value, wrapped bool) {
	d := w.d
	m := d.markOf(v)
	extra := d.extraOf(m)
	switch {
	case m.has(markWrap) && !wrapped:
		w.out = append(w.out, '[')
		w.value(v, true)
		w.out = append(w.out, ']')
		return
	case m.has(markParsed):
		w.value(extra.inner, false)
		return
	case m.has(markUnquote):
		w.out = append(w.out, d.unescape(d.node(v))...)
		return
	case extra != nil && extra.text != "":
		w.out = append(w.out, extra.text...)
		return
	}
	v.wrap = false
	switch k := d.kindOf(v); {
	case k < nodeArray, (extra == nil || len(extra.nulls) == 0) && !w.anyMarked(v):
		w.out = append(w.out, d.span(v)...)
	case k == nodeArray:
		w.out = append(w.out, '[')
		for i, item := range d.Items(v) {
			if i > 0 {
				w.out = append(w.out, ',')
			}
			w.value(item, false)
		}
		w.out = append(w.out, ']')
	default:
		w.out = append(w.out, '{')
		first := true
		for _, val := range d.Members(v) {
			key := d.nodes[val.off-1] // as written, with its quotes
			if d.markOf(val).has(markDrop) {
				continue
			}
			if !first {
				w.out = append(w.out, ',')
			}
			first = false
			w.out = append(w.out, d.srcs[key.src()][key.start-1:key.end+1]...)
			w.out = append(w.out, ':')
			w.value(val, false)
		}
		if extra != nil {
			for _, name := range extra.nulls {
				if !first {
					w.out = append(w.out, ',')
				}
				first = false
				w.out = append(w.out, jsonString(name)+":null"...)
			}
		}
		w.out = append(w.out, '}')
	}
}

// anyMarked reports whether a value inside container v is marked.
func (w *canonicalWriter) anyMarked(v Value) bool {
	i, _ := slices.BinarySearch(w.marked, v.off+1)
	return i < len(w.marked) && w.marked[i] < w.d.after(v.off)
}
