// Package typeerror uses a type that does not exist: the type checker's
// message is reported at the field, and nothing is generated.
package typeerror

//unionflat:tool
type Lookup struct {
	Key   string  `json:"key"`
	Value Missing `json:"value"`
}
