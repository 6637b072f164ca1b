package gen

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
)

// This file is the one table of every identifier a generated file
// writes: the package-level names (schema constants, decoders, tool
// descriptors, helpers), the names it imports packages under, and the
// locals of its functions. The clash check (collide.go) and the emitters
// both read it, so they cannot disagree.
//
// Package-level names are the user's contract: one the package already
// declares is a diagnostic. Import names and locals are the generator's to
// choose: each is spelled so that it collides with no name the package
// declares, no generated name and no other import. A package that
// declares type key gets the local key_; one that declares key0 gets
// key_0, key_1, ... for the indexed local key; one that declares json
// imports encoding/json as json_.
//
// Emitters take every local from the table, e.id("key") or
// e.names.indexed("s", depth), never as a jen.Id literal (a test checks);
// a new local is added to localNames or indexedNames first.

// localNames are the plain locals and parameters of generated functions.
var localNames = []string{
	"d", "v", "out", "obj", "ok", "tag", "key", "val", "x", "p", "data", "err", "plain", "dflt", "r",
	"rd", "seen", "dup",
}

// indexedNames are the locals that take a number, the depth of nesting
// or the index of a field: s0, item1, seen3.
var indexedNames = []string{
	"s", "b", "n", "u", "f", "t", "p", "arr", "i", "item", "obj", "key", "m", "x", "k", "v", "seen", "buf", "count",
}

// allLocals lists every local identifier generated functions may use, as
// spelled when the package declares none of them: the plain ones, then
// the indexed ones at indexes 0 and 1. Tests declare all of them in a
// package to prove that generated code still compiles.
func allLocals() []string {
	out := slices.Clone(localNames)
	for _, b := range indexedNames {
		out = append(out, b+"0", b+"1")
	}
	return out
}

// stdImports are the standard-library packages generated code uses, by
// path, with their package names.
var stdImports = map[string]string{
	"encoding/json": "json",
	"math":          "math",
	"regexp":        "regexp",
	"strconv":       "strconv",
	"time":          "time",
}

// predeclared are the predeclared identifiers generated code writes. A
// package-level declaration of one would change what the generated code
// means, and Go offers no way to name the original, so it is reported.
var predeclared = []string{
	"bool", "byte", "error", "false", "float32", "float64", "int", "int8", "int16", "int32", "int64",
	"len", "make", "new", "nil", "string", "true", "uint", "uint8", "uint16", "uint32", "uint64",
}

// Names of package-level helpers, shared by the emitters and the table.
func decodeFunc(name string) string   { return "ufDecode" + name }
func membersFunc(name string) string  { return "ufMembers" + name }
func validateFunc(name string) string { return "ufValidate" + name }
func tagsVar(name string) string      { return "ufTags" + name }
func keysVar(name string) string      { return "ufKeys" + name }
func patternVar(i int) string         { return "ufPattern" + strconv.Itoa(i) }
func defsConst(name string) string    { return "ufDefs" + name }

// generated is one package-level name a generated file declares, and the
// declaration it is generated for.
type generated struct {
	name  string
	owner string // "union Shape", "tool shape_flat", "struct Point"
	decl  any    // *Union, *Tool, *Struct or *Def
}

// generatedNames lists the package-level names generated for a package,
// in declaration order (unions, tools, then structs), without the
// compiled patterns (ufPattern0, ...). The shared $defs entry of a union
// or struct (ufDefsShape, see shared.go) is listed whether or not a file
// declares it: whether it is shared depends on the schemas, which are
// built after the names are checked.
func generatedNames(pkg *Package) []generated {
	var out []generated
	add := func(owner string, decl any, names ...string) {
		for _, n := range names {
			out = append(out, generated{name: n, owner: owner, decl: decl})
		}
	}
	for _, u := range pkg.Unions {
		n := u.Name
		add("union "+n, u, n+"Schema", n+"FlatSchema", "Decode"+n, "Validate"+n, decodeFunc(n), validateFunc(n), tagsVar(n),
			defsConst(n))
	}
	for _, t := range pkg.Tools {
		n := t.Struct.Name
		add("tool "+t.Name, t, n+"Schema", n+"FlatSchema", n+"Tool", "Decode"+n, "Decode"+n+"Repaired")
		for _, p := range t.Profiles {
			add("tool "+t.Name, t, profileConst(t, p))
		}
	}
	out = append(out, outputNames(pkg)...)
	for _, st := range pkg.Structs {
		n := structName(st)
		add("struct "+st.Name, st, decodeFunc(n), membersFunc(n), validateFunc(n), tagsVar(n), keysVar(n), defsConst(n))
	}
	for _, def := range pkg.Defs {
		n := defName(def)
		add("type "+def.Name, def, decodeFunc(n), validateFunc(n), defsConst(n))
	}
	return out
}

