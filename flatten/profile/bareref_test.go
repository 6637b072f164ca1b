package profile

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/flatten/internal/jsonv"
)

// refSchemaGen writes random schemas whose $refs carry keywords beside
// them: annotations and assertions, on properties, items, the branches of
// anyOf (nullable wrappers and others, with and without keywords of their
// own) and inside the definitions, one of them recursive.
type refSchemaGen struct{ rnd *rand.Rand }

var siblingPool = []string{
	`"description":"d%d"`, `"title":"t%d"`, `"default":null`, `"$comment":"c%d"`,
	`"minLength":%d`, `"maxLength":%d`, `"type":"string"`, `"minimum":%d`, `"required":["x"]`,
}

func (g refSchemaGen) ref() string {
	members := []string{[]string{`"$ref":"#/$defs/Node"`, `"$ref":"#/$defs/Word"`}[g.rnd.IntN(2)]}
	for range g.rnd.IntN(3) {
		s := siblingPool[g.rnd.IntN(len(siblingPool))]
		if strings.Contains(s, "%d") {
			s = fmt.Sprintf(s, g.rnd.IntN(4))
		}
		if key := s[:strings.IndexByte(s, ':')]; !slices.ContainsFunc(members, func(m string) bool { return strings.HasPrefix(m, key+":") }) {
			members = append(members, s)
		}
	}
	return "{" + strings.Join(members, ",") + "}"
}

func (g refSchemaGen) value(depth int) string {
	switch n := g.rnd.IntN(6); {
	case depth > 2 || n < 2:
		return g.ref()
	case n == 2:
		own := ""
		if g.rnd.IntN(2) == 0 {
			own = fmt.Sprintf(`,"description":"w%d"`, g.rnd.IntN(3))
		}
		return `{"anyOf":[` + g.value(depth+1) + `,{"type":"null"}]` + own + `}`
	case n == 3:
		return `{"anyOf":[` + g.value(depth+1) + `,` + g.value(depth+1) + `]}`
	case n == 4:
		return `{"type":"array","items":` + g.value(depth+1) + `}`
	default:
		return `{"type":"object","properties":{"a":` + g.value(depth+1) + `}}`
	}
}

func (g refSchemaGen) doc() string {
	var props []string
	for i := range 1 + g.rnd.IntN(3) {
		props = append(props, fmt.Sprintf(`"p%d":%s`, i, g.value(0)))
	}
	return `{"type":"object","$defs":{` +
		`"Node":{"type":"object","properties":{"x":{"type":"integer"},"next":` + g.value(1) + `}},` +
		`"Word":{"type":"string","maxLength":3}},` +
		`"properties":{` + strings.Join(props, ",") + `}}`
}

// refInstances are the values every property of a random document is
// tried with: strings of every length around the bounds, numbers, null,
// nodes with and without x and a next, arrays of them.
var refInstances = []string{
	`""`, `"a"`, `"ab"`, `"abc"`, `"abcd"`, `0`, `2`, `null`, `true`,
	`{}`, `{"x":1}`, `{"x":"no"}`, `{"x":1,"next":"ab"}`, `{"x":1,"next":{"x":2}}`, `{"next":null}`,
	`{"a":"ab"}`, `{"a":null}`, `{"a":{"x":1}}`,
	`[]`, `["ab"]`, `["abcd"]`, `[{"x":1},null]`, `[null]`,
}

// annotations lists every annotation of a document as keyword=value.
func annotations(v *jsonv.Value) []string {
	var out []string
	var walk func(v *jsonv.Value)
	walk = func(v *jsonv.Value) {
		if !v.IsObject() {
			return
		}
		for _, m := range v.Members {
			if jsonv.IsAnnotation(m.Key) {
				out = append(out, m.Key+"="+string(jsonv.Encode(nil, m.Val, "")))
			}
		}
		jsonv.EachSubschema(v, "", func(child *jsonv.Value, at jsonv.Sub) {
			if !at.Unknown {
				walk(child)
			}
		})
	}
	walk(v)
	return out
}

