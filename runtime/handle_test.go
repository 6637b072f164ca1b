package runtime_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
	"github.com/unionflat/unionflat/runtime/impl"
)

// pointTool is a descriptor as the generator writes one for a tool whose
// input and output are both a point (validatePoint is in schema_test.go).
var pointTool = unionflat.TypedTool[point, point]{
	Tool: unionflat.Tool{Name: "mirror", Output: `{"type":"object"}`},
	Decode: func(data []byte) (point, error) {
		return decodeArguments(data, decodePoint)
	},
	Encode: func(p point) ([]byte, error) { return impl.Encode(p, validatePoint) },
}

// textTool is a descriptor for a tool that names no output.
var textTool = unionflat.TypedTool[point, string]{
	Tool: unionflat.Tool{Name: "say"},
	Decode: func(data []byte) (point, error) {
		return decodeArguments(data, decodePoint)
	},
	Encode: impl.EncodeText,
}

// swap is a handler: it returns the point with x and y exchanged.
func swap(p point) (point, error) { return point{X: p.Y, Y: p.X}, nil }

// TestHandle runs every way a call can end through Handle and checks the
// whole reply.
func TestHandle(t *testing.T) {
	handlerErr := errors.New("no such point on the map")
	cases := []struct {
		name       string
		reply      unionflat.Reply
		text       string // the whole text
		isError    bool
		structured string
		err        error // what errors.Is finds in Err, if anything
	}{
		{
			name:       "valid",
			reply:      pointTool.Handle([]byte(`{"x": 1, "y": 2}`), swap),
			text:       `{"X":2,"Y":1}`,
			structured: `{"X":2,"Y":1}`,
		},
		{
			name:       "double-serialized",
			reply:      pointTool.Handle([]byte(`"{\"x\": 3, \"y\": 4}"`), swap),
			text:       `{"X":4,"Y":3}`,
			structured: `{"X":4,"Y":3}`,
		},
		{
			name:       "empty arguments",
			reply:      pointTool.Handle(nil, swap),
			text:       unionflat.InvalidArguments + "/x: x is required",
			isError:    true,
			structured: "",
		},
		{
			name:    "invalid",
			reply:   pointTool.Handle([]byte(`{"y": 500, "z": 1}`), swap),
			text:    unionflat.InvalidArguments + "/x: x is required\n/y: y must be at most 100, not 500\n/z: z is not a known property (expected x, y)",
			isError: true,
		},
		{
			name:    "handler error",
			reply:   pointTool.Handle([]byte(`{"x": 1}`), func(point) (point, error) { return point{}, handlerErr }),
			text:    "no such point on the map",
			isError: true,
			err:     handlerErr,
		},
		{
			name:    "broken output",
			reply:   pointTool.Handle([]byte(`{"x": 500}`), swap),
			text:    unionflat.BrokenOutput + "/y: y must be at most 100, not 500",
			isError: true,
		},
		{
			name:  "text",
			reply: textTool.Handle([]byte(`{"x": 1, "y": 2}`), func(p point) (string, error) { return fmt.Sprint(p.X + p.Y), nil }),
			text:  "3",
		},
		{
			name:    "text, invalid",
			reply:   textTool.Handle([]byte(`{"x": true}`), func(point) (string, error) { return "unreached", nil }),
			text:    unionflat.InvalidArguments + "/x: x must be an integer, not a boolean",
			isError: true,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := c.reply
			if r.Text != c.text {
				t.Errorf("Text:\n%s\nwant:\n%s", r.Text, c.text)
			}
			if r.IsError != c.isError {
				t.Errorf("IsError = %v, want %v", r.IsError, c.isError)
			}
			if string(r.Structured) != c.structured {
				t.Errorf("Structured = %q, want %q", r.Structured, c.structured)
			}
			if (r.StructuredContent() == nil) != (c.structured == "") {
				t.Errorf("StructuredContent() = %#v with Structured %q", r.StructuredContent(), r.Structured)
			}
			if (r.Err != nil) != c.isError {
				t.Errorf("Err = %v with IsError %v", r.Err, c.isError)
			}
			if c.err != nil && !errors.Is(r.Err, c.err) {
				t.Errorf("Err = %v, want %v", r.Err, c.err)
			}
		})
	}
}

// TestHandleErrorKinds: a program tells the model's mistakes from the
// tool's own with errors.As on Reply.Err.
func TestHandleErrorKinds(t *testing.T) {
	bad := pointTool.Handle([]byte(`{}`), swap)
	var problems *unionflat.Errors
	var broken *unionflat.OutputError
	if !errors.As(bad.Err, &problems) || errors.As(bad.Err, &broken) {
		t.Errorf("invalid arguments: Err = %#v, want an *Errors and no *OutputError", bad.Err)
	}
	if len(problems.List) != 1 || problems.List[0].Path.String() != "/x" || problems.List[0].Kind != unionflat.KindRequired {
		t.Errorf("invalid arguments: problems = %v, want /x required", problems)
	}

	out := pointTool.Handle([]byte(`{"x": 101}`), swap)
	if !errors.As(out.Err, &broken) {
		t.Fatalf("broken output: Err = %#v, want an *OutputError", out.Err)
	}
	if broken.Tool != "mirror" {
		t.Errorf("OutputError.Tool = %q, want mirror", broken.Tool)
	}
	if !errors.As(out.Err, &problems) || problems.List[0].Path.String() != "/y" {
		t.Errorf("OutputError does not unwrap to the problems at /y: %v", out.Err)
	}
	if want := "tool mirror returned a result that breaks its output schema:\n/y: "; !strings.HasPrefix(broken.Error(), want) {
		t.Errorf("OutputError.Error() = %q, want it to open with %q", broken.Error(), want)
	}
	if out.Structured != nil {
		t.Errorf("broken output sent as structured content: %s", out.Structured)
	}
}

