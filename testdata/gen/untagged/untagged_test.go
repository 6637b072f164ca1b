package untagged

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

func flag(b bool) *FlagValue { f := FlagValue(b); return &f }

// The JSON type, then an object's keys, pick the variant; the errors say
// which keys select which.
func TestDecodeUpdateItem(t *testing.T) {
	for _, c := range []struct {
		args string
		want UpdateItem
		errs []string // the problems' messages hold these, in order
	}{
		{args: `{"item":{"item_id":5},"labels":["bug",{"name":"p1","confidence":"HIGH"}],"value":"x"}`,
			want: UpdateItem{Item: ItemByID{ItemID: 5}, Labels: []Label{LabelName("bug"), LabelDetail{Name: "p1", Confidence: "HIGH"}}, Value: TextValue("x")}},
		{args: `{"item":{"item_owner":"o","item_repo":"r","issue_number":3},"labels":[],"value":2.5}`,
			want: UpdateItem{Item: &ItemByIssue{Owner: "o", Repo: "r", IssueNumber: 3}, Labels: []Label{}, Value: NumberValue(2.5)}},
		{args: `{"item":{"item_id":5},"labels":[],"value":true}`,
			want: UpdateItem{Item: ItemByID{ItemID: 5}, Labels: []Label{}, Value: flag(true)}},
		// openai-strict sends every key of the flat object, null for those left out.
		{args: `{"item":{"item_id":5,"item_owner":null,"item_repo":null,"issue_number":null},"labels":[{"name":"p1","rationale":null,"confidence":null}],"value":null}`,
			want: UpdateItem{Item: ItemByID{ItemID: 5}, Labels: []Label{LabelDetail{Name: "p1"}}}},
		// A string holding the object, where only the object variant could take it.
		{args: `{"item":"{\"item_id\":5}","labels":[]}`,
			want: UpdateItem{Item: ItemByID{ItemID: 5}, Labels: []Label{}}},
		{args: `{"item":{"item_id":5,"item_owner":"o"},"labels":[]}`,
			errs: []string{"/item/item_owner: item_owner is not a known property (expected item_id)"}},
		{args: `{"item":{"item_owner":"o"},"labels":[]}`,
			errs: []string{"/item/issue_number: issue_number is required", "/item/item_repo: item_repo is required"}},
		{args: `{"item":{"zzz":1},"labels":[]}`,
			errs: []string{"/item: item must be an object with item_id, or an object with item_owner, item_repo and issue_number, not an object with zzz"}},
		// null for value is read as absent: the openai-strict profile sends it.
		{args: `{"item":{"item_id":0},"labels":[7,{"rationale":"r"}],"value":null}`,
			errs: []string{"/item/item_id: item_id must be at least 1", "/labels/0: item 0 must be a string or an object, not a number", "/labels/1/name: name is required"}},
		{args: `{"item":[],"labels":[],"value":[1]}`,
			errs: []string{"/item: item must be an object, not an array", "/value: value must be a string or a number or a boolean, not an array"}},
	} {
		got, err := DecodeUpdateItem([]byte(c.args))
		if len(c.errs) == 0 {
			if err != nil || !reflect.DeepEqual(got, c.want) {
				t.Errorf("DecodeUpdateItem(%s) = %#v, %v; want %#v", c.args, got, err, c.want)
			}
			continue
		}
		var errs *unionflat.Errors
		if !errors.As(err, &errs) {
			t.Errorf("DecodeUpdateItem(%s) = %v; want problems %q", c.args, err, c.errs)
			continue
		}
		var lines []string
		for _, e := range errs.List {
			lines = append(lines, e.Error())
		}
		slices.Sort(lines)
		if len(lines) != len(c.errs) {
			t.Errorf("DecodeUpdateItem(%s): problems\n%s\nwant %d: %q", c.args, strings.Join(lines, "\n"), len(c.errs), c.errs)
			continue
		}
		for i, want := range c.errs {
			if !strings.HasPrefix(lines[i], want) {
				t.Errorf("DecodeUpdateItem(%s): problem %q, want it to start %q", c.args, lines[i], want)
			}
		}
	}
}

// encoding/json writes each variant as itself, and decoding reads it
// back; Validate agrees.
func TestRoundTrip(t *testing.T) {
	in := UpdateItem{Item: &ItemByIssue{Owner: "o", Repo: "r", IssueNumber: 1}, Labels: []Label{LabelName("a"), LabelDetail{Name: "b"}}, Value: flag(false)}
	if err := in.Validate(); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeUpdateItem(data)
	if err != nil || !reflect.DeepEqual(back, in) {
		t.Errorf("%s read back as %#v, %v", data, back, err)
	}
	bad := UpdateItem{Item: ItemByID{}, Labels: []Label{LabelDetail{}}}
	if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), "/item/item_id") || !strings.Contains(err.Error(), "/labels/0/name") {
		t.Errorf("Validate: %v", err)
	}
}

// A union of scalars decodes by JSON type, and a nil one is reported
// with the types it takes.
func TestLookup(t *testing.T) {
	got, err := DecodeLookup([]byte(`{"key":"a","keys":[1,"b"]}`))
	if err != nil || !reflect.DeepEqual(got, Lookup{Key: KeyName("a"), Keys: []Key{KeyNum(1), KeyName("b")}}) {
		t.Errorf("DecodeLookup = %#v, %v", got, err)
	}
	err = Lookup{Keys: []Key{KeyNum(1)}}.Validate()
	if err == nil || !strings.Contains(err.Error(), "/key: key must be a string or an integer, not null") {
		t.Errorf("Validate of a nil key: %v", err)
	}
}
