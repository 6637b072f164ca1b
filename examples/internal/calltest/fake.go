package calltest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// A FakeAPI stands in for one endpoint of a model's HTTP API: it keeps
// every request body and answers with Replies in order. A request for
// another path, or one more than there are replies, gets a 400 with
// ErrorBody, so a test sees the SDK's error instead of hanging.
type FakeAPI struct {
	Path      string   // the path it serves, /chat/completions
	Replies   []string // the JSON bodies it answers with
	ErrorBody string   // the body of its 400

	mu     sync.Mutex
	bodies [][]byte
}

func (f *FakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.URL.Path != f.Path || len(f.bodies) >= len(f.Replies) {
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
