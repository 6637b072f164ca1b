package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/invopop/jsonschema"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/internal/jsontext"
)

// marshalSchema writes a schema document as json.Marshal does, byte for
// byte, without its cost: invopop's Schema.MarshalJSON compares every
// node with an empty Schema by reflection and marshals each through
// encoding/json, which then compacts the bytes again at every level
// above, so the document's text was most of building a schema. Here each
// keyword is written once, in the order of invopop's Schema fields,
// omitted as omitempty omits it, and Extras merged after them as
// MarshalJSON merges them. Values of type any (const, enum, default,
// examples, extras) are json.Marshal's own.
func marshalSchema(s *jsonschema.Schema) ([]byte, error) {
	if booleanField < 0 {
		return json.Marshal(s)
	}
	return appendSchema(nil, s, "", 0)
}

// marshalSchemaIndented writes a schema document as
// flatten.Reformat(marshalSchema(s), indent) does, byte for byte, without
// reading the compact text back: each level indented once more, a space
// after each colon, strings as flatten writes them (non-ASCII text as
// UTF-8, see appendFlattenString), and a line break at the end. It
// refuses what Reformat refuses: a key twice in one object (an extra
// with a keyword's name) and, in the values of type any, invalid UTF-8.
func marshalSchemaIndented(s *jsonschema.Schema, indent string) ([]byte, error) {
	if booleanField < 0 || indent == "" {
		raw, err := marshalSchema(s)
		if err != nil {
			return nil, err
		}
		return flatten.Reformat(raw, indent)
	}
	scratch := schemaBuffers.Get().(*[]byte)
	defer schemaBuffers.Put(scratch)
	b, err := appendSchema((*scratch)[:0], s, indent, 0)
	*scratch = b
	if err != nil {
		return nil, err
	}
	return append(slices.Clip(slices.Clone(b)), '\n'), nil
}

// schemaBuffers hold the buffers marshalSchemaIndented writes a document
// in before copying it out, so that a document costs one allocation of
// its size, not every size it grows through.
var schemaBuffers = sync.Pool{New: func() any { return new([]byte) }}

// appendSchema appends one schema at depth levels of indentation: true
// or false for a boolean schema, true for an empty one, else its object.
// With no indent it writes as json.Marshal does; with one, as
// marshalSchemaIndented does.
func appendSchema(b []byte, s *jsonschema.Schema, indent string, depth int) ([]byte, error) {
	switch {
	case s == nil:
		return append(b, "null"...), nil
	case isBooleanSchema(s):
		v, err := json.Marshal(s)
		return append(b, v...), err
	case isZeroSchema(s):
		return append(b, "true"...), nil
	}
	o := objectWriter{b: append(b, '{'), indent: indent, depth: depth}
	if indent != "" && len(s.Extras) > 0 {
		o.keys = make([]string, 0, 8)
	}
	o.str("$schema", s.Version)
	o.str("$id", string(s.ID))
	o.str("$anchor", s.Anchor)
	o.str("$ref", s.Ref)
	o.str("$dynamicRef", s.DynamicRef)
	o.schemaMap("$defs", s.Definitions)
	o.str("$comment", s.Comments)
	o.schemas("allOf", s.AllOf)
	o.schemas("anyOf", s.AnyOf)
	o.schemas("oneOf", s.OneOf)
	o.schema("not", s.Not)
	o.schema("if", s.If)
	o.schema("then", s.Then)
	o.schema("else", s.Else)
	o.schemaMap("dependentSchemas", s.DependentSchemas)
	o.schemas("prefixItems", s.PrefixItems)
	o.schema("items", s.Items)
	o.schema("contains", s.Contains)
	o.properties(s)
	o.schemaMap("patternProperties", s.PatternProperties)
	o.schema("additionalProperties", s.AdditionalProperties)
	o.schema("propertyNames", s.PropertyNames)
	o.str("type", s.Type)
	if len(s.Enum) > 0 {
		o.value("enum", s.Enum)
	}
	if s.Const != nil {
		o.value("const", s.Const)
	}
	o.number("multipleOf", s.MultipleOf)
	o.number("maximum", s.Maximum)
	o.number("exclusiveMaximum", s.ExclusiveMaximum)
	o.number("minimum", s.Minimum)
	o.number("exclusiveMinimum", s.ExclusiveMinimum)
	o.uint("maxLength", s.MaxLength)
	o.uint("minLength", s.MinLength)
	o.str("pattern", s.Pattern)
	o.uint("maxItems", s.MaxItems)
	o.uint("minItems", s.MinItems)
	o.bool("uniqueItems", s.UniqueItems)
	o.uint("maxContains", s.MaxContains)
	o.uint("minContains", s.MinContains)
	o.uint("maxProperties", s.MaxProperties)
	o.uint("minProperties", s.MinProperties)
	if len(s.Required) > 0 {
		o.key("required")
		o.strings(s.Required)
	}
	if len(s.DependentRequired) > 0 {
		o.value("dependentRequired", s.DependentRequired)
	}
	o.str("format", s.Format)
	o.str("contentEncoding", s.ContentEncoding)
	o.str("contentMediaType", s.ContentMediaType)
	o.schema("contentSchema", s.ContentSchema)
	o.str("title", s.Title)
	o.str("description", s.Description)
	if s.Default != nil {
		o.value("default", s.Default)
	}
	o.bool("deprecated", s.Deprecated)
	o.bool("readOnly", s.ReadOnly)
	o.bool("writeOnly", s.WriteOnly)
	if len(s.Examples) > 0 {
		o.value("examples", s.Examples)
	}
	if len(s.Extras) > 0 {
		// As MarshalJSON does: the extras' own object, its keys sorted,
		// after the fields.
		o.extras(s.Extras)
	}
	if o.err != nil {
		return nil, o.err
	}
	return o.close(), nil
}

