package gen

import (
	"errors"
	"fmt"
	"go/format"
	"go/scanner"
	"path/filepath"
)

// formatSources formats the rendered files of a package with
// go/format.Source, as stringer formats its output, several at once, one
// goroutine per CPU (every file is formatted alone, so the bytes do not
// depend on the order). Each file's content replaces its source; the
// error is that of the first file, in the order given, that does not
// format.
func formatSources(files []File) error {
	errs := make([]error, len(files))
	inParallel(len(files), func(i int) { files[i].Content, errs[i] = formatSource(files[i]) })
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// formatSource formats one rendered file. Where stringer writes a file
// that does not format as it is and logs a warning, the generator writes
// nothing and fails: the error is the file's name and gofmt's
// line:column in its source, which follows.
func formatSource(f File) ([]byte, error) {
	out, err := format.Source(f.Content)
	if err != nil {
		var list scanner.ErrorList
		sep := ": "
		if errors.As(err, &list) {
			sep = ":"
		}
		return nil, fmt.Errorf("%s%s%v\nunionflat generated Go that does not format (a bug in unionflat); nothing is written. The source:\n%s",
			filepath.Base(f.Path), sep, err, f.Content)
	}
	return out, nil
}
