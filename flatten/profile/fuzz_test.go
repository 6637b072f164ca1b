package profile_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/flatten/profile"
	"github.com/unionflat/unionflat/internal/schematest"
)

// FuzzForProfile: for any document flatten reads, projecting its flat
// form onto any profile never panics and does what
// TestProfileOutputsPassLint asks of the vectors (findings Lint agrees
// with, none a projection could have removed, idempotent), writes valid
// JSON the same way twice, and never touches its input; Lint never
// panics on any input, and refuses what flatten's reader refuses (not
// JSON, a key twice, invalid UTF-8, too deep), nothing else.
func FuzzForProfile(f *testing.F) {
	for _, v := range loadVectors(f) {
		f.Add([]byte(v.Input))
	}
	for seed := range uint64(40) {
		f.Add(schematest.RandomSchema(seed))
	}
	f.Add([]byte(`{"anyOf":[{"type":"string","maxLength":4},{"type":"null"}],"not":{"type":"null"}}`))
	f.Add([]byte(`{"type":"object","properties":{"v":{"type":["string","integer","null"]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		keep := bytes.Clone(data)
		_, unreadable := flatten.Reformat(data, "")
		for _, p := range profile.Profiles() {
			if _, err := profile.Lint(data, p); (err != nil) != (unreadable != nil) {
				t.Fatalf("%s: Lint says %v of a document flatten's reader says %v of", p, err, unreadable)
			}
		}
		flat, err := flatten.JSON(data, flatten.Options{InlineRefs: true, NullableTypes: true})
		if err != nil {
			return
		}
		checkProjections(t, "fuzz", data)
		for _, p := range profile.Profiles() {
			once, _, err := profile.ForProfile(flat.Schema, p, flatten.Options{})
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if !json.Valid(once.Schema) {
				t.Fatalf("%s: the projection is not JSON: %q", p, once.Schema)
			}
			same, _, _ := profile.ForProfile(flat.Schema, p, flatten.Options{})
			if !bytes.Equal(same.Schema, once.Schema) {
				t.Fatalf("%s: not deterministic:\n%s\n%s", p, once.Schema, same.Schema)
			}
		}
		if !bytes.Equal(data, keep) {
			t.Fatal("input modified")
		}
	})
}
