// Package tagtext has a pattern whose comma was not escaped, and tags
// read as go-sdk's descriptions.
package tagtext

//unionflat:tool
type Lookup struct {
	// The comma splits the tag in two: escape it as \\, in the tag.
	Ticker string `json:"ticker" jsonschema:"pattern=^[A-Z]{1,5}$"`
	// Two commas: one diagnostic, with the whole pattern.
	Range string `json:"range" jsonschema:"pattern=^[a-z]{1,2}-[0-9]{3,4}$,required"`
	// Escaped, the pattern is read whole.
	Exchange string `json:"exchange" jsonschema:"pattern=^[A-Z]{2\\,4}$"`
	// A go-sdk description: the whole tag, commas too.
	Note string `json:"note" jsonschema:"free text, at most a line"`
	// One word that is no flag is a description, as go-sdk reads it.
	Limit int `json:"limit" jsonschema:"limit"`
}
