package runtime

import (
	"encoding/json"
	"testing"
	"time"
)

// TestUniqueTimes: times repeat when encoding/json writes them alike,
// whatever their *time.Location, and not when it writes them otherwise,
// the same instant at another offset included.
func TestUniqueTimes(t *testing.T) {
	at := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name  string
		times []time.Time
	}{
		{"UTC and a zone of offset 0", []time.Time{at, at.In(time.FixedZone("", 0))}},
		{"the same instant at +01:00", []time.Time{at, at.In(time.FixedZone("CET", 3600))}},
		{"a nanosecond apart", []time.Time{at, at.Add(1)}},
		{"the same", []time.Time{at, at}},
	} {
		written, err := json.Marshal(tc.times)
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		if err := json.Unmarshal(written, &texts); err != nil {
			t.Fatal(err)
		}
		d := newDecoder(nil)
		UniqueItems(d, tc.times)
		if repeated, want := len(d.errs) > 0, texts[0] == texts[1]; repeated != want {
			t.Errorf("%s: written %s, reported a repeat: %v, want %v", tc.name, written, repeated, want)
		}
		d.release()
	}
}
