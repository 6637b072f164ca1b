package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/support"
	"github.com/unionflat/unionflat/internal/schematest"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// textReply is a message whose one text block is text.
func textReply(t *testing.T, text string) string {
	quoted, err := json.Marshal(text)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf(`{"id":"msg_3","type":"message","role":"assistant","model":"claude-test",
		"content":[{"type":"text","text":%s}],
		"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}`, quoted)
}

// TestTriageStructuredOutput: the request's output_config.format is a
// json_schema holding TriageAnthropicStrictSchema byte for byte, one
// closed object at the root; a canned reply that validates under it
// decodes into the typed variant, and one that breaks Triage's rules
// gives every JSON Pointer.
func TestTriageStructuredOutput(t *testing.T) {
	reply := `{"action":"reply","text":"It ships tomorrow.","order":"o-1001"}`
	if err := schematest.Validator(t, []byte(support.TriageAnthropicStrictSchema)).Validate(schematest.MustParse(t, []byte(reply))); err != nil {
		t.Fatalf("the canned reply does not validate under the strict schema: %v", err)
	}
	api := newAPI(textReply(t, reply), textReply(t, `{"action":"reply","team":"billing"}`))
	client := start(t, api)
	got, err := triage(context.Background(), client, "claude-test", "When does my order ship?")
	if err != nil {
		t.Fatal(err)
	}
	if want := (support.Reply{Text: "It ships tomorrow.", Order: "o-1001"}); !reflect.DeepEqual(got, want) {
		t.Errorf("triage = %#v, want %#v", got, want)
	}
	var body struct {
		OutputConfig struct {
			Format struct {
				Type   string          `json:"type"`
				Schema json.RawMessage `json:"schema"`
			} `json:"format"`
		} `json:"output_config"`
	}
	if err := json.Unmarshal(api.Bodies()[0], &body); err != nil {
		t.Fatal(err)
	}
	f := body.OutputConfig.Format
	if want := calltest.Compact(t, []byte(support.TriageAnthropicStrictSchema)); f.Type != "json_schema" || string(calltest.Compact(t, f.Schema)) != string(want) {
		t.Errorf("output_config.format: type %q, schema\n%s\nwant TriageAnthropicStrictSchema\n%s", f.Type, f.Schema, want)
	}

	_, err = triage(context.Background(), client, "claude-test", "Refund me")
	var errs *unionflat.Errors
	if !errors.As(err, &errs) || len(errs.List) != 2 || errs.List[0].Path.String() != "/team" || errs.List[1].Path.String() != "/text" {
		t.Errorf("an invalid reply: %v, want /team not allowed and /text missing", err)
	}
}
