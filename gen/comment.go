package gen

import (
	"strings"

	"github.com/dave/jennifer/jen"
)

// commentWidth is the most characters a generated comment line holds
// after its "// ", so that with the indentation of a declaration in a
// group, and tabs counted as four columns, it stays under 100 columns.
const commentWidth = 88

// comments is text as comment lines, wrapped at word boundaries to
// commentWidth. A word longer than the width gets a line of its own.
func comments(text string) []jen.Code {
	var out []jen.Code
	for _, line := range wrap(text, commentWidth) {
		out = append(out, jen.Comment(line))
	}
	return out
}

// wrap breaks text into lines of at most width characters at spaces.
func wrap(text string, width int) []string {
	var lines []string
	var line strings.Builder
	for _, word := range strings.Fields(text) {
		if line.Len() > 0 && line.Len()+1+len(word) > width {
			lines = append(lines, line.String())
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(word)
	}
	if line.Len() > 0 {
		lines = append(lines, line.String())
	}
	return lines
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
