package impl

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// decodeWith runs fn over the parsed root of doc and returns the
// problems it recorded, as Decode would.
func decodeWith(t *testing.T, doc string, fn func(d *Decoder, root Value)) *unionflat.Errors {
	t.Helper()
	d := newDecoder([]byte(doc))
	defer d.release()
	d.lenient = RepairMistakes
	root, ok := d.root()
	if !ok {
		t.Fatalf("%s does not parse: %v", doc, d.problems())
	}
	fn(d, root)
	if len(d.path) != 0 {
		t.Errorf("%s: the path is %v after the decode, want empty", doc, d.currentPath())
	}
	var errs *unionflat.Errors
	errors.As(d.problems(), &errs)
	return errs
}

// messages is every problem's text, one per line.
func messages(errs *unionflat.Errors) string {
	if errs == nil {
		return ""
	}
	return errs.Error()
}

// TestParseProblems pins what the parser says about each way a document
// can be malformed: the kind, the byte offset, the path reached and the
// sentence.
func TestParseProblems(t *testing.T) {
	deep := `[` + strings.Repeat(`[`, unionflat.MaxDepth) + strings.Repeat(`]`, unionflat.MaxDepth+1)
	cases := []struct {
		doc    string
		kind   unionflat.Kind
		offset int64
		msg    string
	}{
		{``, unionflat.KindSyntax, 0, "invalid JSON at byte 0: unexpected end of input"},
		{`tru`, unionflat.KindSyntax, 0, "invalid JSON at byte 0: unexpected 't'"},
		{`1 2`, unionflat.KindSyntax, 2, "invalid JSON at byte 2: unexpected '2' after the JSON value"},
		{`{"a" 1}`, unionflat.KindSyntax, 5, "invalid JSON at byte 5: expected ':' after an object key, found '1'"},
		{`{"a":`, unionflat.KindSyntax, 5, "/a: invalid JSON at byte 5: unexpected end of input"},
		{`[1,]`, unionflat.KindSyntax, 3, "/1: invalid JSON at byte 3: unexpected ']'; remove the comma at byte 2, which nothing follows"},
		{`[01]`, unionflat.KindSyntax, 1, "/0: invalid JSON at byte 1: invalid number: leading zero"},
		{`[1.]`, unionflat.KindSyntax, 3, "/0: invalid JSON at byte 3: invalid number: expected a digit after '.', found ']'"},
		{`{"a":[1,}`, unionflat.KindSyntax, 8, "/a/1: invalid JSON at byte 8: unexpected '}'"},
		{`{"a":{"b":[true,x]}}`, unionflat.KindSyntax, 16, "/a/b/1: invalid JSON at byte 16: unexpected 'x'"},
		{`"\x"`, unionflat.KindSyntax, 2, `invalid JSON at byte 2: invalid escape \x`},
		{`"\u12"`, unionflat.KindSyntax, 2, `invalid JSON at byte 2: invalid \u escape`},
		{`"\ud800"`, unionflat.KindSyntax, 7, `invalid JSON at byte 7: unpaired UTF-16 surrogate \ud800`},
		{"\"a\x01\"", unionflat.KindSyntax, 2, "invalid JSON at byte 2: control character 0x01 in a string"},
		{"\"\xff\"", unionflat.KindSyntax, 2, "invalid JSON at byte 2: invalid UTF-8 in a string"},
		{`{"a":1,"a":2}`, unionflat.KindDuplicate, 7, `the key "a" appears more than once`},
		{`{"\u0061":1,"a":2}`, unionflat.KindDuplicate, 12, `the key "a" appears more than once`},
		{deep, unionflat.KindDepth, unionflat.MaxDepth, strings.Repeat("/0", unionflat.MaxDepth) + ": nested deeper than 128 levels"},
	}
	for _, tc := range cases {
		d := newDecoder([]byte(tc.doc))
		_, ok := d.root()
		if ok || len(d.errs) != 1 {
			t.Errorf("%q: ok=%v with %d problems, want one refusal", tc.doc, ok, len(d.errs))
			d.release()
			continue
		}
		e := d.errs[0]
		if e.Kind != tc.kind || e.Offset != tc.offset || e.Error() != tc.msg {
			t.Errorf("%q: got %v at byte %d: %q\nwant %v at byte %d: %q", tc.doc, e.Kind, e.Offset, e.Error(), tc.kind, tc.offset, tc.msg)
		}
		d.release()
	}
}

