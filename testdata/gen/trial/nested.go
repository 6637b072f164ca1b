package trial

// Plot draws rows of points. Two regressions TestRepairClass found:
// one value where an array of arrays is wanted was read item by item as
// one-item arrays ([1, 2] as [[1], [2]]), though the array around them
// could as well be the one row meant ([[1, 2]]); and a tag's maxItems
// above an array's length (Origin) replaced the length in the schema,
// which then took two items where the decoder takes one.
//
//unionflat:tool
type Plot struct {
	Rows   [][]int  `json:"rows"`
	Grid   [2][]int `json:"grid,omitempty"`
	Labels []string `json:"labels,omitempty"`
	Origin [1]int   `json:"origin,omitempty" jsonschema:"maxItems=2"`
}