// isBooleanSchema reports whether s is true or false written as a
// schema (jsonschema.TrueSchema, FalseSchema or a copy), which only
// invopop's own MarshalJSON can tell from an empty schema.
func isBooleanSchema(s *jsonschema.Schema) bool {
	return s == jsonschema.TrueSchema || s == jsonschema.FalseSchema ||
		!reflect.ValueOf(s).Elem().Field(booleanField).IsNil()
}

// booleanField is the index of Schema's unexported field that makes it
// a boolean schema, or -1 in a version of invopop/jsonschema without it,
// where marshalSchema leaves the document to json.Marshal.
var booleanField = func() int {
	f, ok := reflect.TypeFor[jsonschema.Schema]().FieldByName("boolean")
	if !ok || f.Type.Kind() != reflect.Pointer || len(f.Index) != 1 {
		return -1
	}
	return f.Index[0]
}()

// isZeroSchema reports whether s is the zero Schema, which MarshalJSON
// writes as true: every field zero, a slice or map empty but not nil
// included.
func isZeroSchema(s *jsonschema.Schema) bool {
	return reflect.ValueOf(s).Elem().IsZero()
}

// objectWriter appends the members of one JSON object, the first error
// kept: compact, as json.Marshal writes them, or with an indent, as
// marshalSchemaIndented does.
type objectWriter struct {
	b      []byte
	first  bool // a member is written
	err    error
	indent string   // "" for compact
	depth  int      // the object's own level of indentation
	keys   []string // the keys written, kept (when not nil) to find an extra's twin
}

// newline starts a line at depth levels of indentation, if indented.
func (o *objectWriter) newline(depth int) {
	if o.indent == "" {
		return
	}
	o.b = append(o.b, '\n')
	for range depth {
		o.b = append(o.b, o.indent...)
	}
}

func (o *objectWriter) key(k string) {
	if o.first {
		o.b = append(o.b, ',')
	}
	o.first = true
	o.newline(o.depth + 1)
	o.b = o.string(o.b, k)
	o.b = append(o.b, ':')
	if o.indent != "" {
		o.b = append(o.b, ' ')
		if o.keys != nil {
			o.keys = append(o.keys, k)
		}
	}
}

