package flatten

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// variant is one object member of a union, resolved and flattened.
type variant struct {
	schema   *value
	props    []member
	propsObj *value // the properties object, for lookups by key
	required map[string]bool
	reqOrder []string
	closed   bool
	typed    bool     // declares type "object"
	values   []string // its discriminator values
}

// union flattens the oneOf or anyOf of node when it is a discriminated
// union of objects. It reports false, and notes why where the node looks
// like a union someone meant to flatten, when it leaves the node alone.
func (f *flattener) union(node *value, ptr string) (*value, bool) {
	one, any := node.get("oneOf"), node.get("anyOf")
	if one == nil && any == nil {
		return nil, false
	}
	if one != nil && any != nil {
		f.note(ptr, "union left as is: a schema with both oneOf and anyOf is not flattened")
		return nil, false
	}
	kw, list := "oneOf", one
	if one == nil {
		kw, list = "anyOf", any
	}
	if list.kind != kindArray {
		return nil, false
	}
	if r := inResource(f.resources, ptr); r != "" && looksLikeUnion(node) {
		f.note(ptr, fmt.Sprintf("union left as is: it lies in the embedded resource at #%s, whose $refs resolve against its $id", r))
		return nil, false
	}
	u := &unionInProgress{}
	f.members = append(f.members, u)
	variants, nullable, why := f.variants(list.items)
	f.members = f.members[:len(f.members)-1]
	if u.recursive && (variants != nil || why != "") {
		// Its flat form would hold a copy of itself, which the next
		// flattening would unroll again, and again. (A nullable wrapper
		// or a scalar union is no object union: nothing to say.)
		f.note(ptr, "union left as is: a member refers back to it through $refs (a recursive union of unions)")
		f.recursive[node] = true
		return nil, false
	}
	if f.copiesRecursive(variants) {
		// The flat object would hold a copy of that union, which the
		// next flattening, no longer inside it, would unroll one more
		// level.
		f.note(ptr, "union left as is: a member holds a union that refers back to it through $refs (a recursive union of unions)")
		f.recursive[node] = true
		return nil, false
	}
	if variants == nil {
		if why != "" {
			f.note(ptr, "union left as is: "+why)
		}
		return nil, false
	}
	if why := f.identifiers(ptr, list.items, variants); why != "" {
		f.note(ptr, "union left as is: "+why)
		return nil, false
	}
	// A $ref into what flattening replaces would dangle, or see another
	// schema than the one it names.
	for _, part := range []string{kw, "properties", "additionalProperties", "discriminator"} {
		if why := f.referencedInside(ptr + "/" + part); why != "" {
			f.note(ptr, "union left as is: "+why)
			f.unsettled = true
			return nil, false
		}
	}
	disc, why := f.discriminator(node, variants)
	if disc == "" {
		f.note(ptr, "union left as is: "+why)
		return nil, false
	}
	flat := f.flatObject(disc, variants)
	flat.nullable = nullable
	return mergeInto(node, kw, flat), true
}

// identifiers says why a union cannot move its members: one of them
// declares an identifier (a copy would declare it twice, and the $refs
// inside it would resolve against another base), or a member it refers to
// lies in an embedded resource, where local $refs resolve against that
// resource. (A union inside an embedded resource is left alone before.)
func (f *flattener) identifiers(ptr string, members []*value, variants []*variant) string {
	for i, m := range members {
		if p, ok := localPointer(m.get("$ref")); ok {
			if r := inResource(f.resources, p); r != "" {
				return fmt.Sprintf("member %d refers into the embedded resource at #%s", i, r)
			}
		}
	}
	for i, v := range variants {
		if key := declaredIdentifier(v.schema); key != "" {
			return fmt.Sprintf("member %d declares %s, which a copy would declare twice", i, key)
		}
	}
	return ""
}

