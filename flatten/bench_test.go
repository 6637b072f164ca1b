package flatten_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/internal/synthetic"
)

// benchDoc is a schema of about 1 MB, all unions (see synthetic.UnionSchema).
var benchDoc, _ = synthetic.UnionSchema(1<<20, 0)

// BenchmarkJSON flattens a generated schema of about 1 MB. Compare its
// MB/s with BenchmarkBaselineJSONUnmarshal, run on the same bytes.
func BenchmarkJSON(b *testing.B) {
	b.SetBytes(int64(len(benchDoc)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := flatten.JSON(benchDoc, flatten.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkJSONIndent is BenchmarkJSON with indented output.
func BenchmarkJSONIndent(b *testing.B) {
	b.SetBytes(int64(len(benchDoc)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := flatten.JSON(benchDoc, flatten.Options{Indent: "  "}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBaselineJSONUnmarshal is the baseline: encoding/json reading
// the same document into an any.
func BenchmarkBaselineJSONUnmarshal(b *testing.B) {
	b.SetBytes(int64(len(benchDoc)))
	b.ReportAllocs()
	for b.Loop() {
		var v any
		if err := json.Unmarshal(benchDoc, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBenchDoc keeps the benchmark honest: its document is the size it
// claims and every one of its unions is flattened.
func TestBenchDoc(t *testing.T) {
	if n := len(benchDoc); n < 1<<20-4096 || n > 1<<20+4096 {
		t.Errorf("benchmark document is %d bytes, want about 1 MB", n)
	}
	res, err := flatten.JSON(benchDoc, flatten.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 0 || bytes.Contains(res.Schema, []byte(`"oneOf"`)) {
		t.Errorf("unions left in the benchmark document: %v", res.Diagnostics)
	}
}
