package runtime

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSkim: skim finds where a value ends, whatever follows it, and -1
// where it does not end.
func TestSkim(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{`5,`, 1}, {`5]`, 1}, {`5}`, 1}, {`-1.5e3 ,`, 6}, {`true]`, 4}, {`null`, 4},
		{`"a\"b",`, 6}, {`"a]"]`, 4}, {`{"a":[1,{"b":"}"}]},`, 19}, {`[1,2,3]]`, 7}, {`[]`, 2},
		{`"abc`, -1}, {`{"a":1`, -1}, {`[[]`, -1},
	} {
		if got := skim([]byte(tc.in), 0); got != tc.want {
			t.Errorf("skim(%s) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// TestItemsLeft: Grow's count of the items left in an array, from the
// one that comes next, for arrays of numbers, strings, literals and
// containers, with white space; and -1 past the budget.
func TestItemsLeft(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{`1,2,3]`, 3}, {`1 , 2 ]`, 2}, {`"a","b"]`, 2}, {`true,null]`, 2}, {`{"a":[1,2]},[3,4],5]`, 3}, {`7]`, 1},
	} {
		r := &Reader{p: parser{data: []byte(tc.in)}, ahead: 4 * len(tc.in)}
		if got := r.itemsLeft(); got != tc.want {
			t.Errorf("itemsLeft(%s) = %d, want %d", tc.in, got, tc.want)
		}
	}
	r := &Reader{p: parser{data: []byte(`1,2,3,4,5]`)}, ahead: 4}
	if got := r.itemsLeft(); got != -1 || r.ahead != 0 {
		t.Errorf("past the budget: itemsLeft = %d, ahead %d; want -1 and 0", got, r.ahead)
	}
}

// TestKeyClass: Key takes a key exactly when encoding/json reads a
// string without escapes there followed by a colon, and then returns that
// string and leaves the read after the colon; it stops the read on any
// other. Seeded keys of 0 to 20 bytes mix plain ASCII with quotes,
// backslashes, control characters, UTF-8 (valid and not) and white space
// before the colon, and end at every distance from the end of the input,
// so that Key's byte-by-byte path, the string scanner's word-at-a-time
// one and the ends of both are walked.
func TestKeyClass(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	pieces := []string{"a", "Z", "_", "0", "-", " ", ":", ",", `"`, `\"`, `\\`, `\u0041`, "\x01", "\x1f", "\x7f", "é", "✓", "\xff", "\xc3"}
	tails := []string{":", ":1", " :", "\t: ", "", ",", `:"v"}`, ":" + strings.Repeat(" ", 9)}
	for range 200000 {
		var key strings.Builder
		for range rng.IntN(21) {
			if rng.IntN(4) == 0 {
				key.WriteString(pieces[rng.IntN(len(pieces))])
			} else {
				key.WriteByte("abcdefghijklmnopqrstuvwxyz"[rng.IntN(26)])
			}
		}
		data := []byte(`"` + key.String() + `"` + tails[rng.IntN(len(tails))])
		data = data[:len(data)-rng.IntN(min(len(data), 3))] // at times cut short, near the end
		wantKey, wantPos, wantOK := judgeKey(data)
		d := newDecoder(data)
		r := &d.reader
		*r = Reader{p: parser{d: d, data: data, byText: true}, ahead: 4 * len(data)}
		got := r.Key()
		ok := !r.stopped
		if ok != wantOK || ok && (string(got) != wantKey || r.p.pos != wantPos) {
			t.Fatalf("Key(%q) = %q at %d, taken %v; want %q at %d, taken %v", data, got, r.p.pos, ok, wantKey, wantPos, wantOK)
		}
		d.releaseTrial()
	}
}

// judgeKey is what Key should make of data, judged by encoding/json: the
// key, the position after its colon and whether Key takes it. The decoder
// refuses invalid UTF-8, which json.Valid lets through (see FuzzParse).
func judgeKey(data []byte) (key string, pos int, ok bool) {
	q := bytes.IndexByte(data[1:], '"') + 1
	if q == 0 || bytes.IndexByte(data[:q], '\\') >= 0 || !json.Valid(data[:q+1]) || !utf8.Valid(data[1:q]) {
		return "", 0, false
	}
	if err := json.Unmarshal(data[:q+1], &key); err != nil {
		return "", 0, false
	}
	rest := bytes.TrimLeft(data[q+1:], " \t\r\n")
	if len(rest) == 0 || rest[0] != ':' {
		return "", 0, false
	}
	return key, len(data) - len(rest) + 1, true
}

// TestShortIntClass: shortInt takes an integer exactly when it is a JSON
// integer of at most 18 digits within the width, reads it as
// encoding/json does and leaves the read after it; anything else it
// leaves to the number scanner, having read nothing. Seeded numbers of 0
// to 20 digits, signed, with leading zeros, fractions and exponents, end
// at every distance from the end of the input.
func TestShortIntClass(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	tails := []string{"", ",", "}", "]", " ", ".5", "e3", "E-1", "x", "0"}
	for range 200000 {
		var text strings.Builder
		if rng.IntN(4) == 0 {
			text.WriteByte('-')
		}
		for i := range rng.IntN(21) {
			c := byte('0' + rng.IntN(10))
			if i == 0 && rng.IntN(3) > 0 {
				c = byte('1' + rng.IntN(9))
			}
			text.WriteByte(c)
		}
		num := text.String()
		data := []byte(num + tails[rng.IntN(len(tails))] + strings.Repeat(",", rng.IntN(9)))
		width := []int{8, 16, 32, 64}[rng.IntN(4)]
		d := newDecoder(data)
		r := &d.reader
		*r = Reader{p: parser{d: d, data: data, byText: true}, ahead: 4 * len(data)}
		got, ok := r.shortInt(width)
		// The number is the sign and every digit after it, the tail's too.
		sign := min(1, len(num)-len(strings.TrimPrefix(num, "-")))
		end := sign
		for end < len(data) && data[end] >= '0' && data[end] <= '9' {
			end++
		}
		num = string(data[:end])
		digits := num[sign:]
		next := data[end:]
		plain := len(digits) > 0 && len(digits) <= 18 && (digits[0] != '0' || len(digits) == 1) &&
			!(len(next) > 0 && strings.IndexByte(".eE0123456789", next[0]) >= 0)
		var want int64
		var inWidth bool
		if plain {
			var v any
			if err := json.Unmarshal([]byte(num), &v); err != nil {
				t.Fatalf("%s: %v", num, err)
			}
			n, err := strconv.ParseInt(num, 10, width)
			want, inWidth = n, err == nil
		}
		switch {
		case ok != (plain && inWidth):
			t.Fatalf("shortInt(%q, %d) took it: %v, want %v", data, width, ok, plain && inWidth)
		case ok && (got != want || r.p.pos != len(num)):
			t.Fatalf("shortInt(%q, %d) = %d at %d, want %d at %d", data, width, got, r.p.pos, want, len(num))
		case !ok && r.p.pos != len(data)-len(bytes.TrimLeft(data, " ")): // white space before it is read
			t.Fatalf("shortInt(%q, %d) refused it but read to %d", data, width, r.p.pos)
		}
		d.releaseTrial()
	}
}
