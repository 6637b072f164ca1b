package main

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/googleai"
	"github.com/tmc/langchaingo/llms/openai"
	lctools "github.com/tmc/langchaingo/tools"
	"google.golang.org/api/option"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/tools"
)

var _ lctools.Tool = Tool{}

// TestTool runs the canned calls through the tools.Tool an agent calls:
// the raw argument string goes to the generated decoder.
func TestTool(t *testing.T) {
	for _, c := range calltest.Calls {
		t.Run(c.Name, func(t *testing.T) {
			var tool lctools.Tool
			for _, x := range tools.All() {
				if x.Name == c.Tool {
					tool = Tool{x}
				}
			}
			text, err := tool.Call(context.Background(), c.Args)
			if err != nil {
				t.Fatalf("a Go error, not a result the model reads: %v", err)
			}
			c.CheckText(t, text)
		})
	}
}

// TestOpenAIBackend: the OpenAI backend sends Parameters, a
// json.RawMessage of the flat schema, byte for byte; the canned calls'
// arguments come back as the model wrote them and every result reaches
// the model in a tool message.
func TestOpenAIBackend(t *testing.T) {
	defs, err := functionTools(false)
	if err != nil {
		t.Fatal(err)
	}
	loop := func(t *testing.T, baseURL, prompt string) (string, error) {
		llm, err := openai.New(openai.WithBaseURL(baseURL), openai.WithToken("test"), openai.WithModel("gpt-test"))
		if err != nil {
			t.Fatal(err)
		}
		return converse(context.Background(), llm, defs, prompt)
	}
	calltest.ChatDeclarations(t, loop)
	calltest.RunChatCalls(t, loop)
}

// googleModel is langchaingo's googleai backend, over REST, on api.
func googleModel(t *testing.T, api *calltest.FakeAPI) llms.Model {
	t.Helper()
	url := api.Serve(t)
	llm, err := googleai.New(context.Background(), googleai.WithRest(), googleai.WithAPIKey("test"), googleai.WithDefaultModel("gemini-test"),
		func(o *googleai.Options) { o.ClientOptions = append(o.ClientOptions, option.WithEndpoint(url)) })
	if err != nil {
		t.Fatal(err)
	}
	return llm
}

// newGoogleAPI stands in for generateContent, and for
// streamGenerateContent, which the backend calls once the history holds
// more than one message (a streamed reply is a JSON array of responses).
func newGoogleAPI(replies ...string) *calltest.FakeAPI {
	return &calltest.FakeAPI{Path: "/v1beta/models/gemini-test:generateContent",
		Paths: []string{"/v1beta/models/gemini-test:streamGenerateContent"}, Replies: replies,
		ErrorBody: `{"error":{"code":400,"message":"unexpected request","status":"INVALID_ARGUMENT"}}`}
}

// sentParameters returns each declaration's parameters from a googleai
// request.
func sentParameters(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var req struct {
		Tools []struct {
			FunctionDeclarations []struct {
				Name       string         `json:"name"`
				Parameters map[string]any `json:"parameters"`
			} `json:"functionDeclarations"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil || len(req.Tools) != 1 {
		t.Fatalf("%v, want one tool:\n%s", err, body)
	}
	out := map[string]any{}
	for _, d := range req.Tools[0].FunctionDeclarations {
		out[d.Name] = d.Parameters
	}
	return out
}

// keywords collects every key of the schemas in doc, at every depth
// (property names excluded).
func keywords(doc any, into map[string]bool) {
	m, ok := doc.(map[string]any)
	if !ok {
		return
	}
	for k, v := range m {
		into[k] = true
		switch k {
		case "properties":
			props, _ := v.(map[string]any)
			for _, p := range props {
				keywords(p, into)
			}
		case "items":
			keywords(v, into)
		}
	}
}

// TestGoogleAIDrops shows what the googleai backend keeps of a schema:
// type, description, properties, items and required. Of the flat schema
// it drops the rest, enum included, so the measure_shapes unit's values
// are nowhere in what reaches Gemini; the portable document says every
// enum in its description, so the values survive there, the
// discriminator's included.
func TestGoogleAIDrops(t *testing.T) {
	kept := []string{"description", "items", "properties", "required", "type"}
	for _, doc := range []string{"flat", "portable"} {
		t.Run(doc, func(t *testing.T) {
			var defs []llms.Tool
			for _, tool := range tools.All() {
				var m map[string]any
				if err := json.Unmarshal([]byte(tool.SchemaFor(doc)), &m); err != nil {
					t.Fatal(err)
				}
				defs = append(defs, llms.Tool{Type: "function", Function: &llms.FunctionDefinition{Name: tool.Name, Description: tool.Description, Parameters: m}})
			}
			api := newGoogleAPI(calltest.GeminiDone)
			if _, err := converse(context.Background(), googleModel(t, api), defs, "hello"); err != nil {
				t.Fatal(err)
			}
			params := sentParameters(t, api.Bodies()[0])
			sentKeys, inKeys := map[string]bool{}, map[string]bool{}
			for _, tool := range tools.All() {
				keywords(params[tool.Name], sentKeys)
				keywords(calltest.Generic(t, []byte(tool.SchemaFor(doc))), inKeys)
			}
			if got := slices.Sorted(maps.Keys(sentKeys)); !slices.Equal(got, kept) {
				t.Errorf("googleai sent the keywords %v, want only %v", got, kept)
			}
			if !inKeys["enum"] {
				t.Fatalf("the %s documents hold no enum: the test shows nothing", doc)
			}
			sent, _ := json.Marshal(params["measure_shapes"])
			unitValues := strings.Contains(string(sent), `\"mm\", \"cm\", \"m\", \"in\"`)
			kindValues := strings.Contains(string(sent), `\"circle\", \"rect\", \"rectangle\", \"polygon\"`)
			if want := doc == "portable"; unitValues != want || kindValues != want {
				t.Errorf("%s: unit values said %v, kind values said %v, want %v:\n%s", doc, unitValues, kindValues, want, sent)
			}
		})
	}
}

// TestGoogleAIBackend: through the googleai backend, which hands the
// arguments over as a map (numbers through float64) and marshals them
// back to a string, the canned calls, written as the portable profile
// with bigints=string asks (integers beyond 2^53 as decimal strings),
// decode as they should.
func TestGoogleAIBackend(t *testing.T) {
	defs, err := functionTools(true)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range calltest.Calls {
		t.Run(c.Name, func(t *testing.T) {
			api := newGoogleAPI(calltest.GeminiFunctionCall(c.Tool, c.ArgsForDecimalProfile(), ""), "["+calltest.GeminiDone+"]")
			if answer, err := converse(context.Background(), googleModel(t, api), defs, "go"); err != nil || answer != "done" {
				t.Fatalf("answer %q, %v; want done", answer, err)
			}
			body := api.Bodies()[1]
			contents := calltest.GeminiContents(t, body)
			last := contents[len(contents)-1]
			if len(last.Parts) != 1 || last.Parts[0].FunctionResponse == nil || last.Parts[0].FunctionResponse.Name != c.Tool {
				t.Fatalf("last content %+v, want a function response of %s:\n%s", last, c.Tool, body)
			}
			text, _ := last.Parts[0].FunctionResponse.Response["response"].(string)
			c.CheckText(t, text)
		})
	}
}
