package emit

import (
	"strings"

	"github.com/dave/jennifer/jen"
)

// comments is text as comment lines, wrapped at word boundaries (see
// wrapComment) so that generated lines stay under 100 columns.
func comments(text string) []jen.Code {
	var out []jen.Code
	for _, line := range wrapComment(text) {
		out = append(out, jen.Comment(line))
	}
	return out
}

// docComment is text as the doc comment of the declaration that follows.
func docComment(text string) *jen.Statement {
	s := jen.Null()
	for _, c := range comments(text) {
		s.Add(c).Line()
	}
	return s
}

// article is "a" or "an" for the word that follows, by its sound as far
// as its spelling tells: "an" before a vowel letter (an ImagePart, an
// Order), "a" before a consonant, and the exceptions of common English
// ("a User", "an HTTPEmbed", "an hour").
func article(word string) string {
	w := strings.ToLower(word)
	for _, p := range []string{"uni", "use", "usa", "usu", "uti", "one", "eu"} {
		if strings.HasPrefix(w, p) {
			return "a"
		}
	}
	for _, p := range []string{"hour", "honest", "honor", "heir"} {
		if strings.HasPrefix(w, p) {
			return "an"
		}
	}
	if initialism(word) {
		// Letters read one by one: an HTTP..., an SMS..., a URL...
		return articleOfLetter(word[0])
	}
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an"
	}
	return "a"
}

// initialism reports whether a word opens with two capitals, as HTTPEmbed
// and URLPart do: its first letter is read by its name.
func initialism(word string) bool {
	return len(word) >= 2 && isUpper(word[0]) && isUpper(word[1])
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// articleOfLetter is the article for a letter read by its name: an F, a G.
func articleOfLetter(c byte) string {
	if strings.IndexByte("AEFHILMNORSX", c) >= 0 {
		return "an"
	}
	return "a"
}

// withArticle is word with its article: "an ImagePart".
func withArticle(word string) string { return article(word) + " " + word }
