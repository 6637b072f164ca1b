package github

//go:generate go tool unionflat

// Repo names a repository. Nearly every tool embeds it, so its two keys
// stand first in each tool's object. Each carries the x-mcp-header
// annotation that upstream adds as it registers a tool (SEP-2243): a
// client may copy the value into an Mcp-Param-Owner or Mcp-Param-Repo
// request header, for a proxy to route on without parsing the body.
type Repo struct {
	// Owner is the user or organization that owns the repository.
	Owner string `json:"owner" jsonschema_extras:"x-mcp-header=owner"`
	// Repo is the repository's name, without its owner.
	Repo string `json:"repo" jsonschema_extras:"x-mcp-header=repo"`
}

// Paging picks one page of a list.
type Paging struct {
	// Page is the page to return, counting from 1.
	Page int `json:"page,omitempty" jsonschema:"minimum=1"`
	// PerPage is how many results a page holds, 1 to 100.
	PerPage int `json:"perPage,omitempty" jsonschema:"minimum=1,maximum=100"`
}

// GetMe returns the profile of the user the server acts for. Call it when
// a request is about that user, or to learn the login that other calls
// need.
//
//unionflat:tool name=get_me title="Get my user profile" readonly idempotent=false
type GetMe struct{}

// ListIssues lists a repository's issues, newest first unless direction
// says otherwise. A reply with more pages gives an endCursor: pass it as
// after to read the next one.
//
//unionflat:tool name=list_issues title="List issues" readonly idempotent=false
type ListIssues struct {
	Repo
	// State keeps the issues in that state; without it, open and closed
	// issues are both listed.
	State IssueState `json:"state,omitempty"`
	// Labels keeps the issues that carry every one of these labels.
	Labels []string `json:"labels,omitempty"`
	// OrderBy is the field to sort by; give direction with it.
	OrderBy string `json:"orderBy,omitempty" jsonschema:"enum=CREATED_AT,enum=UPDATED_AT,enum=COMMENTS"`
	// Direction is the sort direction; give orderBy with it.
	Direction string `json:"direction,omitempty" jsonschema:"enum=ASC,enum=DESC"`
	// Since keeps the issues updated at or after this ISO 8601 time
	// (2006-01-02T15:04:05Z, or a date alone).
	Since string `json:"since,omitempty"`
	// After is the endCursor of the previous page.
	After string `json:"after,omitempty"`
	// PerPage is how many results a page holds, 1 to 100.
	PerPage int `json:"perPage,omitempty" jsonschema:"minimum=1,maximum=100"`
	// FieldFilters keeps the issues whose custom fields hold these values.
	FieldFilters []FieldFilter `json:"field_filters,omitempty"`
	// Fields are the fields each issue is returned with; all of them
	// when absent. Leaving out body and field_values shrinks a reply most.
	Fields []string `json:"fields,omitempty" jsonschema:"enum=number,enum=title,enum=body,enum=state,enum=user,enum=labels,enum=assignees,enum=comments,enum=created_at,enum=updated_at,enum=field_values"`
}

// IssueState is an issue's state, as GitHub's GraphQL API spells it.
type IssueState string

const (
	IssueOpen   IssueState = "OPEN"
	IssueClosed IssueState = "CLOSED"
)

// FieldFilter matches a custom issue field against a value.
type FieldFilter struct {
	// FieldName is the field's name, such as Priority; case does not
	// matter.
	FieldName string `json:"field_name"`
	// Value is the value to match, always as a string: an option's name
	// (P1), a date (2006-01-02), a number's digits, or text.
	Value string `json:"value"`
}

// SearchRepositories finds repositories across GitHub by name,
// description, README, topics and other metadata, with GitHub's search
// syntax.
//
//unionflat:tool name=search_repositories title="Search repositories" readonly idempotent=false
type SearchRepositories struct {
	// Query is a repository search, such as "topic:react" or
	// "user:facebook language:go stars:>100".
	Query string `json:"query"`
	// Sort is the field to sort by; best match when absent.
	Sort string `json:"sort,omitempty" jsonschema:"enum=stars,enum=forks,enum=help-wanted-issues,enum=updated"`
	// Order is the sort order.
	Order string `json:"order,omitempty" jsonschema:"enum=asc,enum=desc"`
	Paging
	// MinimalOutput returns a few fields of each repository; false
	// returns GitHub's whole repository objects.
	MinimalOutput bool `json:"minimal_output,omitempty" jsonschema:"default=true"`
}

