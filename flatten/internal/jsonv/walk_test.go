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

// childDocs are schemas with every shape of subschema: one schema, lists,
// maps (an empty key, keys to escape), definitions, both readings of
// items and of dependencies, data keywords and an unknown container.
var childDocs = []string{
	`{"type":"object","properties":{"":{"type":"string"},"a/b":{"const":{"$ref":"#/x"}},"c~d":true},
	  "additionalProperties":{"not":{"type":"null"}},"required":["a/b"],"allOf":[{"minProperties":1},false],
	  "$defs":{"D":{"anyOf":[{"type":"integer"},{"type":"string"}]}},"items":[{"type":"string"},{}],
	  "dependencies":{"a":["b"],"b":{"required":["a"]}},"contains":{"type":"number"},"maxContains":2,
	  "if":{"type":"object"},"then":{},"else":false,"enum":[{"properties":{}}],"default":{"oneOf":[]}}`,
	`{"items":{"type":"string"},"prefixItems":[],"patternProperties":{"^x":{"type":"null"}},"allOf":{}}`,
	`{"x-extension":{"type":"string"},"x-list":[1,{"oneOf":[]},"a",{}],"properties":{"a":{}}}`,
	`{"x-nested":[[{"type":"string"}]],"properties":{"a":{}}}`,
	`true`,
}

// TestChildrenAgreeWithMapSubschemas checks AppendChildren, AppendPath
// and ReplaceChildren against MapSubschemas on every shape: the same
// subschemas in the same order with the same pointers and positions, and
// the same result when every second one is replaced (the same value,
// shared, when none is).
func TestChildrenAgreeWithMapSubschemas(t *testing.T) {
	for _, doc := range childDocs {
		v, err := Parse([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		kids, ok := AppendChildren(nil, v)
		var want []Sub
		MapSubschemas(v, "/p", func(s *Value, at Sub) *Value {
			want = append(want, at)
			return s
		})
		if !ok {
			if !v.IsObject() || v.Get("x-nested") == nil {
				t.Errorf("%s: AppendChildren refuses it", doc)
			}
			continue
		}
		if len(kids) != len(want) {
			t.Fatalf("%s: %d children, MapSubschemas %d", doc, len(kids), len(want))
		}
		for i, k := range kids {
			got := k.Sub
			got.Ptr = string(k.AppendPath([]byte("/p")))
			if got != want[i] {
				t.Errorf("%s: child %d is %+v, MapSubschemas %+v", doc, i, got, want[i])
			}
			k.Out = k.Val
			kids[i] = k
		}
		if out := ReplaceChildren(v, kids); out != v {
			t.Errorf("%s: nothing replaced, yet not the same value", doc)
		}
		n := 0
		replace := func(s *Value) *Value {
			n++
			if n%2 == 0 {
				return Str("replaced")
			}
			return s
		}
		mapped := MapSubschemas(v, "", func(s *Value, _ Sub) *Value { return replace(s) })
		n = 0
		for i := range kids {
			kids[i].Out = replace(kids[i].Val)
		}
		got, wantText := string(Encode(nil, ReplaceChildren(v, kids), "")), string(Encode(nil, mapped, ""))
		if got != wantText {
			t.Errorf("%s: ReplaceChildren gives\n%s\nMapSubschemas\n%s", doc, got, wantText)
		}
	}
}
