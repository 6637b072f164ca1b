// Command unionflat generates LLM tool schemas and decoders from Go types,
// and flattens JSON Schema unions.
//
// Usage:
//
//	unionflat flatten [-compact] [file]
//
// flatten reads a JSON Schema document from file, or from standard input
// when no file is named, and writes its flat form to standard output:
// every discriminated union of objects (oneOf or anyOf, at any depth)
// becomes one object schema that accepts everything the union accepts. See
// the documentation of package github.com/unionflat/unionflat/flatten for
// the rules. Output is indented by two spaces unless -compact is given.
// Every union left as it stood is reported on standard error as
// file#pointer: reason.
//
// Exit status: 0 when the document was processed (even when nothing could
// be flattened), 1 when the input cannot be read or is not JSON (the error
// gives the byte offset), 2 on a usage error.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit codes.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

const usage = `usage:
  unionflat [-check] [-tags list] [-q] [packages]
  unionflat flatten [-compact] [file]
`

// run is the whole command, with its streams passed in so tests can drive
// it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "flatten":
			return runFlatten(args[1:], stdin, stdout, stderr)
		case "help":
			fmt.Fprint(stdout, usage)
			return exitOK
		}
	}
	return runGenerate(args, stdout, stderr)
}
