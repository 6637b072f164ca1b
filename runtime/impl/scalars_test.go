package impl

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseDateTime(t *testing.T) {
	tm, err := parseDateTime("2026-11-29t14:21:00.5+01:00")
	if err != nil || tm.UTC().Format("15:04:05.0") != "13:21:00.5" {
		t.Errorf("got %v, %v", tm, err)
	}
	if _, err := parseDateTime("2016-12-31T23:59:60Z"); err == nil {
		t.Error("a leap second cannot be a time.Time, want an error")
	}
}

// randomInteger is the text of a JSON number near the edges of the
// integer types: up to 21 digits, a sign, sometimes a zero fraction or
// an exponent.
func randomInteger(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(2) == 0 {
		b.WriteByte('-')
	}
	n := 1 + r.IntN(21)
	b.WriteByte(byte('1' + r.IntN(9)))
	for range n - 1 {
		b.WriteByte(byte('0' + r.IntN(10)))
	}
	switch r.IntN(6) {
	case 0:
		b.WriteString(".0")
	case 1:
		b.WriteString("e1")
	case 2:
		b.WriteString(".5")
	}
	return b.String()
}

// TestIntegersAgainstBigRat reads seeded random integer texts with Int
// and Uint at every width and judges each result by the exact value
// big.Rat reads.
func TestIntegersAgainstBigRat(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 64))
	for range 20000 {
		text := randomInteger(r)
		exact, _ := new(big.Rat).SetString(text)
		for _, bits := range []int{0, 8, 16, 32, 64} {
			width := bits
			if width == 0 {
				width = 64
			}
			lo := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(width-1)))
			hi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(width-1)), big.NewInt(1))
			uhi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(width)), big.NewInt(1))
			whole := exact.IsInt()
			num := exact.Num()

			d := newDecoder([]byte(text))
			root, _ := d.root()
			i, ok := d.Int(root, bits)
			wantOK := whole && num.Cmp(lo) >= 0 && num.Cmp(hi) <= 0
			if ok != wantOK || ok && big.NewInt(i).Cmp(num) != 0 {
				t.Errorf("Int(%s, %d) = %d, %v; want ok=%v", text, bits, i, ok, wantOK)
			}
			u, ok := d.Uint(root, bits)
			wantOK = whole && num.Sign() >= 0 && num.Cmp(uhi) <= 0
			if ok != wantOK || ok && new(big.Int).SetUint64(u).Cmp(num) != 0 {
				t.Errorf("Uint(%s, %d) = %d, %v; want ok=%v", text, bits, u, ok, wantOK)
			}
			d.release()
		}
	}
}
