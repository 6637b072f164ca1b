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

var (
	table  = flag.Bool("table", false, "measure every case in one run and print the Markdown table with its ratios")
	rounds = flag.Int("rounds", 1, "how many rounds of generation the table measures, and the fewest rounds of every warm group; it shows the medians, and of each ratio the median of the rounds' ratios")
)

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

// A group is the measurements of several decoders on one document, in
// every round: by round, then by decoder.
type group [][]cell

// cell is decoder j's median over the rounds, field by field.
func (g group) cell(j int) cell {
	c := g[0][j]
	c.ns = int64(g.median(func(r []cell) float64 { return float64(r[j].ns) }))
	c.bytes = int64(g.median(func(r []cell) float64 { return float64(r[j].bytes) }))
	c.allocs = int64(g.median(func(r []cell) float64 { return float64(r[j].allocs) }))
	return c
}

// ratio is the median over the rounds of decoder j's time over decoder
// base's in the same round.
func (g group) ratio(j, base int) float64 {
	return g.median(func(r []cell) float64 { return ratio(r[j].ns, r[base].ns) })
}

// median is the median over the rounds of f of each round.
func (g group) median(f func(round []cell) float64) float64 {
	values := make([]float64, len(g))
	for i, round := range g {
		values[i] = f(round)
	}
	return median(values)
}

