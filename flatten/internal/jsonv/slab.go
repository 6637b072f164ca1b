package jsonv

// A Slab hands out values, and the member and item lists of objects and
// arrays, from blocks: one allocation for many, laid out in the order they
// were made. The parser builds a document in one, and the flattener its
// flat form, so that the encoder, which visits them in about that order,
// reads memory in sequence instead of one scattered value at a time (on a
// document larger than the processor's cache, that is most of what
// encoding costs). Blocks grow from minBlock to maxBlock entries, so that
// a small document does not pay for large ones.
//
// The zero Slab is ready for use; a nil *Slab allocates every value and
// list on its own. A list a Slab hands out has its length as its
// capacity, so that an append to it never writes into its neighbour.
type Slab struct {
	vals    []Value
	members []Member
	items   []*Value
}

const (
	minBlock = 32
	maxBlock = 1024
)

// New returns a pointer to a copy of v.
func (s *Slab) New(v Value) *Value {
	var p *Value
	if s == nil {
		p = new(Value)
	} else {
		p = &take(&s.vals, 1)[0]
	}
	*p = v // not &v: v would then escape, and cost an allocation every time
	return p
}

// Members returns a copy of ms.
func (s *Slab) Members(ms []Member) []Member {
	if s == nil {
		return append([]Member(nil), ms...)
	}
	out := take(&s.members, len(ms))
	copy(out, ms)
	return out
}

// Items returns a copy of its.
func (s *Slab) Items(its []*Value) []*Value {
	if s == nil {
		return append([]*Value(nil), its...)
	}
	out := take(&s.items, len(its))
	copy(out, its)
	return out
}

// take returns n zero entries from the current block, from a new one when
// it is full, or on their own when n is large.
func take[T any](block *[]T, n int) []T {
	if n > maxBlock/4 {
		return make([]T, n)
	}
	if n > cap(*block)-len(*block) {
		*block = make([]T, 0, max(min(max(2*cap(*block), minBlock), maxBlock), n))
	}
	start := len(*block)
	*block = (*block)[:start+n]
	return (*block)[start : start+n : start+n]
}

// Str is the JSON string text.
func (s *Slab) Str(text string) *Value { return s.New(Value{Kind: KindString, Text: text}) }

// Object is the JSON object of a copy of the members ms, in order (so
// that ms may be the caller's stack).
func (s *Slab) Object(ms ...Member) *Value {
	return s.New(Value{Kind: KindObject, Members: s.Members(ms)})
}

// Strs is a JSON array of the strings ss.
func (s *Slab) Strs(ss []string) *Value {
	if s == nil {
		return Strs(ss)
	}
	items := take(&s.items, len(ss))
	for i, text := range ss {
		items[i] = s.Str(text)
	}
	return s.New(Value{Kind: KindArray, Items: items})
}

// With is v.With(key, val), made in s.
func (s *Slab) With(v *Value, key string, val *Value) *Value {
	if s == nil {
		return v.With(key, val)
	}
	n := len(v.Members) + 1
	for _, m := range v.Members {
		if m.Key == key {
			n--
			break
		}
	}
	if val == nil {
		n--
	}
	return s.New(Value{Kind: KindObject, Members: appendWith(take(&s.members, max(n, 0))[:0], v, key, val)})
}
