package emit

import (
	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/schema"
)

// File is a generated file as rendered, before formatting.
type File struct {
	Path   string // absolute: <source>_unionflat.go
	Source []byte
}

// Files renders the generated files of a package: one beside each source
// file that declares a union, a tool, a root, an encoded type or a local
// struct they reach, in the order first reached. The first file also
// holds the decoders of other packages' structs, the compiled patterns
// and the shared $defs values.
func Files(pkg *model.Package, docs schema.Documents) ([]File, error) {
	outputs := map[string]*fileOutput{}
	var order []string
	at := func(source string) *fileOutput {
		o, ok := outputs[source]
		if !ok {
			o = &fileOutput{source: source, schemas: docs}
			outputs[source] = o
			order = append(order, source)
		}
		return o
	}
	for _, u := range pkg.Unions {
		o := at(u.Pos.Filename)
		o.unions = append(o.unions, u)
	}
	for _, t := range pkg.Tools {
		o := at(t.Pos.Filename)
		o.tools = append(o.tools, t)
	}
	for _, r := range pkg.Roots {
		o := at(r.Pos.Filename)
		o.roots = append(o.roots, r)
	}
	for _, x := range pkg.Encoded {
		o := at(x.DeclPos().Filename)
		o.encoded = append(o.encoded, x)
	}
	for _, st := range pkg.Structs {
		if st.Local {
			o := at(st.Pos.Filename)
			o.structs = append(o.structs, st)
		}
	}
	if len(order) == 0 {
		return nil, nil
	}
	first := outputs[order[0]]
	first.patterns = true
	var consts []schemaConst
	for _, source := range order {
		consts = append(consts, outputs[source].schemaConsts()...)
	}
	plan := planSharedDefs(pkg, consts)
	for _, o := range outputs {
		o.defs = plan
	}
	for _, st := range pkg.Structs {
		if !st.Local {
			first.structs = append(first.structs, st)
		}
	}
	e := newEmitter(pkg)
	var files []File
	for _, source := range order {
		buf, err := outputs[source].render(pkg, e)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Path: outputName(source), Source: buf.Bytes()})
	}
	return files, nil
}
