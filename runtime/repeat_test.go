package runtime

import (
	"errors"
	"strconv"
	"sync"
	"testing"
)

var errBad = &Errors{List: []*Error{{Path: Path{{Name: "x", Index: -1}}, Kind: KindRequired}}}

// TestRepeatsTellsARepeat walks one conversation: a failure, the same
// arguments again (in another spelling of the same JSON), new arguments,
// a success that forgets, and arguments that are not JSON.
func TestRepeatsTellsARepeat(t *testing.T) {
	var r Repeats
	steps := []struct {
		key, args string
		err       error
		repeat    int // the Count of a repeat, 0 for none
	}{
		{"draw", `{"a":1,"b":[1,2]}`, errBad, 0},
		{"draw", "{ \"b\" : [1, 2],\n \"a\":1 }", errBad, 2},
		{"draw", `{"b":[1,2],"a":1}`, errBad, 3},
		{"other", `{"a":1,"b":[1,2]}`, errBad, 0},  // another key
		{"draw", `{"a":1.0,"b":[1,2]}`, errBad, 0}, // 1.0 is written otherwise
		{"draw", `{"a":1.0,"b":[1,2]}`, errors.New("another problem"), 0},
		{"draw", `{"a":1.0,"b":[1,2]}`, nil, 0}, // success forgets
		{"draw", `{"a":1.0,"b":[1,2]}`, errBad, 0},
		{"draw", `{"a":1.0,"b":[1,2]} x`, errBad, 0}, // not JSON: its bytes
		{"draw", `{"a":1.0,"b":[1,2]} x`, errBad, 2},
		{"draw", `{"a":1.0,"b":[1,2]}  x`, errBad, 0},
	}
	for i, s := range steps {
		got := r.Check(s.key, []byte(s.args), s.err)
		var rep *Repeated
		switch {
		case s.err == nil && got != nil:
			t.Errorf("step %d: success gave %v", i, got)
		case s.repeat == 0 && s.err != nil && got != s.err:
			t.Errorf("step %d: got %v, want the error itself", i, got)
		case s.repeat > 0 && (!errors.Is(got, ErrRepeated) || !errors.As(got, &rep) || rep.Count != s.repeat):
			t.Errorf("step %d: got %v, want a repeat counted %d", i, got, s.repeat)
		case s.repeat > 0 && !errors.Is(got, s.err):
			t.Errorf("step %d: the repeat does not wrap the error", i)
		}
	}
}

// TestRepeatsBounded fills a Repeats past MaxRepeatKeys: it holds
// MaxRepeatKeys keys, and the one used least recently is forgotten.
func TestRepeatsBounded(t *testing.T) {
	var r Repeats
	args := []byte(`{}`)
	r.Check("first", args, errBad)
	for i := range MaxRepeatKeys + 10 {
		r.Check(strconv.Itoa(i), args, errBad)
		if i == MaxRepeatKeys/2 {
			r.Check("first", args, errBad) // used again: kept
		}
	}
	if n := len(r.byKey); n != MaxRepeatKeys || r.order.Len() != MaxRepeatKeys {
		t.Fatalf("holds %d keys (%d in order), want %d", n, r.order.Len(), MaxRepeatKeys)
	}
	if !errors.Is(r.Check("first", args, errBad), ErrRepeated) {
		t.Error("a key used recently was forgotten")
	}
	if errors.Is(r.Check("0", args, errBad), ErrRepeated) {
		t.Error("the key used least recently was kept")
	}
}

// TestRepeatsConcurrent checks a Repeats under concurrent use (go test
// -race finds a missing lock): each goroutine's own key sees its repeats
// counted.
func TestRepeatsConcurrent(t *testing.T) {
	var r Repeats
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := "tool" + strconv.Itoa(g)
			for i := range 200 {
				err := r.Check(key, []byte(`{"a":1}`), errBad)
				var rep *Repeated
				if i > 0 && (!errors.As(err, &rep) || rep.Count != i+1) {
					t.Errorf("%s call %d: got %v", key, i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
