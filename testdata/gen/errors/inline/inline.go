package inline

// Op is a tagged union.
//
//unionflat:union discriminator=method
type Op interface{ isOp() }

//unionflat:variant create
type Create struct {
	Title string `json:"title"`
}

//unionflat:variant update
type Update struct {
	Number int `json:"number"`
}

func (Create) isOp() {}
func (Update) isOp() {}

// Label is an untagged union.
//
//unionflat:union untagged
type Label interface{ isLabel() }

type LabelName string

type LabelDetail struct {
	Name string `json:"name"`
}

func (LabelName) isLabel()   {}
func (LabelDetail) isLabel() {}

// Base embeds an inline union.
type Base struct {
	Op Op `json:",inline"`
}

// Misuse holds every wrong inline field.
//
//unionflat:tool
type Misuse struct {
	Name     string `json:"name,inline"`
	Label    Label  `json:",inline"`
	Optional Op     `json:",inline,omitempty"`
	Tagged   Op     `json:",inline" jsonschema:"description=the op"`
	First    Op     `json:",inline"`
	Second   Op     `json:",inline"`
}

// Clash has properties named like the union's keys.
//
//unionflat:tool
type Clash struct {
	Method string `json:"method"`
	Title  string `json:"title"`
	Op     Op     `json:",inline"`
}

// Embedding promotes an inline union from an embedded struct.
//
//unionflat:tool
type Embedding struct {
	Base
}

// Reply is a schema root that reaches an inline union.
//
//unionflat:schema
type Reply struct {
	Op Op `json:",inline"`
}

// Outer's variant holds an inline union.
//
//unionflat:union discriminator=kind
type Outer interface{ isOuter() }

//unionflat:variant nested
type Nested struct {
	Op Op `json:",inline"`
}

func (Nested) isOuter() {}

// Loose has an open variant.
//
//unionflat:union discriminator=mode
type Loose interface{ isLoose() }

//unionflat:open
//unionflat:variant free
type Free struct {
	X string `json:"x"`
}

func (Free) isLoose() {}

// HoldsLoose merges Loose.
//
//unionflat:tool
type HoldsLoose struct {
	L Loose `json:",inline"`
}

// Chain merges a union whose one variant requires another Chain.
//
//unionflat:tool
type Chain struct {
	Link Linked `json:",inline"`
}

// Linked is a union of one variant.
//
//unionflat:union
type Linked interface{ isLinked() }

//unionflat:variant next
type Next struct {
	Next Chain `json:"next"`
}

func (Next) isLinked() {}
