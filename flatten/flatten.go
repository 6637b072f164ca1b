package flatten

import (
	"bytes"
	"strconv"

	"github.com/unionflat/unionflat/flatten/internal/jsonv"
)

// MaxDepth is how deeply arrays and objects may nest in a document that
// [JSON] reads. Deeper input is a [*SyntaxError], never a stack overflow.
const MaxDepth = jsonv.MaxDepth

// SyntaxError reports input that is not one well-formed JSON document, or
// one that flatten refuses to read (duplicate keys, invalid UTF-8, nesting
// deeper than [MaxDepth]): the byte Offset at which the problem was found,
// and Msg, what it is. It is the error type of the JSON reader that the
// packages below flatten share, so that all of them report one type.
type SyntaxError = jsonv.SyntaxError

// Options tunes [JSON]. The zero value is the documented default.
type Options struct {
	// Indent, when set, writes every member and item on its own line,
	// indented by this string per level. Empty means compact output.
	Indent string
	// InlineRefs replaces every local $ref by the schema it names, except
	// where that schema refers back to itself (a recursive type): those
	// refs and their definitions stay, as do the refs past 2^20 values of
	// copies (see the package doc). Annotations beside a $ref win over
	// the target's. Root definitions nothing refers to any more are
	// dropped.
	InlineRefs bool
	// NullableTypes rewrites each nullable wrapper, anyOf (or oneOf)
	// [X, {"type": "null"}], as X with "null" added to its type (and to
	// its enum or const), so that no combinator is left for it. When X is
	// a $ref to a root definition (one InlineRefs keeps because it is
	// recursive), with nothing but annotations beside it, the wrapper
	// becomes a $ref to a nullable copy of that definition, added beside
	// it as <Name>OrNull, with those annotations. A wrapper whose X could
	// still reject null through another keyword (allOf, not, ...), or a
	// oneOf wrapper whose X may accept null, stays (see the package
	// documentation).
	NullableTypes bool
	// Strict drops the one reading of rule 3 that is not a literal
	// superset: a member that does not declare a property contributes
	// what it allows for it (its patternProperties and
	// additionalProperties; anything, when it is open) to the join, so
	// the flat schema accepts every instance the union accepts.
	Strict bool
}

// Result is a flattened document and what was noticed on the way.
type Result struct {
	// Schema is the flat document, UTF-8 JSON with object keys in a stable
	// order (see the package documentation).
	Schema []byte
	// Diagnostics lists every union that was left as it stood, in document
	// order, with the reason.
	Diagnostics []Diagnostic
}

// Diagnostic explains why one union was left unflattened.
type Diagnostic struct {
	// Pointer is the JSON Pointer (RFC 6901) of the schema holding the
	// union, in the input document; "" is the root. When the document had
	// to be flattened a second time (see the package documentation,
	// rule 8), it is a pointer into the flat document.
	Pointer string
	// Message is a sentence saying what stopped the flattening.
	Message string
}

func (d Diagnostic) String() string {
	at := d.Pointer
	if at == "" {
		at = "(root)"
	}
	return at + ": " + d.Message
}

