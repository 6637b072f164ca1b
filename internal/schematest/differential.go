package schematest

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// Differential judges a decoder against santhosh-tekuri/jsonschema on a
// lossless schema: rounds instances drawn from the schema with the seed,
// every other one mutated into a near miss, must get the same verdict
// from both. A disagreement tolerate names (a documented difference) is
// counted under that name instead of failing; tolerate sees the instance
// as sent and as parsed, and the decoder's error.
//
// Repairing, when set, decodes the same input with repairs on, and is
// judged against Decode, which reads without them: where Decode accepts,
// Repairing gives the same value with the same record (a profile's
// leniency is recorded by both); where it accepts what Decode rejects, it
// made a repair, and its canonical bytes are accepted by the validator
// and by Decode, and read by Repairing again with nothing more repaired,
// to the same value.
type Differential struct {
	Schema    []byte
	Seed      uint64
	Rounds    int
	Decode    func([]byte) Decoded
	Repairing func([]byte) Decoded
	Tolerate  func(data []byte, parsed any, decodeErr error) (why string, ok bool)
}

// Decoded is what a decoder made of one instance.
type Decoded struct {
	Value     any
	Repairs   []string // each repair as its String
	Canonical []byte
	Err       error
}

// Outcome is what a generated DecodeTRepaired returned, as a Decoded.
func Outcome[T any](x T, r unionflat.Repairs, err error) Decoded {
	d := Decoded{Value: x, Canonical: r.Canonical, Err: err}
	for _, rep := range r.List {
		d.Repairs = append(d.Repairs, rep.String())
	}
	return d
}

// Plain is what a decoder without a record returned, as a Decoded.
func Plain[T any](x T, err error) Decoded { return Decoded{Value: x, Err: err} }

// DifferentialCounts is what a Differential run found.
type DifferentialCounts struct {
	Valid, Invalid int            // instances both accept, and both reject
	Validated      int            // decoded values held to their Validate method
	Tolerated      map[string]int // tolerated disagreements by name
	// Repaired counts the instances that Repairing accepts and Decode
	// rejects; Same those both accept, to the same value.
	Repaired, Same int
	// Broken counts, by breakage, the valid instances broken (see
	// [Break]) that Repairing read back to their value; Unrepaired the
	// broken ones it rejected, Meaningful those Decode accepts broken
	// (the broken value means something of its own there).
	Broken                 map[string]int
	Unrepaired, Meaningful int
	// UnrepairedBy counts the Unrepaired by the breakage of the value.
	UnrepairedBy map[string]int
}

// Run runs the comparison, failing t on every disagreement not
// tolerated.
func (df Differential) Run(t *testing.T) DifferentialCounts {
	t.Helper()
	schema, err := Compile(df.Schema)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := New(df.Schema, df.Seed)
	if err != nil {
		t.Fatal(err)
	}
	counts := DifferentialCounts{Tolerated: map[string]int{}, Broken: map[string]int{}, UnrepairedBy: map[string]int{}}
	rnd := rand.New(rand.NewPCG(df.Seed, df.Seed+1))
	for i := range df.Rounds {
		inst := gen.Value()
		if i%2 == 1 {
			inst = gen.Mutate(inst)
		}
		data := Marshal(inst)
		parsed, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		verr := schema.Validate(parsed)
		strict := df.Decode(data)
		if df.Repairing != nil {
			df.judgeRepairs(t, i, data, strict, &counts, schema)
			if verr == nil && strict.Err == nil {
				df.judgeBreakage(t, i, rnd, parsed, strict, &counts, schema)
			}
		}
		derr := strict.Err
		if derr == nil {
			df.judgeValidate(t, i, data, strict.Value, &counts)
		}
		switch want, got := verr == nil, derr == nil; {
		case got == want && want:
			counts.Valid++
		case got == want:
			counts.Invalid++
		default:
			if why, ok := df.tolerate(data, parsed, derr); ok {
				counts.Tolerated[why]++
				continue
			}
			t.Errorf("instance %d: validator accepts=%v, decoder accepts=%v\n%s\ndecoder: %v\nvalidator: %v",
				i, want, got, data, derr, verr)
		}
	}
	return counts
}

// judgeValidate: a decoded value passes its Validate method, when it has
// one (a generated struct's, or a union variant's), as runtime promises.
func (df Differential) judgeValidate(t *testing.T, i int, data []byte, v any, counts *DifferentialCounts) {
	t.Helper()
	x, ok := v.(interface{ Validate() error })
	if !ok {
		return
	}
	counts.Validated++
	if err := x.Validate(); err != nil {
		t.Errorf("instance %d: decoded, and the value fails Validate: %v\n%s", i, err, data)
	}
}

