// Package notstruct has union members that are not plain structs.
package notstruct

//unionflat:union
type Value interface{ isValue() }

type Text string

type List []string

type Box[T any] struct{ V T }

type Num struct {
	N int `json:"n"`
}

func (Text) isValue()   {}
func (List) isValue()   {}
func (Box[T]) isValue() {}
func (Num) isValue()    {}
