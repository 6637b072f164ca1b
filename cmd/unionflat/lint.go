package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/unionflat/unionflat/flatten/profile"
)

// runLint is unionflat lint [-profile P] file...: every finding of every
// file, exit 1 when one is not advice.
func runLint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("unionflat lint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	profileName := fs.String("profile", string(profile.Portable), "the target profile: "+profileNames())
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
	p, err := profile.ParseProfile(*profileName)
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
		findings, err := profile.Lint(data, p)
		if err != nil {
			fmt.Fprintf(stderr, "unionflat lint: %s: %v\n", label, err)
			status = exitError
			continue
		}
		for _, f := range findings {
			if f.Advice {
				fmt.Fprintf(stdout, "%s#%s: %s [%s, advice]\n", label, f.Pointer, f.Message, f.Rule)
				continue
			}
			fmt.Fprintf(stdout, "%s#%s: %s [%s]\n", label, f.Pointer, f.Message, f.Rule)
			status = exitError
		}
	}
	return status
}

func profileNames() string {
	var names []string
	for _, p := range profile.Profiles() {
		names = append(names, string(p))
	}
	return strings.Join(names, ", ")
}
