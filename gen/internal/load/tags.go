package load

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// jsonTag is a field's `json:"..."` tag.
type jsonTag struct {
	Name      string
	Skip      bool // json:"-"
	OmitEmpty bool // omitempty or omitzero
	String    bool // the ,string option
	Tagged    bool // a name was given
	Inline    bool // the inline option: a union merged into the parent's object

	// Options is what follows the name, as written ("omitempty").
	Options string
}

func parseJSONTag(tag reflect.StructTag) jsonTag {
	raw, ok := tag.Lookup("json")
	if !ok {
		return jsonTag{}
	}
	if raw == "-" {
		return jsonTag{Skip: true}
	}
	name, opts, _ := strings.Cut(raw, ",")
	t := jsonTag{Name: name, Tagged: name != "", Options: opts}
	for opt := range strings.SplitSeq(opts, ",") {
		switch opt {
		case "omitempty", "omitzero":
			t.OmitEmpty = true
		case "string":
			t.String = true
		case "inline":
			t.Inline = true
		}
	}
	return t
}

// tagItem is one comma-separated item of a `jsonschema:"..."` tag: a
// key=value pair or a bare flag.
type tagItem struct {
	Key   string
	Value string
	Flag  bool
}

// splitSchemaTag splits the invopop grammar: items separated by commas
// that are not escaped as `\,`.
func splitSchemaTag(tag string) []tagItem {
	if tag == "" {
		return nil
	}
	var items []tagItem
	var cur strings.Builder
	flush := func() {
		s := cur.String()
		cur.Reset()
		if s == "" {
			return
		}
		if k, v, ok := strings.Cut(s, "="); ok {
			items = append(items, tagItem{Key: k, Value: v})
		} else {
			items = append(items, tagItem{Key: s, Flag: true})
		}
	}
	for i := 0; i < len(tag); i++ {
		switch {
		case tag[i] == '\\' && i+1 < len(tag) && tag[i+1] == ',':
			cur.WriteByte(',')
			i++
		case tag[i] == ',':
			flush()
		default:
			cur.WriteByte(tag[i])
		}
	}
	flush()
	return items
}

// schemaFlags are the bare flags of the invopop grammar.
var schemaFlags = map[string]bool{"required": true, "nullable": true, "-": true}

// keyFirst matches a tag that starts with a key=: no space before the
// first =, the test google/jsonschema-go applies to refuse such a tag.
var keyFirst = regexp.MustCompile(`^[^ \t\n]*=`)

// oneWord matches an item of one word of letters.
var oneWord = regexp.MustCompile(`^[A-Za-z]+$`)

// isDescriptionTag reports whether a jsonschema tag is written in go-sdk's
// style, where the whole tag is the property's description, as
// google/jsonschema-go reads it: it does not start with key=, and its
// first item is not one of invopop's flags (required, nullable, -, which
// mean the flags here). One word (jsonschema:"radius") is a description
// too.
func isDescriptionTag(tag string) bool {
	if tag == "" || keyFirst.MatchString(tag) {
		return false
	}
	first, _, _ := strings.Cut(tag, ",")
	return !schemaFlags[first]
}

// unknownFlag is the sentence for a bare item of a tag read as invopop's
// grammar that is no flag. Words there were most likely meant as a
// description, which that grammar writes description=: the sentence
// shows the tag so written.
func unknownFlag(it tagItem, first bool, tag string) *problem {
	msg := fmt.Sprintf("unknown jsonschema flag %q (want required, nullable or -)", it.Key)
	text := strings.TrimSpace(it.Key)
	switch {
	case strings.ContainsAny(text, " \t"):
		msg = fmt.Sprintf("unknown jsonschema flag %q: a tag that starts with a flag or a key= is read as invopop's grammar, where a description is written description=: jsonschema:%q",
			it.Key, strings.Replace(tag, it.Key, "description="+text, 1))
	case first && oneWord.MatchString(it.Key):
		msg += fmt.Sprintf(": a one-word description is written description=%s", it.Key)
	}
	return &problem{msg: msg}
}

// cutPattern is the sentence for unknown flags that follow a pattern=:
// the pattern's commas split the tag, and must be escaped.
func cutPattern(pattern string, cut []string) *problem {
	quoted := make([]string, len(cut))
	for i, c := range cut {
		quoted[i] = strconv.Quote(c)
	}
	word := "flag"
	if len(cut) > 1 {
		word = "flags"
	}
	return problemf("unknown jsonschema %s %s after pattern=%s: if that is the rest of the pattern, escape its commas as \\\\, in the Go tag: pattern=%s",
		word, strings.Join(quoted, ", "), pattern, strings.Join(append([]string{pattern}, cut...), `\\,`))
}

