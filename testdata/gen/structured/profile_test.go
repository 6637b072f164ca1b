package structured

import (
	"testing"

	"github.com/unionflat/unionflat/internal/schematest"
)

// profileRoot is one root with the profile documents it asks for.
type profileRoot struct {
	name     string
	lossless string
	profiles map[string]string
	decode   func([]byte) error
}

var profileRoots = []profileRoot{
	{"Verdict", VerdictSchema, map[string]string{
		"openai-strict": VerdictOpenAIStrictSchema, "gemini-json": VerdictGeminiJSONSchema, "anthropic-strict": VerdictAnthropicStrictSchema,
	}, func(data []byte) error { _, err := DecodeVerdict(data); return err }},
	{"Summary", SummarySchema, map[string]string{
		"openai-strict": SummaryOpenAIStrictSchema, "gemini-json": SummaryGeminiJSONSchema,
	}, func(data []byte) error { _, err := DecodeSummary(data); return err }},
	{"Outline", OutlineSchema, map[string]string{
		"openai-strict": OutlineOpenAIStrictSchema, "gemini-json": OutlineGeminiJSONSchema,
	}, func(data []byte) error { _, err := DecodeOutline(data); return err }},
}

// TestProfileSoundness: every reply the lossless schema accepts, written
// as each profile has a model write it (an absent key as null under
// openai-strict), validates under that profile's document, and DecodeT
// accepts it: a structured-output schema never refuses a reply the type
// takes, and the decoder reads the profile's way of writing absence.
func TestProfileSoundness(t *testing.T) {
	const want = 200
	for _, r := range profileRoots {
		t.Run(r.name, func(t *testing.T) {
			lossless := schematest.Validator(t, []byte(r.lossless))
			g, err := schematest.New([]byte(r.lossless), uint64(len(r.name)))
			if err != nil {
				t.Fatal(err)
			}
			var replies []any
			for tries := 0; len(replies) < want && tries < 50*want; tries++ {
				inst := g.Value()
				if lossless.Validate(inst) == nil && r.decode(schematest.Marshal(inst)) == nil {
					replies = append(replies, inst)
				}
			}
			if len(replies) < want {
				t.Fatalf("only %d replies the lossless schema and the decoder accept", len(replies))
			}
			for p, doc := range r.profiles {
				parsed := schematest.MustParse(t, []byte(doc))
				compiled := schematest.Validator(t, []byte(doc))
				for _, inst := range replies {
					written := inst
					if p == "openai-strict" {
						written = schematest.FillNulls(parsed, inst)
					}
					data := schematest.Marshal(written)
					if err := compiled.Validate(schematest.MustParse(t, data)); err != nil {
						t.Errorf("%s rejects %s, which the lossless schema accepts as %s: %v", p, data, schematest.Marshal(inst), err)
						continue
					}
					if err := r.decode(data); err != nil {
						t.Errorf("Decode%s rejects %s, written for %s: %v", r.name, data, p, err)
					}
				}
			}
		})
	}
}
