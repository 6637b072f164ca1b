// Package profilelint holds tools whose profile documents break their
// profile's lint: each finding is a diagnostic at the tool.
package profilelint

// Labels takes a map, which openai-strict cannot say (its objects are
// closed).
//
//unionflat:tool profile=openai-strict
type Labels struct {
	Labels map[string]string `json:"labels"`
}

// Tree is recursive, which gemini cannot say (it has no $ref).
//
//unionflat:tool profile=gemini
type Tree struct {
	Name string `json:"name"`
	Kids []Tree `json:"kids,omitempty"`
}
