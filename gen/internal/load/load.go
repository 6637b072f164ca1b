// Package load loads Go packages with go/packages and builds their model:
// the unions, tools, schema roots and every struct and type they reach.
// Every misuse is a diagnostic at the user's own file, line and column,
// all of them in one run.
package load

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/doc/comment"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/unionflat/unionflat/gen/internal/model"
	"golang.org/x/tools/go/packages"
)

// BuildTag is the build tag that generated files are excluded by: every
// file unionflat writes starts with //go:build !unionflat, and loading sets
// the tag, so a stale or broken generated file never blocks regeneration.
const BuildTag = "unionflat"

// Config says which packages to load.
type Config struct {
	// Dir is the directory the build system runs in; "" means the current
	// directory.
	Dir string
	// Patterns are package patterns as go build takes them; none means ".".
	Patterns []string
	// Tags are extra build tags.
	Tags []string
	// Profiles are target profiles (see profile.Profiles) every tool and
	// schema root gets a schema for, besides those its directive names.
	Profiles []string
}

// loadMode is the smallest mode that gives syntax (for doc comments and
// directives) and types (for method sets and field types): go/packages
// type-checks the packages from source, their imports from export data.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo

// Load loads the packages and builds the model of each. Problems in the
// user's declarations come back as diagnostics, all of them; the error is
// for failures of the build system itself.
func Load(cfg Config) ([]*model.Package, []model.Diagnostic, error) {
	patterns := cfg.Patterns
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	tags := append([]string{BuildTag}, cfg.Tags...)
	pcfg := &packages.Config{
		Mode:       loadMode,
		Dir:        cfg.Dir,
		BuildFlags: []string{"-tags=" + strings.Join(tags, ",")},
	}
	pkgs, err := packages.Load(pcfg, patterns...)
	if err != nil {
		return nil, nil, err
	}
	var out []*model.Package
	var diags []model.Diagnostic
	for _, p := range pkgs {
		fatal := false
		for _, e := range p.Errors {
			// Type errors are tolerated: the user's code may refer to
			// identifiers that only the excluded generated files declare.
			// A declaration we need that does not type-check is reported
			// where it is used.
			if e.Kind == packages.TypeError || isOwnCompileError(p, e) {
				continue
			}
			fatal = true
			diags = append(diags, model.Diagnostic{Pos: parsePos(e.Pos), Msg: e.Msg})
		}
		if fatal || p.Types == nil {
			continue
		}
		b := newBuilder(p)
		b.cfg = cfg
		b.build()
		diags = append(diags, b.diags...)
		diags = append(diags, planMethods(b.out)...)
		out = append(out, b.out)
	}
	return out, diags, nil
}

// isOwnCompileError reports whether e is the package's own compile
// failure as go list -export reports it (go/packages asks for export data
// when it loads types without dependencies): one list error, without a
// position, whose text is the compiler's output under "# importpath". The
// same problems come back as type errors from go/packages' own type check,
// so they are tolerated like those.
func isOwnCompileError(p *packages.Package, e packages.Error) bool {
	return e.Kind == packages.ListError && e.Pos == "" && strings.HasPrefix(e.Msg, "# "+p.PkgPath+"\n")
}

// parsePos reads the "file:line:col" of a packages.Error.
func parsePos(s string) token.Position {
	var p token.Position
	parts := strings.Split(s, ":")
	if len(parts) >= 3 {
		fmt.Sscan(parts[len(parts)-2], &p.Line)
		fmt.Sscan(parts[len(parts)-1], &p.Column)
		p.Filename = strings.Join(parts[:len(parts)-2], ":")
		return p
	}
	p.Filename = s
	return p
}

// builder turns one loaded package into the model.
type builder struct {
	cfg   Config
	p     *packages.Package
	fset  *token.FileSet
	diags []model.Diagnostic
	out   *model.Package

	typeDocs   map[*types.TypeName]string
	typeExprs  map[*types.TypeName]ast.Expr // what each type is declared as
	fieldDocs  map[token.Pos]*ast.Field
	directives map[*types.TypeName][]directive
	structs    map[*types.TypeName]*model.Struct
	unions     map[*types.TypeName]*model.Union
	variantOf  map[*types.TypeName]*model.Union // the union each variant belongs to
	typeErrors []packages.Error
	constDocs  map[*types.Const]string           // read on first use (enum.go)
	declared   []*types.TypeName                 // listed on first use (declaredTypes)
	consts     map[*types.Package][]*types.Const // listed on first use (packageConsts)
	// hooksChecked holds the types checked for invopop's schema hooks.
	hooksChecked map[*types.TypeName]bool
	// modelling holds the named types other than structs being modelled
	// since the last struct was entered: one met again holds itself with
	// no struct between, a Def (see selfReference).
	modelling map[*types.TypeName]bool
	defs      map[*types.TypeName]*model.Def
	// foreign holds what is wrong in a struct of another package, which
	// every field that brings it in reports (see reportForeign).
	foreign map[*types.TypeName][]model.Diagnostic
}

