package gen

import (
	"go/types"
	"strings"
)

// checkCollisions reports declarations of the package that would clash
// with what the generator writes: package-level names, and the methods
// and fields of the types it adds methods to.
func (b *builder) checkCollisions() {
	scope := b.p.Types.Scope()
	names := map[string]string{} // generated name -> what it is for
	for _, u := range b.out.Unions {
		for _, n := range []string{u.Name + "Schema", u.Name + "FlatSchema", "Decode" + u.Name, "Validate" + u.Name,
			"ufDecode" + u.Name, "ufValidate" + u.Name, "ufTags" + u.Name} {
			names[n] = "union " + u.Name
		}
	}
	for _, t := range b.out.Tools {
		n := t.Struct.Name
		for _, g := range []string{n + "Schema", n + "FlatSchema", n + "Tool", "Decode" + n} {
			names[g] = "tool " + t.Name
		}
		for _, p := range t.Profiles {
			names[profileConst(t, p)] = "tool " + t.Name
		}
	}
	for _, st := range b.out.Structs {
		n := structName(st)
		for _, g := range []string{"ufDecode" + n, "ufMembers" + n, "ufValidate" + n, "ufTags" + n} {
			names[g] = "struct " + st.Name
		}
	}
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		what, clash := names[name]
		if !clash && strings.HasPrefix(name, "ufPattern") {
			what, clash = "compiled patterns", true
		}
		if clash {
			b.errorf(b.position(obj.Pos()), "%s is declared here, but unionflat generates it for %s: rename it", name, what)
		}
	}
	b.checkMethods()
}

// checkMethods reports methods and fields named like the methods the
// generator declares.
func (b *builder) checkMethods() {
	assignMethods(b.out)
	for _, tn := range b.declaredTypes() { // source order, so diagnostics are stable
		st := b.structs[tn]
		named, _ := tn.Type().(*types.Named)
		if st == nil || named == nil {
			continue
		}
		for _, m := range st.Methods {
			for i := range named.NumMethods() {
				if fn := named.Method(i); fn.Name() == m {
					b.errorf(b.position(fn.Pos()), "%s already has a method %s, which unionflat generates for it: remove it", st.Name, m)
				}
			}
			if s, ok := named.Underlying().(*types.Struct); ok {
				for f := range s.Fields() {
					if f.Name() == m {
						b.errorf(b.position(f.Pos()), "%s has a field %s, and unionflat generates a method of that name: rename the field", st.Name, m)
					}
				}
			}
		}
	}
}
