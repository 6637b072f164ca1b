package impl

import (
	"encoding/json"
	"testing"
	"time"
)

func TestEmptyCollections(t *testing.T) {
	type tags []string
	type labels map[string]int
	for _, c := range []struct {
		v    any
		want string
	}{
		{EmptySlice[[]string](nil), `[]`},
		{EmptySlice(tags(nil)), `[]`},
		{EmptySlice([]int{1}), `[1]`},
		{EmptyMap[map[string]int](nil), `{}`},
		{EmptyMap(labels(nil)), `{}`},
		{EmptyMap(labels{"a": 1}), `{"a":1}`},
		{EmptySlice(Durations[[]time.Duration](nil)), `[]`},
	} {
		got, err := json.Marshal(c.v)
		if err != nil || string(got) != c.want {
			t.Errorf("json.Marshal(%#v) = %s, %v; want %s", c.v, got, err, c.want)
		}
	}
}
