package github

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// The handlers of the tools that choose an operation with method: each
// gets the decoded variant and type-switches on it.

type review struct {
	ID    int64  `json:"id"`
	State string `json:"state"`
	Body  string `json:"body,omitempty"`
	User  string `json:"user"`
}

type thread struct {
	pull     int
	resolved bool
}

type workflow struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Path  string `json:"path"`
	State string `json:"state"`
}

type run struct {
	ID         int64  `json:"id"`
	WorkflowID int64  `json:"workflow_id"`
	Branch     string `json:"head_branch"`
	Event      string `json:"event"`
	Status     string `json:"status"`
	Conclusion string `json:"conclusion"`
	Actor      string `json:"actor"`
	jobs       []job
	artifacts  []artifact
}

type job struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	Status     string `json:"status"`
	Conclusion string `json:"conclusion"`
	Attempt    int    `json:"run_attempt"`
}

type artifact struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Size int    `json:"size_in_bytes"`
}

func issueURL(r *repository, n int) string {
	return fmt.Sprintf("https://github.com/%s/%s/issues/%d", r.owner, r.name, n)
}

// IssueWrite handles issue_write. The fake knows the users octocat and
// hubot, the milestones and issue types of each repository, and no custom
// issue fields. The rules no flat schema says are checked here: each
// issue field sets exactly one of value, field_option_name and delete;
// duplicate_of goes with state_reason duplicate, which needs it to close.
func (f *Fake) IssueWrite(_ context.Context, in IssueWrite) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch in := in.(type) {
	case IssueWriteCreate:
		r, err := f.repo(in.Repo)
		if err != nil {
			return "", err
		}
		is := &issue{Number: len(r.issues) + 1, Title: in.Title, Body: in.Body, State: IssueOpen, User: f.login,
			Labels: []string{}, assignees: []string{}}
		if err := r.setIssue(is, in.Assignees, in.Labels, in.Milestone, in.Type, in.IssueFields); err != nil {
			return "", err
		}
		r.issues = append(r.issues, is)
		return reply(map[string]any{"number": is.Number, "html_url": issueURL(r, is.Number)})
	case IssueWriteUpdate:
		r, err := f.repo(in.Repo)
		if err != nil {
			return "", err
		}
		is, err := r.issue(in.IssueNumber)
		if err != nil {
			return "", err
		}
		switch {
		case in.DuplicateOf != 0 && in.StateReason != "duplicate":
			return "", errors.New("duplicate_of goes with state_reason duplicate only")
		case in.State == "closed" && in.StateReason == "duplicate" && in.DuplicateOf == 0:
			return "", errors.New("closing as a duplicate needs duplicate_of, the issue this one duplicates")
		case in.DuplicateOf != 0:
			if _, err := r.issue(in.DuplicateOf); err != nil || in.DuplicateOf == is.Number {
				return "", fmt.Errorf("duplicate_of %d is no other issue of %s/%s", in.DuplicateOf, r.owner, r.name)
			}
		}
		next := *is
		if in.Title != "" {
			next.Title = in.Title
		}
		if in.Body != "" {
			next.Body = in.Body
		}
		var assignees, labels []string
		if in.Assignees != nil {
			assignees = append([]string{}, *in.Assignees...)
		}
		if in.Labels != nil {
			labels = append([]string{}, *in.Labels...)
		}
		if err := r.setIssue(&next, assignees, labels, in.Milestone, in.Type, in.IssueFields); err != nil {
			return "", err
		}
		if in.State != "" {
			next.State, next.stateReason = IssueState(strings.ToUpper(in.State)), in.StateReason
		}
		*is = next
		out := map[string]any{"number": is.Number, "title": is.Title, "state": is.State, "labels": is.Labels,
			"assignees": append([]string{}, is.assignees...), "html_url": issueURL(r, is.Number)}
		if is.stateReason != "" {
			out["state_reason"] = is.stateReason
		}
		if is.milestone != 0 {
			out["milestone"] = is.milestone
		}
		if is.typ != "" {
			out["type"] = is.typ
		}
		return reply(out)
	}
	return "", fmt.Errorf("no method %T", in)
}

