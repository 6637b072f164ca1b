package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/flatten/profile"
)

func runFlatten(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("unionflat flatten", flag.ContinueOnError)
	fs.SetOutput(stderr)
	compact := fs.Bool("compact", false, "write the flat schema on one line")
	inline := fs.Bool("inline", false, "inline every non-recursive local $ref and drop the definitions no longer used")
	nullable := fs.Bool("nullable", false, "write nullable wrappers (anyOf [X, {type: null}]) as type arrays")
	strict := fs.Bool("strict", false, "let members that do not declare a property contribute what they allow for it: a literal superset")
	profileName := fs.String("profile", "", "project the flat schema onto a target profile: "+profileNames())
	bigInts := fs.String("bigints", "", "with -profile: string writes integers beyond 2^53, and those without bounds, as decimal strings, number keeps them numbers (default: strings under gemini, gemini-json and ollama where the bounds reach past 2^53)")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: unionflat flatten [-compact] [-inline] [-nullable] [-strict] [-profile name [-bigints string|number]] [file]\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(stderr, "unionflat flatten: one file at most, got %d\n", fs.NArg())
		fs.Usage()
		return exitUsage
	}
	// Flags are judged before any work: a bad -profile is a usage error
	// even when the input is missing or large.
	var target profile.Profile
	if *profileName != "" {
		p, err := profile.ParseProfile(*profileName)
		if err != nil {
			fmt.Fprintf(stderr, "unionflat flatten: %v\n", err)
			return exitUsage
		}
		target = p
	}
	var popts profile.Options
	switch *bigInts {
	case "":
	case "string":
		popts.BigInts = profile.BigIntsString
	case "number":
		popts.BigInts = profile.BigIntsNumber
	default:
		fmt.Fprintf(stderr, "unionflat flatten: -bigints %s: want string or number\n", *bigInts)
		return exitUsage
	}
	if *bigInts != "" && target == "" {
		fmt.Fprintln(stderr, "unionflat flatten: -bigints applies to a profile: give -profile too")
		return exitUsage
	}
	name, data, err := readInput(fs.Arg(0), stdin)
	if err != nil {
		fmt.Fprintf(stderr, "unionflat flatten: %v\n", err)
		return exitError
	}
	opts := flatten.Options{Indent: "  ", InlineRefs: *inline, NullableTypes: *nullable, Strict: *strict}
	if *compact {
		opts.Indent = ""
	}
	res, err := flatten.JSON(data, opts)
	if err != nil {
		fmt.Fprintf(stderr, "unionflat flatten: %s: %v\n", name, err)
		return exitError
	}
	if kind := rootKind(data); kind != "" {
		fmt.Fprintf(stderr, "unionflat flatten: %s: not a JSON Schema: the document is %s, and a schema is an object or a boolean\n", name, kind)
		return exitError
	}
	for _, d := range res.Diagnostics {
		fmt.Fprintf(stderr, "%s#%s: %s\n", name, d.Pointer, d.Message)
	}
	if p := target; p != "" {
		projected, findings, err := profile.ForProfileWith(res.Schema, p, popts, flatten.Options{Indent: opts.Indent})
		if err != nil {
			fmt.Fprintf(stderr, "unionflat flatten: %s: %v\n", name, err)
			return exitError
		}
		for _, f := range findings {
			fmt.Fprintf(stderr, "%s#%s: %s: %s\n", name, f.Pointer, p, f.Message)
		}
		res.Schema = projected.Schema
	}
	if *compact {
		res.Schema = append(res.Schema, '\n')
	}
	if _, err := stdout.Write(res.Schema); err != nil {
		fmt.Fprintf(stderr, "unionflat flatten: %v\n", err)
		return exitError
	}
	return exitOK
}

// readInput reads the named file, or stdin when name is empty or "-".
func readInput(name string, stdin io.Reader) (string, []byte, error) {
	if name == "" || name == "-" {
		data, err := io.ReadAll(stdin)
		return "<stdin>", data, err
	}
	data, err := os.ReadFile(name)
	return name, data, err
}

// rootKind names the JSON type of a well-formed document's root when it
// is not one a schema can be ("an array", "a number", "a string",
// "null"), else "".
func rootKind(data []byte) string {
	for _, c := range data {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '{', 't', 'f':
			return ""
		case '[':
			return "an array"
		case '"':
			return "a string"
		case 'n':
			return "null"
		}
		return "a number"
	}
	return ""
}
