// Package untagged declares untagged unions, as GitHub's tools ship
// them: a label that is a name or an object, a field value that is a
// string, a number or a boolean, and an item chosen by which keys are
// present.
package untagged

// Label is a label by its name, or with the reasons for it.
//
//unionflat:union untagged
type Label interface{ isLabel() }

// LabelName is a label by its name.
type LabelName string

// LabelDetail is a label with why it was chosen.
type LabelDetail struct {
	Name       string `json:"name" jsonschema:"required,minLength=1"`
	Rationale  string `json:"rationale,omitempty" jsonschema:"maxLength=280"`
	Confidence string `json:"confidence,omitempty" jsonschema:"enum=LOW,enum=MEDIUM,enum=HIGH"`
}

func (LabelName) isLabel()   {}
func (LabelDetail) isLabel() {}

// FieldValue is a custom field's value.
//
//unionflat:union untagged
type FieldValue interface{ isFieldValue() }

// TextValue is a text field's value.
type TextValue string

// NumberValue is a number field's value.
type NumberValue float64

// FlagValue is a checkbox field's value.
type FlagValue bool

func (TextValue) isFieldValue()   {}
func (NumberValue) isFieldValue() {}
func (*FlagValue) isFieldValue()  {}

// ItemRef picks an item by its ID, or by the issue it tracks.
//
//unionflat:union untagged
type ItemRef interface{ isItemRef() }

// ItemByID is an item by its ID.
type ItemByID struct {
	ItemID int64 `json:"item_id" jsonschema:"required,minimum=1"`
}

// ItemByIssue is the item that tracks an issue.
type ItemByIssue struct {
	Owner       string `json:"item_owner" jsonschema:"required"`
	Repo        string `json:"item_repo" jsonschema:"required"`
	IssueNumber int    `json:"issue_number" jsonschema:"required,minimum=1"`
}

func (ItemByID) isItemRef()     {}
func (*ItemByIssue) isItemRef() {}

// UpdateItem sets labels and a field value on a project item.
//
//unionflat:tool profile=gemini profile=openai-strict
type UpdateItem struct {
	Item   ItemRef    `json:"item" jsonschema:"required"`
	Labels []Label    `json:"labels" jsonschema:"required"`
	Value  FieldValue `json:"value,omitempty"`
}

// Key is a key by name or by number: no struct among its variants.
//
//unionflat:union untagged
type Key interface{ isKey() }

// KeyName is a key's name.
type KeyName string

// KeyNum is a key's number.
type KeyNum int64

func (KeyName) isKey() {}
func (KeyNum) isKey()  {}

// Lookup finds items by key: a union of scalars only has finite values
// ("a", 1), so a required one is no endless chain.
//
//unionflat:tool
type Lookup struct {
	Key  Key   `json:"key"`
	Keys []Key `json:"keys" jsonschema:"minItems=1"`
}
