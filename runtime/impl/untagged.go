package impl

import (
	"slices"
	"strings"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// Forms describes an untagged union for [Decoder.Pick]: the JSON type
// each variant is read from and, for an object variant, the keys it
// requires and those it declares. The generator has proved that no
// value fits two variants.
type Forms struct {
	// Types are the variants' JSON types, in order: "string", "number",
	// "integer", "boolean", "array" or "object".
	Types []string
	// Required lists the keys each object variant requires; Declared the
	// keys it declares, nil when it takes any key. Other variants have
	// nil in both.
	Required, Declared [][]string
}

// Pick returns the index of the variant v is read as, or -1 when none
// can take it, which it reports. A value is read as the variant of its
// JSON type; an object as the one variant whose required keys it has
// all. A string where no variant is a string goes to the one variant
// there is besides objects, whose decoder reads a quoted number or
// boolean or reports it; or, where every variant is an object, it is
// parsed as an object, if it holds one, and picked by its keys.
func (d *Decoder) Pick(v Value, f *Forms) int {
	got := kindNames[d.kindOf(v)]
	got = got[strings.IndexByte(got, ' ')+1:] // "a number" is "number"
	var objects, others []int
	for i, t := range f.Types {
		switch {
		case t == "object":
			objects = append(objects, i)
		case t == got, t == "integer" && got == "number":
			return i
		default:
			others = append(others, i)
		}
	}
	switch {
	case got == "string" && len(objects) == 0 && len(others) == 1:
		return others[0]
	case len(objects) == 0, got != "object" && (got != "string" || len(others) > 0):
		d.mismatch(v, f.want())
		return -1
	case len(objects) == 1:
		return objects[0] // its decoder reads the object, or says what is wrong
	}
	obj, ok := d.Object(v)
	if !ok {
		return -1
	}
	var keys, valued []string // every key, and those whose value is not null
	for k, val := range d.Members(obj) {
		keys = append(keys, string(k))
		if d.kindOf(val) != nodeNull {
			valued = append(valued, string(k))
		}
	}
	if i, ok := f.byKeys(keys, objects); ok {
		return i
	}
	if d.lenient&NullAsAbsent != 0 { // openai-strict sends every key, null for those left out
		if i, ok := f.byKeys(valued, objects); ok {
			return i
		}
	}
	d.report(unionflat.Error{Kind: unionflat.KindType, Want: f.objectForms(objects), Got: withKeys(keys)})
	return -1
}

// byKeys is the object variant whose required keys are all among keys
// and which declares every key: at most one, by the generator's proof.
// Failing that, the one variant whose required keys are all there, whose
// decoder then names the keys it does not declare; or the one closed
// variant that declares every key, whose decoder names the keys it
// misses. Those two only choose which problems are told: no variant
// takes the object.
func (f *Forms) byKeys(keys []string, objects []int) (int, bool) {
	var complete, declaring []int
	for _, i := range objects {
		required, declared := containsAll(keys, f.Required[i]), f.Declared[i] != nil && containsAll(f.Declared[i], keys)
		switch {
		case required && (declared || f.Declared[i] == nil):
			return i, true
		case required:
			complete = append(complete, i)
		case declared:
			declaring = append(declaring, i)
		}
	}
	switch {
	case len(complete) == 1:
		return complete[0], true
	case len(complete) == 0 && len(declaring) == 1 && len(keys) > 0:
		return declaring[0], true
	}
	return -1, false
}

func containsAll(set, items []string) bool {
	for _, it := range items {
		if !slices.Contains(set, it) {
			return false
		}
	}
	return true
}

// want is every JSON type the union takes: "a string or an object".
func (f *Forms) want() string {
	var types []string
	for _, t := range f.Types {
		a := article(t)
		if !slices.Contains(types, a) {
			types = append(types, a)
		}
	}
	return strings.Join(types, " or ")
}

// objectForms says which keys select each object variant: "an object
// with item_id, or an object with owner, repo and issue_number".
func (f *Forms) objectForms(objects []int) string {
	var forms []string
	for _, i := range objects {
		forms = append(forms, withKeys(f.Required[i]))
	}
	return strings.Join(forms, ", or ")
}

// withKeys is "an object with a, b and c", or "an empty object".
func withKeys(keys []string) string {
	switch len(keys) {
	case 0:
		return "an empty object"
	case 1:
		return "an object with " + keys[0]
	}
	return "an object with " + strings.Join(keys[:len(keys)-1], ", ") + " and " + keys[len(keys)-1]
}

// article is "a string", "an integer", "an object".
func article(t string) string {
	if strings.ContainsRune("aeiou", rune(t[0])) {
		return "an " + t
	}
	return "a " + t
}
