// Package toolout declares tools that name their result with output=: a
// struct result, a union result and a recursive one, whose output schemas
// describe what encoding/json writes for every Go value.
package toolout

import (
	"encoding/json"
	"time"
)

// Lookup finds an order.
//
//unionflat:tool name=lookup_order output=Order profile=mcp
type Lookup struct {
	ID string `json:"id" jsonschema:"minLength=1"`
}

// Order is what lookup_order returns.
type Order struct {
	ID      string            `json:"id" jsonschema:"minLength=1"`
	Lines   []Line            `json:"lines"`
	Notes   []string          `json:"notes,omitempty"`
	Tags    map[string]string `json:"tags"`
	Owner   *Person           `json:"owner"`
	Backup  *Person           `json:"backup,omitempty"`
	Placed  time.Time         `json:"placed"`
	Shipped *time.Time        `json:"shipped,omitzero"`
	Wait    time.Duration     `json:"wait"`
	Waits   []time.Duration   `json:"waits,omitempty"`
	Status  Status            `json:"status"`
	Level   Level             `json:"level,omitempty"`
	Small   int8              `json:"small"`
	Count   uint16            `json:"count,omitempty" jsonschema:"default=1"`
	Ratio   float32           `json:"ratio"`
	Raw     json.RawMessage   `json:"raw,omitempty"`
	Sig     []byte            `json:"sig"`
	Grid    [2][]int          `json:"grid"`
	Extra   map[string]*Line  `json:"extra,omitempty"`
	Payment Payment           `json:"payment"`
	Refunds []Payment         `json:"refunds"`
	Gift    bool              `json:"gift,omitempty" jsonschema:"default=true"`
	Remark  Remark            `json:"remark,omitempty"`
}

// Remark is a remark on an order; its variant has a pointer receiver, so
// a Remark that omitempty keeps may hold a nil *Flag, written as null.
//
//unionflat:union
type Remark interface{ isRemark() }

// Flag marks an order for a person to look at.
//
//unionflat:variant flag
type Flag struct {
	Why string `json:"why"`
}

func (*Flag) isRemark() {}

// Line is one line of an order.
type Line struct {
	SKU      string `json:"sku" jsonschema:"pattern=^[A-Z]{3}-[0-9]+$"`
	Quantity int    `json:"quantity" jsonschema:"minimum=1"`
}

// Person is someone an order belongs to.
type Person struct {
	Name  string `json:"name"`
	Email string `json:"email,omitempty" jsonschema:"format=email"`
}

// Status is where an order is.
type Status string

const (
	StatusOpen    Status = "open"
	StatusShipped Status = "shipped"
)

// Level is a support level.
type Level int

const (
	LevelBasic Level = 0
	LevelGold  Level = 1
)

// Payment is how an order was paid.
//
//unionflat:union discriminator=method
type Payment interface{ isPayment() }

// Card is a card payment.
//
//unionflat:variant card
type Card struct {
	Last4 string `json:"last4" jsonschema:"pattern=^[0-9]{4}$"`
}

// Transfer is a bank transfer; it declares its discriminator.
//
//unionflat:variant transfer,wire
type Transfer struct {
	Method string `json:"method"`
	IBAN   string `json:"iban"`
}

func (Card) isPayment()     {}
func (Transfer) isPayment() {}

// Charge takes a payment.
//
//unionflat:tool output=Payment
type Charge struct {
	Amount int64 `json:"amount" jsonschema:"minimum=1"`
}

// Browse lists a folder; its result is recursive, so its output schema
// keeps $defs.
//
//unionflat:tool output=Folder
type Browse struct {
	Path string `json:"path"`
}

// Folder is a folder and the folders in it.
type Folder struct {
	Name    string    `json:"name" jsonschema:"minLength=1"`
	Folders []*Folder `json:"folders"`
	Parent  *Folder   `json:"parent,omitempty"`
	Sizes   []*int64  `json:"sizes,omitempty"`
}
