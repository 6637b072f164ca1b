package jsonv

import (
	"net/url"
	"strconv"
	"strings"
)

// OnlyAnnotationsBeside reports whether s holds nothing but key and
// annotations.
func OnlyAnnotationsBeside(s *Value, key string) bool {
	for _, m := range s.Members {
		if m.Key != key && !IsAnnotation(m.Key) {
			return false
		}
	}
	return true
}

// LocalPointer decodes a "#..." reference into a JSON Pointer.
func LocalPointer(ref *Value) (string, bool) {
	s, ok := ref.StringValue()
	if !ok || !strings.HasPrefix(s, "#") {
		return "", false
	}
	frag, err := url.PathUnescape(s[1:])
	if err != nil || (frag != "" && frag[0] != '/') {
		return "", false // an anchor, or a malformed fragment
	}
	return frag, true
}

// Lookup returns the value at a JSON Pointer, or nil.
func Lookup(root *Value, ptr string) *Value {
	if ptr == "" {
		return root
	}
	cur := root
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch cur.Kind {
		case KindObject:
			cur = cur.Get(tok)
		case KindArray:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.Items) || strconv.Itoa(i) != tok {
				return nil
			}
			cur = cur.Items[i]
		default:
			return nil
		}
		if cur == nil {
			return nil
		}
	}
	return cur
}

// EscapeToken escapes s as one JSON Pointer token (~0, ~1).
func EscapeToken(s string) string {
	if strings.IndexByte(s, '~') < 0 && strings.IndexByte(s, '/') < 0 {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// AppendToken appends s to buf escaped as one JSON Pointer token.
func AppendToken(buf []byte, s string) []byte {
	if strings.IndexByte(s, '~') < 0 && strings.IndexByte(s, '/') < 0 {
		return append(buf, s...)
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '~':
			buf = append(buf, '~', '0')
		case '/':
			buf = append(buf, '~', '1')
		default:
			buf = append(buf, c)
		}
	}
	return buf
}

// UnescapeToken reads one JSON Pointer token.
func UnescapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// OnlyAnnotations reports whether s holds nothing but annotations.
func OnlyAnnotations(s *Value) bool {
	for _, m := range s.Members {
		if !IsAnnotation(m.Key) {
			return false
		}
	}
	return true
}

// IsAnnotation reports the keywords that describe a schema without
// constraining it. Two branches that differ only in these are the same.
func IsAnnotation(key string) bool {
	switch key {
	case "title", "description", "examples", "default", "$comment", "deprecated", "readOnly", "writeOnly":
		return true
	}
	return false
}
