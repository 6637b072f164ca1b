package runtime

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// randomProblems draws a list of problems of every kind, with names and
// values of any length, as a decode could record them.
func randomProblems(rnd *rand.Rand) *Errors {
	errs := &Errors{}
	n := rnd.IntN(MaxErrors + 1)
	for range n {
		var path Path
		for range rnd.IntN(6) {
			if rnd.IntN(3) == 0 {
				path = append(path, Token{Index: rnd.IntN(1000)})
			} else {
				path = append(path, Token{Name: strings.Repeat("k", 1+rnd.IntN(300)), Index: -1})
			}
		}
		e := &Error{Path: path, Kind: Kind(1 + rnd.IntN(int(KindSize))), Want: strings.Repeat("w, ", rnd.IntN(40)) + "w",
			Got: quote(strings.Repeat("g", rnd.IntN(200))), Suggest: strings.Repeat("s", rnd.IntN(70))}
		errs.List = append(errs.List, e)
	}
	if n == MaxErrors && rnd.IntN(2) == 0 {
		errs.More = rnd.IntN(100000)
	}
	return errs
}

// TestMessageBounded checks, over seeded random problem lists, that the
// message is at most MaxMessageBytes, the same every time, lists
// problems in rank order, and counts exactly the problems it leaves out.
func TestMessageBounded(t *testing.T) {
	rnd := rand.New(rand.NewPCG(4096, 1))
	capped := 0
	for range 3000 {
		errs := randomProblems(rnd)
		msg := errs.Error()
		if len(msg) > MaxMessageBytes {
			t.Fatalf("message of %d bytes:\n%s", len(msg), msg)
		}
		if again := errs.Error(); again != msg {
			t.Fatal("the same problems gave two messages")
		}
		lines := strings.Split(msg, "\n")
		if msg == "" {
			lines = nil
		}
		written, left := len(lines), 0
		if written > 0 {
			if last := lines[written-1]; strings.HasPrefix(last, "(and ") {
				written--
				count := strings.TrimPrefix(last, "(and ")
				count = count[:strings.IndexByte(count, ' ')]
				left, _ = strconv.Atoi(count)
			}
		}
		if written+left != len(errs.List)+errs.More {
			t.Fatalf("%d lines and %d counted, for %d problems and %d more:\n%s", written, left, len(errs.List), errs.More, msg)
		}
		if written < len(errs.List) {
			capped++
		}
	}
	if capped < 100 {
		t.Errorf("only %d lists reached the cap: the test means little", capped)
	}
}

// TestMessageOrder lists the most useful problems first, in document
// order within a rank, and leaves List in document order.
func TestMessageOrder(t *testing.T) {
	at := func(name string) Path { return Path{{Name: name, Index: -1}} }
	errs := &Errors{List: []*Error{
		{Path: at("a"), Kind: KindUnknown},
		{Path: at("b"), Kind: KindMaximum, Want: "1", Got: "2"},
		{Path: at("c"), Kind: KindRequired},
		{Path: at("kind"), Kind: KindEnum, Want: "x | y", Got: `"z"`, tag: true},
		{Path: at("d"), Kind: KindType, Want: "a string", Got: "a number"},
		{Path: at("e"), Kind: KindSyntax, Err: errString("unexpected end")},
		{Path: at("f"), Kind: KindNotAllowed, When: "kind = x"},
	}}
	want := strings.Join([]string{
		"/e: invalid JSON at byte 0: unexpected end",
		`/kind: kind must be one of x | y, not "z"`,
		"/c: c is required",
		"/d: d must be a string, not a number",
		"/b: b must be at most 1, not 2",
		"/a: a is not a known property",
		"/f: f is not allowed when kind = x",
	}, "\n")
	if got := errs.Error(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if errs.List[0].Path.String() != "/a" {
		t.Error("Error() reordered List")
	}
}

type errString string

func (e errString) Error() string { return string(e) }

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
	for i := range MaxErrors + 8 {
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
	if len(errs.List) != MaxErrors || errs.More != 11 {
		t.Fatalf("%d listed and %d more, want %d and 11", len(errs.List), errs.More, MaxErrors)
	}
	got := []string{errs.List[MaxErrors-3].Path.String(), errs.List[MaxErrors-2].Path.String(), errs.List[MaxErrors-1].Path.String()}
	if want := []string{"/k29", "/n", "/x"}; !slices.Equal(got, want) {
		t.Errorf("the list ends with %v, want %v", got, want)
	}
	if msg := errs.Error(); !strings.HasPrefix(msg, "/n: n must be an integer, not a string\n/x: x is required\n/k0: ") {
		t.Errorf("message opens with\n%s", msg[:120])
	}
}
