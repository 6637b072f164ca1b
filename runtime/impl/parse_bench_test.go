package impl

import (
	"encoding/json"
	"strings"
	"testing"
)

// benchParseDoc is about 1 KB of a typical tool call: objects of short
// keys, small numbers and strings, nested two deep.
var benchParseDoc = []byte(`{"shapes":[` + strings.Repeat(
	`{"kind":"rect","origin":{"x":10,"y":20},"width":640,"closed":true,"text":"Quarterly revenue"},`, 11) +
	`{"kind":"circle","radius":5.5}]}`)

// BenchmarkParse measures the parser alone on the 1 KB document, beside
// json.Valid's one scan of the same bytes.
func BenchmarkParse(b *testing.B) {
	b.Run("parse", func(b *testing.B) {
		b.SetBytes(int64(len(benchParseDoc)))
		b.ReportAllocs()
		for b.Loop() {
			d := newDecoder(benchParseDoc)
			if _, ok := d.root(); !ok {
				b.Fatal(d.problems())
			}
			d.release()
		}
	})
	b.Run("json.Valid", func(b *testing.B) {
		b.SetBytes(int64(len(benchParseDoc)))
		for b.Loop() {
			if !json.Valid(benchParseDoc) {
				b.Fatal("invalid")
			}
		}
	})
}
