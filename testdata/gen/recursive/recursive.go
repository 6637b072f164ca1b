// Package recursive has types that refer to themselves, directly and
// through a union, so their schemas keep $defs and $ref.
package recursive

// Node is a tree node.
type Node struct {
	Name     string  `json:"name"`
	Children []*Node `json:"children,omitempty"`
}

// List is a linked list.
type List struct {
	Value int   `json:"value"`
	Next  *List `json:"next,omitempty"`
	// Prev may be null: the flat schema points it at a nullable copy of
	// List, so that no anyOf is left.
	Prev *List `json:"prev,omitempty" jsonschema:"nullable"`
}

// Ping and Pong refer to each other.
type Ping struct {
	Pong *Pong `json:"pong,omitempty"`
}

// Pong answers a Ping.
type Pong struct {
	Ping Ping `json:"ping"`
}

// Expr is an arithmetic expression.
//
//unionflat:union discriminator=op
type Expr interface{ isExpr() }

// Num is a literal number.
//
//unionflat:variant num
type Num struct {
	Value float64 `json:"value"`
}

// Add adds two expressions.
//
//unionflat:variant add
type Add struct {
	Left  Expr `json:"left"`
	Right Expr `json:"right"`
}

// Neg negates an expression, if there is one.
//
//unionflat:variant neg
type Neg struct {
	Of Expr `json:"of,omitempty"`
}

func (Num) isExpr() {}
func (Add) isExpr() {}
func (Neg) isExpr() {}

// Evaluate evaluates expressions over a tree.
//
//unionflat:tool
type Evaluate struct {
	Tree  Node            `json:"tree"`
	List  *List           `json:"list,omitempty"`
	Ping  Ping            `json:"ping"`
	Exprs []Expr          `json:"exprs"`
	Named map[string]Expr `json:"named,omitempty"`
}

// Simplify simplifies an expression, under the profiles whose $ref
// stands alone (openai-strict) or beside a description only (gemini-json).
//
//unionflat:tool profile=openai-strict profile=gemini-json
type Simplify struct {
	// Expr is the expression to simplify.
	Expr Expr `json:"expr"`
	// Steps are the steps taken so far, if any.
	Steps *List `json:"steps,omitempty"`
}

// Step is one step of a plan.
//
//unionflat:union discriminator=kind
type Step interface{ isStep() }

// Stop ends the plan.
//
//unionflat:variant stop
type Stop struct{}

// Then does something, then takes the next step, or none when next is
// null.
//
//unionflat:variant then
type Then struct {
	Do string `json:"do"`
	// Next is the step after this one, or null for none.
	Next Step `json:"next" jsonschema:"nullable"`
}

// Both takes two steps, one after the other.
//
//unionflat:variant both
type Both struct {
	Before Step `json:"before"`
	After  Step `json:"after"`
}

func (Stop) isStep() {}
func (Then) isStep() {}
func (Both) isStep() {}

// Plan runs a plan whose steps may each lead to another: a variant's
// nullable field of its own union.
//
//unionflat:tool profile=openai-strict
type Plan struct {
	First Step `json:"first"`
}

// Tree is a tree of trees, with no struct between.
type Tree []*Tree

// Forest names its forests.
type Forest map[string]Forest

// Outline is a list of outlines.
type Outline []Outline

// Grid is rows of grids.
type Grid [][]*Grid

// Nest holds types that refer to themselves through a named slice or
// map, with no struct between: each is a $defs entry, read at any depth.
//
//unionflat:tool
type Nest struct {
	Tree    Tree      `json:"tree"`
	Forest  Forest    `json:"forest,omitempty"`
	Outline Outline   `json:"outline,omitempty" jsonschema:"minItems=1"`
	Grid    *Grid     `json:"grid,omitempty"`
	Trees   []Tree    `json:"trees,omitempty"`
	Woods   []*Forest `json:"woods,omitempty"`
}