// GetFileContents returns a file's contents, or a directory's entries.
//
//unionflat:tool name=get_file_contents title="Get file or directory contents" readonly idempotent=false
type GetFileContents struct {
	Repo
	// Path is the file or directory, from the repository's root.
	Path string `json:"path,omitempty" jsonschema:"default=/"`
	// Ref is a git ref to read at: refs/heads/BRANCH, refs/tags/TAG or
	// refs/pull/NUMBER/head.
	Ref string `json:"ref,omitempty"`
	// SHA is a commit to read at; it wins over ref.
	SHA string `json:"sha,omitempty"`
	// Fields are the fields each directory entry is returned with; all
	// of them when absent. A file ignores them.
	Fields []string `json:"fields,omitempty" jsonschema:"enum=type,enum=name,enum=path,enum=size,enum=sha,enum=url,enum=git_url,enum=html_url,enum=download_url"`
}

// CreateBranch creates a branch in a repository.
//
//unionflat:tool name=create_branch title="Create branch" readonly=false idempotent=false
type CreateBranch struct {
	Repo
	// Branch is the new branch's name.
	Branch string `json:"branch"`
	// FromBranch is the branch to start from; the repository's default
	// branch when absent.
	FromBranch string `json:"from_branch,omitempty"`
}

// ListCommits lists the commits of a branch, newest first, 30 a page
// unless perPage asks for more (up to 100).
//
//unionflat:tool name=list_commits title="List commits" readonly idempotent=false
type ListCommits struct {
	Repo
	// SHA is the commit, branch or tag to list from; the default branch
	// when absent.
	SHA string `json:"sha,omitempty"`
	// Path keeps the commits that touch this file.
	Path string `json:"path,omitempty"`
	// Author keeps the commits of this login or email address.
	Author string `json:"author,omitempty"`
	// Since keeps the commits made after this ISO 8601 time or date.
	Since string `json:"since,omitempty"`
	// Until keeps the commits made before this ISO 8601 time or date.
	Until string `json:"until,omitempty"`
	Paging
	// Fields are the fields each commit is returned with; all of them
	// when absent.
	Fields []string `json:"fields,omitempty" jsonschema:"enum=sha,enum=html_url,enum=commit,enum=author,enum=committer"`
}

// GetCommit returns one commit and, as detail asks, the files it changed.
//
//unionflat:tool name=get_commit title="Get commit details" readonly idempotent=false
type GetCommit struct {
	Repo
	// SHA is the commit, or a branch or tag name.
	SHA string `json:"sha"`
	// Detail says how much of each changed file to return.
	Detail Detail `json:"detail,omitempty" jsonschema:"default=stats"`
	Paging
}

// Detail is how much get_commit says of each changed file.
type Detail string

const (
	// DetailNone leaves the files out.
	DetailNone Detail = "none"
	// DetailStats gives each file's name, status and line counts.
	DetailStats Detail = "stats"
	// DetailFullPatch adds each file's unified diff, which can be long.
	DetailFullPatch Detail = "full_patch"
)

// CreatePullRequest opens a pull request.
//
//unionflat:tool name=create_pull_request title="Open new pull request" readonly=false idempotent=false
type CreatePullRequest struct {
	Repo
	// Title is the pull request's title.
	Title string `json:"title"`
	// Body is the pull request's description, in Markdown.
	Body string `json:"body,omitempty"`
	// Head is the branch that holds the changes.
	Head string `json:"head"`
	// Base is the branch to merge into.
	Base string `json:"base"`
	// Draft opens the pull request as a draft.
	Draft bool `json:"draft,omitempty"`
	// MaintainerCanModify lets the base repository's maintainers push to
	// head.
	MaintainerCanModify bool `json:"maintainer_can_modify,omitempty"`
	// Reviewers are the logins, or ORG/team-slug teams, asked to review.
	Reviewers []string `json:"reviewers,omitempty"`
}

// MergePullRequest merges a pull request.
//
//unionflat:tool name=merge_pull_request title="Merge pull request" readonly=false idempotent=false
type MergePullRequest struct {
	Repo
	// PullNumber is the pull request's number.
	PullNumber int `json:"pullNumber"`
	// CommitTitle is the title of the merge commit.
	CommitTitle string `json:"commit_title,omitempty"`
	// CommitMessage is the body of the merge commit.
	CommitMessage string `json:"commit_message,omitempty"`
	// MergeMethod is how the commits land on the base branch.
	MergeMethod MergeMethod `json:"merge_method,omitempty"`
}

// MergeMethod is how a pull request's commits land on its base branch.
type MergeMethod string

const (
	MergeCommit MergeMethod = "merge"
	MergeSquash MergeMethod = "squash"
	MergeRebase MergeMethod = "rebase"
)

// ListBranches lists a repository's branches.
//
//unionflat:tool name=list_branches title="List branches" readonly idempotent=false
type ListBranches struct {
	Repo
	Paging
}

