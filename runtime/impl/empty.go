package impl

// A generated MarshalJSON writes a nil slice or map that its schema
// requires as [] or {}, as encoding/json/v2 does, rather than the null
// encoding/json writes for it: a handler returning an idiomatic nil is
// not a tool bug, and the decoder reads it back as an empty one.

// EmptySlice is s, or an empty slice when s is nil.
func EmptySlice[S ~[]E, E any](s S) S {
	if s == nil {
		return S{}
	}
	return s
}

// EmptyMap is m, or an empty map when m is nil.
func EmptyMap[M ~map[K]V, K comparable, V any](m M) M {
	if m == nil {
		return M{}
	}
	return m
}
