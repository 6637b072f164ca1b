package main

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"

	"github.com/unionflat/unionflat/examples/support"
)

// triage asks the model for its verdict on a support ticket as a
// structured output: response_format json_schema with strict: true, whose
// schema is support.TriageOpenAIStrictSchema. Triage is a union, and
// strict mode refuses an anyOf at the root; its openai-strict document is
// one flat object, every key required and the optional ones nullable.
// The reply is decoded into the typed union by DecodeTriage, which reads
// the nulls as absent keys; a reply that breaks Triage's rules comes back
// as a *unionflat.Errors naming every problem by JSON Pointer.
func triage(ctx context.Context, client openai.Client, model, ticket string) (support.Triage, error) {
	spec := support.TriageSpec
	format := shared.ResponseFormatJSONSchemaJSONSchemaParam{
		Name:        spec.Name,
		Description: openai.String(spec.Description),
		Strict:      openai.Bool(true),
		// Raw JSON goes out unchanged, keys in their order.
		Schema: json.RawMessage(spec.SchemaFor("openai-strict")),
	}
	resp, err := client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{
		Model: model,
		Messages: []openai.ChatCompletionMessageParamUnion{
			openai.SystemMessage("Triage the customer's ticket: reply to it, or escalate it to billing or shipping."),
			openai.UserMessage(ticket),
		},
		ResponseFormat: openai.ChatCompletionNewParamsResponseFormatUnion{
			OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{JSONSchema: format},
		},
	})
	if err != nil {
		return nil, err
	}
	if len(resp.Choices) == 0 {
		return nil, errors.New("the response has no choices")
	}
	if refusal := resp.Choices[0].Message.Refusal; refusal != "" {
		return nil, errors.New("the model refused: " + refusal)
	}
	return support.DecodeTriage([]byte(resp.Choices[0].Message.Content))
}
