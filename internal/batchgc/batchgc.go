// Package batchgc paces the garbage collector for a short batch run, the
// way the command unionflat runs: it loads packages, builds a few
// megabytes of code and exits within a second, and with the collector's
// default pacing about a fifth of its CPU goes to collecting a heap
// that never holds much.
//
// Pace gives such a run a window: until the heap reaches the window's
// size the collector does not run, and once a collection finds more than
// half the window still live, the default pacing (GOGC=100, no memory
// limit) comes back, since from then on it would wait longer than the
// window does. A small run thus never collects, or collects a few times;
// a large one is paced as it would have been, having spent at most the
// window's size in memory to get there.
//
// The user's own settings win: with GOGC or GOMEMLIMIT in the
// environment, Pace leaves the runtime alone. In a container whose
// cgroup caps memory, the window is at most a quarter of the cap, so that
// the heap it lets grow cannot bring the process near it.
package batchgc

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
)

// Window is the window the command unionflat runs with: 256 MiB, about
// four times the peak heap of generating 200 unions with default pacing.
const Window = 256 << 20

// Pace opens a window of size bytes, as the package doc says, and
// reports whether it did: it does not when GOGC or GOMEMLIMIT is set
// (to anything) in the environment.
func Pace(size int64) bool {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return false
	}
	if limit, ok := cgroupLimit(); ok {
		size = min(size, limit/4)
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(size)
	watch(size)
	return true
}

// cgroupFiles are where the memory cap of the process's cgroup is read
// from, cgroup v2's first: a number of bytes, or "max" for none.
var cgroupFiles = []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}

// cgroupLimit is the memory cap of the process's cgroup, if it has one.
func cgroupLimit() (int64, bool) {
	for _, name := range cgroupFiles {
		b, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		// cgroup v1 writes a huge number for no cap.
		return n, err == nil && n > 0 && n < 1<<62
	}
	return 0, false
}

// sentinel is what watch hangs its check on: an object big enough not to
// share a block of the tiny allocator, so that it is freed, and its
// cleanup run, at the first collection after it is made.
type sentinel struct{ _ [4]*byte }

// watch checks the live heap after the next collection: past half the
// window it restores the default pacing, else it watches again.
func watch(size int64) {
	runtime.AddCleanup(new(sentinel), func(size int64) {
		restore := liveHeap() > uint64(size)/2
		if restore {
			debug.SetGCPercent(100)
			debug.SetMemoryLimit(math.MaxInt64)
		} else {
			watch(size)
		}
		if f := checked.Load(); f != nil {
			(*f)(restore)
		}
	}, size)
}

// checked, if set, is told of every check watch makes, after it acts on
// it: whether it restored the default pacing.
var checked atomic.Pointer[func(restored bool)]

// liveHeap is the heap the last collection found live, in bytes.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return math.MaxUint64 // no such metric: give up the window
	}
	return s[0].Value.Uint64()
}
