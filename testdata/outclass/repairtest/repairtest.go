// Package repairtest judges the repairs of random tool inputs: gen's
// TestRepairClass writes packages of random tool input types, each with a
// repair=off twin (type TStrict T), into a module of its own, copies this
// package there, and has the module's test call Run over a table of them.
//
// For each tool, Run runs schematest.Differential on its lossless schema,
// with the twin as the decoder without repairs and DecodeTRepaired as the
// one with them, and checks what issue 15 promises of every tool input:
//
//   - neither decoder panics, on any instance;
//   - the twin accepts exactly what santhosh-tekuri/jsonschema accepts,
//     but for the documented differences (see Tolerate);
//   - where the twin accepts, DecodeTRepaired gives the same value, with a
//     record as long (a profile's leniency is recorded by both);
//   - what DecodeTRepaired accepts beyond the twin it records, and its
//     canonical bytes are accepted by the validator and the twin and read
//     again with nothing more repaired, to the same value;
//   - the canonical bytes of every decode either decoder accepts are
//     read by the twin to the same value with an empty record;
//   - valid instances broken in every repairable way (schematest.Break)
//     read back to their value;
//   - valid instances written as the tool's profiles have a model write
//     them decode, with repairs and without, to the value of the
//     instance, what the profile let the model write recorded: under
//     openai-strict every property the document declares and the
//     instance leaves out sent as null (nullAsAbsent), under gemini every
//     integer the document wants as a decimal string sent so
//     (quotedNumber);
//   - every value either decoder accepts passes Validate, but for the
//     exception the runtime package documents (an omitempty struct or
//     array left out, whose zero value encoding/json writes), counted
//     apart.
//
// It writes its counts as JSON to the file $REPAIRCLASS_COUNTS names.
package repairtest

