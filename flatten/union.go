package flatten

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/unionflat/unionflat/flatten/internal/jsonv"
)

// The type names the flat objects say most often, shared: values are
// immutable, and one value for each saves an allocation every time.
var (
	strObject = jsonv.Str("object")
	strString = jsonv.Str("string")
)

// variant is one object member of a union, resolved and flattened.
type variant struct {
	schema   *jsonv.Value
	props    []jsonv.Member
	propsObj *jsonv.Value // the properties object, for lookups by key
	required keySet       // its required names, each once, in order
	closed   bool
	typed    bool     // declares type "object"
	values   []string // its discriminator values
}

// union flattens the oneOf or anyOf of node when it is a discriminated
// union of objects. It reports false, and notes why where the node looks
// like a union someone meant to flatten, when it leaves the node alone.
func (f *flattener) union(node *jsonv.Value, ptr string) (*jsonv.Value, bool) {
	one, any := node.Get("oneOf"), node.Get("anyOf")
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
	if list.Kind != jsonv.KindArray {
		return nil, false
	}
	if _, inner := jsonv.NullWrapped(node); inner != nil {
		// A nullable wrapper is no object union: nothing to flatten, and
		// its $ref back to a union being flattened (a variant's
		// nullable field of its own union) is a field's, not a member's.
		return nil, false
	}
	if r := jsonv.InResource(f.resources, ptr); r != "" && looksLikeUnion(node) {
		f.note(ptr, fmt.Sprintf("union left as is: it lies in the embedded resource at #%s, whose $refs resolve against its $id", r))
		return nil, false
	}
	if mixed, ok := f.objectsJoinedFirst(node, kw, list.Items, ptr); ok {
		node, list = mixed, mixed.Get(kw)
	}
	if merged, ok, why := f.kindUnion(node, kw, list.Items); ok || why != "" {
		if why == whyRecursiveKinds {
			f.recursive[node] = true
		}
		if why == "" {
			why = f.referencedInside(ptr, kw)
		}
		if why != "" {
			f.note(ptr, "union left as is: "+why)
			return nil, false
		}
		return merged, true
	}
	u := &unionInProgress{}
	f.members = append(f.members, u)
	variants, nullable, why := f.variants(list.Items)
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
	if why := f.identifiers(ptr, list.Items, variants); why != "" {
		f.note(ptr, "union left as is: "+why)
		return nil, false
	}
	// A $ref into what flattening replaces would dangle, or see another
	// schema than the one it names.
	if why := f.referencedInside(ptr, kw, "properties", "additionalProperties", "discriminator"); why != "" {
		f.note(ptr, "union left as is: "+why)
		f.unsettled = true
		return nil, false
	}
	disc, why := f.discriminator(node, variants)
	switch {
	case why == noDiscriminator:
		// An untagged union: its members are told apart by the keys
		// they require (rule 7), each named a form.
		for i, v := range variants {
			v.values = []string{fmt.Sprintf("form %d", i+1)}
		}
	case disc == "":
		f.note(ptr, "union left as is: "+why)
		return nil, false
	}
	flat := f.flatObject(disc, variants, node.Get("properties"))
	flat.nullable = nullable
	if disc == "" {
		flat.forms = formsSentence(variants)
	}
	return mergeInto(f.slab, node, kw, flat), true
}