// setIssue sets on is what issue_write sends: nil slices, 0 and an absent
// type leave a value as it is; a null type removes it.
func (r *repository) setIssue(is *issue, assignees, labels []string, milestone int, typ unionflat.Nullable[string], fields []IssueField) error {
	for _, a := range assignees {
		if a != "octocat" && a != "hubot" {
			return fmt.Errorf("cannot assign %s: no such user", a)
		}
	}
	if milestone != 0 && !slices.Contains(r.milestones, milestone) {
		return fmt.Errorf("milestone %d not found in %s/%s", milestone, r.owner, r.name)
	}
	if t, ok := typ.Get(); ok && !slices.ContainsFunc(r.issueTypes, func(it string) bool { return strings.EqualFold(it, t) }) {
		return fmt.Errorf("issue type %q not found for %s/%s (its types: %s)", t, r.owner, r.name, strings.Join(r.issueTypes, ", "))
	}
	for i, fv := range fields {
		n := 0
		for _, set := range []bool{fv.Value != nil, fv.FieldOptionName != "", fv.Delete} {
			if set {
				n++
			}
		}
		if n != 1 {
			return fmt.Errorf("issue_fields[%d] (%s): give exactly one of value, field_option_name or delete: true", i, fv.FieldName)
		}
	}
	if len(fields) > 0 {
		return fmt.Errorf("%s/%s has no custom field %q", r.owner, r.name, fields[0].FieldName)
	}
	if assignees != nil {
		is.assignees = assignees
	}
	if labels != nil {
		is.Labels = labels
	}
	if milestone != 0 {
		is.milestone = milestone
	}
	if typ.Present() {
		is.typ, _ = typ.Get() // null removes the type
	}
	return nil
}

// issueByID finds an issue by its ID, which is not its number.
func (r *repository) issueByID(id int64) (*issue, error) {
	if n := id - r.id*1000; r.id != 0 && n >= 1 && n <= int64(len(r.issues)) {
		return r.issues[n-1], nil
	}
	return nil, fmt.Errorf("no issue with ID %d in %s/%s (an ID is not a number)", id, r.owner, r.name)
}

// SubIssueWrite handles sub_issue_write, within one repository. A parent
// has its sub-issues in order; an issue has one parent at most. Of
// reprioritize's after_id and before_id, exactly one is needed.
func (f *Fake) SubIssueWrite(_ context.Context, in SubIssueWrite) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var at SubIssue
	switch in := in.(type) {
	case SubIssueAdd:
		at = in.SubIssue
	case SubIssueRemove:
		at = in.SubIssue
	case SubIssueReprioritize:
		at = in.SubIssue
	}
	r, err := f.repo(at.Repo)
	if err != nil {
		return "", err
	}
	parent, err := r.issue(at.IssueNumber)
	if err != nil {
		return "", err
	}
	sub, err := r.issueByID(at.SubIssueID)
	if err != nil {
		return "", err
	}
	switch in := in.(type) {
	case SubIssueAdd:
		switch {
		case sub == parent:
			return "", errors.New("an issue cannot be its own sub-issue")
		case sub.parent == parent.Number:
			return "", fmt.Errorf("issue %d is already a sub-issue of %d", sub.Number, parent.Number)
		case sub.parent != 0 && !in.ReplaceParent:
			return "", fmt.Errorf("issue %d already has parent %d: pass replace_parent true to move it", sub.Number, sub.parent)
		}
		if sub.parent != 0 {
			old := r.issues[sub.parent-1]
			old.subIssues = slices.DeleteFunc(old.subIssues, func(n int) bool { return n == sub.Number })
		}
		sub.parent, parent.subIssues = parent.Number, append(parent.subIssues, sub.Number)
	case SubIssueRemove:
		if sub.parent != parent.Number {
			return "", fmt.Errorf("issue %d is not a sub-issue of %d", sub.Number, parent.Number)
		}
		sub.parent, parent.subIssues = 0, slices.DeleteFunc(parent.subIssues, func(n int) bool { return n == sub.Number })
	case SubIssueReprioritize:
		if (in.AfterID == 0) == (in.BeforeID == 0) {
			return "", errors.New("give after_id or before_id, and only one of them")
		}
		if sub.parent != parent.Number {
			return "", fmt.Errorf("issue %d is not a sub-issue of %d", sub.Number, parent.Number)
		}
		anchor, err := r.issueByID(in.AfterID + in.BeforeID)
		if err != nil {
			return "", err
		}
		if anchor.parent != parent.Number || anchor == sub {
			return "", fmt.Errorf("issue %d is no other sub-issue of %d", anchor.Number, parent.Number)
		}
		list := slices.DeleteFunc(parent.subIssues, func(n int) bool { return n == sub.Number })
		i := slices.Index(list, anchor.Number)
		if in.AfterID != 0 {
			i++
		}
		parent.subIssues = slices.Insert(list, i, sub.Number)
	}
	subs := []map[string]any{}
	for _, n := range parent.subIssues {
		subs = append(subs, map[string]any{"number": n, "id": r.id*1000 + int64(n), "title": r.issues[n-1].Title})
	}
	return reply(map[string]any{"parent": parent.Number, "sub_issues": subs})
}

