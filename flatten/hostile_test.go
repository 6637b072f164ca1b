package flatten_test

import (
	"bytes"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/internal/synthetic"
)

// syntaxError flattens data and returns the *SyntaxError it must fail
// with.
func syntaxError(t *testing.T, data []byte) *flatten.SyntaxError {
	t.Helper()
	res, err := flatten.JSON(data, flatten.Options{})
	var se *flatten.SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("%.60q: want a *SyntaxError, got %v (output %.80s)", data, err, res.Schema)
	}
	if se.Offset < 0 || se.Offset > int64(len(data)) {
		t.Fatalf("%.60q: offset %d outside the input", data, se.Offset)
	}
	return se
}

func wantOffset(t *testing.T, data []byte, offset int64) {
	t.Helper()
	if se := syntaxError(t, data); se.Offset != offset {
		t.Errorf("%.60q: offset %d, want %d (%v)", data, se.Offset, offset, se)
	}
}

// noHang runs f and fails when it has not returned in a minute: a guard
// against endless loops, not a measure of speed.
func noHang(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("did not terminate")
	}
}

func TestHostileDeepNesting(t *testing.T) {
	const n = 10000
	for _, c := range []struct {
		name        string
		open, close string
	}{
		{"arrays", `[`, `]`},
		{"objects", `{"a":`, `}`},
		{"schemas", `{"properties":{"p":`, `}}`},
		{"unions", `{"oneOf":[`, `]}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			deep := []byte(strings.Repeat(c.open, n) + "1" + strings.Repeat(c.close, n))
			// The offset is the first bracket too deep, at level MaxDepth+1.
			want, level := int64(-1), 0
			for i, ch := range deep {
				if ch == '[' || ch == '{' {
					if level++; level == flatten.MaxDepth+1 {
						want = int64(i)
						break
					}
				}
			}
			wantOffset(t, deep, want)
			unclosed := deep[:len(deep)/2]
			syntaxError(t, unclosed)
		})
	}
	// Exactly MaxDepth levels are read.
	ok := []byte(strings.Repeat("[", flatten.MaxDepth) + strings.Repeat("]", flatten.MaxDepth))
	res, err := flatten.JSON(ok, flatten.Options{})
	if err != nil || !bytes.Equal(res.Schema, ok) {
		t.Errorf("MaxDepth levels: %v", err)
	}
	wantOffset(t, []byte("["+string(ok)+"]"), 0+flatten.MaxDepth)
}

func TestHostileRefLoops(t *testing.T) {
	obj := func(k string) string {
		return `{"type":"object","properties":{"k":{"const":"` + k + `"}},"required":["k"]}`
	}
	for _, c := range []struct{ name, doc string }{
		{"a-b-a", `{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"oneOf":[{"$ref":"#/$defs/a"},` + obj("x") + `]}`},
		{"self", `{"$defs":{"a":{"$ref":"#/$defs/a"}},"anyOf":[{"$ref":"#/$defs/a"},` + obj("x") + `]}`},
		{"root-self", `{"$ref":"#","oneOf":[{"$ref":"#"},` + obj("x") + `]}`},
		{"union-member-refs-itself", `{"$defs":{"u":{"oneOf":[{"$ref":"#/$defs/u"},` + obj("x") + `]}},"$ref":"#/$defs/u"}`},
		{"two-unions-member-of-each-other", `{"$defs":{
			"u":{"oneOf":[{"$ref":"#/$defs/v"},` + obj("x") + `]},
			"v":{"oneOf":[{"$ref":"#/$defs/u"},` + obj("y") + `]}},"$ref":"#/$defs/u"}`},
		{"cycle-through-a-variant-property", `{"$defs":{
			"A":{"oneOf":[{"$ref":"#/$defs/B"},` + obj("c") + `]},
			"B":{"type":"object","properties":{"k":{"const":"b"},"x":{"oneOf":[{"$ref":"#/$defs/A"},` + obj("d") + `]}},"required":["k"]}},
			"$ref":"#/$defs/A"}`},
		{"cycle-through-a-collision", `{"$defs":{"a":{"oneOf":[
			{"type":"object","properties":{"k":{"const":"x"},"p":{"$ref":"#/$defs/a"}},"required":["k"]},
			{"type":"object","properties":{"k":{"const":"y"},"p":{"type":"string"}},"required":["k"]}]}},"$ref":"#/$defs/a"}`},
		{"collision-ref-loop", `{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"oneOf":[
			{"type":"object","properties":{"k":{"const":"x"},"p":{"$ref":"#/$defs/a"}},"required":["k"]},
			{"type":"object","properties":{"k":{"const":"y"},"p":{"type":"string"}},"required":["k"]}]}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			noHang(t, func() {
				res, err := flatten.JSON([]byte(c.doc), flatten.Options{})
				if err != nil {
					t.Errorf("flatten: %v", err)
					return
				}
				again, err := flatten.JSON(res.Schema, flatten.Options{})
				if err != nil || !bytes.Equal(again.Schema, res.Schema) {
					t.Errorf("not idempotent:\n once %s\ntwice %s", res.Schema, again.Schema)
				}
			})
		})
	}
}

