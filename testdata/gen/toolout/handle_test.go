package toolout

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/internal/schematest"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// handleCase is one tool whose Handle the property judges, with the
// arguments of a call (as an object, and double-serialized), a check of
// the input the handler receives, and a draw of the result it returns.
type handleCase[In, Out any] struct {
	tool    unionflat.TypedTool[In, Out]
	args    []string
	input   func(In) bool
	draw    func(g *schematest.GoValues) Out
	schemas []string // every schema Structured must validate under
}

// check serves one call whose handler returns a drawn result and judges
// the reply: structured bytes that every schema accepts and that are
// what EncodeT writes, or an error reply for a tool bug exactly when
// EncodeT refuses the result. It reports whether the result was sent.
func (c handleCase[In, Out]) check(t *testing.T, schemas []*jsonschema.Schema, g *schematest.GoValues, i int) bool {
	t.Helper()
	out := c.draw(g)
	r := c.tool.Handle([]byte(c.args[i%len(c.args)]), func(in In) (Out, error) {
		if !c.input(in) {
			t.Fatalf("the handler got %+v", in)
		}
		return out, nil
	})
	want, encErr := c.tool.Encode(out)
	if r.IsError {
		var broken *unionflat.OutputError
		if encErr == nil || !errors.As(r.Err, &broken) || r.Structured != nil || r.StructuredContent() != nil ||
			!strings.HasPrefix(r.Text, unionflat.BrokenOutput) || !strings.HasSuffix(r.Text, encErr.Error()) {
			t.Fatalf("error reply %+v for a result Encode judges %v", r, encErr)
		}
		return false
	}
	if encErr != nil || r.Err != nil || !bytes.Equal(r.Structured, want) || r.Text != string(r.Structured) {
		t.Fatalf("reply %+v for a result Encode writes as %s (%v)", r, want, encErr)
	}
	doc := schematest.MustParse(t, r.Structured)
	for k, s := range schemas {
		if err := s.Validate(doc); err != nil {
			t.Fatalf("Structured %s breaks schema %d of %s: %v", r.Structured, k, c.tool.Name, err)
		}
	}
	return true
}

// run draws n results from each generator and checks that both outcomes
// occur in fair shares.
func (c handleCase[In, Out]) run(t *testing.T, n int) {
	schemas := compileAll(t, append([]string{c.tool.Output}, c.schemas...))
	sent := 0
	for j, g := range []*schematest.GoValues{values(11), tame(12)} {
		for i := range n {
			if c.check(t, schemas, g, i) {
				sent++
			}
		}
		t.Logf("generator %d: %d of %d results sent so far", j, sent, (j+1)*n)
	}
	if sent < n/25 || sent > 2*n-n/25 {
		t.Errorf("%d of %d results sent: want both outcomes, and a fair share of each", sent, 2*n)
	}
}

// TestHandleStructuredValidates: over seeded random results, wild and
// tame, a reply's Structured always validates under the tool's
// OutputSchema (formats asserted, and under PaymentSchema for a Payment),
// and is what EncodeT writes; a result EncodeT refuses is an error reply
// naming the problems, with an *OutputError and no structured content.
func TestHandleStructuredValidates(t *testing.T) {
	const n = 1500
	t.Run("lookup_order", func(t *testing.T) {
		handleCase[Lookup, Order]{
			tool:  LookupTool,
			args:  []string{`{"id":"o-1"}`, `"{\"id\":\"o-1\"}"`},
			input: func(in Lookup) bool { return in.ID == "o-1" },
			draw:  func(g *schematest.GoValues) Order { var o Order; g.Fill(&o); return o },
		}.run(t, n)
	})
	t.Run("charge", func(t *testing.T) {
		handleCase[Charge, Payment]{
			tool:    ChargeTool,
			args:    []string{`{"amount":9007199254740993}`},
			input:   func(in Charge) bool { return in.Amount == 9007199254740993 },
			draw:    func(g *schematest.GoValues) Payment { var p Payment; g.Fill(&p); return p },
			schemas: []string{PaymentSchema},
		}.run(t, n)
	})
	t.Run("browse", func(t *testing.T) {
		handleCase[Browse, Folder]{
			tool:  BrowseTool,
			args:  []string{`{"path":"/"}`, `"{\"path\":\"/\"}"`},
			input: func(in Browse) bool { return in.Path == "/" },
			draw:  func(g *schematest.GoValues) Folder { var f Folder; g.Fill(&f); return f },
		}.run(t, n)
	})
}