// objectsJoinedFirst rewrites a union whose members are several objects
// and members of other kinds (oneOf [string, object, object]): the
// objects, a union of their own, join first as rule 4 and 7 join them,
// and that one object takes their place, the first one's, so that the
// kind union can merge. It reports false, and notes nothing, when the
// objects do not join or the rest is no kind union to merge.
func (f *flattener) objectsJoinedFirst(node *jsonv.Value, kw string, members []*jsonv.Value, ptr string) (*jsonv.Value, bool) {
	var objects []*jsonv.Value
	first, others := -1, 0
	for i, m := range members {
		s := f.deref(m)
		if s == nil || !s.IsObject() || s.Get("type") == nil {
			return nil, false // a member of every kind: no kind union
		}
		names, ok := readTypeNames(s.Get("type"))
		switch {
		case !ok:
			return nil, false
		case len(names) == 1 && names[0] == "object":
			if first < 0 {
				first = i
			}
			objects = append(objects, m)
		default:
			others++
		}
	}
	if len(objects) < 2 || others == 0 {
		return nil, false
	}
	notes := len(f.diags)
	joined, ok := f.union(f.slab.Object(jsonv.KV(kw, &jsonv.Value{Kind: jsonv.KindArray, Items: objects})), ptr)
	if !ok {
		f.diags = f.diags[:notes] // the union is noted as a whole below
		return nil, false
	}
	var rest []*jsonv.Value
	for i, m := range members {
		switch {
		case i == first:
			rest = append(rest, joined)
		case slices.Contains(objects, m):
		default:
			rest = append(rest, m)
		}
	}
	return node.With(kw, &jsonv.Value{Kind: jsonv.KindArray, Items: rest}), true
}

// identifiers says why a union cannot move its members: one of them
// declares an identifier (a copy would declare it twice, and the $refs
// inside it would resolve against another base), or a member it refers to
// lies in an embedded resource, where local $refs resolve against that
// resource. (A union inside an embedded resource is left alone before.)
func (f *flattener) identifiers(ptr string, members []*jsonv.Value, variants []*variant) string {
	for i, m := range members {
		if p, ok := jsonv.LocalPointer(m.Get("$ref")); ok {
			if r := jsonv.InResource(f.resources, p); r != "" {
				return fmt.Sprintf("member %d refers into the embedded resource at #%s", i, r)
			}
		}
	}
	if f.noIdentifiers {
		return "" // the document declares none
	}
	for i, v := range variants {
		if key := jsonv.DeclaredIdentifier(v.schema); key != "" {
			return fmt.Sprintf("member %d declares %s, which a copy would declare twice", i, key)
		}
	}
	return ""
}

// copiesRecursive reports whether the properties of some variant, which
// the flat object copies, hold a union left alone for being recursive.
func (f *flattener) copiesRecursive(variants []*variant) bool {
	for _, v := range variants {
		for _, m := range v.props {
			if f.holdsRecursive(m.Val) {
				return true
			}
		}
	}
	return false
}

