// Package calltest holds the tool calls that every SDK example's test makes
// through its SDK, and what each must get back, so that the examples are
// held to the same behaviour; and the test wrappers they share: a fake
// HTTP API that records request bodies ([FakeAPI]), the raw results an MCP
// client read ([Wire]), and the checks that a schema went out byte for
// byte ([Wire.CheckListed], [CheckSent]); the canned replies of the
// OpenAI and Gemini APIs that several examples fake; the checks every
// Chat Completions client runs ([ChatDeclarations], [RunChatCalls],
// [RunStrictTriage]); and the JSON Schema keywords the tests probe an
// SDK's schema types with ([Keywords]).
package calltest

import (
	"strings"
	"testing"
)

// A Call is one tool call a model might make.
type Call struct {
	Name string // the subtest's name
	Tool string
	// Args are the arguments as the model wrote them: a JSON object.
	Args string
	// DecimalArgs, when set, are Args as a model writes them for a
	// profile that advertises integers beyond 2^53 as decimal strings
	// (gemini), for SDKs that hand arguments over as map[string]any.
	DecimalArgs string
	// IsError says the result must be a tool error.
	IsError bool
	// Want are substrings the result's text must hold.
	Want []string
}

// Calls are the calls every example makes: valid arguments,
// double-serialized ones, invalid ones, and a 64-bit integer that a detour
// through float64 would round.
var Calls = []Call{
	{
		Name: "valid",
		Tool: "measure_shapes",
		Args: `{"unit":"m","shapes":[{"kind":"rect","width":2,"height":3},{"kind":"circle","radius":1}]}`,
		Want: []string{"shape 0: area 6 m², perimeter 10 m", "shape 1: area 3.142 m²", "total area: 9.142 m²"},
	},
	{
		Name: "double-serialized",
		Tool: "measure_shapes",
		// The union array arrives as a JSON string holding the array.
		Args: `{"shapes":"[{\"kind\":\"rectangle\",\"width\":1.5,\"height\":2}]"}`,
		Want: []string{"shape 0: area 3 cm²", "total area: 3 cm²"},
	},
	{
		Name:    "invalid",
		Tool:    "measure_shapes",
		Args:    `{"shapes":[{"kind":"circle"},{"kind":"rect","width":2,"height":3,"radius":1}]}`,
		IsError: true,
		Want: []string{
			"/shapes/0/radius: radius is required when kind = circle",
			"/shapes/1/radius: radius is not allowed when kind = rect",
		},
	},
	{
		Name:        "exact integer",
		Tool:        "schedule_reminder",
		Args:        `{"note":"reply","trigger":{"type":"in","minutes":30},"message_id":9007199254740993}`,
		DecimalArgs: `{"note":"reply","trigger":{"type":"in","minutes":"30"},"message_id":"9007199254740993"}`,
		Want:        []string{`reminder "reply" scheduled in 30 minutes about message 9007199254740993`},
	},
}

// ArgsForDecimalProfile are the arguments a model writes under a profile
// that advertises integers beyond 2^53 as decimal strings.
func (c Call) ArgsForDecimalProfile() string {
	if c.DecimalArgs != "" {
		return c.DecimalArgs
	}
	return c.Args
}

// Check reports, on t, every way the result differs from what c wants.
func (c Call) Check(t testing.TB, text string, isError bool) {
	t.Helper()
	if isError != c.IsError {
		t.Errorf("%s: isError = %v, want %v; text:\n%s", c.Tool, isError, c.IsError, text)
	}
	for _, w := range c.Want {
		if !strings.Contains(text, w) {
			t.Errorf("%s: result lacks %q; text:\n%s", c.Tool, w, text)
		}
	}
}
