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
	// A struct written as text is never left out either, and the text of
	// its zero value is its MarshalText's to say: diagnostics where a rule
	// judges it, alone or as an array's items.
	Code  Tok    `json:"code,omitempty" jsonschema:"minLength=1"`
	Codes [2]Tok `json:"codes,omitempty" jsonschema:"enum=a,enum=b"`
	Coded Tok    `json:"coded,omitempty" jsonschema:"format=email,nullable"`
	// No diagnostic: no rule judges the text, or a pointer, or omitzero.
	AnyTok  Tok  `json:"any_tok,omitempty"`
	PtrTok  *Tok `json:"ptr_tok,omitempty" jsonschema:"minLength=1"`
	ZeroTok Tok  `json:"zero_tok,omitzero" jsonschema:"minLength=1"`
}

// Tok is a struct written as text.
type Tok struct{ s string }

func (t Tok) MarshalText() ([]byte, error) { return []byte(t.s), nil }

func (t *Tok) UnmarshalText(b []byte) error { t.s = string(b); return nil }
