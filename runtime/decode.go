package runtime

import "bytes"

// Decode runs a generated decoder over data: it parses the input, calls
// decode on its root and returns the value, or the zero value and an
// *Errors listing every problem.
func Decode[T any](data []byte, decode func(*Decoder, Value, *T)) (T, error) {
	d := NewDecoder(data)
	defer d.Release()
	var out T
	if root, ok := d.Root(); ok {
		decode(d, root, &out)
	}
	if err := d.Err(); err != nil {
		var zero T
		return zero, err
	}
	return out, nil
}

// DecodeArguments is Decode for a tool's arguments: a call without
// arguments, which some clients send as empty input or as null, is read as
// the empty object.
func DecodeArguments[T any](data []byte, decode func(*Decoder, Value, *T)) (T, error) {
	if trimmed := bytes.TrimSpace(data); len(trimmed) == 0 || string(trimmed) == "null" {
		data = []byte("{}")
	}
	return Decode(data, decode)
}

// Validate runs a generated validator over a value built in code and
// returns an *Errors listing every problem, or nil.
func Validate[T any](x *T, validate func(*Decoder, *T)) error {
	d := NewDecoder(nil)
	defer d.Release()
	validate(d, x)
	return d.Err()
}