// TestDuplicateKeysInLargeObjects crosses the size past which duplicates
// are found with a map, with the repeat at either end.
func TestDuplicateKeysInLargeObjects(t *testing.T) {
	for _, n := range []int{duplicateScan - 1, duplicateScan, duplicateScan + 1, 3 * duplicateScan} {
		var b strings.Builder
		b.WriteString(`{`)
		for i := range n {
			b.WriteString(`"k` + strings.Repeat("x", i) + `":0,`)
		}
		unique := b.String() + `"last":0}`
		for _, doc := range []string{unique, b.String() + `"k":1}`, b.String() + `"\u006b":1}`} {
			d := newDecoder([]byte(doc))
			_, ok := d.root()
			if want := doc == unique; ok != want {
				t.Errorf("%d members: parsed=%v, want %v (%v)", n, ok, want, d.problems())
			}
			d.release()
		}
	}
}

// TestUnescape resolves every escape JSON has, and leaves a string
// without escapes as a view of the input.
func TestUnescape(t *testing.T) {
	cases := []struct{ json, want string }{
		{`"plain"`, "plain"},
		{`""`, ""},
		{`"a\nb\tc\rd"`, "a\nb\tc\rd"},
		{`"\"\\\/\b\f"`, "\"\\/\b\f"},
		{`"caf\u00e9"`, "café"},
		{`"\u00E9\u00e9"`, "éé"},
		{`"\ud83d\ude00!"`, "😀!"},
		{`"\u0000"`, "\x00"},
		{`"é\n"`, "é\n"},
	}
	for _, tc := range cases {
		d := newDecoder([]byte(tc.json))
		root, ok := d.root()
		if !ok {
			t.Fatalf("%s: %v", tc.json, d.problems())
		}
		n := d.node(root)
		got := d.unescape(n)
		if string(got) != tc.want {
			t.Errorf("unescape(%s) = %q, want %q", tc.json, got, tc.want)
		}
		if view := !n.escaped(); view && len(got) > 0 && unsafe.SliceData(got) != &d.srcs[0][1] {
			t.Errorf("unescape(%s) copied a string that has no escapes", tc.json)
		}
		d.release()
	}
}

// TestAppendUnescapedClass holds appendUnescaped to encoding/json on
// seeded strings of every escape JSON has, dense and sparse, appended
// after a prefix into a slice of every spare capacity from none to more
// than the text: the prefix stays, and the contents are encoding/json's.
func TestAppendUnescapedClass(t *testing.T) {
	pieces := []string{`a`, `bc`, `é`, `✓`, `😀`, `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`,
		`\u0000`, `\u00e9`, `\u2713`, `\uFFFF`, `\ud83d\ude00`, `\uDBFF\uDFFF`}
	rng := rand.New(rand.NewPCG(7, 7))
	for range 2000 {
		var raw strings.Builder
		for range rng.IntN(40) {
			raw.WriteString(pieces[rng.IntN(len(pieces))])
		}
		var want string
		if err := json.Unmarshal([]byte(`"`+raw.String()+`"`), &want); err != nil {
			t.Fatalf("the test's string %q: %v", raw.String(), err)
		}
		prefix := []byte("prefix")
		spare := rng.IntN(raw.Len() + 8)
		out := append(make([]byte, 0, len(prefix)+spare), prefix...)
		got := appendUnescaped(out, []byte(raw.String()))
		if !bytes.HasPrefix(got, prefix) || string(got[len(prefix):]) != want {
			t.Fatalf("appendUnescaped(%q, %q) = %q, want the prefix and %q", prefix, raw.String(), got, want)
		}
	}
}

