package emit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/model"
)

// Two kinds of field are not written by encoding/json the way the schema
// and the decoder read them, so a struct holding one gets a generated
// MarshalJSON (and UnmarshalJSON) that shadows it:
//
//   - a time.Duration (alone, behind a pointer, in a slice or a map), which
//     encoding/json writes as nanoseconds: the shadow writes its String();
//   - an optional field with a default, which omitempty drops when it
//     holds the zero value, and which would then read back as the default:
//     the shadow writes every value but the default itself;
//   - a field that jsonschema:"required" forces while its json tag has
//     omitempty or omitzero, which would drop a value the schema requires:
//     the shadow writes it whatever it holds;
//   - in a struct an EncodeT writes (reached from an output or a schema
//     root), a slice or map written whatever it holds and not nullable
//     (model.WritesEmpty), which encoding/json writes as null when nil:
//     the shadow writes nil as [] or {} (impl.EmptySlice, impl.EmptyMap),
//     as encoding/json/v2 does, and the decoder reads it back empty.
//
// The shadow is a field of the same JSON name one level shallower than
// the struct's own, so encoding/json's dominance rule picks it:
//
//	func (x Job) MarshalJSON() ([]byte, error) {
//		type plain Job
//		out := struct {
//			plain
//			UfShadow0 impl.Duration `json:"timeout"`
//			UfShadow1 *int               `json:"width,omitempty"`
//		}{plain: plain(x), UfShadow0: impl.Duration(x.Timeout)}
//		if x.Width != 800 {
//			out.UfShadow1 = &x.Width
//		}
//		return json.Marshal(out)
//	}
//
// A struct that embeds another gets a MarshalJSON field too (json:"-"),
// so that no MarshalJSON of an embedded struct is promoted over the lot.

// shadow is how a generated MarshalJSON writes one field.
type shadow struct {
	field *model.Field
	name  string     // UfShadowN
	typ   jen.Code   // the shadow field's Go type
	tag   string     // its json tag
	value jen.Code   // its value in the literal, or nil
	when  jen.Code   // set only when this holds (with set), or nil
	set   []jen.Code // statements that set out.UfShadowN under when
}

// shadows lists the fields of a struct that its MarshalJSON must write
// itself, in field order.
func shadows(st *model.Struct, id func(string) *jen.Statement) []shadow {
	var out []shadow
	for _, f := range st.Fields {
		if model.NeedsShadow(f) {
			out = append(out, shadowOf(f, len(out), id))
		}
	}
	return out
}

func shadowOf(f *model.Field, i int, id func(string) *jen.Statement) shadow {
	x := func() *jen.Statement { return id("x").Dot(strings.Join(f.GoPath, ".")) }
	s := shadow{field: f, name: "UfShadow" + strconv.Itoa(i)}
	t := f.Type
	typ, conv := durationConv(t)
	if typ == nil {
		typ = model.TypeCode(t)
	}
	opts := ""
	if f.JSONOptions != "" && !model.ForcedRequired(f) {
		opts = "," + f.JSONOptions
	}
	value := func() *jen.Statement {
		v := x()
		if conv != nil {
			v = conv(v)
		}
		if model.WritesEmpty(f) {
			// impl.EmptySlice(x.Tags), impl.EmptyMap(impl.DurationMap(x.Waits))
			empty := "EmptySlice"
			if t.Kind == model.KindMap {
				empty = "EmptyMap"
			}
			v = impl(empty).Call(v)
		}
		return v
	}
	switch {
	case !model.AppliesDefault(f) || (t.Kind == model.KindPointer && !f.Nullable):
		// A nil pointer is dropped, and reads back as the default;
		// decoding never gives nil there.
		s.typ, s.tag, s.value = typ, f.JSONName+opts, value()
	case t.Kind == model.KindPointer || ((t.Kind == model.KindSlice || t.Kind == model.KindMap) && f.Nullable):
		// Always written: nil as null.
		s.typ, s.tag, s.value = typ, f.JSONName, value()
	case t.Kind == model.KindSlice || t.Kind == model.KindMap:
		// Written unless nil, empty included.
		s.typ, s.tag = jen.Op("*").Add(typ), f.JSONName+",omitempty"
		s.when = model.WrittenWithDefault(f, x)
		s.set = []jen.Code{id("out").Dot(s.name).Op("=").Op("&").Add(x())}
		if conv != nil {
			s.set = []jen.Code{
				id("v").Op(":=").Add(value()),
				id("out").Dot(s.name).Op("=").Op("&").Add(id("v")),
			}
		}
	default:
		// A scalar: written unless it holds the default.
		s.typ, s.tag = jen.Op("*").Add(typ), f.JSONName+",omitempty"
		s.when = model.WrittenWithDefault(f, x)
		ptr := jen.Op("&").Add(x())
		if t.Kind == model.KindDuration {
			ptr = jen.Parens(jen.Op("*").Add(impl("Duration"))).Call(ptr)
		}
		s.set = []jen.Code{id("out").Dot(s.name).Op("=").Add(ptr)}
	}
	return s
}

