// Package hostile builds documents written to make a decoder of the
// canvas fixture's Draw slow or greedy: the class of input the
// performance issue's hostile table samples. A family names one way of
// being hostile; a seed picks where in the document it strikes and how
// (which member, which level of nesting, which escapes, valid or not),
// and the size how much of it there is. The canvas fixture's tests hold
// DecodeDraw to its allocation bounds over the whole class, seed after
// seed, and the benchmark module times it against encoding/json.
package hostile

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Families are the names Build takes, one per way of being hostile.
var Families = []string{
	"nesting",      // arrays and objects nested up to the limit and past it, over and over
	"digits",       // one number of size digits, as an integer, a fraction or an exponent
	"space",        // white space runs between every two tokens
	"duplicates",   // one key repeated throughout an object
	"unknown",      // unknown keys, plain or escaped, long or short
	"escapes",      // strings of escapes, as values and as keys
	"utf8",         // long strings of multi-byte characters, maybe broken at the end
	"items",        // arrays of many items where few are allowed, of the wrong type or repeated
	"tag-last",     // discriminators after long members, in nested unions
	"serialized",   // values sent as strings, nested in strings
	"truncated",    // a long valid document cut short
	"wrong-types",  // every value of the wrong type, many times over
	"problems",     // many shapes that each break a rule
	"long-members", // a few members whose values are very long strings
	"late-repairs", // repairs inside strings read as JSON, between repairs around them
}

// A document's fixed parts: the members every Draw needs.
const (
	canvasMember = `"canvas":"123e4567-e89b-12d3-a456-426614174000"`
	oneShape     = `{"kind":"circle","center":{"x":1,"y":2},"radius":3}`
)

// Build is the document of the family given, about size bytes, as the
// seed picks it. It panics on a family not in Families.
func Build(family string, seed uint64, size int) []byte {
	b := &builder{rng: rand.New(rand.NewPCG(seed, 0x686f7374696c65)), size: max(size, 64)}
	switch family {
	case "nesting":
		b.nesting()
	case "digits":
		b.digits()
	case "space":
		b.space()
	case "duplicates":
		b.duplicates()
	case "unknown":
		b.unknown()
	case "escapes":
		b.escapes()
	case "utf8":
		b.utf8()
	case "items":
		b.items()
	case "tag-last":
		b.tagLast()
	case "serialized":
		b.serialized()
	case "truncated":
		b.truncated()
	case "wrong-types":
		b.wrongTypes()
	case "problems":
		b.problems()
	case "long-members":
		b.longMembers()
	case "late-repairs":
		b.lateRepairs()
	default:
		panic(fmt.Sprintf("hostile: no family %q", family))
	}
	return []byte(b.String())
}

// A builder writes one document.
type builder struct {
	strings.Builder
	rng  *rand.Rand
	size int
}

// full reports whether the document has reached its size, less room
// for a tail of the given length.
func (b *builder) full(tail int) bool { return b.Len()+tail >= b.size }

// pick is one of the choices, as the seed has it.
func pick[T any](b *builder, choices ...T) T { return choices[b.rng.IntN(len(choices))] }

// draw writes a Draw whose shapes come from shapes and whose members
// after the shapes from tail.
func (b *builder) draw(shapes func(), tail func()) {
	b.WriteString(`{` + canvasMember + `,"shapes":[`)
	shapes()
	b.WriteString(`]`)
	if tail != nil {
		tail()
	}
	b.WriteString(`}`)
}

// repeat writes item, comma-separated, until the document is full.
func (b *builder) repeat(tail int, item func()) {
	for first := true; first || !b.full(tail); first = false {
		if !first {
			b.WriteByte(',')
		}
		item()
	}
}