// TestCoercion holds Object and Array to the package doc: the wanted
// container passes, a string that holds one is parsed (inside another
// parsed string too), anything else is one KindType problem saying what
// was wanted and what came.
func TestCoercion(t *testing.T) {
	object := func(d *Decoder, v Value) { d.Object(v) }
	array := func(d *Decoder, v Value) { d.Array(v) }
	cases := []struct {
		doc  string
		read func(*Decoder, Value)
		msg  string // "" when it is accepted
	}{
		{`{}`, object, ""},
		{`"{}"`, object, ""},
		{`" \n{\"a\":1}"`, object, ""},
		{`[]`, array, ""},
		{`"[1, 2]"`, array, ""},
		{`1`, object, "the input must be an object, not a number"},
		{`null`, array, "the input must be an array, not null"},
		{`"[]"`, object, "the input must be an object, not a string"},
		{`"{}"`, array, "the input must be an array, not a string"},
		{`"\"{}\""`, object, "the input must be an object, not a string"},
		{`"{bad"`, object, "the input must be an object; it is a string that does not hold valid JSON (byte 1: expected a string key, found 'b')"},
		{`"[1,]"`, array, ""}, // a trailing comma, repaired
		{`"[1,,]"`, array, "the input must be an array; it is a string that does not hold valid JSON (byte 3: unexpected ',')"},
		{`"{} x"`, object, "the input must be an object; it is a string that does not hold valid JSON (byte 3: unexpected 'x' after the JSON value)"},
	}
	for _, tc := range cases {
		errs := decodeWith(t, tc.doc, tc.read)
		if got := messages(errs); got != tc.msg {
			t.Errorf("%s: got %q, want %q", tc.doc, got, tc.msg)
		}
		if errs != nil && errs.List[0].Kind != unionflat.KindType {
			t.Errorf("%s: kind %v, want type", tc.doc, errs.List[0].Kind)
		}
	}
}

// TestCoercionNests reads a double-serialized object inside a
// double-serialized object, with the path running through both, and
// counts the nesting of a parsed string on from where it stands.
func TestCoercionNests(t *testing.T) {
	var got []string
	errs := decodeWith(t, `{"a":"{\"b\":\"[1,true]\"}"}`, func(d *Decoder, root Value) {
		obj, _ := d.Object(root)
		for _, a := range d.Members(obj) {
			inner, ok := d.Object(a)
			if !ok {
				return
			}
			for _, b := range d.Members(inner) {
				arr, ok := d.Array(b)
				if !ok {
					return
				}
				for _, item := range d.Items(arr) {
					got = append(got, d.currentPath().String())
					d.Int(item, 64)
				}
			}
		}
	})
	if want := "/a/b/0 /a/b/1"; strings.Join(got, " ") != want {
		t.Errorf("visited %q, want %q", got, want)
	}
	if want := "/a/b/1: item 1 must be an integer, not a boolean"; messages(errs) != want {
		t.Errorf("got %q, want %q", messages(errs), want)
	}

	inner := strings.Repeat(`[`, unionflat.MaxDepth) + strings.Repeat(`]`, unionflat.MaxDepth)
	if errs := decodeWith(t, `"`+inner+`"`, func(d *Decoder, v Value) { d.Array(v) }); errs != nil {
		t.Errorf("%d levels at the root: %v", unionflat.MaxDepth, errs)
	}
	errs = decodeWith(t, `{"a":"`+inner+`"}`, func(d *Decoder, root Value) {
		for _, v := range d.Members(root) {
			d.Array(v)
		}
	})
	if errs == nil || errs.List[0].Kind != unionflat.KindDepth || !strings.HasPrefix(errs.List[0].Path.String(), "/a/0/0/") {
		t.Errorf("%d levels under /a: got %v, want the depth refused", unionflat.MaxDepth, errs)
	}
}