// durationConv is the type a duration-holding field is written as, and
// the conversion to it; nil when the field holds no duration.
func durationConv(t *model.Type) (jen.Code, func(*jen.Statement) *jen.Statement) {
	call := func(name string) func(*jen.Statement) *jen.Statement {
		return func(c *jen.Statement) *jen.Statement { return impl(name).Call(c) }
	}
	switch {
	case t.Kind == model.KindDuration:
		return impl("Duration"), call("Duration")
	case t.Kind == model.KindPointer && t.Elem.Kind == model.KindDuration:
		return jen.Op("*").Add(impl("Duration")), func(c *jen.Statement) *jen.Statement {
			return jen.Parens(jen.Op("*").Add(impl("Duration"))).Call(c)
		}
	case t.Kind == model.KindSlice && t.Elem.Kind == model.KindDuration:
		return jen.Index().Add(impl("Duration")), call("Durations")
	case t.Kind == model.KindMap && t.Elem.Kind == model.KindDuration:
		return jen.Map(model.KeyCode(t)).Add(impl("Duration")), call("DurationMap")
	}
	return nil, nil
}

// marshalHider is the field a generated MarshalJSON's struct carries
// beside plain when the struct embeds another: it hides the MarshalJSON
// plain would have from that one (a variant's own, say), which
// encoding/json would otherwise call for all of it.
func marshalHider() jen.Code {
	return jen.Id("MarshalJSON").Struct().Tag(map[string]string{"json": "-"})
}

// emitShadowMarshal declares the MarshalJSON described above. A variant
// writes its discriminator too.
func (e *emitter) emitShadowMarshal(st *model.Struct) jen.Code {
	name := st.Name
	fields := []jen.Code{}
	var values []jen.Code
	var pre []jen.Code
	if v := st.Variant; v != nil {
		if v.Field != nil {
			field := e.dot("x", strings.Join(v.Field.GoPath, "."))
			pre = append(pre, jen.If(field.Clone().Op("==").Lit("")).Block(field.Clone().Op("=").Lit(v.Values[0])))
		} else {
			fields = append(fields, jen.Id("UnionflatTag").String().Tag(map[string]string{"json": v.Union.Discriminator}))
			values = append(values, jen.Id("UnionflatTag").Op(":").Lit(v.Values[0]))
		}
	}
	fields = append(fields, e.id("plain"))
	values = append(values, e.id("plain").Op(":").Add(e.id("plain")).Call(e.id("x")))
	if len(st.Embeds) > 0 {
		fields = append(fields, marshalHider())
	}
	if f := st.Inline; f != nil {
		// Shallower than plain's, it hides the union's field, which
		// MarshalInline writes into the same object.
		fields = append(fields, jen.Id("UfInline").Op("*").Struct().Tag(map[string]string{"json": f.JSONName + ",omitempty"}))
	}
	var sets []jen.Code
	for _, s := range shadows(st, e.id) {
		fields = append(fields, jen.Id(s.name).Add(s.typ).Tag(map[string]string{"json": s.tag}))
		if s.value != nil {
			values = append(values, jen.Id(s.name).Op(":").Add(s.value))
		}
		if s.when != nil {
			sets = append(sets, jen.If(s.when).Block(s.set...))
		}
	}
	body := append(pre, jen.Type().Add(e.id("plain")).Id(name))
	body = append(body, e.id("out").Op(":=").Struct(fields...).Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, values...))
	body = append(body, sets...)
	if f := st.Inline; f != nil {
		body = append(body, jen.Return(impl("MarshalInline").Call(e.id("out"), e.dot("x", strings.Join(f.GoPath, ".")))))
	} else {
		body = append(body, jen.Return(jen.Qual("encoding/json", "Marshal").Call(e.id("out"))))
	}
	doc := &jen.Statement{}
	for _, line := range marshalDoc(st) {
		doc.Comment(line).Line()
	}
	return doc.
		Func().Params(e.id("x").Id(name)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(body...)
}

// marshalDoc is the doc comment of a shadowing MarshalJSON, in lines.
func marshalDoc(st *model.Struct) []string {
	var what []string
	for _, s := range shadows(st, jen.Id) {
		if model.HoldsDuration(s.field.Type) && !slices.Contains(what, "durations in Go's duration syntax") {
			what = append(what, "durations in Go's duration syntax")
		}
		if model.AppliesDefault(s.field) && !slices.Contains(what, "a field with a default unless it holds the default") {
			what = append(what, "a field with a default unless it holds the default")
		}
		if model.ForcedRequired(s.field) && !slices.Contains(what, "a required field whatever it holds") {
			what = append(what, "a required field whatever it holds")
		}
		if model.WritesEmpty(s.field) && !slices.Contains(what, "a nil slice or map as empty") {
			what = append(what, "a nil slice or map as empty")
		}
	}
	head := "MarshalJSON writes " + withArticle(st.Name)
	if v := st.Variant; v != nil {
		head += fmt.Sprintf(" with its discriminator, %q: %q,", v.Union.Discriminator, v.Values[0])
	}
	if f := st.Inline; f != nil {
		what = append(what, fmt.Sprintf("the discriminator and fields of its inline %s in its own object", f.Type.Union.Name))
	}
	if len(what) == 0 {
		// Declared only to hide the MarshalJSON of a struct it embeds.
		return wrapComment(head + " as the object of its fields, not with the MarshalJSON of the struct it embeds.")
	}
	return wrapComment(head + " as its decoder reads it: " + strings.Join(what, ", and ") + ".")
}

// wrapComment breaks a sentence into lines of about 80 columns.
func wrapComment(text string) []string {
	var lines []string
	var line strings.Builder
	for w := range strings.FieldsSeq(text) {
		if line.Len() > 0 && line.Len()+1+len(w) > 80 {
			lines = append(lines, line.String())
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(w)
	}
	return append(lines, line.String())
}
