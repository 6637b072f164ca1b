package github

import unionflat "github.com/unionflat/unionflat/runtime"

// The tools of this file choose an operation with a root-level method:
// each is a union whose variants are its methods. The keys every method
// takes come from a struct each variant embeds.

// IssueWrite opens an issue in a repository, or changes one: its title,
// body, labels, assignees, milestone, type or state.
//
//unionflat:union discriminator=method
//unionflat:tool name=issue_write title="Create or update issue/pull request" readonly=false idempotent=false
type IssueWrite interface{ isIssueWrite() }

// IssueWriteCreate opens an issue.
//
//unionflat:variant create
type IssueWriteCreate struct {
	Repo
	// Title is the issue's title.
	Title string `json:"title"`
	// Body is the issue's description, in Markdown.
	Body string `json:"body,omitempty"`
	// Assignees are the logins assigned to the issue; on update they
	// replace the current ones, and [] removes them all.
	Assignees []string `json:"assignees,omitempty"`
	// Labels are the issue's labels; on update they replace the current
	// ones, and [] removes them all.
	Labels []string `json:"labels,omitempty"`
	// Milestone is the number of the issue's milestone.
	Milestone int `json:"milestone,omitempty"`
	// Type is the issue's type, one of those list_issue_types names; on
	// update, null removes it. Leave it out where the repository has no
	// issue types.
	Type unionflat.Nullable[string] `json:"type,omitzero" jsonschema:"minLength=1"`
	// IssueFields set or clear the issue's custom fields.
	IssueFields []IssueField `json:"issue_fields,omitempty"`
}

// IssueWriteUpdate changes an issue; what is left out stays as it is.
//
//unionflat:variant update
type IssueWriteUpdate struct {
	Repo
	// IssueNumber is the number of the issue to change.
	IssueNumber int `json:"issue_number"`
	// Title is the issue's title.
	Title string `json:"title,omitempty"`
	// Body is the issue's description, in Markdown.
	Body string `json:"body,omitempty"`
	// Assignees are the logins assigned to the issue; on update they
	// replace the current ones, and [] removes them all.
	Assignees *[]string `json:"assignees,omitempty"`
	// Labels are the issue's labels; on update they replace the current
	// ones, and [] removes them all.
	Labels *[]string `json:"labels,omitempty"`
	// Milestone is the number of the issue's milestone.
	Milestone int `json:"milestone,omitempty"`
	// Type is the issue's type, one of those list_issue_types names; on
	// update, null removes it. Leave it out where the repository has no
	// issue types.
	Type unionflat.Nullable[string] `json:"type,omitzero" jsonschema:"minLength=1"`
	// State opens or closes the issue.
	State string `json:"state,omitempty" jsonschema:"enum=open,enum=closed"`
	// StateReason says why the state changes; duplicate needs
	// duplicate_of.
	StateReason string `json:"state_reason,omitempty" jsonschema:"enum=completed,enum=not_planned,enum=duplicate"`
	// DuplicateOf is the number of the issue this one duplicates, with
	// state_reason duplicate only.
	DuplicateOf int `json:"duplicate_of,omitempty"`
	// IssueFields set or clear the issue's custom fields.
	IssueFields []IssueField `json:"issue_fields,omitempty"`
}

func (IssueWriteCreate) isIssueWrite() {}
func (IssueWriteUpdate) isIssueWrite() {}

// IssueField sets or clears one custom field of an issue: give field_name
// and exactly one of value, field_option_name or delete: true.
type IssueField struct {
	// FieldName is the field's name, as list_issue_fields gives it; case
	// does not matter.
	FieldName string `json:"field_name"`
	// Value is the value of a text, number or date (YYYY-MM-DD) field.
	Value IssueFieldValue `json:"value,omitempty"`
	// FieldOptionName is the option to pick in a single-select field.
	FieldOptionName string `json:"field_option_name,omitempty"`
	// Delete clears the field's value when true.
	Delete bool `json:"delete,omitempty"`
}