// JSON flattens the JSON Schema document in data. It returns a
// [*SyntaxError] when data is not one well-formed JSON document; any JSON
// value is otherwise accepted (a document that is not a schema object is
// returned as it came). The input is never modified.
func JSON(data []byte, opts Options) (Result, error) {
	root, err := jsonv.Parse(data)
	if err != nil {
		return Result{}, err
	}
	fx := facts{noIdentifiers: !mayDeclareIdentifiers(data)}
	root, ignored := jsonv.WithoutIgnoredBesideRef(root)
	out, diags, copied := pipeline(root, opts, fx)
	if (opts.InlineRefs || opts.NullableTypes) && (len(diags) > 0 || copied && opts.InlineRefs) {
		// Inlining removes $refs that kept a union as it was (a $ref
		// into it, or from a place that is not positive), and the
		// nullable rewrite removes wrappers: the document may flatten
		// further. A nullable copy of a definition may leave the
		// definition recursive no more, for inlining to replace. Run
		// again until nothing changes, so that running once more changes
		// nothing. (Without a diagnostic or a copy, every union was
		// flattened and nothing is left to change.)
		last := jsonv.Encode(nil, out, "")
		for pass := 1; pass < maxPasses; pass++ {
			// Each pass reads the document as written: inlining shares
			// one copy among the places it went, which a walk that
			// remembers schemas by address would take for one place.
			// (Copies may nest deeper than the parser reads: then the
			// shared form it is.)
			again, err := jsonv.Parse(last)
			if err != nil {
				again = out
			}
			next, nextDiags, _ := pipeline(again, opts, fx)
			enc := jsonv.Encode(nil, next, "")
			if string(enc) == string(last) {
				break
			}
			out, diags, last = next, nextDiags, enc
		}
	}
	buf := jsonv.Encode(make([]byte, 0, len(data)+len(data)/4), out, opts.Indent)
	if opts.Indent != "" {
		buf = append(buf, '\n')
	}
	return Result{Schema: buf, Diagnostics: append(ignoredDiagnostics(ignored), diags...)}, nil
}

// ignoredDiagnostics says, of each schema of a draft 7 or older document
// that lost the keywords its draft ignores beside its $ref, which.
func ignoredDiagnostics(ignored []jsonv.Ignored) []Diagnostic {
	var out []Diagnostic
	for _, ig := range ignored {
		out = append(out, Diagnostic{Pointer: ig.Ptr, Message: ig.Message()})
	}
	return out
}

// pipeline is one run of every step the options ask for: flatten, inline,
// rewrite nullable wrappers.
func pipeline(root *jsonv.Value, opts Options, fx facts) (_ *jsonv.Value, _ []Diagnostic, copied bool) {
	out, diags := settle(root, opts, fx)
	if opts.InlineRefs {
		var more []jsonv.Diagnostic
		out, more = jsonv.InlineRefs(out)
		for _, d := range more {
			diags = append(diags, Diagnostic(d))
		}
	}
	if opts.NullableTypes {
		var more []jsonv.Diagnostic
		out, copied, more = jsonv.MergeNullable(out)
		for _, d := range more {
			diags = append(diags, Diagnostic(d))
		}
		if opts.InlineRefs {
			out = jsonv.PruneDefinitions(out) // a definition only its nullable copy used
		}
	}
	return out, diags, copied
}

// flattener holds the state of one run over one document.
type flattener struct {
	root *jsonv.Value
	// refTargets holds the decoded JSON Pointer of every local $ref in the
	// document. Those schemas are flattened once and remembered, so that a
	// union variant reached through a $ref is seen in its flat form.
	refTargets targetSet
	targets    []string // the pointers of refTargets, sorted, once needed
	memo       map[string]*jsonv.Value
	// busy holds the ref targets being flattened, each with the height of
	// the members stack when it began.
	busy map[string]int
	// members is a stack of the unions resolving their members, innermost
	// last. A member that resolves to a busy target closes a cycle: every
	// union on the stack since that target began is then recursive.
	members []*unionInProgress
	diags   []Diagnostic
	// unevaluated: the document says unevaluatedProperties somewhere, so
	// which keys a schema evaluates matters.
	unevaluated bool
	// depth counts the schema calls in progress, walk and $refs together.
	depth int
	// unsettled: this pass met something whose outcome depends on the
	// order of the walk (see settle).
	unsettled bool
	// strict: Options.Strict.
	strict bool
	// resources are the embedded resources (see resources).
	resources []string
	// reach is the polarity of every $ref target (see reachOf).
	reach reach
	// kept holds the oneOfs this pass left as they were, each with the
	// message that said why ("" when none did); keptBefore, those of the
	// rounds before (see onePass).
	kept, keptBefore map[string]string
	// recursive holds the unions left alone for being recursive, or for
	// the $refs that reach them, as this pass wrote them: a flat object
	// that copied one would see it flattened by the next pass.
	recursive map[*jsonv.Value]bool
	// reported holds the unions already noted as left alone.
	reported map[string]bool
	out      *jsonv.Value // the flat document, once the pass is done
	// kids is the stack of subschemas waiting to be walked (see
	// mapChildren).
	kids []jsonv.Child
	// slab holds what the pass makes of the flat document, in the order
	// it makes it (see jsonv.Slab).
	slab *jsonv.Slab
	facts
}

