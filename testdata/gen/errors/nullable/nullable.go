package nullable

import (
	"encoding/json"
	"time"

	unionflat "github.com/unionflat/unionflat/runtime"
)

//unionflat:tool
type Misuse struct {
	Required  unionflat.Nullable[int]                     `json:"required,omitzero" jsonschema:"required"`
	NoOmit    unionflat.Nullable[string]                  `json:"no_omit"`
	OmitEmpty unionflat.Nullable[string]                  `json:"omit_empty,omitempty"`
	Default   unionflat.Nullable[int]                     `json:"default,omitzero" jsonschema:"default=3"`
	Pointer   *unionflat.Nullable[int]                    `json:"pointer,omitempty"`
	OfPointer unionflat.Nullable[*int]                    `json:"of_pointer,omitzero"`
	Twice     unionflat.Nullable[unionflat.Nullable[int]] `json:"twice,omitzero"`
	Raw       unionflat.Nullable[json.RawMessage]         `json:"raw,omitzero"`
	Any       unionflat.Nullable[any]                     `json:"any,omitzero"`
	Wait      unionflat.Nullable[time.Duration]           `json:"wait,omitzero"`
	Items     []unionflat.Nullable[int]                   `json:"items"`
	Values    map[string]unionflat.Nullable[string]       `json:"values"`
	Rule      unionflat.Nullable[string]                  `json:"rule,omitzero" jsonschema:"minimum=1"`
}

//unionflat:tool
type Unique struct {
	Lists unionflat.Nullable[[][]int]  `json:"lists,omitzero" jsonschema:"uniqueItems=true"`
	Names unionflat.Nullable[[]string] `json:"names,omitzero" jsonschema:"uniqueItems=true"`
}

//unionflat:union
type Shape interface{ isShape() }

type Circle struct {
	R int `json:"r"`
}

func (*Circle) isShape() {}

type Item struct {
	Shape unionflat.Nullable[Shape] `json:"shape,omitzero"`
}

//unionflat:tool
type UniqueStructs struct {
	Items []Item `json:"items" jsonschema:"uniqueItems=true"`
}
