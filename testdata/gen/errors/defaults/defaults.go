// Package defaults holds defaults the decoder could not apply as written:
// on a required field, of a type that takes none, or breaking the
// field's own rules.
package defaults

import (
	"net/netip"
	"time"
)

// Mode is an integer enum.
type Mode int

const (
	ModeOff Mode = iota
	ModeOn
)

// Kind is a string enum.
type Kind string

const (
	KindA Kind = "a"
	KindB Kind = "b"
)

//unionflat:tool
type Defaults struct {
	Required int           `json:"required" jsonschema:"default=1"`
	Flagged  int           `json:"flagged,omitempty" jsonschema:"required,default=1"`
	Max      int           `json:"max,omitempty" jsonschema:"default=5000,maximum=4000"`
	ExclMin  float64       `json:"exclMin,omitempty" jsonschema:"default=0,exclusiveMinimum=0"`
	Multiple int           `json:"multiple,omitempty" jsonschema:"default=7,multipleOf=5"`
	Small    int8          `json:"small,omitempty" jsonschema:"default=300"`
	Short    string        `json:"short,omitempty" jsonschema:"default=ab,minLength=3"`
	Long     string        `json:"long,omitempty" jsonschema:"default=abcdef,maxLength=3"`
	Pattern  string        `json:"pattern,omitempty" jsonschema:"default=abc,pattern=^[0-9]+$"`
	Email    string        `json:"email,omitempty" jsonschema:"default=nobody,format=email"`
	Enum     string        `json:"enum,omitempty" jsonschema:"default=c,enum=a,enum=b"`
	Kind     Kind          `json:"kind,omitempty" jsonschema:"default=c"`
	Mode     Mode          `json:"mode,omitempty" jsonschema:"default=2"`
	Wait     time.Duration `json:"wait,omitempty" jsonschema:"default=90,minimum=1s"`
	Short2   time.Duration `json:"short2,omitempty" jsonschema:"default=1s,minimum=1m"`
	Items    []int         `json:"items,omitempty" jsonschema:"default=1,default=2,maxItems=1"`
	Unique   []string      `json:"unique,omitempty" jsonschema:"default=x,default=x,uniqueItems=true"`
	ItemMax  []int         `json:"itemMax,omitempty" jsonschema:"default=1,default=9,maximum=5"`
	PtrMax   *int          `json:"ptrMax,omitempty" jsonschema:"default=9,maximum=5"`
	At       time.Time     `json:"at,omitempty" jsonschema:"default=2024-01-01T00:00:00Z"`
	Addr     netip.Addr    `json:"addr,omitempty" jsonschema:"default=10.0.0.1"`
	Blob     []byte        `json:"blob,omitempty" jsonschema:"default=AA=="`
	Fixed    [2]int        `json:"fixed,omitempty" jsonschema:"default=1"`
	Huge     int64         `json:"huge,omitempty" jsonschema:"default=9223372036854775808"`
	Wide     float32       `json:"wide,omitempty" jsonschema:"default=1e39"`
	Neg      uint          `json:"neg,omitempty" jsonschema:"default=-1"`
	Beyond   uint64        `json:"beyond,omitempty" jsonschema:"default=18446744073709551616"`
}
