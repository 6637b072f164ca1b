package schema

import (
	"fmt"
	"strings"

	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/runtime"

	rtimpl "github.com/unionflat/unionflat/runtime/impl"
)

// A time.Duration is a string in Go's duration syntax in every schema
// ("90s", "1h30m"): a pattern that matches exactly what time.ParseDuration
// reads, and a description that says so. It is not format: duration,
// which is ISO 8601 ("PT1H30M"). The decoder parses the string with
// time.ParseDuration, and the generated MarshalJSON writes Duration.String,
// so a value reads back as itself. minimum=, maximum=, exclusiveMinimum=,
// exclusiveMaximum= and multipleOf= on a duration are durations too
// (minimum=1m); a pattern cannot say a bound, so the description does,
// and the decoder and Validate check it.

// The schema of a duration is the runtime's reading of one.
const (
	durationPattern     = runtime.DurationPattern
	durationDescription = rtimpl.DurationDescription
)

// durationBounds takes the bounds out of a duration's rules, for the
// schema, and says them in words.
func durationBounds(r model.Rules) (model.Rules, string) {
	var words []string
	say := func(lit *string, format string) {
		if *lit != "" {
			words = append(words, fmt.Sprintf(format, *lit))
			*lit = ""
		}
	}
	say(&r.Minimum, "At least %s.")
	say(&r.ExclMinimum, "More than %s.")
	say(&r.Maximum, "At most %s.")
	say(&r.ExclMaximum, "Less than %s.")
	say(&r.MultipleOf, "A multiple of %s.")
	return r, strings.Join(words, " ")
}

// joinSentences joins non-empty descriptions with a space.
func joinSentences(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, " ")
}
