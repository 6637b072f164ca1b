package github

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
)

// Fake is an in-memory GitHub: a user, a few repositories and what they
// hold. Its methods are the tools' typed handlers; each returns the
// reply's text, JSON as the real server's are, or an error worded for the
// model. A Fake is safe for concurrent calls.
type Fake struct {
	mu       sync.Mutex
	login    string
	repos    []*repository
	orgs     []string // the accounts that are organizations; others are users
	projects []*project
}

type repository struct {
	owner, name, description string
	stars                    int
	defaultBranch            string
	branches                 map[string]string // name to head commit
	commits                  map[string]*commit
	issues                   []*issue // pull requests too, as GitHub numbers them
	id                       int64    // issue IDs are id*1000 + number
	milestones               []int
	issueTypes               []string
	threads                  map[string]*thread // review threads by node ID
	reviews                  int                // reviews created, for their IDs
	workflows                []workflow
	runs                     []run // newest first
}

type commit struct {
	sha, parent, message, author string
	files                        map[string]string // the whole tree, path to content
	changed                      []string          // the paths this commit wrote
}

type issue struct {
	Number   int        `json:"number"`
	Title    string     `json:"title"`
	Body     string     `json:"body"`
	State    IssueState `json:"state"`
	User     string     `json:"user"`
	Labels   []string   `json:"labels"`
	Comments []string   `json:"-"`
	pull     *pull
	// issue_write and sub_issue_write
	assignees   []string
	milestone   int
	typ         string
	stateReason string
	parent      int   // the parent issue's number, 0 for none
	subIssues   []int // numbers, in order
}

type pull struct {
	head, base string
	pending    *review // the user's pending review
	reviews    []review
}

// NewFake returns a GitHub where octocat owns hello-world (branches main
// and dev, issues 1 and 2, pull request 3 from dev) and octo-org owns
// tools.
func NewFake() *Fake {
	hello := &repository{owner: "octocat", name: "hello-world", description: "My first repository",
		stars: 42, defaultBranch: "main", branches: map[string]string{}, commits: map[string]*commit{}}
	main := hello.commit("", "octocat", "Initial commit", map[string]string{"README.md": "# Hello World\n"})
	main = hello.commit(main, "octocat", "Add main.go", map[string]string{"src/main.go": "package main\n\nfunc main() {}\n"})
	hello.branches["main"] = main
	hello.branches["dev"] = hello.commit(main, "hubot", "Greet the world",
		map[string]string{"src/main.go": "package main\n\nfunc main() { println(\"hello\") }\n"})
	hello.id, hello.milestones, hello.issueTypes = 1296269, []int{1}, []string{"Bug", "Feature", "Task"}
	hello.threads = map[string]*thread{"PRRT_kwDOAAABc3": {pull: 3}}
	hello.workflows = []workflow{{ID: 161335, Name: "CI", Path: ".github/workflows/ci.yaml", State: "active"}}
	hello.runs = []run{
		{ID: 30433643, WorkflowID: 161335, Branch: "dev", Event: "pull_request", Status: "completed", Conclusion: "success", Actor: "hubot",
			jobs: []job{{ID: 399444496, Name: "build", Status: "completed", Conclusion: "failure", Attempt: 1},
				{ID: 399444497, Name: "build", Status: "completed", Conclusion: "success", Attempt: 2}}},
		{ID: 30433642, WorkflowID: 161335, Branch: "main", Event: "push", Status: "completed", Conclusion: "success", Actor: "octocat",
			jobs:      []job{{ID: 399444495, Name: "build", Status: "completed", Conclusion: "success", Attempt: 1}},
			artifacts: []artifact{{ID: 11, Name: "coverage", Size: 1024}}},
	}
	hello.issues = []*issue{
		{Number: 1, Title: "Found a bug", Body: "It crashes.", State: IssueOpen, User: "hubot", Labels: []string{"bug"}},
		{Number: 2, Title: "Docs are out of date", State: IssueClosed, User: "octocat", Labels: []string{"docs"}},
		{Number: 3, Title: "Greet the world", State: IssueOpen, User: "hubot", Labels: []string{}, pull: &pull{head: "dev", base: "main"}},
	}
	tools := &repository{owner: "octo-org", name: "tools", description: "Shared tooling for Go services",
		stars: 7, defaultBranch: "main", branches: map[string]string{}, commits: map[string]*commit{}}
	tools.branches["main"] = tools.commit("", "hubot", "Initial commit", map[string]string{"lint.go": "package tools\n"})
	tools.id = 1300192
	roadmap := &project{owner: "octo-org", number: 1, title: "Roadmap", nextID: 1002,
		fields: []*projectField{{id: 101, name: "Status", options: []string{"Todo", "In Progress", "Done"}}, {id: 102, name: "Notes"}},
		items:  []*projectItem{{id: 1001, content: "octocat/hello-world#1", values: map[string]any{}}},
		views:  []*projectView{{id: "PVTV_1", name: "Table", layout: LayoutTable, fields: []int64{101}}}}
	return &Fake{login: "octocat", repos: []*repository{hello, tools}, orgs: []string{"octo-org"}, projects: []*project{roadmap}}
}

