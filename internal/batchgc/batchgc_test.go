package batchgc

import (
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"
	"time"
)

// pacing is the collector's settings: GOGC (-1 for off) and the memory
// limit.
func pacing() (percent int64, limit uint64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()), s[1].Value.Uint64()
}

// keepPacing restores the test binary's pacing when the test ends.
func keepPacing(t *testing.T) {
	percent := debug.SetGCPercent(100)
	limit := debug.SetMemoryLimit(-1)
	files := cgroupFiles
	cgroupFiles = nil // no cgroup: the window asked for is the window
	t.Cleanup(func() {
		checked.Store(nil)
		cgroupFiles = files
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})
}

// nextCheck collects until watch has made a check, and returns it.
func nextCheck(t *testing.T, checks <-chan bool) bool {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		runtime.GC()
		select {
		case restored := <-checks:
			return restored
		case <-deadline:
			t.Fatal("no check after 10 s of collections")
		case <-time.After(10 * time.Millisecond):
		}
	}
}

func TestUserSettingsWin(t *testing.T) {
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(env, func(t *testing.T) {
			keepPacing(t)
			t.Setenv(env, "100")
			if Pace(64 << 20) {
				t.Errorf("Pace opened a window with %s set", env)
			}
			if percent, limit := pacing(); percent != 100 || limit != 1<<63-1 {
				t.Errorf("pacing is GOGC=%d, limit %d; want it untouched (100, none)", percent, limit)
			}
		})
	}
}

func TestWindowClosesPastHalf(t *testing.T) {
	keepPacing(t)
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	checks := make(chan bool, 16)
	report := func(restored bool) {
		select {
		case checks <- restored:
		default: // a check no one waits for (the test has failed)
		}
	}
	checked.Store(&report)
	const size = 64 << 20
	if !Pace(size) {
		t.Fatal("Pace opened no window with neither GOGC nor GOMEMLIMIT set")
	}
	if percent, limit := pacing(); percent != -1 || limit != size {
		t.Fatalf("in the window, pacing is GOGC=%d, limit %d; want off and %d", percent, limit, size)
	}
	// A small live heap keeps the window open, check after check.
	for range 3 {
		if nextCheck(t, checks) {
			t.Fatalf("the window closed with %d bytes live, under half of %d", liveHeap(), size)
		}
		if _, limit := pacing(); limit != size {
			t.Fatalf("the window's limit is %d after a check, want %d", limit, size)
		}
	}
	// Past half the window live, the default pacing comes back.
	live := make([]byte, size/2+size/8)
	for i := range live {
		live[i] = byte(i)
	}
	for !nextCheck(t, checks) {
	}
	runtime.KeepAlive(live)
	if percent, limit := pacing(); percent != 100 || limit != 1<<63-1 {
		t.Errorf("after the window, pacing is GOGC=%d, limit %d; want 100 and none", percent, limit)
	}
}

// TestWindowFitsTheCgroup: under a cgroup memory cap the window is at most
// a quarter of it; "max" (cgroup v2) and v1's huge number are no cap.
func TestWindowFitsTheCgroup(t *testing.T) {
	keepPacing(t)
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	dir := t.TempDir()
	for _, tc := range []struct {
		content string
		want    uint64
	}{
		{"268435456\n", 64 << 20},
		{"1073741824\n", 200 << 20},
		{"max\n", 200 << 20},
		{"9223372036854771712\n", 200 << 20},
	} {
		name := filepath.Join(dir, "memory.max")
		if err := os.WriteFile(name, []byte(tc.content), 0o666); err != nil {
			t.Fatal(err)
		}
		cgroupFiles = []string{name}
		if !Pace(200 << 20) {
			t.Fatal("Pace opened no window")
		}
		if _, limit := pacing(); limit != tc.want {
			t.Errorf("cgroup cap %q: window %d, want %d", strings.TrimSpace(tc.content), limit, tc.want)
		}
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	}
}