// fieldLevelKeys are the jsonschema tag keys that apply to a slice, array
// or map field itself; every other key applies to its elements, as invopop
// does.
var fieldLevelKeys = map[string]bool{
	"title": true, "description": true, "minItems": true, "maxItems": true,
	"uniqueItems": true, "default": true, "readOnly": true, "writeOnly": true,
	"deprecated": true,
}

// unionKeys are invopop keys for hand-written unions; unionflat declares
// unions with interfaces instead.
var unionKeys = map[string]bool{
	"oneof_required": true, "anyof_required": true, "oneof_ref": true,
	"anyof_ref": true, "oneof_type": true, "anyof_type": true,
}

// scalar says what JSON literals a rule's value must be for a type.
type scalar int

const (
	scalarNone scalar = iota // structs, unions, containers
	ScalarString
	scalarInteger
	scalarNumber
	scalarBool
)

func ScalarOf(t *model.Type) scalar {
	switch t.JSONType() {
	case "string":
		return ScalarString
	case "integer":
		return scalarInteger
	case "number":
		return scalarNumber
	case "boolean":
		return scalarBool
	}
	return scalarNone
}

// applyRule sets one tag key on r for a value of type t, or says what is
// wrong with it.
func applyRule(r *model.Rules, it tagItem, t *model.Type) *problem {
	t = model.DerefType(t)
	if t.Kind == model.KindDuration {
		if handled, p := durationRule(r, it); handled {
			return p
		}
	}
	if p := textOfValueRule(it, t); p != nil {
		return p
	}
	switch it.Key {
	case "title", "description", "readOnly", "writeOnly", "deprecated":
		return annotationRule(r, it)
	case "minLength", "maxLength", "pattern", "format":
		if it.Key == "format" && t.Kind == model.KindTime && it.Value != "date-time" {
			return problemf("jsonschema format %q describes no time.Time: encoding/json writes one as an RFC 3339 date-time; drop the format, or use a string field", it.Value)
		}
		return stringRule(r, it, ScalarOf(t))
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
		return numberRule(r, it, ScalarOf(t))
	case "minItems", "maxItems", "uniqueItems":
		return itemsRule(r, it, t)
	case "enum", "const", "example":
		return literalRule(r, it, ScalarOf(t))
	case "default":
		return defaultRule(r, it, t)
	}
	if unionKeys[it.Key] {
		return problemf("jsonschema key %q is not supported: declare the union as a //unionflat:union interface", it.Key)
	}
	return unknownKey(it.Key)
}

// textOfValueRule refuses a rule on the text a time.Time or a []byte is
// written as (its RFC 3339 date-time, its base64): the decoder and
// Validate read the value, not that text, so the rule would stand in the
// schema unchecked (found by an outside try).
func textOfValueRule(it tagItem, t *model.Type) *problem {
	switch it.Key {
	case "minLength", "maxLength", "pattern", "enum", "const":
	default:
		return nil
	}
	switch t.Kind {
	case model.KindTime:
		return problemf("jsonschema key %q does not apply to a time.Time: it would judge the RFC 3339 text, which no decoder checks; drop it, or bound the time in your handler", it.Key)
	case model.KindBytes:
		return problemf("jsonschema key %q does not apply to a []byte: it would judge the base64 text, which no decoder checks; drop it, or check the bytes in your handler", it.Key)
	}
	return nil
}

// tagKeys are the keys of the jsonschema tag applyRule reads, for the
// suggestion of unknownKey.
var tagKeys = []string{"title", "description", "readOnly", "writeOnly", "deprecated", "minLength", "maxLength",
	"pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems",
	"maxItems", "uniqueItems", "enum", "const", "example", "default"}

