package runtime

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestResetTrialCoversEveryField holds resetTrial to every field of
// Decoder: each is one it resets or one it checks is untouched. A field
// added to Decoder fails this test until resetTrial knows of it.
func TestResetTrialCoversEveryField(t *testing.T) {
	resets := []string{"srcs", "scratch", "trial", "reader"}
	checks := []string{"strBuf", "texts", "nodes", "path", "names", "errs", "more", "leastUseful", "keys", "numText",
		"lenient", "keyTable", "keyScratch", "repairs", "moreRepairs", "wraps", "markList", "lateMarks", "late", "markExtras", "byText",
		"counts", "countAt", "nodeLimit", "keySpans", "read", "readEnd", "scanned", "cursors", "nullFix"}
	typ := reflect.TypeFor[Decoder]()
	for i := range typ.NumField() {
		if name := typ.Field(i).Name; !slices.Contains(resets, name) && !slices.Contains(checks, name) {
			t.Errorf("Decoder.%s: resetTrial neither resets nor checks it", name)
		}
	}
	if n := len(resets) + len(checks); n != typ.NumField() {
		t.Errorf("the lists name %d fields, Decoder has %d", n, typ.NumField())
	}
}

// TestResetTrialAgreesWithReset reads seeded random documents in one
// pass, every value by its kind and some as Raw, with checks that fail
// now and then, and holds resetTrial to reset: when it resets, the
// Decoder is as reset leaves it.
func TestResetTrialAgreesWithReset(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 2026))
	fast, full := 0, 0
	for range 3000 {
		var b strings.Builder
		randomJSON(r, &b, 0)
		rd, d := BeginOnePass([]byte(b.String()))
		readAny(r, rd, d)
		rd.space()
		before := *d
		if !d.resetTrial() {
			full++
			if !reflect.DeepEqual(before, *d) {
				t.Fatalf("%s: resetTrial changed the Decoder and reported false", b.String())
			}
			d.release()
			continue
		}
		fast++
		before.reset()
		if !reflect.DeepEqual(before, *d) {
			t.Fatalf("%s: resetTrial left\n%+v\nreset leaves\n%+v", b.String(), *d, before)
		}
		pool.Put(d)
	}
	if fast < 1000 {
		t.Errorf("resetTrial reset %d of %d decoders, want most", fast, fast+full)
	}
	t.Logf("%d reset by resetTrial, %d by reset", fast, full)
}

// randomJSON writes a random value, now and then with escapes, white
// space or a mistake.
func randomJSON(r *rand.Rand, b *strings.Builder, depth int) {
	space := func() {
		if r.IntN(8) == 0 {
			b.WriteString(" \n"[:1+r.IntN(2)])
		}
	}
	space()
	switch k := r.IntN(9); {
	case k < 2 && depth < 4:
		b.WriteByte('{')
		for i := range r.IntN(4) {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote([]string{"a", "b", "é", `q"`, "c"}[r.IntN(5)]))
			b.WriteByte(':')
			randomJSON(r, b, depth+1)
		}
		b.WriteByte('}')
	case k < 4 && depth < 4:
		b.WriteByte('[')
		for i := range r.IntN(12) {
			if i > 0 {
				b.WriteByte(',')
			}
			randomJSON(r, b, depth+1)
		}
		b.WriteByte(']')
	case k < 6:
		b.WriteString(strconv.Quote([]string{"x", "a\tb", "2026-12-02", "not a date", strings.Repeat("y", 20)}[r.IntN(5)]))
	case k < 8:
		b.WriteString([]string{"0", "-12", "3.25", "1e400", "12345678901234567890", "01"}[r.IntN(6)])
	default:
		b.WriteString([]string{"true", "false", "null", "nul"}[r.IntN(4)])
	}
	space()
}

// readAny reads the value that comes next by its first byte, as a
// generated reader would, with a check on each scalar, or as Raw.
func readAny(r *rand.Rand, rd *Reader, d *Decoder) {
	if r.IntN(10) == 0 {
		rd.Raw()
		return
	}
	rd.space()
	c := byte(0)
	if rd.p.pos < len(rd.p.data) {
		c = rd.p.data[rd.p.pos]
	}
	switch c {
	case '{':
		if rd.Object() {
			for rd.More() {
				rd.Key()
				readAny(r, rd, d)
			}
		}
	case '[':
		if rd.Array() {
			for rd.Next() {
				readAny(r, rd, d)
			}
		}
	case '"':
		s := rd.String()
		d.Format(s, "date")
		d.MaxLength(s, 10)
	case 't', 'f':
		rd.Bool()
	case 'n':
		rd.Null()
	default:
		n := rd.Number(64)
		d.NumberBound(KindMaximum, n, "3", 3)
		d.MultipleOf(n, "0.25")
	}
}