// copiesRecursive reports whether the properties of some variant, which
// the flat object copies, hold a union left alone for being recursive.
func (f *flattener) copiesRecursive(variants []*variant) bool {
	found := false
	for _, v := range variants {
		for _, m := range v.props {
			eachSchemaValue(m.val, func(s *value) bool {
				found = found || f.recursive[s]
				return !found
			})
		}
	}
	return found
}

// unionInProgress is a union whose members are being resolved.
type unionInProgress struct {
	recursive bool // a member leads back to it (see deref)
}

// variants resolves the members of a union to object schemas. It returns
// nil when some member is not an object; the reason is empty when the
// members do not look like an object union at all (a plain scalar union,
// or a nullable wrapper around one schema).
func (f *flattener) variants(members []*value) ([]*variant, bool, string) {
	var out []*variant
	objects, nulls := 0, 0
	firstOther := -1
	for i, m := range members {
		s := f.deref(m)
		if merged := f.mergedAllOf(s, 0); merged != nil {
			s = merged
		}
		v := objectVariant(s)
		switch {
		case v != nil:
			objects++
			out = append(out, v)
		case isNullSchema(s):
			nulls++
		case firstOther < 0:
			firstOther = i
		}
	}
	switch {
	case objects == 0:
		return nil, false, ""
	case len(members) == 1:
		return nil, false, "a single member leaves nothing to flatten"
	case objects == 1 && nulls == len(members)-1:
		return nil, false, "" // a nullable wrapper: anyOf [X, {type: null}]
	case firstOther >= 0:
		return nil, false, fmt.Sprintf("member %d is not an object schema", firstOther)
	}
	return out, nulls > 0, "" // anyOf [A, B, {type: null}]: a nullable union
}

// mergeableKeys are the keywords an allOf part of a union member may hold
// for the parts to merge exactly into one object: an instance satisfies
// every part exactly when it satisfies their merged properties and
// required.
var mergeableKeys = map[string]bool{
	"type": true, "properties": true, "required": true,
	"title": true, "description": true, "$comment": true,
}

// maxAllOfDepth bounds how deeply mergedAllOf follows allOf inside allOf.
const maxAllOfDepth = 16

// mergedAllOf merges a member written as allOf of objects (each part maybe
// behind a $ref, the member's own properties beside) into one object
// schema, when the merge is exact: every part an object schema of
// properties and required only, and a property declared by two parts
// declared alike. It returns nil otherwise.
func (f *flattener) mergedAllOf(s *value, depth int) *value {
	list := s.get("allOf")
	if !s.isObject() || list == nil || list.kind != kindArray || len(list.items) == 0 || depth > maxAllOfDepth {
		return nil // not an allOf, or one that nests (maybe through $refs back to itself) too deep
	}
	parts := []*value{s.with("allOf", nil)}
	for _, it := range list.items {
		p := f.deref(it)
		if p == nil {
			return nil
		}
		if p.get("allOf") != nil {
			if p = f.mergedAllOf(p, depth+1); p == nil {
				return nil // a part whose own allOf does not merge
			}
		}
		parts = append(parts, p)
	}
	typed := false
	props, required := object(), &value{kind: kindArray}
	seenReq := map[string]bool{}
	for _, p := range parts {
		if !p.isObject() {
			return nil
		}
		for _, m := range p.members {
			if !mergeableKeys[m.key] {
				return nil
			}
		}
		switch t := p.get("type"); {
		case t == nil:
		case isTypeName(t, "object"):
			typed = true
		default:
			return nil
		}
		if ps := p.get("properties"); ps != nil {
			if !ps.isObject() {
				return nil
			}
			for _, m := range ps.members {
				if prev := props.get(m.key); prev != nil {
					if !sameSchema(prev, m.val) {
						return nil
					}
					continue
				}
				props.members = append(props.members, m)
			}
		}
		if r := p.get("required"); r != nil {
			if r.kind != kindArray {
				return nil
			}
			for _, it := range r.items {
				if name, ok := it.stringValue(); ok && !seenReq[name] {
					seenReq[name] = true
					required.items = append(required.items, it)
				}
			}
		}
	}
	out := object()
	if typed {
		out.members = append(out.members, member{"type", str("object")})
	}
	out.members = append(out.members, member{"properties", props})
	if len(required.items) > 0 {
		out.members = append(out.members, member{"required", required})
	}
	for _, key := range []string{"title", "description"} {
		if v := s.get(key); v != nil {
			out.members = append(out.members, member{key, v})
		}
	}
	return out
}

