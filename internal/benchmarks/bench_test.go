package benchmarks

import (
	"bytes"
	"flag"
	"runtime"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

var large = flag.Bool("large", false, "also measure the 100 MB document (about 2.3 GB of memory at the peak)")

// The sized documents reach 10 MB, and 100 MB with -large, past the cap
// the runtime puts on an input (unionflat.MaxInputBytes, 4 MiB by
// default, which refuses them unread): the benchmarks measure decoding
// per byte at those sizes, so every process of theirs, the cold part's
// included, raises the cap past the largest.
func init() { unionflat.MaxInputBytes = 1 << 30 }

// A valid document of one size.
type sized struct {
	key  string // the benchmark's name
	name string // the table's
	doc  []byte
}

// sizedDocs are the valid documents measured per byte: 1 KB, 1 MB, 10 MB
// and, with -large, 100 MB. The first is the small document itself.
func sizedDocs() []sized {
	docs := []sized{
		{"1KB", "1 KB", smallDoc},
		{"1MB", "1 MB", largeDoc(1 << 20)},
		{"10MB", "10 MB", largeDoc(10 << 20)},
	}
	if *large {
		docs = append(docs, sized{"100MB", "100 MB", largeDoc(100 << 20)})
	}
	return docs
}

// sizedDoc is the document of sizedDocs with the given key, built alone,
// for a process that measures one of them.
func sizedDoc(key string) ([]byte, bool) {
	switch key {
	case "1KB":
		return smallDoc, true
	case "1MB":
		return largeDoc(1 << 20), true
	case "10MB":
		return largeDoc(10 << 20), true
	case "100MB":
		return largeDoc(100 << 20), true
	}
	return nil, false
}

// decodeLoop is the body of every benchmark: decode doc b.N times. A
// decoder that must take the document (a valid one) fails the benchmark
// when it does not.
func decodeLoop(b *testing.B, d decoder, doc []byte, mustTake bool) {
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := d.decode(doc); err != nil && mustTake {
			b.Fatalf("%s: %v", d.name, err)
		}
	}
}

// benchDecoders runs one sub-benchmark per decoder on doc, named
// key/decoder.
func benchDecoders(b *testing.B, key string, doc []byte, decoders []decoder, mustTake bool) {
	for _, d := range decoders {
		b.Run(key+"/"+d.key, func(b *testing.B) { decodeLoop(b, d, doc, mustTake) })
	}
}

// BenchmarkSize measures every decoder on the valid document of every
// size; -benchmem or not, it reports allocations.
func BenchmarkSize(b *testing.B) {
	for _, s := range sizedDocs() {
		benchDecoders(b, s.key, s.doc, allDecoders, true)
	}
}

// BenchmarkCold measures DecodeDraw with its pools emptied before every
// decode (two garbage collections, outside the timer). The 1 KB document
// is left out here, since a second of decodes would take thousands of
// collections; the table measures it cold with a fixed count instead.
func BenchmarkCold(b *testing.B) {
	for _, s := range sizedDocs()[1:] {
		b.Run(s.key+"/"+unionflatDecoder.key, func(b *testing.B) {
			b.SetBytes(int64(len(s.doc)))
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				emptyPools()
				b.StartTimer()
				if _, err := unionflatDecoder.decode(s.doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkHostile measures DecodeDraw, encoding/json and json.Valid on
// every hostile input; a decoder may refuse one.
func BenchmarkHostile(b *testing.B) {
	for _, h := range hostileInputs() {
		benchDecoders(b, h.key, h.doc, hostileDecoders, false)
	}
}

// TestDocumentMatchesFixture checks that the 1 KB document is the
// fixture's kind of input: about 1 KB, and DecodeDraw reads all its
// shapes.
func TestDocumentMatchesFixture(t *testing.T) {
	if len(smallDoc) < 900 || len(smallDoc) > 1200 {
		t.Errorf("the small document is %d bytes, want about 1 KB", len(smallDoc))
	}
	shapes, err := unionflatDecoder.decode(smallDoc)
	if err != nil {
		t.Fatal(err)
	}
	if shapes != smallShapeCount {
		t.Errorf("DecodeDraw read %d shapes, want %d", shapes, smallShapeCount)
	}
}

// TestEveryDecoderTakesTheDocuments keeps the benchmarks honest: every
// decoder, santhosh-tekuri's validation and dispatch included, takes the
// 1 KB document and a larger one, and every decoder but json.Valid reads
// every shape.
func TestEveryDecoderTakesTheDocuments(t *testing.T) {
	for _, doc := range [][]byte{smallDoc, largeDoc(64 << 10)} {
		want := bytes.Count(doc, []byte(`"kind":`)) // one a shape
		for _, d := range smallDecoders {
			shapes, err := d.decode(doc)
			if err != nil {
				t.Errorf("%s refuses a %d-byte document: %v", d.name, len(doc), err)
			}
			if d.key != validDecoder.key && shapes != want {
				t.Errorf("%s read %d shapes of a %d-byte document, want %d", d.name, shapes, len(doc), want)
			}
		}
	}
}

// TestHostileInputs checks that every hostile input is what its name says:
// its size, and which decoders refuse it.
func TestHostileInputs(t *testing.T) {
	wantRefused := map[string][3]bool{ // DecodeDraw, encoding/json, json.Valid
		"nesting":           {true, true, true},
		"escaped-value":     {true, false, false}, // notes has maxLength 500
		"escaped-key":       {true, false, false}, // an unknown property
		"double-serialized": {false, true, false}, // DecodeDraw repairs it
		"100000-keys":       {true, false, false},
		"31-escaped-keys":   {true, false, false},
	}
	for _, h := range hostileInputs() {
		if len(h.doc) < hostileSize*9/10 || len(h.doc) > hostileSize*13/10 {
			t.Errorf("%s: %d bytes, want about 1 MB", h.name, len(h.doc))
		}
		for i, d := range hostileDecoders {
			_, err := d.decode(h.doc)
			if refused := err != nil; refused != wantRefused[h.key][i] {
				t.Errorf("%s: %s refused it: %v (err %v)", h.name, d.name, refused, err)
			}
		}
	}
}

// emptyPools empties the runtime's pools (sync.Pool keeps its items
// through one collection, as victims, and drops them in the next).
func emptyPools() {
	runtime.GC()
	runtime.GC()
}