func (b *builder) nesting() {
	depth := pick(b, 8, 64, 126, 127, 128, 129, 1000)
	open, closeBy := pick(b, "[", `{"a":`), pick(b, "]", "}")
	if open == "[" {
		closeBy = "]"
	}
	where := pick(b, "meta", "raw-shapes", "shapes")
	b.draw(func() {
		if where == "shapes" { // nested arrays where a shape is wanted
			b.repeat(8, func() {
				b.WriteString(strings.Repeat(open, depth) + "1" + strings.Repeat(closeBy, depth))
			})
			return
		}
		b.WriteString(oneShape)
	}, func() {
		if where == "shapes" {
			return
		}
		b.WriteString(`,"meta":[`)
		b.repeat(2, func() {
			b.WriteString(strings.Repeat(open, depth) + "1" + strings.Repeat(closeBy, depth))
		})
		b.WriteString(`]`)
	})
}

func (b *builder) digits() {
	n := b.size - 200
	digits := strings.Repeat(pick(b, "9", "1", "0"), n)
	number := pick(b, "1"+digits, "-1"+digits, "1."+digits, "0."+digits, "1e"+digits, "1e-"+digits, "1"+digits+"e-"+digits[:n/2])
	member := pick(b, "seed", "scale", "ratio", "radius", "x", "grid")
	switch member {
	case "x", "radius":
		value := map[string]string{"x": `{"kind":"circle","center":{"x":` + number + `,"y":2},"radius":3}`,
			"radius": `{"kind":"circle","center":{"x":1,"y":2},"radius":` + number + `}`}[member]
		b.draw(func() { b.WriteString(value) }, nil)
	case "grid":
		b.draw(func() { b.WriteString(oneShape) }, func() { b.WriteString(`,"grid":[1,` + number + `]`) })
	default:
		b.draw(func() { b.WriteString(oneShape) }, func() { b.WriteString(`,"` + member + `":` + number) })
	}
}

func (b *builder) space() {
	run := strings.Repeat(pick(b, " ", "\n", "\t", "\r\n", " \t\n\r"), pick(b, 1, 16, 4096))
	sp := func() { b.WriteString(run) }
	b.WriteString(`{`)
	sp()
	b.WriteString(`"canvas"`)
	sp()
	b.WriteString(`:`)
	sp()
	b.WriteString(`"123e4567-e89b-12d3-a456-426614174000"`)
	sp()
	b.WriteString(`,"shapes":[`)
	b.repeat(len(run)+4, func() {
		sp()
		b.WriteString(`{"kind"`)
		sp()
		b.WriteString(`:"circle",`)
		sp()
		b.WriteString(`"center":{"x":1,"y":2}`)
		sp()
		b.WriteString(`,"radius"`)
		sp()
		b.WriteString(`:3}`)
		sp()
	})
	b.WriteString(`]`)
	sp()
	b.WriteString(`}`)
}

func (b *builder) duplicates() {
	key := pick(b, "canvas", "radius", "x", "kind", "zzz", `k\u00e9`, strings.Repeat("k", 1000))
	value := pick(b, "1", `"123e4567-e89b-12d3-a456-426614174000"`, `"circle"`, `[1,2]`)
	member := `"` + key + `":` + value
	switch pick(b, "top", "shape", "point") {
	case "top":
		b.WriteString(`{"shapes":[` + oneShape + `],`)
		b.repeat(1, func() { b.WriteString(member) })
		b.WriteString(`}`)
	case "shape":
		b.draw(func() {
			b.WriteString(`{"kind":"circle","center":{"x":1,"y":2},`)
			b.repeat(3, func() { b.WriteString(member) })
			b.WriteString(`}`)
		}, nil)
	default:
		b.draw(func() {
			b.WriteString(`{"kind":"circle","radius":3,"center":{`)
			b.repeat(4, func() { b.WriteString(member) })
			b.WriteString(`}}`)
		}, nil)
	}
}

