package schema

import (
	"fmt"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// Documents are the schemas of a package's unions, tools, roots and
// encoded types, by their model pointers (*model.Union, *model.Tool,
// *model.Root, *model.Encoded). An encoded type that is no tool's output
// has empty Schemas.
type Documents map[any]Schemas

// Build builds every document of a package. A profile lint's finding that
// is not advice is a diagnostic at the declaration: a tool whose profile
// schema still breaks its profile (a map under openai-strict, a recursive
// type under gemini). notes are the unions flatten left alone, as "root:
// reason".
func Build(pkg *model.Package) (docs Documents, diags []model.Diagnostic, notes []string, err error) {
	docs = Documents{}
	for _, u := range pkg.Unions {
		if u.Tool != nil {
			continue // its documents are its tool's
		}
		s, err := UnionSchemas(u)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("union %s: %w", u.Name, err)
		}
		docs[u] = s
		notes = append(notes, unflattenedNotes(u.Name, s)...)
	}
	for _, t := range pkg.Tools {
		s, err := ToolSchemas(t)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("tool %s: %w", t.Name, err)
		}
		docs[t] = s
		if t.Union != nil {
			docs[t.Union] = s
		}
		diags = append(diags, ProfileFindings("tool "+t.Name, t.Pos, s)...)
		notes = append(notes, unflattenedNotes(t.Name, s)...)
	}
	for _, r := range pkg.Roots {
		s, err := RootSchemas(r)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("schema %s: %w", r.Name, err)
		}
		docs[r] = s
		diags = append(diags, ProfileFindings("schema "+r.Name, r.Pos, s)...)
		if r.Struct != nil {
			notes = append(notes, unflattenedNotes(r.Name, s)...)
		}
	}
	for _, x := range pkg.Encoded {
		var s Schemas
		if x.Output {
			if s, err = OutputSchemas(x); err != nil {
				return nil, nil, nil, fmt.Errorf("output %s: %w", x.GoName(), err)
			}
			diags = append(diags, ProfileFindings("output "+x.GoName(), x.DeclPos(), s)...)
			notes = append(notes, unflattenedNotes("output "+x.GoName(), s)...)
		}
		docs[x] = s
	}
	return docs, diags, notes, nil
}

func unflattenedNotes(root string, s Schemas) []string {
	var out []string
	for _, d := range s.Unflattened {
		out = append(out, fmt.Sprintf("%s: %s", root, d))
	}
	return out
}
