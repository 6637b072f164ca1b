package inline

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// The discriminator and the chosen variant's fields are keys of the
// tool's own object, beside its other fields.
func TestDecodeInline(t *testing.T) {
	for _, c := range []struct {
		args string
		want IssueWrite
	}{
		{`{"owner":"o","repo":"r","method":"create","title":"t"}`,
			IssueWrite{Owner: "o", Repo: "r", Op: CreateIssue{Title: "t"}}},
		{`{"method":"create","title":"t","labels":["a"],"owner":"o","repo":"r","dry_run":true}`,
			IssueWrite{Owner: "o", Repo: "r", DryRun: true, Op: CreateIssue{Title: "t", Labels: []string{"a"}}}},
		{`{"owner":"o","repo":"r","method":"update","number":3,"wait":"1m"}`,
			IssueWrite{Owner: "o", Repo: "r", Op: &UpdateIssue{Number: 3, Wait: time.Minute}}},
		{`{"owner":"o","repo":"r","method":"edit","number":3,"state":"closed"}`,
			IssueWrite{Owner: "o", Repo: "r", Op: &UpdateIssue{Number: 3, State: "closed"}}},
		// Repairs: the method's case, a quoted number.
		{`{"owner":"o","repo":"r","method":"Update","number":"3"}`,
			IssueWrite{Owner: "o", Repo: "r", Op: &UpdateIssue{Number: 3}}},
	} {
		got, err := DecodeIssueWrite([]byte(c.args))
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("DecodeIssueWrite(%s) = %#v, %v; want %#v", c.args, got, err, c.want)
		}
	}
}

// Under openai-strict a model sends every key, null for those it leaves
// out: the other method's keys too.
func TestDecodeInlineStrict(t *testing.T) {
	args := `{"owner":"o","repo":"r","dry_run":null,"method":"create","title":"t","labels":null,"number":null,"state":null,"wait":null}`
	want := IssueWrite{Owner: "o", Repo: "r", Op: CreateIssue{Title: "t"}}
	if got, err := DecodeIssueWrite([]byte(args)); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeIssueWrite(%s) = %#v, %v; want %#v", args, got, err, want)
	}
	args = `{"owner":"o","repo":"r","dry_run":null,"method":"create","title":"t","labels":null,"number":2,"state":null,"wait":null}`
	if _, err := DecodeIssueWrite([]byte(args)); err == nil || !strings.Contains(err.Error(), "/number") {
		t.Errorf("DecodeIssueWrite(%s) = %v; want number not allowed", args, err)
	}
}

// Each problem is reported once, at its key: an unknown key by the
// parent, a key of another variant with the method that allows it.
func TestDecodeInlineErrors(t *testing.T) {
	for _, c := range []struct {
		args string
		want []string // "pointer: kind", sorted
		text []string // in the message
	}{
		{args: `{"owner":"o","repo":"r","title":"t"}`,
			want: []string{"/method: required"}, text: []string{"create (with title)"}},
		{args: `{"owner":"o","repo":"r","method":"create","title":"t","number":1}`,
			want: []string{"/number: notAllowed"}, text: []string{"method = create", "method = update | edit"}},
		{args: `{"owner":"o","repo":"r","method":"create","title":"t","colour":1}`,
			want: []string{"/colour: unknown"}},
		{args: `{"owner":"o","repo":"r","method":"create","titel":"t"}`,
			want: []string{"/titel: unknown", "/title: required"}, text: []string{"did you mean title?"}},
		// The keys listed are those of the object the method makes.
		{args: `{"owner":"o","repo":"r","method":"create","title":"t","nmber":1}`,
			want: []string{"/nmber: unknown"}, text: []string{"did you mean number, which belongs to method = update | edit?"}},
		{args: `{"owner":"o","repo":"r","method":"edit","number":1,"titl":"t","colour":2}`,
			want: []string{"/colour: unknown", "/titl: unknown"}, text: []string{"expected owner, repo, dry_run, method, number, state, wait)"}},
		{args: `{"owner":"o","repo":"r","method":"delete","colour":2}`,
			want: []string{"/colour: unknown", "/method: enum"}},
		{args: `{"repo":"r","method":"update","number":0}`,
			want: []string{"/number: minimum", "/owner: required"}},
		{args: `{"owner":"o","repo":"r","method":"update"}`,
			want: []string{"/number: required"}, text: []string{"method = update"}},
		{args: `{"owner":"o","repo":"r","method":"delete"}`,
			want: []string{"/method: enum"}},
	} {
		_, err := DecodeIssueWrite([]byte(c.args))
		var errs *unionflat.Errors
		if !errors.As(err, &errs) {
			t.Errorf("DecodeIssueWrite(%s) = %v; want problems %v", c.args, err, c.want)
			continue
		}
		var got []string
		for _, e := range errs.List {
			got = append(got, e.Path.String()+": "+e.Kind.String())
		}
		slices.Sort(got)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("DecodeIssueWrite(%s): problems %v, want %v:\n%v", c.args, got, c.want, err)
		}
		for _, s := range c.text {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("DecodeIssueWrite(%s): %q not in\n%v", c.args, s, err)
			}
		}
	}
}

