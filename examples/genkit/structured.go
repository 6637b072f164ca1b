package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"

	"github.com/unionflat/unionflat/examples/support"
)

// formatName is the output format triage asks for: passThrough.
const formatName = "unionflat"

// defineFormat registers passThrough on g. Generate looks a format up as
// "/format/" + its name, and genkit.DefineFormat registers it under the
// name it is given, so the prefix is written here.
func defineFormat(g *genkit.Genkit) {
	genkit.DefineFormat(g, "/format/"+formatName, passThrough{})
}

// triage asks the model for its verdict on a support ticket as a
// structured output, the union support.Triage, whose gemini-json document
// goes to Generate as the output schema (a map[string]any). Triage's
// gemini-json document is one flat object with no type array, which the
// Google AI plugin turns into the genai.Schema of its ResponseSchema.
//
// Genkit's own json format validates the reply against that schema and
// fails Generate when it does not validate, with a message no caller can
// read a JSON Pointer from; and the schema is the flat one, looser than
// the union. So triage asks for the passThrough format, and the generated
// DecodeTriage judges the reply: it returns the typed variant, or a
// *unionflat.Errors naming every problem by JSON Pointer. A reply in a
// Markdown fence is read inside it.
func triage(ctx context.Context, g *genkit.Genkit, model, ticket string) (support.Triage, error) {
	var schema map[string]any
	if err := json.Unmarshal([]byte(support.TriageSpec.SchemaFor("gemini-json")), &schema); err != nil {
		return nil, err
	}
	resp, err := genkit.Generate(ctx, g, ai.WithModelName(model),
		ai.WithSystem("Triage the customer's ticket: reply to it, or escalate it to billing or shipping."),
		ai.WithPrompt(ticket),
		ai.WithOutputSchema(schema), ai.WithOutputFormat(formatName))
	if err != nil {
		return nil, err
	}
	return support.DecodeTriage([]byte(unfence(resp.Text())))
}

// unfence returns the JSON inside s when s is one Markdown fenced block
// (```json or ``` alone), as a model asked for JSON in the prompt may
// write it, and s otherwise. Genkit's json format reads a fence so too.
func unfence(s string) string {
	rest, ok := strings.CutPrefix(strings.TrimSpace(s), "```")
	if !ok {
		return s
	}
	info, body, ok := strings.Cut(rest, "\n")
	if !ok || (strings.TrimSpace(info) != "" && !strings.EqualFold(strings.TrimSpace(info), "json")) {
		return s
	}
	body, ok = strings.CutSuffix(strings.TrimSpace(body), "```")
	if !ok {
		return s
	}
	return body
}

// passThrough is an output format that asks for JSON under the schema as
// Genkit's json format does, natively constrained where the model can be
// and in the prompt's instructions where it cannot, and hands the reply
// back unjudged.
type passThrough struct{}

func (passThrough) Name() string { return formatName }

func (passThrough) Handler(schema map[string]any) (ai.FormatHandler, error) {
	doc, err := json.Marshal(schema)
	if err != nil {
		return nil, err
	}
	return passThroughHandler{
		instructions: fmt.Sprintf("Output should be in JSON format and conform to the following schema:\n\n```%s```", doc),
		config: ai.ModelOutputConfig{Constrained: true, Format: ai.OutputFormatJSON,
			Schema: schema, ContentType: "application/json"},
	}, nil
}

type passThroughHandler struct {
	instructions string
	config       ai.ModelOutputConfig
}

// ParseMessage returns m as it is: the decoder judges it.
func (h passThroughHandler) ParseMessage(m *ai.Message) (*ai.Message, error) { return m, nil }

func (h passThroughHandler) Instructions() string { return h.instructions }

func (h passThroughHandler) Config() ai.ModelOutputConfig { return h.config }
