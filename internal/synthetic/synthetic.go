// Package synthetic builds the large inputs that unionflat's scale tests
// and its benchmark module measure: JSON Schema documents full of unions,
// of any size, for flatten, and a Go module of many annotated unions, for
// the generator. Both are deterministic: the same arguments give the same
// bytes (a module's nonce, written into a comment of every file, is the
// one part a caller chooses, to make the files new to the build cache).
package synthetic

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// UnionSchema is a JSON Schema document of about size bytes: a $defs of
// message-part unions (text, image, file), each with a union in array
// items, a union as a map value, a nullable $ref to the previous union and
// a variant reached through $ref, and root properties that use them. It
// returns the document and how many part unions it holds.
//
// pad lengthens each union's description by about that many bytes (with
// escapes and non-ASCII text): the larger pad, the more of the document is
// text to read rather than unions to flatten.
func UnionSchema(size, pad int) (doc []byte, unions int) {
	desc := strings.Repeat(`Lorem ipsum \\ \"dolor\" sit amet, é ✓. `, pad/40)
	var b bytes.Buffer
	b.Grow(size + 4096)
	b.WriteString(`{"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{`)
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		prev := `{"type":"null"}`
		if i > 0 {
			prev = fmt.Sprintf(`{"anyOf":[{"$ref":"#/$defs/U%d"},{"type":"null"}]}`, i-1)
		}
		fmt.Fprintf(&b, `"U%d":{"description":"Part %d.%s","oneOf":[
{"type":"object","description":"Text.","properties":{"type":{"const":"text"},"text":{"type":"string","minLength":1,"description":"The body."},
"format":{"type":"string","enum":["plain","markdown"]},
"tags":{"type":"array","items":{"anyOf":[
{"type":"object","properties":{"k":{"const":"name"},"v":{"type":"string"}},"required":["k","v"],"additionalProperties":false},
{"type":"object","properties":{"k":{"const":"id"},"v":{"type":"integer"}},"required":["k","v"],"additionalProperties":false}]}}},
"required":["type","text"],"additionalProperties":false},
{"type":"object","properties":{"type":{"enum":["image","picture"]},"url":{"type":"string","format":"uri"},
"meta":{"type":"object","additionalProperties":{"oneOf":[
{"type":"object","properties":{"t":{"const":"n"},"n":{"type":"number"}},"required":["t"]},
{"type":"object","properties":{"t":{"const":"s"},"s":{"type":"string"}},"required":["t"]}]}},
"prev":%s},"required":["type","url"],"additionalProperties":false},
{"$ref":"#/$defs/F%d"}]},
"F%d":{"type":"object","properties":{"type":{"const":"file"},"name":{"type":"string"},"size":{"type":"integer","minimum":0},"text":{"type":"string","maxLength":99}},
"required":["type","name"],"additionalProperties":false}`, i, i, desc, prev, i, i)
		unions++
	}
	last := unions - 1
	fmt.Fprintf(&b, `},"type":"object","properties":{"parts":{"type":"array","items":{"$ref":"#/$defs/U%d"}},"first":{"$ref":"#/$defs/U0"}},"required":["parts"]}`, last)
	return b.Bytes(), unions
}

// The synthetic module's scale: Packages × UnionsPerPackage unions, each
// with VariantsPerUnion variants and one tool whose input holds it, one
// source file (and so one generated file) per union.
const (
	Packages         = 10
	UnionsPerPackage = 20
	VariantsPerUnion = 5
)

// WriteModule writes the synthetic module into dir: module
// example.com/synthetic, requiring unionflat from the directory root (a
// replace directive) with the go.sum given, and Packages packages of
// UnionsPerPackage files, each holding one union. The nonce goes into a
// comment of every file, so that a fresh nonce makes every file new to
// the build cache.
func WriteModule(dir, root string, sum []byte, nonce string) error {
	write := func(path, text string) error {
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			return err
		}
		return os.WriteFile(path, []byte(text), 0o666)
	}
	mod := "module example.com/synthetic\n\ngo 1.26.0\n\n" +
		"require github.com/unionflat/unionflat v0.0.0\n\n" +
		"replace github.com/unionflat/unionflat => " + root + "\n"
	if err := write(filepath.Join(dir, "go.mod"), mod); err != nil {
		return err
	}
	if err := write(filepath.Join(dir, "go.sum"), string(sum)); err != nil {
		return err
	}
	for p := range Packages {
		pkg := fmt.Sprintf("p%02d", p)
		for u := range UnionsPerPackage {
			if err := write(filepath.Join(dir, pkg, fmt.Sprintf("u%02d.go", u)), unionFile(pkg, u, nonce)); err != nil {
				return err
			}
		}
	}
	return nil
}

// unionFile is one file: a union, its variants with fields of several
// kinds, an enum, a shared struct and a tool.
func unionFile(pkg string, u int, nonce string) string {
	var b strings.Builder
	n := fmt.Sprintf("%02d", u)
	fmt.Fprintf(&b, "// Synthetic module %s.\n\npackage %s\n\n", nonce, pkg)
	fmt.Fprintf(&b, "// U%s is synthetic union %s.\n//\n//unionflat:union\ntype U%s interface{ isU%s() }\n\n", n, n, n, n)
	fmt.Fprintf(&b, "// Mode%s is an enum.\ntype Mode%s string\n\nconst (\n\tMode%sA Mode%s = \"a\"\n\tMode%sB Mode%s = \"b\"\n)\n\n", n, n, n, n, n, n)
	fmt.Fprintf(&b, "// Ref%s is a shared struct.\ntype Ref%s struct {\n\tID string `json:\"id\" jsonschema:\"format=uuid\"`\n}\n\n", n, n)
	for v := range VariantsPerUnion {
		name := fmt.Sprintf("U%sV%d", n, v)
		fmt.Fprintf(&b, "// %s is variant %d.\n//\n//unionflat:variant v%d\ntype %s struct {\n", name, v, v, name)
		fmt.Fprintf(&b, "\tName%d string `json:\"name%d\" jsonschema:\"minLength=1\"`\n", v, v)
		fmt.Fprintf(&b, "\tCount int `json:\"count,omitempty\" jsonschema:\"minimum=0,maximum=100\"`\n")
		fmt.Fprintf(&b, "\tMode Mode%s `json:\"mode,omitempty\"`\n", n)
		fmt.Fprintf(&b, "\tTags []string `json:\"tags,omitempty\" jsonschema:\"maxItems=5\"`\n")
		fmt.Fprintf(&b, "\tRef *Ref%s `json:\"ref,omitempty\"`\n}\n\n", n)
		fmt.Fprintf(&b, "func (%s) isU%s() {}\n\n", name, n)
	}
	fmt.Fprintf(&b, "// Tool%s is a synthetic tool.\n//\n//unionflat:tool\ntype Tool%s struct {\n", n, n)
	fmt.Fprintf(&b, "\tItems []U%s `json:\"items\" jsonschema:\"minItems=1\"`\n\tNote string `json:\"note,omitempty\"`\n}\n", n)
	return b.String()
}
