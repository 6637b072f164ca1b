package impl

import (
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// note is a tool's input of one string, which decodeNote reads as
// generated code would.
type note struct{ Note string }

func decodeNote(d *Decoder, v Value, out *note) {
	obj, ok := d.Object(v)
	if !ok {
		return
	}
	for key, val := range d.Members(obj) {
		if string(key) == "note" {
			out.Note, _ = d.String(val)
		}
	}
}

// noteOf is the document {"note":"xx...x"} of exactly n bytes.
func noteOf(n int) []byte {
	const head, tail = `{"note":"`, `"}`
	return []byte(head + strings.Repeat("x", n-len(head)-len(tail)) + tail)
}

// entryPoints are the functions that decode an input, each reading a
// note.
var entryPoints = []struct {
	name   string
	decode func([]byte) (note, error)
}{
	{"Decode", func(b []byte) (note, error) { return Decode(b, decodeNote) }},
	{"DecodeLenient", func(b []byte) (note, error) { return DecodeLenient(b, NullAsAbsent, decodeNote) }},
	{"Unmarshal", func(b []byte) (note, error) {
		var x note
		err := Unmarshal(b, &x, decodeNote)
		return x, err
	}},
	{"BeginArguments", func(b []byte) (note, error) { // as a generated DecodeT
		var x note
		d, root, ok := BeginArguments(b, RepairMistakes)
		if ok {
			decodeNote(d, root, &x)
		}
		return x, d.End()
	}},
	{"BeginArguments+Finish", func(b []byte) (note, error) { // as a generated DecodeTRepaired
		var x note
		d, root, ok := BeginArguments(b, RepairMistakes)
		if ok {
			decodeNote(d, root, &x)
		}
		_, err := d.Finish()
		return x, err
	}},
}

// TestInputCap: every entry point decodes an input of MaxInputBytes, and
// refuses one of a byte more with exactly one problem, of KindSize, that
// says both sizes. The larger input is not well-formed, so that any parse
// of it would add a syntax problem: it is refused before it is parsed.
func TestInputCap(t *testing.T) {
	at := noteOf(unionflat.MaxInputBytes)
	over := noteOf(unionflat.MaxInputBytes + 1)
	over[len(over)-1] = ','
	const want = "the input is 4194305 bytes, more than the 4194304 this tool reads (unionflat.MaxInputBytes)"
	for _, ep := range entryPoints {
		if x, err := ep.decode(at); err != nil || len(x.Note) != unionflat.MaxInputBytes-len(`{"note":""}`) {
			t.Errorf("%s: %d bytes: a note of %d bytes, %v", ep.name, len(at), len(x.Note), err)
		}
		_, err := ep.decode(over)
		var errs *unionflat.Errors
		if !errors.As(err, &errs) || len(errs.List) != 1 || errs.More != 0 {
			t.Errorf("%s: %d bytes: %v, want one problem", ep.name, len(over), err)
			continue
		}
		e := errs.List[0]
		if e.Kind != unionflat.KindSize || len(e.Path) != 0 || e.Want != strconv.Itoa(unionflat.MaxInputBytes) || e.Got != strconv.Itoa(len(over)) || err.Error() != want {
			t.Errorf("%s: %d bytes: %+v: %q, want %q", ep.name, len(over), e, err, want)
		}
	}
}

// TestInputCapConstantMemory: refusing an input a byte past the cap and
// one four times the cap costs the same allocations, a few hundred bytes,
// at every entry point.
func TestInputCapConstantMemory(t *testing.T) {
	small, large := make([]byte, unionflat.MaxInputBytes+1), make([]byte, 4*unionflat.MaxInputBytes)
	cost := func(decode func([]byte) (note, error), b []byte) (allocs float64, bytes uint64) {
		const runs = 20
		decode(b) // the pool's Decoder
		allocs = testing.AllocsPerRun(runs, func() { decode(b) })
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range runs {
			decode(b)
		}
		runtime.ReadMemStats(&after)
		return allocs, (after.TotalAlloc - before.TotalAlloc) / runs
	}
	for _, ep := range entryPoints {
		allocs, bytes := cost(ep.decode, small)
		allocsLarge, bytesLarge := cost(ep.decode, large)
		t.Logf("%s: %v allocations of %d bytes; %v of %d", ep.name, allocs, bytes, allocsLarge, bytesLarge)
		if allocsLarge != allocs || bytesLarge > bytes+64 || bytes > 2048 {
			t.Errorf("%s: %d bytes refused with %v allocations of %d bytes; %d bytes with %v of %d",
				ep.name, len(small), allocs, bytes, len(large), allocsLarge, bytesLarge)
		}
	}
}

// TestInputCapIsSettable: a program sets MaxInputBytes, and the next
// decode reads it.
func TestInputCapIsSettable(t *testing.T) {
	defer func(was int) { unionflat.MaxInputBytes = was }(unionflat.MaxInputBytes)
	unionflat.MaxInputBytes = 64
	if _, err := Decode(noteOf(64), decodeNote); err != nil {
		t.Errorf("64 bytes under a cap of 64: %v", err)
	}
	_, err := Decode(noteOf(65), decodeNote)
	if onlyKind(err) != unionflat.KindSize || !strings.Contains(err.Error(), "65 bytes, more than the 64") {
		t.Errorf("65 bytes under a cap of 64: %v", err)
	}
	unionflat.MaxInputBytes = 8 << 20
	if _, err := Decode(noteOf(5<<20), decodeNote); err != nil {
		t.Errorf("5 MiB under a cap of 8 MiB: %v", err)
	}
}
