package runtime

import "testing"

func TestParseDateTime(t *testing.T) {
	tm, err := parseDateTime("2026-11-29t14:21:00.5+01:00")
	if err != nil || tm.UTC().Format("15:04:05.0") != "13:21:00.5" {
		t.Errorf("got %v, %v", tm, err)
	}
	if _, err := parseDateTime("2016-12-31T23:59:60Z"); err == nil {
		t.Error("a leap second cannot be a time.Time, want an error")
	}
}
