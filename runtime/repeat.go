package runtime

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strconv"
	"sync"
)

// ErrRepeated matches, with errors.Is, the error of arguments that failed
// the last time too (see [Repeats.Check]).
var ErrRepeated = errors.New("the same arguments failed before")

// Repeated is the error of arguments that failed the last time too. It
// matches [ErrRepeated], and errors.As still finds the *Errors inside.
type Repeated struct {
	Err   error // the decoding error
	Count int   // how many times in a row the arguments failed: 2 or more
}

// Error says that these are the same arguments, then gives the problems.
func (r *Repeated) Error() string {
	return "These are the same arguments as the last call (" + strconv.Itoa(r.Count) +
		" times in a row), and they fail for the same reasons; change them:\n" + r.Err.Error()
}

// Is reports whether target is ErrRepeated.
func (r *Repeated) Is(target error) bool { return target == ErrRepeated }

// Unwrap returns the decoding error.
func (r *Repeated) Unwrap() error { return r.Err }

// MaxRepeatKeys is how many keys a [Repeats] remembers. Past it, the key
// used least recently is forgotten.
const MaxRepeatKeys = 4096

// Repeats remembers, for each key, the last arguments that failed and
// their problems, as a hash. A key is a tool's name, or a conversation's
// and a tool's. It tells a model that repeats a bad call from a new
// attempt. The zero value is ready to use, and safe for concurrent use.
type Repeats struct {
	mu    sync.Mutex
	byKey map[string]*list.Element // of *lastFailure
	order list.List                // most recently used first
}

type lastFailure struct {
	key   string
	sum   [sha256.Size]byte
	count int
}

// Check records the outcome of decoding args under key. It returns a
// [*Repeated] when the same arguments failed with the same message the
// last time, else err. Arguments are the same as JSON: white space aside,
// keys sorted, numbers as written. A nil err forgets the key.
func (r *Repeats) Check(key string, args []byte, err error) error {
	if err == nil {
		r.forget(key)
		return nil
	}
	sum := failureSum(args, err)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.byKey == nil {
		r.byKey = map[string]*list.Element{}
	}
	if el, ok := r.byKey[key]; ok {
		r.order.MoveToFront(el)
		last := el.Value.(*lastFailure)
		if last.sum == sum {
			last.count++
			return &Repeated{Err: err, Count: last.count}
		}
		last.sum, last.count = sum, 1
		return err
	}
	if len(r.byKey) >= MaxRepeatKeys {
		oldest := r.order.Back()
		delete(r.byKey, oldest.Value.(*lastFailure).key)
		r.order.Remove(oldest)
	}
	r.byKey[key] = r.order.PushFront(&lastFailure{key: key, sum: sum, count: 1})
	return err
}

// CheckReply is Check for a [Reply]. A repeated rejection gets the
// [*Repeated] as its Err, and its message in Text. A reply to arguments
// that were read forgets the key:
//
//	r := repeats.CheckReply(sessionID+"/"+h.Name, args, h.Call(ctx, args))
func (r *Repeats) CheckReply(key string, args []byte, reply Reply) Reply {
	errs, ok := reply.Err.(*Errors)
	if !ok {
		r.forget(key)
		return reply
	}
	if rep, ok := r.Check(key, args, errs).(*Repeated); ok {
		reply.Text, reply.Err = InvalidArguments+rep.Error(), rep
	}
	return reply
}

// forget drops the failure remembered for key.
func (r *Repeats) forget(key string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if el, ok := r.byKey[key]; ok {
		delete(r.byKey, key)
		r.order.Remove(el)
	}
}

// failureSum hashes the canonical form of args and the message of err.
func failureSum(args []byte, err error) [sha256.Size]byte {
	return sha256.Sum256(slices.Concat(canonical(args), []byte{0}, []byte(err.Error())))
}

// canonical is args as JSON with insignificant white space removed and
// object keys sorted, numbers as written, or args itself when it is not
// one JSON value.
func canonical(args []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return args
	}
	if _, err := dec.Token(); err != io.EOF { // more after the value
		return args
	}
	out, err := json.Marshal(v)
	if err != nil {
		return args
	}
	return out
}
