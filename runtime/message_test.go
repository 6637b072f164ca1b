package runtime

import (
	"math/rand/v2"
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
			Got: quoted(strings.Repeat("g", rnd.IntN(200))), Suggest: strings.Repeat("s", rnd.IntN(70))}
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
		{Path: at("kind"), Kind: KindEnum, Want: "x | y", Got: `"z"`, Discriminator: true},
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

// quoted is s as a JSON string, shortened past 80 bytes as a decoder
// writes Error.Got.
func quoted(s string) string {
	if len(s) > 80 {
		return strconv.Quote(s[:80]) + "…"
	}
	return strconv.Quote(s)
}