// ActionsList handles actions_list, 30 results a page unless per_page
// says otherwise.
func (f *Fake) ActionsList(_ context.Context, in ActionsList) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch in := in.(type) {
	case ListWorkflows:
		r, err := f.repo(in.Repo)
		if err != nil {
			return "", err
		}
		return reply(map[string]any{"total_count": len(r.workflows), "workflows": pageOf(r.workflows, in.ActionsPaging)})
	case ListWorkflowRuns:
		r, err := f.repo(in.Repo)
		if err != nil {
			return "", err
		}
		var wf *workflow
		for i, w := range r.workflows {
			if in.ResourceID == strconv.FormatInt(w.ID, 10) || in.ResourceID == w.Path[strings.LastIndex(w.Path, "/")+1:] {
				wf = &r.workflows[i]
			}
		}
		if in.ResourceID != "" && wf == nil {
			return "", fmt.Errorf("workflow %q not found in %s/%s: give its ID or its file name", in.ResourceID, r.owner, r.name)
		}
		var flt RunsFilter
		if in.WorkflowRunsFilter != nil {
			flt = *in.WorkflowRunsFilter
		}
		runs := []run{}
		for _, ru := range r.runs {
			if (wf == nil || ru.WorkflowID == wf.ID) && (flt.Actor == "" || flt.Actor == ru.Actor) &&
				(flt.Branch == "" || flt.Branch == ru.Branch) && (flt.Event == "" || flt.Event == ru.Event) &&
				(flt.Status == "" || flt.Status == ru.Status) {
				runs = append(runs, ru)
			}
		}
		return reply(map[string]any{"total_count": len(runs), "workflow_runs": pageOf(runs, in.ActionsPaging)})
	case ListWorkflowJobs:
		_, ru, err := f.run(in.Repo, in.ResourceID)
		if err != nil {
			return "", err
		}
		jobs := ru.jobs
		if in.WorkflowJobsFilter == nil || in.WorkflowJobsFilter.Filter != "all" {
			last := ru.jobs[len(ru.jobs)-1].Attempt
			jobs = slices.DeleteFunc(slices.Clone(jobs), func(j job) bool { return j.Attempt != last })
		}
		return reply(map[string]any{"total_count": len(jobs), "jobs": pageOf(jobs, in.ActionsPaging)})
	case ListWorkflowRunArtifacts:
		_, ru, err := f.run(in.Repo, in.ResourceID)
		if err != nil {
			return "", err
		}
		arts := append([]artifact{}, ru.artifacts...)
		return reply(map[string]any{"total_count": len(arts), "artifacts": pageOf(arts, in.ActionsPaging)})
	}
	return "", fmt.Errorf("no method %T", in)
}

