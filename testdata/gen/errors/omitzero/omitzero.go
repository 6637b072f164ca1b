// Package omitzero tags with omitzero a struct and an array that cannot
// be compared with == and have no IsZero method.
package omitzero

// Filter holds a slice, so == cannot compare it.
type Filter struct {
	Words []string `json:"words"`
}

//unionflat:tool
type Search struct {
	Filter Filter      `json:"filter,omitzero"`
	Pages  [2][]string `json:"pages,omitzero"`
	Ptr    *Filter     `json:"ptr,omitzero"`
}
