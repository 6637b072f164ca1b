package schema

import (
	"strings"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// constsSentence says what each value of an integer enum names:
// "0: ThemeLight, light on dark; 1: ThemeDark." A doc comment that starts
// with the constant's name ("ThemeLight is light on dark.") loses the
// name and the "is" after it.
func constsSentence(consts []model.Const) string {
	var parts []string
	for _, c := range consts {
		part := c.Value + ": " + c.Name
		doc := strings.Join(strings.Fields(c.Doc), " ")
		if rest, ok := strings.CutPrefix(doc, c.Name+" "); ok {
			doc = strings.TrimPrefix(rest, "is ")
		}
		if doc = strings.TrimSuffix(doc, "."); doc != "" {
			part += ", " + doc
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, "; ") + "."
}
