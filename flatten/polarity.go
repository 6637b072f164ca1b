package flatten

import (
	"slices"

	"github.com/unionflat/unionflat/flatten/internal/jsonv"
)

// reach is the polarity of every $ref target of a document: the join of
// the polarities of the places that refer to it, each composed with the
// polarity of the path from the schema it stands in. A target reached
// from under not, under if, under contains beside maxContains or from
// inside the members of a oneOf that is kept is not positive: widening it
// would narrow, or shift, what those places accept, so its unions stay.
type reach struct {
	pol map[string]jsonv.Polarity // per target, the whole polarity
	why map[string]string         // per target that is not positive, a reason
	// positive: every target is positive, in a document where no
	// keyword narrows (see narrows) and no oneOf is kept; pol and why are
	// then left empty, and a target is walked in the position it is
	// found in, which is positive too.
	positive bool
}

// anchor is a schema on the path to a place, with the polarity of the
// path from it: the root, or a $ref target.
type anchor struct {
	ptr string
	pol jsonv.Polarity
	why string
}

type refSite struct {
	target  string
	at      string
	anchors []anchor
}

// reachOf computes the reach of every target in targets; kept holds the
// pointers of the oneOfs a pass kept (their members are two-sided).
func reachOf(root *jsonv.Value, targets *targetSet, kept map[string]string) reach {
	var sites []refSite
	ofTarget := make(map[string][]anchor, len(targets.m))
	// ptr is the bytes of v's pointer (see jsonv.EachSubschemaPath); kids
	// the stack of subschemas waiting to be walked, every level's.
	var kids []jsonv.Child
	var walk func(v *jsonv.Value, ptr []byte, path []anchor)
	walk = func(v *jsonv.Value, ptr []byte, path []anchor) {
		if !v.IsObject() {
			return
		}
		if targets.has(ptr) {
			p := string(ptr)
			path = append(slices.Clip(path), anchor{ptr: p, pol: jsonv.Positive})
			ofTarget[p] = path
		}
		if t, ok := jsonv.LocalPointer(v.Get("$ref")); ok {
			sites = append(sites, refSite{target: t, at: string(ptr), anchors: path})
		}
		for _, t := range targets.named[string(ptr)] {
			sites = append(sites, refSite{target: t, at: string(ptr), anchors: path})
		}
		_, isKept := kept[string(ptr)]
		start := len(kids)
		list, ok := jsonv.AppendChildren(kids, v)
		if !ok { // an unknown container: the walker that knows those
			jsonv.EachSubschemaPath(v, ptr, func(s *jsonv.Value, at jsonv.Sub, sub []byte) {
				walk(s, sub, anchorsBelow(at, isKept, path))
			})
			return
		}
		kids = list
		for i := start; i < len(kids); i++ {
			k := kids[i] // a copy: the levels below grow kids
			walk(k.Val, k.AppendPath(ptr, v), anchorsBelow(k.Sub(), isKept, path))
		}
		kids = kids[:start]
	}
	walk(root, make([]byte, 0, 256), []anchor{{ptr: "", pol: jsonv.Positive}})

	r := reach{pol: make(map[string]jsonv.Polarity, len(targets.m)+1), why: map[string]string{}}
	r.pol[""] = jsonv.Positive
	byAnchor := map[string][]int{}
	for i, s := range sites {
		for _, a := range s.anchors {
			byAnchor[a.ptr] = append(byAnchor[a.ptr], i)
		}
	}
	// via is the polarity of a place from its anchors, with the reason
	// when it is not positive, and whether that reason is local (the path
	// from an anchor) rather than one the anchor was reached with.
	via := func(path []anchor) (jsonv.Polarity, string, bool) {
		p, why, local := jsonv.Unreached, "", false
		for _, a := range path {
			q := r.pol[a.ptr].Then(a.pol)
			if q != jsonv.Positive && q != jsonv.Unreached && why == "" {
				why, local = a.why, a.why != ""
				if !local {
					why = r.why[a.ptr]
				}
			}
			p = p.Join(q)
		}
		return p, why, local
	}
	queue := []string{""}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		for _, i := range byAnchor[a] {
			s := sites[i]
			p, why, local := via(s.anchors)
			old := r.pol[s.target]
			if nw := old.Join(p); nw != old {
				r.pol[s.target] = nw
				if local {
					// Name the place where it stopped being positive.
					why = "reached by the $ref at #" + s.at + ", " + why
				}
				if nw != jsonv.Positive && r.why[s.target] == "" {
					r.why[s.target] = why
				}
				queue = append(queue, s.target)
			}
		}
	}
	full := reach{pol: make(map[string]jsonv.Polarity, len(ofTarget)), why: map[string]string{}}
	for t, path := range ofTarget {
		p, why, _ := via(path)
		full.pol[t] = p
		if p != jsonv.Positive && p != jsonv.Unreached {
			full.why[t] = why
		}
	}
	return full
}

// anchorsBelow is the path of anchors of subschema at of a schema whose
// path is path; kept says that schema's oneOf is kept (two-sided members).
func anchorsBelow(at jsonv.Sub, kept bool, path []anchor) []anchor {
	q, why := stepPolarity(at, kept && at.Key == "oneOf")
	if q == jsonv.Positive && !at.Defs && !at.Unknown {
		return path // nothing changes: share the path
	}
	next := make([]anchor, len(path))
	for i, a := range path {
		next[i] = a
		if at.Defs || at.Unknown {
			// Not applied where it stands: judged as if at the root, as
			// the walk flattens a definition nothing refers to. So a
			// place only dead code reaches is judged alike in every pass.
			next[i].pol, next[i].why = jsonv.Positive, ""
			continue
		}
		next[i].pol, next[i].why = compose(a.pol, a.why, q, why)
	}
	return next
}

// whyKeptOneOf is why a union inside a member of a oneOf that is kept
// stays as it is (the other reasons are the keyword table's: see
// jsonv.WhyNotPositive).
const whyKeptOneOf = "inside a member of a oneOf that is kept, widening would break its exclusivity"

// stepPolarity is the polarity of subschema at relative to the schema
// that holds it, with the reason when it is not positive; kept says at
// is a member of a oneOf that is kept (two-sided).
func stepPolarity(at jsonv.Sub, kept bool) (jsonv.Polarity, string) {
	if kept {
		return jsonv.KeptOneOfPolarity, whyKeptOneOf
	}
	return at.Pol, jsonv.WhyNotPositive(at.Key)
}

// compose is the polarity of a place of polarity q (reason qWhy) below a
// place of polarity p (reason why): the first reason on the path is the
// one kept, and a positive place has none.
func compose(p jsonv.Polarity, why string, q jsonv.Polarity, qWhy string) (jsonv.Polarity, string) {
	next := p.Then(q)
	switch {
	case next == jsonv.Positive:
		return next, ""
	case why == "":
		return next, qWhy
	}
	return next, why
}

// narrows reports the keywords whose subschemas may stand in a position
// that is not positive.
func narrows(key string) bool { return jsonv.WhyNotPositive(key) != "" }
