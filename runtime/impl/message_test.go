package impl

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// TestUnknownListsKeysOnce lists an object's keys on the first of its
// unknown keys only, and cuts long lists and long names.
func TestUnknownListsKeysOnce(t *testing.T) {
	var keys []string
	for i := range 20 {
		keys = append(keys, "k"+strconv.Itoa(i))
	}
	p := &Properties{Keys: keys}
	long := strings.Repeat("é", 40) // 80 bytes
	errs := decodeWith(t, `{"k1x":1,"zz":2,"`+long+`":3,"o":{"k2":1}}`, func(d *Decoder, root Value) {
		for k, v := range d.Members(root) {
			if string(k) == "o" {
				for range d.Members(v) {
					d.Unknown(&Properties{Keys: []string{"k3"}})
				}
				continue
			}
			d.Unknown(p)
		}
	})
	want := strings.Join([]string{
		"/k1x: k1x is not a known property; did you mean k1? (expected k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, and 4 more)",
		"/zz: zz is not a known property",
		"/" + strings.Repeat("é", 32) + "…: " + strings.Repeat("é", 32) + "… is not a known property",
		"/o/k2: k2 is not a known property (expected k3)", // one edit in two letters is too far
	}, "\n")
	if got := messages(errs); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestListKeepsTheMostUseful fills the list with unknown keys, then
// records more useful problems: each takes the place of the last unknown
// key listed, which is counted instead, and List stays in document order.
func TestListKeepsTheMostUseful(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{`)
	for i := range unionflat.MaxErrors + 8 {
		b.WriteString(`"k` + strconv.Itoa(i) + `":1,`)
	}
	b.WriteString(`"n":"x"}`)
	errs := decodeWith(t, b.String(), func(d *Decoder, root Value) {
		for k, v := range d.Members(root) {
			if string(k) == "n" {
				d.Int(v, 64) // a string: KindType
				continue
			}
			d.Unknown(xKeys)
		}
		d.Missing("x", "")
		d.Unknown(xKeys) // no room: counted
	})
	if len(errs.List) != unionflat.MaxErrors || errs.More != 11 {
		t.Fatalf("%d listed and %d more, want %d and 11", len(errs.List), errs.More, unionflat.MaxErrors)
	}
	got := []string{errs.List[unionflat.MaxErrors-3].Path.String(), errs.List[unionflat.MaxErrors-2].Path.String(), errs.List[unionflat.MaxErrors-1].Path.String()}
	if want := []string{"/k29", "/n", "/x"}; !slices.Equal(got, want) {
		t.Errorf("the list ends with %v, want %v", got, want)
	}
	if msg := errs.Error(); !strings.HasPrefix(msg, "/n: n must be an integer, not a string\n/x: x is required\n/k0: ") {
		t.Errorf("message opens with\n%s", msg[:120])
	}
}