func (f *Fake) run(in Repo, id string) (*repository, *run, error) {
	r, err := f.repo(in)
	if err != nil {
		return nil, nil, err
	}
	for i, ru := range r.runs {
		if strconv.FormatInt(ru.ID, 10) == id {
			return r, &r.runs[i], nil
		}
	}
	return nil, nil, fmt.Errorf("workflow run %s not found in %s/%s", id, r.owner, r.name)
}

func pageOf[T any](items []T, p ActionsPaging) []T {
	return page(items, Paging{Page: p.Page, PerPage: p.PerPage})
}

// reviewStates are the states of a submitted review, by event.
var reviewStates = map[ReviewEvent]string{ReviewApprove: "APPROVED", ReviewRequestChanges: "CHANGES_REQUESTED", ReviewComment: "COMMENTED"}

// PullRequestReviewWrite handles pull_request_review_write. The user has
// one pending review of a pull request at most; REQUEST_CHANGES and
// COMMENT need a body, as GitHub's API has it.
func (f *Fake) PullRequestReviewWrite(_ context.Context, in PullRequestReviewWrite) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	submit := func(rv *review, event ReviewEvent, body string) error {
		if body == "" && event != ReviewApprove {
			return fmt.Errorf("event %s needs a body", event)
		}
		rv.State, rv.Body = reviewStates[event], body
		return nil
	}
	switch in := in.(type) {
	case ReviewCreate:
		r, pr, err := f.pull(in.ReviewedPull)
		if err != nil {
			return "", err
		}
		if in.CommitID != "" {
			if _, ok := r.commits[in.CommitID]; !ok {
				return "", fmt.Errorf("commit %s not found in %s/%s", in.CommitID, r.owner, r.name)
			}
		}
		rv := review{ID: int64(r.reviews + 1), State: "PENDING", User: f.login}
		if in.Event == "" {
			if pr.pending != nil {
				return "", fmt.Errorf("you already have pending review %d of pull request %d: submit or delete it first", pr.pending.ID, in.PullNumber)
			}
			r.reviews, pr.pending = r.reviews+1, &rv
			return reply(rv)
		}
		if err := submit(&rv, in.Event, in.Body); err != nil {
			return "", err
		}
		r.reviews, pr.reviews = r.reviews+1, append(pr.reviews, rv)
		return reply(rv)
	case ReviewSubmitPending:
		_, pr, err := f.pull(in.ReviewedPull)
		if err != nil {
			return "", err
		}
		if pr.pending == nil {
			return "", fmt.Errorf("you have no pending review of pull request %d", in.PullNumber)
		}
		rv := *pr.pending
		if err := submit(&rv, in.Event, in.Body); err != nil {
			return "", err
		}
		pr.pending, pr.reviews = nil, append(pr.reviews, rv)
		return reply(rv)
	case ReviewDeletePending:
		_, pr, err := f.pull(in.ReviewedPull)
		if err != nil {
			return "", err
		}
		if pr.pending == nil {
			return "", fmt.Errorf("you have no pending review of pull request %d", in.PullNumber)
		}
		id := pr.pending.ID
		pr.pending = nil
		return reply(map[string]any{"id": id, "deleted": true})
	case ReviewResolveThread:
		return f.resolve(in.Repo, in.ThreadID, true)
	case ReviewUnresolveThread:
		return f.resolve(in.Repo, in.ThreadID, false)
	}
	return "", fmt.Errorf("no method %T", in)
}

func (f *Fake) pull(in ReviewedPull) (*repository, *pull, error) {
	r, err := f.repo(in.Repo)
	if err != nil {
		return nil, nil, err
	}
	pr, err := r.issue(in.PullNumber)
	if err != nil || pr.pull == nil {
		return nil, nil, fmt.Errorf("pull request %d not found in %s/%s", in.PullNumber, r.owner, r.name)
	}
	return r, pr.pull, nil
}

func (f *Fake) resolve(in Repo, id string, resolved bool) (string, error) {
	r, err := f.repo(in)
	if err != nil {
		return "", err
	}
	th, ok := r.threads[id]
	if !ok {
		return "", fmt.Errorf("review thread %s not found in %s/%s", id, r.owner, r.name)
	}
	th.resolved = resolved
	return reply(map[string]any{"id": id, "isResolved": resolved})
}
