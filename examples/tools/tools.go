// Package tools holds the tools that the SDK examples serve: three tool
// inputs holding unions, their generated schemas and decoders, and a small
// handler for each. It knows no SDK: each example wraps [Tool.Call] in its
// SDK's handler type and turns a [Result] into its SDK's tool result.
//
// A handler takes the model's raw arguments, exactly as they came over the
// wire, and decodes them with the generated decoder. When the arguments are
// wrong, the handler does not fail: it returns a Result with IsError set,
// whose text lists every problem by JSON Pointer, so that the model reads
// it and corrects its call. A Go error returned to an MCP SDK would become
// a protocol error the model never sees.
//
//	res := tools.Call(ctx, "measure_shapes", []byte(`{"shapes":[{"kind":"circle"}]}`))
//	// res.IsError == true
//	// res.Text == "invalid arguments; fix them and call again:\n/shapes/0/radius: radius is required when kind = circle"
package tools

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/unionflat/unionflat/examples/chat"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// A Tool is one tool to advertise and serve.
type Tool struct {
	// Tool is the generated descriptor: Name, Description, and the flat
	// schema to advertise, as InputSchema() bytes.
	unionflat.Tool
	// Call runs the tool on the model's raw arguments.
	Call func(ctx context.Context, args []byte) Result
}

// Result is what a tool returns to the model.
type Result struct {
	// Text is the tool's output, or, when IsError is set, what the model
	// must fix.
	Text string
	// IsError says that the call failed; SDKs with an error flag on tool
	// results set it from this.
	IsError bool
}

// All returns every tool, in a fixed order.
func All() []Tool {
	return []Tool{
		{chat.SendMessageTool, SendMessage},
		{MeasureShapesTool, Measure},
		{ScheduleReminderTool, Schedule},
	}
}

// Call runs the tool called name on args. An unknown name is an error
// result, since it is the model that chose the name.
func Call(ctx context.Context, name string, args []byte) Result {
	for _, t := range All() {
		if t.Name == name {
			return t.Call(ctx, args)
		}
	}
	return Result{Text: fmt.Sprintf("there is no tool %q", name), IsError: true}
}

// invalid is the result for arguments a decoder rejected: the error's text
// lists every problem as "/json/pointer: sentence", one per line.
func invalid(err error) Result {
	return Result{Text: "invalid arguments; fix them and call again:\n" + err.Error(), IsError: true}
}

// SendMessage handles send_message. This example posts nowhere: it renders
// the message as the channel would show it.
func SendMessage(_ context.Context, args []byte) Result {
	in, err := chat.DecodeSendMessage(args)
	if err != nil {
		return invalid(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "posted to #%s", in.Channel)
	if in.Silent {
		b.WriteString(" (silently)")
	}
	b.WriteString(":")
	for _, p := range in.Parts {
		switch p := p.(type) {
		case chat.TextPart:
			fmt.Fprintf(&b, "\n%s", p.Text)
		case chat.ImagePart:
			fmt.Fprintf(&b, "\n![%s](%s)", p.Alt, p.URL)
		}
	}
	return Result{Text: b.String()}
}

// Measure handles measure_shapes.
func Measure(_ context.Context, args []byte) Result {
	in, err := DecodeMeasureShapes(args)
	if err != nil {
		return invalid(err)
	}
	unit := in.Unit
	if unit == "" {
		unit = UnitCentimetre
	}
	var b strings.Builder
	var total float64
	for i, s := range in.Shapes {
		area, perimeter := measure(s)
		total += area
		fmt.Fprintf(&b, "shape %d: area %.4g %s², perimeter %.4g %s\n", i, area, unit, perimeter, unit)
	}
	fmt.Fprintf(&b, "total area: %.4g %s²", total, unit)
	return Result{Text: b.String()}
}

// measure returns the area and perimeter of s.
func measure(s Shape) (area, perimeter float64) {
	switch s := s.(type) {
	case Circle:
		return math.Pi * s.Radius * s.Radius, 2 * math.Pi * s.Radius
	case Rect:
		return s.Width * s.Height, 2 * (s.Width + s.Height)
	case Polygon:
		// The shoelace formula.
		var twice float64
		for i, p := range s.Points {
			q := s.Points[(i+1)%len(s.Points)]
			twice += p.X*q.Y - q.X*p.Y
			perimeter += math.Hypot(q.X-p.X, q.Y-p.Y)
		}
		return math.Abs(twice) / 2, perimeter
	}
	return 0, 0
}

// Schedule handles schedule_reminder. This example keeps no calendar: it
// says what it would schedule.
func Schedule(_ context.Context, args []byte) Result {
	in, err := DecodeScheduleReminder(args)
	if err != nil {
		return invalid(err)
	}
	var when string
	switch t := in.Trigger.(type) {
	case At:
		when = "at " + t.Time.Format(time.RFC3339)
	case After:
		when = fmt.Sprintf("in %d minutes", t.Minutes)
	case Every:
		when = fmt.Sprintf("every %d minutes", t.Minutes)
		if t.Times > 0 {
			when += fmt.Sprintf(", %d times", t.Times)
		}
	}
	text := fmt.Sprintf("reminder %q scheduled %s", in.Note, when)
	if in.MessageID != 0 {
		text += fmt.Sprintf(" about message %d", in.MessageID)
	}
	return Result{Text: text}
}