// median is the middle value (the upper one of an even count); it sorts
// values.
func median(values []float64) float64 {
	slices.Sort(values)
	return values[len(values)/2]
}

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
// testing when asked to (see the package doc for the other flags):
//
//	go test -timeout 60m -args -table -rounds 3
//
// It runs no test first, so the first calls it times are the process's.
// It asserts no time.
func TestMain(m *testing.M) {
	flag.Parse()
	if arg := os.Getenv(generationChild); arg != "" {
		os.Exit(generationRound(arg))
	}
	if arg := os.Getenv(coldChild); arg != "" {
		os.Exit(coldRound(arg))
	}
	if *table {
		writeTable(os.Stdout)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Every warm group is measured in rounds of a block of about block of
// each of its decoders, one after another, in an order that changes from
// round to round (see measureRuns): this machine's speed changes by up to
// 2x from one minute to the next, and by 10% to 20% between two
// benchmarks of a second each, so that only decoders measured within the
// same few milliseconds compare. A group has as many rounds as take about
// its budget, at least -rounds (and one) and at most maxRounds; the 1 KB
// document's budget is the largest, since its ratio to goccy/go-json is
// the goal the noise blurs most. Besides a group for each size, every
// decoder has a group of its own at every size (see measureSizes), for
// its time per byte against its own at 1 MB.
const (
	block       = 5 * time.Millisecond
	maxRounds   = 400
	smallBudget = 16 * time.Second
	sizeBudget  = 10 * time.Second
	otherBudget = 4 * time.Second
)

// A run is a decoder on a document, one cell of a group.
type run struct {
	d   decoder
	doc []byte
}

// runsOf is every decoder on doc.
func runsOf(decoders []decoder, doc []byte) []run {
	runs := make([]run, len(decoders))
	for i, d := range decoders {
		runs[i] = run{d, doc}
	}
	return runs
}

// measureInterleaved measures decoders on doc (see measureRuns).
func measureInterleaved(decoders []decoder, doc []byte, budget time.Duration) group {
	return measureRuns(runsOf(decoders, doc), budget)
}

// measureRuns measures every run: each alone first with
// testing.Benchmark, which gives its allocations and how many decodes
// take about block (at least one); then the rounds, in each of which
// every run makes that many decodes, timed together. Round r starts with
// run r and goes forwards in even rounds and backwards in odd ones, so
// that every run goes first in turn and no run always follows the same
// one (whose garbage the collector would charge to it). A round's
// cell for a run is its mean time in that round, with the allocations
// measured alone.
func measureRuns(runs []run, budget time.Duration) group {
	alone := make([]cell, len(runs))
	blocks := make([]int, len(runs))
	var perRound int64 // about how long a round takes
	for i, x := range runs {
		alone[i] = measure(x.d, x.doc)
		blocks[i] = max(1, int(block.Nanoseconds()/max(1, alone[i].ns)))
		perRound += int64(blocks[i]) * alone[i].ns
	}
	n := len(runs)
	g := make(group, min(maxRounds, max(1, *rounds, int(budget.Nanoseconds()/max(1, perRound)))))
	for r := range g {
		g[r] = slices.Clone(alone)
		for k := range n {
			i := (r + k) % n
			if r%2 == 1 {
				i = (r + n - k) % n
			}
			x := runs[i]
			start := time.Now()
			for range blocks[i] {
				x.d.decode(x.doc)
			}
			g[r][i].ns = time.Since(start).Nanoseconds() / int64(blocks[i])
		}
	}
	return g
}

// A grid is one group of every decoder on every document, decoder j on
// document i its cell j*sizes+i.
type grid struct {
	g     group
	sizes int
}

// measureSizes measures one decoder at every size in one group, its
// sizes one after another in every round, so that its time per byte at
// one size and at another, the figure the goal of linear time reads,
// compare the same few seconds.
func measureSizes(d decoder, docs []sized) group {
	runs := make([]run, len(docs))
	for i, s := range docs {
		runs[i] = run{d, s.doc}
	}
	return measureRuns(runs, sizeBudget)
}

// perByte is the median over the rounds of the time per byte of run i
// over that of run base.
func (g group) perByte(i, base int) float64 {
	return g.median(func(r []cell) float64 { return r[i].nsPerByte() / r[base].nsPerByte() })
}

func (x grid) at(i, j int) int { return j*x.sizes + i }

// cell is decoder j's median at size i.
func (x grid) cell(i, j int) cell { return x.g.cell(x.at(i, j)) }

// ratio is the median over the rounds of decoder j's time at size i over
// decoder base's there.
func (x grid) ratio(i, j, base int) float64 { return x.g.ratio(x.at(i, j), x.at(i, base)) }

// perByte is the median over the rounds of decoder j's time per byte at
// document i over its time per byte at document base.
func (x grid) perByte(i, base, j int) float64 { return x.g.perByte(x.at(i, j), x.at(base, j)) }

// writeTable measures every case and writes the six parts of the table.
func writeTable(w io.Writer) {
	first := make([]time.Duration, len(smallDecoders))
	for i, d := range smallDecoders {
		first[i] = firstCall(d, smallDoc)
	}
	fmt.Fprintf(w, "Measured with %s on %s/%s, %d CPUs, in one run.\n\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	n := max(1, *rounds)
	docs := sizedDocs()
	hostiles := hostileInputs()
	schemas := schemaDocs()
	warm := make([]group, len(docs))
	for i, s := range docs {
		decoders, budget := allDecoders, sizeBudget
		if i == 0 { // the small document, whose part has every decoder
			decoders, budget = smallDecoders, smallBudget
		}
		warm[i] = measureInterleaved(decoders, s.doc, budget)
	}
	small := warm[0]
	linear := make([]group, len(allDecoders))
	for j, d := range allDecoders {
		linear[j] = measureSizes(d, docs)
	}
	bad := make([]group, len(hostiles))
	for i, h := range hostiles {
		bad[i] = measureInterleaved(hostileDecoders, h.doc, otherBudget)
	}
	flat := make([]group, len(schemas))
	for i, s := range schemas {
		flat[i] = measureInterleaved(flattenDecoders, s.doc, otherBudget)
	}
	var gens []genRound
	for round := range n {
		r, err := measureGenerationApart(fmt.Sprintf("table-%d-%d", time.Now().UnixNano(), round))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		gens = append(gens, r)
	}
	fmt.Fprintf(w, "Every warm figure is the median of rounds of a block of about %s of each decoder in turn (%d rounds for the %d-byte document, at least %d for the others), and every ratio the median of the rounds' ratios; every cold figure is the median of %d fresh processes, and generation the median of %d round(s), each in a fresh process.\n\n",
		block, len(small), len(smallDoc), n, coldProcesses, n)
	writeSmall(w, small, first)
	writeSizes(w, docs, warm, linear)
	writeCold(w, docs, warm)
	writeHostile(w, hostiles, bad)
	writeFlatten(w, schemas, flat)
	writeGeneration(w, gens)
}

// writeSmall writes the 1 KB part: every decoder and santhosh's
// validation against DecodeDraw and encoding/json.
func writeSmall(w io.Writer, g group, first []time.Duration) {
	fmt.Fprintf(w, "### The %d-byte document, warm\n\n", len(smallDoc))
	fmt.Fprintln(w, "| decoder | ns/op | B/op | allocs/op | ratio to DecodeDraw | ratio to encoding/json | first call |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|")
	for i, d := range smallDecoders {
		c := g.cell(i)
		fmt.Fprintf(w, "| %s | %d | %d | %d | %.2f | %.2f | %s |\n", d.name, c.ns, c.bytes, c.allocs,
			g.ratio(i, 0), g.ratio(i, 1), first[i].Round(time.Microsecond))
	}
	fmt.Fprintln(w)
}

// writeSizes writes the per-byte part: every decoder at every size, and
// its time per byte against its own at 1 MB.
func writeSizes(w io.Writer, docs []sized, warm, linear []group) {
	fmt.Fprintln(w, "### Per byte, 1 KB to the largest document, warm")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| size | decoder | ns/byte | B/byte | allocs/op | ratio to DecodeDraw | ratio to encoding/json | ns/byte vs its own at 1 MB |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|---:|")
	for i, s := range docs {
		for j, d := range allDecoders {
			c := warm[i].cell(j)
			fmt.Fprintf(w, "| %s | %s | %.3f | %.2f | %d | %.2f | %.2f | %.2f |\n", s.name, d.name, c.nsPerByte(), c.bytesPerByte(), c.allocs,
				warm[i].ratio(j, 0), warm[i].ratio(j, 1), linear[j].perByte(i, 1))
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
func writeCold(w io.Writer, docs []sized, warm []group) {
	fmt.Fprintln(w, "### DecodeDraw warm and cold (pools emptied before every decode)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| size | warm ns/byte | cold ns/byte | cold / warm | cold B/byte | cold allocs/op | cold ns/byte vs cold at 1 MB | encoding/json cold ns/byte | cold ratio to encoding/json |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	cold, err := measureColdGrid([]decoder{unionflatDecoder, stdlibDecoder}, docs)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for i, s := range docs {
		c, hot := cold.cell(i, 0), warm[i].cell(0)
		fmt.Fprintf(w, "| %s | %.3f | %.3f | %.2f | %.2f | %d | %.2f | %.3f | %.2f |\n", s.name, hot.nsPerByte(), c.nsPerByte(),
			ratio(c.ns, hot.ns), c.bytesPerByte(), c.allocs, cold.perByte(i, 1, 0), cold.cell(i, 1).nsPerByte(), cold.ratio(i, 0, 1))
	}
	fmt.Fprintln(w)
}

// writeHostile writes the hostile part: DecodeDraw, encoding/json and
// json.Valid on every hostile input.
func writeHostile(w io.Writer, hostiles []hostile, bad []group) {
	fmt.Fprintln(w, "### Hostile inputs, warm")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| input | bytes | decoder | verdict | ns/op | B/op | B/byte | allocs/op | ratio to encoding/json | ratio to json.Valid |")
	fmt.Fprintln(w, "|---|---:|---|---|---:|---:|---:|---:|---:|---:|")
	for k, h := range hostiles {
		for i, d := range hostileDecoders {
			c := bad[k].cell(i)
			fmt.Fprintf(w, "| %s | %d | %s | %s | %d | %d | %.2f | %d | %.2f | %.2f |\n", h.name, len(h.doc), d.name, verdict(c),
				c.ns, c.bytes, c.bytesPerByte(), c.allocs, bad[k].ratio(i, 1), bad[k].ratio(i, 2))
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
