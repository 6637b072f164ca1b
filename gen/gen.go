package gen

import (
	"cmp"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/unionflat/unionflat/gen/internal/emit"
	"github.com/unionflat/unionflat/gen/internal/load"
	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/schema"
)

// Config says which packages to load.
type Config = load.Config

// Diagnostic is one problem in the user's declarations, at a position in
// the user's own file.
type Diagnostic = model.Diagnostic

// Load loads the packages of cfg and models their annotated declarations.
// Problems in the declarations are diagnostics, all of them; the error is
// for packages that do not load.
func Load(cfg Config) ([]*model.Package, []Diagnostic, error) { return load.Load(cfg) }

// File is one file a run writes, or removes.
type File struct {
	Path string // absolute
	// Content is the file's new bytes; nil means the file is a generated
	// file of an earlier run that no declaration needs any more.
	Content []byte
}

// Result is what one run produced.
type Result struct {
	// Files are the generated files, sorted by path.
	Files []File
	// Summaries holds one per package; Summary.Line is what to print.
	Summaries []Summary
	// Diagnostics are problems in the user's declarations, all of them,
	// sorted by file, line, column and message. When there are any, Files
	// is empty.
	Diagnostics []Diagnostic
}

// Generate loads the packages of cfg and computes every generated file.
// It writes nothing.
func Generate(cfg Config) (Result, error) {
	pkgs, diags, err := Load(cfg)
	if err != nil {
		return Result{}, err
	}
	var res Result
	if len(diags) > 0 {
		res.Diagnostics = sortDiagnostics(diags)
		return res, nil
	}
	return GeneratePackages(pkgs)
}

// GeneratePackages runs generatePackage over loaded packages, several at
// once (one goroutine per CPU), and gathers the results in the packages'
// order, as Generate does after loading: the files sorted by path, a
// summary per package, and when any package has diagnostics, all of
// them sorted and no files. The error is that of the first package, in
// the order given, that fails.
func GeneratePackages(pkgs []*model.Package) (Result, error) {
	type generated struct {
		files   []File
		summary Summary
		diags   []Diagnostic
		err     error
	}
	outs := make([]generated, len(pkgs))
	inParallel(len(pkgs), func(i int) {
		o := &outs[i]
		o.files, o.summary, o.diags, o.err = generatePackage(pkgs[i])
	})
	var res Result
	for _, o := range outs {
		if o.err != nil {
			return Result{}, o.err
		}
		res.Files = append(res.Files, o.files...)
		res.Summaries = append(res.Summaries, o.summary)
		res.Diagnostics = append(res.Diagnostics, o.diags...)
	}
	if len(res.Diagnostics) > 0 {
		return Result{Diagnostics: sortDiagnostics(res.Diagnostics)}, nil
	}
	slices.SortFunc(res.Files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return res, nil
}

// inParallel calls f(0) to f(n-1), one goroutine per CPU at most, and
// returns when all have returned.
func inParallel(n int, f func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// generatePackage computes the generated files of one modelled package:
// one <file>_unionflat.go beside each source file that declares a union or
// a tool, and a removal for every older generated file no longer needed.
// A tool whose profile schema still breaks its profile's lint (a map
// under openai-strict, a recursive type under gemini) is a diagnostic.
func generatePackage(pkg *model.Package) ([]File, Summary, []Diagnostic, error) {
	docs, diags, notes, err := schema.Build(pkg)
	if err != nil {
		return nil, Summary{}, nil, err
	}
	rendered, err := emit.Files(pkg, docs)
	if err != nil {
		return nil, Summary{}, nil, err
	}
	var files []File
	written := map[string]bool{}
	for _, r := range rendered {
		written[r.Path] = true
		files = append(files, File{Path: r.Path, Content: r.Source})
	}
	if err := formatSources(files); err != nil {
		return nil, Summary{}, nil, err
	}
	for _, old := range pkg.Outputs {
		if !written[old] {
			files = append(files, File{Path: old})
		}
	}
	return files, summarize(pkg, files, notes), diags, nil
}

// sortDiagnostics puts diagnostics in file, line, column, then message
// order, whatever order the checks ran in.
func sortDiagnostics(ds []Diagnostic) []Diagnostic {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.Pos.Filename, b.Pos.Filename),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column),
			cmp.Compare(a.Msg, b.Msg),
		)
	})
	return ds
}

// Summary is what a run reports for one package.
type Summary struct {
	Package string
	Unions  int
	Tools   int
	// Schemas counts the //unionflat:schema roots; the line names them
	// only when there are any.
	Schemas int
	// Files are the paths of the files generated for the package.
	Files []string
	// Notes are the unions flatten left alone, as "root: reason".
	Notes []string
}

// Line is the summary as the one line a run prints; unchanged reports
// the files whose content on disk was already the generated content:
//
//	example.com/canvas: 1 union, 2 tools -> canvas_unionflat.go (unchanged)
//	example.com/support: 1 union, 1 tool, 1 schema -> support_unionflat.go
func (s Summary) Line(unchanged func(path string) bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, %s", s.Package, count(s.Unions, "union"), count(s.Tools, "tool"))
	if s.Schemas > 0 {
		fmt.Fprintf(&b, ", %s", count(s.Schemas, "schema"))
	}
	var names []string
	for _, p := range s.Files {
		name := filepath.Base(p)
		if unchanged != nil && unchanged(p) {
			name += " (unchanged)"
		}
		names = append(names, name)
	}
	if len(names) > 0 {
		fmt.Fprintf(&b, " -> %s", strings.Join(names, ", "))
	}
	if len(s.Notes) > 0 {
		fmt.Fprintf(&b, "; left unflattened: %s", strings.Join(s.Notes, "; "))
	}
	return b.String()
}

// summarize is what a run reports for a package.
func summarize(pkg *model.Package, files []File, notes []string) Summary {
	s := Summary{Package: pkg.Path, Unions: len(pkg.Unions), Tools: len(pkg.Tools), Schemas: len(pkg.Roots), Notes: notes}
	for _, f := range files {
		if f.Content != nil {
			s.Files = append(s.Files, f.Path)
		}
	}
	return s
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
