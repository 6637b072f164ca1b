package recursive

import (
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
