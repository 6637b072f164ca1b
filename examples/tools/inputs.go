package tools

import "time"

//go:generate go tool unionflat

// Shape is a plane figure, told apart by its kind.
//
//unionflat:union discriminator=kind
type Shape interface{ isShape() }

// Circle is a circle around the origin.
//
//unionflat:variant circle
type Circle struct {
	Radius float64 `json:"radius" jsonschema:"exclusiveMinimum=0"`
}

// Rect is an axis-aligned rectangle.
//
//unionflat:variant rect,rectangle
type Rect struct {
	Width  float64 `json:"width" jsonschema:"exclusiveMinimum=0"`
	Height float64 `json:"height" jsonschema:"exclusiveMinimum=0"`
}

// Polygon is a simple polygon given by its corners, in order.
//
//unionflat:variant polygon
type Polygon struct {
	Points []Point `json:"points" jsonschema:"minItems=3"`
}

func (Circle) isShape()  {}
func (Rect) isShape()    {}
func (Polygon) isShape() {}

// Point is a corner of a polygon.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Unit is the unit of every length in a call.
type Unit string

const (
	UnitMillimetre Unit = "mm"
	UnitCentimetre Unit = "cm"
	UnitMetre      Unit = "m"
	UnitInch       Unit = "in"
)

// MeasureShapes computes the area and perimeter of each shape, and the total
// area.
//
//unionflat:tool name=measure_shapes title="Measure shapes" readonly idempotent openworld=false profile=gemini profile=gemini-json profile=portable profile=ollama bigints=string
type MeasureShapes struct {
	Shapes []Shape `json:"shapes" jsonschema:"minItems=1,maxItems=50"`
	// Unit is the unit of every length; cm when absent.
	Unit Unit `json:"unit,omitempty"`
}

// Trigger says when a reminder fires.
//
//unionflat:union discriminator=type
type Trigger interface{ isTrigger() }

// At fires once, at a moment.
//
//unionflat:variant at
type At struct {
	// Time is an RFC 3339 timestamp with a time zone offset.
	Time time.Time `json:"time"`
}

// After fires once, some minutes from now.
//
//unionflat:variant after,in
type After struct {
	Minutes int `json:"minutes" jsonschema:"minimum=1,maximum=10080"`
}

// Every fires repeatedly, at a fixed interval.
//
//unionflat:variant every
type Every struct {
	Minutes int `json:"minutes" jsonschema:"minimum=5,maximum=10080"`
	// Times is how often it fires; forever when absent.
	Times int `json:"times,omitempty" jsonschema:"minimum=1"`
}

func (At) isTrigger()    {}
func (After) isTrigger() {}
func (Every) isTrigger() {}

// ScheduleReminder schedules a reminder about a message.
//
//unionflat:tool name=schedule_reminder title="Schedule a reminder" destructive=false idempotent=false openworld=false profile=gemini profile=gemini-json profile=portable profile=ollama bigints=string
type ScheduleReminder struct {
	// Note is what the reminder says.
	Note    string  `json:"note" jsonschema:"minLength=1,maxLength=200"`
	Trigger Trigger `json:"trigger"`
	// MessageID is the 64-bit ID of the message the reminder is about.
	MessageID int64 `json:"message_id,omitempty" jsonschema:"minimum=1"`
}
