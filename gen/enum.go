package gen

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// A named integer type with constants (an iota block or explicit values)
// is an integer enum: encoding/json writes the number, String method or
// not, so the schema lists the numbers and says in the description what
// each one names:
//
//	"enum": [0, 1, 2],
//	"description": "Theme is a colour scheme. 0: ThemeLight, light on dark; 1: ThemeDark; 2: ThemeAuto."

// intConsts lists the constants of a named integer type, from the package
// that declares it, in source order; a repeated value keeps its first
// name. Doc comments are read for the package being generated only.
func (b *builder) intConsts(n *types.Named) []Const {
	var out []Const
	seen := map[string]bool{}
	for _, c := range b.constsOf(n, constant.Int) {
		v := c.Val().ExactString()
		if seen[v] {
			continue
		}
		seen[v] = true
		out = append(out, Const{Name: c.Name(), Value: v, Doc: b.constDoc(c)})
	}
	return out
}

// constDoc is a constant's doc comment, or its trailing line comment.
func (b *builder) constDoc(c *types.Const) string {
	if b.constDocs == nil {
		b.constDocs = map[*types.Const]string{}
		for _, file := range b.p.Syntax {
			b.scanConstDocs(file)
		}
	}
	return b.constDocs[c]
}

func (b *builder) scanConstDocs(file *ast.File) {
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			doc := docText(vs.Doc)
			if doc == "" {
				doc = docText(vs.Comment)
			}
			if doc == "" && len(gd.Specs) == 1 {
				doc = docText(gd.Doc)
			}
			for _, name := range vs.Names {
				if c, ok := b.p.TypesInfo.Defs[name].(*types.Const); ok && doc != "" {
					b.constDocs[c] = doc
				}
			}
		}
	}
}

// constsSentence says what each value of an integer enum names:
// "0: ThemeLight, light on dark; 1: ThemeDark." A doc comment that starts
// with the constant's name ("ThemeLight is light on dark.") loses the
// name and the "is" after it.
func constsSentence(consts []Const) string {
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

// constLiterals are the values of an integer enum as JSON literals.
func constLiterals(consts []Const) []string {
	out := make([]string, len(consts))
	for i, c := range consts {
		out[i] = c.Value
	}
	return out
}
