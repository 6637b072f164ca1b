package runtime_test

import (
	"errors"
	"fmt"

	unionflat "github.com/unionflat/unionflat/runtime"
	"github.com/unionflat/unionflat/runtime/impl"
)

// point is what a generated decoder would fill in.
type point struct{ X, Y int64 }

// pointKeys are the keys of a point's object, for the message of an
// unknown one, as the generator declares them.
var pointKeys = &impl.Properties{Keys: []string{"x", "y"}}

// decodePoint is written as the generator writes decoders: it reads the
// members of an object, and Members puts each key on the path.
func decodePoint(d *impl.Decoder, v impl.Value, out *point) {
	obj, ok := d.Object(v)
	if !ok {
		return
	}
	var seenX bool
	for key, val := range d.Members(obj) {
		switch string(key) {
		case "x":
			seenX = true
			if n, ok := d.Int(val, 64); ok {
				out.X = n
			}
		case "y":
			if n, ok := d.Int(val, 64); ok {
				out.Y = n
				if n > 100 {
					d.IntOutOfBound(unionflat.KindMaximum, "100", n)
				}
			}
		default:
			d.Unknown(pointKeys)
		}
	}
	if !seenX {
		d.Missing("x", "")
	}
}

// The loop of the package doc: each problem's Path prints as its JSON
// Pointer and its Kind as a word.
func Example_problems() {
	_, err := impl.Decode([]byte(`{"y": 500, "z/w": true}`), decodePoint)
	var problems *unionflat.Errors
	if errors.As(err, &problems) {
		for _, p := range problems.List {
			fmt.Printf("%s: %v\n", p.Path, p.Kind)
		}
	}
	fmt.Println(err)
	// Output:
	// /y: maximum
	// /z~1w: unknown
	// /x: required
	// /x: x is required
	// /y: y must be at most 100, not 500
	// /z~1w: z/w is not a known property (expected x, y)
}

// decodeArguments reads a tool's arguments as a generated DecodeT does.
func decodeArguments[T any](data []byte, decode func(*impl.Decoder, impl.Value, *T)) (T, error) {
	var x T
	d, root, ok := impl.BeginArguments(data, impl.RepairMistakes)
	if ok {
		decode(d, root, &x)
	}
	if err := d.End(); err != nil {
		var zero T
		return zero, err
	}
	return x, nil
}