// objectVariant reads s as an object member of a union: a schema whose type
// is "object", or one with properties and no type at all.
func objectVariant(s *value) *variant {
	if !s.isObject() {
		return nil
	}
	typed := false
	switch t := s.get("type"); {
	case t == nil:
		if s.get("properties") == nil {
			return nil
		}
	case isTypeName(t, "object"):
		typed = true
	default:
		return nil
	}
	v := &variant{schema: s, typed: typed, required: map[string]bool{}}
	if props := s.get("properties"); props.isObject() {
		v.props, v.propsObj = props.members, props
	}
	if req := s.get("required"); req != nil && req.kind == kindArray {
		for _, r := range req.items {
			if name, ok := r.stringValue(); ok && !v.required[name] {
				v.required[name] = true
				v.reqOrder = append(v.reqOrder, name)
			}
		}
	}
	ap := s.get("additionalProperties")
	v.closed = ap != nil && ap.kind == kindBool && !ap.boolean && s.get("patternProperties") == nil
	return v
}

// isTypeName reports whether t is the type name, alone or as the only
// entry of a type array.
func isTypeName(t *value, name string) bool {
	if s, ok := t.stringValue(); ok {
		return s == name
	}
	if t != nil && t.kind == kindArray && len(t.items) == 1 {
		s, ok := t.items[0].stringValue()
		return ok && s == name
	}
	return false
}

func isNullSchema(s *value) bool {
	return s.isObject() && isTypeName(s.get("type"), "null") && len(s.members) == 1
}

func (v *variant) prop(key string) *value { return v.propsObj.get(key) }

// referencedInside reports a $ref that points into the union being
// replaced: flattening would leave it dangling. It names the first such
// target in sorted order, found by binary search: the pointers under
// prefix all start with prefix+"/" and so stand together.
func (f *flattener) referencedInside(prefix string) string {
	if f.targets == nil {
		f.targets = make([]string, 0, len(f.refTargets))
		for t := range f.refTargets {
			f.targets = append(f.targets, t)
		}
		slices.Sort(f.targets)
	}
	t := prefix
	if !f.refTargets[prefix] {
		i, _ := slices.BinarySearch(f.targets, prefix+"/")
		if i == len(f.targets) || !strings.HasPrefix(f.targets[i], prefix+"/") {
			return ""
		}
		t = f.targets[i]
	}
	return fmt.Sprintf("a $ref points into it (#%s)", t)
}

// discriminator picks the property that tells the variants apart: one that
// every variant requires, whose schema is a string const or an enum of
// strings, with no value in two variants. When several qualify, the one
// an OpenAPI discriminator.propertyName names wins, else the first in the
// first variant's property order. It fills each variant's values.
func (f *flattener) discriminator(node *value, variants []*variant) (string, string) {
	type candidate struct {
		key    string
		values [][]string
	}
	var found []candidate
	why := "no discriminator: no property is required in every member with string const or enum values"
	for _, m := range variants[0].props {
		values := make([][]string, len(variants))
		owner := map[string]int{}
		ok := true
		for i, v := range variants {
			s := v.prop(m.key)
			if !v.required[m.key] || s == nil {
				ok = false
				break
			}
			if t := f.deref(s); t != nil {
				s = t // values behind a $ref to a const or enum count
			}
			vals, literal := stringLiterals(s)
			if vals == nil {
				if literal {
					why = fmt.Sprintf("no discriminator: %q has values that are not strings", m.key)
				}
				ok = false
				break
			}
			for _, val := range vals {
				if prev, dup := owner[val]; dup && prev != i {
					why = fmt.Sprintf("no discriminator: %q has the value %q in members %d and %d", m.key, val, prev, i)
					ok = false
					break
				}
				owner[val] = i
			}
			if !ok {
				break
			}
			values[i] = vals
		}
		if ok {
			found = append(found, candidate{m.key, values})
		}
	}
	if len(found) == 0 {
		return "", why
	}
	pick := found[0]
	if name, ok := node.get("discriminator").get("propertyName").stringValue(); ok {
		for _, c := range found {
			if c.key == name {
				pick = c
			}
		}
	}
	for i, v := range variants {
		v.values = pick.values[i]
	}
	return pick.key, ""
}

