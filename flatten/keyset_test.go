package flatten

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestKeySet adds seeded random names, with repeats, to a keySet, past
// the length at which it starts its map, and checks it against a map and
// a list kept the plain way: the same names, once each, in order of
// first addition, and the same answers for names in it and not.
func TestKeySet(t *testing.T) {
	for seed := range uint64(50) {
		r := rand.New(rand.NewPCG(seed, 7))
		var k keySet
		var order []string
		want := map[string]bool{}
		for range r.IntN(3 * keySetFrom) {
			name := fmt.Sprintf("p%d", r.IntN(2*keySetFrom))
			k.add(name)
			if !want[name] {
				want[name] = true
				order = append(order, name)
			}
			if !slices.Equal(k.keys, order) {
				t.Fatalf("seed %d: keys %v, want %v", seed, k.keys, order)
			}
			for i := range 2 * keySetFrom {
				probe := fmt.Sprintf("p%d", i)
				if k.has(probe) != want[probe] {
					t.Fatalf("seed %d: has(%q) = %v with keys %v", seed, probe, !want[probe], k.keys)
				}
			}
		}
		if len(order) > keySetFrom && k.set == nil {
			t.Errorf("seed %d: %d keys and no map", seed, len(order))
		}
	}
}
