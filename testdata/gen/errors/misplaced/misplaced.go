// Package misplaced writes directives where they mean nothing.
//
//unionflat:tool
package misplaced

//unionflat:union
type Part interface{ isPart() }

//unionflat:variant text
type TextPart struct {
	//unionflat:open
	Text string `json:"text"`
}

func (TextPart) isPart() {}

//unionflat:tool
func Run() {}

//unionflat:tool
var Tool struct{}

// A group's doc comment belongs to no single type.
//
//unionflat:open
type (
	// One is the first.
	One struct{}

	// Two is the second.
	Two struct{}
)

// Stray has a variant directive but implements no union.
//
//unionflat:variant stray
type Stray struct{}

func helper() {
	//unionflat:open
}

// Spaced has a space after the slashes, so it is prose, not a directive:
// unionflat:union
type Spaced interface{ isSpaced() }

// ColonSpaced is how gofmt leaves //unionflat: union, a space after the
// colon: prose too.
//
// unionflat: union
type ColonSpaced interface{ isColonSpaced() }
