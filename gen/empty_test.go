package gen_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/unionflat/unionflat/internal/schematest"
)

// A handler that returns a nil slice or map where the schema requires an
// array or an object gets no OutputError: the generated MarshalJSON writes
// it as [] or {}, for a union output's variant and for a result that is
// also a tool input (which has a lossless schema and a DecodeT) alike.
// Handle, EncodeT and Validate agree, what is written validates under the
// output schema (checked here, from the files the generated package's
// test writes) and DecodeT reads it back empty.
func TestNilCollectionsWrittenEmpty(t *testing.T) {
	dir := writeModule(t, "empty")
	writeFile(t, filepath.Join(dir, "e.go"), `package e

import "time"

//unionflat:union discriminator=kind
type Result interface{ isResult() }

//unionflat:variant found
type Found struct {
	Names []string `+"`json:\"names\" jsonschema:\"maxItems=3\"`"+`
}

func (Found) isResult() {}

//unionflat:variant missing
type Missing struct {
	Reason string `+"`json:\"reason\"`"+`
}

func (Missing) isResult() {}

//unionflat:tool output=Result
type Query struct {
	Name string `+"`json:\"name\"`"+`
}

type Tags []string

//unionflat:tool output=Labels
type Labels struct {
	Labels map[string]string        `+"`json:\"labels\"`"+`
	Counts []int                    `+"`json:\"counts\" jsonschema:\"minItems=1\"`"+`
	Notes  []string                 `+"`json:\"notes,omitempty\"`"+`
	Tags   Tags                     `+"`json:\"tags,omitzero\" jsonschema:\"required\"`"+`
	Waits  []time.Duration          `+"`json:\"waits\"`"+`
	Spans  map[string]time.Duration `+"`json:\"spans\"`"+`
}
`)
	writeFile(t, filepath.Join(dir, "e_test.go"), `package e

import (
	"os"
	"strings"
	"testing"
)

func TestNilWrittenEmpty(t *testing.T) {
	found := QueryTool.Handle([]byte(`+"`"+`{"name":"x"}`+"`"+`), func(Query) (Result, error) { return Found{}, nil })
	if found.IsError || found.Err != nil || string(found.Structured) != `+"`"+`{"kind":"found","names":[]}`+"`"+` {
		t.Fatalf("Handle of a nil required slice in a variant: %+v", found)
	}
	if err := (Found{}).Validate(); err != nil {
		t.Errorf("Validate of a nil required slice: %v", err)
	}
	back, err := DecodeResult(found.Structured)
	if f, ok := back.(Found); err != nil || !ok || f.Names == nil || len(f.Names) != 0 {
		t.Errorf("DecodeResult(%s) = %#v, %v", found.Structured, back, err)
	}
	labels := Labels{Counts: []int{1}}
	reply := LabelsTool.Handle([]byte(`+"`"+`{"labels":{},"counts":[2],"tags":[],"waits":[],"spans":{}}`+"`"+`), func(Labels) (Labels, error) { return labels, nil })
	if reply.IsError || reply.Err != nil || string(reply.Structured) != `+"`"+`{"labels":{},"counts":[1],"tags":[],"waits":[],"spans":{}}`+"`"+` {
		t.Fatalf("Handle of a nil required map in an input that is an output: %+v", reply)
	}
	if err := labels.Validate(); err != nil {
		t.Errorf("Validate of a nil required map: %v", err)
	}
	in, err := DecodeLabels(reply.Structured)
	if err != nil || in.Labels == nil || len(in.Labels) != 0 || len(in.Counts) != 1 || in.Tags == nil || in.Waits == nil || in.Spans == nil {
		t.Errorf("DecodeLabels(%s) = %#v, %v", reply.Structured, in, err)
	}
	// A rule still holds for a nil slice, which is written empty.
	if _, err := EncodeLabels(Labels{}); err == nil || !strings.Contains(err.Error(), "/counts") {
		t.Errorf("EncodeLabels of nil counts under minItems=1: %v", err)
	}
	for name, text := range map[string]string{
		"result.schema.json": ResultOutputSchema, "result.json": string(found.Structured),
		"labels.schema.json": LabelsOutputSchema, "labels.json": string(reply.Structured),
		"labels.lossless.json": LabelsSchema,
	} {
		if err := os.WriteFile(name, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}
`)
	res := generateClean(t, dir)
	for _, f := range res.Files {
		if err := os.WriteFile(f.Path, f.Content, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := runGo(t, dir, "vet", "./..."); err != nil {
		t.Fatalf("go vet of the generated package: %v\n%s", err, out)
	}
	if out, err := runGo(t, dir, "test", "./..."); err != nil {
		t.Fatalf("go test of the generated package: %v\n%s", err, out)
	}
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	for _, c := range []struct{ schema, data string }{
		{"result.schema.json", "result.json"},
		{"labels.schema.json", "labels.json"},
		{"labels.lossless.json", "labels.json"},
	} {
		if err := schematest.Validator(t, read(c.schema)).Validate(schematest.MustParse(t, read(c.data))); err != nil {
			t.Errorf("%s rejects %s: %v", c.schema, read(c.data), err)
		}
	}
}
