package flatten

import "slices"

// reach is the polarity of every $ref target of a document: the join of
// the polarities of the places that refer to it, each composed with the
// polarity of the path from the schema it stands in. A target reached
// from under not, under if, under contains beside maxContains or from
// inside the members of a oneOf that is kept is not positive: widening it
// would narrow, or shift, what those places accept, so its unions stay.
type reach struct {
	pol map[string]polarity // per target, the whole polarity
	why map[string]string   // per target that is not positive, a reason
}

// anchor is a schema on the path to a place, with the polarity of the
// path from it: the root, or a $ref target.
type anchor struct {
	ptr string
	pol polarity
	why string
}

type refSite struct {
	target  string
	at      string
	anchors []anchor
}

// reachOf computes the reach of every target in targets; kept holds the
// pointers of the oneOfs a pass kept (their members are two-sided).
func reachOf(root *value, targets map[string]bool, kept map[string]string) reach {
	var sites []refSite
	ofTarget := map[string][]anchor{}
	var walk func(v *value, ptr string, path []anchor)
	walk = func(v *value, ptr string, path []anchor) {
		if !v.isObject() {
			return
		}
		if targets[ptr] {
			path = append(slices.Clip(path), anchor{ptr: ptr, pol: positive})
			ofTarget[ptr] = path
		}
		if t, ok := localPointer(v.get("$ref")); ok {
			sites = append(sites, refSite{target: t, at: ptr, anchors: path})
		}
		eachSubschema(v, ptr, func(s *value, at sub) {
			q, why := at.pol, whyPolarity(v, at.key)
			if _, k := kept[ptr]; k && at.key == "oneOf" {
				q, why = keptOneOfPolarity, whyKeptOneOf
			}
			if q == positive && !at.defs && !at.unknown {
				walk(s, at.ptr, path) // nothing changes: share the path
				return
			}
			next := make([]anchor, len(path))
			for i, a := range path {
				next[i] = a
				switch {
				case at.defs || at.unknown:
					// Not applied where it stands: judged as if at the
					// root, as the walk flattens a definition nothing
					// refers to. So a place only dead code reaches is
					// judged alike in every pass.
					next[i].pol, next[i].why = positive, ""
				default:
					next[i].pol = a.pol.then(q)
					if next[i].pol == positive {
						next[i].why = ""
					} else if next[i].why == "" {
						next[i].why = why
					}
				}
			}
			walk(s, at.ptr, next)
		})
	}
	walk(root, "", []anchor{{ptr: "", pol: positive}})

	r := reach{pol: map[string]polarity{"": positive}, why: map[string]string{}}
	byAnchor := map[string][]int{}
	for i, s := range sites {
		for _, a := range s.anchors {
			byAnchor[a.ptr] = append(byAnchor[a.ptr], i)
		}
	}
	// via is the polarity of a place from its anchors, with the reason
	// when it is not positive, and whether that reason is local (the path
	// from an anchor) rather than one the anchor was reached with.
	via := func(path []anchor) (polarity, string, bool) {
		p, why, local := unreached, "", false
		for _, a := range path {
			q := r.pol[a.ptr].then(a.pol)
			if q != positive && q != unreached && why == "" {
				why, local = a.why, a.why != ""
				if !local {
					why = r.why[a.ptr]
				}
			}
			p = p.join(q)
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
			if nw := old.join(p); nw != old {
				r.pol[s.target] = nw
				if local {
					// Name the place where it stopped being positive.
					why = "reached by the $ref at #" + s.at + ", " + why
				}
				if nw != positive && r.why[s.target] == "" {
					r.why[s.target] = why
				}
				queue = append(queue, s.target)
			}
		}
	}
	full := reach{pol: map[string]polarity{}, why: map[string]string{}}
	for t, path := range ofTarget {
		p, why, _ := via(path)
		full.pol[t] = p
		if p != positive && p != unreached {
			full.why[t] = why
		}
	}
	return full
}

// The reasons a union is left as it stands in a position that is not
// positive.
const (
	whyNot       = "under not, widening would narrow"
	whyIf        = "under if, widening would move instances from else to then"
	whyContains  = "under contains beside maxContains, widening would count more items"
	whyKeptOneOf = "inside a member of a oneOf that is kept, widening would break its exclusivity"
)

// whyPolarity says why keyword key of v is not a positive position.
func whyPolarity(v *value, key string) string {
	switch key {
	case "not":
		return whyNot
	case "if":
		return whyIf
	case "contains":
		return whyContains
	}
	return ""
}
