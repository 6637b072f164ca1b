package trial

import (
	"encoding/json"
	"testing"
)

// TestTextOmitted: a text type whose underlying slice or number omitempty
// (or omitzero) empties is left out by encoding/json, and Validate does
// not judge its text; one that is written is judged.
func TestTextOmitted(t *testing.T) {
	for _, tc := range []struct {
		in   Digest
		pass bool
	}{
		{Digest{}, true},
		{Digest{Sum: Hex{}, Salt: nil, Speed: Slow}, true},
		{Digest{Salt: Hex{}}, false}, // omitzero writes an empty, non-nil slice: "" breaks minLength
		{Digest{Sum: Hex{1}}, false},
		{Digest{Sum: Hex{1, 2, 3, 4}, Salt: Hex{1}, Speed: Fast}, true},
	} {
		b, err := json.Marshal(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		_, derr := DecodeDigest(b)
		verr := tc.in.Validate()
		if (verr == nil) != tc.pass || (derr == nil) != tc.pass {
			t.Errorf("%+v (written %s): Validate = %v, decoding = %v; want both to pass: %v", tc.in, b, verr, derr, tc.pass)
		}
	}
}