// stringLiterals returns the values of a const or enum schema when they are
// all strings (deduplicated, in order). literal reports whether s had a
// const or enum at all.
func stringLiterals(s *value) (vals []string, literal bool) {
	if c := s.get("const"); c != nil {
		if text, ok := c.stringValue(); ok {
			return []string{text}, true
		}
		return nil, true
	}
	e := s.get("enum")
	if e == nil {
		return nil, false
	}
	if e.kind != kindArray || len(e.items) == 0 {
		return nil, true
	}
	seen := map[string]bool{}
	for _, it := range e.items {
		text, ok := it.stringValue()
		if !ok {
			return nil, true
		}
		if !seen[text] {
			seen[text] = true
			vals = append(vals, text)
		}
	}
	return vals, true
}

// flatObject is the projection of a union: one object schema.
type flatObject struct {
	typed    bool
	props    []member
	required []string
	closed   bool
	catchAll bool // open, and must evaluate every key (see evaluatesMore)
	nullable bool // a member was {"type": "null"}: null is accepted too
}

// flatObject builds the one object that stands for the variants: the
// discriminator first, then every other property in order of first
// appearance, each joined over the variants that declare it.
func (f *flattener) flatObject(disc string, variants []*variant) flatObject {
	out := flatObject{typed: true, closed: true}
	var order []string
	seen := map[string]bool{}
	for _, v := range variants {
		out.typed = out.typed && v.typed
		out.closed = out.closed && v.closed
		for _, m := range v.props {
			if !seen[m.key] {
				seen[m.key] = true
				order = append(order, m.key)
			}
		}
	}
	if f.unevaluated && !out.closed {
		for _, v := range variants {
			out.catchAll = out.catchAll || evaluatesMore(v.schema)
		}
	}
	out.props = append(out.props, member{disc, discriminatorSchema(disc, variants)})
	out.required = append(out.required, disc)
	for _, key := range order {
		if key == disc {
			continue
		}
		var branches []branch
		var requiring []*variant
		for _, v := range variants {
			s := v.prop(key)
			if s == nil && v.required[key] {
				s = jsonTrue // required but not declared: any value
			}
			if s != nil {
				branches = append(branches, branch{v, s})
			}
			if v.required[key] {
				requiring = append(requiring, v)
			}
		}
		desc := joinDescriptions(disc, branches)
		declaring := variantsOf(branches)
		nVariants := len(variants)
		if f.strict {
			extra := undeclaredBranches(key, variants)
			if len(extra) > 0 {
				branches = append(branches, extra...)
				nVariants++ // a default stays only where every member declares it
			}
		}
		schema := f.join(branches, nVariants)
		switch {
		case len(requiring) == len(variants):
			out.required = append(out.required, key)
		case len(requiring) > 0:
			desc = appendSentence(desc, fmt.Sprintf("Required if %s = %s", disc, valuesOf(requiring)))
		default:
			desc = appendSentence(desc, fmt.Sprintf("Available if %s = %s", disc, valuesOf(declaring)))
		}
		out.props = append(out.props, member{key, withDescription(schema, desc)})
	}
	// Keys every variant requires without declaring them stay required.
	for _, key := range variants[0].reqOrder {
		if seen[key] {
			continue
		}
		all := true
		for _, v := range variants {
			all = all && v.required[key]
		}
		if all {
			out.required = append(out.required, key)
		}
	}
	return out
}

