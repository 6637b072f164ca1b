// Package rootmarshalers declares tool inputs and variants that
// encoding/json would write and read with a method, their own or one an
// embedded field promotes, instead of as the object of their fields.
package rootmarshalers

import (
	"net/netip"
	"time"
)

// Stamp writes itself as a number.
type Stamp struct {
	At int64 `json:"at"`
}

func (s Stamp) MarshalJSON() ([]byte, error) { return []byte("1"), nil }

// Event is a union.
//
//unionflat:union
type Event interface{ isEvent() }

// TimedEvent embeds time.Time, whose MarshalJSON writes all of it.
//
//unionflat:variant timed
type TimedEvent struct {
	time.Time
	Name string `json:"name"`
}

// StampEvent embeds Stamp, whose MarshalJSON writes all of it.
//
//unionflat:variant stamp
type StampEvent struct {
	Stamp
	Name string `json:"name"`
}

func (TimedEvent) isEvent() {}
func (StampEvent) isEvent() {}

// Ping embeds netip.Addr, whose MarshalText writes all of it.
//
//unionflat:tool
type Ping struct {
	netip.Addr
	Count int `json:"count"`
}

// Own writes itself with its own MarshalJSON.
//
//unionflat:tool
type Own struct {
	N int `json:"n"`
}

func (Own) MarshalJSON() ([]byte, error) { return []byte("2"), nil }

// OwnText is a string to encoding/json, by its own text methods.
//
//unionflat:tool
type OwnText struct {
	N int `json:"n"`
}

func (OwnText) MarshalText() ([]byte, error) { return []byte("x"), nil }

func (*OwnText) UnmarshalText([]byte) error { return nil }
