package recursive

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestValidateNilChild: a nil item of a slice of pointers would be written
// as null, which the schema rejects; Validate says so. A nil optional
// pointer is absent, and passes.
func TestValidateNilChild(t *testing.T) {
	e := Evaluate{Tree: Node{Name: "root", Children: []*Node{{Name: "a"}, nil}}, Exprs: []Expr{}}
	err := e.Validate()
	if err == nil || !strings.Contains(err.Error(), "/tree/children/1: item 1 must be an object, not null") {
		t.Errorf("Validate = %v, want the nil child reported", err)
	}
	e.Tree.Children = e.Tree.Children[:1]
	if err := e.Validate(); err != nil {
		t.Errorf("Validate = %v, want nil (List is an absent optional pointer)", err)
	}
}

// TestPlanNullableNext: a variant's nullable field of its own union
// decodes null as nil and a step as that step, at any depth; without the
// field it is missing, and the flat schema (PlanFlatSchema, with the
// nullable copy StepOrNull) names no union.
func TestPlanNullableNext(t *testing.T) {
	p, err := DecodePlan([]byte(`{"first":{"kind":"then","do":"a","next":{"kind":"then","do":"b","next":null}}}`))
	if err != nil {
		t.Fatal(err)
	}
	first, ok := p.First.(Then)
	if !ok || first.Do != "a" {
		t.Fatalf("first = %#v, want Then a", p.First)
	}
	second, ok := first.Next.(Then)
	if !ok || second.Do != "b" || second.Next != nil {
		t.Fatalf("first.Next = %#v, want Then b with a nil Next", first.Next)
	}
	if _, err := DecodePlan([]byte(`{"first":{"kind":"then","do":"a"}}`)); err == nil || !strings.Contains(err.Error(), "/first/next: next is required when kind = then") {
		t.Errorf("a missing next: err = %v", err)
	}
	if strings.Contains(PlanFlatSchema, "oneOf") || strings.Contains(PlanFlatSchema, "anyOf") || !strings.Contains(PlanFlatSchema, "StepOrNull") {
		t.Errorf("PlanFlatSchema holds a union, or no nullable copy:\n%s", PlanFlatSchema)
	}
}

// TestNestAtAnyDepth: a type that holds itself through a named slice or
// map, with no struct between, reads at any depth below MaxDepth, writes
// back what it read, and its schema names it as a $defs entry; Validate
// reports a nil item behind a pointer, which would be written as null.
func TestNestAtAnyDepth(t *testing.T) {
	deep := strings.Repeat("[", 100) + strings.Repeat("]", 100)
	in := `{"tree":[[],[[[]]]],"forest":{"a":{"b":{}},"c":{}},"outline":` + deep + `,"grid":[[[[]]],[]],"trees":[[[]]],"woods":[{"x":{}}]}`
	n, err := DecodeNest([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Tree) != 2 || len(*n.Tree[1]) != 1 || len(*(*n.Tree[1])[0]) != 1 || len(n.Forest["a"]["b"]) != 0 {
		t.Fatalf("decoded %#v", n)
	}
	o, depth := n.Outline, 1
	for len(o) == 1 {
		o, depth = o[0], depth+1
	}
	if depth != 100 {
		t.Errorf("outline is %d deep, want 100", depth)
	}
	out, err := json.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Errorf("json.Marshal wrote\n%s\nwant\n%s", out, in)
	}
	if err := n.Validate(); err != nil {
		t.Errorf("Validate = %v", err)
	}
	for _, def := range []string{"Tree", "Forest", "Outline", "Grid"} {
		if !strings.Contains(NestSchema, `"$ref": "#/$defs/`+def+`"`) || !strings.Contains(NestFlatSchema, `"`+def+`": `) {
			t.Errorf("NestSchema or NestFlatSchema has no $defs entry %s", def)
		}
	}
	tooDeep := `{"tree":` + strings.Repeat("[", 200) + strings.Repeat("]", 200) + `}`
	if _, err := DecodeNest([]byte(tooDeep)); err == nil || !strings.Contains(err.Error(), "deeper") {
		t.Errorf("a tree 200 deep: err = %v, want it refused as too deep", err)
	}
	if _, err := DecodeNest([]byte(`{"tree":[{}]}`)); err == nil || !strings.Contains(err.Error(), "/tree/0") {
		t.Errorf("an object for a tree: err = %v", err)
	}
	n.Tree = Tree{nil}
	if err := n.Validate(); err == nil || !strings.Contains(err.Error(), "/tree/0") {
		t.Errorf("Validate of a nil item = %v, want /tree/0 reported", err)
	}
}