// commit records a commit on parent that writes files, and returns its
// SHA, which hashes what it holds.
func (r *repository) commit(parent, author, message string, files map[string]string) string {
	tree := map[string]string{}
	if p := r.commits[parent]; p != nil {
		tree = maps.Clone(p.files)
	}
	h := sha1.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n", parent, author, message)
	var changed []string
	for path, content := range files {
		tree[path] = content
		changed = append(changed, path)
	}
	slices.Sort(changed)
	for _, p := range changed {
		fmt.Fprintf(h, "%s\n%s\n", p, files[p])
	}
	sha := hex.EncodeToString(h.Sum(nil))[:12]
	r.commits[sha] = &commit{sha: sha, parent: parent, message: message, author: author, files: tree, changed: changed}
	return sha
}

// repo finds a repository; GitHub answers 404 for one it does not have.
func (f *Fake) repo(in Repo) (*repository, error) {
	for _, r := range f.repos {
		if strings.EqualFold(r.owner, in.Owner) && strings.EqualFold(r.name, in.Repo) {
			return r, nil
		}
	}
	return nil, fmt.Errorf("repository %s/%s not found", in.Owner, in.Repo)
}

// resolve reads a branch name or a commit SHA, or the default branch when
// ref is empty.
func (r *repository) resolve(ref string) (*commit, error) {
	if ref == "" {
		ref = r.defaultBranch
	}
	ref = strings.TrimPrefix(ref, "refs/heads/")
	if sha, ok := r.branches[ref]; ok {
		return r.commits[sha], nil
	}
	if c, ok := r.commits[ref]; ok {
		return c, nil
	}
	return nil, fmt.Errorf("no commit, branch or tag %q in %s/%s", ref, r.owner, r.name)
}

func (r *repository) issue(number int) (*issue, error) {
	if number >= 1 && number <= len(r.issues) {
		return r.issues[number-1], nil
	}
	return nil, fmt.Errorf("issue %d not found in %s/%s", number, r.owner, r.name)
}

