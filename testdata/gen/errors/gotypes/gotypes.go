// Package gotypes uses Go types whose JSON the generator cannot make
// agree with their schema.
package gotypes

import (
	"encoding/json"
	"time"

	"github.com/unionflat/unionflat/testdata/gen/errors/gotypes/other"
)

// Level reads text but writes its number: no MarshalText.
type Level int

func (l *Level) UnmarshalText(b []byte) error { *l = Level(len(b)); return nil }

// Tier has MarshalText on its pointer only.
type Tier struct{ name string }

func (t *Tier) UnmarshalText(b []byte) error { t.name = string(b); return nil }

func (t *Tier) MarshalText() ([]byte, error) { return []byte(t.name), nil }

//unionflat:tool
type Job struct {
	Level   Level                      `json:"level"`
	Tier    Tier                       `json:"tier"`
	Grid    [][]time.Duration          `json:"grid"`
	Fixed   [2]time.Duration           `json:"fixed"`
	Nested  map[string][]time.Duration `json:"nested"`
	Pattern time.Duration              `json:"pattern" jsonschema:"pattern=^[0-9]+s$"`
	Enum    time.Duration              `json:"enum" jsonschema:"enum=1s"`
	Bound   time.Duration              `json:"bound" jsonschema:"minimum=10"`
	Step    time.Duration              `json:"step" jsonschema:"multipleOf=-1s"`
	Span    other.Span                 `json:"span"`
	Number  json.Number                `json:"number"`
	// Where and Secret keep their state in unexported fields: lost.
	Where  *time.Location `json:"where"`
	Secret other.Secret   `json:"secret"`
	// Open promotes an exported field through an unexported embedding.
	Open other.Open `json:"open"`
	// Addr and Addrs bring in other.Address, whose User field loses its
	// state (as url.URL's does): each is the field reported, the reason
	// in other.Address after it.
	Addr  other.Address    `json:"addr"`
	Addrs []*other.Address `json:"addrs"`
	Kept  Kept             `json:"kept"`
	// Stamp has time.Time's unexported fields and none of its methods.
	Stamp Stamp `json:"stamp"`
	// Listing promotes other.Paging's cursor: what is wrong with it once
	// promoted is reported where Listing embeds it.
	Listing Listing `json:"listing"`
}

// Listing embeds a struct of another package.
type Listing struct {
	other.Paging
}

// Stamp is declared over time.Time, whose methods it does not keep.
type Stamp time.Time

// Kept embeds a struct of another package whose field loses its state.
type Kept struct {
	other.Keeper
}
