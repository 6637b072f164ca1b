// Package several has problems in several files, all reported at once.
package several

//unionflat:union discriminator=kind
type Event interface{ isEvent() }

// Click is a valid variant.
type Click struct {
	X int `json:"x"`
}

func (Click) isEvent() {}

//unionflat:union
type Orphan interface{ isOrphan() }