// TestHandleInvalidArguments: every problem of the model's call is in the
// reply by JSON Pointer, and the handler never runs.
func TestHandleInvalidArguments(t *testing.T) {
	r := LookupTool.Handle([]byte(`{"id":"","extra":true}`), func(Lookup) (Order, error) {
		t.Fatal("the handler ran on invalid arguments")
		return Order{}, nil
	})
	var problems *unionflat.Errors
	if !r.IsError || r.Structured != nil || !errors.As(r.Err, &problems) || len(problems.List) != 2 {
		t.Fatalf("reply %+v", r)
	}
	for _, w := range []string{unionflat.InvalidArguments, "\n/id: ", "\n/extra: "} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("reply text lacks %q:\n%s", w, r.Text)
		}
	}
}

// TestHandleNilCollections: a handler that returns an Order whose
// required slices, map and pointer are nil (idiomatic Go) gets a reply,
// not an OutputError: a nil slice or map is written as [] or {}, a nil
// pointer or []byte as the null OrderOutputSchema describes, and
// EncodeOrder, Order.Validate and Handle agree. Only what
// breaks a rule the type states (an empty id, below its minLength) is the
// tool's bug. Each nil was an OutputError (found by an outside try).
func TestHandleNilCollections(t *testing.T) {
	out := Order{ID: "o1", Payment: Card{Last4: "1234"}, Status: StatusOpen}
	if err := out.Validate(); err != nil {
		t.Fatalf("Validate of nil collections: %v", err)
	}
	data, err := EncodeOrder(out)
	if err != nil {
		t.Fatalf("EncodeOrder of nil collections: %v", err)
	}
	if err := schematest.Validator(t, []byte(OrderOutputSchema)).Validate(schematest.MustParse(t, data)); err != nil {
		t.Fatalf("OrderOutputSchema rejects %s: %v", data, err)
	}
	for _, want := range []string{`"lines":[]`, `"tags":{}`, `"owner":null`, `"sig":null`, `"refunds":[]`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("EncodeOrder wrote %s, without %s", data, want)
		}
	}
	r := LookupTool.Handle([]byte(`{"id":"o1"}`), func(Lookup) (Order, error) { return out, nil })
	if r.IsError || r.Err != nil || !bytes.Equal(r.Structured, data) {
		t.Errorf("Handle = %+v, want the structured result %s", r, data)
	}
	// A client reads the result back, the nulls EncodeOrder wrote
	// included ("owner": null; a nil union or pointer item too).
	var back Order
	if err := json.Unmarshal(data, &back); err != nil || back.Owner != nil || back.Remark != nil {
		t.Errorf("json.Unmarshal(%s) = %+v, %v", data, back, err)
	}
	withNils := []byte(`{"id":"o1","lines":null,"tags":null,"owner":null,"placed":"2026-01-01T00:00:00Z","wait":"1s","status":"open","small":0,"ratio":0,"sig":null,"grid":[null,null],"extra":{"a":null},"payment":{"method":"card","last4":"1234"},"refunds":[null],"remark":null}`)
	if err := json.Unmarshal(withNils, &back); err != nil || back.Lines != nil || back.Extra["a"] != nil || len(back.Refunds) != 1 || back.Refunds[0] != nil {
		t.Errorf("json.Unmarshal of the nulls OrderOutputSchema takes = %+v, %v", back, err)
	}
	out.ID = ""
	if _, err := EncodeOrder(out); err == nil || out.Validate() == nil {
		t.Errorf("an empty id, below its minLength, was not refused")
	}
}