// reply is v as the reply's text: compact JSON.
func reply(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

// page is one page of items, perPage a page (30 when 0), page counting
// from 1.
func page[T any](items []T, p Paging) []T {
	n, from := p.PerPage, max(p.Page, 1)-1
	if n == 0 {
		n = 30
	}
	lo := min(from*n, len(items))
	return items[lo:min(lo+n, len(items))]
}

// pick keeps only fields of each item, or all of them when fields is
// empty; the fields tools use it for are enums of their JSON keys.
func pick[T any](items []T, fields []string) (any, error) {
	if len(fields) == 0 {
		return items, nil
	}
	out := make([]map[string]json.RawMessage, len(items))
	for i, it := range items {
		b, err := json.Marshal(it)
		if err != nil {
			return nil, err
		}
		var all map[string]json.RawMessage
		if err := json.Unmarshal(b, &all); err != nil {
			return nil, err
		}
		out[i] = map[string]json.RawMessage{}
		for _, k := range fields {
			if v, ok := all[k]; ok {
				out[i][k] = v
			}
		}
	}
	return out, nil
}

// GetMe handles get_me.
func (f *Fake) GetMe(context.Context, GetMe) (string, error) {
	return reply(map[string]any{"login": f.login, "name": "The Octocat", "html_url": "https://github.com/" + f.login})
}

// ListIssues handles list_issues: the issues of every state, or of one,
// that carry every label asked for, newest first unless direction is ASC.
// Pull requests are not issues here, as in GitHub's GraphQL API. The
// fake's issues have no dates and no custom fields: since and orderBy are
// not read, and a field filter finds no field.
func (f *Fake) ListIssues(_ context.Context, in ListIssues) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, err := f.repo(in.Repo)
	if err != nil {
		return "", err
	}
	if len(in.FieldFilters) > 0 {
		return "", fmt.Errorf("%s/%s has no custom field %q", r.owner, r.name, in.FieldFilters[0].FieldName)
	}
	list := []issue{}
	for _, is := range r.issues {
		if is.pull == nil && (in.State == "" || is.State == in.State) && hasAll(is.Labels, in.Labels) {
			list = append(list, *is)
		}
	}
	if in.Direction != "ASC" {
		slices.Reverse(list)
	}
	issues, err := pick(page(list, Paging{PerPage: in.PerPage}), in.Fields)
	if err != nil {
		return "", err
	}
	return reply(map[string]any{"issues": issues, "pageInfo": map[string]any{"hasNextPage": false, "endCursor": ""}})
}

func hasAll(have, want []string) bool {
	for _, w := range want {
		if !slices.ContainsFunc(have, func(h string) bool { return strings.EqualFold(h, w) }) {
			return false
		}
	}
	return true
}

// SearchRepositories handles search_repositories: a repository matches
// when every term of the query is in its name, owner or description.
func (f *Fake) SearchRepositories(_ context.Context, in SearchRepositories) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	items := []map[string]any{}
	for _, r := range f.repos {
		text := strings.ToLower(r.owner + "/" + r.name + " " + r.description)
		if !allTerms(text, in.Query) {
			continue
		}
		item := map[string]any{"full_name": r.owner + "/" + r.name, "description": r.description, "stargazers_count": r.stars}
		if !in.MinimalOutput {
			item["default_branch"] = r.defaultBranch
			item["html_url"] = "https://github.com/" + r.owner + "/" + r.name
		}
		items = append(items, item)
	}
	items = page(items, in.Paging)
	return reply(map[string]any{"total_count": len(items), "items": items})
}

func allTerms(text, query string) bool {
	for _, t := range strings.Fields(strings.ToLower(query)) {
		if !strings.Contains(text, t) {
			return false
		}
	}
	return true
}

// entry is a directory entry as get_file_contents lists it.
type entry struct {
	Type string `json:"type"`
	Name string `json:"name"`
	Path string `json:"path"`
	Size int    `json:"size"`
}

// GetFileContents handles get_file_contents: a file's text, or a
// directory's entries.
func (f *Fake) GetFileContents(_ context.Context, in GetFileContents) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, err := f.repo(in.Repo)
	if err != nil {
		return "", err
	}
	ref := in.SHA
	if ref == "" {
		ref = in.Ref
	}
	c, err := r.resolve(ref)
	if err != nil {
		return "", err
	}
	path := strings.Trim(in.Path, "/")
	if content, ok := c.files[path]; ok {
		return reply(map[string]any{"type": "file", "path": path, "content": content})
	}
	dir := path + "/"
	if path == "" {
		dir = ""
	}
	var entries []entry
	seen := map[string]bool{}
	for p, content := range c.files {
		rest, ok := strings.CutPrefix(p, dir)
		if !ok {
			continue
		}
		name, _, isDir := strings.Cut(rest, "/")
		if seen[name] {
			continue
		}
		seen[name] = true
		e := entry{Type: "file", Name: name, Path: dir + name, Size: len(content)}
		if isDir {
			e.Type, e.Size = "dir", 0
		}
		entries = append(entries, e)
	}
	if entries == nil {
		return "", fmt.Errorf("path %q not found in %s/%s at %s", in.Path, r.owner, r.name, c.sha)
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.Path, b.Path) })
	return replyPicked(entries, in.Fields)
}

