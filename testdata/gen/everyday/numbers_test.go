package everyday

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// kinds spells pairs of pointer and kind as problems does, sorted.
func kinds(pairs ...any) []string {
	var out []string
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, fmt.Sprintf("%s %d", pairs[i], pairs[i+1].(unionflat.Kind)))
	}
	slices.Sort(out)
	return out
}

// TestNullIsPerTool: open_window asks for openai-strict, so its decoder
// reads null as an absent property, in the struct and the union it
// shares with move_window, as its profile asked; move_window, in the same
// package, reads null for an optional property as a repair (a mistake,
// listed as one), and rejects null for another variant's key; the
// union's own DecodeLayout and Pane built in code are alike.
func TestNullIsPerTool(t *testing.T) {
	for _, tc := range []struct {
		name        string
		window      string
		moveWants   []string // move_window's problems
		moveRepairs []string // move_window's repairs
		openResult  Pane
	}{
		{"optional fields", `{"width":null,"title":null,"layout":null}`,
			nil, []string{"/window/width", "/window/title", "/window/layout"}, Pane{}},
		{"a union's field", `{"layout":{"mode":"tiled","columns":null}}`,
			nil, []string{"/window/layout/columns"}, Pane{Layout: Tiled{}}},
		{"another variant's field", `{"layout":{"mode":"tiled","x":null}}`,
			kinds("/window/layout/x", unionflat.KindNotAllowed), nil, Pane{Layout: Tiled{}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			open, repairs, err := DecodeOpenWindowRepaired([]byte(`{"window":` + tc.window + `}`))
			if err != nil {
				t.Fatalf("DecodeOpenWindow (openai-strict): %v", err)
			}
			if !reflect.DeepEqual(open.Window, tc.openResult) {
				t.Errorf("DecodeOpenWindow = %#v, want %#v", open.Window, tc.openResult)
			}
			if note := repairs.Note(); note != "" {
				t.Errorf("DecodeOpenWindow's note %q: the nulls are what its profile asks for", note)
			}
			_, repairs, err = DecodeMoveWindowRepaired([]byte(`{"dx":1,"window":` + tc.window + `}`))
			if got := problems(t, err); !reflect.DeepEqual(got, tc.moveWants) {
				t.Errorf("DecodeMoveWindow (no profile) problems %q, want %q", got, tc.moveWants)
			}
			var got []string
			for _, r := range repairs.List {
				if r.Kind != unionflat.RepairNullAsAbsent || r.Asked {
					t.Errorf("DecodeMoveWindow repaired %v (asked %t), want null read as absent, not asked", r, r.Asked)
				}
				got = append(got, r.Path.String())
			}
			if !slices.Equal(got, tc.moveRepairs) {
				t.Errorf("DecodeMoveWindow repaired %q, want %q", got, tc.moveRepairs)
			}
		})
	}
	// A required property that is not nullable stays required: null is
	// read as absent, which is reported as absent.
	_, err := DecodeOpenWindow([]byte(`{"window":null}`))
	if got, want := problems(t, err), kinds("/window", unionflat.KindRequired); !reflect.DeepEqual(got, want) {
		t.Errorf("openai-strict with a null required window: %q, want %q", got, want)
	}
	_, err = DecodeMoveWindow([]byte(`{"window":null,"dx":1}`))
	if got, want := problems(t, err), kinds("/window", unionflat.KindType); !reflect.DeepEqual(got, want) {
		t.Errorf("no profile, null window: %q, want %q", got, want)
	}
	// The union's own decoder belongs to no tool.
	if _, err := DecodeLayout([]byte(`{"mode":"tiled","columns":null}`)); err == nil {
		t.Error("DecodeLayout accepted a null columns: a union's own decoder repairs nothing, and reads for no profile")
	}
}

// TestNullLeniencyLeavesValidateAlone: a Go value has no null apart from
// nil, which omitempty leaves out: both tools' values validate the same.
func TestNullLeniencyLeavesValidateAlone(t *testing.T) {
	w := Pane{Layout: Tiled{}}
	if err := (OpenWindow{Window: w}).Validate(); err != nil {
		t.Errorf("OpenWindow.Validate = %v", err)
	}
	if err := (MoveWindow{Window: w}).Validate(); err != nil {
		t.Errorf("MoveWindow.Validate = %v", err)
	}
	zero := 0
	w.Width = &zero
	for _, err := range []error{(OpenWindow{Window: w}).Validate(), (MoveWindow{Window: w}).Validate()} {
		if got, want := problems(t, err), kinds("/window/width", unionflat.KindMinimum); !reflect.DeepEqual(got, want) {
			t.Errorf("width 0: %q, want %q", got, want)
		}
	}
}

// gauge is a valid read_gauge call with one member set.
func gauge(member string) string {
	switch {
	case strings.HasPrefix(member, `"level"`):
		return `{"radius":1,` + member + `}`
	case strings.HasPrefix(member, `"radius"`):
		return `{"level":0.5,` + member + `}`
	}
	return `{"level":0.5,"radius":1,` + member + `}`
}

