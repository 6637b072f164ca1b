// Package nullable exercises unionflat.Nullable fields, which tell an
// absent key, null and a value apart: the schemas, the decoder, Validate
// and the round trip through encoding/json.
package nullable

import unionflat "github.com/unionflat/unionflat/runtime"

// Assignee is who an issue is given to.
type Assignee struct {
	Login string `json:"login" jsonschema:"minLength=1"`
}

// Label is one label of an issue.
//
//unionflat:union discriminator=kind
type Label interface{ isLabel() }

// NamedLabel is a label by name.
//
//unionflat:variant named
type NamedLabel struct {
	Name string `json:"name"`
}

func (NamedLabel) isLabel() {}

// State is an issue's state.
type State string

const (
	StateOpen   State = "open"
	StateClosed State = "closed"
)

// UpdateIssue changes an issue: a field left out is kept, null clears it.
//
//unionflat:tool name=update_issue output=Issue profile=openai-strict profile=gemini profile=portable
type UpdateIssue struct {
	Number int `json:"number" jsonschema:"minimum=1"`
	// Milestone is the milestone's number; null removes it.
	Milestone unionflat.Nullable[int]      `json:"milestone,omitzero" jsonschema:"minimum=1"`
	Title     unionflat.Nullable[string]   `json:"title,omitzero" jsonschema:"minLength=1,maxLength=256"`
	State     unionflat.Nullable[State]    `json:"state,omitzero"`
	Labels    unionflat.Nullable[[]string] `json:"labels,omitzero" jsonschema:"maxItems=3,minLength=1"`
	Assignee  unionflat.Nullable[Assignee] `json:"assignee,omitzero"`
	Tag       unionflat.Nullable[Label]    `json:"tag,omitzero"`
	Weight    unionflat.Nullable[float64]  `json:"weight,omitempty,omitzero" jsonschema:"maximum=10"`
}

// Issue is the issue after the change.
type Issue struct {
	Number    int                        `json:"number"`
	Milestone unionflat.Nullable[int]    `json:"milestone,omitzero"`
	Title     unionflat.Nullable[string] `json:"title,omitzero"`
}
