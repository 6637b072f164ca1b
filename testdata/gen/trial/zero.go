package trial

// Level is a named float.
type Level float32

// Offset moves a picture; its defaults are zeros of both signs.
//
//unionflat:tool
type Offset struct {
	X     float64   `json:"x,omitempty" jsonschema:"default=0"`
	Y     float32   `json:"y,omitempty" jsonschema:"default=-0"`
	Gain  Level     `json:"gain,omitempty" jsonschema:"default=-0.0"`
	Steps []float32 `json:"steps,omitempty" jsonschema:"default=-0,default=0"`
}
