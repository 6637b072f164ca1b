// Package selfref uses the identifiers its own generated file declares,
// as a tool registry does; regenerating it must still work.
package selfref

import unionflat "github.com/unionflat/unionflat/runtime"

// Query is what to search for.
//
//unionflat:union
type Query interface{ isQuery() }

// TermQuery matches a term.
type TermQuery struct {
	Term string `json:"term"`
}

// PhraseQuery matches a phrase.
type PhraseQuery struct {
	Words []string `json:"words" jsonschema:"minItems=2"`
}

func (TermQuery) isQuery()   {}
func (PhraseQuery) isQuery() {}

// Search searches the index.
//
//unionflat:tool
type Search struct {
	Query Query `json:"query"`
}

// Tools lists the package's tools for an SDK.
var Tools = []unionflat.Tool{SearchTool.Tool}

// QueryFormat is the schema a client may ask for.
const QueryFormat = QueryFlatSchema