func replyPicked[T any](items []T, fields []string) (string, error) {
	v, err := pick(items, fields)
	if err != nil {
		return "", err
	}
	return reply(v)
}

// CreateBranch handles create_branch.
func (f *Fake) CreateBranch(_ context.Context, in CreateBranch) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, err := f.repo(in.Repo)
	if err != nil {
		return "", err
	}
	if _, ok := r.branches[in.Branch]; ok {
		return "", fmt.Errorf("branch %s already exists in %s/%s", in.Branch, r.owner, r.name)
	}
	from := in.FromBranch
	if from == "" {
		from = r.defaultBranch
	}
	sha, ok := r.branches[from]
	if !ok {
		return "", fmt.Errorf("branch %s not found in %s/%s", from, r.owner, r.name)
	}
	r.branches[in.Branch] = sha
	return reply(map[string]any{"ref": "refs/heads/" + in.Branch, "sha": sha})
}

// commitInfo is a commit as list_commits and get_commit return it.
type commitInfo struct {
	SHA     string `json:"sha"`
	HTMLURL string `json:"html_url"`
	Commit  struct {
		Message string `json:"message"`
	} `json:"commit"`
	Author    string `json:"author"`
	Committer string `json:"committer"`
}

func (r *repository) info(c *commit) commitInfo {
	i := commitInfo{SHA: c.sha, HTMLURL: "https://github.com/" + r.owner + "/" + r.name + "/commit/" + c.sha,
		Author: c.author, Committer: c.author}
	i.Commit.Message = c.message
	return i
}

// ListCommits handles list_commits: the history of sha, newest first,
// filtered by path and author. since and until are not read: the fake's
// commits have no dates.
func (f *Fake) ListCommits(_ context.Context, in ListCommits) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, err := f.repo(in.Repo)
	if err != nil {
		return "", err
	}
	c, err := r.resolve(in.SHA)
	if err != nil {
		return "", err
	}
	list := []commitInfo{}
	for ; c != nil; c = r.commits[c.parent] {
		if (in.Path == "" || slices.Contains(c.changed, in.Path)) && (in.Author == "" || in.Author == c.author) {
			list = append(list, r.info(c))
		}
	}
	return replyPicked(page(list, in.Paging), in.Fields)
}

// GetCommit handles get_commit, with the changed files as detail asks.
func (f *Fake) GetCommit(_ context.Context, in GetCommit) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, err := f.repo(in.Repo)
	if err != nil {
		return "", err
	}
	c, err := r.resolve(in.SHA)
	if err != nil {
		return "", err
	}
	out := struct {
		commitInfo
		Files []map[string]any `json:"files,omitempty"`
	}{commitInfo: r.info(c)}
	if in.Detail != DetailNone {
		for _, p := range page(c.changed, in.Paging) {
			lines := strings.Count(c.files[p], "\n")
			file := map[string]any{"filename": p, "additions": lines}
			if in.Detail == DetailFullPatch {
				file["patch"] = "@@ +1," + fmt.Sprint(lines) + " @@\n+" + strings.ReplaceAll(strings.TrimSuffix(c.files[p], "\n"), "\n", "\n+")
			}
			out.Files = append(out.Files, file)
		}
	}
	return reply(out)
}

