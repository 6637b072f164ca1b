package runtime

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

// Validate runs a generated validator over a value built in code and
// returns an *Errors listing every problem, or nil.
func Validate[T any](x *T, validate func(*Decoder, *T)) error {
	d := NewDecoder(nil)
	defer d.Release()
	validate(d, x)
	return d.Err()
}
