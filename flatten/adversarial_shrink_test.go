package flatten_test

import (
	"maps"
	"slices"

	"github.com/unionflat/unionflat/internal/schematest"
)

// shrinkFailure makes a failure's reproduction small: it removes what it
// can from the instance, then from the schema, keeping each step only
// when the same kind of failure under the same options remains. It gives
// up after the given number of attempts and returns the smallest
// reproduction found (the failure itself when none).
func shrinkFailure(f adversarialFailure, attempts int) adversarialFailure {
	if attempts <= 0 {
		return f
	}
	best := f
	try := func(schema, instance []byte) bool {
		attempts--
		detail, ok := reproduces(f.kind, f.row, schema, instance)
		if ok {
			best.schema, best.instance, best.detail = schema, instance, detail
		}
		return ok
	}
	schema := mustParse(f.schema)
	if !try(schematest.Marshal(schema), f.instance) {
		return f // the failure depends on the key order that re-encoding loses
	}
	if f.instance != nil {
		// The instance first, on a quarter of the attempts: a smaller one
		// needs less of the schema.
		quarter := attempts / 4
		attempts -= quarter
		shrinkValue(mustParse(f.instance), &quarter, func(v any) bool { return try(best.schema, schematest.Marshal(v)) })
		attempts += quarter
	}
	shrinkValue(schema, &attempts, func(v any) bool { return try(schematest.Marshal(v), best.instance) })
	return best
}

// reproduces reports whether schema (with instance, for rejections) still
// shows a failure of the given kind under row r, with its detail.
func reproduces(kind failureKind, r int, schema, instance []byte) (string, bool) {
	row := adversarialRows[r]
	orig, compiles := tryCompile(mustParse(schema))
	if kind == failPanic || kind == failError {
		k, detail, _ := judgeRun(schema, row.opts, compiles)
		return detail, k == kind
	}
	if !compiles {
		return "", false
	}
	k, detail, out := judgeRun(schema, row.opts, true)
	if kind != failNoCompile && kind != failRejected && kind != failRule3 {
		return detail, k == kind
	}
	if out == nil {
		return "", false
	}
	flat, err := compileOutput(out)
	if kind == failNoCompile {
		return noCompileDetail(out, err), err != nil
	}
	if err != nil {
		return "", false
	}
	inst, err := schematest.Parse(instance)
	if err != nil || orig.Validate(inst) != nil {
		return "", false
	}
	verr := flat.Validate(inst)
	if verr == nil {
		return "", false
	}
	rule3 := rule3Rejection(newMemberJudge(schema), flat, inst)
	return rejectionDetail(out, verr), rule3 == (kind == failRule3)
}

// shrinkValue greedily applies reductions of v that keep keep true,
// largest first, until a whole round of them fails or the attempts run
// out. After a success the next round resumes at the same place in the
// list, so that each round costs about one try per reduction.
func shrinkValue(v any, attempts *int, keep func(any) bool) any {
	start := 0
	for *attempts > 0 {
		list := reductions(v)
		progress := false
		for i := range list {
			if *attempts <= 0 {
				break
			}
			c := list[(start+i)%len(list)]
			if keep(c.value) {
				v, progress, start = c.value, true, (start+i)%len(list)
				break
			}
		}
		if !progress {
			break
		}
	}
	return v
}

type reduction struct {
	value   any
	removed int
}

// reductions lists the values one step smaller than v: a key or an item
// deleted, or a node replaced by one of its children, largest first.
func reductions(v any) []reduction {
	var out []reduction
	var walk func(node any, rebuild func(any) any)
	walk = func(node any, rebuild func(any) any) {
		switch n := node.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(n)) {
				child := n[k]
				out = append(out, reduction{rebuild(withoutKey(n, k)), size(child) + 1})
				if isContainer(child) {
					out = append(out, reduction{rebuild(child), size(node) - size(child)})
				}
				walk(child, func(c any) any { return rebuild(withKey(n, k, c)) })
			}
		case []any:
			for i, child := range n {
				out = append(out, reduction{rebuild(slices.Delete(slices.Clone(n), i, i+1)), size(child)})
				if isContainer(child) {
					out = append(out, reduction{rebuild(child), size(node) - size(child)})
				}
				walk(child, func(c any) any {
					cp := slices.Clone(n)
					cp[i] = c
					return rebuild(cp)
				})
			}
		}
	}
	walk(v, func(c any) any { return c })
	slices.SortStableFunc(out, func(a, b reduction) int { return b.removed - a.removed })
	return out
}

func isContainer(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

func size(v any) int {
	return len(schematest.Marshal(v))
}

func withoutKey(m map[string]any, k string) map[string]any {
	out := maps.Clone(m)
	delete(out, k)
	return out
}

func withKey(m map[string]any, k string, v any) map[string]any {
	out := withoutKey(m, k)
	out[k] = v
	return out
}
