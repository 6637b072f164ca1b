package jsonv

import "testing"

// TestKeywordNames keeps keywordNames and keywordSlot's switch in step:
// every listed keyword is known, once, and keywords that hold no
// subschema are not.
func TestKeywordNames(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range keywordNames {
		if _, known := keywordSlot(k); !known {
			t.Errorf("%s is listed but keywordSlot does not know it", k)
		}
		if seen[k] {
			t.Errorf("%s is listed twice", k)
		}
		seen[k] = true
	}
	for _, k := range []string{"$ref", "type", "const", "enum", "required", "x-extra", "components", ""} {
		if _, known := keywordSlot(k); known {
			t.Errorf("keywordSlot knows %q, which holds no subschema", k)
		}
	}
	if len(KeywordPositions) != len(keywordNames) {
		t.Errorf("KeywordPositions has %d keywords, want %d", len(KeywordPositions), len(keywordNames))
	}
}
