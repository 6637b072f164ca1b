package main

import (
	"context"
	"encoding/json"
	"maps"
	"reflect"
	"strings"
	"testing"

	"github.com/firebase/genkit/go/genkit"
	"github.com/firebase/genkit/go/plugins/googlegenai"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/support"
	"github.com/unionflat/unionflat/examples/tools"
	profiles "github.com/unionflat/unionflat/flatten/profile"
)

// geminiModel is the model the Google AI plugin tests ask for.
const geminiModel = "gemini-2.5-flash"

// startGoogleAI returns a Genkit whose Google AI plugin talks to a fake
// generateContent endpoint answering with replies in order, which
// genai's client reaches through GOOGLE_GEMINI_BASE_URL.
func startGoogleAI(t *testing.T, replies ...string) (*genkit.Genkit, *calltest.FakeAPI) {
	t.Helper()
	api := &calltest.FakeAPI{Path: "/v1beta/models/" + geminiModel + ":generateContent", Replies: replies,
		ErrorBody: `{"error":{"code":400,"message":"unexpected request","status":"INVALID_ARGUMENT"}}`}
	t.Setenv("GOOGLE_GEMINI_BASE_URL", api.Serve(t))
	return genkit.Init(context.Background(), genkit.WithPlugins(&googlegenai.GoogleAI{APIKey: "test"})), api
}

// upperTypes is doc with every "type" value upper-cased, as the Google AI
// plugin spells them in a genai.Schema (genai.TypeString is "STRING").
func upperTypes(doc any) any {
	switch x := doc.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, v := range x {
			if s, ok := v.(string); ok && k == "type" {
				v = strings.ToUpper(s)
			}
			out[k] = upperTypes(v)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, v := range x {
			out[i] = upperTypes(v)
		}
		return out
	}
	return doc
}

