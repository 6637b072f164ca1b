// Package naming is the one table of identifiers a generated file
// declares, imports and uses as locals. The loader reports a clash with a
// user's declaration; the emitters take every name from it.
package naming

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/unionflat/unionflat/flatten/profile"
	"github.com/unionflat/unionflat/gen/internal/model"
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
	"rd", "seen", "dup", "tagged",
}

// indexedNames are the locals that take a number, the depth of nesting
// or the index of a field: s0, item1, seen3.
var indexedNames = []string{
	"s", "b", "n", "u", "f", "t", "p", "arr", "i", "item", "obj", "key", "m", "x", "k", "v", "seen", "buf", "count",
}

// AllLocals lists every local identifier generated functions may use, as
// spelled when the package declares none of them: the plain ones, then
// the indexed ones at indexes 0 and 1. Tests declare all of them in a
// package to prove that generated code still compiles.
func AllLocals() []string {
	out := slices.Clone(localNames)
	for _, b := range indexedNames {
		out = append(out, b+"0", b+"1")
	}
	return out
}

// StdImports are the standard-library packages generated code uses, by
// path, with their package names.
var StdImports = map[string]string{
	"encoding/json": "json",
	"math":          "math",
	"regexp":        "regexp",
	"strconv":       "strconv",
	"time":          "time",
}

// Predeclared are the predeclared identifiers generated code writes. A
// package-level declaration of one would change what the generated code
// means, and Go offers no way to name the original, so it is reported.
var Predeclared = []string{
	"bool", "byte", "error", "false", "float32", "float64", "int", "int8", "int16", "int32", "int64",
	"len", "make", "new", "nil", "string", "true", "uint", "uint8", "uint16", "uint32", "uint64",
}

// Names of package-level helpers, shared by the emitters and the table.
func DecodeFunc(name string) string  { return "ufDecode" + name }
func MembersFunc(name string) string { return "ufMembers" + name }

// InlineMembersFunc reads the members of variant into the struct
// parent's object, where parent holds variant's union inline.
func InlineMembersFunc(variant, parent string) string { return "ufMembers" + variant + "In" + parent }

// InlineKeysVar lists the keys of parent's object when it holds variant
// inline.
func InlineKeysVar(variant, parent string) string { return "ufKeys" + variant + "In" + parent }
func ValidateFunc(name string) string             { return "ufValidate" + name }
func TagsVar(name string) string                  { return "ufTags" + name }
func KeysVar(name string) string                  { return "ufKeys" + name }
func PatternVar(i int) string                     { return "ufPattern" + strconv.Itoa(i) }
func DefsConst(name string) string                { return "ufDefs" + name }

// Generated is one package-level name a generated file declares, and the
// declaration it is generated for.
type Generated struct {
	Name  string
	Owner string // "union Shape", "tool shape_flat", "struct Point"
	Decl  any    // *Union, *Tool, *Struct or *Def
}

// GeneratedNames lists the package-level names generated for a package,
// in declaration order (unions, tools, then structs), without the
// compiled patterns (ufPattern0, ...). The shared $defs entry of a union
// or struct (ufDefsShape, see shared.go) is listed whether or not a file
// declares it: whether it is shared depends on the schemas, which are
// built after the names are checked.
func GeneratedNames(pkg *model.Package) []Generated {
	var out []Generated
	add := func(owner string, decl any, names ...string) {
		for _, n := range names {
			out = append(out, Generated{Name: n, Owner: owner, Decl: decl})
		}
	}
	for _, u := range pkg.Unions {
		n := u.Name
		add("union "+n, u, n+"Schema", n+"FlatSchema", "Decode"+n, "Validate"+n, DecodeFunc(n), ValidateFunc(n), TagsVar(n),
			DefsConst(n))
	}
	for _, t := range pkg.Tools {
		n := t.GoName()
		if t.Union != nil { // the union declares its schemas and DecodeT
			add("tool "+t.Name, t, n+"Tool", "Decode"+n+"Repaired")
		} else {
			add("tool "+t.Name, t, n+"Schema", n+"FlatSchema", n+"Tool", "Decode"+n, "Decode"+n+"Repaired")
		}
		for _, p := range t.Profiles {
			add("tool "+t.Name, t, ProfileConst(t, p))
		}
	}
	outputNames(pkg, add)
	for _, st := range pkg.Structs {
		n := StructName(st)
		add("struct "+st.Name, st, DecodeFunc(n), MembersFunc(n), ValidateFunc(n), TagsVar(n), KeysVar(n), DefsConst(n))
		if u := st.InlineUnion(); u != nil {
			for _, v := range u.Variants {
				add("struct "+st.Name, st, InlineMembersFunc(StructName(v.Struct), n), InlineKeysVar(StructName(v.Struct), n))
			}
		}
	}
	for _, def := range pkg.Defs {
		n := DefName(def)
		add("type "+def.Name, def, DecodeFunc(n), ValidateFunc(n), DefsConst(n))
	}
	return out
}

// Names is the table of one package: how its generated files spell
// imports and locals.
type Names struct {
	Imports map[string]string // import path -> name
	locals  map[string]string // plain local -> spelling
	prefix  map[string]string // indexed local -> the prefix its number follows
}

