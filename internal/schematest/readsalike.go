package schematest

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/unionflat/unionflat/internal/readmode"
)

// ReadsAlike wraps decode so that each call decodes data two ways: by
// the nodes of the parse, as the runtime reads an input of up to a
// megabyte, and by the text, as it reads a larger one (see package
// readmode). It fails t when the two differ in value, repairs, canonical
// bytes or problems, and returns the first.
func ReadsAlike(t testing.TB, decode func([]byte) Decoded) func([]byte) Decoded {
	return func(data []byte) Decoded {
		byNodes := decode(data)
		wasText := readmode.SetByText(true)
		byText := decode(data)
		readmode.SetByText(wasText)
		if !reflect.DeepEqual(byNodes, byText) {
			t.Errorf("%q reads differently by its text:\nby its nodes: %s\nby its text:  %s", data, describe(byNodes), describe(byText))
		}
		return byNodes
	}
}

// describe writes a decode's outcome for a failure message.
func describe(d Decoded) string {
	return fmt.Sprintf("value %#v, repairs %q, canonical %q, problems %v", d.Value, d.Repairs, d.Canonical, d.Err)
}
