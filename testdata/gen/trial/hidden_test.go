package trial

import (
	"encoding/json"
	"errors"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// TestHiddenValidate: a field out of the schema that encoding/json writes
// is rejected by the decoder, and so by Validate; left empty, it is not
// written and passes.
func TestHiddenValidate(t *testing.T) {
	for _, in := range []Upload{{Name: "a"}, {Name: "a", Checksum: "abc"}} {
		b, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		_, derr := DecodeUpload(b)
		verr := in.Validate()
		if (verr == nil) != (derr == nil) {
			t.Errorf("%+v: Validate = %v, but decoding %s = %v", in, verr, b, derr)
		}
		var e *unionflat.Error
		if in.Checksum != "" && (!errors.As(verr, &e) || e.Path.String() != "/checksum" || e.Kind != unionflat.KindUnknown) {
			t.Errorf("Validate(%+v) = %v, want an unknown property at /checksum", in, verr)
		}
	}
}