// Validate checks the parent's fields and the union's value; a value
// with no union would be written with no method.
func TestValidateInline(t *testing.T) {
	ok := IssueWrite{Owner: "o", Repo: "r", Op: CreateIssue{Title: "t"}}
	if err := ok.Validate(); err != nil {
		t.Errorf("Validate(%#v) = %v", ok, err)
	}
	for _, c := range []struct {
		x    IssueWrite
		want string
	}{
		{IssueWrite{Owner: "o", Repo: "r"}, "/method"},
		{IssueWrite{Owner: "o", Repo: "r", Op: (*UpdateIssue)(nil)}, "/method"},
		{IssueWrite{Owner: "o", Repo: "r", Op: CreateIssue{}}, "/title"},
		{IssueWrite{Owner: "", Repo: "r", Op: &UpdateIssue{Number: 1}}, "/owner"},
		{IssueWrite{Owner: "o", Repo: "r", Op: &UpdateIssue{Number: 1, State: "gone"}}, "/state"},
	} {
		err := c.x.Validate()
		var errs *unionflat.Errors
		if !errors.As(err, &errs) || len(errs.List) != 1 || errs.List[0].Path.String() != c.want {
			t.Errorf("Validate(%#v) = %v; want one problem at %s", c.x, err, c.want)
		}
	}
}

// encoding/json writes one object, and reads it back through the
// decoder, at the root and below it.
func TestMarshalInline(t *testing.T) {
	for _, x := range []IssueWrite{
		{Owner: "o", Repo: "r", Op: CreateIssue{Title: "t"}},
		{Owner: "o", Repo: "r", DryRun: true, Op: &UpdateIssue{Number: 2, State: "open", Wait: 90 * time.Second}},
	} {
		data, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		var members map[string]json.RawMessage
		if err := json.Unmarshal(data, &members); err != nil {
			t.Fatal(err)
		}
		if _, ok := members["method"]; !ok || members["Op"] != nil {
			t.Errorf("json.Marshal(%#v) = %s; want the method beside owner, no Op", x, data)
		}
		back, err := DecodeIssueWrite(data)
		if err != nil || !reflect.DeepEqual(back, x) {
			t.Errorf("DecodeIssueWrite(%s) = %#v, %v; want %#v", data, back, err, x)
		}
		var y IssueWrite
		if err := json.Unmarshal(data, &y); err != nil || !reflect.DeepEqual(y, x) {
			t.Errorf("json.Unmarshal(%s) = %#v, %v; want %#v", data, y, err, x)
		}
	}
	want := `{"owner":"o","repo":"r","method":"create","title":"t"}`
	if data, _ := json.Marshal(IssueWrite{Owner: "o", Repo: "r", Op: CreateIssue{Title: "t"}}); string(data) != want {
		t.Errorf("json.Marshal = %s, want %s", data, want)
	}
	q := Queue{Jobs: []Job{{Name: "a", Op: CreateIssue{Title: "t"}}, {Name: "b", Every: time.Hour, Op: &UpdateIssue{Number: 1}}}}
	data, err := json.Marshal(q)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"jobs":[{"name":"a","method":"create","title":"t"},{"name":"b","every":"1h0m0s","method":"update","number":1}]}`; string(data) != want {
		t.Errorf("json.Marshal(%#v) = %s, want %s", q, data, want)
	}
	back, err := DecodeQueue(data)
	if err != nil || !reflect.DeepEqual(back, q) {
		t.Errorf("DecodeQueue(%s) = %#v, %v; want %#v", data, back, err, q)
	}
	if _, err := DecodeQueue([]byte(`{"jobs":[{"name":"a","title":"t"}]}`)); err == nil || !strings.Contains(err.Error(), "/jobs/0/method") {
		t.Errorf("DecodeQueue without a method: %v", err)
	}
}

// The advertised schema is one object: method a required enum beside
// the parent's keys, each variant's fields optional with a hint.
func TestFlatInline(t *testing.T) {
	var flat struct {
		Type       string                     `json:"type"`
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
		OneOf      []any                      `json:"oneOf"`
	}
	if err := json.Unmarshal([]byte(IssueWriteFlatSchema), &flat); err != nil {
		t.Fatal(err)
	}
	if flat.Type != "object" || flat.OneOf != nil || !reflect.DeepEqual(flat.Required, []string{"method", "owner", "repo"}) {
		t.Errorf("flat schema: type %q, required %v, oneOf %v", flat.Type, flat.Required, flat.OneOf)
	}
	var method struct{ Enum []string }
	if err := json.Unmarshal(flat.Properties["method"], &method); err != nil || !reflect.DeepEqual(method.Enum, []string{"create", "update", "edit"}) {
		t.Errorf("method: %s", flat.Properties["method"])
	}
	for _, k := range []string{"owner", "repo", "dry_run", "title", "labels", "number", "state", "wait"} {
		if flat.Properties[k] == nil {
			t.Errorf("flat schema has no %q", k)
		}
	}
	if !strings.Contains(string(flat.Properties["title"]), "Required if method = create") {
		t.Errorf("title: %s", flat.Properties["title"])
	}
}

// A struct of nothing but an inline union reads the union's object.
func TestOnlyInline(t *testing.T) {
	got, err := DecodeOperate([]byte(`{"method":"create","title":"t"}`))
	if want := (Operate{Op: CreateIssue{Title: "t"}}); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeOperate = %#v, %v; want %#v", got, err, want)
	}
	if _, err := DecodeOperate([]byte(`{"method":"create","title":"t","x":1}`)); err == nil || !strings.Contains(err.Error(), "/x") {
		t.Errorf("DecodeOperate with an unknown key: %v", err)
	}
	if data, err := json.Marshal(Operate{Op: CreateIssue{Title: "t"}}); err != nil || string(data) != `{"method":"create","title":"t"}` {
		t.Errorf("json.Marshal = %s, %v", data, err)
	}
}
