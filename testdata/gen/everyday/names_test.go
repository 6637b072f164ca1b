package everyday

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// problems lists an error's problems as "pointer kind", sorted, or nil
// for no error.
func problems(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		return nil
	}
	var errs *unionflat.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("error %v is not a *unionflat.Errors", err)
	}
	var out []string
	for _, e := range errs.List {
		out = append(out, fmt.Sprintf("%s %d", e.Path, e.Kind))
	}
	slices.Sort(out)
	return out
}

func yes() *ok   { v := ok(true); return &v }
func day(n d) *d { return &n }

// fullBookmark uses every field and both variants.
func fullBookmark() Bookmark {
	return Bookmark{
		Key:    "golang",
		Page:   "https://go.dev/doc",
		Tags:   []tag{"go", "docs"},
		Scores: map[string]val{"ann": 0.5, "bob": 1},
		Day:    day(3),
		Code:   "GO1",
		Notes:  []obj{{Text: "read later", Pin: yes()}, {Text: "again"}},
		Steps:  [][]item0{{{Title: "tour", Done: true}}, {}},
		Attach: []Attachment{
			Link{URL: "https://go.dev/tour", Alive: yes(), Tags: []tag{"tour"}},
			&Memo{Note: obj{Text: "ask Ann"}, On: 12},
		},
	}
}

// Decoding a model's arguments gives the typed value, whatever the
// package's own names (key, ok, d, ...) are.
func TestBookmarkDecode(t *testing.T) {
	args := `{"key":"golang","page":"https://go.dev/doc","tags":["go","docs"],
		"scores":{"ann":0.5,"bob":1},"day":3,"code":"GO1",
		"notes":[{"text":"read later","pin":true},{"text":"again"}],
		"steps":[[{"title":"tour","done":true}],[]],
		"attachments":[{"type":"link","url":"https://go.dev/tour","alive":true,"tags":["tour"]},
			"{\"type\":\"note\",\"note\":{\"text\":\"ask Ann\"},\"on\":12}"]}`
	got, err := DecodeBookmark([]byte(args))
	if err != nil {
		t.Fatal(err)
	}
	if want := fullBookmark(); !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeBookmark =\n%#v\nwant\n%#v", got, want)
	}
}

// Every rule of the names fixture is checked by decoding, with a pointer
// to each problem.
func TestBookmarkDecodeRejects(t *testing.T) {
	for _, c := range []struct {
		args string
		want []string
	}{
		// The escaped comma: {2,8} is one pattern.
		{`{"key":"a","page":"p"}`, []string{fmt.Sprintf("/key %d", unionflat.KindPattern)}},
		{`{"key":"abcdefghi","page":"p"}`, []string{fmt.Sprintf("/key %d", unionflat.KindPattern)}},
		{`{"key":"abcdefgh","page":"p","day":32,"code":"ABCDE","scores":{"x":1.5}}`, []string{
			fmt.Sprintf("/code %d", unionflat.KindMaxLength),
			fmt.Sprintf("/day %d", unionflat.KindMaximum),
			fmt.Sprintf("/scores/x %d", unionflat.KindMaximum),
		}},
		{`{"key":"ab","page":"p","notes":[{"pin":true}],"steps":[[{"title":""}]]}`, []string{
			fmt.Sprintf("/notes/0/text %d", unionflat.KindRequired),
			fmt.Sprintf("/steps/0/0/title %d", unionflat.KindMinLength),
		}},
		{`{"key":"ab","page":"p","attachments":[{"type":"memo","note":{"text":"x"},"on":0,"url":"u"},{"type":"pin"}]}`, []string{
			fmt.Sprintf("/attachments/0/on %d", unionflat.KindMinimum),
			fmt.Sprintf("/attachments/0/url %d", unionflat.KindNotAllowed),
			fmt.Sprintf("/attachments/1/type %d", unionflat.KindEnum),
		}},
		{`{"page":"p","tags":[1]}`, []string{
			fmt.Sprintf("/key %d", unionflat.KindRequired),
			fmt.Sprintf("/tags/0 %d", unionflat.KindType),
		}},
	} {
		_, err := DecodeBookmark([]byte(c.args))
		if got := problems(t, err); !slices.Equal(got, c.want) {
			t.Errorf("DecodeBookmark(%s): problems %v, want %v (%v)", c.args, got, c.want, err)
		}
	}
}

