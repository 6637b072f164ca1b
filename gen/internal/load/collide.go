package load

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/naming"
)

// checkCollisions reports declarations of the package that would clash
// with what the generator writes, all read from the names table
// (names.go): package-level names, predeclared identifiers the generated
// code relies on, two declarations whose generated names are the same,
// and the methods and fields of the types it adds methods to.
func (b *builder) checkCollisions() {
	scope := b.p.Types.Scope()
	gens := naming.GeneratedNames(b.out)
	owner := map[string]naming.Generated{}
	for _, g := range gens {
		if first, dup := owner[g.Name]; dup {
			if first.Decl != g.Decl {
				b.errorf(declPos(g.Decl), "%s generates %s, which %s (%s) generates too: rename one of them",
					g.Owner, g.Name, first.Owner, shortPos(declPos(first.Decl)))
			}
			continue
		}
		owner[g.Name] = g
	}
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		g, clash := owner[name]
		what := g.Owner
		if !clash && strings.HasPrefix(name, "ufPattern") {
			what, clash = "compiled patterns", true
		}
		if clash {
			b.errorf(b.position(obj.Pos()), "%s is declared here, but unionflat generates it for %s: rename it", name, what)
		}
		if slices.Contains(naming.Predeclared, name) {
			b.errorf(b.position(obj.Pos()), "%s is declared here and hides Go's predeclared %s, which generated code uses: rename it", name, name)
		}
	}
}

// declPos is where a union, tool, struct, schema root or output is
// declared.
func declPos(decl any) token.Position {
	switch d := decl.(type) {
	case *model.Union:
		return d.Pos
	case *model.Tool:
		return d.Pos
	case *model.Struct:
		return d.Pos
	case *model.Def:
		return d.Pos
	case *model.Root:
		return d.Pos
	case *model.Encoded:
		return d.DeclPos()
	}
	return token.Position{}
}

// shortPos is file:line:col with the file's base name: the declarations
// a message names are in the package's own directory.
func shortPos(p token.Position) string {
	return fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
}

// selectors lists the methods and fields a struct type declares itself.
func (b *builder) selectors(named *types.Named) []model.Selector {
	var out []model.Selector
	for fn := range named.Methods() {
		out = append(out, model.Selector{Name: fn.Name(), Method: true, Pos: b.position(fn.Pos())})
	}
	if s, ok := named.Underlying().(*types.Struct); ok {
		for f := range s.Fields() {
			out = append(out, model.Selector{Name: f.Name(), Pos: b.position(f.Pos())})
		}
	}
	return out
}