// SearchCode searches the code of every repository on GitHub for exact
// symbols, functions or patterns, with GitHub's code search syntax.
//
//unionflat:tool name=search_code title="Search code" readonly idempotent=false
type SearchCode struct {
	// Query is a code search of at most 256 characters. Terms are ANDed;
	// OR, NOT and "quoted phrases" work, and so do the qualifiers repo:,
	// org:, user:, language:, path:, filename:, extension:, in:file,
	// in:path, size:, is:archived and is:fork.
	Query string `json:"query"`
	// Sort is the field to sort by; only indexed is known.
	Sort string `json:"sort,omitempty"`
	// Order is the sort order.
	Order string `json:"order,omitempty" jsonschema:"enum=asc,enum=desc"`
	Paging
	// Fields are the fields each result is returned with; all of them
	// when absent. Leaving out repository and text_matches shrinks a
	// reply most.
	Fields []string `json:"fields,omitempty" jsonschema:"enum=name,enum=path,enum=sha,enum=repository,enum=text_matches"`
}

// AddIssueComment comments on an issue or a pull request (give its number
// as issue_number), or reacts to it or to one of its comments. Give body,
// reaction or both; comment_id goes with reaction alone. Review comments
// have tools of their own.
//
//unionflat:tool name=add_issue_comment title="Add comment to issue or pull request" readonly=false idempotent=false
type AddIssueComment struct {
	Repo
	// IssueNumber is the issue's or the pull request's number.
	IssueNumber int `json:"issue_number"`
	// Body is the comment, in Markdown; required without reaction.
	Body string `json:"body,omitempty" jsonschema:"minLength=1"`
	// Reaction is an emoji reaction to add; required without body.
	Reaction Reaction `json:"reaction,omitempty"`
	// CommentID is the comment to react to; without it the reaction goes
	// on the issue itself. It cannot go with body.
	CommentID int64 `json:"comment_id,omitempty" jsonschema:"minimum=1"`
}

// Reaction is an emoji reaction, as GitHub's REST API names it.
type Reaction string

const (
	ReactionPlusOne  Reaction = "+1"
	ReactionMinusOne Reaction = "-1"
	ReactionLaugh    Reaction = "laugh"
	ReactionConfused Reaction = "confused"
	ReactionHeart    Reaction = "heart"
	ReactionHooray   Reaction = "hooray"
	ReactionRocket   Reaction = "rocket"
	ReactionEyes     Reaction = "eyes"
)

// ForkRepository forks a repository into the user's account, or into an
// organization.
//
//unionflat:tool name=fork_repository title="Fork repository" readonly=false idempotent=false
type ForkRepository struct {
	Repo
	// Organization is the organization to fork into; the user's own
	// account when absent.
	Organization string `json:"organization,omitempty"`
}

// PushFiles commits several files to a branch at once.
//
//unionflat:tool name=push_files title="Push files to repository" readonly=false idempotent=false
type PushFiles struct {
	Repo
	// Branch is the branch to commit to.
	Branch string `json:"branch"`
	// Files are the files to write, each whole.
	Files []File `json:"files"`
	// Message is the commit message.
	Message string `json:"message"`
}

// File is one file that push_files writes.
type File struct {
	// Path is the file's path from the repository's root.
	Path string `json:"path"`
	// Content is the file's new content.
	Content string `json:"content"`
}

// CreateIssue opens an issue with a title and, optionally, a body.
//
//unionflat:tool name=create_issue title="Create Issue" readonly=false destructive=false idempotent=false openworld
type CreateIssue struct {
	Repo
	// Title is the issue's title.
	Title string `json:"title"`
	// Body is the issue's description, in Markdown.
	Body string `json:"body,omitempty"`
}

// UpdateIssueLabels replaces an issue's labels with the ones given; an
// empty list removes them all. A label is its name, or an object that
// also says why it was chosen and how sure you are; is_suggestion
// proposes it instead of applying it.
//
//unionflat:tool name=update_issue_labels title="Update Issue Labels" readonly=false destructive=false idempotent=false openworld
type UpdateIssueLabels struct {
	Repo
	// IssueNumber is the issue's number.
	IssueNumber int `json:"issue_number" jsonschema:"minimum=1"`
	// Labels are the issue's labels from now on.
	Labels []Label `json:"labels"`
}

// Label is a label by its name, or with the reasons for it.
//
//unionflat:union untagged
type Label interface{ isLabel() }

// LabelName is a label's name.
type LabelName string

// LabelChoice is a label with why it was chosen.
//
//unionflat:open
type LabelChoice struct {
	// Name is the label's name.
	Name string `json:"name"`
	// Rationale is one sentence on what in the issue led to the label.
	Rationale string `json:"rationale,omitempty" jsonschema:"maxLength=280"`
	// Confidence is how sure you are: HIGH for a clear signal or an
	// explicit request, MEDIUM for a reasonable inference, LOW for a best
	// guess.
	Confidence string `json:"confidence,omitempty" jsonschema:"enum=LOW,enum=MEDIUM,enum=HIGH"`
	// IsSuggestion proposes the label rather than applying it.
	IsSuggestion bool `json:"is_suggestion,omitempty"`
}

func (LabelName) isLabel()   {}
func (LabelChoice) isLabel() {}
