// Package classtest judges the generated code of random output types:
// gen's TestOutputClass writes packages of random types into a module
// of its own, copies this package there, and has every package's test
// call Run over a table of its roots.
//
// For each root, Run checks what issue 13 promises of every output type:
//
//   - every schema document compiles under santhosh-tekuri/jsonschema,
//     the flat and output documents pass the mcp lint and each profile
//     document the lint of its own profile;
//   - random Go values of the type, marshalled by encoding/json, validate
//     under the output schema, formats asserted;
//   - EncodeT refuses a value exactly when Validate does, and what it
//     returns validates under TSchema and the output schema;
//   - under openai-strict and anthropic-strict, what EncodeT wrote, as a
//     model writes it there, validates under the profile's document and
//     decodes to the same value;
//   - DecodeT reads back what EncodeT wrote, to a value equivalent to
//     the one encoded (see Equivalent) that passes Validate, which
//     encodes to the same bytes (see checkFixedPoint for the one
//     exception).
//
// It writes its counts as JSON to the file $OUTCLASS_COUNTS names.
package classtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/flatten/profile"
	"github.com/unionflat/unionflat/internal/schematest"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// Root is one output type of a generated package.
type Root struct {
	Name     string
	Output   string // <T>OutputSchema, "" when no tool names the type
	Schema   string // <T>Schema, "" when the type is not a //unionflat:schema root
	Flat     string // <T>FlatSchema, with Schema
	Profiles map[profile.Profile]string
	// Draw fills a value of the type.
	Draw     func(g *schematest.GoValues) any
	Encode   func(v any) ([]byte, error)
	Validate func(v any) error
	Decode   func(data []byte) (any, error) // nil without Schema
}

// Config is what a package's roots share.
type Config struct {
	// Variants are the zero values of every union's variants.
	Variants map[reflect.Type][]any
	// Strings are worth drawing often: enum values, formats' examples.
	Strings []string
	// Tame fixes fields to values near their rules' edges, by
	// "Type.Field"; Wild fixes only the variants' own discriminator
	// fields.
	Tame, Wild map[string][]any
	// Disc gives, by "Type.Field", the first value of a variant's own
	// discriminator field: MarshalJSON writes it for an empty field.
	Disc map[string]string
	// Values is how many values each generator draws per root.
	Values int
}

// Counts are what Run checked.
type Counts struct {
	Roots, Documents, Marshalled, NullDraws, Encoded, Refused, Decoded, StrictReplies int
}

// Run judges every root.
func Run(t *testing.T, cfg Config, roots []Root) {
	var c Counts
	for _, r := range roots {
		t.Run(r.Name, func(t *testing.T) {
			c.Roots++
			checkRoot(t, cfg, r, &c)
		})
	}
	t.Logf("%+v", c)
	schematest.SaveCounts(t, "OUTCLASS_COUNTS", c)
}

func checkRoot(t *testing.T, cfg Config, r Root, c *Counts) {
	judges := documents(t, r, c)
	seed := nameSeed(r.Name)
	wild := generator(cfg, seed, cfg.Wild, 3)
	for range cfg.Values {
		v := r.Draw(wild)
		checkMarshal(t, r, judges.output, v, c)
		checkEncode(t, cfg, r, judges, v, c)
	}
	tame := generator(cfg, seed+1, cfg.Tame, 25)
	for range cfg.Values {
		checkEncode(t, cfg, r, judges, r.Draw(tame), c)
	}
}

// generator draws values: nil one time in nilOneIn, the fields of fixed
// from their lists.
func generator(cfg Config, seed uint64, fixed map[string][]any, nilOneIn int) *schematest.GoValues {
	g := schematest.NewGoValues(seed, cfg.Variants)
	g.Strings = cfg.Strings
	g.Fields = fixed
	g.NilOneIn = nilOneIn
	g.MaxDepth = 5
	return g
}

