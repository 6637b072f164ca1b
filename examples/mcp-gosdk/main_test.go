package main

import (
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	"github.com/unionflat/unionflat/examples/support"
	"github.com/unionflat/unionflat/examples/tools"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// recorder wraps a client transport and keeps the raw result of every
// response the client reads: the client itself decodes a tool's
// inputSchema into a map, which would hide the order of its keys.
type recorder struct {
	mcp.Transport
	calltest.Wire
}

func (r *recorder) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := r.Transport.Connect(ctx)
	return recordingConn{c, r}, err
}

type recordingConn struct {
	mcp.Connection
	r *recorder
}

func (c recordingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if resp, ok := msg.(*jsonrpc.Response); ok {
		c.r.Keep(resp.Result)
	}
	return msg, err
}

// checkList lists the tools through cs and checks that every tool's schema
// arrived as the flat schema, byte for byte once compacted.
func checkList(t *testing.T, ctx context.Context, cs *mcp.ClientSession, rec *recorder) {
	t.Helper()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != len(tools.All())+1 { // and lookup_order
		t.Errorf("listed %d tools, want %d", len(res.Tools), len(tools.All())+1)
	}
	rec.CheckListed(t)
	// Each tool's title and hints arrive as its directive gives them.
	for _, got := range res.Tools {
		d, ok := descriptors()[got.Name]
		if !ok {
			t.Errorf("listed %s, which no descriptor names", got.Name)
			continue
		}
		if got.Title != d.Title || d.Title == "" {
			t.Errorf("%s: title %q, want %q", got.Name, got.Title, d.Title)
		}
		want, a := annotations(d.Annotations), got.Annotations
		if want == nil || a == nil || a.ReadOnlyHint != want.ReadOnlyHint || a.IdempotentHint != want.IdempotentHint ||
			!sameHint(a.DestructiveHint, want.DestructiveHint) || !sameHint(a.OpenWorldHint, want.OpenWorldHint) {
			t.Errorf("%s: annotations %+v, want %+v", got.Name, a, want)
		}
	}
}

// descriptors are the served tools' descriptors by name.
func descriptors() map[string]unionflat.Tool {
	out := map[string]unionflat.Tool{support.LookupOrderTool.Name: support.LookupOrderTool.Tool}
	for _, h := range tools.All() {
		out[h.Name] = h.Tool
	}
	return out
}

// sameHint reports whether two hints say the same: both unset, or both
// the same value.
func sameHint(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// text is the text of a result's content.
func text(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	var b strings.Builder
	for _, c := range res.Content {
		tc, ok := c.(*mcp.TextContent)
		if !ok {
			t.Fatalf("content %T, want text", c)
		}
		b.WriteString(tc.Text)
	}
	return b.String()
}

func call(t *testing.T, ctx context.Context, cs *mcp.ClientSession, c calltest.Call) {
	t.Helper()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.Tool, Arguments: json.RawMessage(c.Args)})
	if err != nil {
		t.Fatalf("a protocol error, not a tool result: %v", err)
	}
	c.Check(t, text(t, res), res.IsError)
}

// connectInMemory runs the server in the process and connects the SDK's
// own client to it through a recorder; both close when t ends.
func connectInMemory(t *testing.T, ctx context.Context) (*mcp.ClientSession, *recorder) {
	t.Helper()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := newServer().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	rec := &recorder{Transport: ct}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, rec
}

func TestInMemory(t *testing.T) {
	ctx := context.Background()
	cs, rec := connectInMemory(t, ctx)

	t.Run("list", func(t *testing.T) { checkList(t, ctx, cs, rec) })
	for _, c := range calltest.Calls {
		t.Run(c.Name, func(t *testing.T) { call(t, ctx, cs, c) })
	}
}

// TestRepairNote: arguments with mistakes of one meaning are served, and
// the result says what was read.
func TestRepairNote(t *testing.T) {
	ctx := context.Background()
	cs, _ := connectInMemory(t, ctx)
	call(t, ctx, cs, calltest.Call{
		Tool: "measure_shapes",
		Args: `{"unit":"M","shapes":{"kind":"rect","width":"2","height":3}}`,
		Want: []string{"shape 0: area 6 m²", unionflat.RepairedArguments, `/unit: read "M" as "m"`,
			`/shapes: read {"kind":"rect","width":"2","height":3} as [{"kind":"rect","width":"2","height":3}]`,
			`/shapes/0/width: read "2" as 2`},
	})
}

// TestStdio builds the command and talks to it as a client would, over
// its standard input and output.
func TestStdio(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "mcp-gosdk")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rec := &recorder{Transport: &mcp.CommandTransport{Command: exec.Command(bin)}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkList(t, ctx, cs, rec)
	call(t, ctx, cs, calltest.Calls[1]) // double-serialized
	call(t, ctx, cs, calltest.Calls[2]) // invalid
	if err := cs.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
}
