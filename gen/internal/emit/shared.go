package emit

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/naming"
)

// A tool embeds in its lossless schema the $defs of every union and struct
// it reaches, so the same entry, byte for byte, sits in several schema
// constants of a package. Such an entry is declared once, as a constant of
// its own named for its declaration (ufDefsPoint for struct Point), and
// every schema constant that holds it is spelled as a concatenation:
//
//	ShapeSchema = `{
//	  "$defs": {
//	    "Point": ` + ufDefsPoint + `,
//	...`
//
// Go evaluates a concatenation of constants at compile time, so ShapeSchema
// is still a constant and still the complete, self-contained document it
// was: only its spelling changes. An entry is shared when at least two
// constants hold it with the same text; an entry of the same declaration
// whose text differs (a flat schema's, where a variant's description
// opens with its discriminator value) stays written out where it is.

// schemaConst is one schema constant of a package: its name, its value
// (without the final newline) and the declarations of its $defs entries.
type schemaConst struct {
	name string
	text string
	defs map[string]any // $defs entry name -> *Struct or *Union
}

// defEntry is one entry of a document's $defs: its name and where its
// value lies in the text.
type defEntry struct {
	name       string
	start, end int
}

// sharedDef is a $defs value declared once for the constants that hold it.
type sharedDef struct {
	name  string   // the constant: ufDefsPoint
	entry string   // the $defs entry: Point
	body  string   // its value, from { to }
	users []string // the schema constants that hold it, in emit order
}

// defsPlan says which $defs values of a package are shared.
type defsPlan struct {
	shared []*sharedDef          // sorted by name
	byName map[string]*sharedDef // constant name -> what it holds
}

// defsOpen opens the $defs of a document indented by two spaces: $defs is
// a keyword of the root, so it is the only key at this depth by that name.
const defsOpen = "\n  \"$defs\": {\n"

// defsEntries finds the entries of a document's top-level $defs. Each
// entry starts on a line indented by four spaces and its value ends on the
// line before the next entry or the closing brace of $defs.
func defsEntries(text string) []defEntry {
	i := strings.Index(text, defsOpen)
	if i < 0 {
		return nil
	}
	var out []defEntry
	pos := i + len(defsOpen)
	for strings.HasPrefix(text[pos:], `    "`) {
		line := text[pos : pos+lineLen(text[pos:])]
		colon := strings.Index(line, `": `)
		var name string
		if colon < 0 || json.Unmarshal([]byte(line[4:colon+1]), &name) != nil {
			return out
		}
		start := pos + colon + 3
		end := pos + len(line)
		for next := end + 1; next < len(text) && !entryBoundary(text[next:]); next = end + 1 {
			end = next + lineLen(text[next:])
		}
		e := defEntry{name: name, start: start, end: end}
		if text[end-1] == ',' {
			e.end--
		}
		out = append(out, e)
		pos = end + 1
	}
	return out
}

// lineLen is the length of the first line of s, without its newline.
func lineLen(s string) int {
	if n := strings.IndexByte(s, '\n'); n >= 0 {
		return n
	}
	return len(s)
}

// entryBoundary reports whether s starts the next $defs entry or closes
// $defs.
func entryBoundary(s string) bool {
	return strings.HasPrefix(s, `    "`) || strings.HasPrefix(s, "  }")
}

// defsDeclName is the shared constant a $defs entry of declaration decl
// would be: ufDefsShape for union Shape, ufDefsPoint for struct Point.
func defsDeclName(decl any) string {
	switch d := decl.(type) {
	case *model.Union:
		return naming.DefsConst(d.Name)
	case *model.Struct:
		return naming.DefsConst(naming.StructName(d))
	case *model.Def:
		return naming.DefsConst(naming.DefName(d))
	}
	return ""
}

