package benchmarks

import (
	"fmt"
	"os"
)

// coldChild names, in the environment of a child process of the test
// binary, the document and the decoder whose cold decodes it measures
// (see measureColdGrid).
const coldChild = "UNIONFLAT_BENCH_COLD"

// coldProcesses is how many processes measure each cold figure. A
// process's cold decodes tend to land all fast or all slow, whatever
// their count (the cold 1 MB decode came out at 3.4 or at 5.6 to 6.9
// ns/byte, process by process, in one and the same table process that
// holds every document), so the table takes the median of several
// processes, each holding its document alone.
const coldProcesses = 5

// coldCell is a cold measurement as a child process reports it.
type coldCell struct {
	Size, NS, Bytes, Allocs int64
}

// measureColdGrid measures the cold decodes of every decoder on every
// document in fresh processes, one process a decoder and a document, in
// coldProcesses rounds of all of them, each round in the other order
// from the last, so that its ratios compare processes run one after
// another. Each figure is the median of the processes' (see grid).
func measureColdGrid(decoders []decoder, docs []sized) (grid, error) {
	n := len(docs) * len(decoders)
	g := make(group, coldProcesses)
	for r := range g {
		g[r] = make([]cell, n)
		for k := range n {
			at := k
			if r%2 == 1 {
				at = n - 1 - k
			}
			d, s := decoders[at/len(docs)], docs[at%len(docs)] // the cell of grid.at
			var c coldCell
			if err := runApart("the cold decodes of "+s.key+" by "+d.key, &c, coldChild+"="+s.key+" "+d.key); err != nil {
				return grid{}, err
			}
			g[r][at] = cell{size: int(c.Size), ns: c.NS, bytes: c.Bytes, allocs: c.Allocs}
		}
	}
	return grid{g, len(docs)}, nil
}

// coldRound is the child process's whole work: it measures the cold
// decodes it is asked for and writes them to standard output as JSON.
func coldRound(arg string) int {
	var key, name string
	if _, err := fmt.Sscan(arg, &key, &name); err != nil {
		fmt.Fprintf(os.Stderr, "%s=%q: %v\n", coldChild, arg, err)
		return 2
	}
	doc, ok := sizedDoc(key)
	var d decoder
	for _, c := range []decoder{unionflatDecoder, stdlibDecoder} {
		if c.key == name {
			d = c
		}
	}
	if !ok || d.decode == nil {
		fmt.Fprintf(os.Stderr, "%s=%q: no such document or decoder\n", coldChild, arg)
		return 2
	}
	c := measureCold(d, doc, coldRuns(len(doc)))
	return writeApart(coldCell{int64(c.size), c.ns, c.bytes, c.allocs})
}
