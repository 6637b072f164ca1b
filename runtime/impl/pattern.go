package impl

import "regexp"

// MustCompilePattern compiles a pattern rule, once per package, as
// regexp.MustCompile does (the generator has compiled every pattern it
// writes). A pattern matches anywhere in a string, as JSON Schema's do.
func MustCompilePattern(expr string) *regexp.Regexp { return regexp.MustCompile(expr) }
