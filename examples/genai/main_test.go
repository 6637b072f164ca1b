package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"google.golang.org/genai"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/tools"
	"github.com/unionflat/unionflat/flatten/profile"
)

const model = "gemini-test"

// newAPI stands in for the generateContent endpoint, answering with
// replies in order.
func newAPI(replies ...string) *calltest.FakeAPI {
	return &calltest.FakeAPI{Path: "/v1beta/models/" + model + ":generateContent", Replies: replies,
		ErrorBody: `{"error":{"code":400,"message":"unexpected request","status":"INVALID_ARGUMENT"}}`}
}

// start serves api and returns a client of it.
func start(t *testing.T, api *calltest.FakeAPI) *genai.Client {
	t.Helper()
	client, err := genai.NewClient(context.Background(), &genai.ClientConfig{APIKey: "test", Backend: genai.BackendGeminiAPI,
		HTTPOptions: genai.HTTPOptions{BaseURL: api.Serve(t)}})
	if err != nil {
		t.Fatal(err)
	}
	return client
}

// modes are the two ways to declare a tool.
var modes = []struct {
	name    string
	openAPI bool
}{{"parametersJsonSchema", false}, {"parameters", true}}

// converseWith runs one conversation over api with the declarations of a
// mode.
func converseWith(t *testing.T, api *calltest.FakeAPI, openAPI bool, prompt string) string {
	t.Helper()
	decls, err := declarations(openAPI)
	if err != nil {
		t.Fatal(err)
	}
	answer, err := converse(context.Background(), start(t, api), model, decls, prompt)
	if err != nil {
		t.Fatal(err)
	}
	return answer
}

// lowerTypes lower-cases every "type" value, as JSON Schema spells them.
func lowerTypes(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			if s, ok := e.(string); ok && k == "type" {
				e = strings.ToLower(s)
			}
			out[k] = lowerTypes(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = lowerTypes(e)
		}
		return out
	}
	return v
}

// TestDeclarationsSent checks the request of both modes: every tool is a
// function declaration whose schema is its profile's document, and the
// key order the SDK loses on the way (it sorts keys) survives as
// propertyOrdering.
func TestDeclarationsSent(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			api := newAPI(calltest.GeminiDone)
			if answer := converseWith(t, api, m.openAPI, "hello"); answer != "done" || len(api.Bodies()) != 1 {
				t.Fatalf("answer %q after %d requests, want done after 1", answer, len(api.Bodies()))
			}
			body := api.Bodies()[0]
			var req struct {
				Tools []struct {
					FunctionDeclarations []struct {
						Name                 string          `json:"name"`
						Description          string          `json:"description"`
						Parameters           json.RawMessage `json:"parameters"`
						ParametersJSONSchema json.RawMessage `json:"parametersJsonSchema"`
					} `json:"functionDeclarations"`
				} `json:"tools"`
			}
			if err := json.Unmarshal(body, &req); err != nil {
				t.Fatal(err)
			}
			if len(req.Tools) != 1 || len(req.Tools[0].FunctionDeclarations) != len(tools.All()) {
				t.Fatalf("tools %+v, want one tool with %d declarations", req.Tools, len(tools.All()))
			}
			for i, tool := range tools.All() {
				got := req.Tools[0].FunctionDeclarations[i]
				if got.Name != tool.Name || got.Description != tool.Description {
					t.Errorf("declaration %d: %s %q, want %s %q", i, got.Name, got.Description, tool.Name, tool.Description)
				}
				want, sent, other := tool.SchemaFor("gemini-json"), got.ParametersJSONSchema, got.Parameters
				if m.openAPI {
					want, sent, other = tool.SchemaFor("gemini"), got.Parameters, got.ParametersJSONSchema
				}
				if other != nil {
					t.Errorf("%s: both parameters and parametersJsonSchema set", tool.Name)
				}
				if !reflect.DeepEqual(lowerTypes(calltest.Generic(t, sent)), calltest.Generic(t, []byte(want))) {
					t.Errorf("%s: the request's schema\n%s\nis not the profile's\n%s", tool.Name, sent, want)
				}
				// The SDK sorts the keys: the bytes differ, the order is in
				// propertyOrdering.
				if bytes.Contains(body, calltest.Compact(t, []byte(want))) {
					t.Errorf("%s: the schema went out byte for byte; the SDK no longer sorts keys, revisit the README", tool.Name)
				}
				var ordering struct {
					PropertyOrdering []string `json:"propertyOrdering"`
				}
				if err := json.Unmarshal(sent, &ordering); err != nil {
					t.Fatal(err)
				}
				if names := calltest.PropertyNames(t, tool.InputSchema()); !reflect.DeepEqual(ordering.PropertyOrdering, names) {
					t.Errorf("%s: propertyOrdering %v, want the declaration order %v", tool.Name, ordering.PropertyOrdering, names)
				}
			}
		})
	}
}