// A long chain of unions, each needing the flat form of the next through
// a $ref, is handled without a stack overflow (which no recover can
// catch) and ends up flat. Unbounded, each link took about 3 KB of stack:
// 300,000 links (60 MB) overflowed the default 1 GB limit. The test lowers
// the limit, so that a shorter chain proves the bound.
func TestHostileRefChain(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(32 << 20))
	const n = 20000
	var b bytes.Buffer
	b.WriteString(`{"$defs":{`)
	for i := range n {
		fmt.Fprintf(&b, `"d%d":{"oneOf":[{"type":"object","properties":{"k":{"const":"a"},"p":{"$ref":"#/$defs/d%d"}},"required":["k"]},`+
			`{"type":"object","properties":{"k":{"const":"b"},"p":{"type":"string"}},"required":["k"]}]},`, i, i+1)
	}
	fmt.Fprintf(&b, `"d%d":{"type":"object"}},"$ref":"#/$defs/d0"}`, n)
	res, err := flatten.JSON(b.Bytes(), flatten.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(res.Schema, []byte(`"oneOf"`)) || len(res.Diagnostics) > 0 {
		t.Errorf("unions left: %d diagnostics", len(res.Diagnostics))
	}
	if got := bytes.Count(res.Schema, []byte(`"k":{"type":"string","enum":["a","b"]}`)); got != n {
		t.Errorf("%d flat discriminators, want %d", got, n)
	}
}

func TestHostileDuplicateKeys(t *testing.T) {
	for _, c := range []struct {
		doc    string
		offset int64
	}{
		{`{"a":1,"a":2}`, 7},
		{`{"a":1,"\u0061":2}`, 7},
		{`{"a":1, "b":{"c":[],"c":{}}}`, 20},
		{`[{"x":0},{"y":1,"y":1}]`, 16},
		{`{"k0":0,"k1":0,"k2":0,"k3":0,"k4":0,"k5":0,"k6":0,"k7":0,"k8":0,"k9":0,"k3":1}`, 71},
		{`{"oneOf":[{"type":"object"},{"type":"object"}],"oneOf":[]}`, 47},
	} {
		wantOffset(t, []byte(c.doc), c.offset)
	}
	// Many members: the duplicate is found through the index.
	var b strings.Builder
	b.WriteString("{")
	for i := range 100000 {
		fmt.Fprintf(&b, `"k%d":%d,`, i, i)
	}
	off := b.Len()
	b.WriteString(`"k77777":0}`)
	wantOffset(t, []byte(b.String()), int64(off))
}

