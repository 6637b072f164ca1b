package schematest

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// GoValues draws random Go values of any type the generator supports, for
// the property tests of output schemas and EncodeT: every field of every
// struct, nil and empty slices, maps and pointers, every variant of the
// unions it is told about, extreme numbers and durations, times in any
// year encoding/json can write. Values are deterministic for a seed.
//
// Most values break some rule of a jsonschema tag (a minLength, an enum);
// strings are drawn from Strings half the time, so that values that pass
// Validate are common too.
type GoValues struct {
	// Variants lists, by union interface type, a zero value of each
	// variant: a struct, or a nil pointer to one for a pointer variant.
	Variants map[reflect.Type][]any
	// Strings are strings worth drawing often: enum values, patterns'
	// matches, a union's discriminator values.
	Strings []string
	// Fields fixes the values a field may take, by "Type.Field" (Go
	// names), each converted to the field's type: a variant's own
	// discriminator field, which its MarshalJSON writes as it stands once
	// it is not empty, or values near a rule's edge.
	Fields map[string][]any
	// MaxDepth bounds nesting; 0 means 4.
	MaxDepth int
	// NilOneIn is how rarely a pointer, slice, map or union is nil: one
	// time in NilOneIn; 0 means 3.
	NilOneIn int

	rnd *rand.Rand
}

// NewGoValues returns a generator deterministic for seed.
func NewGoValues(seed uint64, variants map[reflect.Type][]any) *GoValues {
	return &GoValues{Variants: variants, rnd: rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))}
}

// Fill sets *ptr to a random value of its type.
func (g *GoValues) Fill(ptr any) {
	v := reflect.ValueOf(ptr).Elem()
	g.value(v, 0)
}

var (
	timeType     = reflect.TypeFor[time.Time]()
	durationType = reflect.TypeFor[time.Duration]()
	rawType      = reflect.TypeFor[json.RawMessage]()
)

// isNil decides that a pointer, slice, map or union is nil.
func (g *GoValues) isNil() bool {
	n := g.NilOneIn
	if n <= 0 {
		n = 3
	}
	return g.rnd.IntN(n) == 0
}

func (g *GoValues) maxDepth() int {
	if g.MaxDepth > 0 {
		return g.MaxDepth
	}
	return 4
}