// TestHandleSkipsHandlerOnBadArguments: fn never sees arguments the
// decoder rejected.
func TestHandleSkipsHandlerOnBadArguments(t *testing.T) {
	called := false
	pointTool.Handle([]byte(`{"x": true}`), func(p point) (point, error) { called = true; return p, nil })
	if called {
		t.Error("the handler ran on arguments the decoder rejected")
	}
}

// A handler on any SDK is one call: the reply says what to send.
func ExampleTypedTool_Handle() {
	r := pointTool.Handle([]byte(`{"x": 1, "y": 500}`), swap)
	fmt.Println(r.IsError)
	fmt.Println(r.Text)
	r = pointTool.Handle([]byte(`{"x": 1, "y": 2}`), swap)
	fmt.Println(r.IsError, string(r.Structured))
	// Output:
	// true
	// invalid arguments; fix them and call again:
	// /y: y must be at most 100, not 500
	// false {"X":2,"Y":1}
}

// ctxKey marks the context a test passes to Call.
type ctxKey struct{}

// TestBind: the bound handler gets the context of each call and replies
// as Handle does; tools of different types share one list.
func TestBind(t *testing.T) {
	all := []unionflat.Handler{
		pointTool.Bind(func(ctx context.Context, p point) (point, error) {
			if ctx.Value(ctxKey{}) != "call" {
				return point{}, errors.New("the context of the call did not reach the handler")
			}
			return swap(p)
		}),
		textTool.Bind(func(_ context.Context, p point) (string, error) { return fmt.Sprint(p.X), nil }),
	}
	ctx := context.WithValue(context.Background(), ctxKey{}, "call")
	if r := all[0].Call(ctx, []byte(`{"x": 1, "y": 2}`)); r.IsError || string(r.Structured) != `{"X":2,"Y":1}` || all[0].Name != "mirror" {
		t.Errorf("bound mirror: %+v", r)
	}
	if r := all[1].Call(ctx, []byte(`{"x": 7}`)); r.IsError || r.Text != "7" || r.Structured != nil || all[1].Name != "say" {
		t.Errorf("bound say: %+v", r)
	}
	if r := all[1].Call(ctx, []byte(`[]`)); !r.IsError || !strings.HasPrefix(r.Text, unionflat.InvalidArguments) {
		t.Errorf("bound say, invalid: %+v", r)
	}
}

// Tools of different types in one list, each call dispatched by name.
func ExampleTypedTool_Bind() {
	all := []unionflat.Handler{
		pointTool.Bind(func(_ context.Context, p point) (point, error) { return swap(p) }),
		textTool.Bind(func(_ context.Context, p point) (string, error) { return fmt.Sprintf("(%d, %d)", p.X, p.Y), nil }),
	}
	call := func(name, args string) unionflat.Reply {
		for _, h := range all {
			if h.Name == name {
				return h.Call(context.Background(), []byte(args))
			}
		}
		return unionflat.Reply{Text: "no tool " + name, IsError: true}
	}
	fmt.Println(call("say", `{"x": 3, "y": 4}`).Text)
	fmt.Println(call("mirror", `{"x": 3, "y": 4}`).Text)
	// Output:
	// (3, 4)
	// {"X":4,"Y":3}
}

// TestCheckReply: a repeated rejected call's reply says so; a call that
// was read forgets the failure; a handler's error is not a repeat.
func TestCheckReply(t *testing.T) {
	var repeats unionflat.Repeats
	tool := unionflat.TypedTool[int, string]{
		Tool: unionflat.Tool{Name: "n"},
		Decode: func(data []byte) (int, error) {
			return decodeArguments(data, func(d *impl.Decoder, v impl.Value, out *int) {
				if n, ok := d.Int(v, 0); ok {
					*out = int(n)
				}
			})
		},
		Encode: impl.EncodeText,
	}
	fails := func(int) (string, error) { return "", errors.New("no") }
	ok := func(int) (string, error) { return "fine", nil }
	bad := []byte(`true`)
	first := repeats.CheckReply("n", bad, tool.Handle(bad, ok))
	second := repeats.CheckReply("n", bad, tool.Handle(bad, ok))
	if errors.Is(first.Err, unionflat.ErrRepeated) || !errors.Is(second.Err, unionflat.ErrRepeated) ||
		!strings.HasPrefix(second.Text, unionflat.InvalidArguments+"These are the same arguments as the last call (2 times in a row)") {
		t.Errorf("first %q (%v), second %q (%v)", first.Text, first.Err, second.Text, second.Err)
	}
	var errs *unionflat.Errors
	if !errors.As(second.Err, &errs) {
		t.Errorf("the repeat's Err hides the *unionflat.Errors: %v", second.Err)
	}
	if r := repeats.CheckReply("n", []byte(`1`), tool.Handle([]byte(`1`), fails)); errors.Is(r.Err, unionflat.ErrRepeated) || r.Text != "no" {
		t.Errorf("a handler's error: %q, %v", r.Text, r.Err)
	}
	if r := repeats.CheckReply("n", bad, tool.Handle(bad, ok)); errors.Is(r.Err, unionflat.ErrRepeated) {
		t.Errorf("a call that was read in between did not forget the failure: %q", r.Text)
	}
}
