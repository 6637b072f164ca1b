package benchmarks

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/unionflat/unionflat/internal/fixtures/canvas"
	hostiles "github.com/unionflat/unionflat/internal/hostile"
)

// smallDoc is the canvas fixture's benchmark document, about 1 KB; its
// parts, which larger documents repeat the shapes of, are the fixture's
// too.
var smallDoc = []byte(canvas.BenchDoc)

const (
	docHead         = canvas.BenchDocHead
	smallShapes     = canvas.BenchShapes
	docTail         = canvas.BenchDocTail
	smallShapeCount = canvas.BenchShapeCount
)

// largeDoc is a valid Draw of at least size bytes: the small document's
// shapes repeated as often as it takes.
func largeDoc(size int) []byte {
	repeats := max(1, (size-len(docHead)-len(docTail))/(len(smallShapes)+1)+1)
	var b bytes.Buffer
	b.Grow(len(docHead) + repeats*(len(smallShapes)+1) + len(docTail))
	b.WriteString(docHead)
	for i := range repeats {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(smallShapes)
	}
	b.WriteString(docTail)
	return b.Bytes()
}

// A hostile input: a document written to make a decoder slow or greedy.
type hostile struct {
	key  string // the benchmark's name
	name string // the table's
	doc  []byte
}

// hostileSize is the size every hostile input is built to, about 1 MB.
const hostileSize = 1 << 20

// hostileInputs builds the hostile inputs the performance issue lists,
// each about 1 MB.
func hostileInputs() []hostile {
	return []hostile{
		{"nesting", "1 MB of [[[[", bytes.Repeat([]byte("["), hostileSize)},
		{"escaped-value", "1 MB string of escapes as a value", withMember(`"notes":"` + escapes(hostileSize/6) + `"`)},
		{"escaped-key", "1 MB string of escapes as a key", withMember(`"` + escapes(hostileSize/6) + `":1`)},
		{"double-serialized", "double-serialized in double-serialized", doubleSerialized(hostileSize)},
		{"100000-keys", "100,000 keys", manyKeys(100_000)},
		{"31-escaped-keys", "31 escaped keys of 33 KB", longEscapedKeys(31, 33<<10)},
	}
}

// escapes is n escaped characters, \u0061 each (six bytes for one "a").
func escapes(n int) string {
	return strings.Repeat(`\u0061`, n)
}

// withMember is the small document with one more member first.
func withMember(member string) []byte {
	return []byte(`{` + member + `,` + string(smallDoc[1:]))
}

// doubleSerialized is a Draw whose shapes array arrives as a string, and
// in it every label's style arrives as a string again: a
// double-serialized value inside a double-serialized value, which
// DecodeDraw repairs and encoding/json rejects. It holds the small
// document's shapes repeated up to about size bytes.
func doubleSerialized(size int) []byte {
	label := `{"kind":"label","text":"Quarterly revenue","font":"serif","style":` +
		hostiles.Quote(`{"fill":{"mode":"solid","color":"#336699"},"stroke":1.5,"tags":["title","bold"],"opacity":0.9}`) + `}`
	var shapes strings.Builder
	shapes.WriteString(`[`)
	for shapes.Len() < size*4/5 {
		if shapes.Len() > 1 {
			shapes.WriteString(`,`)
		}
		shapes.WriteString(label)
		shapes.WriteString(`,`)
		shapes.WriteString(smallShapes)
	}
	shapes.WriteString(`]`)
	return []byte(`{"canvas":"123e4567-e89b-12d3-a456-426614174000","shapes":` + hostiles.Quote(shapes.String()) + `}`)
}

// manyKeys is the small document with n unknown keys before its own.
func manyKeys(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `"k%05x":0,`, i)
	}
	s := b.String()
	return withMember(s[:len(s)-1])
}

// longEscapedKeys is the small document with n unknown keys of size bytes
// each, all escapes, that differ only in their last character: every
// comparison between two of them runs to their ends.
func longEscapedKeys(n, size int) []byte {
	var b strings.Builder
	prefix := escapes(size/6 - 1)
	for i := range n {
		fmt.Fprintf(&b, `"%s\u%04x":%d,`, prefix, 'A'+i, i)
	}
	s := b.String()
	return withMember(s[:len(s)-1])
}
