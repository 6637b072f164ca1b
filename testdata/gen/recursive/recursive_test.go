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
