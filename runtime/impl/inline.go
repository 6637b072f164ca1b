package impl

import (
	"bytes"
	"encoding/json"
)

// MarshalInline is the MarshalJSON of a struct that holds a union
// inline: parent is the struct's own fields, which encoding/json writes
// as an object, and union the union's value, whose variant writes its
// discriminator and fields as another. The result is one object, the
// parent's members first. A nil union adds nothing (Validate reports its
// missing discriminator).
func MarshalInline(parent, union any) ([]byte, error) {
	a, err := json.Marshal(parent)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(union)
	if err != nil {
		return nil, err
	}
	return mergeObjects(a, b), nil
}

// mergeObjects appends the members of the object b to the object a; b
// null, or not an object, adds nothing.
func mergeObjects(a, b []byte) []byte {
	a, b = bytes.TrimSpace(a), bytes.TrimSpace(b)
	if len(b) < 2 || b[0] != '{' || len(a) < 2 || a[0] != '{' {
		return a
	}
	inner := bytes.TrimSpace(b[1 : len(b)-1])
	if len(inner) == 0 {
		return a
	}
	head := bytes.TrimSpace(a[:len(a)-1]) // a without its }
	out := make([]byte, 0, len(head)+len(inner)+2)
	out = append(out, head...)
	if len(head) > 1 {
		out = append(out, ',')
	}
	out = append(out, inner...)
	return append(out, '}')
}
