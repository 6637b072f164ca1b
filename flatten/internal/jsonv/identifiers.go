package jsonv

import "slices"

// identifierKeys name a schema so that a $ref can find it by name, not by
// place. A copy of such a schema declares the name twice, and moving it
// changes what the $refs inside it resolve against.
var identifierKeys = []string{"$id", "$anchor", "$dynamicAnchor"}

// DeclaredIdentifier returns the first identifier keyword declared in v or
// below it, or "".
func DeclaredIdentifier(v *Value) string {
	found := ""
	EachSchemaValue(v, func(s *Value) bool {
		for _, key := range identifierKeys {
			if _, ok := s.Get(key).StringValue(); ok && found == "" {
				found = key
			}
		}
		return found == ""
	})
	return found
}

// Resources lists the pointers of the embedded Resources of a document:
// the schemas below the root that declare $id. A local $ref inside one
// resolves against it, not against the document.
func Resources(root *Value) []string {
	some := false
	EachSchemaValue(root, func(s *Value) bool {
		some = some || (s != root && s.Get("$id") != nil)
		return !some
	})
	if !some {
		return nil // the common case: no pointers to build
	}
	var out []string
	EachSchema(root, "", func(s *Value, ptr string) bool {
		if _, ok := s.Get("$id").StringValue(); ok && ptr != "" {
			out = append(out, ptr)
		}
		return true
	})
	slices.Sort(out)
	return out
}

// InResource returns the embedded resource that pointer p lies in, or
// "" when it lies in the document's own.
func InResource(res []string, p string) string {
	for _, r := range res {
		if Within(p, r) {
			return r
		}
	}
	return ""
}
