package jsonv

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestParseAgreesWithEncodingJSON parses seeded random documents, of every
// size from a few bytes to past the interning threshold, with escaped and
// unescaped strings, short and long, and containers of every size around
// the parser's block size, and checks that each reads as encoding/json
// reads it: the same values, in the same order, and that writing it back
// gives a document that encoding/json reads alike and that reads back
// to the same bytes.
func TestParseAgreesWithEncodingJSON(t *testing.T) {
	for seed := range uint64(300) {
		r := rand.New(rand.NewPCG(seed, 12))
		var b bytes.Buffer
		writeRandom(r, &b, 0, 1+int(seed%40)*20)
		doc := b.Bytes()
		v, err := Parse(doc)
		if err != nil {
			t.Fatalf("seed %d: %v in %.200s", seed, err, doc)
		}
		var want any
		dec := json.NewDecoder(bytes.NewReader(doc))
		dec.UseNumber()
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("seed %d: encoding/json: %v", seed, err)
		}
		if got := toAny(v); !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: parsed %v, encoding/json %v", seed, got, want)
		}
		out := Encode(nil, v, "")
		var back any
		dec = json.NewDecoder(bytes.NewReader(out))
		dec.UseNumber()
		if err := dec.Decode(&back); err != nil || !reflect.DeepEqual(back, want) {
			t.Fatalf("seed %d: written back as %.200s (%v)", seed, out, err)
		}
		if again, err := Parse(out); err != nil || !bytes.Equal(Encode(nil, again, ""), out) {
			t.Fatalf("seed %d: the written document reads back otherwise (%v)", seed, err)
		}
	}
}

// TestParsedContainersAreCapped checks that the members and items the
// parser hands out, which share blocks, cannot be appended into their
// neighbours.
func TestParsedContainersAreCapped(t *testing.T) {
	v, err := Parse([]byte(`[{"a":1},{"b":2},[3],[4]]`))
	if err != nil {
		t.Fatal(err)
	}
	_ = append(v.Items[0].Members, KV("x", True))
	_ = append(v.Items[2].Items, True)
	if got := string(Encode(nil, v, "")); got != `[{"a":1},{"b":2},[3],[4]]` {
		t.Errorf("after appends the document reads %s", got)
	}
}

// writeRandom writes a random JSON value of at most about budget nodes.
func writeRandom(r *rand.Rand, b *bytes.Buffer, depth, budget int) int {
	if depth > 6 || budget <= 1 || r.IntN(3) == 0 {
		writeScalar(r, b)
		return 1
	}
	n := r.IntN(min(budget, 300)) // past blockLen/4 for large documents
	used := 1
	if r.IntN(2) == 0 {
		b.WriteByte('[')
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			used += writeRandom(r, b, depth+1, (budget-used)/max(n-i, 1))
		}
		b.WriteByte(']')
		return used
	}
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(r, b, fmt.Sprintf("k%d", i))
		b.WriteByte(':')
		used += writeRandom(r, b, depth+1, (budget-used)/max(n-i, 1))
	}
	b.WriteByte('}')
	return used
}

func writeScalar(r *rand.Rand, b *bytes.Buffer) {
	switch r.IntN(6) {
	case 0:
		b.WriteString([]string{"null", "true", "false"}[r.IntN(3)])
	case 1:
		b.WriteString([]string{"0", "-1", "1.5", "2e10", "-0.25E-3", "123456789012345678901234567890"}[r.IntN(6)])
	default:
		writeString(r, b, "")
	}
}

// writeString writes a JSON string: prefix, then random text, raw or
// escaped, short (interned) or long.
func writeString(r *rand.Rand, b *bytes.Buffer, prefix string) {
	pieces := []string{"a", "type", "é", "✓", "😀", `\"`, `\\`, `\/`, `\n`, `\t`, `\u00e9`, `\ud83d\ude00`, `\u2028`, " ", "Lorem ipsum "}
	b.WriteByte('"')
	b.WriteString(prefix)
	n := r.IntN(4)
	if r.IntN(4) == 0 {
		n = 10 + r.IntN(40)
	}
	for range n {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	b.WriteByte('"')
}

// toAny is v as encoding/json decodes it with UseNumber, object members
// in a map.
func toAny(v *Value) any {
	switch v.Kind {
	case KindNull:
		return nil
	case KindBool:
		return v.Boolean
	case KindNumber:
		return json.Number(v.Text)
	case KindString:
		return v.Text
	case KindArray:
		out := make([]any, len(v.Items))
		for i, it := range v.Items {
			out[i] = toAny(it)
		}
		return out
	}
	out := make(map[string]any, len(v.Members))
	for _, m := range v.Members {
		out[m.Key] = toAny(m.Val)
	}
	return out
}

// TestSlabAgreesWithTheHeap builds with a Slab what With, Strs and
// Object build on the heap, for every key of seeded random objects (set,
// replaced, removed, and absent), and checks the same documents come
// out; then that appending to what the slab handed out leaves its
// neighbours alone.
func TestSlabAgreesWithTheHeap(t *testing.T) {
	var s Slab
	var made []*Value // everything the slab made, with its text when made
	var texts []string
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 3))
		var b bytes.Buffer
		b.WriteByte('{')
		n := r.IntN(40)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"k%d":`, i)
			writeRandom(r, &b, 1, 4)
		}
		b.WriteByte('}')
		v, err := Parse(b.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		key := fmt.Sprintf("k%d", r.IntN(n+2)) // sometimes absent
		for _, val := range []*Value{nil, True, s.Str("x")} {
			got, want := s.With(v, key, val), v.With(key, val)
			if g, w := string(Encode(nil, got, "")), string(Encode(nil, want, "")); g != w {
				t.Fatalf("seed %d: With(%q, %v) in a slab %s, on the heap %s", seed, key, val, g, w)
			}
			made, texts = append(made, got), append(texts, string(Encode(nil, got, "")))
		}
		names := []string{key, "a", "b"}[:r.IntN(3)+1]
		if g, w := string(Encode(nil, s.Strs(names), "")), string(Encode(nil, Strs(names), "")); g != w {
			t.Fatalf("seed %d: Strs in a slab %s, on the heap %s", seed, g, w)
		}
		obj := s.Object(v.Members...)
		made, texts = append(made, obj), append(texts, string(Encode(nil, obj, "")))
	}
	for _, v := range made {
		_ = append(v.Members, KV("appended", True))
	}
	for i, v := range made {
		if got := string(Encode(nil, v, "")); got != texts[i] {
			t.Fatalf("value %d changed after later appends: %s, was %s", i, got, texts[i])
		}
	}
}
