package runtime

import (
	"encoding/json"
	"testing"
)

// A Nullable keeps absent, null and a value apart through encoding/json:
// omitzero leaves an absent one out, and what is read is what was
// written.
func TestNullableRoundTrip(t *testing.T) {
	type update struct {
		Milestone Nullable[int] `json:"milestone,omitzero"`
	}
	for _, tc := range []struct {
		in                    update
		json                  string
		present, null, hasVal bool
	}{
		{update{}, `{}`, false, false, false},
		{update{Null[int]()}, `{"milestone":null}`, true, true, false},
		{update{Some(0)}, `{"milestone":0}`, true, false, true},
		{update{Some(7)}, `{"milestone":7}`, true, false, true},
	} {
		out, err := json.Marshal(tc.in)
		if err != nil || string(out) != tc.json {
			t.Errorf("%+v marshals to %s (%v), want %s", tc.in, out, err, tc.json)
		}
		var back update
		if err := json.Unmarshal([]byte(tc.json), &back); err != nil {
			t.Fatal(err)
		}
		m := back.Milestone
		v, ok := m.Get()
		if m.Present() != tc.present || m.IsNull() != tc.null || ok != tc.hasVal || back != tc.in {
			t.Errorf("%s reads as present=%v null=%v value=%v,%v, want %+v", tc.json, m.Present(), m.IsNull(), v, ok, tc.in)
		}
	}
	var bad update
	if err := json.Unmarshal([]byte(`{"milestone":"x"}`), &bad); err == nil || bad.Milestone.Present() {
		t.Errorf("a string for a Nullable[int] read as %+v, %v", bad, err)
	}
}