// Validate checks a value built in code with the decoder's rules.
func TestBookmarkValidate(t *testing.T) {
	if err := fullBookmark().Validate(); err != nil {
		t.Errorf("Validate of a valid bookmark: %v", err)
	}
	bad := fullBookmark()
	bad.Key = "Go"
	bad.Day = day(0)
	bad.Scores["cy"] = -1
	bad.Notes = append(bad.Notes, obj{})
	bad.Attach = append(bad.Attach, &Memo{On: 40, Note: obj{Text: "x"}}, nil)
	want := []string{
		fmt.Sprintf("/attachments/2/on %d", unionflat.KindMaximum),
		fmt.Sprintf("/attachments/3 %d", unionflat.KindType),
		fmt.Sprintf("/day %d", unionflat.KindMinimum),
		fmt.Sprintf("/key %d", unionflat.KindPattern),
		fmt.Sprintf("/scores/cy %d", unionflat.KindMinimum),
	}
	if got := problems(t, bad.Validate()); !slices.Equal(got, want) {
		t.Errorf("Validate: problems %v, want %v", got, want)
	}
	// A nil slice inside a slice is written as null, which decoding
	// rejects: Validate says so too.
	nilItem := Bookmark{Key: "ab", Page: "p", Steps: [][]item0{nil}}
	want = []string{fmt.Sprintf("/steps/0 %d", unionflat.KindType)}
	if got := problems(t, nilItem.Validate()); !slices.Equal(got, want) {
		t.Errorf("Validate with a nil item: problems %v, want %v", got, want)
	}
	data, _ := json.Marshal(nilItem)
	if got := problems(t, func() error { _, err := DecodeBookmark(data); return err }()); !slices.Equal(got, want) {
		t.Errorf("DecodeBookmark(%s): problems %v, want %v", data, got, want)
	}
}

// What encoding/json writes, the decoder reads back as the same value;
// and json.Unmarshal, through the generated UnmarshalJSON, does the same
// and checks the rules.
func TestBookmarkRoundTrip(t *testing.T) {
	values := []Bookmark{
		fullBookmark(),
		{Key: "ab", Page: "p"},
		{Key: "ab", Page: "", Attach: []Attachment{Link{URL: "https://x.y"}}, Steps: [][]item0{{}}},
	}
	for _, x := range values {
		if err := x.Validate(); err != nil {
			t.Fatalf("Validate(%#v): %v", x, err)
		}
		data, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DecodeBookmark(data)
		if err != nil {
			t.Errorf("DecodeBookmark(%s): %v", data, err)
			continue
		}
		if !reflect.DeepEqual(got, x) {
			t.Errorf("round trip of %s:\n%#v\nwant\n%#v", data, got, x)
		}
		var viaJSON Bookmark
		if err := json.Unmarshal(data, &viaJSON); err != nil || !reflect.DeepEqual(viaJSON, got) {
			t.Errorf("json.Unmarshal(%s) = %#v, %v; want what DecodeBookmark gives", data, viaJSON, err)
		}
	}
	var b Bookmark
	if err := json.Unmarshal([]byte(`{"key":"A","page":"p"}`), &b); err == nil {
		t.Error("json.Unmarshal accepted a key that breaks the pattern")
	}
}

// The schemas carry go-sdk description tags as descriptions, the escaped
// pattern whole, and the flat discriminator lists variants by value.
func TestBookmarkSchemas(t *testing.T) {
	for _, want := range []string{
		`"pattern": "^[a-z]{2,8}$"`,
		`"description": "the page's address, as the browser shows it"`,
		`"description": "labels, lower case, at most five"`,
		`"description": "one line of text, at most 80 characters"`,
	} {
		if !strings.Contains(BookmarkSchema, want) || !strings.Contains(BookmarkFlatSchema, want) {
			t.Errorf("the schemas lack %s", want)
		}
	}
	if !strings.Contains(BookmarkSchema, `"description": "Link is another page the bookmark points to."`) {
		t.Error("the lossless schema does not keep the variant's doc comment as written")
	}
	if want := `"description": "link: another page the bookmark points to. memo | note: a note with a day."`; !strings.Contains(BookmarkFlatSchema, want) {
		t.Errorf("the flat discriminator does not list variants by value: want %s", want)
	}
}
