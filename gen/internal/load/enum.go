package load

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/unionflat/unionflat/gen/internal/model"
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
func (b *builder) intConsts(n *types.Named) []model.Const {
	var out []model.Const
	seen := map[string]bool{}
	for _, c := range b.constsOf(n, constant.Int) {
		v := c.Val().ExactString()
		if seen[v] {
			continue
		}
		seen[v] = true
		out = append(out, model.Const{Name: c.Name(), Value: v, Doc: b.constDoc(c)})
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

// constLiterals are the values of an integer enum as JSON literals.
func constLiterals(consts []model.Const) []string {
	out := make([]string, len(consts))
	for i, c := range consts {
		out[i] = c.Value
	}
	return out
}
