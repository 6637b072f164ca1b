package everyday

// GetCommit returns one commit of a repository, with its author, message
// and changed files.
//
// The sha may be a branch name or a tag.
//
//unionflat:tool title="Get commit" readonly idempotent destructive=false openworld=false
type GetCommit struct {
	// Owner is the account that owns the repository: a user or an
	// organization.
	Owner string `json:"owner"`
	Repo  string `json:"repo"`
	SHA   string `json:"sha"`
}

// DeleteFile's doc comment is replaced by the directive's description.
//
//unionflat:tool name=delete_file description="Delete a file from a repository." destructive
type DeleteFile struct {
	Path string `json:"path"`
}