// IssueFieldValue is the value of a custom issue field: a string, a
// number or a boolean.
//
//unionflat:union untagged
type IssueFieldValue interface{ isIssueFieldValue() }

// IssueFieldText is the value of a text or date field.
type IssueFieldText string

// IssueFieldNumber is the value of a number field.
type IssueFieldNumber float64

// IssueFieldFlag is a boolean value.
type IssueFieldFlag bool

func (IssueFieldText) isIssueFieldValue()   {}
func (IssueFieldNumber) isIssueFieldValue() {}
func (IssueFieldFlag) isIssueFieldValue()   {}

// SubIssueWrite links sub-issues to a parent issue: it adds one, removes
// one, or moves one among its siblings. Issues are named by their number,
// sub-issues by their ID, which is not their number.
//
//unionflat:union discriminator=method
//unionflat:tool name=sub_issue_write title="Change sub-issue" readonly=false idempotent=false
type SubIssueWrite interface{ isSubIssueWrite() }

// SubIssue names a parent issue and one sub-issue of it.
type SubIssue struct {
	Repo
	// IssueNumber is the number of the parent issue.
	IssueNumber int `json:"issue_number"`
	// SubIssueID is the ID of the sub-issue, not its number.
	SubIssueID int64 `json:"sub_issue_id"`
}

// SubIssueAdd makes an issue a sub-issue of the parent.
//
//unionflat:variant add
type SubIssueAdd struct {
	SubIssue
	// ReplaceParent moves the sub-issue from the parent it has, if any.
	ReplaceParent bool `json:"replace_parent,omitempty"`
}

// SubIssueRemove unlinks a sub-issue from the parent.
//
//unionflat:variant remove
type SubIssueRemove struct {
	SubIssue
}

// SubIssueReprioritize moves a sub-issue among the parent's others: give
// after_id or before_id, not both.
//
//unionflat:variant reprioritize
type SubIssueReprioritize struct {
	SubIssue
	// AfterID is the sub-issue to place it after.
	AfterID int64 `json:"after_id,omitempty"`
	// BeforeID is the sub-issue to place it before.
	BeforeID int64 `json:"before_id,omitempty"`
}

func (SubIssueAdd) isSubIssueWrite()          {}
func (SubIssueRemove) isSubIssueWrite()       {}
func (SubIssueReprioritize) isSubIssueWrite() {}

// ActionsList lists a repository's GitHub Actions workflows, or the runs
// of one workflow or of all, or the jobs or artifacts of one run.
//
//unionflat:union discriminator=method
//unionflat:tool name=actions_list title="List GitHub Actions workflows in a repository" readonly idempotent=false
type ActionsList interface{ isActionsList() }

// ActionsPaging picks one page of a list, as the Actions tools spell it.
type ActionsPaging struct {
	// Page is the page to return, counting from 1.
	Page int `json:"page,omitempty" jsonschema:"minimum=1"`
	// PerPage is how many results a page holds, 1 to 100; 30 when absent.
	PerPage int `json:"per_page,omitempty" jsonschema:"minimum=1,maximum=100"`
}

// ListWorkflows lists the repository's workflows.
//
//unionflat:variant list_workflows
type ListWorkflows struct {
	Repo
	ActionsPaging
}

// ListWorkflowRuns lists workflow runs, newest first.
//
//unionflat:variant list_workflow_runs
type ListWorkflowRuns struct {
	Repo
	// ResourceID is the workflow, by ID or file name (ci.yaml); every
	// workflow's runs when absent.
	ResourceID string `json:"resource_id,omitempty"`
	// WorkflowRunsFilter keeps the runs that match all it says.
	WorkflowRunsFilter *RunsFilter `json:"workflow_runs_filter,omitempty"`
	ActionsPaging
}

// ListWorkflowJobs lists the jobs of a run.
//
//unionflat:variant list_workflow_jobs
type ListWorkflowJobs struct {
	Repo
	// ResourceID is the run's ID, in decimal digits.
	ResourceID string `json:"resource_id" jsonschema:"pattern=^[0-9]+$"`
	// WorkflowJobsFilter picks the run's attempts to list jobs of.
	WorkflowJobsFilter *JobsFilter `json:"workflow_jobs_filter,omitempty"`
	ActionsPaging
}