// holdsRecursive reports whether s holds, at any depth, a union left
// alone for being recursive, which a copy of s would unroll one level
// more each time the document is flattened again.
func (f *flattener) holdsRecursive(s *jsonv.Value) bool {
	if len(f.recursive) == 0 {
		return false // none left alone yet: nothing to look for
	}
	found := false
	jsonv.EachSchemaValue(s, func(v *jsonv.Value) bool {
		found = found || f.recursive[v]
		return !found
	})
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
func (f *flattener) variants(members []*jsonv.Value) ([]*variant, bool, string) {
	block := make([]variant, len(members)) // one allocation for them all
	out := make([]*variant, 0, len(members))
	objects, nulls := 0, 0
	firstOther := -1
	for i, m := range members {
		s := f.deref(m)
		if merged := f.mergedAllOf(s, 0); merged != nil {
			s = merged
		}
		switch {
		case readVariant(s, &block[i]):
			objects++
			out = append(out, &block[i])
		case jsonv.IsNullSchema(s):
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
func (f *flattener) mergedAllOf(s *jsonv.Value, depth int) *jsonv.Value {
	list := s.Get("allOf")
	if !s.IsObject() || list == nil || list.Kind != jsonv.KindArray || len(list.Items) == 0 || depth > maxAllOfDepth {
		return nil // not an allOf, or one that nests (maybe through $refs back to itself) too deep
	}
	parts := []*jsonv.Value{s.With("allOf", nil)}
	for _, it := range list.Items {
		p := f.deref(it)
		if p == nil {
			return nil
		}
		if p.Get("allOf") != nil {
			if p = f.mergedAllOf(p, depth+1); p == nil {
				return nil // a part whose own allOf does not merge
			}
		}
		parts = append(parts, p)
	}
	typed := false
	props, required := jsonv.Object(), &jsonv.Value{Kind: jsonv.KindArray}
	seenReq := map[string]bool{}
	for _, p := range parts {
		if !p.IsObject() {
			return nil
		}
		for _, m := range p.Members {
			if !mergeableKeys[m.Key] {
				return nil
			}
		}
		switch t := p.Get("type"); {
		case t == nil:
		case jsonv.IsTypeName(t, "object"):
			typed = true
		default:
			return nil
		}
		if ps := p.Get("properties"); ps != nil {
			if !ps.IsObject() {
				return nil
			}
			for _, m := range ps.Members {
				if prev := props.Get(m.Key); prev != nil {
					if !sameSchema(prev, m.Val) {
						return nil
					}
					continue
				}
				props.Members = append(props.Members, m)
			}
		}
		if r := p.Get("required"); r != nil {
			if r.Kind != jsonv.KindArray {
				return nil
			}
			for _, it := range r.Items {
				if name, ok := it.StringValue(); ok && !seenReq[name] {
					seenReq[name] = true
					required.Items = append(required.Items, it)
				}
			}
		}
	}
	out := jsonv.Object()
	if typed {
		out.Members = append(out.Members, jsonv.KV("type", strObject))
	}
	out.Members = append(out.Members, jsonv.KV("properties", props))
	if len(required.Items) > 0 {
		out.Members = append(out.Members, jsonv.KV("required", required))
	}
	for _, key := range []string{"title", "description"} {
		if v := s.Get(key); v != nil {
			out.Members = append(out.Members, jsonv.KV(key, v))
		}
	}
	return out
}

// readVariant reads s into v as an object member of a union: a schema
// whose type is "object", or one with properties and no type at all. It
// reports false, leaving v as it was, for any other schema.
func readVariant(s *jsonv.Value, v *variant) bool {
	t := s.Get("type")
	if !jsonv.IsObjectSchema(s) || t != nil && !jsonv.IsTypeName(t, "object") {
		return false // not an object schema, or one that takes other kinds too
	}
	*v = variant{schema: s, typed: t != nil}
	if props := s.Get("properties"); props.IsObject() {
		v.props, v.propsObj = props.Members, props
	}
	if req := s.Get("required"); req != nil && req.Kind == jsonv.KindArray {
		v.required.keys = make([]string, 0, len(req.Items))
		for _, r := range req.Items {
			if name, ok := r.StringValue(); ok {
				v.required.add(name)
			}
		}
	}
	ap := s.Get("additionalProperties")
	v.closed = ap != nil && ap.Kind == jsonv.KindBool && !ap.Boolean && s.Get("patternProperties") == nil
	return true
}

func (v *variant) prop(key string) *jsonv.Value { return v.propsObj.Get(key) }

// requires reports whether the variant requires key.
func (v *variant) requires(key string) bool { return v.required.has(key) }

// keySet is a list of distinct names in the order they were added. It
// looks names up by scanning the list while it is short, and in a map
// once it is long, so that thousands of names cost linear time, not
// quadratic, and a few cost no map.
type keySet struct {
	keys []string
	set  map[string]bool // keys, once there are more than keySetFrom
}

// keySetFrom is how many names a keySet looks up by scanning them.
const keySetFrom = 16

func (k *keySet) has(key string) bool {
	if k.set != nil {
		return k.set[key]
	}
	return slices.Contains(k.keys, key)
}

// add appends key unless the set has it.
func (k *keySet) add(key string) {
	if k.has(key) {
		return
	}
	k.keys = append(k.keys, key)
	switch {
	case k.set != nil:
		k.set[key] = true
	case len(k.keys) > keySetFrom:
		k.set = make(map[string]bool, 2*len(k.keys))
		for _, name := range k.keys {
			k.set[name] = true
		}
	}
}

// referencedInside reports a $ref that points into one of the keywords
// parts of the union at ptr, which flattening replaces: it would be left
// dangling. It names, for the first part that has one, the part itself
// when it is a target, else the first target below it in sorted order.
// The targets below ptr all start with ptr+"/" and so stand together in
// sorted order: one binary search finds them, usually none.
func (f *flattener) referencedInside(ptr string, parts ...string) string {
	if f.targets == nil {
		f.targets = make([]string, 0, len(f.refTargets.m))
		for t := range f.refTargets.m {
			f.targets = append(f.targets, t)
		}
		slices.Sort(f.targets)
	}
	below := f.targets[f.firstTargetBelow(ptr):]
	for _, part := range parts {
		for _, t := range below {
			rest, ok := strings.CutPrefix(t, ptr)
			if !ok || rest == "" || rest[0] != '/' {
				break // past the targets below ptr
			}
			if tok, _, _ := strings.Cut(rest[1:], "/"); tok == part {
				return fmt.Sprintf("a $ref points into it (#%s)", t)
			}
		}
	}
	return ""
}

// firstTargetBelow is the index in f.targets of the first target that
// starts with ptr+"/", or of where it would stand.
func (f *flattener) firstTargetBelow(ptr string) int {
	lo, hi := 0, len(f.targets)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if t := f.targets[m]; t < ptr || (strings.HasPrefix(t, ptr) && (len(t) == len(ptr) || t[len(ptr)] < '/')) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// discriminator picks the property that tells the variants apart: one that
// every variant requires, whose schema is a string const or an enum of
// strings, with no value in two variants. When several qualify, the one
// an OpenAPI discriminator.propertyName names wins, else the first in the
// first variant's property order. It fills each variant's values.
func (f *flattener) discriminator(node *jsonv.Value, variants []*variant) (string, string) {
	type candidate struct {
		key    string
		values [][]string
	}
	var found []candidate
	why := noDiscriminator
	for _, m := range variants[0].props {
		var values [][]string    // made once a variant has values
		var owner map[string]int // made once there are many
		gathered := 0
		if slices.ContainsFunc(variants, func(v *variant) bool { return !v.requires(m.Key) || v.prop(m.Key) == nil }) {
			continue // not required in every member: no discriminator, nor like one
		}
		ok := true
		for i, v := range variants {
			s := v.prop(m.Key)
			if t := f.deref(s); t != nil {
				s = t // values behind a $ref to a const or enum count
			}
			vals, literal := stringLiterals(s)
			if vals == nil {
				if literal {
					why = fmt.Sprintf("no discriminator: %q has values that are not strings", m.Key)
				}
				ok = false
				break
			}
			if values == nil {
				values = make([][]string, len(variants))
			}
			if owner == nil && gathered+len(vals) > ownerMapFrom {
				owner = ownersOf(values[:i])
			}
			for _, val := range vals {
				if prev := ownerOf(owner, values[:i], val); prev >= 0 && prev != i {
					why = fmt.Sprintf("no discriminator: %q has the value %q in members %d and %d", m.Key, val, prev, i)
					ok = false
					break
				}
				if owner != nil {
					owner[val] = i
				}
			}
			if !ok {
				break
			}
			values[i] = vals
			gathered += len(vals)
		}
		if ok {
			found = append(found, candidate{m.Key, values})
		}
	}
	if len(found) == 0 {
		return "", why
	}
	pick := found[0]
	if name, ok := node.Get("discriminator").Get("propertyName").StringValue(); ok {
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

// noDiscriminator is why a union has no discriminator when no property
// even looks like one: then it is an untagged union, which joins all the
// same (rule 7).
const noDiscriminator = "no discriminator: no property is required in every member with string const or enum values"

// formsSentence names the forms of an untagged union by the keys each
// requires: "Send one of these forms: form 1 (item_id); form 2
// (item_owner, item_repo, issue_number)."
func formsSentence(variants []*variant) string {
	var b strings.Builder
	b.WriteString(jsonv.FormsLead)
	for i, v := range variants {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(v.values[0])
		if len(v.required.keys) == 0 {
			b.WriteString(" (any of its keys)")
		} else {
			b.WriteString(" (" + strings.Join(v.required.keys, ", ") + ")")
		}
	}
	b.WriteString(".")
	return b.String()
}

// ownerMapFrom is how many discriminator values discriminator checks for
// repeats by scanning them; from there on, in a map, so that a union of
// thousands of members costs linear time, not quadratic, and a small one
// no map.
const ownerMapFrom = 32

// ownersOf maps every value of values to the index of its member.
func ownersOf(values [][]string) map[string]int {
	owner := make(map[string]int, 2*ownerMapFrom)
	for i, vals := range values {
		for _, val := range vals {
			owner[val] = i
		}
	}
	return owner
}

// ownerOf is the index of the member among values (by owner when there
// is a map) that has val, or -1.
func ownerOf(owner map[string]int, values [][]string, val string) int {
	if owner != nil {
		if i, ok := owner[val]; ok {
			return i
		}
		return -1
	}
	for i, vals := range values {
		if slices.Contains(vals, val) {
			return i
		}
	}
	return -1
}

// stringLiterals returns the values of a const or enum schema when they are
// all strings (deduplicated, in order). literal reports whether s had a
// const or enum at all.
func stringLiterals(s *jsonv.Value) (vals []string, literal bool) {
	if c := s.Get("const"); c != nil {
		if text, ok := c.StringValue(); ok {
			return []string{text}, true
		}
		return nil, true
	}
	e := s.Get("enum")
	if e == nil {
		return nil, false
	}
	if e.Kind != jsonv.KindArray || len(e.Items) == 0 {
		return nil, true
	}
	seen := map[string]bool{}
	for _, it := range e.Items {
		text, ok := it.StringValue()
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
	props    []jsonv.Member
	required []string
	closed   bool
	catchAll bool   // open, and must evaluate every key (see evaluatesMore)
	nullable bool   // a member was {"type": "null"}: null is accepted too
	forms    string // for an untagged union, the sentence naming its forms
}

// flatObject builds the one object that stands for the variants: the
// discriminator first, then every other property in order of first
// appearance, each joined over the variants that declare it. A key
// declared beside the union, in beside (the properties of the schema
// that holds it), is declared for every variant.
func (f *flattener) flatObject(disc string, variants []*variant, beside *jsonv.Value) flatObject {
	out := flatObject{typed: true, closed: true}
	n := 0
	for _, v := range variants {
		n += len(v.props)
	}
	seen := keySet{keys: make([]string, 0, n)} // an upper bound: no regrowing
	for _, v := range variants {
		out.typed = out.typed && v.typed
		out.closed = out.closed && v.closed
		for _, m := range v.props {
			seen.add(m.Key)
		}
	}
	order := seen.keys
	if f.unevaluated && !out.closed {
		for _, v := range variants {
			out.catchAll = out.catchAll || evaluatesMore(v.schema)
		}
	}
	out.props = make([]jsonv.Member, 0, len(order)+1)
	out.required = make([]string, 0, len(order)+1)
	if disc != "" {
		out.props = append(out.props, jsonv.KV(disc, discriminatorSchema(f.slab, disc, variants)))
		out.required = append(out.required, disc)
	}
	// Every property's branches and requiring variants are gathered in the
	// same two slices (join and the descriptions keep neither).
	var branchRoom [8]branch
	var requiringRoom [8]*variant
	var hintRoom [16]string
	branches, requiring := branchRoom[:0], requiringRoom[:0]
	for _, key := range order {
		if key == disc && disc != "" {
			continue
		}
		branches, requiring = branches[:0], requiring[:0]
		for _, v := range variants {
			s := v.prop(key)
			if s == nil && v.requires(key) {
				s = jsonv.True // required but not declared: any value
			}
			if s != nil {
				branches = append(branches, branch{v, s})
			}
			if v.requires(key) {
				requiring = append(requiring, v)
			}
		}
		desc := joinDescriptions(disc, branches)
		nDeclaring := len(branches)
		nVariants := len(variants)
		declaredBeside := beside.Get(key)
		extra, patterned := undeclaredBranches(key, variants, declaredBeside, f.strict)
		if len(extra) > 0 {
			branches = append(branches, extra...)
			nVariants++ // a default stays only where every member declares it
		}
		schema := f.join(branches, nVariants)
		switch {
		case len(requiring) == len(variants):
			out.required = append(out.required, key)
		case len(requiring) > 0:
			parts := append(hintRoom[:0], hintLead("Required", disc)...)
			for _, v := range requiring {
				parts = appendValues(parts, v)
			}
			desc = jsonv.AppendSentence(desc, parts...)
		case declaredBeside != nil:
			// Available whatever the discriminator says.
		default:
			// The members that declare it, in their properties or by a
			// pattern, in the order of the union.
			parts := append(hintRoom[:0], hintLead("Available", disc)...)
			for _, v := range variants {
				if slices.ContainsFunc(branches[:nDeclaring], func(b branch) bool { return b.variant == v }) || slices.Contains(patterned, v) {
					parts = appendValues(parts, v)
				}
			}
			desc = jsonv.AppendSentence(desc, parts...)
		}
		out.props = append(out.props, jsonv.KV(key, withDescription(f.slab, schema, desc)))
	}
	// Keys every variant requires without declaring them stay required.
	for _, key := range variants[0].required.keys {
		if seen.has(key) {
			continue
		}
		all := true
		for _, v := range variants {
			all = all && v.requires(key)
		}
		if all {
			out.required = append(out.required, key)
		}
	}
	return out
}

// undeclaredBranches is what the members that do not declare key in
// their properties add to its join: the schema of every patternProperties
// entry whose pattern matches key (one that Go's regexp cannot read is
// taken to match), which says what the member takes there as plainly as
// a property would; for a member that no pattern gives key, beside, the
// key's schema beside the union, which every member's instance meets
// (nil when there is none); else, with strict (Options.Strict), its
// additionalProperties: nothing when false, anything when absent. Without
// strict that is rule 3's one reading: an open member is not advertised
// for a key another declares. It returns the branches, and the members a
// pattern gives key.
func undeclaredBranches(key string, variants []*variant, beside *jsonv.Value, strict bool) (out []branch, patterned []*variant) {
	for _, v := range variants {
		if v.prop(key) != nil || (v.requires(key) && v.prop(key) == nil) {
			continue // declared, or required without a schema (already any value)
		}
		matched := false
		if pp := v.schema.Get("patternProperties"); pp.IsObject() {
			for _, m := range pp.Members {
				if re, err := regexp.Compile(m.Key); err != nil || re.MatchString(key) {
					out = append(out, branch{v, m.Val})
					if !matched {
						patterned = append(patterned, v)
					}
					matched = true
				}
			}
		}
		switch {
		case matched:
		case beside != nil:
			// The instance meets beside whichever member it meets, so
			// what beside takes is a superset of what the member adds.
			out = append(out, branch{v, beside})
		case !strict:
		default:
			switch ap := v.schema.Get("additionalProperties"); {
			case ap == nil:
				out = append(out, branch{v, jsonv.True})
			case ap.Kind == jsonv.KindBool && !ap.Boolean:
			default:
				out = append(out, branch{v, ap})
			}
		}
	}
	return out, patterned
}

// evaluatesMore reports whether an object member may evaluate keys beyond
// its properties, through additionalProperties, patternProperties,
// unevaluatedProperties or an in-place applicator. An
// unevaluatedProperties beside the union, or above it, accepts such keys
// in the original; the flat object, which lists only properties, must
// then say additionalProperties: true to accept them too.
func evaluatesMore(s *jsonv.Value) bool {
	for _, key := range []string{"patternProperties", "allOf", "anyOf", "oneOf", "$ref", "$dynamicRef",
		"if", "dependentSchemas", "dependencies"} {
		if s.Get(key) != nil {
			return true
		}
	}
	for _, key := range []string{"additionalProperties", "unevaluatedProperties"} {
		if kw := s.Get(key); kw != nil && !(kw.Kind == jsonv.KindBool && !kw.Boolean) {
			return true
		}
	}
	return false
}

// discriminatorSchema is a required string enum of every variant's values,
// described by the variants' own descriptions.
func discriminatorSchema(sl *jsonv.Slab, disc string, variants []*variant) *jsonv.Value {
	n := 0
	for _, v := range variants {
		n += len(v.values)
	}
	values := make([]string, 0, n)
	branches := make([]branch, 0, len(variants))
	for _, v := range variants {
		values = append(values, v.values...)
		branches = append(branches, branch{v, v.prop(disc)})
	}
	ms := [3]jsonv.Member{jsonv.KV("type", strString), jsonv.KV("enum", sl.Strs(values))}
	desc := joinDescriptions(disc, branches)
	for _, v := range variants {
		if d, ok := v.schema.Get("description").StringValue(); ok && strings.TrimSpace(d) != "" {
			desc = jsonv.AppendSentence(desc, strings.Join(v.values, " | "), ": ", strings.TrimSpace(d))
		}
	}
	if desc == "" {
		return sl.Object(ms[:2]...)
	}
	ms[2] = jsonv.KV("description", sl.Str(desc))
	return sl.Object(ms[:]...)
}

// hintLead is the three parts a hint starts with: "Required if ", disc,
// " = ", or for an untagged union "Required in ", "", "" (its values are
// its forms).
func hintLead(word, disc string) []string {
	if disc == "" {
		return []string{word + " in ", "", ""}
	}
	return []string{word + " if ", disc, " = "}
}

// appendValues appends the discriminator values of v to the parts of a
// hint (the three of hintLead, then values), each after " | " but the
// first.
func appendValues(parts []string, v *variant) []string {
	for _, val := range v.values {
		if len(parts) > 3 {
			parts = append(parts, " | ")
		}
		parts = append(parts, val)
	}
	return parts
}

func valuesOf(vs []*variant) string {
	n := 0
	for _, v := range vs {
		for _, val := range v.values {
			n += len(val) + len(" | ")
		}
	}
	var b strings.Builder
	b.Grow(n)
	first := true
	for _, v := range vs {
		for _, val := range v.values {
			if !first {
				b.WriteString(" | ")
			}
			b.WriteString(val)
			first = false
		}
	}
	return b.String()
}

// joinDescriptions keeps the one description the branches share, or, when
// they differ, each one labelled with the discriminator values it
// belongs to.
func joinDescriptions(disc string, bs []branch) string {
	if text, one := oneDescription(bs); one {
		return text
	}
	var texts []string
	owners := map[string][]*variant{}
	for _, b := range bs {
		d, ok := b.schema.Get("description").StringValue()
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
		label := valuesOf(owners[t])
		if disc != "" {
			label = disc + " = " + label
		}
		parts[i] = fmt.Sprintf("%s (%s)", strings.TrimRight(t, ". "), label)
	}
	return strings.Join(parts, "; ")
}

// oneDescription is the description the branches share when at most one
// text is among them ("" when none is): joinDescriptions's common case,
// found without collecting them.
func oneDescription(bs []branch) (string, bool) {
	text := ""
	for _, b := range bs {
		d, ok := b.schema.Get("description").StringValue()
		switch {
		case !ok || strings.TrimSpace(d) == "" || d == text:
		case text != "":
			return "", false
		default:
			text = d
		}
	}
	return text, true
}

// withDescription sets (or, for "", removes) the description of schema s,
// making what changes in sl.
func withDescription(sl *jsonv.Slab, s *jsonv.Value, desc string) *jsonv.Value {
	if s.Kind == jsonv.KindBool && s.Boolean {
		s = sl.Object()
	}
	if !s.IsObject() {
		return s
	}
	if desc == "" {
		if s.Get("description") == nil {
			return s
		}
		return sl.With(s, "description", nil)
	}
	if d, ok := s.Get("description").StringValue(); ok && d == desc {
		return s // already says it
	}
	return sl.With(s, "description", sl.Str(desc))
}

// mergeInto replaces the union keyword kw of node by the flat object,
// merged with what node already says about objects. Every key the
// flattener does not own keeps its place.
func mergeInto(sl *jsonv.Slab, node *jsonv.Value, kw string, flat flatObject) *jsonv.Value {
	var room [16]jsonv.Member // most schemas have fewer members: no allocation
	ms := room[:0]
	for _, m := range node.Members {
		switch m.Key {
		case kw:
			switch {
			case !flat.typed || node.Get("type") != nil:
			case flat.nullable:
				ms = append(ms, jsonv.KV("type", sl.Strs([]string{"object", "null"})))
			default:
				ms = append(ms, jsonv.KV("type", strObject))
			}
			if node.Get("properties") == nil {
				ms = append(ms, jsonv.KV("properties", sl.Object(flat.props...)))
			}
			if node.Get("required") == nil && len(flat.required) > 0 {
				ms = append(ms, jsonv.KV("required", sl.Strs(flat.required)))
			}
			if flat.closed && node.Get("additionalProperties") == nil {
				ms = append(ms, jsonv.KV("additionalProperties", jsonv.False))
			}
			if flat.catchAll && node.Get("additionalProperties") == nil {
				ms = append(ms, jsonv.KV("additionalProperties", jsonv.True))
			}
		case "discriminator":
			// OpenAPI's discriminator describes the union being removed.
		case "description":
			if d, ok := m.Val.StringValue(); ok && flat.forms != "" {
				ms = append(ms, jsonv.KV(m.Key, sl.Str(jsonv.AppendSentence(d, flat.forms))))
			} else {
				ms = append(ms, m)
			}
		case "properties":
			ms = append(ms, jsonv.KV(m.Key, mergeProperties(m.Val, flat.props)))
		case "required":
			ms = append(ms, jsonv.KV(m.Key, mergeRequired(m.Val, flat.required)))
		case "additionalProperties":
			ap := m.Val
			if flat.closed {
				ap = jsonv.False
			}
			ms = append(ms, jsonv.KV(m.Key, ap))
		default:
			ms = append(ms, m)
		}
	}
	if flat.forms != "" && node.Get("description") == nil {
		ms = append(ms, jsonv.KV("description", sl.Str(flat.forms)))
	}
	return sl.Object(ms...)
}

// mergeProperties joins the properties beside a union with the flat ones.
// An instance must satisfy both, so either schema of a shared key is a
// sound choice: the flat one is kept (it names the variants), with the
// outer description when it has none.
func mergeProperties(outer *jsonv.Value, flat []jsonv.Member) *jsonv.Value {
	if !outer.IsObject() {
		return outer
	}
	out := jsonv.Object()
	fromFlat := map[string]*jsonv.Value{}
	for _, m := range flat {
		fromFlat[m.Key] = m.Val
	}
	for _, m := range outer.Members {
		s, ok := fromFlat[m.Key]
		if !ok {
			out.Members = append(out.Members, m)
			continue
		}
		delete(fromFlat, m.Key)
		if s.Get("description") == nil {
			if d := m.Val.Get("description"); d != nil && s.IsObject() {
				s = s.With("description", d)
			}
		}
		out.Members = append(out.Members, jsonv.KV(m.Key, s))
	}
	for _, m := range flat {
		if _, ok := fromFlat[m.Key]; ok {
			out.Members = append(out.Members, m)
		}
	}
	return out
}

func mergeRequired(outer *jsonv.Value, flat []string) *jsonv.Value {
	if outer.Kind != jsonv.KindArray {
		return outer
	}
	out := &jsonv.Value{Kind: jsonv.KindArray, Items: append([]*jsonv.Value(nil), outer.Items...)}
	present := make(map[string]bool, len(outer.Items))
	for _, it := range outer.Items {
		if s, ok := it.StringValue(); ok {
			present[s] = true
		}
	}
	for _, name := range flat {
		if !present[name] {
			out.Items = append(out.Items, jsonv.Str(name))
		}
	}
	return out
}
