// Package tools holds the tools that the SDK examples serve: three tool
// inputs holding unions, their generated schemas and decoders, and a typed
// handler for each. It knows no SDK: [All] binds each handler to its
// generated descriptor, and each example turns the resulting
// unionflat.Reply into its SDK's tool result.
//
// A handler is a plain Go function of the typed input: the generated
// descriptor's Handle (here through Bind) decodes the model's raw
// arguments, exactly as they came over the wire, with the generated
// decoder, and calls it only when they pass. When the arguments are wrong,
// the reply is not a failure of the call: IsError is set and the text
// lists every problem by JSON Pointer, so that the model reads it and
// corrects its call. A Go error returned to an MCP SDK would become a
// protocol error the model never sees.
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

// All returns every tool bound to its handler, in a fixed order.
func All() []unionflat.Handler {
	return []unionflat.Handler{
		chat.SendMessageTool.Bind(SendMessage),
		MeasureShapesTool.Bind(Measure),
		ScheduleReminderTool.Bind(Schedule),
	}
}

// Call runs the tool called name on args. An unknown name is an error
// reply, since it is the model that chose the name.
func Call(ctx context.Context, name string, args []byte) unionflat.Reply {
	for _, t := range All() {
		if t.Name == name {
			return t.Call(ctx, args)
		}
	}
	err := fmt.Errorf("there is no tool %q", name)
	return unionflat.Reply{Text: err.Error(), IsError: true, Err: err}
}

// SendMessage handles send_message. This example posts nowhere: it renders
// the message as the channel would show it.
func SendMessage(_ context.Context, in chat.SendMessage) (string, error) {
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
	return b.String(), nil
}

// Measure handles measure_shapes.
func Measure(_ context.Context, in MeasureShapes) (string, error) {
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
	return b.String(), nil
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
func Schedule(_ context.Context, in ScheduleReminder) (string, error) {
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
	return text, nil
}
