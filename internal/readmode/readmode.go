// Package readmode lets the module's own tests choose how package runtime
// reads an input: by the nodes its parse builds, or by its text, which
// runtime does only for inputs larger than a megabyte (see nodesMax
// there). With it, the fixtures' differential tests and fuzz targets hold
// both ways of reading to the same results on small inputs. Code outside
// the module cannot import it.
package readmode

import "sync/atomic"

// byText, when set, has runtime read every input by its text.
var byText atomic.Bool

// ByText reports whether runtime reads every input by its text.
func ByText() bool { return byText.Load() }

// SetByText has runtime read every input by its text (true), or by its
// nodes up to a megabyte (false), and returns what it did before.
func SetByText(on bool) bool { return byText.Swap(on) }
