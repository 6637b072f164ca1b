package benchmarks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"testing"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/internal/synthetic"
)

// schemaPad is how many bytes of description each union of the flatten
// schemas carries (see synthetic.UnionSchema): about a sentence per
// variant, as a generated schema's doc comments give it.
const schemaPad = 200

// schemaDocs are the schemas flatten is measured on: 100 KB, 1 MB and
// 10 MB of union definitions.
func schemaDocs() []sized {
	doc := func(size int) []byte {
		d, _ := synthetic.UnionSchema(size, schemaPad)
		return d
	}
	return []sized{
		{"100KB", "100 KB", doc(100 << 10)},
		{"1MB", "1 MB", doc(1 << 20)},
		{"10MB", "10 MB", doc(10 << 20)},
	}
}

// The flatten part's two "decoders": flatten.JSON with the default
// options (compact output), and encoding/json reading the same bytes into
// an any and writing them back, the floor any rewrite of a schema pays.
// Both count the oneOfs they leave.
var (
	flattenDecoder = decoder{"flatten", "flatten.JSON", func(data []byte) (int, error) {
		res, err := flatten.JSON(data, flatten.Options{})
		return len(res.Diagnostics), err
	}}
	roundTripDecoder = decoder{"any-round-trip", "encoding/json any round trip (Unmarshal + Marshal)", func(data []byte) (int, error) {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return 0, err
		}
		_, err := json.Marshal(v)
		return 0, err
	}}
	flattenDecoders = []decoder{flattenDecoder, roundTripDecoder}
)

// writeFlatten writes flatten against the round trip at every size.
func writeFlatten(w io.Writer, docs []sized, g []group) {
	fmt.Fprintln(w, "### Flatten against an encoding/json any round trip of the same schema, warm")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| size | flatten ns/byte | flatten B/byte | flatten allocs/op | round trip ns/byte | round trip B/byte | ratio to the round trip |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|")
	for i, s := range docs {
		f, r := g[i].cell(0), g[i].cell(1)
		fmt.Fprintf(w, "| %s | %.3f | %.2f | %d | %.3f | %.2f | %.2f |\n", s.name, f.nsPerByte(), f.bytesPerByte(), f.allocs,
			r.nsPerByte(), r.bytesPerByte(), g[i].ratio(0, 1))
	}
	fmt.Fprintln(w)
}

// BenchmarkFlatten measures flatten.JSON and the round trip on every
// schema.
func BenchmarkFlatten(b *testing.B) {
	for _, s := range schemaDocs() {
		benchDecoders(b, s.key, s.doc, flattenDecoders, true)
	}
}

// TestSchemaDocs checks that every flatten schema has its size, and that
// flatten flattens all of it: no diagnostic, no oneOf left.
func TestSchemaDocs(t *testing.T) {
	for _, s := range schemaDocs() {
		res, err := flatten.JSON(s.doc, flatten.Options{})
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if len(res.Diagnostics) > 0 {
			t.Errorf("%s: %d unions left, first %v", s.name, len(res.Diagnostics), res.Diagnostics[0])
		}
		if n := bytes.Count(res.Schema, []byte(`"oneOf"`)); n > 0 {
			t.Errorf("%s: %d oneOfs left", s.name, n)
		}
		if _, err := roundTripDecoder.decode(s.doc); err != nil {
			t.Errorf("%s: the round trip fails: %v", s.name, err)
		}
	}
	if docs := schemaDocs(); len(docs[0].doc) < 100<<10 || len(docs[2].doc) < 10<<20 || len(docs[2].doc) > 10<<20+8<<10 {
		t.Errorf("schema sizes %d, %d, %d", len(docs[0].doc), len(docs[1].doc), len(docs[2].doc))
	}
}