func newBuilder(p *packages.Package) *builder {
	return &builder{
		p:          p,
		fset:       p.Fset,
		out:        &model.Package{Path: p.PkgPath, Name: p.Name, Outputs: outputsOf(p), Imports: map[string]string{}},
		typeDocs:   map[*types.TypeName]string{},
		typeExprs:  map[*types.TypeName]ast.Expr{},
		fieldDocs:  map[token.Pos]*ast.Field{},
		directives: map[*types.TypeName][]directive{},
		structs:    map[*types.TypeName]*model.Struct{},
		unions:     map[*types.TypeName]*model.Union{},
		variantOf:  map[*types.TypeName]*model.Union{},

		hooksChecked: map[*types.TypeName]bool{},
		consts:       map[*types.Package][]*types.Const{},
		defs:         map[*types.TypeName]*model.Def{},
		foreign:      map[*types.TypeName][]model.Diagnostic{},
	}
}

func (b *builder) errorf(pos token.Position, format string, args ...any) {
	b.diags = append(b.diags, model.Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

func (b *builder) position(p token.Pos) token.Position { return b.fset.Position(p) }

func (b *builder) build() {
	if len(b.p.GoFiles) > 0 {
		b.out.Dir = dirOf(b.p.GoFiles[0])
	}
	for _, e := range b.p.Errors {
		if e.Kind == packages.TypeError {
			b.typeErrors = append(b.typeErrors, e)
		}
	}
	b.out.Declared = b.p.Types.Scope().Names()
	b.scanSyntax()
	var unions []*types.TypeName
	var tools, roots []*types.TypeName
	for _, tn := range b.declaredTypes() {
		for _, d := range b.directives[tn] {
			switch d.name {
			case "union":
				unions = append(unions, tn)
			case "tool":
				tools = append(tools, tn)
			case "schema":
				roots = append(roots, tn)
			}
		}
	}
	for _, tn := range unions {
		b.declareUnion(tn)
	}
	for _, tn := range unions {
		b.findVariants(tn)
	}
	b.checkVariantDirectives()
	for _, tn := range tools {
		b.declareTool(tn)
	}
	for _, tn := range roots {
		b.declareRoot(tn)
	}
	b.checkInlines()
	for _, u := range b.out.Unions {
		if u.Untagged {
			b.checkDisjoint(u)
		} else {
			b.checkDiscriminators(u)
		}
	}
	b.checkDigitOverlaps()
	b.checkOmittedZeros()
	b.checkFinite()
	b.checkCollisions()
}

// outputsOf lists the generated files the build tag kept out of loading.
func outputsOf(p *packages.Package) []string {
	var out []string
	for _, f := range p.IgnoredFiles {
		if model.IsOutput(f) {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}

func dirOf(file string) string {
	i := strings.LastIndexAny(file, `/\`)
	if i < 0 {
		return "."
	}
	return file[:i]
}

// declaredTypes lists the package's type names in source order, listed
// once: every union looks for its variants among them.
func (b *builder) declaredTypes() []*types.TypeName {
	if b.declared != nil {
		return b.declared
	}
	scope := b.p.Types.Scope()
	out := []*types.TypeName{}
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok {
			out = append(out, tn)
		}
	}
	slices.SortFunc(out, func(a, c *types.TypeName) int { return sourceOrder(b.fset, a.Pos(), c.Pos()) })
	b.declared = out
	return out
}

// sourceOrder compares two positions by file name, then offset. Comparing
// token.Pos values directly is not deterministic across files: go/packages
// parses a package's files in parallel, so the order in which they join
// the FileSet varies from run to run.
func sourceOrder(fset *token.FileSet, a, c token.Pos) int {
	pa, pc := fset.Position(a), fset.Position(c)
	return cmp.Or(cmp.Compare(pa.Filename, pc.Filename), cmp.Compare(pa.Offset, pc.Offset))
}

// scanSyntax reads doc comments and directives of type declarations and
// the docs of struct fields; a //unionflat: line anywhere else is misplaced.
func (b *builder) scanSyntax() {
	attached := map[*ast.Comment]bool{}
	for _, file := range b.p.Syntax {
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				tn, _ := b.p.TypesInfo.Defs[ts.Name].(*types.TypeName)
				if tn == nil {
					continue
				}
				b.typeExprs[tn] = ts.Type
				if doc != nil {
					b.typeDocs[tn] = docText(doc)
					ds, problems := parseDirectives(doc)
					for _, c := range doc.List {
						attached[c] = true
					}
					for _, p := range problems {
						b.report(b.position(doc.Pos()), p)
					}
					b.directives[tn] = ds
				}
				b.scanFields(ts.Type)
			}
		}
		for _, cg := range file.Comments {
			for _, c := range cg.List {
				if written, want := spacedDirective(c.Text); want != "" {
					where := "//"
					if written != want {
						where = "// or after the colon"
					}
					b.errorf(b.position(c.Pos()), "// %s is not a directive: write //%s, with no space after %s", written, want, where)
					continue
				}
				if strings.HasPrefix(c.Text, directivePrefix) && !attached[c] {
					b.errorf(b.position(c.Pos()), "%s directive must be in the doc comment of a type declaration", strings.Fields(c.Text)[0])
				}
			}
		}
	}
}

// spacedDirective reads a comment that reads like one of our directives
// written with a space after //, which Go does not treat as a directive
// (and go doc would show): it returns the words as written
// ("unionflat:union", or "unionflat: union" as gofmt leaves a space after
// the colon too) and the directive meant ("unionflat:union"), or "", "".
func spacedDirective(text string) (written, want string) {
	rest, ok := strings.CutPrefix(text, "// ")
	if !ok {
		return "", ""
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return "", ""
	}
	name, ok := strings.CutPrefix(fields[0], "unionflat:")
	written = fields[0]
	if ok && name == "" && len(fields) > 1 {
		name, written = fields[1], fields[0]+" "+fields[1]
	}
	if _, known := directiveArgs[name]; !ok || !known {
		return "", ""
	}
	return written, "unionflat:" + name
}

func (b *builder) scanFields(expr ast.Expr) {
	ast.Inspect(expr, func(n ast.Node) bool {
		st, ok := n.(*ast.StructType)
		if !ok {
			return true
		}
		for _, f := range st.Fields.List {
			if len(f.Names) == 0 {
				b.fieldDocs[embeddedPos(f.Type)] = f
			}
			for _, name := range f.Names {
				b.fieldDocs[name.Pos()] = f
			}
		}
		return true
	})
}

// embeddedPos is where go/types places an embedded field: at its type
// name, past any * and package qualifier.
func embeddedPos(e ast.Expr) token.Pos {
	switch t := e.(type) {
	case *ast.StarExpr:
		return embeddedPos(t.X)
	case *ast.SelectorExpr:
		return t.Sel.Pos()
	case *ast.IndexExpr:
		return embeddedPos(t.X)
	case *ast.IndexListExpr:
		return embeddedPos(t.X)
	}
	return e.Pos()
}

// docText is a doc comment as a description, as go doc shows it: the
// lines of a paragraph joined, paragraphs kept apart by a blank line,
// directives dropped (go/ast does that), surrounding space trimmed.
func docText(cg *ast.CommentGroup) string {
	if cg == nil {
		return ""
	}
	var parser comment.Parser
	printer := comment.Printer{TextWidth: -1} // no wrapping: a line a paragraph
	return strings.TrimSpace(string(printer.Text(parser.Parse(cg.Text()))))
}

// fieldDoc is a field's doc comment, or its trailing line comment.
func (b *builder) fieldDoc(v *types.Var) string {
	f := b.fieldDocs[v.Pos()]
	if f == nil {
		return ""
	}
	if d := docText(f.Doc); d != "" {
		return d
	}
	return docText(f.Comment)
}

// typeErrorAt returns the type checker's message for a line, if any.
func (b *builder) typeErrorAt(pos token.Position) string {
	for _, e := range b.typeErrors {
		p := parsePos(e.Pos)
		if p.Filename == pos.Filename && p.Line == pos.Line {
			return e.Msg
		}
	}
	return ""
}
