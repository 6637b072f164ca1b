// Package hidden tags fields jsonschema:"-" that encoding/json writes
// whatever they hold, so the decoder would reject every value written.
package hidden

// Audit is a struct, which omitempty never drops.
type Audit struct {
	By string `json:"by"`
}

//unionflat:tool
type Save struct {
	Body   string `json:"body"`
	Secret string `json:"secret" jsonschema:"-"`
	Audit  Audit  `json:"audit,omitempty" jsonschema:"-"`
	// Left out when empty, or out of JSON too: no diagnostic.
	Token string `json:"token,omitempty" jsonschema:"-"`
	Local string `json:"-"`
}

// Loose accepts unknown properties, so its decoder ignores what it is
// not told of: no diagnostic.
//
//unionflat:open
type Loose struct {
	Note string `json:"note" jsonschema:"-"`
}

//unionflat:tool
type Keep struct {
	Loose Loose `json:"loose"`
}
