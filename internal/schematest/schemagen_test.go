package schematest

import (
	"bytes"
	"strings"
	"testing"
)

// TestRandomSchemaDeterministic: the same seed gives the same bytes, and
// different seeds give different documents.
func TestRandomSchemaDeterministic(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(200) {
		a, b := RandomSchema(seed), RandomSchema(seed)
		if !bytes.Equal(a, b) {
			t.Fatalf("seed %d: two documents:\n%s\n%s", seed, a, b)
		}
		seen[string(a)] = true
	}
	if len(seen) < 190 {
		t.Errorf("only %d distinct documents in 200 seeds", len(seen))
	}
}

// TestRandomSchemaCovers: over a few hundred seeds, nearly every document
// compiles, most instances a widened generator draws are valid, and every
// class the generator promises appears.
func TestRandomSchemaCovers(t *testing.T) {
	const seeds = 600
	classes := map[string]string{
		"union under not":           `"not":{"oneOf"`,
		"union under if":            `"if":{"oneOf"`,
		"maxContains":               `"maxContains"`,
		"contains without max":      `"contains":{"anyOf"`,
		"prefixItems":               `"prefixItems"`,
		"patternProperties":         `"patternProperties"`,
		"dependentSchemas":          `"dependentSchemas"`,
		"additionalProperties map":  `"additionalProperties":{"oneOf"`,
		"$id member":                `"$id":"urn:member:`,
		"$anchor":                   `"$anchor"`,
		"$ref to an anchor":         `{"$ref":"#anchor`,
		"$dynamicAnchor":            `"$dynamicAnchor"`,
		"root $ref":                 `{"$ref":"#/`,
		"definitions":               `"definitions":{`,
		"components/schemas":        `"components":{"schemas":{`,
		"escaped def name":          `~1`,
		"tilde def name":            `~0`,
		"OpenAPI discriminator":     `"discriminator":{"propertyName"`,
		"nullable anyOf":            `{"type":"null"}]}`,
		"nullable oneOf":            `"oneOf":[{"type":"null"}`,
		"nullable type array":       `,"null"]`,
		"allOf member":              `{"allOf":[{"type":"object","properties":`,
		"unevaluatedProperties":     `"unevaluatedProperties":false`,
		"closed member":             `"additionalProperties":false`,
		"$ref in const data":        `"const":{"$ref"`,
		"$ref in enum data":         `"enum":[{"$ref"`,
		"$ref in default data":      `"default":{"$ref"`,
		"multi-value discriminator": `"enum":["a","a0"]`,
		"integer with number":       `{"type":"number"}`,
		"unicode key":               `"日本"`,
		"recursive union":           `"left":{"oneOf"`,
		"$ref to a named anchor":    `{"$ref":"#named`,
		"$dynamicRef":               `{"$dynamicRef":"#named`,
		"$ref by the document $id":  `{"$ref":"https://example.com/doc`,
		"$ref relative to the $id":  `{"$ref":"doc`,
	}
	found := map[string]int{}
	skipped, draws, valid := 0, 0, 0
	for seed := range uint64(seeds) {
		doc := RandomSchema(seed)
		for name, marker := range classes {
			if strings.Contains(string(doc), marker) {
				found[name]++
			}
		}
		s, err := Compile(doc)
		if err != nil {
			skipped++
			continue
		}
		g, err := New(doc, seed)
		if err != nil {
			t.Fatal(err)
		}
		g.Widen()
		for range 10 {
			draws++
			v, err := Parse(Marshal(g.Value()))
			if err == nil && s.Validate(v) == nil {
				valid++
			}
		}
	}
	for name := range classes {
		if found[name] == 0 {
			t.Errorf("no document in %d seeds has %s", seeds, name)
		}
	}
	if skipped > seeds/20 {
		t.Errorf("%d of %d documents do not compile", skipped, seeds)
	}
	if valid < draws/2 {
		t.Errorf("only %d of %d drawn instances are valid", valid, draws)
	}
	t.Logf("%d documents, %d skipped, %d of %d instances valid", seeds, skipped, valid, draws)
}