func nameSeed(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// judges are a root's compiled documents.
type judges struct {
	output  *jsonschema.Schema   // nil without an output schema
	encoded []*jsonschema.Schema // what EncodeT's bytes must pass
	// strict are the openai-strict and anthropic-strict documents, by
	// profile: a reply written their way must validate and decode.
	strict map[profile.Profile]strictDoc
}

type strictDoc struct {
	schema *jsonschema.Schema
	doc    any
}

// documents compiles and lints every document of a root.
func documents(t *testing.T, r Root, c *Counts) judges {
	t.Helper()
	var j judges
	compile := func(name, doc string, p profile.Profile, skip string) *jsonschema.Schema {
		c.Documents++
		s, err := schematest.Compile([]byte(doc))
		if err != nil {
			t.Fatalf("%s of %s does not compile: %v\n%s", name, r.Name, err, doc)
		}
		findings, err := profile.Lint([]byte(doc), p)
		if err != nil {
			t.Fatalf("%s of %s: lint: %v", name, r.Name, err)
		}
		for _, f := range findings {
			if f.Rule != skip {
				t.Errorf("%s of %s under %s: %s", name, r.Name, p, f)
			}
		}
		return s
	}
	if r.Output != "" {
		j.output = compile("output schema", r.Output, profile.MCP, "")
		j.encoded = append(j.encoded, j.output)
	}
	if r.Schema != "" {
		j.encoded = append(j.encoded, schematest.Validator(t, []byte(r.Schema)))
		c.Documents++
		compile("flat schema", r.Flat, profile.MCP, "untyped")
	}
	j.strict = map[profile.Profile]strictDoc{}
	for _, p := range slices.Sorted(maps.Keys(r.Profiles)) {
		s := compile(string(p)+" schema", r.Profiles[p], p, "")
		if p == profile.OpenAIStrict || p == profile.AnthropicStrict {
			j.strict[p] = strictDoc{s, schematest.MustParse(t, []byte(r.Profiles[p]))}
		}
	}
	return j
}

// checkMarshal: what encoding/json writes for v validates under the
// output schema. A union holding nothing, or a nil pointer variant, is
// written as null, which no object schema takes: it is counted apart
// (EncodeT refuses it).
func checkMarshal(t *testing.T, r Root, output *jsonschema.Schema, v any, c *Counts) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json.Marshal(%#v): %v", v, err)
	}
	if string(data) == "null" {
		c.NullDraws++
		return
	}
	c.Marshalled++
	if output == nil {
		return
	}
	if err := output.Validate(schematest.MustParse(t, data)); err != nil {
		t.Errorf("the output schema of %s rejects what encoding/json writes:\n%s\n%v", r.Name, data, err)
	}
}

// checkEncode: EncodeT refuses v with the problems Validate reports, or
// returns bytes every judge accepts and DecodeT reads back.
func checkEncode(t *testing.T, cfg Config, r Root, j judges, v any, c *Counts) {
	t.Helper()
	data, err := r.Encode(v)
	verr := r.Validate(v)
	var errs *unionflat.Errors
	if err != nil && !errors.As(err, &errs) {
		t.Fatalf("Encode%s: %v, not a *unionflat.Errors", r.Name, err)
	}
	if (err == nil) != (verr == nil) || (err != nil && err.Error() != verr.Error()) {
		t.Fatalf("Encode%s and Validate disagree on %#v:\nencode: %v\nvalidate: %v", r.Name, v, err, verr)
	}
	if !schematest.CheckEncoded(t, r.Name, data, err, j.encoded...) {
		c.Refused++
		return
	}
	c.Encoded++
	if r.Decode == nil {
		return
	}
	back, err := r.Decode(data)
	if err != nil {
		t.Fatalf("Decode%s refuses what Encode%s wrote:\n%s\n%v", r.Name, r.Name, data, err)
	}
	c.Decoded++
	if err := r.Validate(back); err != nil {
		t.Errorf("Decode%s returns a value Validate refuses: %v\n%s", r.Name, err, data)
	}
	if why := Equivalent(reflect.ValueOf(v), reflect.ValueOf(back), cfg.Disc); why != "" {
		t.Errorf("Decode%s(Encode%s(v)) is not v: %s\n%s", r.Name, r.Name, why, data)
	}
	checkFixedPoint(t, r, data, back, cfg.Disc)
	for _, p := range slices.Sorted(maps.Keys(j.strict)) {
		checkStrictReply(t, r, p, j.strict[p], data, back, cfg.Disc, c)
	}
}

