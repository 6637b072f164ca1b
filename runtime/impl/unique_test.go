package impl

import (
	"encoding/json"
	"math/rand/v2"
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

// TestFirstRepeat holds firstRepeat, pairs and set alike, to the
// definition on seeded slices of every length around smallSet: the first
// item equal to one before it.
func TestFirstRepeat(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 2026))
	for n := range 5000 {
		size := r.IntN(2*smallSet + 8)
		if n%10 == 0 { // past the table's first size, and its growth
			size = r.IntN(2000)
		}
		items := make([]int, size)
		for i := range items {
			items[i] = r.IntN(3 * len(items))
			if n%20 == 0 { // distinct, but maybe for one repeat at the end
				items[i] = i * 7
			}
		}
		if n%40 == 0 && len(items) > 1 {
			items[len(items)-1] = items[r.IntN(len(items)-1)]
		}
		want, found := 0, false
		for i := 0; i < len(items) && !found; i++ {
			for j := range i {
				if items[j] == items[i] {
					want, found = items[i], true
					break
				}
			}
		}
		if got, ok := firstRepeat(items); ok != found || got != want {
			t.Fatalf("%v: firstRepeat = %d, %v; want %d, %v", items, got, ok, want, found)
		}
	}
}
