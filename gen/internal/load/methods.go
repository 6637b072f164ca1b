package load

import (
	"fmt"
	"slices"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// planMethods is the model step after loading: it decides which methods
// each local struct gets and reports the user's methods and fields that
// would clash with them.
func planMethods(pkg *model.Package) []model.Diagnostic {
	assignMethods(pkg)
	return methodClashes(pkg)
}

// assignMethods decides, once, which methods the generator declares on
// each local struct; the clash check and the emitter both read it.
func assignMethods(pkg *model.Package) {
	markEncoded(pkg)
	tools := map[*model.Struct]bool{}
	for _, t := range pkg.Tools {
		if t.Struct != nil {
			tools[t.Struct] = true
		}
	}
	for _, st := range model.RootStructs(pkg) {
		tools[st] = true
	}
	holders := unionHolders(pkg)
	for _, st := range pkg.Structs {
		if !st.Local {
			continue
		}
		switch {
		case st.Variant != nil:
			st.Methods = []string{"MarshalJSON", "Validate", "UnmarshalJSON"}
		case tools[st] && model.NeedsMarshal(st):
			st.Methods = []string{"MarshalJSON", "Validate", "UnmarshalJSON"}
		case tools[st]:
			st.Methods = []string{"Validate", "UnmarshalJSON"}
		case model.NeedsMarshal(st):
			// Durations and defaults: see marshal.go.
			st.Methods = []string{"MarshalJSON", "UnmarshalJSON"}
		case holders[st]:
			st.Methods = []string{"UnmarshalJSON"}
		}
	}
	inheritJSONMethods(pkg)
}

// markEncoded marks the fields of every local struct whose values an
// EncodeT writes: those the outputs and the //unionflat:schema roots
// reach, variants of their unions included. A MarshalJSON of theirs
// writes a nil slice or map as empty (see model.WritesEmpty); structs
// only tool inputs reach keep encoding/json's null.
func markEncoded(pkg *model.Package) {
	seen := map[*model.Struct]bool{}
	var visit func(st *model.Struct)
	visit = func(st *model.Struct) {
		if seen[st] {
			return
		}
		seen[st] = true
		for _, f := range st.Reached() {
			f.Encoded = st.Local
			for _, next := range model.HeldStructs(f.Type) {
				visit(next)
			}
		}
	}
	for _, x := range pkg.Encoded {
		for _, st := range x.Structs() {
			visit(st)
		}
	}
}

// inheritJSONMethods gives a local struct the JSON methods the generator
// declares on a struct it embeds (a variant's, one with durations), or
// may declare there (on a struct of another package): Go promotes them,
// and encoding/json would then write or read all of the outer struct
// with the embedded one's method. The outer struct's own
// MarshalJSON writes its fields, the embedded one's among them, without
// it (see emitShadowMarshal), and its UnmarshalJSON is its own decoder.
func inheritJSONMethods(pkg *model.Package) {
	byName := map[model.Named]*model.Struct{}
	for _, st := range pkg.Structs {
		byName[st.Named] = st
	}
	for changed := true; changed; {
		changed = false
		for _, st := range pkg.Structs {
			if !st.Local {
				continue
			}
			for _, e := range st.Embeds {
				inner := byName[e]
				// What the generator declares in another package (a
				// variant's methods, say) is in files this load leaves
				// out: a struct from there may have them.
				foreign := e.Pkg != st.Pkg
				for _, m := range []string{"MarshalJSON", "UnmarshalJSON"} {
					if (foreign || inner != nil && inner.Declares(m)) && !st.Declares(m) {
						st.Methods = withMethod(st.Methods, m)
						changed = true
					}
				}
			}
		}
	}
}

// withMethod adds m to methods, in the order the generator writes them.
func withMethod(methods []string, m string) []string {
	var out []string
	for _, name := range []string{"MarshalJSON", "Validate", "UnmarshalJSON"} {
		if name == m || slices.Contains(methods, name) {
			out = append(out, name)
		}
	}
	return out
}

// methodClashes reports methods and fields named like the methods the
// generator declares.
func methodClashes(pkg *model.Package) []model.Diagnostic {
	var out []model.Diagnostic
	for _, st := range pkg.Structs {
		for _, s := range st.Selectors {
			if s.Method && slices.Contains(jsonMethods, s.Name) && !st.Declares(s.Name) {
				out = append(out, model.Diagnostic{Pos: s.Pos, Msg: fmt.Sprintf("%s has its own %s, so encoding/json %s all of %s with it, "+
					"not as the object of fields unionflat describes: remove the method", st.Name, s.Name, jsonVerb(s.Name), st.Name)})
			}
		}
		for _, m := range st.Methods {
			for _, s := range st.Selectors {
				switch {
				case s.Name != m:
				case s.Method:
					out = append(out, model.Diagnostic{Pos: s.Pos, Msg: fmt.Sprintf("%s already has a method %s, which unionflat generates for it: remove it", st.Name, m)})
				default:
					out = append(out, model.Diagnostic{Pos: s.Pos, Msg: fmt.Sprintf("%s has a field %s, and unionflat generates a method of that name: rename the field", st.Name, m)})
				}
			}
		}
	}
	return out
}

// unionHolders finds the structs that hold a union at any depth: they get
// an UnmarshalJSON, since encoding/json cannot decode an interface.
func unionHolders(pkg *model.Package) map[*model.Struct]bool {
	memo := map[*model.Struct]bool{}
	var holds func(t *model.Type, visiting map[*model.Struct]bool) bool
	structHolds := func(st *model.Struct, visiting map[*model.Struct]bool) bool {
		if v, ok := memo[st]; ok {
			return v
		}
		if visiting[st] {
			return false
		}
		visiting[st] = true
		found := false
		for _, f := range st.Fields {
			found = found || holds(f.Type, visiting)
		}
		delete(visiting, st)
		memo[st] = found
		return found
	}
	holds = func(t *model.Type, visiting map[*model.Struct]bool) bool {
		switch t.Kind {
		case model.KindUnion:
			return true
		case model.KindStruct:
			return structHolds(t.Struct, visiting)
		case model.KindSlice, model.KindArray, model.KindMap, model.KindPointer, model.KindNullable:
			return holds(t.Elem, visiting)
		}
		return false
	}
	out := map[*model.Struct]bool{}
	for _, st := range pkg.Structs {
		if structHolds(st, map[*model.Struct]bool{}) {
			out[st] = true
		}
	}
	return out
}