// CreatePullRequest handles create_pull_request. Reviewers are accepted
// and not recorded.
func (f *Fake) CreatePullRequest(_ context.Context, in CreatePullRequest) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, err := f.repo(in.Repo)
	if err != nil {
		return "", err
	}
	for _, b := range []string{in.Head, in.Base} {
		if _, ok := r.branches[b]; !ok {
			return "", fmt.Errorf("branch %s not found in %s/%s", b, r.owner, r.name)
		}
	}
	if r.branches[in.Head] == r.branches[in.Base] {
		return "", fmt.Errorf("no commits between %s and %s", in.Base, in.Head)
	}
	n := len(r.issues) + 1
	r.issues = append(r.issues, &issue{Number: n, Title: in.Title, Body: in.Body, State: IssueOpen,
		User: f.login, Labels: []string{}, pull: &pull{head: in.Head, base: in.Base}})
	return reply(map[string]any{"number": n, "draft": in.Draft,
		"html_url": fmt.Sprintf("https://github.com/%s/%s/pull/%d", r.owner, r.name, n)})
}

// MergePullRequest handles merge_pull_request: whatever the method, the
// base branch moves to a new commit holding head's files.
func (f *Fake) MergePullRequest(_ context.Context, in MergePullRequest) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, err := f.repo(in.Repo)
	if err != nil {
		return "", err
	}
	pr, err := r.issue(in.PullNumber)
	if err != nil || pr.pull == nil {
		return "", fmt.Errorf("pull request %d not found in %s/%s", in.PullNumber, r.owner, r.name)
	}
	if pr.State != IssueOpen {
		return "", fmt.Errorf("pull request %d is not open", in.PullNumber)
	}
	title := in.CommitTitle
	if title == "" {
		title = fmt.Sprintf("Merge pull request #%d", pr.Number)
	}
	head := r.commits[r.branches[pr.pull.head]]
	sha := r.commit(r.branches[pr.pull.base], f.login, title, head.files)
	r.branches[pr.pull.base] = sha
	pr.State = IssueClosed
	return reply(map[string]any{"merged": true, "sha": sha, "message": "Pull Request successfully merged"})
}

// ListBranches handles list_branches, in name order.
func (f *Fake) ListBranches(_ context.Context, in ListBranches) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, err := f.repo(in.Repo)
	if err != nil {
		return "", err
	}
	type branch struct {
		Name string `json:"name"`
		SHA  string `json:"sha"`
	}
	var list []branch
	for name, sha := range r.branches {
		list = append(list, branch{name, sha})
	}
	slices.SortFunc(list, func(a, b branch) int { return strings.Compare(a.Name, b.Name) })
	return reply(page(list, in.Paging))
}

// SearchCode handles search_code: a file matches when every term of the
// query that is no qualifier is in its text; of the qualifiers, only
// repo: is read.
func (f *Fake) SearchCode(_ context.Context, in SearchCode) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	type hit struct {
		Name       string `json:"name"`
		Path       string `json:"path"`
		SHA        string `json:"sha"`
		Repository string `json:"repository"`
	}
	var terms []string
	only := ""
	for _, t := range strings.Fields(in.Query) {
		if name, ok := strings.CutPrefix(t, "repo:"); ok {
			only = name
		} else if !strings.Contains(t, ":") {
			terms = append(terms, t)
		}
	}
	hits := []hit{}
	for _, r := range f.repos {
		full := r.owner + "/" + r.name
		if only != "" && !strings.EqualFold(only, full) {
			continue
		}
		c := r.commits[r.branches[r.defaultBranch]]
		for path, content := range c.files {
			if allTerms(strings.ToLower(content), strings.Join(terms, " ")) {
				name := path[strings.LastIndex(path, "/")+1:]
				hits = append(hits, hit{name, path, c.sha, full})
			}
		}
	}
	slices.SortFunc(hits, func(a, b hit) int { return strings.Compare(a.Repository+a.Path, b.Repository+b.Path) })
	items, err := pick(page(hits, in.Paging), in.Fields)
	if err != nil {
		return "", err
	}
	return reply(map[string]any{"total_count": len(hits), "items": items})
}

