package trial

import (
	"encoding/hex"
	"errors"
)

// Hex is bytes, read and written as hexadecimal text.
type Hex []byte

// UnmarshalText reads hexadecimal digits.
func (h *Hex) UnmarshalText(b []byte) error {
	v, err := hex.DecodeString(string(b))
	*h = v
	return err
}

// MarshalText writes hexadecimal digits.
func (h Hex) MarshalText() ([]byte, error) { return []byte(hex.EncodeToString(h)), nil }

// Speed is a number read and written by name.
type Speed int

// The speeds.
const (
	Slow Speed = iota
	Fast
)

// UnmarshalText reads a speed's name.
func (s *Speed) UnmarshalText(b []byte) error {
	switch string(b) {
	case "slow":
		*s = Slow
	case "fast":
		*s = Fast
	default:
		return errors.New("a speed is slow or fast")
	}
	return nil
}

// MarshalText writes a speed's name.
func (s Speed) MarshalText() ([]byte, error) {
	if s == Fast {
		return []byte("fast"), nil
	}
	return []byte("slow"), nil
}

// Digest checks a file. Its optional text fields have a slice and a
// number underneath, which omitempty leaves out when empty or 0.
//
//unionflat:tool
type Digest struct {
	Sum   Hex   `json:"sum,omitempty" jsonschema:"minLength=8"`
	Salt  Hex   `json:"salt,omitzero" jsonschema:"minLength=2"`
	Speed Speed `json:"speed,omitempty" jsonschema:"pattern=^fast$"`
}
