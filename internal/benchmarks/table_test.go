package benchmarks

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"testing"
	"time"
)

var table = flag.Bool("table", false, "measure every case in one run and print the Markdown table with its ratios")

// A measurement of one decoder on one document.
type cell struct {
	size    int   // the document's bytes
	ns      int64 // per decode
	bytes   int64 // allocated per decode
	allocs  int64 // per decode
	refused bool  // whether the decoder refused the document
}

func (c cell) nsPerByte() float64    { return float64(c.ns) / float64(c.size) }
func (c cell) bytesPerByte() float64 { return float64(c.bytes) / float64(c.size) }

// measure runs one decoder on one document with testing.Benchmark, warm:
// every decode after the first finds the pools the last one filled.
func measure(d decoder, doc []byte) cell {
	_, err := d.decode(doc)
	r := testing.Benchmark(func(b *testing.B) { decodeLoop(b, d, doc, false) })
	return cell{len(doc), r.NsPerOp(), r.AllocedBytesPerOp(), r.AllocsPerOp(), err != nil}
}

// measureCold decodes the document n times, each after emptying the
// pools, and gives the median time and the mean allocations.
func measureCold(d decoder, doc []byte, n int) cell {
	times := make([]int64, n)
	var before, after runtime.MemStats
	var bytes, allocs uint64
	for i := range times {
		emptyPools()
		runtime.ReadMemStats(&before)
		start := time.Now()
		d.decode(doc)
		times[i] = time.Since(start).Nanoseconds()
		runtime.ReadMemStats(&after)
		bytes += after.TotalAlloc - before.TotalAlloc
		allocs += after.Mallocs - before.Mallocs
	}
	slices.Sort(times)
	return cell{len(doc), times[n/2], int64(bytes) / int64(n), int64(allocs) / int64(n), false}
}

// firstCall times one decoder's first decode in this process: what a
// program pays once, for its caches, its pools and any code it compiles
// at run time.
func firstCall(d decoder, doc []byte) time.Duration {
	start := time.Now()
	d.decode(doc)
	return time.Since(start)
}

// TestMain prints the whole table, measured in this run, instead of
// testing when asked to:
//
//	go test -timeout 30m -args -table
//
// It asserts no time.
func TestMain(m *testing.M) {
	flag.Parse()
	if *table {
		writeTable(os.Stdout)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// writeTable measures every case and writes the four parts of the table.
func writeTable(w io.Writer) {
	first := make([]time.Duration, len(allDecoders))
	for i, d := range allDecoders {
		first[i] = firstCall(d, smallDoc)
	}
	fmt.Fprintf(w, "Measured with %s on %s/%s, %d CPUs, in one run.\n\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	docs := sizedDocs()
	warm := make([][]cell, len(docs)) // by document, then decoder
	for i, s := range docs {
		for _, d := range allDecoders {
			warm[i] = append(warm[i], measure(d, s.doc))
		}
	}
	writeSmall(w, warm[0], first)
	writeSizes(w, docs, warm)
	writeCold(w, docs, warm)
	writeHostile(w)
}

// writeSmall writes the 1 KB part: every decoder against DecodeDraw and
// encoding/json.
func writeSmall(w io.Writer, cells []cell, first []time.Duration) {
	fmt.Fprintf(w, "## The %d-byte document, warm\n\n", len(smallDoc))
	fmt.Fprintln(w, "| decoder | ns/op | B/op | allocs/op | ratio to DecodeDraw | ratio to encoding/json | first call |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|")
	for i, d := range allDecoders {
		c := cells[i]
		fmt.Fprintf(w, "| %s | %d | %d | %d | %.2f | %.2f | %s |\n", d.name, c.ns, c.bytes, c.allocs,
			ratio(c.ns, cells[0].ns), ratio(c.ns, cells[1].ns), first[i].Round(time.Microsecond))
	}
	fmt.Fprintln(w)
}

// writeSizes writes the per-byte part: every decoder at every size, and
// its time per byte against its own at 1 MB.
func writeSizes(w io.Writer, docs []sized, warm [][]cell) {
	fmt.Fprintln(w, "## Per byte, 1 KB to the largest document, warm")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| size | decoder | ns/byte | B/byte | allocs/op | ratio to DecodeDraw | ratio to encoding/json | ns/byte vs its own at 1 MB |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|---:|")
	for i, s := range docs {
		for j, d := range allDecoders {
			c := warm[i][j]
			fmt.Fprintf(w, "| %s | %s | %.3f | %.2f | %d | %.2f | %.2f | %.2f |\n", s.name, d.name, c.nsPerByte(), c.bytesPerByte(), c.allocs,
				ratio(c.ns, warm[i][0].ns), ratio(c.ns, warm[i][1].ns), c.nsPerByte()/warm[1][j].nsPerByte())
		}
	}
	fmt.Fprintln(w)
}

// coldRuns is how many cold decodes measureCold makes of a document of
// the given size: more of the small ones, whose times are short.
func coldRuns(size int) int {
	return max(3, min(201, (20<<20)/size))
}

// writeCold writes DecodeDraw warm against cold at every size, with
// encoding/json cold beside it.
func writeCold(w io.Writer, docs []sized, warm [][]cell) {
	fmt.Fprintln(w, "## DecodeDraw warm and cold (pools emptied before every decode)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| size | warm ns/byte | cold ns/byte | cold / warm | cold B/byte | cold allocs/op | cold ns/byte vs cold at 1 MB | encoding/json cold ns/byte | cold ratio to encoding/json |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	cold := make([]cell, len(docs))
	std := make([]cell, len(docs))
	for i, s := range docs {
		cold[i] = measureCold(unionflatDecoder, s.doc, coldRuns(len(s.doc)))
		std[i] = measureCold(stdlibDecoder, s.doc, coldRuns(len(s.doc)))
	}
	for i, s := range docs {
		c := cold[i]
		fmt.Fprintf(w, "| %s | %.3f | %.3f | %.2f | %.2f | %d | %.2f | %.3f | %.2f |\n", s.name, warm[i][0].nsPerByte(), c.nsPerByte(),
			ratio(c.ns, warm[i][0].ns), c.bytesPerByte(), c.allocs, c.nsPerByte()/cold[1].nsPerByte(), std[i].nsPerByte(), ratio(c.ns, std[i].ns))
	}
	fmt.Fprintln(w)
}

// writeHostile writes the hostile part: DecodeDraw, encoding/json and
// json.Valid on every hostile input.
func writeHostile(w io.Writer) {
	fmt.Fprintln(w, "## Hostile inputs, warm")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| input | bytes | decoder | verdict | ns/op | B/op | B/byte | allocs/op | ratio to encoding/json | ratio to json.Valid |")
	fmt.Fprintln(w, "|---|---:|---|---|---:|---:|---:|---:|---:|---:|")
	for _, h := range hostileInputs() {
		cells := make([]cell, len(hostileDecoders))
		for i, d := range hostileDecoders {
			cells[i] = measure(d, h.doc)
		}
		for i, d := range hostileDecoders {
			c := cells[i]
			fmt.Fprintf(w, "| %s | %d | %s | %s | %d | %d | %.2f | %d | %.2f | %.2f |\n", h.name, len(h.doc), d.name, verdict(c),
				c.ns, c.bytes, c.bytesPerByte(), c.allocs, ratio(c.ns, cells[1].ns), ratio(c.ns, cells[2].ns))
		}
	}
	fmt.Fprintln(w)
}

func verdict(c cell) string {
	if c.refused {
		return "refused"
	}
	return "taken"
}

func ratio(a, b int64) float64 { return float64(a) / float64(b) }
