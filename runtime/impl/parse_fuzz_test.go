package impl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// parseSeeds are well-formed and malformed documents, including each
// input the parser deliberately refuses although encoding/json takes it.
var parseSeeds = []string{
	`{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `1.5e-3`, `-12E+30`, `"x"`,
	`{"a":1,"b":[true,false,null],"c":{"d":"\u00e9\ud83d\ude00\n\"\\\/"}}`,
	` [ 1 , 2 ] `, `{"a":1,"a":2}`, `{"\u0061":1,"a":2}`, `[01]`, `[1.]`, `[.5]`, `[1e]`,
	`{"a" 1}`, `{"a":1,}`, `[1,]`, `"\ud800"`, `"\udc00\ud800"`, "\"\xff\"", `"` + "\x01" + `"`,
	`[` + strings.Repeat(`[`, unionflat.MaxDepth) + strings.Repeat(`]`, unionflat.MaxDepth+1), `tru`, `nul`, `{"a":`,
	"\ufeff{}", `1 2`, `"\x"`, `"\u12"`,
	"[" + strings.Repeat("0,", 600) + "0]", "[" + strings.Repeat("[],", 300) + "{}]", // denser than the table's estimate
	manyKeys(40, `"k0"`), manyKeys(40, `"k40"`), manyKeys(70, `"\u006b3"`), `{"a\u00e9":{"a\u00e9":1},"a\u00e9":2}`,
}

// manyKeys is an object of n members k0, k1, ... and then one more named
// last: a seed that takes the parser past comparing keys in pairs.
func manyKeys(n int, last string) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		fmt.Fprintf(&b, `"k%d":%d,`, i, i)
	}
	return b.String() + last + ":[]}"
}

// FuzzParse checks the parser's verdict against encoding/json on any
// bytes: what it accepts, json.Valid accepts and json.Unmarshal reads as
// the same value; what it refuses and json.Valid accepts is one of its
// documented refusals (a duplicate key, invalid UTF-8 or an unpaired
// surrogate in a string, nesting deeper than MaxDepth), never another.
//
//	go test ./runtime -run '^$' -fuzz '^FuzzParse$' -fuzztime 10m
func FuzzParse(f *testing.F) {
	for _, s := range parseSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkParse(t, data) })
}

// checkParse checks the parser's verdict on data against encoding/json.
func checkParse(t *testing.T, data []byte) {
	d := newDecoder(data)
	defer d.release()
	root, ok := d.root()
	valid := json.Valid(data)
	if !ok {
		if valid && !deliberateRefusal(d, data) {
			t.Fatalf("parser refused %q, which encoding/json accepts: %v", data, d.problems())
		}
		return
	}
	if !valid {
		t.Fatalf("parser accepted %q, which encoding/json refuses", data)
	}
	if d.problems() != nil {
		t.Fatalf("parser accepted %q but recorded %v", data, d.problems())
	}
	var want any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&want); err != nil {
		t.Fatalf("encoding/json cannot read %q: %v", data, err)
	}
	got := asAny(d, root)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("parser read %q as %#v, encoding/json as %#v", data, got, want)
	}
}

// deliberateRefusal reports whether the parser refused a document
// json.Valid accepts for one of the reasons it documents.
func deliberateRefusal(d *Decoder, data []byte) bool {
	var errs *unionflat.Errors
	if !errors.As(d.problems(), &errs) || len(errs.List) != 1 {
		return false
	}
	e := errs.List[0]
	switch e.Kind {
	case unionflat.KindDuplicate, unionflat.KindDepth:
		return true
	case unionflat.KindSyntax:
		msg := e.Err.Error()
		if strings.Contains(msg, "invalid UTF-8") {
			return !utf8.Valid(data)
		}
		return strings.Contains(msg, "surrogate")
	}
	return false
}

// asAny rebuilds a parsed value the way encoding/json with UseNumber
// reads it, walking the node table with the Decoder's own readers.
func asAny(d *Decoder, v Value) any {
	n := d.node(v)
	switch n.kind() {
	case nodeNull:
		return nil
	case nodeTrue:
		return true
	case nodeFalse:
		return false
	case nodeNumber:
		return json.Number(d.text(n))
	case nodeString:
		s, _ := d.String(v) // a slice of the gathered string values, or a copy of its own
		return s
	case nodeArray:
		out := []any{}
		for _, item := range d.Items(v) {
			out = append(out, asAny(d, item))
		}
		if n := d.Len(v); n != len(out) {
			panic(fmt.Sprintf("Len is %d, Items yields %d", n, len(out)))
		}
		return out
	}
	out := map[string]any{}
	for k, val := range d.Members(v) {
		out[string(k)] = asAny(d, val)
	}
	return out
}

// TestParseSeeds runs the fuzz property over its seeds in every go test,
// and checks that each deliberate refusal is still one.
func TestParseSeeds(t *testing.T) {
	refused := map[string]unionflat.Kind{
		`{"a":1,"a":2}`:      unionflat.KindDuplicate,
		`{"\u0061":1,"a":2}`: unionflat.KindDuplicate,
		`"\ud800"`:           unionflat.KindSyntax,
		`"\udc00\ud800"`:     unionflat.KindSyntax,
		"\"\xff\"":           unionflat.KindSyntax,
		`[` + strings.Repeat(`[`, unionflat.MaxDepth) + strings.Repeat(`]`, unionflat.MaxDepth+1): unionflat.KindDepth,
	}
	for doc, kind := range refused {
		d := newDecoder([]byte(doc))
		_, ok := d.root()
		var errs *unionflat.Errors
		if ok || !errors.As(d.problems(), &errs) || errs.List[0].Kind != kind {
			t.Errorf("%q: got ok=%v, %v; want a refusal of kind %d", doc, ok, d.problems(), kind)
		}
		d.release()
	}
}

// TestLargeInput reads an input of over a megabyte as encoding/json
// reads it.
func TestLargeInput(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := 0; b.Len() <= 1<<20; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id":%d,"name":"item \u00e9 %d","tags":["a","b\n"],"ratio":%d.5e-1,"ok":true,"none":null,"nested":{"x":[[],{}]}}`, i, i, i)
	}
	b.WriteString(`],"tail":"end"}`)
	data := []byte(b.String())
	d := newDecoder(data)
	defer d.release()
	root, ok := d.root()
	if !ok {
		t.Fatalf("not parsed: %v", d.problems())
	}
	var want any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&want); err != nil {
		t.Fatal(err)
	}
	if got := asAny(d, root); !reflect.DeepEqual(got, want) {
		t.Fatalf("a %d-byte input reads differently from encoding/json", len(data))
	}
}
