package jsonv

import "strings"

// Ignored is a schema that lost the keywords its draft ignores beside
// its $ref (see WithoutIgnoredBesideRef): where it is, and their names.
type Ignored struct {
	Ptr  string
	Keys []string
}

// Message says what was dropped, and why, for a diagnostic at Ptr.
func (ig Ignored) Message() string {
	return "dropped " + strings.Join(ig.Keys, ", ") + " beside $ref, which draft 7 and older ignore there"
}

// WithoutIgnoredBesideRef drops, from a document of draft 7 or older
// (see OlderDraft), the keywords those drafts ignore beside a $ref:
// every one but the annotations, $schema, $id and the definitions
// ($defs, definitions), and any a $ref points into (a pointer finds what
// it names whatever the draft). The document means what it meant, and a
// reader of later drafts (a flattener, a projection) that would apply
// those keywords reads it the same. A document of a later draft comes
// back as it is. It returns, for each schema that lost keywords, where
// it is and their names.
func WithoutIgnoredBesideRef(root *Value) (*Value, []Ignored) {
	if !root.IsObject() || !OlderDraft(root) {
		return root, nil
	}
	// pointedInto holds every target of a $ref and every pointer above
	// one: a schema holds a target exactly when its pointer is in it.
	pointedInto := map[string]bool{}
	holds := func(t string) {
		for i := len(t); i > 0; i = strings.LastIndexByte(t[:i], '/') {
			if pointedInto[t[:i]] {
				return // and every pointer above it
			}
			pointedInto[t[:i]] = true
		}
	}
	EachSchemaValue(root, func(s *Value) bool {
		if p, ok := LocalPointer(s.Get("$ref")); ok {
			holds(p)
		}
		return true
	})
	for _, named := range NamedTargets(root) {
		for _, t := range named {
			holds(t)
		}
	}
	var dropped []Ignored
	var rewrite func(s *Value, ptr string) *Value
	rewrite = func(s *Value, ptr string) *Value {
		if !s.IsObject() {
			return s
		}
		if _, ok := s.Get("$ref").StringValue(); ok {
			kept := &Value{Kind: KindObject}
			var keys []string
			for _, m := range s.Members {
				if m.Key == "$ref" || keptBesideRef(m.Key) || pointedInto[ptr+"/"+EscapeToken(m.Key)] {
					kept.Members = append(kept.Members, m)
				} else {
					keys = append(keys, m.Key)
				}
			}
			if len(keys) > 0 {
				s = kept
				dropped = append(dropped, Ignored{Ptr: ptr, Keys: keys})
			}
		}
		return MapSubschemas(s, ptr, func(c *Value, at Sub) *Value { return rewrite(c, at.Ptr) })
	}
	return rewrite(root, ""), dropped
}

// keptBesideRef says which keys WithoutIgnoredBesideRef keeps beside a
// $ref.
func keptBesideRef(key string) bool {
	switch key {
	case "$schema", "$id", "$defs", "definitions":
		return true
	}
	return IsAnnotation(key)
}