func (b *builder) unknown() {
	length := pick(b, 1, 8, 64, 4096)
	escaped := b.rng.IntN(2) == 0
	i := 0
	key := func() string {
		i++
		k := fmt.Sprintf("%0*x", length, i)
		if escaped {
			k = `\u00e9` + k
		}
		return k
	}
	value := pick(b, "0", `"x"`, `{"a":[1,2,{"b":null}]}`, "[]")
	where := pick(b, "top", "shape", "fill")
	b.WriteString(`{` + canvasMember + `,"shapes":[`)
	switch where {
	case "top":
		b.WriteString(oneShape + `],`)
		b.repeat(1, func() { b.WriteString(`"` + key() + `":` + value) })
		b.WriteString(`}`)
		return
	case "shape":
		b.WriteString(`{"kind":"rect","origin":{"x":0,"y":0},"width":1,"height":1,`)
	default:
		b.WriteString(`{"kind":"label","text":"t","style":{"opacity":null,"fill":{"mode":"solid","color":"#000000",`)
	}
	b.repeat(8, func() { b.WriteString(`"` + key() + `":` + value) })
	if where == "shape" {
		b.WriteString(`}]}`)
	} else {
		b.WriteString(`}}}]}`)
	}
}

// escapeRun is n escaped characters of one kind, as the seed picks it.
func (b *builder) escapeRun(n int) string {
	one := pick(b, `\u0061`, `\n`, `\"`, `\\`, `\ud83d\ude00`, `\u00e9`, `\/`)
	return strings.Repeat(one, max(1, n/len(one)))
}

func (b *builder) escapes() {
	run := b.escapeRun(b.size - 200)
	switch pick(b, "notes", "text", "key", "kind", "canvas") {
	case "notes":
		b.draw(func() { b.WriteString(oneShape) }, func() { b.WriteString(`,"notes":"` + run + `"`) })
	case "text":
		b.draw(func() { b.WriteString(`{"kind":"label","text":"` + run + `"}`) }, nil)
	case "key":
		b.draw(func() { b.WriteString(oneShape) }, func() { b.WriteString(`,"` + run + `":1`) })
	case "kind":
		b.draw(func() { b.WriteString(`{"kind":"` + run + `","radius":1}`) }, nil)
	default:
		b.WriteString(`{"canvas":"` + run + `","shapes":[` + oneShape + `]}`)
	}
}

func (b *builder) utf8() {
	char := pick(b, "é", "€", "😀", "\u2028")
	run := strings.Repeat(char, (b.size-200)/len(char))
	if b.rng.IntN(3) == 0 {
		run += "\xff" // broken at the end
	}
	member := pick(b, "notes", "author", "text", "key")
	switch member {
	case "text":
		b.draw(func() { b.WriteString(`{"kind":"label","text":"` + run + `"}`) }, nil)
	case "key":
		b.draw(func() { b.WriteString(oneShape) }, func() { b.WriteString(`,"` + run + `":1`) })
	default:
		b.draw(func() { b.WriteString(oneShape) }, func() { b.WriteString(`,"` + member + `":"` + run + `"`) })
	}
}

func (b *builder) items() {
	item := pick(b, "1", "0", `"x"`, "null", "[]", "{}", "-1", "1.5")
	switch pick(b, "grid", "tags", "points", "shapes") {
	case "grid":
		b.draw(func() { b.WriteString(oneShape) }, func() {
			b.WriteString(`,"grid":[`)
			b.repeat(3, func() { b.WriteString(item) })
			b.WriteString(`]`)
		})
	case "tags":
		tag := pick(b, `"a"`, `""`, item)
		b.draw(func() {
			b.WriteString(`{"kind":"label","text":"t","style":{"opacity":null,"fill":{"mode":"solid","color":"#000000"},"tags":[`)
			b.repeat(6, func() { b.WriteString(tag) })
			b.WriteString(`]}}`)
		}, nil)
	case "points":
		point := pick(b, `{"x":1,"y":1}`, item)
		b.draw(func() {
			b.WriteString(`{"kind":"polygon","points":[`)
			b.repeat(4, func() { b.WriteString(point) })
			b.WriteString(`]}`)
		}, nil)
	default:
		b.draw(func() { b.repeat(2, func() { b.WriteString(item) }) }, nil)
	}
}

