// Package toolname breaks the tool name rule.
package toolname

//unionflat:tool name=9lives
type Cat struct{}

//unionflat:tool name=has.dot
type Dot struct{}

//unionflat:tool name=a1234567890123456789012345678901234567890123456789012345678901234
type Long struct{}

// Größe takes its default name from a non-ASCII type name.
//
//unionflat:tool
type Größe struct{}

//unionflat:tool name=search
type Search struct{}

//unionflat:tool name=search
type Find struct{}

//unionflat:tool
type Alias = Search

//unionflat:tool
type NotAStruct string

//unionflat:tool
type Generic[T any] struct{ V T }
