package load

import (
	"time"

	"github.com/unionflat/unionflat/gen/internal/model"
)

// durationRule reads a tag key on a duration. handled is false for the
// keys any scalar takes (title, description, default, example, ...).
func durationRule(r *model.Rules, it tagItem) (handled bool, p *problem) {
	switch it.Key {
	case "minLength", "maxLength", "pattern", "format", "enum", "const":
		return true, problemf("jsonschema key %q does not apply to a time.Duration, a string in Go's duration syntax: bound it with minimum= and maximum= (minimum=1m)", it.Key)
	}
	dst := numberField(r, it.Key) // a duration's bounds are durations
	if dst == nil {
		return false, nil
	}
	d, err := time.ParseDuration(it.Value)
	if err != nil {
		return true, problemf("jsonschema %s=%q: want a Go duration such as 90s or 1h30m", it.Key, it.Value)
	}
	if it.Key == "multipleOf" && d <= 0 {
		return true, problemf("jsonschema multipleOf=%q: want a positive duration", it.Value)
	}
	*dst = it.Value
	return true, nil
}
