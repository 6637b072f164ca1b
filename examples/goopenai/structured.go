package main

import (
	"context"
	"encoding/json"
	"errors"

	openai "github.com/sashabaranov/go-openai"

	"github.com/unionflat/unionflat/examples/support"
)

// triage asks the model for its verdict on a support ticket as a
// structured output: response_format json_schema with strict: true, whose
// schema is support.TriageOpenAIStrictSchema. Triage is a union, and
// strict mode refuses an anyOf at the root; its openai-strict document is
// one flat object, every key required and the optional ones nullable.
// ChatCompletionResponseFormatJSONSchema.Schema is a json.Marshaler, so a
// json.RawMessage goes out unchanged. The reply is decoded into the typed
// union by DecodeTriage, which reads the nulls as absent keys; a reply
// that breaks Triage's rules comes back as a *unionflat.Errors naming
// every problem by JSON Pointer.
func triage(ctx context.Context, client *openai.Client, model, ticket string) (support.Triage, error) {
	spec := support.TriageSpec
	resp, err := client.CreateChatCompletion(ctx, openai.ChatCompletionRequest{
		Model: model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: "Triage the customer's ticket: reply to it, or escalate it to billing or shipping."},
			{Role: openai.ChatMessageRoleUser, Content: ticket},
		},
		ResponseFormat: &openai.ChatCompletionResponseFormat{
			Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
				Name:        spec.Name,
				Description: spec.Description,
				Schema:      json.RawMessage(spec.SchemaFor("openai-strict")),
				Strict:      true,
			},
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