// facts are what JSON knows of its input before it parses it, which holds
// for every document the steps make of it too: they copy and move the
// input's keys, and add none of the ones facts are about.
type facts struct {
	// noIdentifiers: no object in the input has a key $id, $anchor or
	// $dynamicAnchor (see mayDeclareIdentifiers), so no union member
	// declares one.
	noIdentifiers bool
}

// mayDeclareIdentifiers reports whether the JSON text data may hold an
// object key $id, $anchor or $dynamicAnchor: whether one of them, or a
// \u escape, which could spell one, appears in it at all. One scan of the
// bytes for each spares a walk of every union member looking for them.
func mayDeclareIdentifiers(data []byte) bool {
	for _, s := range []string{`\u`, "$id", "$anchor", "$dynamicAnchor"} {
		if bytes.Contains(data, []byte(s)) {
			return true
		}
	}
	return false
}

// alwaysReach makes every pass walk for the reach of its targets, even
// where no keyword narrows and reach.positive would do: the tests
// compare both ways.
var alwaysReach bool

// maxSchemaDepth bounds how deeply schema calls nest. A document nests at
// most MaxDepth levels, but each $ref resolved on the way (a union member,
// a joined property) flattens its target first, so a chain of $refs could
// otherwise nest without bound and overflow the stack.
const maxSchemaDepth = 4 * jsonv.MaxDepth

// maxPasses bounds how often settle flattens its own output.
const maxPasses = 8

// settle flattens the document from root. One pass is final unless it met
// what the order of the walk decides: a $ref into a union (the union
// stays; the $ref may not survive the pass), a local $ref to nothing
// (flattening may create its target), a union left alone for the $refs
// that reach it (the pass may remove the place they come from), or $refs
// nested deeper than maxSchemaDepth. Then the output is flattened again until it no longer
// changes, so that flattening it once more changes nothing. Diagnostics
// are those of the first pass, unless a later pass changed the document:
// then those of the last pass, with pointers into the flat document.
func settle(root *jsonv.Value, opts Options, fx facts) (*jsonv.Value, []Diagnostic) {
	f := onePass(root, opts, fx)
	out, diags, unsettled := f.out, f.diags, f.unsettled
	for pass := 1; unsettled && pass < maxPasses; pass++ {
		g := onePass(out, opts, fx)
		if g.out == out {
			break
		}
		out, diags, unsettled = g.out, g.diags, g.unsettled
	}
	return out, diags
}

// maxKeptRounds bounds how often one pass starts again because a oneOf it
// kept holds a $ref whose target the pass widened.
const maxKeptRounds = 8

// onePass flattens the document once. The polarity of every $ref target
// depends on which oneOfs are kept (their members are two-sided), which
// only the pass itself finds out: when a kept oneOf changes the polarity
// of some target, the pass starts again knowing it.
func onePass(root *jsonv.Value, opts Options, fx facts) *flattener {
	kept := map[string]string{}
	var f *flattener
	for round := 0; round < maxKeptRounds; round++ {
		f = newFlattener(root, kept)
		f.strict = opts.Strict
		f.facts = fx
		f.out = f.schema(root, make([]byte, 0, 256), walkState{pol: jsonv.Positive})
		grew := false
		for p, why := range f.kept {
			if _, ok := kept[p]; !ok {
				kept[p], grew = why, true
			}
		}
		if !grew {
			break
		}
		cur := f.reach
		if cur.positive { // not computed: as reachOf says with no oneOf kept
			cur = reachOf(root, &f.refTargets, map[string]string{})
		}
		if next := reachOf(root, &f.refTargets, kept); samePolarities(next, cur) {
			break
		}
	}
	return f
}

