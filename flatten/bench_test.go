package flatten_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/flatten"
)

// unionDoc generates a schema document of about size bytes: a $defs of
// message-part unions (text, image, file), each with a union in array
// items, a union as a map value, a nullable $ref to the previous union and
// a variant reached through $ref, and root properties that use them.
//
// pad lengthens each union's description by about that many bytes (with
// escapes and non-ASCII text), for large documents that are cheap to read.
func unionDoc(size, pad int) (doc []byte, unions int) {
	desc := strings.Repeat(`Lorem ipsum \\ \"dolor\" sit amet, é ✓. `, pad/40)
	var b bytes.Buffer
	b.Grow(size + 4096)
	b.WriteString(`{"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{`)
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		prev := `{"type":"null"}`
		if i > 0 {
			prev = fmt.Sprintf(`{"anyOf":[{"$ref":"#/$defs/U%d"},{"type":"null"}]}`, i-1)
		}
		fmt.Fprintf(&b, `"U%d":{"description":"Part %d.%s","oneOf":[
{"type":"object","description":"Text.","properties":{"type":{"const":"text"},"text":{"type":"string","minLength":1,"description":"The body."},
"format":{"type":"string","enum":["plain","markdown"]},
"tags":{"type":"array","items":{"anyOf":[
{"type":"object","properties":{"k":{"const":"name"},"v":{"type":"string"}},"required":["k","v"],"additionalProperties":false},
{"type":"object","properties":{"k":{"const":"id"},"v":{"type":"integer"}},"required":["k","v"],"additionalProperties":false}]}}},
"required":["type","text"],"additionalProperties":false},
{"type":"object","properties":{"type":{"enum":["image","picture"]},"url":{"type":"string","format":"uri"},
"meta":{"type":"object","additionalProperties":{"oneOf":[
{"type":"object","properties":{"t":{"const":"n"},"n":{"type":"number"}},"required":["t"]},
{"type":"object","properties":{"t":{"const":"s"},"s":{"type":"string"}},"required":["t"]}]}},
"prev":%s},"required":["type","url"],"additionalProperties":false},
{"$ref":"#/$defs/F%d"}]},
"F%d":{"type":"object","properties":{"type":{"const":"file"},"name":{"type":"string"},"size":{"type":"integer","minimum":0},"text":{"type":"string","maxLength":99}},
"required":["type","name"],"additionalProperties":false}`, i, i, desc, prev, i, i)
		unions++
	}
	last := unions - 1
	fmt.Fprintf(&b, `},"type":"object","properties":{"parts":{"type":"array","items":{"$ref":"#/$defs/U%d"}},"first":{"$ref":"#/$defs/U0"}},"required":["parts"]}`, last)
	return b.Bytes(), unions
}

var benchDoc, _ = unionDoc(1<<20, 0)

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