// undeclaredBranches is what Options.Strict adds to the join of key: for
// each member that does not declare key, what it allows there. That is
// the schema of every patternProperties entry whose pattern matches key
// (one that Go's regexp cannot read is taken to match), or else its
// additionalProperties: nothing when false, anything when absent.
func undeclaredBranches(key string, variants []*variant) []branch {
	var out []branch
	for _, v := range variants {
		if v.prop(key) != nil || (v.required[key] && v.prop(key) == nil) {
			continue // declared, or required without a schema (already any value)
		}
		matched := false
		if pp := v.schema.get("patternProperties"); pp.isObject() {
			for _, m := range pp.members {
				if re, err := regexp.Compile(m.key); err != nil || re.MatchString(key) {
					out = append(out, branch{v, m.val})
					matched = true
				}
			}
		}
		if matched {
			continue
		}
		switch ap := v.schema.get("additionalProperties"); {
		case ap == nil:
			out = append(out, branch{v, jsonTrue})
		case ap.kind == kindBool && !ap.boolean:
		default:
			out = append(out, branch{v, ap})
		}
	}
	return out
}

// evaluatesMore reports whether an object member may evaluate keys beyond
// its properties, through additionalProperties, patternProperties,
// unevaluatedProperties or an in-place applicator. An
// unevaluatedProperties beside the union, or above it, accepts such keys
// in the original; the flat object, which lists only properties, must
// then say additionalProperties: true to accept them too.
func evaluatesMore(s *value) bool {
	for _, key := range []string{"patternProperties", "allOf", "anyOf", "oneOf", "$ref", "$dynamicRef",
		"if", "dependentSchemas", "dependencies"} {
		if s.get(key) != nil {
			return true
		}
	}
	for _, key := range []string{"additionalProperties", "unevaluatedProperties"} {
		if kw := s.get(key); kw != nil && !(kw.kind == kindBool && !kw.boolean) {
			return true
		}
	}
	return false
}

// discriminatorSchema is a required string enum of every variant's values,
// described by the variants' own descriptions.
func discriminatorSchema(disc string, variants []*variant) *value {
	var values []string
	var branches []branch
	for _, v := range variants {
		values = append(values, v.values...)
		branches = append(branches, branch{v, v.prop(disc)})
	}
	s := object(member{"type", str("string")}, member{"enum", strs(values)})
	desc := joinDescriptions(disc, branches)
	for _, v := range variants {
		if d, ok := v.schema.get("description").stringValue(); ok && strings.TrimSpace(d) != "" {
			desc = appendSentence(desc, fmt.Sprintf("%s: %s", strings.Join(v.values, " | "), strings.TrimSpace(d)))
		}
	}
	return withDescription(s, desc)
}

func variantsOf(bs []branch) []*variant {
	out := make([]*variant, len(bs))
	for i, b := range bs {
		out[i] = b.variant
	}
	return out
}

func valuesOf(vs []*variant) string {
	var all []string
	for _, v := range vs {
		all = append(all, v.values...)
	}
	return strings.Join(all, " | ")
}

// joinDescriptions keeps the one description the branches share, or, when
// they differ, each one labelled with the discriminator values it
// belongs to.
func joinDescriptions(disc string, bs []branch) string {
	var texts []string
	owners := map[string][]*variant{}
	for _, b := range bs {
		d, ok := b.schema.get("description").stringValue()
		if !ok || strings.TrimSpace(d) == "" {
			continue
		}
		if _, seen := owners[d]; !seen {
			texts = append(texts, d)
		}
		owners[d] = append(owners[d], b.variant)
	}
	if len(texts) <= 1 {
		return strings.Join(texts, "")
	}
	parts := make([]string, len(texts))
	for i, t := range texts {
		parts[i] = fmt.Sprintf("%s (%s = %s)", strings.TrimRight(t, ". "), disc, valuesOf(owners[t]))
	}
	return strings.Join(parts, "; ")
}

