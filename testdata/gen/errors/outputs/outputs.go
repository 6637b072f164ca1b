// Package outputs misuses output= and //unionflat:schema: results that
// cannot be described, and roots that are no object.
package outputs

import "io"

//unionflat:tool output=Result
type Run struct{}

// Result holds fields no output schema can describe.
type Result struct {
	Done   chan bool      `json:"done"`
	Reader io.Reader      `json:"reader"`
	Counts map[int]string `json:"counts"`
	Code   Code           `json:"code"`
}

// Code reads itself from text but has no MarshalText, so encoding/json
// writes its fields.
type Code struct{ Major, Minor int }

func (c *Code) UnmarshalText([]byte) error { return nil }

//unionflat:tool output=Items
type List struct{}

// Items is an array: MCP wants an object.
type Items []string

//unionflat:tool output=Count
type Tally struct{}

type Count int

//unionflat:tool output=Missing
type Lost struct{}

//unionflat:tool output=Shape
type Draw struct{}

// Shape is an interface with no //unionflat:union.
type Shape interface{ area() float64 }

//unionflat:schema
type Words []string

//unionflat:schema
//unionflat:tool
type Both struct{}

//unionflat:schema name=has.dot
type Dotted struct{}

//unionflat:schema name=dup
type First struct{}

//unionflat:schema name=dup
type Second struct{}

//unionflat:schema
type Plain interface{ plain() }

//unionflat:union
type Pick interface{ isPick() }

//unionflat:schema
type Left struct{}

func (Left) isPick() {}

//unionflat:tool output=Left
type Choose struct{}

//unionflat:schema
type Report struct{}

// ReportFlat's lossless schema would be ReportFlatSchema, Report's flat one.
//
//unionflat:schema
type ReportFlat struct{}

// ReportSpec is the descriptor unionflat generates for Report.
var ReportSpec = 1

// EncodeReport is generated for Report.
func EncodeReport() {}
