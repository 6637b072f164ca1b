package jsonv

import "testing"

// TestKeywordSlots checks keywordSlot on every keyword that holds
// subschemas, and on keywords that do not.
func TestKeywordSlots(t *testing.T) {
	want := map[string]Position{
		"additionalProperties": OneSchema, "unevaluatedProperties": OneSchema, "additionalItems": OneSchema,
		"unevaluatedItems": OneSchema, "contains": OneSchema, "propertyNames": OneSchema, "not": OneSchema,
		"if": OneSchema, "then": OneSchema, "else": OneSchema, "contentSchema": OneSchema,
		"items": SchemaOrList, "allOf": SchemaList, "anyOf": SchemaList, "oneOf": SchemaList,
		"prefixItems": SchemaList, "properties": SchemaMap, "patternProperties": SchemaMap,
		"dependentSchemas": SchemaMap, "dependencies": Dependencies, "$defs": SchemaMap, "definitions": SchemaMap,
		"$ref": NotSchema, "type": NotSchema, "const": NotSchema, "enum": NotSchema, "required": NotSchema,
		"x-extra": NotSchema, "components": NotSchema, "": NotSchema,
	}
	for k, pos := range want {
		s, known := keywordSlot(k)
		if got := KeywordPosition(k); got != pos || known != (pos != NotSchema) {
			t.Errorf("%q: position %d (known %v), want %d", k, got, known, pos)
		}
		if s.defs != (k == "$defs" || k == "definitions") {
			t.Errorf("%q: defs %v", k, s.defs)
		}
	}
	for k, pol := range map[string]Polarity{"not": Negative, "if": TwoSided, "$defs": Unreached, "then": Positive} {
		if s, _ := keywordSlot(k); s.pol != pol {
			t.Errorf("%q: polarity %d, want %d", k, s.pol, pol)
		}
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
			got := k.Sub()
			got.Ptr = string(k.AppendPath([]byte("/p"), v))
			if got != want[i] {
				t.Errorf("%s: child %d is %+v, MapSubschemas %+v", doc, i, got, want[i])
			}
			k.Out = k.Val
			kids[i] = k
		}
		if out := ReplaceChildren(nil, v, kids); out != v {
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
		got, wantText := string(Encode(nil, ReplaceChildren(new(Slab), v, kids), "")), string(Encode(nil, mapped, ""))
		if got != wantText {
			t.Errorf("%s: ReplaceChildren gives\n%s\nMapSubschemas\n%s", doc, got, wantText)
		}
	}
}
