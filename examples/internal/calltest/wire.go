package calltest

import (
	"bytes"
	"encoding/json"
	"sync"
	"testing"

	"github.com/unionflat/unionflat/examples/tools"
)

// Wire keeps the raw result of every JSON-RPC response an MCP test client
// reads. The SDK clients decode a tool's inputSchema into a map or a
// struct, which would hide what the server sent: its key order, and the
// keywords the struct has no field for.
type Wire struct {
	mu      sync.Mutex
	results []json.RawMessage
}

// Keep records one response's result; nil is ignored.
func (w *Wire) Keep(result json.RawMessage) {
	if result == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.results = append(w.results, bytes.Clone(result))
}

// Last returns the result of the last response kept, as the server
// wrote it.
func (w *Wire) Last(t testing.TB) json.RawMessage {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.results) == 0 {
		t.Fatal("the client read no response")
	}
	return w.results[len(w.results)-1]
}

// ListedSchemas returns each tool's inputSchema exactly as the server
// sent it in the last tools/list result kept.
func (w *Wire) ListedSchemas(t testing.TB) map[string]json.RawMessage {
	t.Helper()
	return w.Listed(t, "inputSchema")
}

// Listed returns, by tool name, the member key of each tool ("inputSchema",
// "outputSchema") exactly as the server sent it in the last tools/list
// result kept; tools without that member are left out.
func (w *Wire) Listed(t testing.TB, key string) map[string]json.RawMessage {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	for i := len(w.results) - 1; i >= 0; i-- {
		var list struct {
			Tools []map[string]json.RawMessage `json:"tools"`
		}
		if json.Unmarshal(w.results[i], &list) != nil || list.Tools == nil {
			continue
		}
		out := map[string]json.RawMessage{}
		for _, tool := range list.Tools {
			var name string
			if json.Unmarshal(tool["name"], &name) == nil && tool[key] != nil {
				out[name] = tool[key]
			}
		}
		return out
	}
	t.Fatal("the client read no tools/list result")
	return nil
}

// CheckListed checks that every tool of package tools was listed with its
// flat schema, byte for byte once compacted, keys in their order, and
// with no combinator.
func (w *Wire) CheckListed(t testing.TB) {
	t.Helper()
	wire := w.ListedSchemas(t)
	for _, tool := range tools.All() {
		got, ok := wire[tool.Name]
		if !ok {
			t.Errorf("tools/list lacks %s", tool.Name)
			continue
		}
		if want := Compact(t, tool.InputSchema()); !bytes.Equal(Compact(t, got), want) {
			t.Errorf("%s: inputSchema on the wire\n%s\nwant the flat schema\n%s", tool.Name, got, want)
		}
		for _, k := range []string{`"oneOf"`, `"anyOf"`} {
			if bytes.Contains(got, []byte(k)) {
				t.Errorf("%s: inputSchema holds %s", tool.Name, k)
			}
		}
	}
}

// CheckSent checks that a request body carries every tool's flat schema
// byte for byte (compacted, as JSON encoders write raw values), keys in
// their order.
func CheckSent(t testing.TB, body []byte) {
	t.Helper()
	for _, tool := range tools.All() {
		if !bytes.Contains(body, Compact(t, tool.InputSchema())) {
			t.Errorf("the request lacks the flat schema of %s:\n%s", tool.Name, body)
		}
	}
}
