package flatten_test

import (
	"testing"

	"github.com/unionflat/unionflat/internal/schematest"
)

// TestRule3Classifier checks the judge of TestAdversarial on its own:
// hand-written flat schemas, not flatten's, so that the classifier is
// right whatever flatten does.
func TestRule3Classifier(t *testing.T) {
	const union = `{"oneOf":[
		{"properties":{"k":{"const":"a"}},"required":["k"]},
		{"properties":{"k":{"const":"b"},"x":{"type":"integer"}},"required":["k"]}]}`
	const flat = `{"properties":{"k":{"enum":["a","b"]},"x":{"type":"integer"}},"required":["k"]}`
	for _, c := range []struct {
		name, input, flat, instance string
		want                        bool
	}{
		{"open member receives a sibling's key", union, flat, `{"k":"a","x":"s"}`, true},
		{"the same under a nullable anyOf kept around the flat object",
			`{"anyOf":[` + union + `,{"type":"null"}]}`, `{"anyOf":[` + flat + `,{"type":"null"}]}`, `{"k":"a","x":"s"}`, true},
		{"the same in a property reached through a $ref",
			`{"$defs":{"U":` + union + `},"properties":{"p":{"$ref":"#/$defs/U"}}}`,
			`{"properties":{"p":` + flat + `}}`, `{"p":{"k":"a","x":"s"}}`, true},
		{"the same in the items of contains", `{"contains":` + union + `}`, `{"contains":` + flat + `}`, `[{"k":"a","x":"s"},{}]`, true},
		{"too many items match contains: a real rejection",
			`{"contains":` + union + `,"maxContains":1}`, `{"contains":{"properties":{"k":{"enum":["a","b"]}},"required":["k"]},"maxContains":1}`,
			`[{"k":"a"},{"k":"b","x":"s"}]`, false},
		{"the member that accepts declares the key: a real rejection",
			union, `{"properties":{"k":{"enum":["a","b"]},"x":{"type":"string"}},"required":["k"]}`, `{"k":"b","x":5}`, false},
		{"another failure beside the foreign key: a real rejection",
			union, `{"properties":{"k":{"enum":["a","b"]},"x":{"type":"integer"}},"required":["k","z"]}`, `{"k":"a","x":"s"}`, false},
		{"a union under not is never followed: a real rejection",
			`{"not":{"oneOf":[
				{"properties":{"k":{"const":"a"},"x":{"type":"string"}},"required":["k"]},
				{"properties":{"k":{"const":"b"},"x":{"type":"integer"}},"required":["k"]}]}}`,
			`{"not":{"properties":{"k":{"enum":["a","b"]},"x":{"type":["string","integer"]}},"required":["k"]}}`,
			`{"k":"a","x":5}`, false},
		{"no union at all: a real rejection", `{"properties":{"x":{}}}`, `{"properties":{"x":{"type":"integer"}}}`, `{"x":"s"}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			inst, err := schematest.Parse([]byte(c.instance))
			if err != nil {
				t.Fatal(err)
			}
			orig := compile(t, decode(t, []byte(c.input)))
			if err := orig.Validate(inst); err != nil {
				t.Fatalf("the instance must be valid under the input: %v", err)
			}
			out, err := compileOutput([]byte(c.flat))
			if err != nil {
				t.Fatal(err)
			}
			if out.Validate(inst) == nil {
				t.Fatal("the flat schema must reject the instance")
			}
			if got := rule3Rejection(newMemberJudge([]byte(c.input)), out, inst); got != c.want {
				t.Errorf("rule3Rejection = %v, want %v", got, c.want)
			}
		})
	}
}