func samePolarities(a, b reach) bool {
	if len(a.pol) != len(b.pol) {
		return false
	}
	for t, p := range a.pol {
		if q, ok := b.pol[t]; !ok || widenable(p) != widenable(q) {
			return false
		}
	}
	return true
}

func newFlattener(root *jsonv.Value, kept map[string]string) *flattener {
	f := &flattener{
		root:       root,
		kept:       map[string]string{},
		keptBefore: kept,
		refTargets: targetSet{m: map[string]bool{}},
		busy:       map[string]int{},
		reported:   map[string]bool{},
		recursive:  map[*jsonv.Value]bool{},
		slab:       new(jsonv.Slab),
	}
	ids, narrowing, named := f.collectRefs(root)
	if ids {
		f.resources = jsonv.Resources(root)
	}
	if named || ids {
		// Some reference names its target otherwise than by a plain
		// pointer: what each may name is a target too, so that the reach
		// of a place misses none of the references that reach it.
		f.refTargets.named = jsonv.NamedTargets(root)
		for _, targets := range f.refTargets.named {
			for _, t := range targets {
				f.refTargets.add(t)
			}
		}
	}
	f.memo = make(map[string]*jsonv.Value, len(f.refTargets.m)) // one entry a target
	if narrowing || len(kept) > 0 || alwaysReach {
		f.reach = reachOf(root, &f.refTargets, kept)
	} else {
		// No schema position is negative or two-sided, so every target
		// is positive; the walk, which then only ever is in a positive
		// position (or in a definition nothing refers to, which is alike),
		// needs no walk of its own to know it.
		f.reach = reach{positive: true}
	}
	return f
}

// collectRefs notes every local $ref target, and whether the document
// says unevaluatedProperties, in every schema (data keywords are data).
// It reports whether a schema below the root declares $id (then the
// document has embedded resources: see jsonv.Resources), whether some
// schema holds a keyword whose subschemas are not in a positive position
// (see narrows), and whether some reference names its target otherwise
// than by a plain pointer (see jsonv.NamedTargets).
func (f *flattener) collectRefs(root *jsonv.Value) (ids, narrowing, named bool) {
	jsonv.EachSchemaValue(root, func(s *jsonv.Value) bool {
		for _, m := range s.Members {
			switch m.Key {
			case "$ref":
				if p, ok := jsonv.LocalPointer(m.Val); ok {
					f.refTargets.add(p)
				} else {
					named = true
				}
			case "$dynamicRef", "$recursiveRef":
				named = true
			case "unevaluatedProperties":
				f.unevaluated = true
			case "$id":
				ids = ids || s != root
			default:
				narrowing = narrowing || narrows(m.Key)
			}
		}
		return true
	})
	return ids, narrowing, named
}

// targetSet is the set of a document's $ref target pointers, with a
// filter by length in front of its map: the walks ask about every schema,
// most pointers are shorter or longer than every target, and the map of a
// large document's targets does not stay in the processor's cache.
type targetSet struct {
	m    map[string]bool
	lens []bool // lens[n]: some target is n bytes long
	// named maps the pointer of every schema whose reference names its
	// target otherwise than by a plain pointer to what it may name (see
	// jsonv.NamedTargets); nil when there is none.
	named map[string][]string
}

func (t *targetSet) add(ptr string) {
	t.m[ptr] = true
	if len(ptr) >= len(t.lens) {
		t.lens = append(t.lens, make([]bool, len(ptr)+1-len(t.lens))...)
	}
	t.lens[len(ptr)] = true
}

