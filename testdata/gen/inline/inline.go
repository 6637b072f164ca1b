// Package inline declares a tool whose input merges a union into its own
// object (json:",inline"): the repository fields and the operation's
// method and fields are keys of one object, as GitHub's issue_write has
// them.
package inline

import "time"

// IssueWrite creates an issue or updates one in a repository.
//
//unionflat:tool name=issue_write profile=openai-strict
type IssueWrite struct {
	// Owner is the repository's owner.
	Owner string `json:"owner" jsonschema:"minLength=1"`
	Repo  string `json:"repo" jsonschema:"minLength=1"`
	// DryRun only checks the call.
	DryRun bool      `json:"dry_run,omitempty"`
	Op     Operation `json:",inline"`
}

// Operation is what to do to the issue.
//
//unionflat:union discriminator=method
type Operation interface{ isOperation() }

// CreateIssue opens an issue.
//
//unionflat:variant create
type CreateIssue struct {
	Title  string   `json:"title" jsonschema:"minLength=1"`
	Labels []string `json:"labels,omitempty"`
}

// UpdateIssue changes an issue.
//
//unionflat:variant update,edit
type UpdateIssue struct {
	Number int    `json:"number" jsonschema:"minimum=1"`
	State  string `json:"state,omitempty" jsonschema:"enum=open,enum=closed"`
	// Wait is how long to wait for the update.
	Wait time.Duration `json:"wait,omitempty"`
}

func (CreateIssue) isOperation()  {}
func (*UpdateIssue) isOperation() {}

// Job is not a tool: a struct that merges a union inline as a field of
// another.
type Job struct {
	Name string `json:"name"`
	// Every is how often the job runs: its MarshalJSON writes it as a
	// duration string, and the operation in the same object.
	Every time.Duration `json:"every,omitempty"`
	Op    Operation     `json:",inline"`
}

// Queue holds jobs.
//
//unionflat:tool
type Queue struct {
	Jobs []Job `json:"jobs"`
}

// Operate holds nothing but its operation: its arguments are the union's.
//
//unionflat:tool
type Operate struct {
	Op Operation `json:",inline"`
}
