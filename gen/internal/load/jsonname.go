package load

import (
	"strings"
	"unicode"
)

// validJSONName reports whether encoding/json accepts a json tag's name;
// it ignores any other and uses the Go field name (isValidTag in
// encoding/json).
func validJSONName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}
