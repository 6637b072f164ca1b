package schematest

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/unionflat/unionflat/internal/readmode"
)

// ReadsAlike wraps decode so that each call decodes data three ways: as
// the runtime reads an input, trying the one-pass read first; without
// it, by the nodes of the parse, as the runtime reads an input of up to
// a megabyte; and without it by the text, as it reads a larger one (see
// package readmode). It fails t when any two differ in value, repairs,
// canonical bytes or problems, and returns the first. So what the
// one-pass read takes, the decoder takes too, to the same value with
// nothing repaired.
func ReadsAlike(t testing.TB, decode func([]byte) Decoded) func([]byte) Decoded {
	return func(data []byte) Decoded {
		first := decode(data)
		was := readmode.SetOnePass(false)
		byNodes := decode(data)
		wasText := readmode.SetByText(true)
		byText := decode(data)
		readmode.SetByText(wasText)
		readmode.SetOnePass(was)
		if !reflect.DeepEqual(first, byNodes) {
			t.Errorf("%q reads differently in one pass:\nin one pass:  %s\nby its nodes: %s", data, describe(first), describe(byNodes))
		}
		if !reflect.DeepEqual(byNodes, byText) {
			t.Errorf("%q reads differently by its text:\nby its nodes: %s\nby its text:  %s", data, describe(byNodes), describe(byText))
		}
		return first
	}
}

// describe writes a decode's outcome for a failure message.
func describe(d Decoded) string {
	return fmt.Sprintf("value %#v, repairs %q, canonical %q, problems %v", d.Value, d.Repairs, d.Canonical, d.Err)
}
