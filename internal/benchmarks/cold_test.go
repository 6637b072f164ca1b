package benchmarks

import (
	"fmt"
	"os"
	"slices"
)

// coldChild names, in the environment of a child process of the test
// binary, the document and the decoder whose cold decodes it measures
// (see measureColdApart).
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

// measureColdApart measures the cold decodes of the document with the
// given key (see sizedDoc) in coldProcesses fresh processes, and gives
// the median of their times and of their allocations.
func measureColdApart(d decoder, key string) (cell, error) {
	var cells []coldCell
	for range coldProcesses {
		var c coldCell
		if err := runApart("the cold decodes of "+key+" by "+d.key, &c, coldChild+"="+key+" "+d.key); err != nil {
			return cell{}, err
		}
		cells = append(cells, c)
	}
	mid := func(f func(coldCell) int64) int64 {
		values := make([]int64, len(cells))
		for i, c := range cells {
			values[i] = f(c)
		}
		slices.Sort(values)
		return values[len(values)/2]
	}
	return cell{
		size:   int(cells[0].Size),
		ns:     mid(func(c coldCell) int64 { return c.NS }),
		bytes:  mid(func(c coldCell) int64 { return c.Bytes }),
		allocs: mid(func(c coldCell) int64 { return c.Allocs }),
	}, nil
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