// checkStrictReply: what EncodeT wrote, as a model replies under a strict
// profile (openai-strict writes every absent key as null), validates
// under the profile's document and DecodeT reads it to the same value.
func checkStrictReply(t *testing.T, r Root, p profile.Profile, s strictDoc, data []byte, back any, disc map[string]string, c *Counts) {
	t.Helper()
	inst := schematest.WriteJSONText(s.doc, schematest.MustParse(t, data))
	if p == profile.OpenAIStrict {
		inst = schematest.FillNulls(s.doc, inst)
	}
	if err := s.schema.Validate(inst); err != nil {
		t.Errorf("the %s document of %s rejects a reply written its way:\n%s\n%v", p, r.Name, schematest.Marshal(inst), err)
		return
	}
	reply := schematest.Marshal(inst)
	got, err := r.Decode(reply)
	if err != nil {
		t.Errorf("Decode%s refuses a %s reply:\n%s\n%v", r.Name, p, reply, err)
		return
	}
	c.StrictReplies++
	same := Equivalent
	if p == profile.OpenAIStrict {
		same = EquivalentReply
	}
	if why := same(reflect.ValueOf(back), reflect.ValueOf(got), disc); why != "" {
		t.Errorf("Decode%s reads a %s reply to another value: %s\n%s", r.Name, p, why, reply)
	}
}

// checkFixedPoint: the decoded value encodes to the bytes it was read
// from, but where a nil pointer with a default was dropped and read back
// as the default, which is then written: from there on, encoding and
// decoding give back the same bytes and an equivalent value.
func checkFixedPoint(t *testing.T, r Root, data []byte, back any, disc map[string]string) {
	t.Helper()
	again, err := json.Marshal(back)
	if err != nil {
		t.Fatalf("json.Marshal of what Decode%s read: %v", r.Name, err)
	}
	if bytes.Equal(again, data) {
		return
	}
	next, err := r.Decode(again)
	if err != nil {
		t.Fatalf("Decode%s refuses what encoding/json wrote of a decoded value:\n%s\n%v", r.Name, again, err)
	}
	last, _ := json.Marshal(next)
	if why := Equivalent(reflect.ValueOf(back), reflect.ValueOf(next), disc); why != "" || !bytes.Equal(last, again) {
		t.Errorf("Decode%s then encoding/json is no fixed point:\n%s\n%s\n%s\n%s", r.Name, data, again, last, why)
	}
}

var (
	timeType = reflect.TypeFor[time.Time]()
	rawType  = reflect.TypeFor[json.RawMessage]()
)

// Equivalent says where a decoded value b differs from the value a that
// was encoded, or "" when it does not. It is reflect.DeepEqual but for
// what encoding/json cannot carry:
//
//   - a time is its instant and its offset (the zone's name is not
//     written);
//   - a json.RawMessage is its compacted text (encoding/json compacts it),
//     a nil one null;
//   - a nil and an empty slice or map are alike under omitempty (both are
//     dropped), and a nil one in a field written whatever it holds and not
//     nullable reads back empty (MarshalJSON writes it as [] or {}), and
//     so are a nil union and one holding a nil pointer (both
//     are written null, or dropped);
//   - a pointer to what is written as null (a nil slice, map, []byte or
//     pointer, a json.RawMessage that is nil or null) reads back as a nil
//     pointer, where null is allowed;
//   - a field tagged json:"-" is not written;
//   - a nil pointer with a default is dropped and reads back as a pointer
//     to the default (gen's doc: decoding never gives nil there);
//   - a variant's own discriminator field left empty reads back as its
//     first value (disc), which MarshalJSON writes for it.
func Equivalent(a, b reflect.Value, disc map[string]string) string {
	return equivalent("", a, b, false, eqConfig{disc: disc})
}

// EquivalentReply is Equivalent for a reply written as openai-strict has
// a model write it, every absent key null: an absent unionflat.Nullable
// reads back as null there.
func EquivalentReply(a, b reflect.Value, disc map[string]string) string {
	return equivalent("", a, b, false, eqConfig{disc: disc, absentAsNull: true})
}