// close ends the object and returns its bytes.
func (o *objectWriter) close() []byte {
	if o.first {
		o.newline(o.depth)
	}
	return append(o.b, '}')
}

// string appends s as this writer writes strings.
func (o *objectWriter) string(b []byte, s string) []byte {
	if o.indent == "" {
		return appendJSONString(b, s)
	}
	return appendFlattenString(b, s)
}

// inner is a writer for an object that is the value of a member of o.
func (o *objectWriter) inner() objectWriter {
	return objectWriter{b: append(o.b, '{'), indent: o.indent, depth: o.depth + 1}
}

func (o *objectWriter) str(k, v string) {
	if v != "" {
		o.key(k)
		o.b = o.string(o.b, v)
	}
}

func (o *objectWriter) bool(k string, v bool) {
	if v {
		o.key(k)
		o.b = append(o.b, "true"...)
	}
}

func (o *objectWriter) uint(k string, v *uint64) {
	if v != nil {
		o.key(k)
		o.b = strconv.AppendUint(o.b, *v, 10)
	}
}

// number writes a json.Number as json.Marshal does: as written when it
// is a JSON number, else json.Marshal's error.
func (o *objectWriter) number(k string, v json.Number) {
	if v == "" {
		return
	}
	if !isJSONNumber(string(v)) {
		o.value(k, v)
		return
	}
	o.key(k)
	o.b = append(o.b, v...)
}

func (o *objectWriter) schema(k string, s *jsonschema.Schema) {
	if s != nil && o.err == nil {
		o.key(k)
		o.b, o.err = appendSchema(o.b, s, o.indent, o.depth+1)
	}
}

func (o *objectWriter) schemas(k string, list []*jsonschema.Schema) {
	if len(list) == 0 || o.err != nil {
		return
	}
	o.key(k)
	o.b = append(o.b, '[')
	for i, s := range list {
		if i > 0 {
			o.b = append(o.b, ',')
		}
		o.newline(o.depth + 2)
		if o.b, o.err = appendSchema(o.b, s, o.indent, o.depth+2); o.err != nil {
			return
		}
	}
	o.newline(o.depth + 1)
	o.b = append(o.b, ']')
}

// strings writes a list of strings.
func (o *objectWriter) strings(list []string) {
	o.b = append(o.b, '[')
	for i, s := range list {
		if i > 0 {
			o.b = append(o.b, ',')
		}
		o.newline(o.depth + 2)
		o.b = o.string(o.b, s)
	}
	o.newline(o.depth + 1)
	o.b = append(o.b, ']')
}

// schemaMap writes a map of schemas with its keys sorted, as
// encoding/json writes a map.
func (o *objectWriter) schemaMap(k string, m map[string]*jsonschema.Schema) {
	if len(m) == 0 || o.err != nil {
		return
	}
	o.key(k)
	inner := o.inner()
	keys := make([]string, 0, len(m))
	for name := range m {
		keys = append(keys, name)
	}
	slices.Sort(keys)
	for _, name := range keys {
		inner.key(name)
		if inner.b, inner.err = appendSchema(inner.b, m[name], o.indent, inner.depth+1); inner.err != nil {
			break
		}
	}
	o.b, o.err = inner.close(), inner.err
}

// properties writes the ordered properties in their order (an empty map,
// which may be uninitialized and then writes null, as json.Marshal
// writes it).
func (o *objectWriter) properties(s *jsonschema.Schema) {
	if s.Properties == nil || o.err != nil {
		return
	}
	if s.Properties.Len() == 0 {
		o.value("properties", s.Properties)
		return
	}
	o.key("properties")
	inner := o.inner()
	for p := s.Properties.Oldest(); p != nil; p = p.Next() {
		inner.key(p.Key)
		if inner.b, inner.err = appendSchema(inner.b, p.Value, o.indent, inner.depth+1); inner.err != nil {
			break
		}
	}
	o.b, o.err = inner.close(), inner.err
}

