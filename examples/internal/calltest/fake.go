package calltest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
)

// A FakeAPI stands in for one endpoint of a model's HTTP API: it keeps
// every request body and answers with Replies in order. A request for
// another path, or one more than there are replies, gets a 400 with
// ErrorBody, so a test sees the SDK's error instead of hanging.
type FakeAPI struct {
	Path      string   // the path it serves, /chat/completions
	Paths     []string // more paths it serves (a streaming endpoint)
	Replies   []string // the JSON bodies it answers with
	ErrorBody string   // the body of its 400

	mu     sync.Mutex
	bodies [][]byte
}

func (f *FakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	defer f.mu.Unlock()
	if (r.URL.Path != f.Path && !slices.Contains(f.Paths, r.URL.Path)) || len(f.bodies) >= len(f.Replies) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, f.ErrorBody)
		return
	}
	f.bodies = append(f.bodies, body)
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, f.Replies[len(f.bodies)-1])
}

// Serve starts an httptest server for f, closed when t ends, and returns
// its URL for the SDK's base URL option.
func (f *FakeAPI) Serve(t testing.TB) string {
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return srv.URL
}

// Bodies returns the request bodies f answered, in order.
func (f *FakeAPI) Bodies() [][]byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.bodies
}

// Compact is b compacted, as JSON encoders write a json.RawMessage.
func Compact(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatalf("%v:\n%s", err, b)
	}
	return buf.Bytes()
}

// Generic decodes JSON with exact numbers, for comparisons that ignore
// key order.
func Generic(t testing.TB, raw []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("%v:\n%s", err, raw)
	}
	return v
}

// PropertyNames lists the properties of a schema document's root in the
// order the document writes them.
func PropertyNames(t testing.TB, doc []byte) []string {
	t.Helper()
	var root struct {
		Properties json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(doc, &root); err != nil {
		t.Fatal(err)
	}
	d := json.NewDecoder(bytes.NewReader(root.Properties))
	if _, err := d.Token(); err != nil { // {
		t.Fatal(err)
	}
	var names []string
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tok.(string))
		var skip json.RawMessage
		if err := d.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return names
}
