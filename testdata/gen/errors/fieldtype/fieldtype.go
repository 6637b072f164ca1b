// Package fieldtype uses field types that JSON cannot carry.
package fieldtype

import (
	"encoding/json"
	"unsafe"
)

// Custom decodes itself, so its JSON shape is unknown.
type Custom struct{}

func (*Custom) UnmarshalJSON([]byte) error { return nil }

var _ json.Unmarshaler = (*Custom)(nil)

type Inner struct {
	A string `json:"a"`
}

type Pair[T any] struct {
	X T `json:"x"`
}

type Left struct {
	Name string `json:"name"`
}

type Right struct {
	Name string `json:"name"`
}

//unionflat:tool
type Bad struct {
	Ch      chan int          `json:"ch"`
	Fn      func()            `json:"fn"`
	C       complex128        `json:"c"`
	Keys    map[int]string    `json:"keys"`
	Anon    struct{ A int }   `json:"anon"`
	PP      **int             `json:"pp"`
	Ptr     unsafe.Pointer    `json:"ptr"`
	Up      uintptr           `json:"up"`
	Generic Pair[int]         `json:"generic"`
	Custom  Custom            `json:"custom"`
	Quoted  int               `json:"quoted,string"`
	List    []chan bool       `json:"list"`
	Nested  map[string]func() `json:"nested"`
	ByMode  map[Mode]int      `json:"by_mode"`
	ByText  map[TextKey]int   `json:"by_text"`
	Smalls  []Small           `json:"smalls"`
	Listed  SmallList         `json:"listed"`
	Fixed   [2]Small          `json:"fixed"`
	Texts   []TextSmall       `json:"texts"`
	Loop    Loop              `json:"loop"`
	Keyed   Keyed             `json:"keyed"`
	*Inner
	Left
	Right
}

// Small is a byte: encoding/json writes a slice of it as base64 text, an
// array of it as numbers.
type Small uint8

// SmallList is a slice of Small, written as base64 text too.
type SmallList []Small

// TextSmall is a byte with text methods: a slice of it is an array of
// the strings they write.
type TextSmall uint8

func (TextSmall) MarshalText() ([]byte, error) { return []byte("s"), nil }

func (*TextSmall) UnmarshalText([]byte) error { return nil }

// Mode is an enum: as a map key, each key would need its check.
type Mode string

const ModeFast Mode = "fast"

// TextKey reads itself with UnmarshalText, which encoding/json uses for a
// key it reads but not for one it writes.
type TextKey string

func (k *TextKey) UnmarshalText(b []byte) error { *k = TextKey(b); return nil }
func (k TextKey) MarshalText() ([]byte, error)  { return []byte(k), nil }

// Loop points at itself, a pointer to a pointer.
type Loop *Loop

// Keyed holds itself under integer keys.
type Keyed map[int]Keyed