// planSharedDefs decides which $defs values of a package's schema
// constants are declared once: for each declaration, the text that most
// constants hold (the first seen among equals), when at least two hold it.
// Only names of the names table are used, so that the clash check has
// judged them.
func planSharedDefs(pkg *model.Package, consts []schemaConst) *defsPlan {
	listed := map[string]bool{}
	for _, g := range naming.GeneratedNames(pkg) {
		listed[g.Name] = true
	}
	byText := map[string]map[string]*sharedDef{} // constant name -> body -> candidate
	var seen []*sharedDef
	for _, c := range consts {
		for _, e := range defsEntries(c.text) {
			name := defsDeclName(c.defs[e.name])
			if !listed[name] {
				continue
			}
			body := c.text[e.start:e.end]
			if byText[name] == nil {
				byText[name] = map[string]*sharedDef{}
			}
			d := byText[name][body]
			if d == nil {
				d = &sharedDef{name: name, entry: e.name, body: body}
				byText[name][body] = d
				seen = append(seen, d)
			}
			if !slices.Contains(d.users, c.name) {
				d.users = append(d.users, c.name)
			}
		}
	}
	plan := &defsPlan{byName: map[string]*sharedDef{}}
	for _, d := range seen {
		best := plan.byName[d.name]
		if len(d.users) >= 2 && (best == nil || len(d.users) > len(best.users)) {
			plan.byName[d.name] = d
		}
	}
	for _, d := range plan.byName {
		plan.shared = append(plan.shared, d)
	}
	slices.SortFunc(plan.shared, func(a, b *sharedDef) int { return cmp.Compare(a.name, b.name) })
	return plan
}

// segment is a piece of a schema constant's spelling: text, or the name
// of a shared constant.
type segment struct {
	text string
	ref  string
}

// segments spells a constant as text and shared $defs values.
func (p *defsPlan) segments(c schemaConst) []segment {
	var out []segment
	pos := 0
	for _, e := range defsEntries(c.text) {
		d := p.byName[defsDeclName(c.defs[e.name])]
		if d == nil || c.text[e.start:e.end] != d.body {
			continue
		}
		out = append(out, segment{text: c.text[pos:e.start]}, segment{ref: d.name})
		pos = e.end
	}
	return append(out, segment{text: c.text[pos:]})
}

// value is the Go expression of a schema constant. It checks that the
// pieces spell the text exactly, since the constant's value must not
// depend on how it is spelled.
func (p *defsPlan) value(c schemaConst) (jen.Code, error) {
	var code jen.Statement
	// rest is what the segments have yet to spell of the schema's text.
	rest, spells := c.text, true
	for _, s := range p.segments(c) {
		if s.ref == "" && s.text == "" {
			continue
		}
		if len(code) > 0 {
			code.Op("+")
		}
		piece := s.text
		if s.ref != "" {
			code.Id(s.ref)
			piece = p.byName[s.ref].body
		} else {
			code.Add(rawText(s.text))
		}
		if spells = spells && strings.HasPrefix(rest, piece); spells {
			rest = rest[len(piece):]
		}
	}
	if !spells || rest != "" {
		return nil, fmt.Errorf("%s: the shared $defs do not spell the schema", c.name)
	}
	return &code, nil
}

// emitSharedDefs declares the shared $defs values:
//
//	const (
//		// ufDefsPoint is the $defs entry Point of ShapeSchema and DrawSchema.
//		ufDefsPoint = `{...}`
//	)
func (p *defsPlan) emitSharedDefs() jen.Code {
	var defs []jen.Code
	for i, d := range p.shared {
		if i > 0 {
			defs = append(defs, jen.Line())
		}
		defs = append(defs, comments(fmt.Sprintf("%s is the $defs entry %s of %s.", d.name, d.entry, list(d.users)))...)
		defs = append(defs, jen.Id(d.name).Op("=").Add(rawText(d.body)))
	}
	return jen.Const().Defs(defs...)
}

// list joins names as English does: a, b and c.
func list(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