// value writes any value as json.Marshal does, or, indented, as
// flatten.Reformat rewrites json.Marshal's text.
func (o *objectWriter) value(k string, v any) {
	if o.err != nil {
		return
	}
	text, err := o.marshal(v, o.depth+1)
	if err != nil {
		o.err = err
		return
	}
	o.key(k)
	o.b = append(o.b, text...)
}

// marshal is json.Marshal's text of v, or, indented, that text as
// flatten.Reformat rewrites it, at depth levels of indentation (a string
// holds no line break, so each line break of the text starts a line).
func (o *objectWriter) marshal(v any, depth int) ([]byte, error) {
	if text, ok := o.simpleValue(v, depth); ok {
		return text, nil
	}
	text, err := json.Marshal(v)
	if err != nil || o.indent == "" {
		return text, err
	}
	if text, err = flatten.Reformat(text, o.indent); err != nil {
		return nil, err
	}
	text = text[:len(text)-1] // Reformat's closing line break
	if depth == 0 || bytes.IndexByte(text, '\n') < 0 {
		return text, nil
	}
	return bytes.ReplaceAll(text, []byte{'\n'}, append([]byte{'\n'}, bytes.Repeat([]byte(o.indent), depth)...)), nil
}

// simpleValue writes, indented, the values the schemas of Go types hold
// most (a string, a JSON number, a list of those, true, false or null)
// as marshal would, without reading json.Marshal's text back; it says
// false for any other value, and for any compact writer.
func (o *objectWriter) simpleValue(v any, depth int) ([]byte, bool) {
	if o.indent == "" {
		return nil, false
	}
	if b, ok := o.scalar(nil, v); ok {
		return b, true
	}
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return nil, false
	}
	w := objectWriter{b: []byte{'['}, indent: o.indent}
	for i, item := range list {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.newline(depth + 1)
		if w.b, ok = w.scalar(w.b, item); !ok {
			return nil, false
		}
	}
	w.newline(depth)
	return append(w.b, ']'), true
}

// scalar appends a string, a JSON number, true, false or null as
// flatten writes it, or says false for any other value.
func (o *objectWriter) scalar(b []byte, v any) ([]byte, bool) {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), true
	case bool:
		return strconv.AppendBool(b, v), true
	case string:
		return appendFlattenString(b, v), true
	case json.Number:
		if isJSONNumber(string(v)) {
			return append(b, v...), true
		}
	}
	return nil, false
}

// extras merges the extras' object into the one being written.
func (o *objectWriter) extras(m map[string]any) {
	if o.err != nil {
		return
	}
	text, err := o.marshal(m, o.depth)
	if err != nil {
		o.err = err
		return
	}
	if o.indent != "" {
		for k := range m {
			if slices.Contains(o.keys, k) {
				o.err = fmt.Errorf("duplicate key %q", k)
				return
			}
		}
		// {, the members' lines, and the closing line break and }.
		text = text[1 : len(text)-1-o.depth*len(o.indent)-1]
	} else {
		text = text[1 : len(text)-1]
	}
	if o.first {
		o.b = append(o.b, ',')
	}
	o.first = true
	o.b = append(o.b, text...)
}

// appendJSONString writes s as a JSON string as json.Marshal does: ", \
// and control characters escaped (\n, \r, \t, \b, \f by name, others as
// \u00XX), <, > and & as \u003c, \u003e and \u0026, U+2028 and U+2029
// as \u2028 and \u2029, and each byte of invalid UTF-8 as \ufffd.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendFlattenString writes s as a JSON string as flatten writes it
// after reading json.Marshal's text of it: as jsontext.AppendString
// writes it, each byte of invalid UTF-8 taken as U+FFFD (json.Marshal
// writes \ufffd for each).
func appendFlattenString(b []byte, s string) []byte {
	if !utf8.ValidString(s) {
		var valid []byte
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			valid = utf8.AppendRune(valid, r) // RuneError for an invalid byte
			i += size
		}
		s = string(valid)
	}
	return jsontext.AppendString(b, s)
}
