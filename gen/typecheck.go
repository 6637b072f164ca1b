package gen

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"runtime"
	"sync"

	"golang.org/x/tools/go/packages"
)

// Loading asks go/packages for what the generator reads: the packages'
// syntax and their types. Asked for both at once, go/packages runs
// go list -export, which compiles every package listed, the generator's
// own among them, only to discard what it compiled of those: it
// type-checks them again from source. That compile is most of loading.
// So loading asks for the syntax and the import graph first (go list
// without -export), then for the types of the packages they import
// (from export data, which the build cache usually holds), and
// type-checks the packages from source itself, as go/packages would.

// syntaxMode is what the first step asks for: the syntax, the import
// graph and what type-checking needs besides (the Go version, the sizes).
const syntaxMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedSyntax | packages.NeedModule | packages.NeedTypesSizes

// loadTyped loads the packages with their syntax and types, as
// packages.Load with loadMode would.
func loadTyped(pcfg *packages.Config, patterns []string) ([]*packages.Package, error) {
	if os.Getenv("GOPACKAGESDRIVER") != "" {
		return packages.Load(pcfg, patterns...)
	}
	scfg := *pcfg
	scfg.Mode = syntaxMode
	roots, err := packages.Load(&scfg, patterns...)
	if err != nil {
		return nil, err
	}
	isRoot := map[string]bool{}
	for _, p := range roots {
		isRoot[p.ID] = true
	}
	if importsRootIndirectly(roots, isRoot) {
		// Export data of a package that imports a root would hold the
		// root as compiled, not as type-checked here.
		return packages.Load(pcfg, patterns...)
	}
	deps, err := loadImported(&scfg, roots, isRoot)
	if err != nil {
		return nil, err
	}
	checkAll(roots, deps)
	return roots, nil
}

// importsRootIndirectly reports whether a package that is not a root but
// is imported, directly or not, by a root imports a root.
func importsRootIndirectly(roots []*packages.Package, isRoot map[string]bool) bool {
	seen := map[string]bool{}
	var visit func(p *packages.Package) bool
	visit = func(p *packages.Package) bool {
		for _, q := range p.Imports {
			if isRoot[q.ID] {
				if !isRoot[p.ID] {
					return true
				}
				continue
			}
			if !seen[q.ID] {
				seen[q.ID] = true
				if visit(q) {
					return true
				}
			}
		}
		return false
	}
	for _, p := range roots {
		if visit(p) {
			return true
		}
	}
	return false
}

// loadImported loads the types of the packages the roots import that are
// not roots, from export data, into the roots' file set, by ID.
func loadImported(scfg *packages.Config, roots []*packages.Package, isRoot map[string]bool) (map[string]*packages.Package, error) {
	var ids []string
	seen := map[string]bool{}
	for _, p := range roots {
		for _, q := range p.Imports {
			if !isRoot[q.ID] && !seen[q.ID] && q.ID != "unsafe" {
				seen[q.ID] = true
				ids = append(ids, q.ID)
			}
		}
	}
	deps := map[string]*packages.Package{}
	if len(ids) == 0 {
		return deps, nil
	}
	tcfg := *scfg
	tcfg.Mode = packages.NeedName | packages.NeedTypes
	tcfg.Fset = roots[0].Fset
	loaded, err := packages.Load(&tcfg, ids...)
	if err != nil {
		return nil, err
	}
	for _, p := range loaded {
		deps[p.ID] = p
	}
	return deps, nil
}

// checkAll type-checks every root from source, each once the roots it
// imports are checked, several at once.
func checkAll(roots []*packages.Package, deps map[string]*packages.Package) {
	done := map[string]chan struct{}{}
	for _, p := range roots {
		done[p.ID] = make(chan struct{})
	}
	limit := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, p := range roots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(done[p.ID])
			for _, q := range p.Imports {
				if ch, ok := done[q.ID]; ok {
					<-ch
				}
			}
			limit <- struct{}{}
			defer func() { <-limit }()
			check(p, deps)
		}()
	}
	wg.Wait()
}

// check type-checks one root from its syntax, recording type errors as
// go/packages does: as errors of kind TypeError, which loading tolerates.
func check(p *packages.Package, deps map[string]*packages.Package) {
	p.Types = types.NewPackage(p.PkgPath, p.Name)
	p.TypesInfo = &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) { return imported(p, deps, path) }),
		Sizes:    p.TypesSizes,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				p.TypeErrors = append(p.TypeErrors, te)
				p.Errors = append(p.Errors, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
				return
			}
			p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		},
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	_ = types.NewChecker(tc, p.Fset, p.Types, p.TypesInfo).Files(p.Syntax)
}

// imported is the package a root imports under path: a root's, checked
// already, or a dependency's, from export data.
func imported(p *packages.Package, deps map[string]*packages.Package, path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	q := p.Imports[path]
	if q == nil {
		return nil, fmt.Errorf("no metadata for %s", path)
	}
	if q.Types != nil && q.Types.Complete() {
		return q.Types, nil
	}
	if d := deps[q.ID]; d != nil && d.Types != nil && d.Types.Complete() {
		return d.Types, nil
	}
	if d := deps[q.ID]; d != nil && len(d.Errors) > 0 {
		return nil, fmt.Errorf("could not import %s: %s", path, d.Errors[0].Msg)
	}
	return nil, fmt.Errorf("could not import %s", path)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