// lostAnnotations are the annotations of before that after has neither
// as they were nor, for a title or description, inside a description.
func lostAnnotations(before, after *jsonv.Value) []string {
	kept := annotations(after)
	var lost []string
	for _, a := range annotations(before) {
		if slices.Contains(kept, a) {
			continue
		}
		key, value, _ := strings.Cut(a, "=")
		var text string
		if json.Unmarshal([]byte(value), &text) == nil && (key == "title" || key == "description") &&
			slices.ContainsFunc(kept, func(k string) bool {
				return strings.HasPrefix(k, "description=") && strings.Contains(k, strings.TrimSuffix(value[1:len(value)-1], "."))
			}) {
			continue
		}
		lost = append(lost, a)
	}
	return lost
}

func compileForTest(t *testing.T, doc []byte) *jsonschema.Schema {
	t.Helper()
	parsed, err := jsonschema.UnmarshalJSON(strings.NewReader(string(doc)))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("urn:test:schema.json", parsed); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("urn:test:schema.json")
	if err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	return s
}

// TestBareRefsAcceptTheSame: over seeded random documents whose $refs
// carry keywords, bareRef under each profile that wants bare $refs
// leaves no $ref with a keyword the profile refuses beside it, keeps
// every annotation (a title or description at least as words in a
// description), and accepts exactly the instances the document did,
// judged by santhosh-tekuri/jsonschema on every property with every
// value of refInstances.
func TestBareRefsAcceptTheSame(t *testing.T) {
	g := refSchemaGen{rand.New(rand.NewPCG(3, 1944))}
	rewritten, tried := 0, 0
	for i := range 400 {
		doc := g.doc()
		root, err := jsonv.Parse([]byte(doc))
		if err != nil {
			t.Fatalf("%d: %v\n%s", i, err, doc)
		}
		before := compileForTest(t, []byte(doc))
		for _, p := range []Profile{OpenAIStrict, GeminiJSON} {
			sp := specs[p]
			out := sp.bareRef(root, "", true)
			text := jsonv.Encode(nil, out, "")
			if !jsonv.Equal(out, root) {
				rewritten++
			}
			var left []string
			var walk func(v *jsonv.Value, ptr string)
			walk = func(v *jsonv.Value, ptr string) {
				if extras := sp.refExtras(v); len(extras) > 0 && ptr != "" {
					left = append(left, ptr+": "+strings.Join(extras, ", "))
				}
				jsonv.EachSubschema(v, ptr, func(child *jsonv.Value, at jsonv.Sub) {
					if !at.Unknown {
						walk(child, at.Ptr)
					}
				})
			}
			walk(out, "")
			if len(left) > 0 {
				t.Fatalf("%d %s: keywords left beside $refs %v\n%s\n%s", i, p, left, doc, text)
			}
			if lost := lostAnnotations(root, out); len(lost) > 0 {
				t.Fatalf("%d %s: annotations %v lost\n%s\n%s", i, p, lost, doc, text)
			}
			after := compileForTest(t, text)
			for _, m := range root.Get("properties").Members {
				for _, inst := range refInstances {
					var v any
					if err := json.Unmarshal([]byte(`{"`+m.Key+`":`+inst+`}`), &v); err != nil {
						t.Fatal(err)
					}
					tried++
					if was, is := before.Validate(v) == nil, after.Validate(v) == nil; was != is {
						t.Fatalf("%d %s: %s = %s: accepted %v before, %v after\n%s\n%s", i, p, m.Key, inst, was, is, doc, text)
					}
				}
			}
		}
	}
	if rewritten < 400 {
		t.Errorf("only %d of 800 rewrites changed the document; the generator covers too little", rewritten)
	}
	t.Logf("%d rewrites changed the document, %d instances judged", rewritten, tried)
}
