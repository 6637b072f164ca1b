package benchmarks

import (
	"fmt"
	"testing"

	hostiles "github.com/unionflat/unionflat/internal/hostile"
)

// BenchmarkSeededHostile measures DecodeDraw, encoding/json and
// json.Valid on documents of every hostile family (see package hostile),
// 1 MB each, three seeds a family, as
// BenchmarkSeededHostile/family/seed/decoder. Beside the six hostile
// inputs of the table, these sample the whole class; the canvas
// fixture's TestHostileClass holds their allocations to the bound.
func BenchmarkSeededHostile(b *testing.B) {
	for _, family := range hostiles.Families {
		for seed := range uint64(3) {
			doc := hostiles.Build(family, seed, hostileSize)
			benchDecoders(b, fmt.Sprintf("%s/%d", family, seed), doc, hostileDecoders, false)
		}
	}
}
