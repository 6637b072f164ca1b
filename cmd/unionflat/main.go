// Command unionflat generates LLM tool schemas and decoders from Go
// types. It also flattens JSON Schema unions, and lints schemas against a
// provider's rules.
//
// Usage:
//
//	unionflat [-check] [-tags list] [-profiles list] [-q] [packages]
//	unionflat flatten [-compact] [-inline] [-nullable] [-strict] [-profile name [-bigints string|number]] [file]
//	unionflat lint [-profile name] file...
//	unionflat help
//
// # Generating
//
// The first form is what //go:generate runs. Pin the command in your
// module and run it with go tool:
//
//	go get -tool github.com/unionflat/unionflat/cmd/unionflat
//	//go:generate go tool unionflat
//
// //go:generate go run github.com/unionflat/unionflat/cmd/unionflat works
// too. It loads the packages, by default the current directory's. It reads
// their //unionflat:union, //unionflat:variant, //unionflat:tool,
// //unionflat:schema and //unionflat:open declarations (see package
// github.com/unionflat/unionflat/gen). It writes one <file>_unionflat.go
// beside each source file that needs one, and removes generated files no
// longer needed. A file that already holds the right content is left
// alone. It prints one summary line per package, naming each generated
// file and marking those already up to date:
//
//	unionflat: example.com/canvas: 1 union, 2 tools -> canvas_unionflat.go (unchanged)
//
// Flags:
//
//	-check     write nothing; exit 1 when a generated file is missing,
//	           stale or no longer needed, with a unified diff on standard
//	           output and a line per file on standard error (for CI)
//	-tags      comma-separated build tags to load the packages with
//	-profiles  comma-separated target profiles (openai-strict, gemini,
//	           gemini-json, anthropic, anthropic-strict, mcp, portable,
//	           ollama);
//	           every tool and //unionflat:schema root gets one more schema
//	           constant for each. A directive asks for one with profile=NAME.
//	-q         do not print the per-package summary
//
// Misuse is reported on standard error as file:line:col: message. Every
// problem is reported in one run, sorted by file, line and column, and
// nothing is written.
//
// # Flattening
//
// flatten reads a JSON Schema document from file. Without a file, or with
// "-", it reads standard input. It writes the flat form to standard
// output: every discriminated union of objects (oneOf or anyOf, at any
// depth) becomes one object schema that accepts everything the union
// accepts. See package github.com/unionflat/unionflat/flatten for the
// rules. Every union left as it stood is reported on standard error as
// file#pointer: reason.
//
// Flags of flatten. Each of the first four is the flatten.Options field of
// the same meaning. unionflat's generator uses -inline and -nullable for
// every schema it advertises.
//
//	-compact   write the flat document on one line; by default it is
//	           indented by two spaces
//	-inline    inline every non-recursive local $ref, and drop the
//	           definitions no longer used (flatten.Options.InlineRefs)
//	-nullable  write nullable wrappers, anyOf [X, {"type": "null"}], as X
//	           with "null" in its type (flatten.Options.NullableTypes)
//	-strict    members that do not declare a property contribute what
//	           they allow for it, so the flat schema is a literal superset
//	           (flatten.Options.Strict)
//	-profile   also project the flat schema onto a target profile (see
//	           package flatten/profile)
//	-bigints   with -profile, how integers whose range reaches past 2^53
//	           are written: string (decimal strings, as gemini,
//	           gemini-json and ollama write them by default where their
//	           bounds say so; string counts an integer without bounds
//	           too) or number
//
// With -profile, what the profile cannot say is reported on standard error
// as file#pointer: profile: message. A profile without $ref (gemini,
// anthropic-strict, portable, ollama) inlines first. A recursive definition that
// remains is named with the pointer of its $ref. A keyword taken out
// without words in the description is named too.
//
// # Linting
//
// lint checks JSON Schema documents against a profile, portable by
// default. Without a file it reads standard input. It prints every
// finding on standard output as file#pointer: message [rule]. It finds
// untyped properties and array items, a root that is not an object,
// combinators, keywords, formats and enums the target rejects, and size
// limits. Advice, which the target takes as it is (a missing
// propertyOrdering under gemini), is printed [rule, advice] and does not
// make it exit 1. Its one flag:
//
//	-profile   the target profile (default portable)
//
// # Exit status
//
// 0 on success. For flatten that holds even when nothing could be
// flattened. 1 on errors: misuse in the packages, a stale file under
// -check, a lint finding that is not advice, or input that cannot be read. For flatten, input
// that is not JSON (reported with the byte offset) is an error too. So is
// JSON that is no schema: an array, a number, a string or null. 2 on a
// usage error. -h prints the usage and exits 0.
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