func TestHostileEncoding(t *testing.T) {
	for _, c := range []struct {
		doc    string
		offset int64
	}{
		{"{\"a\":\"\xff\"}", 6},
		{"{\"\xc3\":1}", 2},
		{"\"ok \xc0\xaf\"", 4},            // overlong
		{"\"\xed\xa0\x80\"", 1},           // a surrogate spelled in UTF-8
		{"\"\xe2\x82\"", 1},               // truncated sequence
		{"\"\\n\\t\xf5\x80\x80\x80\"", 5}, // invalid after escapes
		{`"\ud800"`, 7},
		{`"\udc00"`, 7},
		{`"\ud800\u0041"`, 13},
		{`"\ud800x"`, 7},
		{`"\ud83d"`, 7},
		{`"\u12"`, 3},
		{`"\uzzzz"`, 3},
		{`"\x"`, 1},
		{"\"a\x01\"", 2},
		{"\xef\xbb\xbf{}", 0}, // a byte order mark is not JSON
	} {
		wantOffset(t, []byte(c.doc), c.offset)
	}
	res, err := flatten.JSON([]byte(`{"s":"\ud83d\ude00 \u00e9\u2028\"\\\/"}`), flatten.Options{})
	if err != nil || string(res.Schema) != `{"s":"😀 é\u2028\"\\/"}` {
		t.Errorf("escapes: %s, %v", res.Schema, err)
	}
}

func TestHostileTruncatedAndTrailing(t *testing.T) {
	doc := `{"oneOf":[{"type":"object","properties":{"k":{"const":"a"},"n":{"type":"number","minimum":-1.5e3}},"required":["k"]},` +
		`{"type":"object","properties":{"k":{"const":"b\u00e9"}},"required":["k"]}],"x":[true,false,null]}`
	if _, err := flatten.JSON([]byte(doc), flatten.Options{}); err != nil {
		t.Fatal(err)
	}
	for i := range len(doc) {
		syntaxError(t, []byte(doc[:i]))
	}
	for _, c := range []struct {
		doc    string
		offset int64
	}{
		{`{} x`, 3}, {`{}{}`, 2}, {"[] \n]", 4}, {`1 2`, 2}, {"{}\x00", 2}, {`"a""b"`, 3},
		{`[1,]`, 3}, {`{"a":1,}`, 7}, {`01`, 0}, {`-01`, 1}, {`1.`, 2}, {`.5`, 0}, {`+1`, 0}, {`1e+`, 3},
		{`NaN`, 0}, {`tru`, 0}, {`nul`, 0}, {`'a'`, 0}, {`{"a" 1}`, 5}, {`{a:1}`, 1}, {`// c` + "\n{}", 0}, {``, 0}, {"  \n", 3},
	} {
		wantOffset(t, []byte(c.doc), c.offset)
	}
}

// Numbers keep their exact text; big ones do not pass through float64.
func TestHostileNumbers(t *testing.T) {
	in := `{"const":123456789012345678901234567890,"minimum":1e400,"maximum":-0.000000000000000000001,"multipleOf":1.10,"x":-0}`
	res, err := flatten.JSON([]byte(in), flatten.Options{})
	if err != nil || string(res.Schema) != in {
		t.Errorf("got %s, %v", res.Schema, err)
	}
}

// A 50 MB document: a $defs of about eleven thousand definitions, half of
// them unions with long descriptions, every one flattened. It also guards
// against work that grows with the square of the size, which would not
// finish here.
func TestHostileLargeDocument(t *testing.T) {
	doc, unions := synthetic.UnionSchema(50<<20, 8000)
	if len(doc) < 50<<20 {
		t.Fatalf("document is %d bytes", len(doc))
	}
	start := time.Now()
	res, err := flatten.JSON(doc, flatten.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d bytes, %d unions, flattened in %v", len(doc), unions, time.Since(start))
	if len(res.Diagnostics) != 0 {
		t.Errorf("%d diagnostics, first %v", len(res.Diagnostics), res.Diagnostics[0])
	}
	if bytes.Contains(res.Schema, []byte(`"oneOf"`)) {
		t.Error("a oneOf is left")
	}
	count := func(s string) int { return bytes.Count(res.Schema, []byte(s)) }
	if got := count(`"type":{"type":"string","enum":["text","image","picture","file"],"description":"text: Text."}`); got != unions {
		t.Errorf("%d flat part discriminators, want %d", got, unions)
	}
	if got := count(`"k":{"type":"string","enum":["name","id"]}`); got != unions {
		t.Errorf("%d flat tag discriminators, want %d", got, unions)
	}
	if got := count(`"t":{"type":"string","enum":["n","s"]}`); got != unions {
		t.Errorf("%d flat meta discriminators, want %d", got, unions)
	}
}
