package trial

import (
	"reflect"
	"testing"

	"github.com/unionflat/unionflat/internal/schematest"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// TestNestedSingleItem: one value is read as the array of it only where
// it is not an item of an array: in [1, 2], where an array of arrays is
// wanted, 1 could be [1] or [1, 2] the one row, so it stays a problem,
// with repairs on or off. A value in a field or beside arrays in an
// object is still read so.
func TestNestedSingleItem(t *testing.T) {
	for _, in := range []string{`{"rows":[1,2]}`, `{"rows":[[1],2]}`, `{"rows":[[1]],"grid":[3,[4]]}`, `{"rows":5}`} {
		if x, reps, err := DecodePlotRepaired([]byte(in)); err == nil {
			t.Errorf("%s: read as %+v, repairs %v; want a problem", in, x, reps.List)
		}
	}
	x, reps, err := DecodePlotRepaired([]byte(`{"rows":[[1,2]],"grid":[[3],[4]],"labels":"a"}`))
	want := Plot{Rows: [][]int{{1, 2}}, Grid: [2][]int{{3}, {4}}, Labels: []string{"a"}}
	if err != nil || !reflect.DeepEqual(x, want) || len(reps.List) != 1 || reps.List[0].Kind != unionflat.RepairSingleItem {
		t.Errorf("got %+v, %v, %v; want %+v with /labels read as [\"a\"]", x, reps.List, err, want)
	}
}

// TestArrayCountSchema: a maxItems above an array's length leaves the
// length in the schema, as the decoder reads it.
func TestArrayCountSchema(t *testing.T) {
	schema := schematest.Validator(t, []byte(PlotSchema))
	for _, in := range []string{`{"rows":[],"origin":[1]}`, `{"rows":[],"origin":[1,2]}`} {
		verr := schema.Validate(schematest.MustParse(t, []byte(in)))
		_, derr := DecodePlot([]byte(in))
		if (verr == nil) != (derr == nil) {
			t.Errorf("%s: the validator says %v, the decoder %v", in, verr, derr)
		}
	}
}