// ListWorkflowRunArtifacts lists the artifacts a run uploaded.
//
//unionflat:variant list_workflow_run_artifacts
type ListWorkflowRunArtifacts struct {
	Repo
	// ResourceID is the run's ID, in decimal digits.
	ResourceID string `json:"resource_id" jsonschema:"pattern=^[0-9]+$"`
	ActionsPaging
}

func (ListWorkflows) isActionsList()            {}
func (ListWorkflowRuns) isActionsList()         {}
func (ListWorkflowJobs) isActionsList()         {}
func (ListWorkflowRunArtifacts) isActionsList() {}

// RunsFilter narrows list_workflow_runs.
type RunsFilter struct {
	// Actor keeps the runs a login started.
	Actor string `json:"actor,omitempty"`
	// Branch keeps the runs of a branch, by name.
	Branch string `json:"branch,omitempty"`
	// Event keeps the runs that an event of this type triggered.
	Event string `json:"event,omitempty" jsonschema:"enum=branch_protection_rule,enum=check_run,enum=check_suite,enum=create,enum=delete,enum=deployment,enum=deployment_status,enum=discussion,enum=discussion_comment,enum=fork,enum=gollum,enum=issue_comment,enum=issues,enum=label,enum=merge_group,enum=milestone,enum=page_build,enum=public,enum=pull_request,enum=pull_request_review,enum=pull_request_review_comment,enum=pull_request_target,enum=push,enum=registry_package,enum=release,enum=repository_dispatch,enum=schedule,enum=status,enum=watch,enum=workflow_call,enum=workflow_dispatch,enum=workflow_run"`
	// Status keeps the runs in this status.
	Status string `json:"status,omitempty" jsonschema:"enum=queued,enum=in_progress,enum=completed,enum=requested,enum=waiting"`
}

// JobsFilter narrows list_workflow_jobs.
type JobsFilter struct {
	// Filter is latest for the jobs of the run's latest attempt, all for
	// those of every attempt.
	Filter string `json:"filter,omitempty" jsonschema:"enum=latest,enum=all"`
}

// PullRequestReviewWrite writes reviews of a pull request: it creates one
// (submitted at once with an event, pending without), submits or deletes
// the user's pending review, or resolves or unresolves a review thread.
//
//unionflat:union discriminator=method
//unionflat:tool name=pull_request_review_write title="Write operations (create, submit, delete) on pull request reviews" readonly=false idempotent=false
type PullRequestReviewWrite interface{ isPullRequestReviewWrite() }

// ReviewedPull names a pull request.
type ReviewedPull struct {
	Repo
	// PullNumber is the pull request's number.
	PullNumber int `json:"pullNumber"`
}

// ReviewCreate creates a review: submitted with event, pending without.
//
//unionflat:variant create
type ReviewCreate struct {
	ReviewedPull
	// Body is the review's comment; a pending review (create without
	// event) ignores it.
	Body string `json:"body,omitempty"`
	// Event is the review's verdict; create without it leaves the review
	// pending.
	Event ReviewEvent `json:"event,omitempty"`
	// CommitID is the SHA of the commit to review; the head when absent.
	CommitID string `json:"commitID,omitempty"`
}

// ReviewSubmitPending submits the user's pending review.
//
//unionflat:variant submit_pending
type ReviewSubmitPending struct {
	ReviewedPull
	// Event is the review's verdict; create without it leaves the review
	// pending.
	Event ReviewEvent `json:"event"`
	// Body is the review's comment; a pending review (create without
	// event) ignores it.
	Body string `json:"body,omitempty"`
}

// ReviewDeletePending deletes the user's pending review.
//
//unionflat:variant delete_pending
type ReviewDeletePending struct {
	ReviewedPull
}