func (b *builder) tagLast() {
	filler := strings.Repeat("x", pick(b, 1, 100, 10000))
	b.draw(func() {
		b.repeat(2, func() {
			switch pick(b, "label", "circle", "unknown-tag") {
			case "label":
				b.WriteString(`{"text":"` + filler + `","style":{"opacity":null,"stroke":1,"fill":{"color":"#000000","angle":1,"mode":"solid"}},"kind":"label"}`)
			case "circle":
				b.WriteString(`{"center":{"x":1,"y":2},"radius":3,"zz":"` + filler + `","kind":"circle"}`)
			default:
				b.WriteString(`{"text":"` + filler + `","kind":"nope"}`)
			}
		})
	}, nil)
}

func (b *builder) serialized() {
	levels := pick(b, 1, 2, 3, 6)
	var list strings.Builder
	list.WriteString(`[` + oneShape)
	for list.Len() < (b.size-100)/(1<<levels) {
		list.WriteString(`,` + oneShape)
	}
	list.WriteString(`]`)
	shapes := list.String()
	for range levels {
		shapes = Quote(shapes)
	}
	b.WriteString(`{` + canvasMember + `,"shapes":` + shapes + `}`)
}

// Quote writes s as a JSON string, escaping its quotes and backslashes:
// the documents the families serialize into strings hold no control
// characters.
func Quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

func (b *builder) truncated() {
	b.draw(func() {
		b.repeat(40, func() {
			b.WriteString(pick(b, oneShape,
				`{"kind":"label","text":"Quarterly revenue","style":{"fill":{"mode":"gradient","from":"#000000","to":"#ffffff","angle":90},"opacity":0.5}}`,
				`{"kind":"poly","points":[{"x":0,"y":0},{"x":10,"y":0},{"x":10,"y":10}],"closed":true}`))
		})
	}, nil)
	s := b.String()
	cut := len(s) - 1 - b.rng.IntN(min(len(s)-1, 200))
	b.Reset()
	b.WriteString(s[:cut])
}

func (b *builder) wrongTypes() {
	wrong := pick(b, `"1"`, `{}`, `[]`, `true`, `null`, `1.5`)
	b.draw(func() {
		b.repeat(60, func() {
			b.WriteString(`{"kind":"rect","origin":` + wrong + `,"width":` + wrong + `,"height":` + wrong + `,"corner":` + wrong + `}`)
		})
	}, func() {
		b.WriteString(`,"seed":` + wrong + `,"scale":` + wrong + `,"ratio":` + wrong + `,"grid":` + wrong)
	})
}

func (b *builder) problems() {
	bad := pick(b,
		`{"kind":"circle","center":{"x":1,"y":2},"radius":-1}`,
		`{"kind":"nope"}`,
		`{"kind":"label","text":""}`,
		`{"kind":"rect","origin":{"x":0,"y":0},"width":0,"height":0,"zz":1}`,
		`{"kind":"label","text":"t","style":{"opacity":2,"fill":{"mode":"solid","color":"nope"},"tags":["a","a"]}}`)
	b.draw(func() { b.repeat(2, func() { b.WriteString(bad) }) }, nil)
}

func (b *builder) longMembers() {
	text := strings.Repeat(pick(b, "a", " ", "ab"), (b.size-300)/4)
	b.draw(func() {
		b.WriteString(`{"kind":"label","text":"` + text + `","font":"serif"}`)
	}, func() {
		b.WriteString(`,"notes":"` + text + `","author":"` + text + `@example.com","host":"` + text + `"`)
	})
}

// lateRepairs alternates labels whose style comes as a string of JSON,
// with numbers quoted in it, and circles with quoted numbers: the values
// inside a string are parsed after the whole document, so their repairs
// come between those of values that stand before them in the document.
func (b *builder) lateRepairs() {
	style := Quote(`{"stroke":"1","opacity":"0.5","fill":{"mode":"solid","color":"#000000"}}`)
	circle := pick(b, `{"kind":"circle","center":{"x":"1","y":"2"},"radius":"3"}`, oneShape)
	b.draw(func() {
		b.repeat(2, func() {
			b.WriteString(`{"kind":"label","text":"t","style":` + style + `},` + circle)
		})
	}, func() { b.WriteString(`,"seed":"5"`) })
}
