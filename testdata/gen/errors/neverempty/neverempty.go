// Package neverempty declares optional struct and array fields that
// omitempty never leaves out: a call without one decodes to its zero
// value, which encoding/json writes; where that value breaks a rule, the
// field is a diagnostic.
package neverempty

// Filter must list its tags: its zero value writes "tags": null.
type Filter struct {
	Tags []string `json:"tags"`
}

// Name must not be empty.
type Name struct {
	First string `json:"first" jsonschema:"minLength=1"`
}

// Page holds a nested struct whose zero value breaks a rule.
type Page struct {
	Size  int  `json:"size" jsonschema:"minimum=1"`
	Inner Name `json:"inner"`
}

// Loose has only optional fields or fields whose zero passes.
type Loose struct {
	Tags  []string `json:"tags,omitempty"`
	Count int      `json:"count"`
	Note  *string  `json:"note,omitempty"`
}

//unionflat:tool
type Search struct {
	Filter Filter  `json:"filter,omitempty"`
	Name   Name    `json:"name,omitempty"`
	Page   Page    `json:"page,omitempty"`
	Pair   [2]int  `json:"pair,omitempty" jsonschema:"uniqueItems=true"`
	Names  [1]Name `json:"names,omitempty"`
	// No diagnostic: omitzero, a pointer, a zero value that passes, or
	// required.
	ByZero  Name    `json:"by_zero,omitzero"`
	ByPtr   *Filter `json:"by_ptr,omitempty"`
	Fine    Loose   `json:"fine,omitempty"`
	Needed  Name    `json:"needed"`
	Counted [2]int  `json:"counted,omitempty"`
}