import (
	"bytes"
	"hash/fnv"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/internal/schematest"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// Root is one tool of a generated package.
type Root struct {
	Name     string
	Schema   string   // TSchema, the lossless schema
	Profiles []string // the tool's (and its twin's) profiles
	// Strict is DecodeTStrictRepaired, its value converted to T: the
	// twin, which repairs nothing but reads what the profiles let a
	// model send, and records that.
	Strict func([]byte) (any, unionflat.Repairs, error)
	// Repairing is DecodeTRepaired.
	Repairing func([]byte) (any, unionflat.Repairs, error)
	Validate  func(any) error
	// OpenAIStrict is TOpenAIStrictSchema, "" without the profile, and
	// Gemini TGeminiSchema.
	OpenAIStrict, Gemini string
}

// Config is what the tools share.
type Config struct {
	Rounds int    // instances per tool
	Seed   uint64 // mixed with each tool's name
}

// Counts are what Run checked, summed over the tools: the fields of
// schematest.DifferentialCounts, and the repairs recorded by kind.
type Counts struct {
	Roots, Valid, Validated, Invalid, Same, Repaired, Unrepaired, Meaningful int
	// Replies counts, by profile, the instances written the profile's
	// way and read back; Rewritten those of them the profile's way
	// changed.
	Replies, Rewritten                     map[string]int
	Tolerated, Broken, Kinds, UnrepairedBy map[string]int
}

// Run judges every tool.
func Run(t *testing.T, cfg Config, roots []Root) {
	c := Counts{Tolerated: map[string]int{}, Broken: map[string]int{}, Kinds: map[string]int{}, UnrepairedBy: map[string]int{}, Replies: map[string]int{}, Rewritten: map[string]int{}}
	for _, r := range roots {
		t.Run(r.Name, func(t *testing.T) {
			c.Roots++
			checkRoot(t, cfg, r, &c)
		})
	}
	t.Logf("%+v", c)
	schematest.SaveCounts(t, "REPAIRCLASS_COUNTS", c)
}

func checkRoot(t *testing.T, cfg Config, r Root, c *Counts) {
	schema := schematest.Validator(t, []byte(r.Schema))
	j := judge{t: t, root: r, schema: schema, kinds: c.Kinds}
	got := schematest.Differential{
		Schema: []byte(r.Schema), Seed: cfg.Seed ^ nameSeed(r.Name), Rounds: cfg.Rounds,
		Decode:    j.decoder("DecodeStrict", r.Strict),
		Repairing: j.decoder("DecodeRepaired", r.Repairing),
		Tolerate:  j.tolerate,
	}.Run(t)
	for _, w := range []profileWay{
		{"openai-strict", r.OpenAIStrict, schematest.FillNulls, unionflat.RepairNullAsAbsent},
		{"gemini", r.Gemini, schematest.QuoteIntegers, unionflat.RepairQuotedNumber},
	} {
		if w.doc != "" {
			j.replies(w, cfg.Seed^nameSeed(r.Name), cfg.Rounds/4, c)
		}
	}
	c.Valid += got.Valid
	c.Validated += got.Validated
	c.Invalid += got.Invalid
	c.Same += got.Same
	c.Repaired += got.Repaired
	c.Unrepaired += got.Unrepaired
	c.Meaningful += got.Meaningful
	for k, n := range got.Tolerated {
		c.Tolerated[k] += n
	}
	for k, n := range got.Broken {
		c.Broken[k] += n
	}
	for k, n := range got.UnrepairedBy {
		c.UnrepairedBy[k] += n
	}
}

func nameSeed(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// A judge decodes one tool's instances and tolerates its documented
// differences.
type judge struct {
	t      *testing.T
	root   Root
	schema interface{ Validate(any) error }
	kinds  map[string]int
}

// decoder is decode as schematest wants it: a panic is a failure with
// the input, and every value accepted must pass Validate.
func (j judge) decoder(name string, decode func([]byte) (any, unionflat.Repairs, error)) func([]byte) schematest.Decoded {
	return func(data []byte) schematest.Decoded {
		x, reps, err := j.safely(name, decode, data)
		if err == nil {
			j.validates(name, x, reps.Canonical)
			j.canonical(name, x, reps, data)
			for _, rep := range reps.List {
				j.kinds[rep.Kind.String()]++
			}
		}
		return schematest.Outcome(x, reps, err)
	}
}

// canonical checks what [unionflat.Repairs] promises of the canonical
// bytes of every accepted decode: the twin reads them to the same value
// with an empty record (a profile's leniency written out too).
func (j judge) canonical(name string, x any, reps unionflat.Repairs, data []byte) {
	again, clean, err := j.safely("DecodeStrict", j.root.Strict, reps.Canonical)
	if err != nil || len(clean.List) > 0 || !reflect.DeepEqual(again, x) {
		j.t.Errorf("%s%s: its canonical bytes do not read back clean (%v; %v)\nsent:      %s\ncanonical: %s\nrepairs: %v",
			name, j.root.Name, err, clean.List, data, reps.Canonical, reps.List)
	}
}

// validates checks that Validate accepts a decoded value x, read from
// canonical. (An optional struct or array field that omitempty never
// leaves out, whose zero value breaks a rule, is a diagnostic, so that
// every decoded value passes.)
func (j judge) validates(name string, x any, canonical []byte) {
	if verr := j.root.Validate(x); verr != nil {
		j.t.Errorf("%s%s accepts what Validate rejects: %v\n%s", name, j.root.Name, verr, canonical)
	}
}

func (j judge) safely(name string, decode func([]byte) (any, unionflat.Repairs, error), data []byte) (x any, reps unionflat.Repairs, err error) {
	defer func() {
		if p := recover(); p != nil {
			j.t.Fatalf("%s%s panics: %v\n%s", name, j.root.Name, p, data)
		}
	}()
	return decode(data)
}

// A profileWay is how a profile has a model write an instance: its
// document, the rewriting and the repair kind that records it.
type profileWay struct {
	profile, doc string
	rewrite      func(doc, inst any) any
	kind         unionflat.RepairKind
}

// replies draws rounds instances from the lossless schema, and has each
// valid one the twin reads written the profile's way: both decoders must
// read it to the same value, recording what the profile let the model
// write.
func (j judge) replies(w profileWay, seed uint64, rounds int, c *Counts) {
	doc := schematest.MustParse(j.t, []byte(w.doc))
	g, err := schematest.New([]byte(j.root.Schema), seed)
	if err != nil {
		j.t.Fatal(err)
	}
	for range rounds {
		data := schematest.Marshal(g.Value())
		inst := schematest.MustParse(j.t, data)
		if j.schema.Validate(inst) != nil {
			continue
		}
		want, _, err := j.safely("DecodeStrict", j.root.Strict, data)
		if err != nil {
			continue // a documented difference, which the differential judges
		}
		reply := schematest.Marshal(w.rewrite(doc, inst))
		// A reply the lossless schema still accepts (null for a nullable
		// property the instance left out) needs no leniency, so nothing
		// is recorded for it.
		rewritten := !bytes.Equal(reply, data) && j.schema.Validate(schematest.MustParse(j.t, reply)) != nil
		for _, d := range []struct {
			name   string
			decode func([]byte) (any, unionflat.Repairs, error)
		}{{"DecodeStrict", j.root.Strict}, {"DecodeRepaired", j.root.Repairing}} {
			got, reps, err := j.safely(d.name, d.decode, reply)
			switch {
			case err != nil:
				j.t.Errorf("%s%s rejects a %s reply: %v\nsent:  %s\nreply: %s", d.name, j.root.Name, w.profile, err, data, reply)
			case !reflect.DeepEqual(got, want) && !(w.profile == "openai-strict" && schematest.SameButAbsentSentNull(want, got)):
				// (A unionflat.Nullable the instance left out is sent
				// as null there, which it reads as null.)
				j.t.Errorf("%s%s reads a %s reply to another value\nsent:  %s\nreply: %s", d.name, j.root.Name, w.profile, data, reply)
			case rewritten && !slices.ContainsFunc(reps.List, func(r unionflat.Repair) bool { return r.Kind == w.kind }):
				j.t.Errorf("%s%s reads a %s reply without recording %s: %v\nreply: %s", d.name, j.root.Name, w.profile, w.kind, reps.List, reply)
			}
		}
		c.Replies[w.profile]++
		if rewritten {
			c.Rewritten[w.profile]++
		}
	}
}

// tolerate names a disagreement between the twin and the validator that
// the runtime package documents ("Where a decoder differs from a JSON
// Schema validator"):
//
//   - the twin rejects, every problem being a number the Go type cannot
//     hold (KindRange), text in a []byte field that is not base64, an
//     email with an empty local part, or a duration beyond a bound that
//     the schema says only in words;
//   - the twin accepts, having read only what the tool's profiles let a
//     model send (null as absent under openai-strict, a nullable property
//     left out under portable, an integer as a string of its digits under
//     gemini), recorded as such, and its canonical bytes pass the
//     validator.
func (j judge) tolerate(data []byte, _ any, derr error) (string, bool) {
	if derr != nil {
		return schematest.Documented(derr)
	}
	_, reps, err := j.safely("DecodeStrict", j.root.Strict, data)
	if err != nil || len(reps.List) == 0 {
		return "", false
	}
	var why []string
	for _, rep := range reps.List {
		p, ok := leniencies[rep.Kind]
		if !ok || !slices.Contains(j.root.Profiles, p) {
			return "", false
		}
		why = append(why, p+" "+rep.Kind.String())
	}
	parsed, err := schematest.Parse(reps.Canonical)
	if err != nil || j.schema.Validate(parsed) != nil {
		j.t.Errorf("the twin of %s reads a profile's leniency, and the validator rejects its canonical bytes\nsent:      %s\ncanonical: %s\nrepairs: %v",
			j.root.Name, data, reps.Canonical, reps.List)
		return "", false
	}
	slices.Sort(why)
	return strings.Join(slices.Compact(why), "+"), true
}

// leniencies are the repair kinds a profile's leniency records, by the
// profile that asks for each.
var leniencies = map[unionflat.RepairKind]string{
	unionflat.RepairNullAsAbsent: "openai-strict",
	unionflat.RepairAbsentAsNull: "portable",
	unionflat.RepairQuotedNumber: "gemini",
}
