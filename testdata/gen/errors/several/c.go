package several

//unionflat:tool name=log
type Log struct {
	Level string `json:"level" jsonschema:"minimum=3"`
	//unionflat:open
	Message string `json:"message"`

	Payload map[string]any `json:"payload"`
}
