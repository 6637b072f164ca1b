package main

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/unionflat/unionflat/examples/support"
)

// triage asks Claude for its verdict on a support ticket as a structured
// output: output_config.format, a json_schema whose schema is
// support.TriageAnthropicStrictSchema, the union Triage as one flat
// object (Anthropic refuses an anyOf at the root too). The format goes out
// with param.Override, since JSONOutputFormatParam.Schema is a map and
// would be sent with its keys sorted. The reply, JSON in the first text
// block, is decoded into the typed union by DecodeTriage; one that breaks
// Triage's rules comes back as a *unionflat.Errors naming every problem by
// JSON Pointer.
func triage(ctx context.Context, client anthropic.Client, model, ticket string) (support.Triage, error) {
	format, err := json.Marshal(struct {
		Type   string          `json:"type"`
		Schema json.RawMessage `json:"schema"`
	}{"json_schema", json.RawMessage(support.TriageSpec.SchemaFor("anthropic-strict"))})
	if err != nil {
		return nil, err
	}
	msg, err := client.Messages.New(ctx, anthropic.MessageNewParams{
		Model:     model,
		MaxTokens: 1024,
		System:    []anthropic.TextBlockParam{{Text: "Triage the customer's ticket: reply to it, or escalate it to billing or shipping."}},
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(ticket))},
		OutputConfig: anthropic.OutputConfigParam{
			Format: param.Override[anthropic.JSONOutputFormatParam](json.RawMessage(format)),
		},
	})
	if err != nil {
		return nil, err
	}
	for _, block := range msg.Content {
		if block.Type == "text" {
			return support.DecodeTriage([]byte(block.Text))
		}
	}
	return nil, errors.New("the reply has no text block")
}
