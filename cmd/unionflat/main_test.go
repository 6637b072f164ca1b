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

const union = `{"oneOf":[
	{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"string"}},"required":["kind","x"]},
	{"type":"object","properties":{"kind":{"const":"b"},"y":{"type":"number"}},"required":["kind"]}]}`

func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestFlattenCommand(t *testing.T) {
	code, out, stderr := runCLI(t, union, "flatten")
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, out)
	}
	if _, ok := doc["oneOf"]; ok || doc["type"] != "object" {
		t.Errorf("not flattened: %s", out)
	}
	if !strings.HasPrefix(out, "{\n  \"type\"") {
		t.Errorf("want indented output keeping the union's place, got %q", out[:min(20, len(out))])
	}

	code, out, _ = runCLI(t, union, "flatten", "-compact")
	if code != exitOK || strings.Count(out, "\n") != 1 {
		t.Errorf("-compact: exit %d, %d lines", code, strings.Count(out, "\n"))
	}

	// A file argument, and a union left alone with its reason on stderr.
	dir := t.TempDir()
	file := filepath.Join(dir, "s.json")
	os.WriteFile(file, []byte(`{"anyOf":[{"type":"object","properties":{"k":{"const":1}},"required":["k"]},{"type":"object","properties":{"k":{"const":2}},"required":["k"]}]}`), 0o666)
	code, out, stderr = runCLI(t, "", "flatten", file)
	if code != exitOK || !strings.Contains(stderr, file+"#: union left as is: no discriminator") || !strings.Contains(out, "anyOf") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}

	code, _, stderr = runCLI(t, `{"a": [1, }`, "flatten")
	if code != exitError || !strings.Contains(stderr, "<stdin>: invalid JSON at byte offset 10") {
		t.Errorf("invalid JSON: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "flatten", filepath.Join(dir, "missing.json"))
	if code != exitError || !strings.Contains(stderr, "missing.json") {
		t.Errorf("missing file: exit %d, stderr %q", code, stderr)
	}
	for _, args := range [][]string{{"flatten", "a", "b"}, {"flatten", "-nope"}, {"flatten", "-profile", "nope"}} {
		if code, _, _ := runCLI(t, union, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}

	code, out, _ = runCLI(t, union, "flatten", "-profile", "openai-strict")
	if code != exitOK || !strings.Contains(out, `"null"`) || !strings.Contains(out, `"additionalProperties": false`) {
		t.Errorf("-profile openai-strict: exit %d\n%s", code, out)
	}
}

func TestLintCommand(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(good, []byte(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`), 0o666)
	os.WriteFile(bad, []byte(`{"type":"object","properties":{"a":{},"b":{"type":["string","null"]}}}`), 0o666)

	if code, out, stderr := runCLI(t, "", "lint", good); code != exitOK || out != "" || stderr != "" {
		t.Errorf("clean document: exit %d, out %q, err %q", code, out, stderr)
	}
	code, out, _ := runCLI(t, "", "lint", "-profile", "gemini", good, bad)
	if code != exitError {
		t.Errorf("findings: exit %d, want %d", code, exitError)
	}
	for _, want := range []string{
		bad + "#/properties/a: the property says nothing about what it is: give it a type [untyped]",
		bad + "#/properties/b/type: type arrays are not accepted by gemini [type-array]",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, good) {
		t.Errorf("the clean file has findings:\n%s", out)
	}
	if code, _, _ := runCLI(t, "", "lint", "-profile", "nope", good); code != exitUsage {
		t.Errorf("unknown profile: exit %d", code)
	}
	if code, out, _ := runCLI(t, `{"type":"array"}`, "lint"); code != exitError || !strings.Contains(out, "<stdin>#: the root must be") {
		t.Errorf("stdin: exit %d, %q", code, out)
	}
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

	// openai-strict: pydantic's anyOf [X, null] is nullable once, not
	// wrapped in a second anyOf.
	code, out, _ = runCLI(t, "", "flatten", "-compact", "-profile", "openai-strict", pydantic)
	want := `"style":{"anyOf":[{"$ref":"#/$defs/Style"},{"type":"null"}],"description":"Default: null."}`
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("openai-strict: want %s in:\n%s", want, out)
	}
	if strings.Count(out, `"anyOf":[{"anyOf"`) != 0 {
		t.Errorf("openai-strict: a nullable wrapped twice:\n%s", out)
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
	if blocks < 4 {
		t.Errorf("want at least 4 flatten examples in the README, found %d", blocks)
	}
}
