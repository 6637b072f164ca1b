// Package uniontool declares a union that is a tool's input, as GitHub's
// issue_write is: the root-level "method" picks the operation, the fields
// every method takes come from a struct each variant embeds, and the same
// union is a field type elsewhere.
package uniontool

// IssueWrite creates an issue or updates one.
//
//unionflat:union discriminator=method
//unionflat:tool name=issue_write title="Create or update issue" destructive=false profile=gemini profile=openai-strict
type IssueWrite interface{ isIssueWrite() }

// Repo names the repository every method acts on.
type Repo struct {
	Owner string `json:"owner" jsonschema:"required,minLength=1"`
	Repo  string `json:"repo" jsonschema:"required,minLength=1"`
}

// CreateIssue opens an issue.
//
//unionflat:variant create
type CreateIssue struct {
	Repo
	Title  string   `json:"title" jsonschema:"required,minLength=1"`
	Body   string   `json:"body,omitempty"`
	Labels []string `json:"labels,omitempty"`
}

// UpdateIssue changes an open or closed issue.
//
//unionflat:variant update
type UpdateIssue struct {
	Repo
	IssueNumber int    `json:"issue_number" jsonschema:"required,minimum=1"`
	Title       string `json:"title,omitempty"`
	State       string `json:"state,omitempty" jsonschema:"enum=open,enum=closed"`
}

func (CreateIssue) isIssueWrite() {}
func (UpdateIssue) isIssueWrite() {}

// Batch runs several writes: the same union as a field type, under a
// struct tool.
//
//unionflat:tool
type Batch struct {
	Writes []IssueWrite `json:"writes" jsonschema:"required,minItems=1"`
}
