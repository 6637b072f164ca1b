package schematest

import "strings"

// FillNulls writes every property a schema declares and an instance
// leaves out as null, at every depth, as openai-strict has models write
// an absent property; schema is a parsed document, whose local $refs
// (#/$defs/Name) it follows.
func FillNulls(schema, inst any) any {
	root, _ := schema.(map[string]any)
	return nullFiller{root: root}.fill(schema, inst)
}

type nullFiller struct{ root map[string]any }

// resolve follows a schema's $ref into the root's $defs, as far as it
// leads.
func (n nullFiller) resolve(s map[string]any) map[string]any {
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

func (n nullFiller) fill(schema, inst any) any {
	s, _ := schema.(map[string]any)
	s = n.notNull(n.resolve(s), inst)
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
func (n nullFiller) notNull(s map[string]any, inst any) map[string]any {
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
