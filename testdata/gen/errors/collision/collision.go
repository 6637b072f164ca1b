// Package collision already declares identifiers and methods that the
// generator writes.
package collision

import "errors"

//unionflat:union
type Part interface{ isPart() }

type TextPart struct {
	Text string `json:"text"`
}

func (TextPart) isPart() {}

// MarshalJSON is a method the generated code would write for a variant.
func (TextPart) MarshalJSON() ([]byte, error) { return nil, nil }

// Validate is a method the generated code would write.
func (TextPart) Validate() error { return errors.New("mine") }

// PartSchema is a constant the generated file declares.
const PartSchema = "{}"

//unionflat:tool
type Send struct {
	Parts []Part `json:"parts"`
	Held  Holder `json:"held"`
}

// Holder holds a union, so it gets the UnmarshalJSON its field is named.
type Holder struct {
	Part          Part `json:"part"`
	UnmarshalJSON bool `json:"unmarshal"`
}

// SendTool is the tool descriptor the generated file declares.
var SendTool = "taken"

// DecodePart is the decoder the generated file declares.
func DecodePart([]byte) (Part, error) { return nil, nil }