// declared runs one conversation on the Google AI plugin with the tools
// declared from their documents under the profile doc, and returns the
// parameters of each function declaration sent, by name.
func declared(t *testing.T, doc string) (map[string]json.RawMessage, error) {
	t.Helper()
	g, api := startGoogleAI(t, calltest.GeminiDone)
	refs, err := defineTools(g, doc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := converse(context.Background(), g, "googleai/"+geminiModel, refs, "hello"); err != nil {
		return nil, err
	}
	var req struct {
		Tools []struct {
			FunctionDeclarations []struct {
				Name                 string          `json:"name"`
				Parameters           json.RawMessage `json:"parameters"`
				ParametersJSONSchema json.RawMessage `json:"parametersJsonSchema"`
			} `json:"functionDeclarations"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(api.Bodies()[0], &req); err != nil {
		t.Fatal(err)
	}
	if len(req.Tools) != 1 {
		t.Fatalf("tools %s, want one", api.Bodies()[0])
	}
	out := map[string]json.RawMessage{}
	for _, d := range req.Tools[0].FunctionDeclarations {
		if d.ParametersJSONSchema != nil {
			t.Errorf("%s: parametersJsonSchema sent; the plugin no longer converts to Parameters, revisit the README", d.Name)
		}
		out[d.Name] = d.Parameters
	}
	return out, nil
}

// TestGoogleAIKeepsPortable holds the documents to what the Google AI
// plugin makes of them, a genai.Schema for Parameters: the portable
// documents, which the example sends, come through keyword for keyword
// (but for upper-case type names); every other document loses a keyword
// (additionalProperties, a length bound, an exclusive bound or a
// pattern), and a type array (openai-strict's nullable properties) fails
// Generate.
func TestGoogleAIKeepsPortable(t *testing.T) {
	docs := []string{"flat"}
	for _, p := range profiles.Profiles() {
		docs = append(docs, string(p))
	}
	for _, doc := range docs {
		t.Run(doc, func(t *testing.T) {
			sent, err := declared(t, doc)
			if doc == string(profiles.OpenAIStrict) {
				if err == nil || !strings.Contains(err.Error(), "schema 'type' field is not a string") {
					t.Errorf("Generate: %v; want the plugin to refuse a type array, revisit the README", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(sent) != len(tools.All()) {
				t.Fatalf("%d declarations, want %d", len(sent), len(tools.All()))
			}
			changed := false
			for _, tool := range tools.All() {
				want := upperTypes(calltest.Generic(t, []byte(tool.SchemaFor(doc))))
				if got := calltest.Generic(t, sent[tool.Name]); !reflect.DeepEqual(got, want) {
					changed = true
					if doc == profile {
						t.Errorf("%s: the plugin sent\n%s\nfor the portable document\n%s", tool.Name, sent[tool.Name], tool.SchemaFor(doc))
					}
				}
			}
			if !changed && doc != profile {
				t.Errorf("the %s documents come through the plugin unchanged: revisit the README", doc)
			}
		})
	}
}

// TestGoogleAIToolCalls runs the canned calls through the Google AI
// plugin: genai's FunctionCall.Args, a map, becomes the ToolRequest's
// Input, and the text of each reply goes back as the function response
// {"name": tool, "content": text} the plugin writes for an Output that is
// not a map.
func TestGoogleAIToolCalls(t *testing.T) {
	for _, c := range calltest.Calls {
		t.Run(c.Name, func(t *testing.T) {
			args := c.ArgsForDecimalProfile()
			c.CheckText(t, googleAICall(t, c.Tool, args))
		})
	}
}

// googleAICall runs one conversation on the Google AI plugin in which
// the model calls tool with args, and returns the text sent back.
func googleAICall(t *testing.T, tool, args string) string {
	t.Helper()
	g, api := startGoogleAI(t, calltest.GeminiFunctionCall(tool, args, "call_1"), calltest.GeminiDone)
	refs, err := defineTools(g, profile)
	if err != nil {
		t.Fatal(err)
	}
	if answer, err := converse(context.Background(), g, "googleai/"+geminiModel, refs, "go"); err != nil || answer != "done" {
		t.Fatalf("answer %q, %v; want done", answer, err)
	}
	if len(api.Bodies()) != 2 {
		t.Fatalf("%d requests, want 2", len(api.Bodies()))
	}
	contents := calltest.GeminiContents(t, api.Bodies()[1])
	if len(contents) != 3 || len(contents[2].Parts) != 1 || contents[2].Parts[0].FunctionResponse == nil {
		t.Fatalf("contents %s, want user, model, and one function response", api.Bodies()[1])
	}
	fr := contents[2].Parts[0].FunctionResponse
	text, ok := fr.Response["content"].(string)
	if fr.Name != tool || fr.Response["name"] != tool || !ok || len(fr.Response) != 2 {
		t.Fatalf("function response %+v, want name and content for %s", fr, tool)
	}
	return text
}

// TestGoogleAINumberRounded: on the plugin, as genai decodes Args through
// float64, an integer above 2^53 sent as a number reaches the decoder
// rounded.
func TestGoogleAINumberRounded(t *testing.T) {
	args := `{"note":"reply","trigger":{"type":"in","minutes":30},"message_id":9007199254740993}`
	if text := googleAICall(t, "schedule_reminder", args); !strings.Contains(text, "about message 9007199254740992") {
		t.Errorf("result %q: want the rounded 9007199254740992, which the string form avoids", text)
	}
}

// TestGoogleAITriage runs triage on the Google AI plugin: the request asks
// for JSON with Triage's gemini-json document as the responseSchema, all
// of it but additionalProperties, which a genai.Schema has no field for;
// the reply decodes into the typed variant.
func TestGoogleAITriage(t *testing.T) {
	reply := triageReplies[0]
	quoted, err := json.Marshal(reply.reply)
	if err != nil {
		t.Fatal(err)
	}
	g, api := startGoogleAI(t, `{"candidates":[{"content":{"role":"model","parts":[{"text":`+string(quoted)+`}]},"finishReason":"STOP"}]}`)
	defineFormat(g)
	verdict, err := triage(context.Background(), g, "googleai/"+geminiModel, "Where is my parcel?")
	checkVerdict(t, verdict, err, reply.want, reply.pointers)
	var req struct {
		GenerationConfig struct {
			ResponseMIMEType string          `json:"responseMimeType"`
			ResponseSchema   json.RawMessage `json:"responseSchema"`
		} `json:"generationConfig"`
	}
	if err := json.Unmarshal(api.Bodies()[0], &req); err != nil {
		t.Fatal(err)
	}
	doc := calltest.Generic(t, []byte(support.TriageSpec.SchemaFor("gemini-json"))).(map[string]any)
	want := maps.Clone(doc)
	delete(want, "additionalProperties")
	got := calltest.Generic(t, req.GenerationConfig.ResponseSchema)
	if req.GenerationConfig.ResponseMIMEType != "application/json" || !reflect.DeepEqual(got, upperTypes(want)) {
		t.Errorf("generationConfig %s, want JSON and the gemini-json document but additionalProperties", api.Bodies()[0])
	}
	if _, ok := doc["additionalProperties"]; !ok {
		t.Error("the gemini-json document has no additionalProperties: revisit the test")
	}
}
