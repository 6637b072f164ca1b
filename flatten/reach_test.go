package flatten_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/internal/schematest"
)

// TestReachShortcut: in a document where no keyword narrows (no not, if
// or contains), a pass takes every $ref target as positive without the
// walk that computes their reach. Flattening every rule input, vector,
// property and option case and 200 generated schemas, with every
// combination of options, must give the same bytes and the same
// diagnostics with the walk forced as without it, and many of the
// documents must be ones the shortcut applies to.
func TestReachShortcut(t *testing.T) {
	docs := knownInputs(t)
	for seed := range uint64(200) {
		docs = append(docs, schematest.RandomSchema(seed))
	}
	shortcut := 0
	for _, doc := range docs {
		if !hasNarrowingKey(doc) {
			shortcut++
		}
		for _, o := range allOptions() {
			got, errGot := flatten.JSON(doc, o)
			restore := flatten.SetAlwaysReach(true)
			want, errWant := flatten.JSON(doc, o)
			restore()
			if (errGot == nil) != (errWant == nil) || !bytes.Equal(got.Schema, want.Schema) || !reflect.DeepEqual(got.Diagnostics, want.Diagnostics) {
				t.Fatalf("%s: %s\nwithout the reach walk %s %v (%v)\nwith it %s %v (%v)",
					optionsName(o), doc, got.Schema, got.Diagnostics, errGot, want.Schema, want.Diagnostics, errWant)
			}
		}
	}
	if shortcut < len(docs)/4 {
		t.Errorf("only %d of %d documents are without not, if and contains", shortcut, len(docs))
	}
	t.Logf("%d documents, %d of them without not, if and contains", len(docs), shortcut)
}

// hasNarrowingKey reports a key not, if or contains anywhere in doc (a
// document that is not JSON counts as having one).
func hasNarrowingKey(doc []byte) bool {
	var v any
	if json.Unmarshal(doc, &v) != nil {
		return true
	}
	var has func(v any) bool
	has = func(v any) bool {
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				if k == "not" || k == "if" || k == "contains" || has(e) {
					return true
				}
			}
		case []any:
			for _, e := range v {
				if has(e) {
					return true
				}
			}
		}
		return false
	}
	return has(v)
}
