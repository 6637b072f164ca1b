package runtime

import (
	"encoding/binary"
	"math/bits"
)

// This file scans text the parse has found well-formed: readers find
// where a value ends without checking it again.

// skipSpace is where the first byte from i on that is not white space
// is, or len(b).
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
		i++
	}
	return i
}

// stringEnd is where the closing quote is of the well-formed string
// whose contents start at b[i], and whether the string has escapes.
func stringEnd(b []byte, i int) (int, bool) {
	escaped := false
	for {
		for i+8 <= len(b) {
			w := binary.LittleEndian.Uint64(b[i:])
			if s := stops(w); s != 0 {
				i += bits.TrailingZeros64(s) / 8
				break
			}
			i += 8
		}
		switch b[i] {
		case '"':
			return i, escaped
		case '\\':
			escaped = true
			i += 2
		default: // a byte of the last few, or of a multi-byte character
			i++
		}
	}
}

// valueEnd is where the well-formed value whose text starts at b[i]
// ends.
func valueEnd(b []byte, i int) int {
	switch b[i] {
	case '"':
		end, _ := stringEnd(b, i+1)
		return end + 1
	case '{', '[':
		return containerEnd(b, i)
	case 't', 'n':
		return i + 4
	case 'f':
		return i + 5
	}
	end, _ := scanNumber(b, i)
	return end
}

// containerEnd is where the well-formed array or object that opens at
// b[start] ends, just past its closing bracket.
func containerEnd(b []byte, start int) int {
	depth := 0
	for i := start; i < len(b); i++ {
		switch b[i] {
		case '[', '{':
			depth++
		case ']', '}':
			if depth--; depth == 0 {
				return i + 1
			}
		case '"':
			i, _ = stringEnd(b, i+1)
		}
	}
	return len(b)
}
