package everyday

// This file holds the everyday shapes of numbers and profiles: two tools
// with different profiles sharing a struct and a union, and floats whose
// rules are judged on their decimal text.

// Pane is where a tool's output goes; both window tools share it.
type Pane struct {
	// Width is in pixels; optional, and not nullable.
	Width *int `json:"width,omitempty" jsonschema:"minimum=1"`
	// Title is optional, and not nullable.
	Title string `json:"title,omitempty"`
	// Layout is optional, and not nullable.
	Layout Layout `json:"layout,omitempty"`
}

// Layout arranges a window.
//
//unionflat:union discriminator=mode
type Layout interface{ isLayout() }

// Tiled puts the window in a grid.
type Tiled struct {
	Columns int `json:"columns,omitempty" jsonschema:"minimum=1,maximum=12"`
}

// Floating puts the window anywhere.
type Floating struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

func (Tiled) isLayout()    {}
func (Floating) isLayout() {}

// OpenWindow opens a window. Its schema is written for OpenAI strict
// mode, where a model sends null for what it leaves out.
//
//unionflat:tool name=open_window profile=openai-strict
type OpenWindow struct {
	Window Pane `json:"window"`
}

// MoveWindow moves a window. It asks for no profile: null stays an error.
//
//unionflat:tool name=move_window
type MoveWindow struct {
	Window Pane `json:"window"`
	// DX is the distance to move, in pixels.
	DX float64 `json:"dx"`
}

// ReadGauge reads a dial; its floats carry every numeric rule.
//
//unionflat:tool name=read_gauge
type ReadGauge struct {
	// Level is a fraction of the full scale.
	Level float64 `json:"level" jsonschema:"minimum=0,maximum=1"`
	// Radius is in pixels.
	Radius float64 `json:"radius" jsonschema:"exclusiveMinimum=0,maximum=10000"`
	// Step is in half units.
	Step float64 `json:"step,omitempty" jsonschema:"multipleOf=0.5"`
	// Zoom is one of three factors.
	Zoom float64 `json:"zoom,omitempty" jsonschema:"enum=0.5,enum=1,enum=2"`
	// Gain is a float32 with a bound float32 cannot hold exactly.
	Gain float32 `json:"gain,omitempty" jsonschema:"minimum=0,maximum=0.1"`
	// Angle is in degrees.
	Angle float64 `json:"angle,omitempty" jsonschema:"minimum=0,exclusiveMaximum=360"`
	// Ratio is the one constant ratio.
	Ratio float64 `json:"ratio,omitempty" jsonschema:"const=1.25"`
	// Count is whole, in steps of 2.5: only multiples of 5 are whole.
	Count int64 `json:"count,omitempty" jsonschema:"multipleOf=2.5"`
	// Drift is a float without rules: JSON still cannot write NaN.
	Drift []float32 `json:"drift,omitempty"`
}