// NewNames builds the table of a package from the names its sources
// declare. The result depends on nothing else, so it is the same for every
// file of the package and every run.
func NewNames(pkg *model.Package) *Names {
	taken := map[string]bool{}
	for _, n := range pkg.Declared {
		taken[n] = true
	}
	for _, g := range GeneratedNames(pkg) {
		taken[g.Name] = true
	}
	nm := &Names{Imports: map[string]string{}, locals: map[string]string{}, prefix: map[string]string{}}
	// Imports first, in path order: each takes its package name, or that
	// name with underscores added until nothing else holds it.
	for _, p := range ImportPaths(pkg) {
		name := spare(importName(pkg, p), func(s string) bool { return taken[s] })
		taken[name] = true
		nm.Imports[p] = name
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

// ImportPaths lists, sorted, every package generated code may import.
func ImportPaths(pkg *model.Package) []string {
	set := map[string]bool{RuntimePath: true, ImplPath: true}
	for p := range StdImports {
		set[p] = true
	}
	for p := range pkg.Imports {
		set[p] = true
	}
	return slices.Sorted(maps.Keys(set))
}

// importName is the package name of an import path.
func importName(pkg *model.Package, p string) string {
	switch {
	case p == RuntimePath:
		return runtimeName
	case p == ImplPath:
		return ImplName
	case StdImports[p] != "":
		return StdImports[p]
	case pkg.Imports[p] != "":
		return pkg.Imports[p]
	}
	return path.Base(p)
}

// Local is the spelling of a plain local of the table.
func (nm *Names) Local(base string) string {
	s, ok := nm.locals[base]
	if !ok {
		panic(fmt.Sprintf("gen: local %q is not in the names table", base))
	}
	return s
}

// Indexed is the spelling of an indexed local: s0, or s_0 in a package
// that declares s0.
func (nm *Names) Indexed(base string, i int) string {
	p, ok := nm.prefix[base]
	if !ok {
		panic(fmt.Sprintf("gen: indexed local %q is not in the names table", base))
	}
	return p + strconv.Itoa(i)
}

// AllImportNames lists the names of the packages generated code may
// import (the runtime's, its impl's and the standard library's), sorted, as spelled
// when the package declares none of them.
func AllImportNames() []string {
	out := []string{runtimeName, ImplName}
	for _, n := range StdImports {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// RuntimePath is the import path of the package generated code uses.
const RuntimePath = model.RuntimePath

// runtimeName is the name generated code imports RuntimePath under: the
// package is called runtime, which would shadow the standard library's.
const runtimeName = "unionflat"

// ImplPath is the import path of the package that holds what only
// generated code calls: the Decoder, its checks and the decode helpers.
const ImplPath = RuntimePath + "/impl"

// ImplName is the package name of ImplPath, which generated code imports
// it under.
const ImplName = "impl"

// profileSuffix names a profile in Go: openai-strict is OpenAIStrict.
func profileSuffix(p profile.Profile) string {
	var b strings.Builder
	for word := range strings.SplitSeq(string(p), "-") {
		switch word {
		case "openai":
			b.WriteString("OpenAI")
		case "json", "mcp":
			b.WriteString(strings.ToUpper(word))
		default:
			b.WriteString(strings.ToUpper(word[:1]) + word[1:])
		}
	}
	return b.String()
}

// ProfileConst is the constant holding a tool's schema for a profile:
// SendMessageOpenAIStrictSchema.
func ProfileConst(t *model.Tool, p profile.Profile) string { return ProfileConstOf(t.GoName(), p) }

// goName is how generated identifiers name a struct: bare for the
// package's own, with the package name for others.
func goName(n model.Named, local bool) string {
	if local {
		return n.Name
	}
	return strings.ReplaceAll(path.Base(n.Pkg), ".", "_") + "_" + n.Name
}

func StructName(st *model.Struct) string { return goName(st.Named, st.Local) }

// DefName is how generated identifiers name a Def, as goName does.
func DefName(def *model.Def) string { return goName(def.Named, def.Local) }

// SpecVar is the descriptor of a //unionflat:schema root: ReplySpec.
func SpecVar(name string) string { return name + "Spec" }

// OutputConst is the output schema of a tool's result: ResultOutputSchema.
func OutputConst(name string) string { return name + "OutputSchema" }

// ProfileConstOf is the constant holding a root's schema for a profile:
// SendMessageOpenAIStrictSchema.
func ProfileConstOf(name string, p profile.Profile) string {
	return name + profileSuffix(p) + "Schema"
}

// outputNames adds the package-level names generated for the roots and
// the encoded types.
func outputNames(pkg *model.Package, add func(owner string, decl any, names ...string)) {
	for _, r := range pkg.Roots {
		n, owner := r.GoName(), "schema "+r.Name
		if r.Struct != nil {
			add(owner, r, n+"Schema", n+"FlatSchema", "Decode"+n)
		}
		add(owner, r, SpecVar(n))
		for _, p := range r.Profiles {
			add(owner, r, ProfileConstOf(n, p))
		}
	}
	for _, x := range pkg.Encoded {
		n := x.GoName()
		add("output "+n, x, "Encode"+n)
		if x.Output {
			add("output "+n, x, OutputConst(n))
		}
	}
}
