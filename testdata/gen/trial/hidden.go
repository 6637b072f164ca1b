package trial

// Upload stores a file; its checksum is set by the server, not the model,
// and is out of the schema.
//
//unionflat:tool
type Upload struct {
	Name     string `json:"name"`
	Checksum string `json:"checksum,omitempty" jsonschema:"-"`
}
