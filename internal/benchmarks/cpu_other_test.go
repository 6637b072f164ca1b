//go:build !unix

package benchmarks

import "time"

// processCPU is zero where getrusage is not available: the table's CPU
// column then reads 0.
func processCPU() time.Duration { return 0 }
