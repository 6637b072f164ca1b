package flatten

import "slices"

// identifierKeys name a schema so that a $ref can find it by name, not by
// place. A copy of such a schema declares the name twice, and moving it
// changes what the $refs inside it resolve against.
var identifierKeys = []string{"$id", "$anchor", "$dynamicAnchor"}

// declaredIdentifier returns the first identifier keyword declared in v or
// below it, or "".
func declaredIdentifier(v *value) string {
	found := ""
	eachSchemaValue(v, func(s *value) bool {
		for _, key := range identifierKeys {
			if _, ok := s.get(key).stringValue(); ok && found == "" {
				found = key
			}
		}
		return found == ""
	})
	return found
}

// resources lists the pointers of the embedded resources of a document:
// the schemas below the root that declare $id. A local $ref inside one
// resolves against it, not against the document.
func resources(root *value) []string {
	some := false
	eachSchemaValue(root, func(s *value) bool {
		some = some || (s != root && s.get("$id") != nil)
		return !some
	})
	if !some {
		return nil // the common case: no pointers to build
	}
	var out []string
	eachSchema(root, "", func(s *value, ptr string) bool {
		if _, ok := s.get("$id").stringValue(); ok && ptr != "" {
			out = append(out, ptr)
		}
		return true
	})
	slices.Sort(out)
	return out
}

// inResource returns the embedded resource that pointer p lies in, or
// "" when it lies in the document's own.
func inResource(res []string, p string) string {
	for _, r := range res {
		if within(p, r) {
			return r
		}
	}
	return ""
}
