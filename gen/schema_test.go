package gen_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/schema"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/gen"
	"github.com/unionflat/unionflat/internal/textdiff"
)

// root is one tool or union of a golden package with its schemas.
type root struct {
	Name    string // case/tool name or case/union Name
	Dir     string // the case directory
	GoName  string // the Go type: its constants are GoName+"Schema", ...
	Tool    bool
	Schemas schema.Schemas
	// Object says the root is an object: a tool's or a struct's, or a
	// union whose variants are all objects (an untagged one may not be).
	Object bool
}

// goldenRoots loads every golden package and builds the schemas of each
// of its tools and unions, once for all the tests that use them.
func goldenRoots(t *testing.T) []root {
	t.Helper()
	dirs := goldenCases(t)
	rootsOnce.Do(func() { rootsCache, rootsErr = loadRoots(dirs) })
	if rootsErr != nil {
		t.Fatal(rootsErr)
	}
	if len(rootsCache) < 10 {
		t.Fatalf("only %d tools and unions in the golden packages", len(rootsCache))
	}
	return rootsCache
}

var (
	rootsOnce  sync.Once
	rootsCache []root
	rootsErr   error
)

func loadRoots(dirs []string) ([]root, error) {
	var out []root
	for _, dir := range dirs {
		pkgs, diags, err := gen.Load(gen.Config{Dir: dir, Patterns: []string{"./..."}})
		if err != nil {
			return nil, err
		}
		if len(diags) > 0 {
			return nil, fmt.Errorf("diagnostics:\n%s", diagLines(dir, diags))
		}
		for _, p := range pkgs {
			for _, tool := range p.Tools {
				s, err := schema.ToolSchemas(tool)
				if err != nil {
					return nil, fmt.Errorf("tool %s: %w", tool.Name, err)
				}
				out = append(out, root{Name: filepath.Base(dir) + "/tool " + tool.Name, Dir: dir, GoName: tool.GoName(), Tool: true, Schemas: s, Object: true})
			}
			for _, u := range p.Unions {
				if u.Tool != nil {
					continue // a tool's input, which is listed already
				}
				s, err := schema.UnionSchemas(u)
				if err != nil {
					return nil, fmt.Errorf("union %s: %w", u.Name, err)
				}
				object := !slices.ContainsFunc(u.Variants, func(v *model.Variant) bool { return v.JSONType() != "object" })
				out = append(out, root{Name: filepath.Base(dir) + "/union " + u.Name, Dir: dir, GoName: u.Name, Schemas: s, Object: object})
			}
			for _, r := range p.Roots {
				if r.Struct == nil {
					continue // a union, which is listed already
				}
				s, err := schema.RootSchemas(r)
				if err != nil {
					return nil, fmt.Errorf("schema %s: %w", r.Name, err)
				}
				out = append(out, root{Name: filepath.Base(dir) + "/schema " + r.Name, Dir: dir, GoName: r.Struct.Name, Schemas: s, Object: true})
			}
		}
	}
	return out, nil
}

// compileSchema compiles a generated schema under draft 2020-12 with
// formats and content asserted, as the soundness test validates.
func compileSchema(t testing.TB, name string, doc []byte) *jsonschema.Schema {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("%s: not JSON: %v", name, err)
	}
	if m, ok := v.(map[string]any); !ok || m["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
		t.Fatalf("%s: $schema is not draft 2020-12", name)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.AssertContent()
	url := "mem://" + strings.NewReplacer(" ", "-", "/", "-").Replace(name) + ".json"
	if err := c.AddResource(url, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s does not compile: %v", name, err)
	}
	return s
}

