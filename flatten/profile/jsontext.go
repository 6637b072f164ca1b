package profile

import "github.com/unionflat/unionflat/flatten/internal/jsonv"

// WritesJSONText reports whether a projection onto p, under o, writes a
// free-form value as a string holding its JSON text. A free-form value
// is a property or an array's items that say nothing of what they are
// but in annotations ({} or true: Go's any and json.RawMessage), and,
// under a profile whose objects are closed or say no
// additionalProperties (openai-strict, anthropic-strict, gemini,
// portable), an object of free-form values ({"type": "object",
// "additionalProperties": true}: Go's map[string]any). The profiles that
// say any value (mcp, ollama) keep them. Such a value is advertised as
// {"type": "string"}, its description saying so; its annotations stay,
// a default or an example as its JSON text. A decoder of such a document
// must read both the value and the string: unionflat's generated
// decoders read a string that holds JSON text there as that value (see
// runtime/impl's JSONText).
func (o Options) WritesJSONText(p Profile) bool {
	sp, ok := specs[p]
	return o.JSONText && ok && !sp.untypedOK
}

// The descriptions of a free-form value written as JSON text.
const (
	anyAsText    = `A JSON value of any type, written as its JSON text in a string: "42", "[1, 2]" or "{\"a\": 1}".`
	objectAsText = `A JSON object, written as its JSON text in a string: "{\"a\": 1}".`
)

// asJSONText is s, which keyword key holds in the schema being
// projected, as a string holding JSON text where it is a free-form
// value the profile cannot say (see Options.WritesJSONText); else s.
func (pr *projector) asJSONText(s *jsonv.Value, key string) *jsonv.Value {
	if !pr.jsonText {
		return s
	}
	below := pr.sp.below(key)
	switch {
	case (key == "properties" || key == "items" || key == "prefixItems") && !below.untypedOK && freeForm(s):
		return textSchema(s, anyAsText)
	case (below.closed || below.noAP) && (key == "properties" || key == "items" || key == "prefixItems" || key == "additionalProperties") && freeObject(s):
		return textSchema(s, objectAsText)
	}
	return s
}

// freeForm reports whether s says nothing of its values but annotations.
func freeForm(s *jsonv.Value) bool {
	if s.Kind == jsonv.KindBool {
		return s.Boolean
	}
	if !s.IsObject() {
		return false
	}
	for _, m := range s.Members {
		if !jsonv.IsAnnotation(m.Key) {
			return false
		}
	}
	return true
}

// freeObject reports whether s is an object of free-form values, with
// no property of its own: {"type": "object", "additionalProperties":
// true}, annotations aside.
func freeObject(s *jsonv.Value) bool {
	if !s.IsObject() {
		return false
	}
	if t, ok := s.Get("type").StringValue(); !ok || t != "object" {
		return false
	}
	ap := s.Get("additionalProperties")
	if ap == nil || !freeForm(ap) {
		return false
	}
	for _, m := range s.Members {
		if m.Key != "type" && m.Key != "additionalProperties" && !jsonv.IsAnnotation(m.Key) {
			return false
		}
	}
	return true
}

// textSchema is a string schema in place of s: s's annotations, a
// default or an example as its JSON text, and the words that say what
// the string holds.
func textSchema(s *jsonv.Value, words string) *jsonv.Value {
	out := jsonv.Object(jsonv.KV("type", jsonv.Str("string")))
	if s.IsObject() {
		for _, m := range s.Members {
			switch {
			case !jsonv.IsAnnotation(m.Key):
			case m.Key == "default":
				out.Members = append(out.Members, jsonv.KV(m.Key, jsonText(m.Val)))
			case m.Key == "examples" && m.Val.Kind == jsonv.KindArray:
				items := make([]*jsonv.Value, len(m.Val.Items))
				for i, it := range m.Val.Items {
					items[i] = jsonText(it)
				}
				out.Members = append(out.Members, jsonv.KV(m.Key, &jsonv.Value{Kind: jsonv.KindArray, Items: items}))
			default:
				out.Members = append(out.Members, m)
			}
		}
	}
	desc, _ := out.Get("description").StringValue()
	return out.With("description", jsonv.Str(jsonv.AppendSentence(desc, words)))
}

// jsonText is v's JSON text as a string value.
func jsonText(v *jsonv.Value) *jsonv.Value { return jsonv.Str(string(jsonv.Encode(nil, v, ""))) }
