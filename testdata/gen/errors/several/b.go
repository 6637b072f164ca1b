package several

//unionflat:variant click
type Tap struct{}

func (Tap) isEvent() {}

//unionflat:tool name=track events
type Track struct {
	Events []Event `json:"events"`
}