// unknownKey is the sentence for a key the jsonschema tag does not take:
// with the key meant, when one is a letter or two away (enun is enum), or
// what to do instead.
func unknownKey(key string) *problem {
	switch key {
	case "type":
		return problemf("unknown jsonschema key %q: the JSON type comes from the field's Go type; take type out", key)
	case "anchor", "$anchor", "$id", "$ref", "$defs":
		return problemf("unknown jsonschema key %q: unionflat names and references schemas itself; take %s out", key, key)
	}
	best, dist := "", 3
	for _, k := range tagKeys {
		if d := editDistance(strings.ToLower(key), strings.ToLower(k)); d < dist {
			best, dist = k, d
		}
	}
	if best != "" {
		return problemf("unknown jsonschema key %q: did you mean %s?", key, best)
	}
	return problemf("unknown jsonschema key %q (want one of %s, or an annotation in jsonschema_extras such as x-%s)", key, strings.Join(tagKeys, ", "), strings.TrimPrefix(key, "$"))
}

// editDistance is the number of single-letter edits between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// annotationRule sets a key that describes a value without constraining
// it: title, description, readOnly, writeOnly, deprecated.
func annotationRule(r *model.Rules, it tagItem) *problem {
	switch it.Key {
	case "title":
		r.Title = it.Value
	case "description":
		r.Description = it.Value
	case "readOnly":
		return boolValue(it, &r.ReadOnly)
	case "writeOnly":
		return boolValue(it, &r.WriteOnly)
	case "deprecated":
		return boolValue(it, &r.Deprecated)
	}
	return nil
}

// stringRule sets a key of a string value: minLength, maxLength, pattern
// (which must compile as RE2) and format (one the decoders check).
func stringRule(r *model.Rules, it tagItem, sc scalar) *problem {
	if p := wrongKind(it, sc, ScalarString, "string"); p != nil {
		return p
	}
	switch it.Key {
	case "minLength":
		return uintValue(it, &r.MinLength)
	case "maxLength":
		return uintValue(it, &r.MaxLength)
	case "pattern":
		if _, err := regexp.Compile(it.Value); err != nil {
			return problemf("jsonschema pattern %q does not compile as RE2: %v", it.Value, err)
		}
		r.Pattern = it.Value
	case "format":
		if !knownFormats[it.Value] {
			return problemf("jsonschema format %q is not one unionflat checks (%s): use one of those, or keep the word as an annotation with jsonschema_extras:\"x-format=%s\"", it.Value, formatList(), it.Value)
		}
		r.Format = it.Value
	}
	return nil
}

// numberRule sets a bound of a number: minimum, maximum, their exclusive
// forms, and multipleOf, which must be greater than 0.
func numberRule(r *model.Rules, it tagItem, sc scalar) *problem {
	if p := wrongKind(it, sc, scalarNumber, "number"); p != nil {
		return p
	}
	if !isJSONNumber(it.Value) {
		return problemf("jsonschema %s=%q: want a number", it.Key, it.Value)
	}
	if it.Key == "multipleOf" {
		if m, _ := new(big.Rat).SetString(it.Value); m.Sign() <= 0 {
			return problemf("jsonschema multipleOf=%q: want a number greater than 0", it.Value)
		}
	}
	*numberField(r, it.Key) = it.Value
	return nil
}

// numberField is where the value of a numeric key goes, or nil for
// another key.
func numberField(r *model.Rules, key string) *string {
	switch key {
	case "minimum":
		return &r.Minimum
	case "maximum":
		return &r.Maximum
	case "exclusiveMinimum":
		return &r.ExclMinimum
	case "exclusiveMaximum":
		return &r.ExclMaximum
	case "multipleOf":
		return &r.MultipleOf
	}
	return nil
}

// itemsRule sets a key of a slice or array: minItems, maxItems,
// uniqueItems.
func itemsRule(r *model.Rules, it tagItem, t *model.Type) *problem {
	if t.Kind != model.KindSlice && t.Kind != model.KindArray {
		return problemf("jsonschema key %q applies to slice and array fields: drop it from this one", it.Key)
	}
	switch it.Key {
	case "minItems":
		return uintValue(it, &r.MinItems)
	case "maxItems":
		return uintValue(it, &r.MaxItems)
	}
	return boolValue(it, &r.UniqueItems)
}

// literalRule adds a value the field may take: enum (repeatable), const,
// example (repeatable), each a literal of the field's own kind.
func literalRule(r *model.Rules, it tagItem, sc scalar) *problem {
	lit, p := literalFor(it.Value, sc)
	if p != nil {
		return p.in(fmt.Sprintf("jsonschema %s=%q", it.Key, it.Value))
	}
	switch it.Key {
	case "enum":
		r.Enum = append(r.Enum, lit)
	case "const":
		r.Const = lit
	case "example":
		r.Examples = append(r.Examples, lit)
	}
	return nil
}