// has reports whether the pointer spelled by path is a target.
func (t *targetSet) has(path []byte) bool {
	return len(path) < len(t.lens) && t.lens[len(path)] && t.m[string(path)]
}

func (f *flattener) note(ptr, msg string) {
	f.diags = append(f.diags, Diagnostic{Pointer: ptr, Message: msg})
}

// walkState is what the walk knows about the position it is in.
type walkState struct {
	pol jsonv.Polarity
	why string // when pol is not positive: what made it so
	// unknown: under a keyword that is not a schema keyword, where only
	// $ref targets are flattened.
	unknown bool
	// viaRef: the polarity comes from the $refs that reach a target
	// above, not from the schema itself; a copy of it elsewhere would be
	// widened.
	viaRef bool
}

// widenable reports whether a union in a position of polarity p may be
// flattened: a positive one, or a definition nothing refers to.
func widenable(p jsonv.Polarity) bool { return p == jsonv.Positive || p == jsonv.Unreached }

// below is the state of subschema at of a schema in state w.
func (w walkState) below(at jsonv.Sub, kept bool) walkState {
	switch {
	case at.Unknown:
		return walkState{pol: jsonv.Unreached, unknown: true}
	case at.Defs:
		return walkState{pol: jsonv.Unreached}
	}
	q, why := stepPolarity(at, kept)
	p := w.pol
	if p == jsonv.Unreached {
		p = jsonv.Positive // an unreferenced definition: as if at the root
	}
	next := walkState{viaRef: w.viaRef}
	next.pol, next.why = compose(p, w.why, q, why)
	return next
}

// schema returns the flat form of the schema v found at the JSON Pointer
// path: its subschemas first (bottom-up), then v itself when it holds a
// union. In a position that is not positive, v stays as it is.
//
// path is the pointer's bytes, which the walk appends its subschemas'
// tokens to (see jsonv.MapSubschemasPath): what keeps it copies it.
func (f *flattener) schema(v *jsonv.Value, path []byte, w walkState) *jsonv.Value {
	if !v.IsObject() {
		return v // boolean schemas and non-schemas pass through
	}
	if f.depth >= maxSchemaDepth {
		f.unsettled = true
		return v // too deep through $refs: left for the next pass
	}
	f.depth++
	defer func() { f.depth-- }()
	target := f.refTargets.has(path)
	var ptr string
	if target {
		ptr = string(path)
		if done, ok := f.memo[ptr]; ok {
			return done
		}
		if _, busy := f.busy[ptr]; busy {
			return v // a $ref cycle: the caller sees the schema unflattened
		}
		f.busy[ptr] = len(f.members)
		defer delete(f.busy, ptr)
		if p, reached := f.reach.pol[ptr]; reached && p != jsonv.Unreached {
			w = walkState{pol: p, why: f.reach.why[ptr], viaRef: !widenable(p)}
		} else if w.unknown {
			w = walkState{pol: jsonv.Unreached}
		}
	}
	var out *jsonv.Value
	switch {
	case w.unknown:
		out = f.children(v, path, w)
	case !widenable(w.pol):
		out = f.unwidened(v, path, w)
	default:
		out = f.flattenHere(v, path, w)
	}
	if target {
		f.memo[ptr] = out
	}
	return out
}

// children flattens every subschema of v, sharing what did not change.
func (f *flattener) children(v *jsonv.Value, path []byte, w walkState) *jsonv.Value {
	return f.mapChildren(v, path, w, false)
}