// TestSchemas checks every tool and union of the golden packages: both
// schemas compile under santhosh-tekuri/jsonschema (draft 2020-12, against
// its meta-schema), the flat one has no oneOf, anyOf or allOf at any
// depth, and every $ref left in it is part of a recursion.
func TestSchemas(t *testing.T) {
	for _, r := range goldenRoots(t) {
		t.Run(r.Name, func(t *testing.T) {
			compileSchema(t, r.Name+" lossless", r.Schemas.Lossless)
			compileSchema(t, r.Name+" flat", r.Schemas.Flat)
			if len(r.Schemas.Unflattened) > 0 {
				t.Errorf("left unflattened: %v", r.Schemas.Unflattened)
			}
			doc := mustJSON(t, r.Schemas.Flat)
			for _, at := range combinators(doc) {
				t.Errorf("flat schema has %s", at)
			}
			for _, p := range nonRecursiveRefs(doc) {
				t.Errorf("flat schema keeps a $ref that is not recursive: %s", p)
			}
		})
	}
}

// TestSchemaConstants reads the schema constants of the golden files as
// Go evaluates them and wants exactly the schemas the model builds: the
// text, backticks and all, survives byte for byte.
func TestSchemaConstants(t *testing.T) {
	consts := map[string]map[string]string{} // case dir -> const name -> value
	for _, r := range goldenRoots(t) {
		if consts[r.Dir] == nil {
			consts[r.Dir] = stringConsts(t, r.Dir)
		}
		for name, want := range map[string][]byte{r.GoName + "Schema": r.Schemas.Lossless, r.GoName + "FlatSchema": r.Schemas.Flat} {
			got, ok := consts[r.Dir][name]
			switch {
			case !ok:
				t.Errorf("%s: no constant %s in the golden files", r.Name, name)
			case got != strings.TrimSuffix(string(want), "\n"):
				t.Errorf("%s: constant %s is not the schema:\n%s", r.Name, name, textdiff.Unified("schema", name, string(want), got+"\n", 1))
			}
		}
	}
}

// stringConsts evaluates the string constants of the generated files of a
// case's root package that are raw or interpreted literals, or other such
// constants of those files, joined by +.
func stringConsts(t *testing.T, dir string) map[string]string {
	t.Helper()
	exprs := map[string]ast.Expr{}
	files, err := filepath.Glob(filepath.Join(dir, "*_unionflat.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no generated files in %s", dir)
	}
	fset := token.NewFileSet()
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i < len(vs.Values) {
						exprs[name.Name] = vs.Values[i]
					}
				}
			}
		}
	}
	out := map[string]string{}
	for name, e := range exprs {
		if s, ok := concatLiterals(e, exprs, 0); ok {
			out[name] = s
		}
	}
	return out
}

// concatLiterals evaluates "a" + `b` + c + ... made only of string
// literals and names of consts that are.
func concatLiterals(e ast.Expr, consts map[string]ast.Expr, depth int) (string, bool) {
	if depth > 10 {
		return "", false
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.Ident:
		if c, ok := consts[e.Name]; ok {
			return concatLiterals(c, consts, depth+1)
		}
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		x, ok1 := concatLiterals(e.X, consts, depth)
		y, ok2 := concatLiterals(e.Y, consts, depth)
		return x + y, ok1 && ok2
	case *ast.ParenExpr:
		return concatLiterals(e.X, consts, depth)
	}
	return "", false
}

// TestSchemaWalk makes sure the walk the schema checks rely on finds what
// it must and nothing else.
func TestSchemaWalk(t *testing.T) {
	doc := mustJSON(t, []byte(`{
		"properties": {
			"oneOf": {"type": "string", "default": {"anyOf": []}},
			"list": {"items": {"properties": {"x": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}},
			"map": {"additionalProperties": {"$ref": "#/$defs/Tree"}},
			"e": {"enum": [{"allOf": 1}], "examples": [{"oneOf": 2}], "const": {"allOf": 3}}
		},
		"$defs": {
			"Tree": {"properties": {"kids": {"items": {"$ref": "#/$defs/Tree"}}, "leaf": {"$ref": "#/$defs/Leaf"}}},
			"Leaf": {"allOf": [{"type": "object"}]}
		}
	}`))
	got := combinators(doc)
	want := []string{"allOf at /$defs/Leaf", "anyOf at /properties/list/items/properties/x"}
	if !slices.Equal(got, want) {
		t.Errorf("combinators %q, want %q", got, want)
	}
	if got, want := nonRecursiveRefs(doc), []string{"/$defs/Tree/properties/leaf -> #/$defs/Leaf"}; !slices.Equal(got, want) {
		t.Errorf("non-recursive refs %q, want %q", got, want)
	}
}

