package runtime

import (
	"bytes"
	"encoding/json"
)

// Nullable tells absent, null and a value apart ("pass null to clear the
// milestone"). Its zero value is absent. Tag a field of this type
// omitzero, so that an absent one is left out when it is marshalled:
//
//	Milestone unionflat.Nullable[int] `json:"milestone,omitzero"`
type Nullable[T any] struct {
	value   T
	present bool
	null    bool
}

// Some is a Nullable that holds v.
func Some[T any](v T) Nullable[T] { return Nullable[T]{value: v, present: true} }

// Null is a Nullable that holds null.
func Null[T any]() Nullable[T] { return Nullable[T]{present: true, null: true} }

// Present reports whether the key was sent, with null or a value.
func (n Nullable[T]) Present() bool { return n.present }

// IsNull reports whether the key was sent with null.
func (n Nullable[T]) IsNull() bool { return n.null }

// Get returns the value and true, or the zero value and false when the
// key was absent or null.
func (n Nullable[T]) Get() (T, bool) { return n.value, n.present && !n.null }

// IsZero reports whether n is absent, for encoding/json's omitzero.
func (n Nullable[T]) IsZero() bool { return !n.present }

// MarshalJSON writes null, or the value (null for an absent one, which
// omitzero leaves out).
func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if !n.present || n.null {
		return []byte("null"), nil
	}
	return json.Marshal(n.value)
}

// UnmarshalJSON reads null as null, and anything else as encoding/json
// reads T. A key left out stays absent.
func (n *Nullable[T]) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		*n = Null[T]()
		return nil
	}
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*n = Some(v)
	return nil
}
