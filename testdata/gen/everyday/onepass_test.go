package everyday

import (
	"encoding/json"
	"testing"

	"github.com/unionflat/unionflat/internal/schematest"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// TestOnePassTakesValidArguments holds the one-pass read of the tools of
// every Go type (times, durations, text types, maps, arrays, bytes,
// pointers, named types) to its purpose, as the canvas fixture's test
// does: what it takes the decoder accepts clean, to the same value, and
// it takes most valid instances.
func TestOnePassTakesValidArguments(t *testing.T) {
	tolerate := func(schema string) func([]byte, any, error) (string, bool) {
		v := schematest.Validator(t, []byte(schema))
		return func(_ []byte, parsed any, derr error) (string, bool) {
			switch {
			case derr != nil && tolerable(derr):
				return "documented", true
			case derr == nil && nullsForAbsent(v, parsed): // Resize is openai-strict's
				return "null for absent", true
			}
			return "", false
		}
	}
	t.Run("Schedule", func(t *testing.T) {
		schematest.OnePassTakes(t, ScheduleSchema, 0.5, func(b []byte) schematest.Decoded {
			x, r, err := DecodeScheduleStrictRepaired(b)
			return schematest.Outcome(Schedule(x), r, err)
		}, func(b []byte) (any, bool) {
			x, ok := readOnePass(b, ufReadScheduleStrict)
			return Schedule(x), ok
		}, tolerate(ScheduleSchema))
	})
	t.Run("Resize", func(t *testing.T) {
		schematest.OnePassTakes(t, ResizeSchema, 0.5, func(b []byte) schematest.Decoded {
			x, r, err := DecodeResizeStrictRepaired(b)
			return schematest.Outcome(Resize(x), r, err)
		}, func(b []byte) (any, bool) {
			x, ok := readOnePass(b, ufReadResizeStrict)
			return Resize(x), ok
		}, tolerate(ResizeSchema))
	})
}

// readOnePass reads b in one pass with a generated struct reader, as a
// tool's DecodeT first does, and reports whether the read took it all.
func readOnePass[T any](b []byte, read func(*unionflat.Reader, *unionflat.Decoder, *T)) (T, bool) {
	var x T
	rd, d := unionflat.BeginOnePass(b)
	if rd.Object() {
		read(rd, d, &x)
	}
	return x, rd.End()
}

// TestOnePassCallsUnmarshalTextOnStringsOnly: the one-pass read calls a
// text type's UnmarshalText, the user's code, only with a string it has
// read, as the decoder does; never with the "" of a read that stopped at
// a number, a null or a broken string.
func TestOnePassCallsUnmarshalTextOnStringsOnly(t *testing.T) {
	for _, ticket := range []string{`5`, `null`, `"\ud800"`, `{}`, `"T1`} {
		doc := []byte(`{"ticket":` + ticket + `}`)
		before := ticketTexts.Load()
		if _, ok := readOnePass(doc, ufReadScheduleStrict); ok {
			t.Errorf("%s: the one-pass read took it", doc)
		}
		if n := ticketTexts.Load() - before; n != 0 {
			t.Errorf("%s: UnmarshalText called %d times", doc, n)
		}
	}
}

// FuzzOnePassEveryday feeds any bytes to the everyday tools, whose types
// reach every kind the one-pass readers read (durations, times, text
// types, maps, Go arrays, bytes, nullable pointers, a union), and holds
// decoding with and without the one-pass read to the same outcome
// (schematest.ReadsAlike), with repairs and without.
func FuzzOnePassEveryday(f *testing.F) {
	schedule, err := json.Marshal(durationsSchedule())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(schedule)
	f.Add([]byte(`{"width":1,"verbose":false,"tags":[],"theme":0,"delay":null,"pause":"0s","units":"em","sizes":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		schematest.ReadsAlike(t, func(b []byte) schematest.Decoded { return schematest.Outcome(DecodeScheduleRepaired(b)) })(data)
		schematest.ReadsAlike(t, func(b []byte) schematest.Decoded { return schematest.Outcome(DecodeScheduleStrictRepaired(b)) })(data)
		schematest.ReadsAlike(t, func(b []byte) schematest.Decoded { return schematest.Outcome(DecodeResizeRepaired(b)) })(data)
		schematest.ReadsAlike(t, func(b []byte) schematest.Decoded { return schematest.Outcome(DecodeResizeStrictRepaired(b)) })(data)
	})
}
