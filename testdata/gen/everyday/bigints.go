package everyday

// Transfer moves money between two accounts. Its account numbers are
// 64-bit, beyond what a float64 holds exactly, so its gemini profile
// writes them as decimal strings (google.golang.org/genai decodes a
// model's arguments through float64); its mcp one keeps
// numbers.
//
//unionflat:tool name=transfer profile=gemini profile=mcp
type Transfer struct {
	// From is the account money leaves.
	From int64 `json:"from"`
	// To is the account money reaches.
	To uint64 `json:"to"`
	// Amount is in cents, to either side of 2^53.
	Amount int64 `json:"amount" jsonschema:"minimum=-9007199254740993,maximum=9007199254740993"`
	// Fee is in cents; it fits a float64, so it stays a number.
	Fee int `json:"fee" jsonschema:"minimum=0,maximum=10000"`
	// Page is an int: it stays a number by default, as the proto3 JSON
	// convention keeps int32 one, whatever an int may hold.
	Page int `json:"page,omitempty"`
	// Count is a uint, a number too.
	Count uint `json:"count,omitempty"`
	// Refs are earlier transfers.
	Refs []uint64 `json:"refs,omitempty"`
	// Parent is the transfer this one corrects.
	Parent *int64 `json:"parent,omitempty"`
	// Limits are per currency.
	Limits map[string]int64 `json:"limits,omitempty"`
}

// Audit reads one audit record. bigints=string writes its 64-bit ID as a
// decimal string under the anthropic profile too.
//
//unionflat:tool name=audit profile=anthropic bigints=string
type Audit struct {
	ID int64 `json:"id"`
	// Seq is an int, which bigints=string writes as a string too.
	Seq int `json:"seq,omitempty"`
}

// Rounded reads a counter whose values stay far below 2^53. bigints=number
// keeps it a number under gemini, and its decoder reads numbers only.
//
//unionflat:tool name=rounded profile=gemini bigints=number
type Rounded struct {
	ID int64 `json:"id"`
}