// appendSentence adds s to a description as a sentence of its own.
func appendSentence(desc, s string) string {
	desc = strings.TrimRight(desc, " \t\n")
	switch {
	case desc == "":
		return s
	case strings.HasSuffix(desc, ".") || strings.HasSuffix(desc, "!") || strings.HasSuffix(desc, "?") || strings.HasSuffix(desc, ":"):
		return desc + " " + s
	}
	return desc + ". " + s
}

// withDescription sets (or, for "", removes) the description of schema s.
func withDescription(s *value, desc string) *value {
	if s.kind == kindBool && s.boolean {
		s = object()
	}
	if !s.isObject() {
		return s
	}
	if desc == "" {
		if s.get("description") == nil {
			return s
		}
		return s.with("description", nil)
	}
	return s.with("description", str(desc))
}

// mergeInto replaces the union keyword kw of node by the flat object,
// merged with what node already says about objects. Every key the
// flattener does not own keeps its place.
func mergeInto(node *value, kw string, flat flatObject) *value {
	out := &value{kind: kindObject}
	for _, m := range node.members {
		switch m.key {
		case kw:
			switch {
			case !flat.typed || node.get("type") != nil:
			case flat.nullable:
				out.members = append(out.members, member{"type", strs([]string{"object", "null"})})
			default:
				out.members = append(out.members, member{"type", str("object")})
			}
			if node.get("properties") == nil {
				out.members = append(out.members, member{"properties", object(flat.props...)})
			}
			if node.get("required") == nil {
				out.members = append(out.members, member{"required", strs(flat.required)})
			}
			if flat.closed && node.get("additionalProperties") == nil {
				out.members = append(out.members, member{"additionalProperties", jsonFalse})
			}
			if flat.catchAll && node.get("additionalProperties") == nil {
				out.members = append(out.members, member{"additionalProperties", jsonTrue})
			}
		case "discriminator":
			// OpenAPI's discriminator describes the union being removed.
		case "properties":
			out.members = append(out.members, member{m.key, mergeProperties(m.val, flat.props)})
		case "required":
			out.members = append(out.members, member{m.key, mergeRequired(m.val, flat.required)})
		case "additionalProperties":
			ap := m.val
			if flat.closed {
				ap = jsonFalse
			}
			out.members = append(out.members, member{m.key, ap})
		default:
			out.members = append(out.members, m)
		}
	}
	return out
}

// mergeProperties joins the properties beside a union with the flat ones.
// An instance must satisfy both, so either schema of a shared key is a
// sound choice: the flat one is kept (it names the variants), with the
// outer description when it has none.
func mergeProperties(outer *value, flat []member) *value {
	if !outer.isObject() {
		return outer
	}
	out := object()
	fromFlat := map[string]*value{}
	for _, m := range flat {
		fromFlat[m.key] = m.val
	}
	for _, m := range outer.members {
		s, ok := fromFlat[m.key]
		if !ok {
			out.members = append(out.members, m)
			continue
		}
		delete(fromFlat, m.key)
		if s.get("description") == nil {
			if d := m.val.get("description"); d != nil && s.isObject() {
				s = s.with("description", d)
			}
		}
		out.members = append(out.members, member{m.key, s})
	}
	for _, m := range flat {
		if _, ok := fromFlat[m.key]; ok {
			out.members = append(out.members, m)
		}
	}
	return out
}

func mergeRequired(outer *value, flat []string) *value {
	if outer.kind != kindArray {
		return outer
	}
	out := &value{kind: kindArray, items: append([]*value(nil), outer.items...)}
	present := make(map[string]bool, len(outer.items))
	for _, it := range outer.items {
		if s, ok := it.stringValue(); ok {
			present[s] = true
		}
	}
	for _, name := range flat {
		if !present[name] {
			out.items = append(out.items, str(name))
		}
	}
	return out
}