// mapChildren flattens every subschema of v, a schema in state w,
// sharing what did not change; with keptOneOf, v's oneOf is kept (its
// members are two-sided). The children wait on f.kids, a stack every
// level of the walk shares, so that visiting a schema allocates nothing
// but what changes.
func (f *flattener) mapChildren(v *jsonv.Value, path []byte, w walkState, keptOneOf bool) *jsonv.Value {
	start := len(f.kids)
	kids, ok := jsonv.AppendChildren(f.kids, v)
	if !ok {
		return f.mapSubschemas(v, path, w, keptOneOf)
	}
	f.kids = kids
	for i := start; i < len(f.kids); i++ {
		k := f.kids[i] // a copy: the levels below grow f.kids
		f.kids[i].Out = f.schema(k.Val, k.AppendPath(path, v), w.below(k.Sub(), keptOneOf && k.Key == "oneOf"))
	}
	out := jsonv.ReplaceChildren(f.slab, v, f.kids[start:])
	f.kids = f.kids[:start]
	return out
}

// mapSubschemas is mapChildren for a schema that holds an unknown
// container, through the walker that knows those.
func (f *flattener) mapSubschemas(v *jsonv.Value, path []byte, w walkState, keptOneOf bool) *jsonv.Value {
	return jsonv.MapSubschemasPath(v, path, func(s *jsonv.Value, at jsonv.Sub, sub []byte) *jsonv.Value {
		return f.schema(s, sub, w.below(at, keptOneOf && at.Key == "oneOf"))
	})
}

// flattenHere flattens v's subschemas, then v's union. A oneOf that is
// kept keeps its members exactly as they were: widening one of them
// could make two match.
func (f *flattener) flattenHere(v *jsonv.Value, path []byte, w walkState) *jsonv.Value {
	mark := len(f.diags)
	out := f.children(v, path, w)
	if out.Get("oneOf") == nil && out.Get("anyOf") == nil {
		return out // no union here (union would say the same)
	}
	ptr := string(path)
	if flat, ok := f.union(out, ptr); ok {
		return flat
	}
	one := v.Get("oneOf")
	if one == nil || one.Kind != jsonv.KindArray {
		return out
	}
	if f.nullSafe(one, out.Get("oneOf")) {
		return out
	}
	f.kept[ptr] = ""
	for _, d := range f.diags[mark:] {
		if d.Pointer == ptr {
			f.kept[ptr] = d.Message
		}
	}
	if got := out.Get("oneOf"); got == one {
		return out
	}
	// Take back what the members' walk said and did, and say instead why
	// their unions stay.
	var others []Diagnostic
	for _, d := range f.diags[mark:] {
		if jsonv.Within(d.Pointer, ptr+"/oneOf") {
			delete(f.reported, d.Pointer)
		} else {
			others = append(others, d)
		}
	}
	f.diags = f.diags[:mark]
	for i, m := range one.Items {
		f.leaveAlone(m, ptr+"/oneOf/"+strconv.Itoa(i), whyKeptOneOf)
	}
	f.diags = append(f.diags, others...)
	return f.slab.With(out, "oneOf", one)
}

// unwidened walks a schema in a position where widening is not sound: its
// union stays, and so do the members of its oneOf (narrowing one could
// make two match); a subschema under one more not is positive again.
func (f *flattener) unwidened(v *jsonv.Value, path []byte, w walkState) *jsonv.Value {
	ptr := string(path)
	f.noteLeftAlone(v, ptr, w.why)
	if w.viaRef {
		// Left alone for the $refs that reach it: if this pass removes
		// the place that made them non-positive (a kept oneOf joined
		// into a wider property), the next pass judges it again.
		f.unsettled = true
		if looksLikeUnion(v) {
			f.recursive[v] = true
		}
	}
	if one := v.Get("oneOf"); one != nil && one.Kind == jsonv.KindArray {
		if _, ok := f.kept[ptr]; !ok {
			f.kept[ptr] = ""
		}
	}
	return f.mapChildren(v, path, w, true)
}

func (f *flattener) noteLeftAlone(s *jsonv.Value, at, why string) {
	if !looksLikeUnion(s) || f.reported[at] {
		return
	}
	f.reported[at] = true
	if msg := f.keptBefore[at]; msg != "" {
		f.note(at, msg) // kept for a reason of its own
	} else {
		f.note(at, "union left as is: "+why)
	}
}