// TestNumbersOnTheirText: every bound, multipleOf, enum and const is
// judged exactly on the decimal text the model sent, then converted; a
// number the float cannot hold is KindRange.
func TestNumbersOnTheirText(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{gauge(`"level":1`), nil},
		{gauge(`"level":1.0`), nil},
		{gauge(`"level":1.0000000000000000001`), kinds("/level", unionflat.KindMaximum)},
		{gauge(`"level":0.9999999999999999999`), nil},
		{gauge(`"level":-0`), nil},
		{gauge(`"level":-1e-400`), kinds("/level", unionflat.KindRange)},
		{gauge(`"radius":10000`), nil},
		{gauge(`"radius":1E+4`), nil},
		{gauge(`"radius":10000.0000000000000001`), kinds("/radius", unionflat.KindMaximum)},
		{gauge(`"radius":1e-400`), kinds("/radius", unionflat.KindRange)},
		{gauge(`"radius":1e-310`), nil},
		{gauge(`"radius":1e400`), kinds("/radius", unionflat.KindRange)},
		{gauge(`"radius":-0`), kinds("/radius", unionflat.KindExclusiveMinimum)},
		{gauge(`"step":1.5`), nil},
		{gauge(`"step":1.5000000000000001`), kinds("/step", unionflat.KindMultipleOf)},
		{gauge(`"step":1e-400`), kinds("/step", unionflat.KindRange)},
		{gauge(`"step":1E+2`), nil},
		{gauge(`"zoom":1.0`), nil},
		{gauge(`"zoom":5e-1`), nil},
		{gauge(`"zoom":1.0000000000000000001`), kinds("/zoom", unionflat.KindEnum)},
		{gauge(`"zoom":3`), kinds("/zoom", unionflat.KindEnum)},
		{gauge(`"gain":0.1`), nil}, // float32(0.1) is above 0.1, the text is not
		{gauge(`"gain":0.10000001`), kinds("/gain", unionflat.KindMaximum)},
		{gauge(`"gain":1e-50`), kinds("/gain", unionflat.KindRange)},
		{gauge(`"angle":359.9999999999999`), nil},
		{gauge(`"angle":360`), kinds("/angle", unionflat.KindExclusiveMaximum)},
		{gauge(`"angle":359.99999999999999999`), kinds("/angle", unionflat.KindRange)}, // becomes 360
		{gauge(`"ratio":1.25`), nil},
		{gauge(`"ratio":125e-2`), nil},
		{gauge(`"ratio":1.2500000000000000001`), kinds("/ratio", unionflat.KindEnum)},
		{gauge(`"count":10`), nil},
		{gauge(`"count":7`), kinds("/count", unionflat.KindMultipleOf)},
		{gauge(`"count":9223372036854775805`), nil}, // exact, no float64 detour
		{gauge(`"count":9223372036854775806`), kinds("/count", unionflat.KindMultipleOf)},
	} {
		g, err := DecodeReadGauge([]byte(tc.in))
		if got := problems(t, err); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: problems %q, want %q", tc.in, got, tc.want)
			continue
		}
		if err != nil {
			continue
		}
		// What decoding accepts validates, and survives Marshal then
		// Decode unchanged.
		if err := g.Validate(); err != nil {
			t.Errorf("%s decoded to %+v, which Validate rejects: %v", tc.in, g, err)
		}
		out, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeReadGauge(out)
		if err != nil || !reflect.DeepEqual(back, g) {
			t.Errorf("%s: marshalled %s decodes to %+v, %v; want %+v", tc.in, out, back, err, g)
		}
	}
}

// TestNumbersInCode: Validate judges a float by its shortest text, as
// decoding that text would, and reports what JSON cannot write, a float
// without rules too.
func TestNumbersInCode(t *testing.T) {
	ok := ReadGauge{Level: 0.5, Radius: 1}
	for _, tc := range []struct {
		name string
		edit func(*ReadGauge)
		want []string
	}{
		{"valid", func(*ReadGauge) {}, nil},
		{"float32 0.1 at maximum 0.1", func(g *ReadGauge) { g.Gain = 0.1 }, nil},
		{"float32 just above 0.1", func(g *ReadGauge) { g.Gain = math.Nextafter32(0.1, 1) }, kinds("/gain", unionflat.KindMaximum)},
		{"radius at its maximum", func(g *ReadGauge) { g.Radius = 10000 }, nil},
		{"radius just above", func(g *ReadGauge) { g.Radius = math.Nextafter(10000, math.Inf(1)) }, kinds("/radius", unionflat.KindMaximum)},
		{"-0 radius", func(g *ReadGauge) { g.Radius = math.Copysign(0, -1) }, kinds("/radius", unionflat.KindExclusiveMinimum)},
		{"step 1.5", func(g *ReadGauge) { g.Step = 1.5 }, nil},
		{"step just above 1.5", func(g *ReadGauge) { g.Step = math.Nextafter(1.5, 2) }, kinds("/step", unionflat.KindMultipleOf)},
		{"zoom 1", func(g *ReadGauge) { g.Zoom = 1 }, nil},
		{"zoom 3", func(g *ReadGauge) { g.Zoom = 3 }, kinds("/zoom", unionflat.KindEnum)},
		{"ratio 1.25", func(g *ReadGauge) { g.Ratio = 1.25 }, nil},
		{"NaN", func(g *ReadGauge) { g.Level = math.NaN() }, kinds("/level", unionflat.KindRange)},
		{"infinity", func(g *ReadGauge) { g.Radius = math.Inf(1) }, kinds("/radius", unionflat.KindRange)},
		{"count 15", func(g *ReadGauge) { g.Count = 15 }, nil},
		{"count 16", func(g *ReadGauge) { g.Count = 16 }, kinds("/count", unionflat.KindMultipleOf)},
		{"drift", func(g *ReadGauge) { g.Drift = []float32{1.5, -3} }, nil},
		{"NaN without rules", func(g *ReadGauge) { g.Drift = []float32{1, float32(math.NaN())} }, kinds("/drift/1", unionflat.KindRange)},
		{"infinity without rules", func(g *ReadGauge) { g.Drift = []float32{float32(math.Inf(-1))} }, kinds("/drift/0", unionflat.KindRange)},
	} {
		g := ok
		tc.edit(&g)
		if got := problems(t, g.Validate()); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: Validate problems %q, want %q", tc.name, got, tc.want)
		}
	}
}
