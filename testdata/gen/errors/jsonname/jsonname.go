// Package jsonname gives fields json names encoding/json ignores: it
// writes those fields under their Go names.
package jsonname

//unionflat:tool
type Note struct {
	Quoted string `json:"\"q\""`
	Slash  string `json:"back\\slash,omitempty"`
	Tab    string `json:"tab\tname,omitempty"`
	// Names encoding/json accepts: no diagnostic.
	Path   string `json:"a/b ~c,omitempty"`
	Letter string `json:"é,omitempty"`
}
