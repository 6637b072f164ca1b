// Package types maps every supported Go type to its schema.
package types

import (
	"encoding/json"
	"net/netip"
	"time"
)

// Status is the state of a job.
type Status string

// The statuses, in declaration order; a repeated value and constants of
// other types are left out of the enum.
const (
	StatusQueued  Status = "queued"
	StatusRunning Status = "running"
	StatusDone    Status = "done"
	StatusFinal          = StatusDone
	notAStatus           = "other"
)

// StatusAgain repeats a value in a second const block.
const StatusAgain Status = "running"

// Free is a named string type with no constants: no enum.
type Free string

// Celsius is a temperature.
type Celsius float64

// Names is a named slice type.
type Names []string

// Env is a named map type.
type Env map[string]string

// Point is a position on a plane.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Level implements encoding.TextUnmarshaler, so it is a string.
type Level int

// UnmarshalText reads a level name.
func (l *Level) UnmarshalText(b []byte) error { *l = Level(len(b)); return nil }

// MarshalText writes a level name.
func (l Level) MarshalText() ([]byte, error) { return []byte("level"), nil }

// Job schedules a job.
//
//unionflat:tool
type Job struct {
	Status  Status  `json:"status"`
	Free    Free    `json:"free"`
	Temp    Celsius `json:"temp"`
	Enabled bool    `json:"enabled"`

	Int   int     `json:"int"`
	Int8  int8    `json:"int8"`
	Int16 int16   `json:"int16"`
	Int32 int32   `json:"int32"`
	Int64 int64   `json:"int64"`
	Uint  uint    `json:"uint"`
	U8    uint8   `json:"u8"`
	U16   uint16  `json:"u16"`
	U32   uint32  `json:"u32"`
	U64   uint64  `json:"u64"`
	F32   float32 `json:"f32"`
	F64   float64 `json:"f64"`
	// Small is an int8 whose tag narrows the type's own bounds.
	Small int8 `json:"small" jsonschema:"minimum=-200,maximum=100"`

	At       time.Time       `json:"at"`
	Until    *time.Time      `json:"until,omitempty"`
	Blob     []byte          `json:"blob"`
	Raw      json.RawMessage `json:"raw"`
	Addr     netip.Addr      `json:"addr"`
	Level    Level           `json:"level"`
	Statuses []Status        `json:"statuses"`

	List   []int              `json:"list"`
	Names  Names              `json:"names"`
	Matrix [][]float64        `json:"matrix"`
	Triple [3]string          `json:"triple"`
	Env    Env                `json:"env"`
	Points map[string]Point   `json:"points"`
	Nested map[string][]int   `json:"nested"`
	Ptr    *int               `json:"ptr"`
	Where  *Point             `json:"where,omitempty"`
	Path   []*Point           `json:"path"`
	Index  map[string]*Status `json:"index,omitempty"`
}
