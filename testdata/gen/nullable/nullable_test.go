package nullable

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// The three states decode apart, and json.Marshal writes each back as it
// was read.
func TestThreeStates(t *testing.T) {
	in := `{"number":7,"title":null,"milestone":3,"labels":["bug"],"assignee":{"login":"ann"},"tag":{"kind":"named","name":"x"}}`
	x, err := DecodeUpdateIssue([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if x.Weight.Present() || x.State.Present() {
		t.Errorf("absent keys read as present: %+v", x)
	}
	if !x.Title.Present() || !x.Title.IsNull() {
		t.Errorf("title: got %+v, want null", x.Title)
	}
	if m, ok := x.Milestone.Get(); !ok || m != 3 {
		t.Errorf("milestone: got %v %v, want 3", m, ok)
	}
	if a, ok := x.Assignee.Get(); !ok || a.Login != "ann" {
		t.Errorf("assignee: got %+v", x.Assignee)
	}
	if l, ok := x.Tag.Get(); !ok || l != (NamedLabel{Name: "x"}) {
		t.Errorf("tag: got %#v", x.Tag)
	}
	out, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"number":7,"milestone":3,"title":null,"labels":["bug"],"assignee":{"login":"ann"},"tag":{"kind":"named","name":"x"}}`
	if string(out) != want {
		t.Errorf("marshalled\n%s\nwant\n%s", out, want)
	}
	var back UpdateIssue
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	if back.Title != x.Title || back.Milestone != x.Milestone || back.Weight.Present() {
		t.Errorf("round trip: got %+v, want %+v", back, x)
	}
}

// The element's rules apply to a value, never to null.
func TestRulesOnTheValue(t *testing.T) {
	_, err := DecodeUpdateIssue([]byte(`{"number":1,"milestone":0,"title":"","labels":[""],"assignee":{"login":""},"weight":11}`))
	var errs *unionflat.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("got %v, want errors", err)
	}
	var paths []string
	for _, e := range errs.List {
		paths = append(paths, e.Path.String())
	}
	if got, want := strings.Join(paths, " "), "/milestone /title /labels/0 /assignee/login /weight"; got != want {
		t.Errorf("paths %q, want %q", got, want)
	}
	if _, err := DecodeUpdateIssue([]byte(`{"number":1,"milestone":null,"title":null,"labels":null,"assignee":null,"tag":null,"weight":null,"state":null}`)); err != nil {
		t.Errorf("all null: %v", err)
	}
}

// Validate checks a value when one is held, and a nil slice held as a
// value, which would be written as null.
func TestValidate(t *testing.T) {
	ok := UpdateIssue{Number: 1, Milestone: unionflat.Null[int](), Title: unionflat.Some("x")}
	if err := ok.Validate(); err != nil {
		t.Errorf("valid: %v", err)
	}
	bad := UpdateIssue{Number: 1, Milestone: unionflat.Some(0), Labels: unionflat.Some[[]string](nil), State: unionflat.Some(State("draft"))}
	err := bad.Validate()
	var errs *unionflat.Errors
	if !errors.As(err, &errs) || len(errs.List) != 3 {
		t.Fatalf("got %v, want three errors", err)
	}
}

// EncodeIssue writes the three states as read.
func TestEncode(t *testing.T) {
	out, err := EncodeIssue(Issue{Number: 2, Title: unionflat.Null[string]()})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"number":2,"title":null}`; string(out) != want {
		t.Errorf("got %s, want %s", out, want)
	}
}
