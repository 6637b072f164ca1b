package benchmarks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/internal/fixtures/canvas"
)

// santhoshDecoder is what a program does without a generated decoder:
// validate the document against Draw's lossless schema with
// santhosh-tekuri/jsonschema (formats asserted, the document read with
// exact numbers), then read it with encoding/json into the union-free
// mirror and dispatch every shape and fill on its discriminator into the
// typed canvas.Draw. It runs on the 1 KB document only (see smallDecoders).
var santhoshDecoder = decoder{"santhosh", "santhosh-tekuri validation + dispatch", func(data []byte) (int, error) {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return 0, err
	}
	if err := drawValidator().Validate(inst); err != nil {
		return 0, err
	}
	var m canvas.FlatDraw
	if err := json.Unmarshal(data, &m); err != nil {
		return 0, err
	}
	v, err := dispatch(m)
	return len(v.Shapes), err
}}

// drawValidator compiles canvas.DrawSchema once, outside every timing
// but the first call's.
var drawValidator = sync.OnceValue(func() *jsonschema.Schema {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(canvas.DrawSchema)))
	if err != nil {
		panic(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("urn:benchmarks:draw.json", doc); err != nil {
		panic(err)
	}
	s, err := c.Compile("urn:benchmarks:draw.json")
	if err != nil {
		panic(err)
	}
	return s
})

// dispatch builds the typed Draw from the mirror of a validated document,
// each shape by its kind and each fill by its mode.
func dispatch(m canvas.FlatDraw) (canvas.Draw, error) {
	d := canvas.Draw{Canvas: m.Canvas, Author: m.Author, Link: m.Link, Host: m.Host, IP: m.IP, IPv6: m.IPv6,
		Day: m.Day, Clock: m.Clock, At: m.At, Scale: m.Scale, Seed: m.Seed, Ratio: m.Ratio, Mode: m.Mode,
		Meta: m.Meta, Notes: m.Notes, Grid: m.Grid, Blob: m.Blob, Shapes: make([]canvas.Shape, 0, len(m.Shapes))}
	for _, s := range m.Shapes {
		shape, err := dispatchShape(s)
		if err != nil {
			return d, err
		}
		d.Shapes = append(d.Shapes, shape)
	}
	if m.Layers != nil {
		d.Layers = make(map[string]canvas.Shape, len(m.Layers))
		for name, s := range m.Layers {
			shape, err := dispatchShape(s)
			if err != nil {
				return d, err
			}
			d.Layers[name] = shape
		}
	}
	return d, nil
}

func dispatchShape(s canvas.FlatShape) (canvas.Shape, error) {
	switch s.Kind {
	case "circle":
		return canvas.Circle{Center: *s.Center, Radius: s.Radius}, nil
	case "rect":
		return canvas.Rect{Origin: *s.Origin, Width: s.Width, Height: s.Height, Corner: s.Corner}, nil
	case "polygon", "poly":
		return canvas.Polygon{Points: s.Points, Closed: s.Closed}, nil
	case "label":
		l := &canvas.Label{Kind: s.Kind, Text: s.Text, Font: canvas.Font(s.Font)}
		if s.Style != nil {
			fill, err := dispatchFill(s.Style.Fill)
			if err != nil {
				return nil, err
			}
			l.Style = &canvas.Style{Fill: fill, Stroke: s.Style.Stroke, Tags: s.Style.Tags, Opacity: s.Style.Opacity}
		}
		return l, nil
	}
	return nil, fmt.Errorf("shape of kind %q", s.Kind)
}

func dispatchFill(f canvas.FlatFill) (canvas.Fill, error) {
	switch f.Mode {
	case "solid":
		return canvas.SolidFill{Color: canvas.Color(f.Color)}, nil
	case "gradient":
		return canvas.GradientFill{From: canvas.Color(f.From), To: canvas.Color(f.To), Angle: f.Angle}, nil
	}
	return nil, fmt.Errorf("fill of mode %q", f.Mode)
}

// TestDispatchReadsEveryMember holds the validate-then-dispatch path to
// DecodeDraw on a document with every member of Draw, layers, time,
// raw JSON and bytes included: the same value.
func TestDispatchReadsEveryMember(t *testing.T) {
	doc := []byte(`{"canvas":"123e4567-e89b-12d3-a456-426614174000",` +
		`"shapes":[{"kind":"circle","center":{"x":1,"y":2},"radius":3}],` +
		`"layers":{"top":{"kind":"label","text":"T","style":{"fill":{"mode":"gradient","from":"#000000","to":"#ffffff","angle":45},"opacity":null}},` +
		`"bottom":{"kind":"poly","points":[{"x":0,"y":0},{"x":1,"y":0},{"x":1,"y":1}],"closed":true}},` +
		`"author":"ada@example.com","link":"https://example.com/a","host":"example.com","ip":"192.0.2.1","ipv6":"2001:db8::1",` +
		`"day":"2026-12-03","clock":"10:00:00Z","at":"2026-12-03T10:00:00Z","scale":3,"seed":-7,"ratio":0.5,"mode":"final",` +
		`"meta":{"a":[1,2]},"notes":"n","grid":[2,3],"blob":"aGVsbG8="}`)
	want, err := canvas.DecodeDraw(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := drawValidator().Validate(mustInstance(t, doc)); err != nil {
		t.Fatal(err)
	}
	var m canvas.FlatDraw
	if err := json.Unmarshal(doc, &m); err != nil {
		t.Fatal(err)
	}
	got, err := dispatch(m)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("dispatch read\n%#v\nDecodeDraw\n%#v", got, want)
	}
}

func mustInstance(t *testing.T, doc []byte) any {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	return inst
}