// judgeRepairs compares the decode with repairs of instance i with the
// one without.
func (df Differential) judgeRepairs(t *testing.T, i int, data []byte, strict Decoded, counts *DifferentialCounts, schema interface{ Validate(any) error }) {
	t.Helper()
	r := df.Repairing(data)
	switch {
	case strict.Err == nil && r.Err != nil:
		t.Errorf("instance %d: accepted without repairs, rejected with them: %v\n%s", i, r.Err, data)
	case strict.Err == nil:
		if !reflect.DeepEqual(r.Value, strict.Value) || len(r.Repairs) != len(strict.Repairs) {
			t.Errorf("instance %d: with repairs %#v %q, without %#v %q\n%s", i, r.Value, r.Repairs, strict.Value, strict.Repairs, data)
		}
		counts.Same++
	case r.Err == nil:
		counts.Repaired++
		if len(r.Repairs) <= len(strict.Repairs) {
			t.Errorf("instance %d: accepted with repairs, recording none (%q), and rejected without: %v\n%s", i, r.Repairs, strict.Err, data)
		}
		again, clean := df.Repairing(r.Canonical), df.Decode(r.Canonical)
		if again.Err != nil || clean.Err != nil || len(again.Repairs) != len(clean.Repairs) ||
			!reflect.DeepEqual(again.Value, r.Value) || !reflect.DeepEqual(clean.Value, r.Value) {
			t.Errorf("instance %d: its canonical bytes do not read back the same, clean (%v, %q; without repairs %v)\nsent:      %s\ncanonical: %s\nrepairs: %q",
				i, again.Err, again.Repairs, clean.Err, data, r.Canonical, r.Repairs)
			return
		}
		parsed, err := Parse(r.Canonical)
		if err != nil {
			t.Errorf("instance %d: canonical bytes are not JSON: %v\n%s", i, err, r.Canonical)
			return
		}
		if verr := schema.Validate(parsed); verr != nil {
			if _, ok := df.tolerate(r.Canonical, parsed, nil); !ok {
				t.Errorf("instance %d: the validator rejects its canonical bytes: %v\nsent:      %s\ncanonical: %s", i, verr, data, r.Canonical)
			}
		}
	}
}

// judgeBreakage breaks valid instance i, which Decode read as strict,
// and judges how Repairing reads it.
func (df Differential) judgeBreakage(t *testing.T, i int, rnd *rand.Rand, parsed any, strict Decoded, counts *DifferentialCounts, schema interface{ Validate(any) error }) {
	t.Helper()
	value, data, kinds := Break(rnd, parsed)
	if len(kinds) == 0 {
		return
	}
	if df.Decode(value).Err == nil && !bytes.Equal(value, Marshal(parsed)) {
		counts.Meaningful++
		return
	}
	r := df.Repairing(data)
	if r.Err != nil {
		if !textBreakage(kinds[0]) {
			counts.Unrepaired++
			counts.UnrepairedBy[string(kinds[0])]++
			return
		}
		t.Errorf("instance %d broken by %q: a syntax repair did not read it: %v\n%s", i, kinds, r.Err, shortText(data))
		return
	}
	if !reflect.DeepEqual(r.Value, strict.Value) {
		t.Errorf("instance %d broken by %q: read back to another value\nsent:     %s\nbroken:   %s\nrepairs: %q", i, kinds, shortText(Marshal(parsed)), shortText(data), r.Repairs)
		return
	}
	for _, k := range slices.Compact(slices.Sorted(slices.Values(kinds))) {
		counts.Broken[string(k)]++
	}
	df.judgeRepairs(t, i, data, df.Decode(data), counts, schema)
}

// shortText is JSON for a message, cut past 2000 bytes.
func shortText(b []byte) string {
	if len(b) > 2000 {
		return string(b[:2000]) + "…"
	}
	return string(b)
}

func (df Differential) tolerate(data []byte, parsed any, derr error) (string, bool) {
	if df.Tolerate == nil {
		return "", false
	}
	return df.Tolerate(data, parsed, derr)
}

// Validator compiles a schema for a test, failing it on error.
func Validator(t *testing.T, doc []byte) *jsonschema.Schema {
	t.Helper()
	s, err := Compile(doc)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// SaveCounts writes counts as JSON to the file the environment variable
// env names, when it names one, for the test that ran the judge in a
// module of its own to read back.
func SaveCounts(t testing.TB, env string, counts any) {
	t.Helper()
	path := os.Getenv(env)
	if path == "" {
		return
	}
	data, err := json.Marshal(counts)
	if err == nil {
		err = os.WriteFile(path, data, 0o666)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// DocumentedProblem names a problem the runtime package documents as a
// difference from a JSON Schema validator ("Where a decoder differs from
// a JSON Schema validator"): a number its Go type cannot hold, text in a
// []byte field that is not base64, an email with an empty local part, or
// a duration beyond a bound, or off a multipleOf, that the schema says
// only in words.
func DocumentedProblem(e *unionflat.Error) (string, bool) {
	switch {
	case e.Kind == unionflat.KindRange:
		return "range", true
	case e.Kind == unionflat.KindFormat && e.Want == "base64 string":
		return "base64", true
	case e.Kind == unionflat.KindFormat && e.Want == "email" && strings.HasPrefix(e.Got, `"@`):
		return "empty email local part", true
	case durationBounds[e.Kind] && IsDuration(e.Got):
		return "duration bound", true
	}
	return "", false
}

var durationBounds = map[unionflat.Kind]bool{
	unionflat.KindMinimum: true, unionflat.KindMaximum: true,
	unionflat.KindExclusiveMinimum: true, unionflat.KindExclusiveMaximum: true,
	unionflat.KindMultipleOf: true,
}

// IsDuration reports whether s is a duration as time.Duration's String
// writes it ("1h30m0s", "0s"): never a number, which has no unit.
func IsDuration(s string) bool {
	_, err := time.ParseDuration(s)
	return err == nil && strings.HasSuffix(s, "s")
}

// Documented names the differences of a decoder's rejection, joined by
// "+", when every problem of err is one DocumentedProblem names.
func Documented(err error) (string, bool) {
	var all *unionflat.Errors
	if !errors.As(err, &all) {
		return "", false
	}
	var why []string
	for _, e := range all.List {
		w, ok := DocumentedProblem(e)
		if !ok {
			return "", false
		}
		why = append(why, w)
	}
	slices.Sort(why)
	return strings.Join(slices.Compact(why), "+"), true
}