// value sets v, a settable value, at a nesting depth.
func (g *GoValues) value(v reflect.Value, depth int) {
	t := v.Type()
	switch {
	case t == timeType:
		v.Set(reflect.ValueOf(g.time()))
		return
	case t == durationType:
		v.SetInt(g.int64())
		return
	case t == rawType:
		raws := []string{"", "null", "1", `"s"`, `{"a":[true,null]}`, "[]", "-0.5e3"}
		if r := raws[g.rnd.IntN(len(raws))]; r != "" {
			v.SetBytes([]byte(r))
		}
		return
	case IsNullable(t):
		g.nullable(v, depth)
		return
	}
	switch t.Kind() {
	case reflect.String:
		v.SetString(g.string())
	case reflect.Bool:
		v.SetBool(g.rnd.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(g.intOf(t.Bits()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(g.uintOf(t.Bits()))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(g.float(t.Bits()))
	case reflect.Pointer:
		if depth >= g.maxDepth() || g.isNil() {
			return // nil
		}
		p := reflect.New(t.Elem())
		g.value(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		g.slice(v, depth)
	case reflect.Array:
		for i := range v.Len() {
			g.value(v.Index(i), depth+1)
		}
	case reflect.Map:
		g.mapOf(v, depth)
	case reflect.Struct:
		g.structOf(v, depth)
	case reflect.Interface:
		g.variant(v, depth)
	}
}

func (g *GoValues) slice(v reflect.Value, depth int) {
	t := v.Type()
	switch {
	case g.isNil():
		return
	case g.rnd.IntN(4) == 0:
		v.Set(reflect.MakeSlice(t, 0, 0))
		return
	}
	n := 1 + g.rnd.IntN(3)
	if depth >= g.maxDepth() {
		n = 0
	}
	s := reflect.MakeSlice(t, n, n)
	for i := range n {
		g.value(s.Index(i), depth+1)
	}
	v.Set(s)
}

func (g *GoValues) mapOf(v reflect.Value, depth int) {
	t := v.Type()
	switch {
	case g.isNil():
		return
	case g.rnd.IntN(4) == 0:
		v.Set(reflect.MakeMap(t))
		return
	}
	m := reflect.MakeMap(t)
	if depth < g.maxDepth() {
		for range 1 + g.rnd.IntN(3) {
			k := reflect.New(t.Key()).Elem()
			k.SetString(g.string())
			e := reflect.New(t.Elem()).Elem()
			g.value(e, depth+1)
			m.SetMapIndex(k, e)
		}
	}
	v.Set(m)
}

func (g *GoValues) structOf(v reflect.Value, depth int) {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		if fixed, ok := g.Fields[t.Name()+"."+f.Name]; ok {
			v.Field(i).Set(reflect.ValueOf(fixed[g.rnd.IntN(len(fixed))]).Convert(f.Type))
			continue
		}
		g.value(v.Field(i), depth+1)
	}
}

// nullablePkg is the import path of the runtime, which declares
// Nullable.
const nullablePkg = "github.com/unionflat/unionflat/runtime"

// IsNullable reports whether t is an instance of the runtime's
// Nullable[T].
func IsNullable(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && t.PkgPath() == nullablePkg && strings.HasPrefix(t.Name(), "Nullable[")
}

// nullable sets a unionflat.Nullable to one of its three states: absent
// (its zero value) now and then, null as often, else a value of its
// element, drawn as any other (a nil slice among them, which is written
// as null). Its fields are unexported and Some is generic, which reflect
// cannot call, so they are set in place: value, present and null, as
// runtime/nullable.go declares them.
func (g *GoValues) nullable(v reflect.Value, depth int) {
	field := func(name string) reflect.Value {
		f := v.FieldByName(name)
		if !f.IsValid() {
			panic("schematest: unionflat.Nullable has no field " + name)
		}
		return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
	}
	switch {
	case g.isNil():
		return // absent
	case g.isNil():
		field("present").SetBool(true)
		field("null").SetBool(true)
		return
	}
	elem := field("value")
	g.value(elem, depth+1)
	field("present").SetBool(true)
}

// variant sets a union to nil now and then, else to a random variant (a
// pointer variant, itself nil now and then).
func (g *GoValues) variant(v reflect.Value, depth int) {
	if v.Type().NumMethod() == 0 { // any: a free-form value
		if x := g.freeForm(depth); x != nil {
			v.Set(reflect.ValueOf(x))
		}
		return
	}
	vs := g.Variants[v.Type()]
	if len(vs) == 0 || g.isNil() {
		return
	}
	zero := reflect.ValueOf(vs[g.rnd.IntN(len(vs))])
	if zero.Kind() == reflect.Pointer {
		if g.isNil() {
			v.Set(zero) // a nil pointer in a non-nil union
			return
		}
		p := reflect.New(zero.Type().Elem())
		g.value(p.Elem(), depth+1)
		v.Set(p)
		return
	}
	x := reflect.New(zero.Type()).Elem()
	g.value(x, depth+1)
	v.Set(x)
}

// freeForm is a value as encoding/json reads one into an any: nil, a
// bool, a float64, a string, a []any or a map[string]any.
func (g *GoValues) freeForm(depth int) any {
	n := 6
	if depth >= g.maxDepth() {
		n = 4 // no container
	}
	switch g.rnd.IntN(n) {
	case 0:
		return nil
	case 1:
		return g.rnd.IntN(2) == 0
	case 2:
		return g.float(64)
	case 3:
		// Not a string that holds JSON text ("9", "true"), which a
		// decoder that reads a profile's strings of JSON text reads as
		// the value it holds (gen's doc, "Profiles and exact integers").
		s := g.string()
		if json.Valid([]byte(s)) {
			s += "x"
		}
		return s
	case 4:
		out := []any{}
		for range g.rnd.IntN(3) {
			out = append(out, g.freeForm(depth+1))
		}
		return out
	}
	out := map[string]any{}
	for range g.rnd.IntN(3) {
		out[g.string()] = g.freeForm(depth + 1)
	}
	return out
}

// string is drawn from Strings half the time, else made of letters,
// digits, spaces, quotes and characters beyond ASCII.
func (g *GoValues) string() string {
	if len(g.Strings) > 0 && g.rnd.IntN(2) == 0 {
		return g.Strings[g.rnd.IntN(len(g.Strings))]
	}
	const alphabet = "aZ09 _-.\"\\/<>&é€😀\t\n"
	runes := []rune(alphabet)
	var b strings.Builder
	for range g.rnd.IntN(8) {
		b.WriteRune(runes[g.rnd.IntN(len(runes))])
	}
	return b.String()
}

// int64 is small most of the time, an extreme now and then.
func (g *GoValues) int64() int64 { return g.intOf(64) }

// intOf is a signed integer of a width: small most of the time, the
// least or the largest of the width, or any.
func (g *GoValues) intOf(bits int) int64 {
	lo, hi := int64(-1)<<(bits-1), int64(uint64(1)<<(bits-1)-1)
	switch g.rnd.IntN(6) {
	case 0:
		return lo
	case 1:
		return hi
	case 2:
		return lo + int64(g.rnd.Uint64()>>(64-bits))
	}
	return int64(g.rnd.IntN(7)) - 2
}

// uintOf is an unsigned integer of a width: small, the largest, or any.
func (g *GoValues) uintOf(bits int) uint64 {
	switch g.rnd.IntN(4) {
	case 0:
		return math.MaxUint64 >> (64 - bits)
	case 1:
		return g.rnd.Uint64() >> (64 - bits)
	}
	return uint64(g.rnd.IntN(5))
}

// float is finite (encoding/json refuses NaN and infinities): small,
// fractional, tiny or the largest of its width.
func (g *GoValues) float(bits int) float64 {
	largest, tiny := math.MaxFloat64, math.SmallestNonzeroFloat64
	if bits == 32 {
		largest, tiny = math.MaxFloat32, math.SmallestNonzeroFloat32
	}
	switch g.rnd.IntN(6) {
	case 0:
		return largest
	case 1:
		return -tiny
	case 2:
		return g.rnd.NormFloat64() * 1e6
	}
	return float64(g.rnd.IntN(5)) - 1 + float64(g.rnd.IntN(2))*0.5
}

// time is in a year encoding/json can write (0 to 9999), in UTC or a
// zone of whole minutes within ±24 hours.
func (g *GoValues) time() time.Time {
	sec := g.rnd.Int64N(253402300799+62135596800) - 62135596800
	t := time.Unix(sec, g.rnd.Int64N(1e9)).UTC()
	if g.rnd.IntN(2) == 0 {
		offset := (g.rnd.IntN(2*24*60-1) - (24*60 - 1)) * 60
		t = t.In(time.FixedZone("", offset))
		if t.Year() < 0 || t.Year() > 9999 {
			t = t.UTC()
		}
	}
	return t
}

// MustParse is Parse for a test, failing it when data is not JSON.
func MustParse(t testing.TB, data []byte) any {
	t.Helper()
	v, err := Parse(data)
	if err != nil {
		t.Fatalf("not JSON: %v\n%s", err, data)
	}
	return v
}

// CheckEncoded judges what a generated EncodeT returned for a value: a
// refusal is an error with no bytes, and bytes validate under every
// schema given. It reports whether the value was encoded, and fails the
// test on a broken promise.
func CheckEncoded(t testing.TB, name string, data []byte, err error, schemas ...*jsonschema.Schema) bool {
	t.Helper()
	if err != nil {
		if data != nil || err.Error() == "" {
			t.Fatalf("Encode%s = %q, %v: want no bytes and the problems", name, data, err)
		}
		return false
	}
	doc, perr := Parse(data)
	if perr != nil {
		t.Fatalf("Encode%s wrote no JSON: %s", name, data)
	}
	for i, s := range schemas {
		if verr := s.Validate(doc); verr != nil {
			t.Fatalf("Encode%s returned bytes schema %d rejects:\n%s\n%v", name, i, data, verr)
		}
	}
	return true
}

// SameButAbsentSentNull reports whether got is reflect.DeepEqual to want
// but for unionflat.Nullable fields that want holds absent and got null:
// what a decoder reads from a reply written as openai-strict has a model
// write it, every key it leaves out sent as null, which a Nullable reads
// as null. A struct that holds a Nullable is compared by its exported
// fields (its unexported ones cannot be read here).
func SameButAbsentSentNull(want, got any) bool {
	return sameButAbsentNull(reflect.ValueOf(want), reflect.ValueOf(got))
}

func sameButAbsentNull(a, b reflect.Value) bool {
	if !a.IsValid() || !b.IsValid() || a.Type() != b.Type() {
		return a.IsValid() == b.IsValid() && (!a.IsValid() || a.Type() == b.Type())
	}
	t := a.Type()
	if !holdsNullable(t, map[reflect.Type]bool{}) {
		return reflect.DeepEqual(a.Interface(), b.Interface())
	}
	if IsNullable(t) {
		call := func(v reflect.Value, m string) reflect.Value { return v.MethodByName(m).Call(nil)[0] }
		pa, pb := call(a, "Present").Bool(), call(b, "Present").Bool()
		na, nb := call(a, "IsNull").Bool(), call(b, "IsNull").Bool()
		switch {
		case !pa && nb:
			return true
		case pa != pb || na != nb:
			return false
		}
		return sameButAbsentNull(call(a, "Get"), call(b, "Get"))
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return sameButAbsentNull(a.Elem(), b.Elem())
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !sameButAbsentNull(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			if !sameButAbsentNull(a.MapIndex(k), b.MapIndex(k)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).IsExported() && !sameButAbsentNull(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}

// holdsNullable reports whether a value of t may hold a
// unionflat.Nullable (an interface may hold anything).
func holdsNullable(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return holdsNullable(t.Elem(), seen)
	case reflect.Struct:
		if IsNullable(t) {
			return true
		}
		for i := range t.NumField() {
			if t.Field(i).IsExported() && holdsNullable(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}
