package everyday

import (
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
			var x ScheduleStrict
			rd, d := unionflat.BeginOnePass(b)
			if rd.Object() {
				ufReadScheduleStrict(rd, d, &x)
			}
			return Schedule(x), rd.End()
		}, tolerate(ScheduleSchema))
	})
	t.Run("Resize", func(t *testing.T) {
		schematest.OnePassTakes(t, ResizeSchema, 0.5, func(b []byte) schematest.Decoded {
			x, r, err := DecodeResizeStrictRepaired(b)
			return schematest.Outcome(Resize(x), r, err)
		}, func(b []byte) (any, bool) {
			var x ResizeStrict
			rd, d := unionflat.BeginOnePass(b)
			if rd.Object() {
				ufReadResizeStrict(rd, d, &x)
			}
			return Resize(x), rd.End()
		}, tolerate(ResizeSchema))
	})
}

// TestOnePassCallsUnmarshalTextOnStringsOnly: the one-pass read calls a
// text type's UnmarshalText, the user's code, only with a string it has
// read, as the decoder does; never with the "" of a read that stopped at
// a number, a null or a broken string.
func TestOnePassCallsUnmarshalTextOnStringsOnly(t *testing.T) {
	for _, ticket := range []string{`5`, `null`, `"\ud800"`, `{}`, `"T1`} {
		doc := []byte(`{"ticket":` + ticket + `}`)
		before := ticketTexts.Load()
		var x ScheduleStrict
		rd, d := unionflat.BeginOnePass(doc)
		if rd.Object() {
			ufReadScheduleStrict(rd, d, &x)
		}
		if rd.End() {
			t.Errorf("%s: the one-pass read took it", doc)
		}
		if n := ticketTexts.Load() - before; n != 0 {
			t.Errorf("%s: UnmarshalText called %d times", doc, n)
		}
	}
}
