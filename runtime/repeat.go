package runtime

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"sync"
)

// ErrRepeated is matched, with errors.Is, by the error [Repeats.Check]
// returns when a model sends, for the same key, the same arguments that
// failed the last time.
var ErrRepeated = errors.New("the same arguments failed before")

// Repeated is the error [Repeats.Check] returns for arguments that failed
// the last time too: the decoding error, with how often in a row. It
// matches [ErrRepeated], and errors.As still finds the *Errors inside.
type Repeated struct {
	// Err is the decoding error.
	Err error
	// Count is how many times in a row these arguments have failed: 2 on
	// the first repeat.
	Count int
}

// Error tells the model that it sent the same arguments again, then
// gives the problems: "These are the same arguments as the last call
// (2 times in a row), and they fail for the same reasons; change them:"
// and the decoding error on the next line. The sentence comes on top of
// the decoding error's MaxMessageBytes.
func (r *Repeated) Error() string {
	return "These are the same arguments as the last call (" + strconv.Itoa(r.Count) +
		" times in a row), and they fail for the same reasons; change them:\n" + r.Err.Error()
}

// Is reports whether target is ErrRepeated.
func (r *Repeated) Is(target error) bool { return target == ErrRepeated }

// Unwrap returns the decoding error.
func (r *Repeated) Unwrap() error { return r.Err }

// MaxRepeatKeys is how many keys a [Repeats] remembers; past it, the key
// used least recently is forgotten. Each costs about 100 bytes and its
// key's length.
const MaxRepeatKeys = 4096

// Repeats remembers, for each key (a tool's name, or a conversation's ID
// and a tool's name), the arguments of the last call that failed, as a
// SHA-256 hash of their canonical form and of the error's message, so
// that a handler can tell a model repeating the same bad call from a new
// attempt. Models that get an error back often resend the very same bytes
// several times; a reply that says so, and names the problems again,
// helps them change course. The zero value is ready to use, and a
// Repeats is safe for concurrent use. It holds at most MaxRepeatKeys
// keys.
//
//	var repeats unionflat.Repeats
//
//	func handle(ctx context.Context, raw []byte) (string, error) {
//		args, err := chat.DecodeSendMessage(raw)
//		err = repeats.Check("send_message", raw, err)
//		if errors.Is(err, unionflat.ErrRepeated) {
//			// err.Error() opens with a sentence saying so; a handler
//			// may also log it, or stop the conversation after a few.
//		}
//		if err != nil {
//			return "", toolError(err.Error())
//		}
//		...
//	}
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

// Check records the outcome of decoding args under key and returns err:
// nil when err is nil (and the key's failure is forgotten), a [*Repeated]
// wrapping err when the same arguments failed with the same message the
// last time for this key, else err itself. Arguments are the same when
// they are the same JSON after canonicalisation: insignificant white
// space aside, object keys sorted, strings and numbers as written
// (1.0 and 1 differ); arguments that are not JSON are compared byte for
// byte.
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

// CheckReply is Check for a [Reply] from [TypedTool.Handle] or a
// [Handler]: a reply to arguments the decoder rejected (Err an *Errors)
// that failed the last time for key too gets the [*Repeated] as its Err
// and, after [InvalidArguments], its message as its text; a reply to
// arguments that were read (a result, the handler's error, a broken
// output) forgets the key's failure. The reply comes back otherwise
// unchanged:
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
	h := sha256.New()
	h.Write(canonical(args))
	h.Write([]byte{0})
	h.Write([]byte(err.Error()))
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
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