// TestMembersAndItemsPushThePath walks a document and records the path
// at each member and item: each stands on the path while its body runs,
// and leaving a loop early pops it.
func TestMembersAndItemsPushThePath(t *testing.T) {
	var visited []string
	var walk func(d *Decoder, v Value)
	walk = func(d *Decoder, v Value) {
		switch d.node(v).kind() {
		case nodeObject:
			for key, val := range d.Members(v) {
				visited = append(visited, d.currentPath().String()+"="+string(key))
				walk(d, val)
			}
		case nodeArray:
			for i, item := range d.Items(v) {
				if i == 2 {
					break
				}
				visited = append(visited, d.currentPath().String())
				walk(d, item)
			}
		}
	}
	decodeWith(t, `{"a":[10,{"b~/":1,"\u0063":2},30],"":true}`, walk)
	want := []string{"/a=a", "/a/0", "/a/1", "/a/1/b~0~1=b~/", "/a/1/c=c", "/=" + ""}
	if strings.Join(visited, " ") != strings.Join(want, " ") {
		t.Errorf("visited %q,\nwant    %q", visited, want)
	}

	errs := decodeWith(t, `{"x":1,"y":2}`, func(d *Decoder, root Value) {
		for range d.Members(root) {
			break
		}
		d.Missing("z", "")
	})
	if messages(errs) != "/z: z is required" {
		t.Errorf("after a break from Members: %q", messages(errs))
	}
	errs = decodeWith(t, `[1,2]`, func(d *Decoder, root Value) {
		for range d.Items(root) {
			break
		}
		d.Null("an array")
	})
	if messages(errs) != "the input must be an array, not null" {
		t.Errorf("after a break from Items: %q", messages(errs))
	}
}

// TestPath pins the JSON Pointer of a Path and the name a message gives
// its last token.
func TestPath(t *testing.T) {
	cases := []struct {
		path    unionflat.Path
		pointer string
		name    string
	}{
		{nil, "", "the input"},
		{unionflat.Path{{Name: "a", Index: -1}}, "/a", "a"},
		{unionflat.Path{{Name: "shapes", Index: -1}, {Index: 0}}, "/shapes/0", "item 0"},
		{unionflat.Path{{Name: "a/b", Index: -1}, {Name: "~1", Index: -1}}, "/a~1b/~01", "~1"},
		{unionflat.Path{{Name: "", Index: -1}}, "/", ""},
		{unionflat.Path{{Name: "3", Index: -1}}, "/3", "3"}, // a property named 3 is no item
	}
	for _, tc := range cases {
		if got := tc.path.String(); got != tc.pointer {
			t.Errorf("%#v.String() = %q, want %q", tc.path, got, tc.pointer)
		}
		e := &unionflat.Error{Path: tc.path, Kind: unionflat.KindRequired}
		if got, want := e.Error(), strings.TrimPrefix(tc.pointer+": ", ": ")+tc.name+" is required"; got != want {
			t.Errorf("message %q, want %q", got, want)
		}
	}
}

