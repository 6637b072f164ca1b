package runtime

import (
	"context"
	"encoding/json"
)

// TypedTool is the descriptor the generator declares for a
// //unionflat:tool as <Type>Tool: the [Tool], and the generated functions
// that read its input and write its result. In is the input type. Out is
// the type output= names, or string.
type TypedTool[In, Out any] struct {
	Tool
	// Decode is the generated DecodeT: it repairs and checks the raw
	// arguments.
	Decode func(data []byte) (In, error)
	// DecodeRepaired is the generated DecodeTRepaired, which also returns
	// the repairs. Handle uses it when it is set.
	DecodeRepaired func(data []byte) (In, Repairs, error)
	// Encode is the generated EncodeT, which validates a result and
	// marshals it. Without output=, it returns the string as it is.
	Encode func(out Out) ([]byte, error)
}

// Reply is what a tool call sends back to the model, in the terms every
// SDK has.
type Reply struct {
	// Text is what the model reads: the result, or what went wrong. For a
	// tool with output=, it is the JSON that Structured holds.
	Text string
	// IsError says the call failed (MCP's isError, Anthropic's is_error).
	IsError bool
	// Structured is the result for MCP's structuredContent, which always
	// validates under Tool.OutputSchema. It is nil when IsError is set or
	// the tool names no output.
	Structured json.RawMessage
	// Err is the error behind IsError, for the program's logs: an
	// *Errors, the handler's own error, or an *OutputError.
	Err error
	// Repairs is what the decoder repaired in the arguments, when it read
	// them.
	Repairs Repairs
}

// StructuredContent returns Structured for an SDK field of type any, or
// nil: a nil json.RawMessage would be sent as null.
func (r Reply) StructuredContent() any {
	if r.Structured == nil {
		return nil
	}
	return r.Structured
}

// InvalidArguments opens the text of a reply to arguments the decoder
// rejected. Every problem follows, one a line.
const InvalidArguments = "invalid arguments; fix them and call again:\n"

// BrokenOutput opens the text of a reply whose result broke its output's
// rules. The problems follow, one a line.
const BrokenOutput = "internal error: the tool's result breaks its output schema; " +
	"this is a bug in the tool, not in your call:\n"

// Handle serves one call. It decodes args with Decode, runs fn on the
// input, and encodes fn's result with Encode. The [Reply] says how the
// call ended (see the package doc); fn is not called on arguments the
// decoder rejects. Handle never blocks: fn captures a context when it
// needs one. [TypedTool.Bind] passes one.
func (t TypedTool[In, Out]) Handle(args []byte, fn func(in In) (Out, error)) Reply {
	return t.serve(args, func(in In, _ Repairs) (Out, error) { return fn(in) })
}

// serve is Handle for a handler that is given the repairs.
func (t TypedTool[In, Out]) serve(args []byte, fn func(In, Repairs) (Out, error)) Reply {
	in, repairs, err := t.decode(args)
	if err != nil {
		return Reply{Text: InvalidArguments + err.Error(), IsError: true, Err: err}
	}
	out, err := fn(in, repairs)
	if err != nil {
		return Reply{Text: err.Error(), IsError: true, Err: err, Repairs: repairs}
	}
	data, err := t.Encode(out)
	if err != nil {
		broken := &OutputError{Tool: t.Name, Err: err}
		return Reply{Text: BrokenOutput + err.Error(), IsError: true, Err: broken, Repairs: repairs}
	}
	r := Reply{Text: string(data), Repairs: repairs}
	if t.Output != "" {
		r.Structured = data
	}
	return r
}

// decode reads a call's arguments with DecodeRepaired, or Decode when
// the descriptor has none (then nothing is said to be repaired).
func (t TypedTool[In, Out]) decode(args []byte) (In, Repairs, error) {
	if t.DecodeRepaired != nil {
		return t.DecodeRepaired(args)
	}
	in, err := t.Decode(args)
	return in, Repairs{Canonical: args}, err
}

// Handler is a tool bound to its handler, its types erased. A loop that
// dispatches calls by name holds a list of them.
type Handler struct {
	Tool
	// Call serves one call on the raw arguments, as Handle does.
	Call func(ctx context.Context, args []byte) Reply
}

// Bind returns t served by fn. fn gets each call's context, and in it
// the repairs (see [RepairsOf]):
//
//	all := []unionflat.Handler{SendMessageTool.Bind(send), LookupOrderTool.Bind(lookup)}
//	r := all[i].Call(ctx, args)
func (t TypedTool[In, Out]) Bind(fn func(ctx context.Context, in In) (Out, error)) Handler {
	return Handler{Tool: t.Tool, Call: func(ctx context.Context, args []byte) Reply {
		return t.serve(args, func(in In, r Repairs) (Out, error) {
			return fn(context.WithValue(ctx, repairsKey{}, r), in)
		})
	}}
}

type repairsKey struct{}

// RepairsOf returns the repairs of the call that a handler bound with
// [TypedTool.Bind] serves, from its context; empty for any other context.
func RepairsOf(ctx context.Context) Repairs {
	r, _ := ctx.Value(repairsKey{}).(Repairs)
	return r
}

// OutputError is the Err of a [Reply] whose handler returned a result
// that breaks the tool's output rules: the tool's bug, not the model's.
type OutputError struct {
	Tool string // the tool's name
	Err  error  // EncodeT's *Errors, with pointers into the result
}

func (e *OutputError) Error() string {
	return "tool " + e.Tool + " returned a result that breaks its output schema:\n" + e.Err.Error()
}

// Unwrap returns EncodeT's error.
func (e *OutputError) Unwrap() error { return e.Err }
