package flatten

import "testing"

// TestMayDeclareIdentifiers checks the scan that lets a document without
// identifier keys skip looking for them in union members: it must answer
// yes for every spelling of every such key, escaped or not, and no for a
// document without them.
func TestMayDeclareIdentifiers(t *testing.T) {
	for _, doc := range []string{
		`{"$id":"x"}`, `{"$anchor":"a"}`, `{"$dynamicAnchor":"a"}`, `{"a":{"b":[{"$id":1}]}}`,
		`{"\u0024id":"x"}`, `{"$\u0069d":"x"}`, `{"\u0024anchor":"a"}`, `{"$dynamic\u0041nchor":"a"}`,
	} {
		if !mayDeclareIdentifiers([]byte(doc)) {
			t.Errorf("%s: no identifier found", doc)
		}
	}
	for _, doc := range []string{`{"id":"x","anchor":"a","$ref":"#/$defs/id"}`, `{}`} {
		if mayDeclareIdentifiers([]byte(doc)) {
			t.Errorf("%s: an identifier found", doc)
		}
	}
}
