// Package jsontext writes JSON strings as unionflat's schema documents
// spell them: flatten's documents, and the generator's lossless ones,
// which it writes without reading them back.
package jsontext

import "unicode/utf8"

const hexDigits = "0123456789abcdef"

// plain holds the bytes AppendString copies as they are: every byte but
// the control characters, the quote, the backslash, and the lead bytes
// E2 and EF of the only runes it escapes, U+2028, U+2029 and U+FEFF.
var plain = func() (t [256]bool) {
	for c := range t {
		t[c] = c >= 0x20 && c != '"' && c != '\\' && c != 0xE2 && c != 0xEF
	}
	return t
}()

// AppendString writes s, valid UTF-8, as a JSON string: non-ASCII text
// is kept as UTF-8; control characters, quotes, backslashes, U+2028,
// U+2029 and U+FEFF are escaped (\n, \r and \t by name, the others as
// \u00XX and \uXXXX).
func AppendString(buf []byte, s string) []byte {
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if plain[c] {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != '\u2028' && r != '\u2029' && r != '\uFEFF' {
				i += size
				continue
			}
			// Line separators break JavaScript string literals, and a byte
			// order mark may not stand inside Go source: write them as
			// escapes.
			buf = append(buf, s[start:i]...)
			buf = append(buf, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		buf = append(buf, s[start:i]...)
		switch c {
		case '"', '\\':
			buf = append(buf, '\\', c)
		case '\n':
			buf = append(buf, '\\', 'n')
		case '\r':
			buf = append(buf, '\\', 'r')
		case '\t':
			buf = append(buf, '\\', 't')
		default:
			buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}
