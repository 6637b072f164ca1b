package gen_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/internal/schematest"
)

// Soundness: the flat schema accepts every instance the lossless one
// accepts. For every tool and union of the golden packages, random
// instances are drawn from the lossless schema (fixed seed), those the
// lossless schema accepts are kept (santhosh-tekuri validates), and each
// must validate under the flat schema. Every variant of every union the
// root reaches must be drawn at least once, so the test cannot pass on a
// handful of trivial instances.
func TestSoundness(t *testing.T) {
	const attempts, minValid = 400, 100
	for _, r := range goldenRoots(t) {
		t.Run(r.Name, func(t *testing.T) {
			lossless := compileSchema(t, r.Name+" lossless", r.Schemas.Lossless)
			flat := compileSchema(t, r.Name+" flat", r.Schemas.Flat)
			g, err := schematest.New(r.Schemas.Lossless, uint64(len(r.Name)))
			if err != nil {
				t.Fatal(err)
			}
			valid, distinct := 0, map[string]bool{}
			covered := map[string]bool{}
			var rejected []string
			for range attempts {
				doc := reparse(t, g.Value())
				if err := lossless.Validate(doc); err != nil {
					if len(rejected) < 3 {
						rejected = append(rejected, err.Error())
					}
					continue
				}
				valid++
				text := string(mustMarshal(t, doc))
				distinct[text] = true
				for _, c := range g.Chosen() {
					covered[c] = true
				}
				if err := flat.Validate(doc); err != nil {
					t.Errorf("the flat schema rejects an instance the lossless one accepts:\n%s\n%v", text, err)
				}
			}
			if valid < minValid || len(distinct) < minValid/2 {
				t.Errorf("only %d valid instances (%d distinct) of %d attempts; rejections such as:\n%s",
					valid, len(distinct), attempts, strings.Join(rejected, "\n"))
			}
			for _, b := range g.Branches() {
				if !covered[b] {
					t.Errorf("no valid instance takes %s", b)
				}
			}
		})
	}
}

// reparse round-trips an instance through JSON as santhosh-tekuri reads
// it (numbers as json.Number).
func reparse(t testing.TB, v any) any {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(mustMarshal(t, v)))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func mustMarshal(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A union with an open variant is flattened with Strict, so the flat
// schema accepts what the open variant takes for another variant's key:
// {"type": "click", ..., "shift": null} is valid under the lossless
// schema, since click events are open, and was rejected by the flat one,
// where shift, declared by key events alone, said boolean (found by an
// outside try).
func TestOpenVariantLiteralSuperset(t *testing.T) {
	inst := `{"events":[{"type":"click","x":1,"y":2,"shift":null}],"extra":{}}`
	found := false
	for _, r := range goldenRoots(t) {
		if r.Name != "open/tool track" {
			continue
		}
		found = true
		doc := reparse(t, mustUnmarshal(t, inst))
		if err := compileSchema(t, "lossless", r.Schemas.Lossless).Validate(doc); err != nil {
			t.Fatalf("table error: the lossless schema rejects %s: %v", inst, err)
		}
		if err := compileSchema(t, "flat", r.Schemas.Flat).Validate(doc); err != nil {
			t.Errorf("the flat schema rejects %s: %v", inst, err)
		}
	}
	if !found {
		t.Fatal("no tool track among the golden roots")
	}
}

func mustUnmarshal(t testing.TB, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}
