package selfref

import (
	"encoding/json"
	"strings"
	"testing"
)

// The generated declarations work as the package uses them.
func TestGeneratedTool(t *testing.T) {
	if len(Tools) != 1 || Tools[0].Name != "search" || Tools[0].Description != "Search searches the index." {
		t.Fatalf("Tools = %+v", Tools)
	}
	if Tools[0].Schema != SearchSchema || string(Tools[0].InputSchema()) != SearchFlatSchema {
		t.Fatal("the tool descriptor does not carry the schema constants")
	}
	for name, s := range map[string]string{"SearchSchema": SearchSchema, "SearchFlatSchema": SearchFlatSchema, "QueryFormat": QueryFormat} {
		var v map[string]any
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Errorf("%s is not JSON: %v", name, err)
		}
	}
	if !strings.Contains(SearchSchema, `"oneOf"`) || strings.Contains(SearchFlatSchema, `"oneOf"`) {
		t.Error("want oneOf in the lossless schema only")
	}
}
