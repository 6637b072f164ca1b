package impl

import (
	"strings"
	"testing"
)

// TestPick: the JSON type picks a variant, then an object's keys; under
// NullAsAbsent a key whose value is null counts as left out (openai-strict
// sends every key); a string goes to the one variant besides objects
// that could read it; what fits nothing says which keys select which
// form.
func TestPick(t *testing.T) {
	forms := &Forms{
		Types:    []string{"string", "object", "object"},
		Required: [][]string{nil, {"item_id"}, {"owner", "number"}},
		Declared: [][]string{nil, {"item_id"}, {"owner", "number", "note"}},
	}
	numbers := &Forms{Types: []string{"integer", "object"}, Required: [][]string{nil, {"a"}}, Declared: [][]string{nil, nil}}
	for _, tc := range []struct {
		forms *Forms
		in    string
		flags Leniency
		want  int
		err   string
	}{
		{forms, `"bug"`, 0, 0, ""},
		{forms, `{"item_id":1}`, 0, 1, ""},
		{forms, `{"owner":"o","number":2,"note":"n"}`, 0, 2, ""},
		{forms, `{"owner":"o","number":2,"item_id":null}`, NullAsAbsent, 2, ""},
		{forms, `{"owner":"o","number":2,"item_id":null}`, 0, -1, "must be an object with item_id, or an object with owner and number, not an object with owner, number and item_id"},
		{forms, `{"owner":"o","number":2,"extra":1}`, 0, 2, ""}, // its decoder names extra
		{forms, `{"owner":"o"}`, 0, 2, ""},                      // only form 2 declares owner: its decoder names number
		{forms, `{"note":"n","item_id":1}`, 0, 1, ""},           // form 1's keys all there: its decoder names note
		{forms, `{"zzz":1}`, 0, -1, "must be an object with item_id, or an object with owner and number, not an object with zzz"},
		{forms, `3`, 0, -1, "must be a string or an object, not a number"},
		{numbers, `2.5`, 0, 0, ""}, // the integer variant's decoder refuses the fraction
		{numbers, `"7"`, RepairMistakes, -1, "must be an integer or an object, not a string"},
		{&Forms{Types: []string{"integer"}, Required: [][]string{nil}, Declared: [][]string{nil}}, `"7"`, 0, 0, ""},
	} {
		got := -2
		_, err := decodeArguments([]byte(tc.in), tc.flags, func(d *Decoder, v Value, _ *int) { got = d.Pick(v, tc.forms) })
		if got != tc.want || (tc.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Pick(%s, %b) = %d, %v; want %d, %q", tc.in, tc.flags, got, err, tc.want, tc.err)
		}
	}
}