func mustJSON(t testing.TB, doc []byte) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Schema keywords by where they hold subschemas (draft 2020-12, with the
// older spellings that still appear in the wild).
var (
	schemaKeys = []string{"additionalProperties", "items", "contains", "not", "if", "then", "else",
		"propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema"}
	schemaMapKeys   = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
	schemaArrayKeys = []string{"allOf", "anyOf", "oneOf", "prefixItems", "items"}
)

// walkSchemas calls fn on every subschema of doc with its JSON Pointer,
// following only keywords that hold schemas: a property named oneOf or an
// enum value holding one is not a schema.
func walkSchemas(s any, ptr string, fn func(ptr string, s map[string]any)) {
	m, ok := s.(map[string]any)
	if !ok {
		return // a boolean schema
	}
	fn(ptr, m)
	for _, k := range sortedKeys(m) {
		v := m[k]
		at := ptr + "/" + escapePointer(k)
		switch {
		case slices.Contains(schemaKeys, k) && isObjectOrBool(v):
			walkSchemas(v, at, fn)
		case slices.Contains(schemaMapKeys, k):
			if sub, ok := v.(map[string]any); ok {
				for _, name := range sortedKeys(sub) {
					walkSchemas(sub[name], at+"/"+escapePointer(name), fn)
				}
			}
		case slices.Contains(schemaArrayKeys, k):
			if list, ok := v.([]any); ok {
				for i, item := range list {
					walkSchemas(item, fmt.Sprintf("%s/%d", at, i), fn)
				}
			}
		}
	}
}

func isObjectOrBool(v any) bool {
	switch v.(type) {
	case map[string]any, bool:
		return true
	}
	return false
}

// combinators lists every oneOf, anyOf and allOf in a schema document.
func combinators(doc any) []string {
	var out []string
	walkSchemas(doc, "", func(ptr string, s map[string]any) {
		for _, k := range []string{"oneOf", "anyOf", "allOf"} {
			if _, ok := s[k]; ok {
				at := ptr
				if at == "" {
					at = "(root)"
				}
				out = append(out, k+" at "+at)
			}
		}
	})
	return out
}

// nonRecursiveRefs lists the $refs of a document whose target cannot
// reach itself again: a flat schema inlines those.
func nonRecursiveRefs(doc any) []string {
	// refs[p] lists the targets of the $refs inside the schema at p.
	refs := map[string][]string{}
	type use struct{ at, target string }
	var uses []use
	walkSchemas(doc, "", func(ptr string, s map[string]any) {
		ref, ok := s["$ref"].(string)
		if !ok {
			return
		}
		target := strings.TrimPrefix(ref, "#")
		uses = append(uses, use{ptr, ref})
		for p := ptr; ; p = p[:strings.LastIndex(p, "/")] {
			if isDefinition(p) || p == "" {
				refs[p] = append(refs[p], target)
			}
			if p == "" {
				break
			}
		}
	})
	reaches := func(from, to string) bool {
		seen := map[string]bool{}
		stack := slices.Clone(refs[from])
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if n == to {
				return true
			}
			if !seen[n] {
				seen[n] = true
				stack = append(stack, refs[n]...)
			}
		}
		return false
	}
	var out []string
	for _, u := range uses {
		target := strings.TrimPrefix(u.target, "#")
		if !reaches(target, target) {
			out = append(out, u.at+" -> "+u.target)
		}
	}
	return out
}

// isDefinition reports whether a pointer names a $defs entry.
func isDefinition(p string) bool {
	dir, _, ok := cutLast(p, "/")
	return ok && (dir == "/$defs" || dir == "/definitions")
}

func cutLast(s, sep string) (before, after string, ok bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

func escapePointer(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