// ReviewResolveThread resolves a review thread; resolving a resolved one
// does nothing.
//
//unionflat:variant resolve_thread
type ReviewResolveThread struct {
	Repo
	// ThreadID is the review thread's node ID (PRRT_...), as
	// pull_request_read gives it.
	ThreadID string `json:"threadId"`
}

// ReviewUnresolveThread reopens a resolved review thread.
//
//unionflat:variant unresolve_thread
type ReviewUnresolveThread struct {
	Repo
	// ThreadID is the review thread's node ID (PRRT_...), as
	// pull_request_read gives it.
	ThreadID string `json:"threadId"`
}

func (ReviewCreate) isPullRequestReviewWrite()          {}
func (ReviewSubmitPending) isPullRequestReviewWrite()   {}
func (ReviewDeletePending) isPullRequestReviewWrite()   {}
func (ReviewResolveThread) isPullRequestReviewWrite()   {}
func (ReviewUnresolveThread) isPullRequestReviewWrite() {}

// ReviewEvent is a review's verdict.
type ReviewEvent string

const (
	ReviewApprove        ReviewEvent = "APPROVE"
	ReviewRequestChanges ReviewEvent = "REQUEST_CHANGES"
	ReviewComment        ReviewEvent = "COMMENT"
)

// ProjectsWrite changes GitHub Projects (the new projects, of a user or
// an organization): it creates a project, adds, changes or deletes its
// items, one or many at once, creates, changes or deletes its views, posts
// a status update, or adds an iteration field.
//
//unionflat:union discriminator=method
//unionflat:tool name=projects_write title="Manage GitHub Projects" readonly=false destructive idempotent=false
type ProjectsWrite interface{ isProjectsWrite() }

// ProjectOwner is the user or organization that owns a project.
type ProjectOwner struct {
	// Owner is the owner's login; case does not matter.
	Owner string `json:"owner" jsonschema_extras:"x-mcp-header=owner"`
}

// Project names a project of its owner.
type Project struct {
	ProjectOwner
	// OwnerType says whether owner is a user or an organization; found
	// out when absent, but for create_project, which needs it.
	OwnerType OwnerType `json:"owner_type,omitempty"`
	// ProjectNumber is the project's number.
	ProjectNumber int `json:"project_number"`
}

// OwnerType is the kind of account that owns a project.
type OwnerType string

const (
	OwnerUser OwnerType = "user"
	OwnerOrg  OwnerType = "org"
)

// AddProjectItem adds an issue or a pull request to a project.
//
//unionflat:variant add_project_item
type AddProjectItem struct {
	Project
	// ItemType says whether the item is an issue or a pull request.
	ItemType string `json:"item_type" jsonschema:"enum=issue,enum=pull_request"`
	// ItemOwner is the owner of the item's repository.
	ItemOwner string `json:"item_owner"`
	// ItemRepo is the name of the item's repository.
	ItemRepo string `json:"item_repo"`
	// IssueNumber is the issue's number: the item to add when item_type
	// is issue, or, with item_owner and item_repo, the item to update.
	IssueNumber int `json:"issue_number,omitempty"`
	// PullRequestNumber is the pull request's number, when item_type is
	// pull_request.
	PullRequestNumber int `json:"pull_request_number,omitempty"`
}

// UpdateProjectItem sets one field of one item: name the item by item_id,
// or by item_owner, item_repo and issue_number.
//
//unionflat:variant update_project_item
type UpdateProjectItem struct {
	Project
	// ItemID is the project item's ID; update_project_item takes it, or
	// item_owner, item_repo and issue_number.
	ItemID int64 `json:"item_id,omitempty"`
	// ItemOwner is the owner of the item's repository.
	ItemOwner string `json:"item_owner,omitempty"`
	// ItemRepo is the name of the item's repository.
	ItemRepo string `json:"item_repo,omitempty"`
	// IssueNumber is the issue's number: the item to add when item_type
	// is issue, or, with item_owner and item_repo, the item to update.
	IssueNumber int `json:"issue_number,omitempty"`
	// UpdatedField is the field to set, by id or by name, and its value;
	// update_project_items sets it on every item.
	UpdatedField UpdatedField `json:"updated_field"`
}

