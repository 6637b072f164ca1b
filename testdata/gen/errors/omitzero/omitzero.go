// Package omitzero tags with omitzero a struct and an array that cannot
// be compared with == and have no IsZero method, and a struct that holds
// an any, whose == panics when the any holds a map or a slice.
package omitzero

// Filter holds a slice, so == cannot compare it.
type Filter struct {
	Words []string `json:"words"`
}

// Meta holds an any.
type Meta struct {
	Value any `json:"value"`
}

//unionflat:tool
type Search struct {
	Filter Filter      `json:"filter,omitzero"`
	Pages  [2][]string `json:"pages,omitzero"`
	Ptr    *Filter     `json:"ptr,omitzero"`
	Meta   Meta        `json:"meta,omitzero"`
	Metas  *Meta       `json:"metas,omitzero"`
	Value  any         `json:"any,omitzero"`
}