// defaultRule sets the default. As in invopop, default on a slice or
// array field is repeatable, one item each, and builds an array.
func defaultRule(r *model.Rules, it tagItem, t *model.Type) *problem {
	array := t.Kind == model.KindSlice || t.Kind == model.KindArray
	sc := ScalarOf(t)
	if array {
		sc = ScalarOf(t.Elem)
	}
	lit, p := literalFor(it.Value, sc)
	if p != nil {
		return p.in(fmt.Sprintf("jsonschema default=%q", it.Value))
	}
	switch {
	case !array:
		r.Default = lit
	case r.Default == "":
		r.Default = "[" + lit + "]"
	default:
		r.Default = r.Default[:len(r.Default)-1] + "," + lit + "]"
	}
	return nil
}

// wrongKind says that a key wanting a value of kind want (an integer
// counting as a number) does not apply to a value of kind sc, or nil.
func wrongKind(it tagItem, sc, want scalar, what string) *problem {
	if sc != want && !(want == scalarNumber && sc == scalarInteger) {
		return problemf("jsonschema key %q applies to %s fields: drop it from this one", it.Key, what)
	}
	return nil
}

// uintValue reads a count (minLength=3) into dst.
func uintValue(it tagItem, dst **uint64) *problem {
	n, err := strconv.ParseUint(it.Value, 10, 64)
	if err != nil {
		return problemf("jsonschema %s=%q: want a non-negative integer", it.Key, it.Value)
	}
	*dst = &n
	return nil
}

// boolValue reads true or false (uniqueItems=true) into dst.
func boolValue(it tagItem, dst *bool) *problem {
	b, err := strconv.ParseBool(it.Value)
	if err != nil {
		return problemf("jsonschema %s=%q: want true or false", it.Key, it.Value)
	}
	*dst = b
	return nil
}

// literalFor turns tag text into the JSON literal of a value of the given
// scalar kind.
func literalFor(text string, sc scalar) (string, *problem) {
	switch sc {
	case ScalarString:
		b, _ := json.Marshal(text)
		return string(b), nil
	case scalarInteger:
		if _, err := strconv.ParseInt(text, 10, 64); err != nil {
			if _, err := strconv.ParseUint(text, 10, 64); err != nil {
				if wholeNumber.MatchString(text) {
					return "", problemf("want an integer from %d to %d", int64(math.MinInt64), uint64(math.MaxUint64))
				}
				return "", problemf("want an integer")
			}
		}
		return text, nil
	case scalarNumber:
		if !isJSONNumber(text) {
			return "", problemf("want a number")
		}
		return text, nil
	case scalarBool:
		if text != "true" && text != "false" {
			return "", problemf("want true or false")
		}
		return text, nil
	}
	return "", problemf("literal values apply to string, number and boolean fields")
}

// wholeNumber is an integer of any size, as a tag spells it.
var wholeNumber = regexp.MustCompile(`^-?[0-9]+$`)

var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

func isJSONNumber(s string) bool { return jsonNumber.MatchString(s) }

// knownFormats are the formats the generated decoders check.
var knownFormats = map[string]bool{
	"date-time": true, "date": true, "time": true, "email": true, "uri": true,
	"uuid": true, "ipv4": true, "ipv6": true, "hostname": true,
}

func formatList() string {
	return "date-time, date, time, email, uri, uuid, ipv4, ipv6, hostname"
}

// parseExtras reads `jsonschema_extras:"k=v,..."`: a repeated key becomes
// an array, true, false and JSON numbers are written as such, everything
// else as a string. A JSON Schema keyword is a problem (see
// extrasKeyword).
func parseExtras(tag string) (constText string, hasConst bool, extras []model.Extra, problems []*problem) {
	var order, keywords []string
	values := map[string][]string{}
	for _, it := range splitSchemaTag(tag) {
		switch {
		case it.Flag:
			problems = append(problems, problemf("jsonschema_extras item %q: want key=value", it.Key))
			continue
		case it.Key == "const" && hasConst:
			problems = append(problems, problemf("jsonschema_extras: const given twice"))
			continue
		case it.Key == "const":
			constText, hasConst = it.Value, true
			continue
		}
		if _, seen := values[it.Key]; !seen {
			if _, keyword := extrasKeywords[it.Key]; keyword {
				keywords = append(keywords, it.Key)
			} else {
				order = append(order, it.Key)
			}
		}
		values[it.Key] = append(values[it.Key], it.Value)
	}
	for _, k := range keywords {
		problems = append(problems, extrasKeyword(k, values[k]))
	}
	for _, k := range order {
		lits := make([]string, len(values[k]))
		for i, v := range values[k] {
			lits[i] = extraLiteral(v)
		}
		lit := lits[0]
		if len(lits) > 1 {
			lit = "[" + strings.Join(lits, ",") + "]"
		}
		extras = append(extras, model.Extra{Key: k, Value: lit})
	}
	return constText, hasConst, extras, problems
}