// UpdateProjectItems sets one field of up to 50 items at once.
//
//unionflat:variant update_project_items
type UpdateProjectItems struct {
	Project
	// Items are the items to change, 1 to 50.
	Items []ItemRef `json:"items" jsonschema:"minItems=1,maxItems=50"`
	// UpdatedField is the field to set, by id or by name, and its value;
	// update_project_items sets it on every item.
	UpdatedField UpdatedField `json:"updated_field"`
}

// DeleteProjectItem removes an item from a project.
//
//unionflat:variant delete_project_item
type DeleteProjectItem struct {
	Project
	// ItemID is the project item's ID; update_project_item takes it, or
	// item_owner, item_repo and issue_number.
	ItemID int64 `json:"item_id"`
}

// CreateProjectStatusUpdate posts a status update on a project.
//
//unionflat:variant create_project_status_update
type CreateProjectStatusUpdate struct {
	Project
	// Body is the update's text, in Markdown.
	Body string `json:"body,omitempty"`
	// Status is the project's health.
	Status string `json:"status,omitempty" jsonschema:"enum=INACTIVE,enum=ON_TRACK,enum=AT_RISK,enum=OFF_TRACK,enum=COMPLETE"`
	// StartDate is a day as YYYY-MM-DD: when the work started, for a
	// status update; the first iteration's first day, for an iteration
	// field.
	StartDate string `json:"start_date,omitempty"`
	// TargetDate is when the work should end, as YYYY-MM-DD.
	TargetDate string `json:"target_date,omitempty"`
}

// CreateProjectView adds a view to a project.
//
//unionflat:variant create_project_view
type CreateProjectView struct {
	Project
	// Name is the view's name.
	Name string `json:"name"`
	// Layout is how the view shows its items.
	Layout ViewLayout `json:"layout"`
	// Filter keeps the items that match it, in the projects filter
	// syntax (status:Done); null removes it.
	Filter unionflat.Nullable[string] `json:"filter,omitzero"`
	// VisibleFields are the IDs of the fields to show, in order; on
	// update they replace the current ones, and [] resets them. Not with
	// visible_field_names; a roadmap takes [] only.
	VisibleFields []string `json:"visible_fields,omitempty"`
	// VisibleFieldNames are the names of the fields to show, in order;
	// on update they replace the current ones, and [] resets them. Not
	// with visible_fields; a roadmap takes [] only.
	VisibleFieldNames []string `json:"visible_field_names,omitempty"`
}

// UpdateProjectView changes a view; what is left out stays as it is.
//
//unionflat:variant update_project_view
type UpdateProjectView struct {
	Project
	// ViewID is the view's node ID.
	ViewID string `json:"view_id"`
	// Name is the view's name.
	Name string `json:"name,omitempty"`
	// Layout is how the view shows its items.
	Layout ViewLayout `json:"layout,omitempty"`
	// Filter keeps the items that match it, in the projects filter
	// syntax (status:Done); null removes it.
	Filter unionflat.Nullable[string] `json:"filter,omitzero"`
	// VisibleFields are the IDs of the fields to show, in order; on
	// update they replace the current ones, and [] resets them. Not with
	// visible_field_names; a roadmap takes [] only.
	VisibleFields *[]string `json:"visible_fields,omitempty"`
	// VisibleFieldNames are the names of the fields to show, in order;
	// on update they replace the current ones, and [] resets them. Not
	// with visible_fields; a roadmap takes [] only.
	VisibleFieldNames *[]string `json:"visible_field_names,omitempty"`
}

// DeleteProjectView deletes a view.
//
//unionflat:variant delete_project_view
type DeleteProjectView struct {
	Project
	// ViewID is the view's node ID.
	ViewID string `json:"view_id"`
}

