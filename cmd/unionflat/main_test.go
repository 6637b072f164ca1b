package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/flatten"
)

func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// pydantic is a pydantic-style document: every nested model behind a
// $ref, a discriminated union, Optional fields as anyOf [X, null], a
// recursive model.
var pydantic = filepath.Join("..", "..", "testdata", "flatten", "pydantic.json")

// TestFlattenParity: the CLI's flatten is the generator's (-inline
// -nullable, and -strict), and a profile says what it cannot say.
func TestFlattenParity(t *testing.T) {
	data, err := os.ReadFile(pydantic)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []struct {
		args []string
		opts flatten.Options
	}{
		{[]string{"-inline"}, flatten.Options{InlineRefs: true}},
		{[]string{"-nullable"}, flatten.Options{NullableTypes: true}},
		{[]string{"-strict"}, flatten.Options{Strict: true}},
		{[]string{"-inline", "-nullable", "-strict"}, flatten.Options{InlineRefs: true, NullableTypes: true, Strict: true}},
	} {
		code, out, _ := runCLI(t, "", append(append([]string{"flatten"}, o.args...), pydantic)...)
		o.opts.Indent = "  "
		want, err := flatten.JSON(data, o.opts)
		if err != nil || code != exitOK || out != string(want.Schema) {
			t.Errorf("%v: exit %d, output differs from flatten.JSON with %+v:\n%s\nwant\n%s", o.args, code, o.opts, out, want.Schema)
		}
	}

	// gemini cannot say $ref: everything is inlined, and the recursive
	// definition that is left is a finding with its pointer.
	code, out, stderr := runCLI(t, "", "flatten", "-profile", "gemini", pydantic)
	if code != exitOK {
		t.Fatalf("gemini: exit %d: %s", code, stderr)
	}
	if want := pydantic + "#/properties/tree: gemini: recursive definition Node cannot be said under gemini"; !strings.Contains(stderr, want) {
		t.Errorf("gemini: want %q on stderr, got:\n%s", want, stderr)
	}
	if strings.Contains(out, `"$ref"`) || strings.Contains(out, `{}`) {
		t.Errorf("gemini: a $ref is left, or a schema emptied:\n%s", out)
	}
	var doc struct {
		Properties map[string]map[string]any `json:"properties"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"shape", "style", "tree"} {
		if doc.Properties[name]["type"] != "object" {
			t.Errorf("gemini: property %s is not an object schema: %v", name, doc.Properties[name])
		}
	}
	if doc.Properties["style"]["nullable"] != true {
		t.Errorf("gemini: the Optional style is not nullable: %v", doc.Properties["style"])
	}

	// openai-strict: pydantic's anyOf [X, null] becomes a $ref to a
	// nullable copy of X, with no combinator left, and the words beside
	// it, which a $ref may not carry there, join the description of the
	// object that holds it.
	code, out, _ = runCLI(t, "", "flatten", "-compact", "-profile", "openai-strict", pydantic)
	for _, want := range []string{`"style":{"$ref":"#/$defs/StyleOrNull"}`, `"StyleOrNull":{`, `"description":"style: Default: null."}`} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("openai-strict: want %s in:\n%s", want, out)
		}
	}
	if strings.Contains(out, `"anyOf"`) {
		t.Errorf("openai-strict: an anyOf is left:\n%s", out)
	}
}

// TestREADMEFlattenExamples: every console block of the README that runs
// unionflat flatten shows exactly what the command writes (standard
// output, then standard error), run from the repository root.
func TestREADMEFlattenExamples(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join("..", ".."))
	blocks := 0
	for _, block := range strings.Split(string(readme), "```console\n")[1:] {
		body, _, _ := strings.Cut(block, "```\n")
		cmd, want, _ := strings.Cut(body, "\n")
		args, ok := strings.CutPrefix(cmd, "$ unionflat ")
		if !ok || !strings.HasPrefix(args, "flatten ") {
			continue
		}
		blocks++
		code, out, stderr := runCLI(t, "", strings.Fields(args)...)
		if code != exitOK || out+stderr != want {
			t.Errorf("README block %q: exit %d, the command writes\n%s%s", cmd, code, out, stderr)
		}
	}
	if blocks < 1 {
		t.Errorf("want a flatten example in the README, found none")
	}
}