// TestProblemPathOutlivesTheInput checks that a problem's Path is a copy:
// reusing the input buffer after the decode changes no recorded name.
func TestProblemPathOutlivesTheInput(t *testing.T) {
	data := []byte(`{"abc":1}`)
	_, err := Decode(data, func(d *Decoder, root Value, _ *struct{}) {
		for range d.Members(root) {
			d.Unknown(&Properties{})
		}
	})
	copy(data, `{"xyz":1}`)
	if want := "/abc: abc is not a known property"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

// TestErrorCap lists MaxErrors problems and counts the rest.
func TestErrorCap(t *testing.T) {
	d := newDecoder(nil)
	defer d.release()
	for range d.Indexes(unionflat.MaxErrors + 5) {
		d.Null("an object")
	}
	var errs *unionflat.Errors
	if !errors.As(d.problems(), &errs) || len(errs.List) != unionflat.MaxErrors || errs.More != 5 {
		t.Fatalf("got %v, want %d listed and 5 more", d.problems(), unionflat.MaxErrors)
	}
	if last := errs.List[unionflat.MaxErrors-1].Path.String(); last != "/31" {
		t.Errorf("the last listed problem is at %q, want /31", last)
	}
	if !strings.HasSuffix(errs.Error(), "\n(and 5 more problems)") {
		t.Errorf("message does not count the rest: %q", errs.Error())
	}
}

// TestEscapedKeysStayWhileNested walks escaped keys inside escaped keys:
// each outer key, and the path through it, is intact while and after the
// members inside it are walked, and a problem deep inside names them all.
func TestEscapedKeysStayWhileNested(t *testing.T) {
	doc := `{"\u0061x":{"\u0062y":{"\u0063z":1,"w":2},"v":3},"\u0064\u00e9":{"\u0065":4}}`
	var seen []string
	var walk func(d *Decoder, v Value)
	walk = func(d *Decoder, v Value) {
		if d.node(v).kind() != nodeObject {
			d.Unknown(&Properties{})
			return
		}
		for k, val := range d.Members(v) {
			before := string(k)
			walk(d, val)
			if string(k) != before {
				t.Errorf("key %q became %q while its members were walked", before, k)
			}
			seen = append(seen, d.currentPath().String())
		}
	}
	errs := decodeWith(t, doc, walk)
	want := "/ax/by/cz /ax/by/w /ax/by /ax/v /ax /dé/e /dé"
	if got := strings.Join(seen, " "); got != want {
		t.Errorf("paths %s\nwant  %s", got, want)
	}
	if got := messages(errs); !strings.Contains(got, "/ax/by/cz: cz is not a known property") {
		t.Errorf("problems:\n%s", got)
	}
}

var xKeys = &Properties{Keys: []string{"x"}}

// TestNoAllocationPerProblemPastTheCap decodes objects of ever more
// unknown keys, escaped and not, whose values break bounds, lengths and
// counts, into a full problem list: past MaxErrors a problem is counted,
// and costs no allocation.
func TestNoAllocationPerProblemPastTheCap(t *testing.T) {
	allocs := func(n int) float64 {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"k\u00e9` + strconv.Itoa(i) + `":1,"p` + strconv.Itoa(i) + `":2`)
		}
		b.WriteString("}")
		doc := []byte(b.String())
		return testing.AllocsPerRun(20, func() {
			_, err := Decode(doc, func(d *Decoder, root Value, _ *struct{}) {
				for _, v := range d.Members(root) {
					d.Unknown(xKeys)
					n, _ := d.Int(v, 64)
					d.IntOutOfBound(unionflat.KindMinimum, "5", n)
					d.MinLength("ab", 5)
					d.ItemCount(1, 2, -1)
					if f, ok := d.Number(v, 64); ok {
						d.NumberBound(unionflat.KindMaximum, f, "0.5", 0.5)
						d.MultipleOf(f, "5")
					}
				}
			})
			if err == nil {
				t.Fatal("unknown keys were not reported")
			}
		})
	}
	if few, many := allocs(unionflat.MaxErrors), allocs(40*unionflat.MaxErrors); many != few {
		t.Errorf("%d unknown keys cost %v allocations, %d cost %v", 2*unionflat.MaxErrors, few, 80*unionflat.MaxErrors, many)
	}
}

// TestKindString gives every kind its own word.
func TestKindString(t *testing.T) {
	seen := map[string]unionflat.Kind{}
	for k := unionflat.KindSyntax; k <= unionflat.KindSize; k++ {
		w := k.String()
		if w == "" || strings.HasPrefix(w, "Kind(") || strings.ContainsAny(w, " _") {
			t.Errorf("Kind %d prints %q", k, w)
		}
		if other, dup := seen[w]; dup {
			t.Errorf("kinds %d and %d both print %q", other, k, w)
		}
		seen[w] = k
	}
	for _, k := range []unionflat.Kind{0, unionflat.KindSize + 1, 255} {
		if got, want := k.String(), "Kind("+strconv.Itoa(int(k))+")"; got != want {
			t.Errorf("Kind %d prints %q, want %q", k, got, want)
		}
	}
	if unionflat.KindMinLength.String() != "minLength" || unionflat.KindNotAllowed.String() != "notAllowed" {
		t.Errorf("got %q and %q", unionflat.KindMinLength, unionflat.KindNotAllowed)
	}
}

// TestTag reads a discriminator: the allowed value itself on success,
// which no later read of an escaped string can change, and one problem at
// the key otherwise.
func TestTag(t *testing.T) {
	kind := &Discriminator{Key: "kind", Values: []string{"circle", "rect"}, Required: []string{"radius", ""}}
	cases := []struct{ doc, tag, msg string }{
		{`{"r":1,"kind":"rect"}`, "rect", ""},
		{`{"kind":"\u0063ircle"}`, "circle", ""},
		{`{"r":1}`, "", "/kind: kind is required: one of circle (with radius), rect"},
		{`{"kind":7}`, "", "/kind: kind must be a string, not a number"},
		{`{"kind":"hexagon"}`, "", `/kind: kind must be one of circle | rect, not "hexagon"`},
		{`{"kind":"rec"}`, "", `/kind: kind is "rec"; did you mean "rect"? It must be one of circle | rect`},
		{`{"kind":"Circle"}`, "circle", ""}, // repaired: one allowed value with case ignored
		{`{"kind":"Circl"}`, "", `/kind: kind is "Circl"; did you mean "circle"? It must be one of circle | rect`},
	}
	for _, tc := range cases {
		var tag string
		doc := strings.Replace(tc.doc, "{", `{"pad":"\u0078\u0079\u007a\u0078\u0079\u007a",`, 1)
		errs := decodeWith(t, doc, func(d *Decoder, root Value) {
			tag, _ = d.Tag(root, kind)
			pad, _ := d.find(root, "pad")
			d.String(pad) // unescapes into the scratch buffer a tag might alias
		})
		if tag != tc.tag || messages(errs) != tc.msg {
			t.Errorf("%s: got %q, %q; want %q, %q", tc.doc, tag, messages(errs), tc.tag, tc.msg)
		}
	}
}

// TestUnmarshal sets *x only when the data has no problem.
func TestUnmarshal(t *testing.T) {
	read := func(d *Decoder, v Value, out *string) {
		if s, ok := d.String(v); ok {
			*out = s
		}
	}
	x := "before"
	if err := Unmarshal([]byte(`1`), &x, read); err == nil || x != "before" {
		t.Errorf("bad data: got %q, %v; want x untouched and an error", x, err)
	}
	if err := Unmarshal([]byte(`"after"`), &x, read); err != nil || x != "after" {
		t.Errorf("good data: got %q, %v", x, err)
	}
}

// TestIndexesAndKeysPushThePath walks values built in code as generated
// validators do: each index, and each map key in sorted order, stands on
// the path while its body runs.
func TestIndexesAndKeysPushThePath(t *testing.T) {
	d := newDecoder(nil)
	defer d.release()
	var visited []string
	d.EnterName("m")
	for k := range Keys(d, map[string]int{"b": 1, "a/": 2, "c": 3}) {
		visited = append(visited, d.currentPath().String())
		if k == "b" {
			for i := range d.Indexes(5) {
				if i == 2 {
					break
				}
				visited = append(visited, d.currentPath().String())
			}
			visited = append(visited, d.currentPath().String())
		}
	}
	d.Leave()
	want := "/m/a~1 /m/b /m/b/0 /m/b/1 /m/b /m/c"
	if got := strings.Join(visited, " "); got != want {
		t.Errorf("visited %q, want %q", got, want)
	}
	if len(d.path) != 0 {
		t.Errorf("the path is %v after the walk", d.currentPath())
	}
}

// TestStringsOutliveTheInput reads strings, escaped and not, from the
// input and from a string parsed by coercion in between, and changes the
// input after the decode: the strings are the decoder's own copies.
func TestStringsOutliveTheInput(t *testing.T) {
	data := []byte(`["abc","d\u00e9f",{"k":"xyz"},"[\"in\",\"ner\",\"\"]","","end"]`)
	got, err := DecodeLenient(data, RepairMistakes, func(d *Decoder, root Value, out *[]string) {
		for i, v := range d.Items(root) {
			switch {
			case i == 3:
				inner, _ := d.Array(v)
				for _, w := range d.Items(inner) {
					x, _ := d.String(w)
					*out = append(*out, x)
				}
			case d.node(v).kind() == nodeObject:
				for _, w := range d.Members(v) {
					x, _ := d.String(w)
					*out = append(*out, x)
				}
			default:
				x, _ := d.String(v)
				*out = append(*out, x)
			}
		}
	})
	copy(data, bytes.Repeat([]byte("!"), len(data)))
	if want := "abc déf xyz in ner   end"; err != nil || strings.Join(got, " ") != want {
		t.Errorf("got %q, %v; want %s", got, err, want)
	}
}

// TestRawContainers copies arrays and objects whose strings hold
// brackets, quotes and backslashes, at the top and nested.
func TestRawContainers(t *testing.T) {
	doc := ` {"a" : [1, "]}\"\\", {"b":{ }}, [] ] , "c":{"d":"}"}} `
	want := map[string]string{"a": `[1, "]}\"\\", {"b":{ }}, [] ]`, "c": `{"d":"}"}`}
	decodeWith(t, doc, func(d *Decoder, root Value) {
		if got := string(d.Raw(root)); got != strings.TrimSpace(doc) {
			t.Errorf("Raw(root) = %s", got)
		}
		for k, v := range d.Members(root) {
			if got := string(d.Raw(v)); got != want[string(k)] {
				t.Errorf("Raw(%s) = %s, want %s", k, got, want[string(k)])
			}
		}
	})
}

// randomObject writes an object of up to 150 members whose keys come from
// a pool, small or large, escaped or not, so that some repeat, with
// objects inside it, small and large.
func randomObject(r *rand.Rand, b *strings.Builder, depth int) {
	b.WriteString("{")
	n := r.IntN(150)
	if r.IntN(2) == 0 {
		n = r.IntN(6)
	}
	pool := 400
	if r.IntN(2) == 0 {
		pool = 1_000_000
	}
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		key := "k" + strconv.Itoa(r.IntN(pool))
		if r.IntN(8) == 0 {
			key = `\u006b` + key[1:]
		}
		b.WriteString(`"` + key + `":`)
		if depth < 3 && r.IntN(10) == 0 {
			randomObject(r, b, depth+1)
		} else {
			b.WriteString("1")
		}
	}
	b.WriteString("}")
}

// repeatsAKey is the independent judge of duplicate keys: encoding/json's
// tokens, one map of keys per object.
func repeatsAKey(dec *json.Decoder) bool {
	tok, _ := dec.Token()
	if tok != json.Delim('{') {
		return false
	}
	seen := map[string]bool{}
	for dec.More() {
		key, _ := dec.Token()
		if seen[key.(string)] {
			return true
		}
		seen[key.(string)] = true
		if repeatsAKey(dec) {
			return true
		}
	}
	dec.Token()
	return false
}

// TestDuplicateKeysRandom judges duplicate keys in seeded random nested
// objects, large and small, escaped keys among them, against a map per
// object: both the comparisons of small objects and the key table of
// large ones, growing while objects inside them come and go.
func TestDuplicateKeysRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 1))
	refused := 0
	for range 3000 {
		var b strings.Builder
		randomObject(r, &b, 0)
		doc := b.String()
		want := repeatsAKey(json.NewDecoder(strings.NewReader(doc)))
		d := newDecoder([]byte(doc))
		_, ok := d.root()
		if ok == want || !ok && d.errs[0].Kind != unionflat.KindDuplicate {
			t.Fatalf("%s: parsed=%v (%v), repeats a key=%v", doc, ok, d.problems(), want)
		}
		if !ok {
			refused++
		}
		d.release()
	}
	if refused < 300 || refused > 2700 {
		t.Errorf("%d of 3000 documents repeat a key: the generator misses one side", refused)
	}
}
