// Command unionflat generates LLM tool schemas and decoders from Go types,
// and flattens JSON Schema unions.
//
// Usage:
//
//	unionflat [-check] [-tags list] [-profiles list] [-q] [packages]
//	unionflat flatten [-compact] [-inline] [-nullable] [-strict] [-profile name [-bigints string|number]] [file]
//	unionflat lint [-profile name] file...
//
// The first form is what //go:generate runs. It loads the packages (the
// current directory's by default), reads their //unionflat:union,
// //unionflat:variant, //unionflat:tool, //unionflat:schema and
// //unionflat:open declarations (see package
// github.com/unionflat/unionflat/gen), and writes one
// <file>_unionflat.go beside each source file that needs one, removing
// generated files no longer needed. It prints one summary line per
// package, naming each generated file and marking those that were already
// up to date, which it leaves alone:
//
//	unionflat: example.com/canvas: 1 union, 2 tools -> canvas_unionflat.go (unchanged)
//
// Pin it in your module and run it with go tool:
//
//	go get -tool github.com/unionflat/unionflat/cmd/unionflat
//	//go:generate go tool unionflat
//
// Flags:
//
//	-check   write nothing; exit 1 with a unified diff when a generated
//	         file is missing, stale or no longer needed (for CI)
//	-tags    comma-separated build tags to load the packages with
//	-profiles  comma-separated target profiles (openai-strict, gemini,
//	           gemini-json, anthropic, anthropic-strict, mcp, portable)
//	           every tool and //unionflat:schema root gets one more
//	           schema constant for; one can also ask with profile=NAME
//	           on its directive
//	-q       do not print the per-package summary
//
// Misuse is reported on standard error as file:line:col: message, every
// problem in one run, with exit status 1.
//
// flatten reads a JSON Schema document from file, or from standard input
// when no file is named, and writes its flat form to standard output:
// every discriminated union of objects (oneOf or anyOf, at any depth)
// becomes one object schema that accepts everything the union accepts. See
// package github.com/unionflat/unionflat/flatten for the rules. Output is
// indented by two spaces unless -compact is given. Every union left as it
// stood is reported on standard error as file#pointer: reason.
//
// Flags of flatten, each the flatten.Options field of the same meaning
// (unionflat's generator uses -inline and -nullable for every schema it
// advertises):
//
//	-compact   write the flat document on one line
//	-inline    inline every non-recursive local $ref, drop the definitions
//	           no longer used (flatten.Options.InlineRefs)
//	-nullable  write nullable wrappers, anyOf [X, {"type": "null"}], as X
//	           with "null" in its type (flatten.Options.NullableTypes)
//	-strict    members that do not declare a property contribute what
//	           they allow for it, so the flat schema is a literal superset
//	           (flatten.Options.Strict)
//	-profile   also project the flat schema onto a target profile (see
//	           package flatten/profile)
//	-bigints   with -profile, how integers whose range reaches past 2^53
//	           are written: string (decimal strings, as gemini and
//	           gemini-json write them by default where their bounds say
//	           so; string counts an integer without bounds too) or number
//
// With -profile, what the profile cannot say is reported on standard
// error as file#pointer: profile: message: a profile without $ref
// (gemini, anthropic-strict, portable) inlines first, and a recursive
// definition that remains is named with the pointer of its $ref; a
// keyword taken out without words in the description is named too.
//
// lint checks JSON Schema documents (standard input without a file)
// against a profile, portable by default, and prints every finding as
// file#pointer: message [rule]: untyped properties and array items, a
// root that is not an object, combinators, keywords, formats and enums
// the target rejects, size limits. It exits 1 when there is a finding
// that is not advice; advice, which the target takes as it is (a missing
// propertyOrdering under gemini), is printed [rule, advice].
//
// Exit status: 0 on success (for flatten, even when nothing could be
// flattened); 1 on errors (for flatten, input that cannot be read, is not
// JSON, with the byte offset, or is JSON but no schema: an array, a
// number, a string or null); 2 on a usage error.
//
// Memory: a run is short and its heap small, so the garbage collector
// does not run until the heap reaches 256 MiB (or a quarter of the
// cgroup's memory cap, in a container with a smaller one), and is paced
// as usual from the first collection that finds more than half of that
// live (see internal/batchgc). With GOGC or GOMEMLIMIT set in the
// environment the runtime is left as they say.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/unionflat/unionflat/internal/batchgc"
)

func main() {
	batchgc.Pace(batchgc.Window)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit codes.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

const usage = `usage:
  unionflat [-check] [-tags list] [-profiles list] [-q] [packages]
  unionflat flatten [-compact] [-inline] [-nullable] [-strict] [-profile name [-bigints string|number]] [file]
  unionflat lint [-profile name] file...
`

// run is the whole command, with its streams passed in so tests can drive
// it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "flatten":
			return runFlatten(args[1:], stdin, stdout, stderr)
		case "lint":
			return runLint(args[1:], stdin, stdout, stderr)
		case "help":
			fmt.Fprint(stdout, usage)
			return exitOK
		}
	}
	return runGenerate(args, stdout, stderr)
}
