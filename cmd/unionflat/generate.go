package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/unionflat/unionflat/gen"
	"github.com/unionflat/unionflat/internal/textdiff"
)

// runGenerate is unionflat [flags] [packages]: the go generate job.
func runGenerate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("unionflat", flag.ContinueOnError)
	fs.SetOutput(stderr)
	check := fs.Bool("check", false, "write nothing; exit 1 with a diff when a generated file is missing or stale")
	tags := fs.String("tags", "", "comma-separated build tags to load the packages with")
	quiet := fs.Bool("q", false, "do not print the per-package summary")
	profiles := fs.String("profiles", "", "comma-separated target profiles every tool and schema root gets a schema for: "+profileNames())
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	cfg := gen.Config{Patterns: fs.Args()}
	if *tags != "" {
		cfg.Tags = strings.Split(*tags, ",")
	}
	if *profiles != "" {
		cfg.Profiles = strings.Split(*profiles, ",")
	}
	res, err := gen.Generate(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "unionflat: %v\n", err)
		return exitError
	}
	if len(res.Diagnostics) > 0 {
		for _, d := range res.Diagnostics {
			d.Pos.Filename = relative(d.Pos.Filename)
			fmt.Fprintln(stderr, d)
		}
		return exitError
	}
	if *check {
		return checkFiles(res.Files, stdout, stderr)
	}
	unchanged := map[string]bool{}
	for _, f := range res.Files {
		same, err := writeFile(f)
		if err != nil {
			fmt.Fprintf(stderr, "unionflat: %v\n", err)
			return exitError
		}
		unchanged[f.Path] = same
	}
	if !*quiet {
		for _, s := range res.Summaries {
			fmt.Fprintf(stdout, "unionflat: %s\n", s.Line(func(path string) bool { return unchanged[path] }))
		}
	}
	return exitOK
}

// writeFile writes a generated file, or removes one no longer needed. It
// reports whether the file already held the content, and so was left
// alone.
func writeFile(f gen.File) (unchanged bool, err error) {
	if f.Content == nil {
		err := os.Remove(f.Path)
		if errors.Is(err, os.ErrNotExist) {
			return true, nil
		}
		return false, err
	}
	if old, err := os.ReadFile(f.Path); err == nil && bytes.Equal(old, f.Content) {
		return true, nil // leave the file's time alone
	}
	return false, os.WriteFile(f.Path, f.Content, 0o666)
}

// checkFiles compares the generated files with the ones on disk.
func checkFiles(files []gen.File, stdout, stderr io.Writer) int {
	stale := 0
	for _, f := range files {
		rel := relative(f.Path)
		old, err := os.ReadFile(f.Path)
		switch {
		case err != nil && !errors.Is(err, os.ErrNotExist):
			fmt.Fprintf(stderr, "unionflat: %v\n", err)
			return exitError
		case f.Content == nil && err == nil:
			fmt.Fprint(stdout, textdiff.Unified("a/"+rel, "/dev/null", string(old), "", 3))
			fmt.Fprintf(stderr, "unionflat: %s is no longer generated and should be removed\n", rel)
			stale++
		case f.Content != nil && !bytes.Equal(old, f.Content):
			label := "a/" + rel
			if err != nil {
				label = "/dev/null"
			}
			fmt.Fprint(stdout, textdiff.Unified(label, "b/"+rel, string(old), string(f.Content), 3))
			fmt.Fprintf(stderr, "unionflat: %s is stale: run go generate\n", rel)
			stale++
		}
	}
	if stale > 0 {
		return exitError
	}
	return exitOK
}

// relative shortens a path to one relative to the working directory when
// it lies below it.
func relative(path string) string {
	wd, err := os.Getwd()
	if err != nil || path == "" {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return path
	}
	return rel
}
