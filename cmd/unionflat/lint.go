package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/unionflat/unionflat/flatten"
)

// runLint is unionflat lint [-profile P] file...: every finding of every
// file, exit 1 when there is one.
func runLint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("unionflat lint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	profile := fs.String("profile", string(flatten.Portable), "the target profile: "+profileNames())
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: unionflat lint [-profile name] file...\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	p, err := flatten.ParseProfile(*profile)
	if err != nil {
		fmt.Fprintf(stderr, "unionflat lint: %v\n", err)
		return exitUsage
	}
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	status := exitOK
	for _, name := range files {
		label, data, err := readInput(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "unionflat lint: %v\n", err)
			status = exitError
			continue
		}
		findings, err := flatten.Lint(data, p)
		if err != nil {
			fmt.Fprintf(stderr, "unionflat lint: %s: %v\n", label, err)
			status = exitError
			continue
		}
		for _, f := range findings {
			fmt.Fprintf(stdout, "%s#%s: %s [%s]\n", label, f.Pointer, f.Message, f.Rule)
			status = exitError
		}
	}
	return status
}

func profileNames() string {
	var names []string
	for _, p := range flatten.Profiles() {
		names = append(names, string(p))
	}
	return strings.Join(names, ", ")
}