// TestGeminiSchemaRoundTrip proves that nothing of a gemini profile
// document is lost in a genai.Schema: each tool's document, unmarshalled
// and marshalled again, is the same document (but for upper-case type
// names); and, for the whole class, every keyword the gemini profile's
// lint accepts, so every keyword the profile can write, is a field of
// genai.Schema.
func TestGeminiSchemaRoundTrip(t *testing.T) {
	for _, tool := range tools.All() {
		doc := tool.SchemaFor("gemini")
		s, err := parameters(doc)
		if err != nil {
			t.Fatal(err)
		}
		back, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(lowerTypes(calltest.Generic(t, back)), calltest.Generic(t, []byte(doc))) {
			t.Errorf("%s: through genai.Schema\n%s\nbecame\n%s", tool.Name, doc, back)
		}
	}
	fields := map[string]bool{}
	st := reflect.TypeFor[genai.Schema]()
	for i := range st.NumField() {
		name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		fields[name] = true
	}
	accepted := 0
	for _, kw := range calltest.Keywords {
		doc := fmt.Sprintf(`{"type":"object","properties":{"a":{"type":"string",%q:%s}},"propertyOrdering":["a"]}`, kw, calltest.SampleValue(kw))
		if kw == "type" {
			doc = `{"type":"object","properties":{"a":{"type":"string"}},"propertyOrdering":["a"]}`
		}
		findings, err := profile.Lint([]byte(doc), profile.Gemini)
		if err != nil {
			t.Fatal(err)
		}
		if rejects(findings, kw) {
			continue
		}
		accepted++
		if !fields[kw] {
			t.Errorf("the gemini profile writes %s, which genai.Schema has no field for", kw)
		}
	}
	if accepted < 15 {
		t.Errorf("only %d keywords accepted: the lint probe is broken", accepted)
	}
}

// rejects reports whether a finding is about the keyword at the probe's
// property.
func rejects(findings []profile.Finding, kw string) bool {
	for _, f := range findings {
		if f.Pointer == "/properties/a/"+kw {
			return true
		}
	}
	return false
}

// TestFunctionCalls feeds each canned function call to converse, in both
// modes, and checks the function response it sends back, which is all
// the model gets to see. Arguments are written as the gemini profiles ask,
// integers beyond 2^53 as decimal strings, and arrive as a map.
func TestFunctionCalls(t *testing.T) {
	for _, m := range modes {
		for _, c := range calltest.Calls {
			t.Run(m.name+"/"+c.Name, func(t *testing.T) {
				args := c.ArgsForDecimalProfile()
				api := newAPI(calltest.GeminiFunctionCall(c.Tool, args, "call_1"), calltest.GeminiDone)
				if answer := converseWith(t, api, m.openAPI, "go"); answer != "done" {
					t.Errorf("answer %q, want done", answer)
				}
				text, isError := functionResponse(t, api, c.Tool, args)
				c.Check(t, text, isError)
			})
		}
	}
}

// functionResponse reads the second request: the model's function call
// sent back as it came, then one function response for call_1, whose
// text it returns with whether it is an error.
func functionResponse(t *testing.T, api *calltest.FakeAPI, tool, args string) (string, bool) {
	t.Helper()
	if len(api.Bodies()) != 2 {
		t.Fatalf("%d requests, want 2", len(api.Bodies()))
	}
	body := api.Bodies()[1]
	contents := calltest.GeminiContents(t, body)
	if n := len(contents); n != 3 {
		t.Fatalf("%d contents, want user, model, user:\n%s", n, body)
	}
	if p := contents[1].Parts; len(p) != 1 || p[0].FunctionCall == nil || p[0].FunctionCall.Name != tool ||
		!reflect.DeepEqual(calltest.Generic(t, p[0].FunctionCall.Args), calltest.Generic(t, []byte(args))) {
		t.Errorf("the model's function call went back as %s", body)
	}
	c := contents[2]
	if c.Role != "user" || len(c.Parts) != 1 || c.Parts[0].FunctionResponse == nil {
		t.Fatalf("content %+v, want one function response:\n%s", c, body)
	}
	fr := c.Parts[0].FunctionResponse
	if fr.ID != "call_1" || fr.Name != tool || len(fr.Response) != 1 {
		t.Fatalf("function response %+v, want one key for call_1 of %s", fr, tool)
	}
	if text, ok := fr.Response["error"].(string); ok {
		return text, true
	}
	text, ok := fr.Response["output"].(string)
	if !ok {
		t.Fatalf("function response %+v has neither output nor error", fr.Response)
	}
	return text, false
}

// TestNumberRounded shows why the gemini profiles write big integers as
// strings: the same ID sent as a number reaches the decoder rounded,
// since genai decodes Args through float64.
func TestNumberRounded(t *testing.T) {
	args := `{"note":"reply","trigger":{"type":"in","minutes":30},"message_id":9007199254740993}`
	api := newAPI(calltest.GeminiFunctionCall("schedule_reminder", args, "call_1"), calltest.GeminiDone)
	converseWith(t, api, false, "go")
	// The call goes back in the history as the SDK holds it: rounded too.
	rounded := strings.Replace(args, "993", "992", 1)
	text, isError := functionResponse(t, api, "schedule_reminder", rounded)
	if isError || !strings.Contains(text, "about message 9007199254740992") {
		t.Errorf("result %q: want the rounded 9007199254740992, which the string form avoids", text)
	}
}