// CreateProject creates a project.
//
//unionflat:variant create_project
type CreateProject struct {
	ProjectOwner
	// OwnerType says whether owner is a user or an organization; found
	// out when absent, but for create_project, which needs it.
	OwnerType OwnerType `json:"owner_type"`
	// Title is the project's title.
	Title string `json:"title"`
}

// CreateIterationField adds an iteration field (sprints) to a project.
//
//unionflat:variant create_iteration_field
type CreateIterationField struct {
	Project
	// FieldName is the field's name, such as Sprint.
	FieldName string `json:"field_name"`
	// IterationDuration is each iteration's length in days.
	IterationDuration int `json:"iteration_duration"`
	// StartDate is a day as YYYY-MM-DD: when the work started, for a
	// status update; the first iteration's first day, for an iteration
	// field.
	StartDate string `json:"start_date"`
	// Iterations are the iterations, when they are not all alike; three
	// of iteration_duration days from start_date when absent.
	Iterations []Iteration `json:"iterations,omitempty"`
}

func (AddProjectItem) isProjectsWrite()            {}
func (UpdateProjectItem) isProjectsWrite()         {}
func (UpdateProjectItems) isProjectsWrite()        {}
func (DeleteProjectItem) isProjectsWrite()         {}
func (CreateProjectStatusUpdate) isProjectsWrite() {}
func (CreateProjectView) isProjectsWrite()         {}
func (UpdateProjectView) isProjectsWrite()         {}
func (DeleteProjectView) isProjectsWrite()         {}
func (CreateProject) isProjectsWrite()             {}
func (CreateIterationField) isProjectsWrite()      {}

// ViewLayout is how a project view shows its items.
type ViewLayout string

const (
	LayoutTable   ViewLayout = "table"
	LayoutBoard   ViewLayout = "board"
	LayoutRoadmap ViewLayout = "roadmap"
)

// UpdatedField is a project field, by id or by name, and the value to
// set it to.
//
//unionflat:union untagged
type UpdatedField interface{ isUpdatedField() }

// FieldByID is a field by its ID, and its value.
type FieldByID struct {
	// ID is the field's ID.
	ID int64 `json:"id"`
	// Value is the field's new value, any JSON value; null clears it. A
	// single-select field takes an option's ID when named by id, its name
	// when named by name.
	Value any `json:"value"`
}

// FieldByName is a field by its name, and its value.
type FieldByName struct {
	// Name is the field's name; case does not matter.
	Name string `json:"name"`
	// Value is the field's new value, any JSON value; null clears it. A
	// single-select field takes an option's ID when named by id, its name
	// when named by name.
	Value any `json:"value"`
}

func (FieldByID) isUpdatedField()   {}
func (FieldByName) isUpdatedField() {}

// ItemRef names a project item: by node_id, by item_id, or by
// item_owner, item_repo and issue_number.
//
//unionflat:union untagged
type ItemRef interface{ isItemRef() }

// ItemByNodeID is an item by its node ID.
type ItemByNodeID struct {
	// NodeID is the item's node ID.
	NodeID string `json:"node_id"`
}

// ItemByID is an item by its ID.
type ItemByID struct {
	// ItemID is the item's ID.
	ItemID int64 `json:"item_id"`
}

// ItemByIssue is the item of an issue.
type ItemByIssue struct {
	// ItemOwner is the owner of the issue's repository.
	ItemOwner string `json:"item_owner"`
	// ItemRepo is the name of the issue's repository.
	ItemRepo string `json:"item_repo"`
	// IssueNumber is the issue's number.
	IssueNumber int `json:"issue_number"`
}

func (ItemByNodeID) isItemRef() {}
func (ItemByID) isItemRef()     {}
func (ItemByIssue) isItemRef()  {}

// Iteration is one iteration of an iteration field.
type Iteration struct {
	// Title is the iteration's title, such as Sprint 1.
	Title string `json:"title"`
	// StartDate is its first day, as YYYY-MM-DD.
	StartDate string `json:"start_date"`
	// Duration is its length in days.
	Duration int `json:"duration"`
}