// AddIssueComment handles add_issue_comment, with the rules its schema
// cannot say: body or reaction or both, and comment_id only with a
// reaction alone.
func (f *Fake) AddIssueComment(_ context.Context, in AddIssueComment) (string, error) {
	switch {
	case in.CommentID != 0 && in.Body != "":
		return "", errors.New("comment_id cannot be combined with body: a comment_id says which comment to react to")
	case in.CommentID != 0 && in.Reaction == "":
		return "", errors.New("comment_id needs a reaction: it says which comment to react to")
	case in.Body == "" && in.Reaction == "":
		return "", errors.New("give body, reaction or both")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r, err := f.repo(in.Repo)
	if err != nil {
		return "", err
	}
	is, err := r.issue(in.IssueNumber)
	if err != nil {
		return "", err
	}
	out := map[string]any{}
	if in.Body != "" {
		is.Comments = append(is.Comments, in.Body)
		out["comment"] = fmt.Sprintf("https://github.com/%s/%s/issues/%d#issuecomment-%d", r.owner, r.name, is.Number, len(is.Comments))
	}
	if in.Reaction != "" {
		if in.CommentID > int64(len(is.Comments)) {
			return "", fmt.Errorf("comment %d does not belong to issue %d", in.CommentID, is.Number)
		}
		out["reaction"] = in.Reaction
	}
	return reply(out)
}

// UpdateIssueLabels handles update_issue_labels: the labels replace the
// issue's, a suggestion is listed apart.
func (f *Fake) UpdateIssueLabels(_ context.Context, in UpdateIssueLabels) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, err := f.repo(in.Repo)
	if err != nil {
		return "", err
	}
	is, err := r.issue(in.IssueNumber)
	if err != nil {
		return "", err
	}
	applied, suggested := []string{}, []string{}
	for _, l := range in.Labels {
		switch l := l.(type) {
		case LabelName:
			applied = append(applied, string(l))
		case LabelChoice:
			if l.IsSuggestion {
				suggested = append(suggested, l.Name)
			} else {
				applied = append(applied, l.Name)
			}
		}
	}
	is.Labels = applied
	return reply(map[string]any{"number": is.Number, "labels": applied, "suggested": suggested})
}

// ForkRepository handles fork_repository.
func (f *Fake) ForkRepository(_ context.Context, in ForkRepository) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, err := f.repo(in.Repo)
	if err != nil {
		return "", err
	}
	owner := in.Organization
	if owner == "" {
		owner = f.login
	}
	if _, err := f.repo(Repo{owner, r.name}); err == nil {
		return "", fmt.Errorf("%s/%s already exists", owner, r.name)
	}
	fork := *r
	fork.owner, fork.stars, fork.issues, fork.id, fork.threads = owner, 0, nil, 0, nil
	fork.branches, fork.commits = maps.Clone(r.branches), maps.Clone(r.commits)
	f.repos = append(f.repos, &fork)
	return reply(map[string]any{"full_name": owner + "/" + r.name, "fork": true,
		"html_url": "https://github.com/" + owner + "/" + r.name})
}

// PushFiles handles push_files: one commit on branch.
func (f *Fake) PushFiles(_ context.Context, in PushFiles) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, err := f.repo(in.Repo)
	if err != nil {
		return "", err
	}
	head, ok := r.branches[in.Branch]
	if !ok {
		return "", fmt.Errorf("branch %s not found in %s/%s", in.Branch, r.owner, r.name)
	}
	files := map[string]string{}
	for _, file := range in.Files {
		files[strings.TrimPrefix(file.Path, "/")] = file.Content
	}
	r.branches[in.Branch] = r.commit(head, f.login, in.Message, files)
	return reply(map[string]any{"ref": "refs/heads/" + in.Branch, "sha": r.branches[in.Branch]})
}

// CreateIssue handles create_issue.
func (f *Fake) CreateIssue(_ context.Context, in CreateIssue) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, err := f.repo(in.Repo)
	if err != nil {
		return "", err
	}
	n := len(r.issues) + 1
	r.issues = append(r.issues, &issue{Number: n, Title: in.Title, Body: in.Body, State: IssueOpen, User: f.login, Labels: []string{}})
	return reply(map[string]any{"number": n, "html_url": fmt.Sprintf("https://github.com/%s/%s/issues/%d", r.owner, r.name, n)})
}
