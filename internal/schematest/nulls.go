package schematest

import (
	"encoding/json"
	"math/big"
	"strings"
)

// FillNulls writes every property a schema declares and an instance
// leaves out as null, at every depth, as openai-strict has models write
// an absent property; schema is a parsed document, whose local $refs
// (#/$defs/Name) it follows.
func FillNulls(schema, inst any) any {
	root, _ := schema.(map[string]any)
	return docWalk{root: root}.fill(schema, inst)
}

// docWalk walks an instance beside a parsed schema document, following
// its local $refs.
type docWalk struct{ root map[string]any }

// resolve follows a schema's $ref into the root's $defs, as far as it
// leads.
func (n docWalk) resolve(s map[string]any) map[string]any {
	for range 16 {
		ref, ok := s["$ref"].(string)
		name, local := strings.CutPrefix(ref, "#/$defs/")
		if !ok || !local {
			return s
		}
		defs, _ := n.root["$defs"].(map[string]any)
		next, ok := defs[name].(map[string]any)
		if !ok {
			return s
		}
		s = next
	}
	return s
}

func (n docWalk) fill(schema, inst any) any {
	s, _ := schema.(map[string]any)
	s = n.fitting(n.resolve(s), inst) // an untagged union's object, in a kind union
	switch x := inst.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		out := map[string]any{}
		for k, v := range x {
			out[k] = n.fill(props[k], v)
		}
		for k := range props {
			if _, ok := out[k]; !ok {
				out[k] = nil
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, v := range x {
			out[i] = n.fill(s["items"], v)
		}
		return out
	}
	return inst
}

// notNull is the branch of an anyOf that a value other than null takes,
// as openai-strict writes a nullable $ref: {"anyOf": [{"$ref": ...},
// {"type": "null"}]}.
func (n docWalk) notNull(s map[string]any, inst any) map[string]any {
	alts, ok := s["anyOf"].([]any)
	if !ok || inst == nil {
		return s
	}
	for _, a := range alts {
		if m, ok := a.(map[string]any); ok && m["type"] != "null" {
			return n.resolve(m)
		}
	}
	return s
}

// decimalInteger is the pattern of an integer that a gemini document
// has a model write as a string of its digits.
const decimalInteger = "^-?(0|[1-9][0-9]*)$"

// QuoteIntegers writes every integer of an instance that a gemini or
// gemini-json document wants as a decimal string (type string, pattern
// ^-?(0|[1-9][0-9]*)$) as the string of its digits, as a model writes it
// there (1E+2 as "100");
// schema is the parsed document, inlined or with local $refs.
func QuoteIntegers(schema, inst any) any {
	root, _ := schema.(map[string]any)
	return docWalk{root: root}.quote(schema, inst)
}

func (n docWalk) quote(schema, inst any) any {
	s, _ := schema.(map[string]any)
	s = n.branch(n.resolve(s), inst)
	switch x := inst.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		out := map[string]any{}
		for k, v := range x {
			sub, ok := props[k]
			if !ok {
				sub = s["additionalProperties"]
			}
			out[k] = n.quote(sub, v)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, v := range x {
			out[i] = n.quote(s["items"], v)
		}
		return out
	case json.Number:
		if r, ok := new(big.Rat).SetString(string(x)); ok && r.IsInt() && s["type"] == "string" && s["pattern"] == decimalInteger {
			return r.Num().String() // its digits, as 100 for 1E+2
		}
	}
	return inst
}

// branch is the branch of an anyOf whose type the instance has (gemini
// writes several kinds of one property as an anyOf), or s.
func (n docWalk) branch(s map[string]any, inst any) map[string]any {
	alts, ok := s["anyOf"].([]any)
	if !ok {
		return s
	}
	want := "object"
	switch inst.(type) {
	case []any:
		want = "array"
	case json.Number:
		want = "number"
	case string:
		want = "string"
	case bool:
		want = "boolean"
	case nil:
		return s
	}
	for _, a := range alts {
		m, ok := a.(map[string]any)
		if !ok {
			continue
		}
		m = n.resolve(m)
		if t := m["type"]; t == want || (want == "number" && (t == "integer" || t == "string")) {
			return m
		}
	}
	return s
}

// jsonTextWords are what a profile document says of a free-form value it
// has a model write as a string holding its JSON text (see
// flatten/profile's Options.JSONText).
const jsonTextWords = "written as its JSON text in a string"

// WriteJSONText writes every value of an instance that the document
// wants as a string holding JSON text (type string, described so) as
// that text, as a model writes it there; schema is the parsed document,
// inlined or with local $refs.
func WriteJSONText(schema, inst any) any {
	root, _ := schema.(map[string]any)
	return docWalk{root: root}.text(schema, inst)
}

func (n docWalk) text(schema, inst any) any {
	s, _ := schema.(map[string]any)
	s = n.fitting(n.resolve(s), inst)
	// null too, where the document takes no null: "null".
	if desc, _ := s["description"].(string); (inst != nil || s["type"] == "string") && strings.Contains(desc, jsonTextWords) && saysString(s["type"]) {
		b, err := json.Marshal(inst)
		if err != nil {
			panic(err)
		}
		return string(b)
	}
	switch x := inst.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		out := map[string]any{}
		for k, v := range x {
			sub, ok := props[k]
			if !ok {
				sub = s["additionalProperties"]
			}
			out[k] = n.text(sub, v)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, v := range x {
			out[i] = n.text(s["items"], v)
		}
		return out
	}
	return inst
}

// saysString reports whether a schema's type is string, or string and
// null.
func saysString(t any) bool {
	switch t := t.(type) {
	case string:
		return t == "string"
	case []any:
		return len(t) > 0 && t[0] == "string"
	}
	return false
}

// fitting is the branch of an anyOf that the instance fits by its JSON
// type, and for an object by its keys (the first whose properties hold
// every key, or that takes others), or s.
func (n docWalk) fitting(s map[string]any, inst any) map[string]any {
	alts, ok := s["anyOf"].([]any)
	if !ok || inst == nil {
		return s
	}
	for _, a := range alts {
		b, ok := a.(map[string]any)
		if !ok {
			continue
		}
		b = n.resolve(b)
		if fitsType(b["type"], inst) && fitsKeys(b, inst) {
			if _, nested := b["anyOf"]; nested {
				return n.fitting(b, inst)
			}
			return b
		}
	}
	return n.notNull(s, inst)
}

// fitsType reports whether a schema's type (a name or a list of them,
// or none) takes the instance's JSON type.
func fitsType(t, inst any) bool {
	want := "string"
	switch inst.(type) {
	case map[string]any:
		want = "object"
	case []any:
		want = "array"
	case json.Number:
		want = "number"
	case bool:
		want = "boolean"
	}
	names := []any{t}
	if list, ok := t.([]any); ok {
		names = list
	}
	for _, name := range names {
		if name == nil || name == want || want == "number" && name == "integer" {
			return true
		}
	}
	return false
}

// fitsKeys reports whether a schema names every key of an object
// instance, or takes keys it does not name.
func fitsKeys(s map[string]any, inst any) bool {
	obj, ok := inst.(map[string]any)
	if !ok || s["additionalProperties"] != false {
		return true
	}
	props, _ := s["properties"].(map[string]any)
	for k := range obj {
		if _, ok := props[k]; !ok {
			return false
		}
	}
	return true
}
