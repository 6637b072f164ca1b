package load

import (
	"fmt"
	"go/token"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// A problem is one thing wrong with the user's declarations, found by a
// reader below the loader: a directive, a tag, a rule check. It carries
// its sentence and, when the reader knows a finer place than the
// declaration it was handed (a directive's argument), that position;
// otherwise pos is token.NoPos and the loader reports it at the
// declaration. Readers return nil for no problem.
type problem struct {
	pos token.Pos
	msg string
}

// problemf is a problem without a position of its own.
func problemf(format string, args ...any) *problem {
	return &problem{msg: fmt.Sprintf(format, args...)}
}

// problemAt is a problem at pos.
func problemAt(pos token.Pos, format string, args ...any) *problem {
	return &problem{pos: pos, msg: fmt.Sprintf(format, args...)}
}

// in puts what the problem was found in before its sentence:
// "jsonschema enum=x: want an integer".
func (p *problem) in(context string) *problem {
	return &problem{pos: p.pos, msg: context + ": " + p.msg}
}

// report adds a problem to the diagnostics: at its own position if it
// has one, else at the declaration's.
func (b *builder) report(decl token.Position, p *problem) {
	if p.pos.IsValid() {
		decl = b.position(p.pos)
	}
	b.diags = append(b.diags, model.Diagnostic{Pos: decl, Msg: p.msg})
}

// reportAll reports problems found in a declaration's part (context,
// such as "field Name"), at the declaration unless they have a position.
func (b *builder) reportAll(decl token.Position, context string, problems []*problem) {
	for _, p := range problems {
		b.report(decl, p.in(context))
	}
}

func (p *problem) String() string { return p.msg }