// leaveAlone notes every union in v, a schema in a position where
// widening is not sound, once.
func (f *flattener) leaveAlone(v *jsonv.Value, ptr, why string) {
	jsonv.EachSchema(v, ptr, func(s *jsonv.Value, at string) bool {
		f.noteLeftAlone(s, at, why)
		return true
	})
}

// nullSafe reports whether a kept oneOf is a nullable wrapper, [X, {type:
// null}], whose X widened (to flat) still rejects null: then the members
// stay exclusive, and the widening stands.
func (f *flattener) nullSafe(orig, flat *jsonv.Value) bool {
	if flat == nil || flat.Kind != jsonv.KindArray || len(flat.Items) != len(orig.Items) {
		return false
	}
	inner := jsonv.NullableBranch(flat.Items)
	if inner == nil {
		return false
	}
	s := f.deref(inner)
	if s == nil || !s.IsObject() {
		return false
	}
	t := s.Get("type")
	return t != nil && jsonv.TypeRejectsNull(t)
}

// looksLikeUnion reports whether s has a oneOf or anyOf of two or more
// members that is not a nullable wrapper around one schema.
func looksLikeUnion(s *jsonv.Value) bool {
	for _, kw := range []string{"oneOf", "anyOf"} {
		list := s.Get(kw)
		if list == nil || list.Kind != jsonv.KindArray {
			continue
		}
		others := 0
		for _, m := range list.Items {
			if !jsonv.IsNullSchema(m) {
				others++
			}
		}
		if others >= 2 {
			return true
		}
	}
	return false
}

// resolve follows a local $ref to the flat form of its target. It returns
// nil for a reference that is not local or names nothing.
func (f *flattener) resolve(ref *jsonv.Value) *jsonv.Value {
	ptr, ok := jsonv.LocalPointer(ref)
	if !ok {
		return nil
	}
	if done, ok := f.memo[ptr]; ok && f.depth < maxSchemaDepth {
		return done // what schema would answer, without looking it up again
	}
	target := jsonv.Lookup(f.root, ptr)
	if target == nil {
		f.unsettled = true
		return nil
	}
	return f.schema(target, append(make([]byte, 0, len(ptr)+128), ptr...), walkState{pol: jsonv.Unreached})
}

// deref follows $ref chains from s (at most a fixed number of hops) and
// returns the schema they end at, or nil when a reference cannot be
// resolved. A schema with keywords beside its $ref is returned as is.
//
// A reference to a target still being flattened closes a cycle through
// union members; deref marks the unions on it recursive and returns nil.
func (f *flattener) deref(s *jsonv.Value) *jsonv.Value {
	for range 32 {
		ref := s.Get("$ref")
		if ref == nil || !jsonv.OnlyAnnotationsBeside(s, "$ref") {
			return s
		}
		if ptr, ok := jsonv.LocalPointer(ref); ok {
			if height, busy := f.busy[ptr]; busy {
				for _, u := range f.members[height:] {
					u.recursive = true
				}
				return nil
			}
		}
		if s = f.resolve(ref); s == nil {
			return nil
		}
	}
	return nil
}

// Reformat rewrites a JSON document in the layout [JSON] writes (indented
// by indent, or compact when indent is empty), keeping key order and
// number text. It is the same encoder, so a document and its flat form
// read alike. It lives here, beside [JSON], rather than in the generator or
// in a package below flatten: the generator formats documents with it and
// so may the packages below flatten, and neither has to reach into the
// other (both already import flatten).
func Reformat(data []byte, indent string) ([]byte, error) {
	root, err := jsonv.Parse(data)
	if err != nil {
		return nil, err
	}
	buf := jsonv.Encode(make([]byte, 0, len(data)+len(data)/4), root, indent)
	if indent != "" {
		buf = append(buf, '\n')
	}
	return buf, nil
}