// extraLiteral is the JSON an extra's value is written as: true, false
// and numbers as themselves, anything else as a string.
func extraLiteral(v string) string {
	if v == "true" || v == "false" || isJSONNumber(v) {
		return v
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// extrasKeywords are the JSON Schema keywords jsonschema_extras may not
// carry, each with the jsonschema tag key that says it, or "" for none.
// Extras are written into the schema as they are and checked by nothing,
// so a rule there (minimum=0) would be a schema the decoder does not
// keep, and a keyword the schema writes itself (type, description) a key
// written twice.
var extrasKeywords = map[string]string{
	"minimum": "minimum", "maximum": "maximum", "exclusiveMinimum": "exclusiveMinimum",
	"exclusiveMaximum": "exclusiveMaximum", "multipleOf": "multipleOf", "minLength": "minLength",
	"maxLength": "maxLength", "pattern": "pattern", "format": "format", "enum": "enum",
	"minItems": "minItems", "maxItems": "maxItems", "uniqueItems": "uniqueItems", "default": "default",
	"title": "title", "description": "description", "examples": "example", "readOnly": "readOnly",
	"writeOnly": "writeOnly", "deprecated": "deprecated", "nullable": "nullable", "required": "required",
	"type": "", "items": "", "prefixItems": "", "contains": "", "minContains": "", "maxContains": "",
	"properties": "", "patternProperties": "", "additionalProperties": "", "propertyNames": "",
	"minProperties": "", "maxProperties": "", "dependentRequired": "", "dependentSchemas": "",
	"unevaluatedItems": "", "unevaluatedProperties": "", "allOf": "", "anyOf": "", "oneOf": "",
	"not": "", "if": "", "then": "", "else": "", "$ref": "", "$defs": "", "$id": "", "$schema": "",
	"$anchor": "", "$dynamicRef": "", "$dynamicAnchor": "", "$comment": "", "contentEncoding": "",
	"contentMediaType": "", "contentSchema": "",
}

// extrasKeyword is the problem of a JSON Schema keyword in
// jsonschema_extras, given values: where a jsonschema tag key says it,
// the tag to write instead.
func extrasKeyword(key string, values []string) *problem {
	written := make([]string, len(values))
	for i, v := range values {
		written[i] = key + "=" + v
	}
	in := "jsonschema_extras " + strings.Join(written, ",")
	tagKey := extrasKeywords[key]
	switch {
	case key == "type":
		return problemf("%s: the JSON type comes from the field's Go type (an integer type gives integer), and unionflat writes it: take type out of jsonschema_extras", in)
	case tagKey == "":
		return problemf("%s: %s is a JSON Schema keyword, which jsonschema_extras cannot add: extras are annotations written as they are (x-order=1), and unionflat writes %s from the Go type, or not at all", in, key, key)
	case tagKey == "nullable" || tagKey == "required":
		return problemf("%s: %s is a flag of the jsonschema tag: write jsonschema:%q", in, key, tagKey)
	case key == "format" && len(values) == 1 && !knownFormats[values[0]]:
		return problemf("%s: format %q is not one unionflat checks (%s): use one of those in the jsonschema tag, or keep the word as an annotation: jsonschema_extras:%q", in, values[0], formatList(), "x-format="+values[0])
	}
	tag := make([]string, len(values))
	for i, v := range values {
		tag[i] = tagKey + "=" + v
	}
	what := "a rule, which the decoder checks only when the jsonschema tag gives it"
	if annotationKeys[key] {
		what = "a keyword unionflat writes itself, from the jsonschema tag"
	}
	return problemf("%s: %s is %s: write jsonschema:%q", in, key, what, strings.Join(tag, ","))
}

// annotationKeys are the keywords of extrasKeywords that describe a value
// without constraining it.
var annotationKeys = map[string]bool{"title": true, "description": true, "examples": true, "readOnly": true, "writeOnly": true, "deprecated": true}