// eqConfig is what Equivalent knows of the encoding: each variant's
// first discriminator value, by "Type.Field", and whether an absent key
// may have been sent as null.
type eqConfig struct {
	disc         map[string]string
	absentAsNull bool
}

func equivalent(path string, a, b reflect.Value, omitEmpty bool, eq eqConfig) string {
	return equivalentField(path, a, b, omitEmpty, false, eq)
}

// equivalentField is equivalent for a struct's field; writtenEmpty says
// a nil slice or map there is written as [] or {} (see writesEmpty).
func equivalentField(path string, a, b reflect.Value, omitEmpty, writtenEmpty bool, eq eqConfig) string {
	if a.Kind() == reflect.Interface {
		a, b = interfaceValue(a), interfaceValue(b)
		if !a.IsValid() || !b.IsValid() {
			if a.IsValid() != b.IsValid() {
				return fmt.Sprintf("%s: %v, read back as %v", path, a, b)
			}
			return ""
		}
	}
	if a.Type() != b.Type() {
		return fmt.Sprintf("%s: a %s, read back as a %s", path, a.Type(), b.Type())
	}
	switch {
	case a.Type() == timeType:
		ta, tb := a.Interface().(time.Time), b.Interface().(time.Time)
		_, oa := ta.Zone()
		_, ob := tb.Zone()
		if !ta.Equal(tb) || oa != ob {
			return fmt.Sprintf("%s: %v, read back as %v", path, ta, tb)
		}
		return ""
	case a.Type() == rawType:
		return equivalentRaw(path, a.Bytes(), b.Bytes())
	case schematest.IsNullable(a.Type()):
		return equivalentNullable(path, a, b, eq)
	}
	switch a.Kind() {
	case reflect.Pointer:
		if b.IsNil() && writtenNull(a) {
			return "" // null, which reads back as a nil pointer
		}
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return fmt.Sprintf("%s: nil is %v, read back nil is %v", path, a.IsNil(), b.IsNil())
			}
			return ""
		}
		return equivalent(path, a.Elem(), b.Elem(), false, eq)
	case reflect.Slice, reflect.Map:
		if a.IsNil() != b.IsNil() && !(omitEmpty && a.Len() == 0 && b.Len() == 0) && !(writtenEmpty && a.IsNil() && b.Len() == 0) {
			return fmt.Sprintf("%s: nil is %v, read back nil is %v", path, a.IsNil(), b.IsNil())
		}
		if a.Kind() == reflect.Map {
			return equivalentMap(path, a, b, eq)
		}
		fallthrough
	case reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d items, read back %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if why := equivalent(fmt.Sprintf("%s/%d", path, i), a.Index(i), b.Index(i), false, eq); why != "" {
				return why
			}
		}
		return ""
	case reflect.Struct:
		return equivalentStruct(path, a, b, eq)
	}
	if !reflect.DeepEqual(a.Interface(), b.Interface()) {
		return fmt.Sprintf("%s: %#v, read back as %#v", path, a.Interface(), b.Interface())
	}
	return ""
}

// writtenNull reports whether encoding/json writes v as null: a nil
// pointer, slice, map, []byte or any, a json.RawMessage that is nil or
// says null, or a pointer to one.
func writtenNull(v reflect.Value) bool {
	switch {
	case v.Type() == rawType:
		return v.IsNil() || bytes.Equal(bytes.TrimSpace(v.Bytes()), []byte("null"))
	case v.Kind() == reflect.Pointer:
		return v.IsNil() || writtenNull(v.Elem())
	case v.Kind() == reflect.Slice, v.Kind() == reflect.Map, v.Kind() == reflect.Interface:
		return v.IsNil()
	}
	return false
}

// interfaceValue is what a union holds, invalid for nothing or a nil
// pointer.
func interfaceValue(v reflect.Value) reflect.Value {
	if v.IsNil() {
		return reflect.Value{}
	}
	e := v.Elem()
	if e.Kind() == reflect.Pointer && e.IsNil() {
		return reflect.Value{}
	}
	return e
}

