package runtime

import "testing"

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
