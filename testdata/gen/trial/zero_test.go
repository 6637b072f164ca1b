package trial

import (
	"encoding/json"
	"math"
	"testing"
)

// TestZeroDefaults: a default of -0 is applied as -0, and a field holding
// the zero of the other sign than its default is written, so it reads
// back as itself.
func TestZeroDefaults(t *testing.T) {
	o, err := DecodeOffset([]byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	if o.X != 0 || math.Signbit(o.X) || o.Y != 0 || !math.Signbit(float64(o.Y)) || !math.Signbit(float64(o.Gain)) ||
		len(o.Steps) != 2 || !math.Signbit(float64(o.Steps[0])) || math.Signbit(float64(o.Steps[1])) {
		t.Errorf("defaults applied as %v %v %v %v, want 0 -0 -0 [-0 0]", o.X, o.Y, o.Gain, o.Steps)
	}
	negZero := math.Copysign(0, -1)
	for _, in := range []Offset{
		{X: negZero, Y: 0, Gain: 0, Steps: []float32{}},
		{X: 0, Y: float32(negZero), Gain: Level(negZero), Steps: []float32{float32(negZero)}},
		{X: 1.5, Y: 0, Gain: 2, Steps: []float32{0}},
	} {
		b, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeOffset(b)
		if err != nil {
			t.Fatalf("DecodeOffset(%s): %v", b, err)
		}
		same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
		if !same(back.X, in.X) || !same(float64(back.Y), float64(in.Y)) || !same(float64(back.Gain), float64(in.Gain)) || len(back.Steps) != len(in.Steps) {
			t.Errorf("%+v was written as %s and read back as %+v", in, b, back)
		}
		if err := in.Validate(); err != nil {
			t.Errorf("Validate(%+v) = %v", in, err)
		}
	}
}
