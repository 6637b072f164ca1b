// Package untagged holds untagged unions whose variants overlap, and
// other misuse of untagged unions.
package untagged

// Two string variants: "x" fits both.
//
//unionflat:union untagged
type Words interface{ isWords() }

type Word string
type Phrase string

func (Word) isWords()   {}
func (Phrase) isWords() {}

// An integer and a number: 3 fits both.
//
//unionflat:union untagged
type Amount interface{ isAmount() }

type Count int
type Ratio float64

func (Count) isAmount() {}
func (Ratio) isAmount() {}

// Two objects that no required key tells apart.
//
//unionflat:union untagged
type Ref interface{ isRef() }

type ByName struct {
	Name string `json:"name" jsonschema:"required"`
	Note string `json:"note,omitempty"`
}

//unionflat:open
type ByNote struct {
	Note string `json:"note" jsonschema:"required"`
}

func (ByName) isRef() {}
func (ByNote) isRef() {}

// A discriminator on an untagged union, and variant values.
//
//unionflat:union untagged discriminator=kind
type Mixed interface{ isMixed() }

// Dot is a point.
//
//unionflat:variant dot
type Dot struct {
	X int `json:"x" jsonschema:"required"`
}

// Raw is base64 text, a string: apart from the object Dot.
type Raw []byte

func (Dot) isMixed() {}
func (Raw) isMixed() {}

// Key is a name or a number: apart in JSON, but gemini writes an int64
// as a string of its digits, which the name takes too.
//
//unionflat:union untagged
type Key interface{ isKey() }

type KeyName string
type KeyNum int64

func (KeyName) isKey() {}
func (KeyNum) isKey()  {}

//unionflat:tool profile=gemini
type Lookup struct {
	Key Key `json:"key"`
}
