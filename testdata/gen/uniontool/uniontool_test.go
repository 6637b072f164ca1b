package uniontool

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// The tool's decoder picks the variant by method, repairs as a struct
// tool's does, and its errors point into the arguments.
func TestDecodeIssueWrite(t *testing.T) {
	for _, c := range []struct {
		args string
		want IssueWrite
		errs []string // problems, by JSON Pointer
	}{
		{args: `{"method":"create","owner":"o","repo":"r","title":"Bug"}`,
			want: CreateIssue{Repo: Repo{Owner: "o", Repo: "r"}, Title: "Bug"}},
		{args: `{"method":"update","owner":"o","repo":"r","issue_number":7,"state":"closed"}`,
			want: UpdateIssue{Repo: Repo{Owner: "o", Repo: "r"}, IssueNumber: 7, State: "closed"}},
		// Repairs: a quoted number, a method in the wrong case, one label alone.
		{args: `{"method":"Update","owner":"o","repo":"r","issue_number":"7"}`,
			want: UpdateIssue{Repo: Repo{Owner: "o", Repo: "r"}, IssueNumber: 7}},
		{args: `{"method":"create","owner":"o","repo":"r","title":"Bug","labels":"bug"}`,
			want: CreateIssue{Repo: Repo{Owner: "o", Repo: "r"}, Title: "Bug", Labels: []string{"bug"}}},
		{args: `{"owner":"o","repo":"r"}`, errs: []string{"/method"}},
		{args: `{"method":"delete","owner":"o","repo":"r"}`, errs: []string{"/method"}},
		{args: `{"method":"update","owner":"o","issue_number":0,"title":"x","labels":["a"]}`,
			errs: []string{"/issue_number", "/labels", "/repo"}},
	} {
		got, err := DecodeIssueWrite([]byte(c.args))
		if len(c.errs) == 0 {
			if err != nil || !reflect.DeepEqual(got, c.want) {
				t.Errorf("DecodeIssueWrite(%s) = %#v, %v; want %#v", c.args, got, err, c.want)
			}
			continue
		}
		var errs *unionflat.Errors
		if !errors.As(err, &errs) || got != nil {
			t.Errorf("DecodeIssueWrite(%s) = %#v, %v; want nil and problems at %v", c.args, got, err, c.errs)
			continue
		}
		var at []string
		for _, e := range errs.List {
			at = append(at, e.Path.String())
		}
		slices.Sort(at)
		if !reflect.DeepEqual(at, c.errs) {
			t.Errorf("DecodeIssueWrite(%s): problems at %v, want %v:\n%v", c.args, at, c.errs, err)
		}
	}
}

// The advertised schema is one flat object whose method is a required
// enum; Handle passes the variant, which a handler type-switches.
func TestIssueWriteTool(t *testing.T) {
	var flat struct {
		Type       string                     `json:"type"`
		Required   []string                   `json:"required"`
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(IssueWriteTool.InputSchema(), &flat); err != nil {
		t.Fatal(err)
	}
	if flat.Type != "object" || !strings.Contains(string(flat.Properties["method"]), `"create"`) ||
		!reflect.DeepEqual(flat.Required, []string{"method", "owner", "repo"}) {
		t.Errorf("flat schema: type %q, required %v, method %s", flat.Type, flat.Required, flat.Properties["method"])
	}
	if IssueWriteTool.Name != "issue_write" || IssueWriteTool.Title != "Create or update issue" ||
		IssueWriteTool.Annotations.DestructiveHint == nil || *IssueWriteTool.Annotations.DestructiveHint {
		t.Errorf("descriptor: %+v", IssueWriteTool.Tool)
	}
	handle := func(in IssueWrite) (string, error) {
		switch in := in.(type) {
		case CreateIssue:
			return "created " + in.Title, nil
		case UpdateIssue:
			return "updated " + in.Repo.Repo, nil
		}
		return "", errors.New("no such method")
	}
	r := IssueWriteTool.Handle([]byte(`{"method":"create","owner":"o","repo":"r","title":"Bug"}`), handle)
	if r.IsError || r.Text != "created Bug" {
		t.Errorf("Handle: %+v", r)
	}
	r = IssueWriteTool.Handle([]byte(`{"method":"update","owner":"o","repo":"r"}`), handle)
	if !r.IsError || !strings.Contains(r.Text, "/issue_number") {
		t.Errorf("Handle without issue_number: %+v", r)
	}
}

// Marshalling a variant writes its method, and decoding reads it back.
func TestIssueWriteRoundTrip(t *testing.T) {
	for _, in := range []IssueWrite{
		CreateIssue{Repo: Repo{Owner: "o", Repo: "r"}, Title: "Bug", Labels: []string{"a"}},
		UpdateIssue{Repo: Repo{Owner: "o", Repo: "r"}, IssueNumber: 3, State: "open"},
	} {
		if err := ValidateIssueWrite(in); err != nil {
			t.Errorf("ValidateIssueWrite(%#v): %v", in, err)
		}
		data, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeIssueWrite(data)
		if err != nil || !reflect.DeepEqual(back, in) {
			t.Errorf("%s read back as %#v, %v", data, back, err)
		}
	}
	if err := ValidateIssueWrite(UpdateIssue{Repo: Repo{Owner: "o"}}); err == nil {
		t.Error("ValidateIssueWrite passed an update without repo or issue_number")
	}
}

// The union is a field type too: under Batch, each item picks its method.
func TestBatch(t *testing.T) {
	got, err := DecodeBatch([]byte(`{"writes":[{"method":"create","owner":"o","repo":"r","title":"x"}]}`))
	if err != nil || len(got.Writes) != 1 {
		t.Fatalf("DecodeBatch: %#v, %v", got, err)
	}
	if _, ok := got.Writes[0].(CreateIssue); !ok {
		t.Errorf("item is %T", got.Writes[0])
	}
}
