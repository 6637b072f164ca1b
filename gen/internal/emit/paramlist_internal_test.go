package emit

import (
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/load"
	"github.com/unionflat/unionflat/gen/internal/naming"
)

// TestSignatureWidthIsTheRenderedOne wants paramList's width, measured
// once per key with placeholders, to be the width of each signature
// rendered and formatted whole: for the members function of every
// struct of the golden cases, and for function and type names of every
// length from 1 to 90 around them, across the 99 columns paramList cuts
// at.
func TestSignatureWidthIsTheRenderedOne(t *testing.T) {
	checked := 0
	for _, dir := range []string{"../../../testdata/gen/everyday", "../../../testdata/gen/multifile", "../../../testdata/gen/unions", "../../../testdata/gen/trial"} {
		pkgs, diags, err := load.Load(load.Config{Dir: dir, Patterns: []string{"./..."}})
		if err != nil || len(diags) > 0 {
			t.Fatalf("%s: %v %v", dir, err, diags)
		}
		for _, pkg := range pkgs {
			e := newEmitter(pkg)
			for _, st := range pkg.Structs {
				for _, tag := range []string{e.names.Local("tag"), "_"} {
					params := func(typeName string) []jen.Code {
						return []jen.Code{e.dParam(), e.id("obj").Add(rt("Value")), e.id("out").Op("*").Qual(st.Pkg, typeName), jen.Id(tag).String()}
					}
					key := "members " + st.Pkg + " " + tag
					for n := 1; n <= 90; n += 7 {
						for _, c := range []struct{ name, typeName string }{
							{naming.MembersFunc(naming.StructName(st)), st.Name},
							{strings.Repeat("f", n), st.Name},
							{naming.MembersFunc(naming.StructName(st)), strings.Repeat("T", n)},
						} {
							got := e.signatureWidth(c.name, c.typeName, key, params)
							if want := renderedSignatureWidth(c.name, params(c.typeName)); got != want {
								t.Errorf("%s %s in %s: width %d, rendered %d", c.name, c.typeName, st.Pkg, got, want)
							}
							checked++
						}
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d signatures checked", checked)
	}
}
