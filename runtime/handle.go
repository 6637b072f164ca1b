package runtime

import (
	"context"
	"encoding/json"
)

// TypedTool is the descriptor the generator declares for a
// //unionflat:tool, as <Type>Tool: the [Tool] (name, description,
// schemas), and the generated functions that read its input and write its
// result, so that [TypedTool.Handle] can serve a call with a typed
// handler and no glue. In is the tool's input type; Out is the type its
// directive names with output=, or string for a tool that names none.
type TypedTool[In, Out any] struct {
	Tool
	// Decode is the generated DecodeT of the input: it repairs and checks
	// the model's raw arguments and names every problem by JSON Pointer.
	Decode func(data []byte) (In, error)
	// DecodeRepaired is the generated DecodeTRepaired: Decode, which also
	// returns what it repaired. [TypedTool.Handle] uses it when it is set.
	DecodeRepaired func(data []byte) (In, Repairs, error)
	// Encode is the generated EncodeT of the output, which validates a
	// result and marshals it. For a tool that names no output, it
	// returns the handler's string as it is.
	Encode func(out Out) ([]byte, error)
}

// Reply is what a tool call sends back to the model, in the terms every
// SDK has: a text, whether it reports an error, and, for a tool with an
// output schema, the structured result.
type Reply struct {
	// Text is what the model reads: the result (for a tool with output=,
	// the JSON that Structured holds, since MCP asks for the structured
	// content in a text block too), or, when IsError is set, what went
	// wrong.
	Text string
	// IsError says that the call failed; SDKs with an error flag on tool
	// results (MCP's isError, Anthropic's is_error) set it from this, and
	// the others tell the model in the text.
	IsError bool
	// Structured is the result as EncodeT wrote it, for MCP's
	// structuredContent: it always validates under the tool's
	// OutputSchema. It is nil when IsError is set or the tool names no
	// output.
	Structured json.RawMessage
	// Err is the error behind IsError, for the program's logs: the
	// *Errors of arguments the decoder rejected, the handler's own error,
	// or an *OutputError when the handler's result broke its output's
	// rules. Nil when the call succeeded.
	Err error
	// Repairs is what the decoder repaired in the arguments (see
	// [Repairs]), when it read them: log it, keep Repairs.Canonical in
	// the conversation instead of the arguments as sent, or add
	// Repairs.Note() to the text for the model.
	Repairs Repairs
}

// StructuredContent returns Structured as a value for an SDK field of
// type any (go-sdk's and mcp-go's CallToolResult.StructuredContent): nil,
// not a nil json.RawMessage that would be sent as null, when there is
// none.
func (r Reply) StructuredContent() any {
	if r.Structured == nil {
		return nil
	}
	return r.Structured
}

// InvalidArguments opens the text of a reply to arguments the decoder
// rejected; every problem follows, one a line, as "/json/pointer:
// sentence".
const InvalidArguments = "invalid arguments; fix them and call again:\n"

// BrokenOutput opens the text of a reply whose result broke its output's
// rules; the problems follow, one a line.
const BrokenOutput = "internal error: the tool's result breaks its output schema; " +
	"this is a bug in the tool, not in your call:\n"

// Handle serves one call: it decodes args with Decode, runs fn on the
// typed input and encodes what fn returns with Encode. Each way a call
// can end is a Reply:
//
//   - arguments the decoder rejects (after its repairs, which the Reply's
//     Repairs lists whenever the arguments were read): IsError, and a text that opens with [InvalidArguments] and
//     names every problem by JSON Pointer, for the model to fix its call;
//     fn is not called;
//   - fn returns an error: IsError, and the error's text, as it is (it is
//     the handler's to word for the model);
//   - fn's result breaks the output's rules (EncodeT refuses it): a bug in
//     the handler, not the model's to fix. The reply is IsError, its text
//     opens with [BrokenOutput] and lists the problems, Err is an
//     *[OutputError], and nothing is sent as structured content;
//   - otherwise: the encoded result as Text and, for a tool with output=,
//     as Structured.
//
// Handle takes no context: fn is a closure, and captures the caller's
// context when it needs one (Handle itself never blocks). [TypedTool.Bind]
// is the form that takes one, for a list of tools.
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

// Handler is a tool bound to its handler, its types erased: one element
// of the list that a loop dispatching calls by name holds (OpenAI's and
// Anthropic's tool loops, an agent framework's tool interface), or that
// registers every tool on an MCP server with one adapter.
type Handler struct {
	Tool
	// Call serves one call on the model's raw arguments, as
	// [TypedTool.Handle] does.
	Call func(ctx context.Context, args []byte) Reply
}

// Bind returns t served by fn, which gets the context of each call, and
// in it what the decoder repaired (see [RepairsOf]):
//
//	all := []unionflat.Handler{SendMessageTool.Bind(send), LookupOrderTool.Bind(lookup)}
//	...
//	r := all[i].Call(ctx, args)
func (t TypedTool[In, Out]) Bind(fn func(ctx context.Context, in In) (Out, error)) Handler {
	return Handler{Tool: t.Tool, Call: func(ctx context.Context, args []byte) Reply {
		return t.serve(args, func(in In, r Repairs) (Out, error) {
			return fn(context.WithValue(ctx, repairsKey{}, r), in)
		})
	}}
}

type repairsKey struct{}

// RepairsOf returns what the decoder repaired in the arguments of the
// call a handler bound with [TypedTool.Bind] is serving, from the
// context that handler is given; empty for any other context.
func RepairsOf(ctx context.Context) Repairs {
	r, _ := ctx.Value(repairsKey{}).(Repairs)
	return r
}

// OutputError is the Err of a [Reply] whose handler returned a result
// that breaks the rules of the tool's output: the tool's bug, reported so
// that it is seen (log it, alert on it) rather than sent as structured
// content that its schema rejects.
type OutputError struct {
	// Tool is the tool's name.
	Tool string
	// Err is EncodeT's error: an *Errors naming every problem by JSON
	// Pointer into the result.
	Err error
}

func (e *OutputError) Error() string {
	return "tool " + e.Tool + " returned a result that breaks its output schema:\n" + e.Err.Error()
}

// Unwrap returns EncodeT's error.
func (e *OutputError) Unwrap() error { return e.Err }