// names is the table of one package: how its generated files spell
// imports and locals.
type names struct {
	imports map[string]string // import path -> name
	locals  map[string]string // plain local -> spelling
	prefix  map[string]string // indexed local -> the prefix its number follows
}

// newNames builds the table of a package from the names its sources
// declare. The result depends on nothing else, so it is the same for every
// file of the package and every run.
func newNames(pkg *Package) *names {
	taken := map[string]bool{}
	for _, n := range pkg.Declared {
		taken[n] = true
	}
	for _, g := range generatedNames(pkg) {
		taken[g.name] = true
	}
	nm := &names{imports: map[string]string{}, locals: map[string]string{}, prefix: map[string]string{}}
	// Imports first, in path order: each takes its package name, or that
	// name with underscores added until nothing else holds it.
	for _, p := range importPaths(pkg) {
		name := spare(importName(pkg, p), func(s string) bool { return taken[s] })
		taken[name] = true
		nm.imports[p] = name
	}
	for _, l := range localNames {
		nm.locals[l] = spare(l, func(s string) bool { return taken[s] })
	}
	all := slices.Sorted(maps.Keys(taken))
	for _, l := range indexedNames {
		nm.prefix[l] = spare(l, func(s string) bool { return takenIndexed(all, s) })
	}
	return nm
}

// spare adds underscores to base until used says no.
func spare(base string, used func(string) bool) string {
	s := base
	for used(s) {
		s += "_"
	}
	return s
}

// takenIndexed reports whether any name is prefix followed by digits only.
func takenIndexed(all []string, prefix string) bool {
	for _, n := range all {
		rest, ok := strings.CutPrefix(n, prefix)
		if ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
			return true
		}
	}
	return false
}

// importPaths lists, sorted, every package generated code may import.
func importPaths(pkg *Package) []string {
	set := map[string]bool{RuntimePath: true, ImplPath: true}
	for p := range stdImports {
		set[p] = true
	}
	for p := range pkg.Imports {
		set[p] = true
	}
	return slices.Sorted(maps.Keys(set))
}

// importName is the package name of an import path.
func importName(pkg *Package, p string) string {
	switch {
	case p == RuntimePath:
		return runtimeName
	case p == ImplPath:
		return implName
	case stdImports[p] != "":
		return stdImports[p]
	case pkg.Imports[p] != "":
		return pkg.Imports[p]
	}
	return path.Base(p)
}

// local is the spelling of a plain local of the table.
func (nm *names) local(base string) string {
	s, ok := nm.locals[base]
	if !ok {
		panic(fmt.Sprintf("gen: local %q is not in the names table", base))
	}
	return s
}

// indexed is the spelling of an indexed local: s0, or s_0 in a package
// that declares s0.
func (nm *names) indexed(base string, i int) string {
	p, ok := nm.prefix[base]
	if !ok {
		panic(fmt.Sprintf("gen: indexed local %q is not in the names table", base))
	}
	return p + strconv.Itoa(i)
}

// allImportNames lists the names of the packages generated code may
// import (the runtime's, its impl's and the standard library's), sorted, as spelled
// when the package declares none of them.
func allImportNames() []string {
	out := []string{runtimeName, implName}
	for _, n := range stdImports {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}
