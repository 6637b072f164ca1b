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
//	go test -timeout 60m -args -table -rounds 5
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
// every decoder, one after another, each going first in turn (see
// measureInterleaved): this machine's speed changes by up to 2x from one
// minute to the next, and by 10% to 20% between two benchmarks of a
// second each, so that only decoders measured within the same few
// milliseconds compare. A group has as many rounds as take about its
// budget, at least -rounds and at most maxRounds; the 1 KB document's
// budget is the largest, since its ratio to goccy/go-json is the goal
// the noise blurs most.
const (
	block       = 5 * time.Millisecond
	maxRounds   = 400
	smallBudget = 16 * time.Second
	sizeBudget  = 10 * time.Second
	otherBudget = 4 * time.Second
)

// measureInterleaved measures decoders on doc: each alone first with
// testing.Benchmark, which gives its allocations and how many decodes
// take about block (at least one); then the rounds, in each of which
// every decoder makes that many decodes, timed together. A round's cell
// for a decoder is its mean time in that round, with the allocations
// measured alone.
func measureInterleaved(decoders []decoder, doc []byte, budget time.Duration) group {
	alone := make([]cell, len(decoders))
	blocks := make([]int, len(decoders))
	var perRound int64 // about how long a round takes
	for i, d := range decoders {
		alone[i] = measure(d, doc)
		blocks[i] = max(1, int(block.Nanoseconds()/max(1, alone[i].ns)))
		perRound += int64(blocks[i]) * alone[i].ns
	}
	g := make(group, min(maxRounds, max(*rounds, int(budget.Nanoseconds()/max(1, perRound)))))
	for r := range g {
		g[r] = slices.Clone(alone)
		for k := range decoders {
			i := (k + r) % len(decoders)
			start := time.Now()
			for range blocks[i] {
				decoders[i].decode(doc)
			}
			g[r][i].ns = time.Since(start).Nanoseconds() / int64(blocks[i])
		}
	}
	return g
}

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
	bad := make([]group, len(hostiles))
	for i, h := range hostiles {
		bad[i] = measureInterleaved(hostileDecoders, h.doc, otherBudget)
	}
	flat := make([]group, len(schemas))
	for i, s := range schemas {
		flat[i] = measureInterleaved(flattenDecoders, s.doc, otherBudget)
	}
	gens := map[pacing][]genRound{}
	for round := range n {
		for i := range pacings {
			p := pacings[(i+round)%len(pacings)] // each goes first in turn
			r, err := measureGenerationApart(p, fmt.Sprintf("table-%s-%d-%d", p, time.Now().UnixNano(), round))
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			gens[p] = append(gens[p], r)
		}
	}
	fmt.Fprintf(w, "Every warm figure is the median of rounds of a block of about %s of each decoder in turn (%d rounds for the %d-byte document, at least %d for the others), and every ratio the median of the rounds' ratios; every cold figure is the median of %d fresh processes, and generation the median of %d round(s), each in a fresh process.\n\n",
		block, len(small), len(smallDoc), n, coldProcesses, n)
	writeSmall(w, small, first)
	writeSizes(w, docs, warm)
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
func writeSizes(w io.Writer, docs []sized, warm []group) {
	fmt.Fprintln(w, "### Per byte, 1 KB to the largest document, warm")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| size | decoder | ns/byte | B/byte | allocs/op | ratio to DecodeDraw | ratio to encoding/json | ns/byte vs its own at 1 MB |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|---:|")
	for i, s := range docs {
		for j, d := range allDecoders {
			c := warm[i].cell(j)
			fmt.Fprintf(w, "| %s | %s | %.3f | %.2f | %d | %.2f | %.2f | %.2f |\n", s.name, d.name, c.nsPerByte(), c.bytesPerByte(), c.allocs,
				warm[i].ratio(j, 0), warm[i].ratio(j, 1), perByteRatio(warm[i], warm[1], j))
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
	cold := make([]cell, len(docs))
	std := make([]cell, len(docs))
	for i, s := range docs {
		var err error
		if cold[i], err = measureColdApart(unionflatDecoder, s.key); err == nil {
			std[i], err = measureColdApart(stdlibDecoder, s.key)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	for i, s := range docs {
		c, hot := cold[i], warm[i].cell(0)
		fmt.Fprintf(w, "| %s | %.3f | %.3f | %.2f | %.2f | %d | %.2f | %.3f | %.2f |\n", s.name, hot.nsPerByte(), c.nsPerByte(),
			ratio(c.ns, hot.ns), c.bytesPerByte(), c.allocs, c.nsPerByte()/cold[1].nsPerByte(), std[i].nsPerByte(), ratio(c.ns, std[i].ns))
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

// perByteRatio is the median over the rounds of decoder j's time per
// byte in group g over its time per byte in group base, the same round;
// of groups measured in different rounds (the small document's), the
// ratio of the medians.
func perByteRatio(g, base group, j int) float64 {
	if len(g) != len(base) {
		return g.cell(j).nsPerByte() / base.cell(j).nsPerByte()
	}
	values := make([]float64, len(g))
	for r := range g {
		values[r] = g[r][j].nsPerByte() / base[r][j].nsPerByte()
	}
	return median(values)
}

func verdict(c cell) string {
	if c.refused {
		return "refused"
	}
	return "taken"
}

func ratio(a, b int64) float64 { return float64(a) / float64(b) }