func equivalentRaw(path string, a, b []byte) string {
	compact := func(raw []byte) string {
		if raw == nil {
			return "null"
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, raw); err != nil {
			return "invalid " + string(raw)
		}
		return buf.String()
	}
	if ca, cb := compact(a), compact(b); ca != cb {
		return fmt.Sprintf("%s: raw %s, read back as %s", path, ca, cb)
	}
	return ""
}

func equivalentMap(path string, a, b reflect.Value, eq eqConfig) string {
	if a.Len() != b.Len() {
		return fmt.Sprintf("%s: %d entries, read back %d", path, a.Len(), b.Len())
	}
	for _, k := range a.MapKeys() {
		bv := b.MapIndex(k)
		if !bv.IsValid() {
			return fmt.Sprintf("%s: key %q not read back", path, k.String())
		}
		if why := equivalent(path+"/"+k.String(), a.MapIndex(k), bv, false, eq); why != "" {
			return why
		}
	}
	return ""
}

func equivalentStruct(path string, a, b reflect.Value, eq eqConfig) string {
	t := a.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if !f.IsExported() || tag == "-" {
			continue
		}
		opts := strings.Split(tag, ",")
		omitEmpty := slices.Contains(opts[1:], "omitempty")
		fa, fb := a.Field(i), b.Field(i)
		if fa.Kind() == reflect.Pointer && fa.IsNil() && strings.Contains(f.Tag.Get("jsonschema"), "default=") {
			continue // dropped, and read back as the default
		}
		if first, ok := eq.disc[t.Name()+"."+f.Name]; ok && fa.String() == "" {
			if fb.String() != first {
				return fmt.Sprintf("%s/%s: empty discriminator read back as %q, want %q", path, f.Name, fb.String(), first)
			}
			continue
		}
		if why := equivalentField(path+"/"+f.Name, fa, fb, omitEmpty, writesEmpty(f), eq); why != "" {
			return why
		}
	}
	return ""
}

// writesEmpty reports whether a generated MarshalJSON writes a nil slice
// or map in field f as [] or {}: a slice (not []byte or json.RawMessage)
// or a map, not nullable, written whatever it holds (no omitempty or
// omitzero, or jsonschema:"required" forcing it). Every struct an output
// class draws is reached from an output, where gen's model.WritesEmpty
// holds for such a field.
func writesEmpty(f reflect.StructField) bool {
	t := f.Type
	if t == rawType || t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
		return false
	}
	if t.Kind() != reflect.Slice && t.Kind() != reflect.Map {
		return false
	}
	rules := strings.Split(f.Tag.Get("jsonschema"), ",")
	if slices.Contains(rules, "nullable") || slices.ContainsFunc(rules, func(r string) bool { return strings.HasPrefix(r, "default=") }) {
		return false
	}
	opts := strings.Split(f.Tag.Get("json"), ",")[1:]
	return slices.Contains(rules, "required") || !slices.Contains(opts, "omitempty") && !slices.Contains(opts, "omitzero")
}

// equivalentNullable compares two unionflat.Nullable values: the same
// state, and equivalent values; a value encoding/json writes as null (a
// nil slice, map or union) reads back as null, and under absentAsNull an
// absent one may read back as null.
func equivalentNullable(path string, a, b reflect.Value, eq eqConfig) string {
	state := func(v reflect.Value) (present, null bool, x reflect.Value) {
		present = v.MethodByName("Present").Call(nil)[0].Bool()
		null = v.MethodByName("IsNull").Call(nil)[0].Bool()
		return present, null, v.MethodByName("Get").Call(nil)[0]
	}
	pa, na, xa := state(a)
	pb, nb, xb := state(b)
	name := func(present, null bool) string {
		switch {
		case !present:
			return "absent"
		case null:
			return "null"
		}
		return "a value"
	}
	switch {
	case !pa && !pb, na && nb:
		return ""
	case !pa && nb && eq.absentAsNull:
		return ""
	case pa && !na && nb && (writtenNull(xa) || xa.Kind() == reflect.Interface && !interfaceValue(xa).IsValid()):
		return "" // a value written as null
	case pa != pb || na != nb:
		return fmt.Sprintf("%s: %s, read back as %s", path, name(pa, na), name(pb, nb))
	}
	return equivalent(path, xa, xb, false, eq)
}
