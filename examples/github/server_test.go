package github

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/unionflat/unionflat/examples/internal/calltest"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// recorder wraps a client transport and keeps the raw result of every
// response the client reads: the client decodes a tool's inputSchema
// into a map, which would hide the order of its keys.
type recorder struct {
	mcp.Transport
	calltest.Wire
}

func (r *recorder) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := r.Transport.Connect(ctx)
	return recordingConn{c, r}, err
}

type recordingConn struct {
	mcp.Connection
	r *recorder
}

func (c recordingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if resp, ok := msg.(*jsonrpc.Response); ok {
		c.r.Keep(resp.Result)
	}
	return msg, err
}

// connect serves a new Fake in the process and connects go-sdk's own
// client to it over in-memory transports; both close when t ends.
func connect(t *testing.T) (*mcp.ClientSession, *recorder) {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := NewServer(NewFake()).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	rec := &recorder{Transport: ct}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, rec
}

// TestList lists the tools through the client: each arrives with its
// flat schema byte for byte (once compacted), its title, and, in
// annotations, the title and hints of its upstream snapshot exactly.
func TestList(t *testing.T) {
	cs, rec := connect(t)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("testdata/upstream.json")
	if err != nil {
		t.Fatal(err)
	}
	var up upstream
	if err := json.Unmarshal(b, &up); err != nil {
		t.Fatal(err)
	}
	schemas, annotations := rec.Listed(t, "inputSchema"), rec.Listed(t, "annotations")
	tools := Tools(NewFake())
	if len(res.Tools) != len(tools) {
		t.Errorf("listed %d tools, want %d", len(res.Tools), len(tools))
	}
	titles := map[string]string{}
	for _, tool := range res.Tools {
		titles[tool.Name] = tool.Title
	}
	for _, h := range tools {
		if titles[h.Name] != h.Title {
			t.Errorf("%s: title %q, want %q", h.Name, titles[h.Name], h.Title)
		}
		if got, want := calltest.Compact(t, schemas[h.Name]), calltest.Compact(t, h.InputSchema()); !bytes.Equal(got, want) {
			t.Errorf("%s: inputSchema on the wire\n%s\nwant the flat schema\n%s", h.Name, got, want)
		}
		var got map[string]any
		if err := json.Unmarshal(annotations[h.Name], &got); err != nil {
			t.Fatalf("%s: annotations %s: %v", h.Name, annotations[h.Name], err)
		}
		want := map[string]any{"title": up.Tools[h.Name].Title}
		for k, v := range up.Tools[h.Name].Annotations {
			want[k] = v
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: annotations %v, upstream %v", h.Name, got, want)
		}
	}
}

// invalid is the reply to arguments the decoder rejects: one problem a
// line.
func invalid(problems ...string) []string {
	return []string{unionflat.InvalidArguments + strings.Join(problems, "\n")}
}

// repaired is a result, then the note saying what was read.
func repaired(result string, repairs ...string) []string {
	return []string{result, unionflat.RepairedArguments + strings.Join(repairs, "\n")}
}

const hello = `"owner":"octocat","repo":"hello-world"`

// calls are, per tool, a correct call and the mistakes models make, each
// on a new Fake, with every text block of the result.
var calls = []struct {
	name, tool, args string
	isError          bool
	want             []string
}{
	{"get_me", "get_me", `{}`, false,
		[]string{`{"html_url":"https://github.com/octocat","login":"octocat","name":"The Octocat"}`}},
	{"get_me/invented key", "get_me", `{"user":"octocat"}`, true,
		invalid(`/user: user is not a known property`)},

	{"list_issues", "list_issues", `{` + hello + `}`, false, []string{`{"issues":[` +
		`{"number":2,"title":"Docs are out of date","body":"","state":"CLOSED","user":"octocat","labels":["docs"]},` +
		`{"number":1,"title":"Found a bug","body":"It crashes.","state":"OPEN","user":"hubot","labels":["bug"]}],` +
		`"pageInfo":{"endCursor":"","hasNextPage":false}}`}},
	{"list_issues/enum case and one item", "list_issues", `{` + hello + `,"state":"open","fields":"title"}`, false,
		repaired(`{"issues":[{"title":"Found a bug"}],"pageInfo":{"endCursor":"","hasNextPage":false}}`,
			`/state: read "open" as "OPEN"`, `/fields: read "title" as ["title"]`)},
	{"list_issues/quoted number", "list_issues", `{` + hello + `,"perPage":"1","direction":"ASC","fields":["number","title"]}`, false,
		repaired(`{"issues":[{"number":1,"title":"Found a bug"}],"pageInfo":{"endCursor":"","hasNextPage":false}}`,
			`/perPage: read "1" as 1`)},
	{"list_issues/wrong enum and page", "list_issues", `{` + hello + `,"state":"OPENED","page":2}`, true,
		invalid(`/state: state is "OPENED"; did you mean "OPEN"? It must be one of OPEN | CLOSED`,
			`/page: page is not a known property (expected owner, repo, state, labels, orderBy, direction, since, after, perPage, field_filters, fields)`)},
	{"list_issues/filter item missing a key", "list_issues", `{` + hello + `,"field_filters":[{"field_name":"Priority"}]}`, true,
		invalid(`/field_filters/0/value: value is required`)},

	{"search_repositories", "search_repositories", `{"query":"hello","minimal_output":false}`, false,
		[]string{`{"items":[{"default_branch":"main","description":"My first repository","full_name":"octocat/hello-world",` +
			`"html_url":"https://github.com/octocat/hello-world","stargazers_count":42}],"total_count":1}`}},
	{"search_repositories/default minimal", "search_repositories", `{"query":"go"}`, false,
		[]string{`{"items":[{"description":"Shared tooling for Go services","full_name":"octo-org/tools","stargazers_count":7}],"total_count":1}`}},
	{"search_repositories/misspelt key", "search_repositories", `{"q":"hello"}`, true,
		invalid(`/query: query is required`,
			`/q: q is not a known property (expected query, sort, order, page, perPage, minimal_output)`)},
	{"search_repositories/bound and enum", "search_repositories", `{"query":"hello","perPage":500,"sort":"star"}`, true,
		invalid(`/perPage: perPage must be at most 100, not 500`,
			`/sort: sort is "star"; did you mean "stars"? It must be one of stars | forks | help-wanted-issues | updated`)},

	{"get_file_contents/root", "get_file_contents", `{` + hello + `,"fields":["name","type"]}`, false,
		[]string{`[{"name":"README.md","type":"file"},{"name":"src","type":"dir"}]`}},
	{"get_file_contents/file at a ref", "get_file_contents", `{` + hello + `,"path":"src/main.go","ref":"refs/heads/dev"}`, false,
		[]string{`{"content":"package main\n\nfunc main() { println(\"hello\") }\n","path":"src/main.go","type":"file"}`}},
	{"get_file_contents/misspelt key and field", "get_file_contents", `{"owner":"octocat","repository":"hello-world","fields":["name","kind"]}`, true,
		invalid(`/repo: repo is required`,
			`/fields/1: item 1 must be one of type | name | path | size | sha | url | git_url | html_url | download_url, not "kind"`,
			`/repository: repository is not a known property (expected owner, repo, path, ref, sha, fields)`)},
	{"get_file_contents/no such path", "get_file_contents", `{` + hello + `,"path":"docs"}`, true,
		[]string{`path "docs" not found in octocat/hello-world at 70c506fada67`}},

	{"create_branch", "create_branch", `{` + hello + `,"branch":"feature","from_branch":"dev"}`, false,
		[]string{`{"ref":"refs/heads/feature","sha":"aec0198e7321"}`}},
	{"create_branch/exists", "create_branch", `{` + hello + `,"branch":"dev"}`, true,
		[]string{`branch dev already exists in octocat/hello-world`}},
	{"create_branch/guessed keys", "create_branch", `{` + hello + `,"name":"feature","from":"dev"}`, true,
		invalid(`/branch: branch is required`,
			`/name: name is not a known property (expected owner, repo, branch, from_branch)`,
			`/from: from is not a known property`)},

	{"list_commits", "list_commits", `{` + hello + `,"sha":"dev","fields":["sha","commit"]}`, false,
		[]string{`[{"commit":{"message":"Greet the world"},"sha":"aec0198e7321"},` +
			`{"commit":{"message":"Add main.go"},"sha":"70c506fada67"},{"commit":{"message":"Initial commit"},"sha":"2fa2e5c3ea18"}]`}},
	{"list_commits/quoted numbers", "list_commits", `{` + hello + `,"path":"README.md","page":"1","perPage":"10"}`, false,
		repaired(`[{"sha":"2fa2e5c3ea18","html_url":"https://github.com/octocat/hello-world/commit/2fa2e5c3ea18",`+
			`"commit":{"message":"Initial commit"},"author":"octocat","committer":"octocat"}]`,
			`/page: read "1" as 1`, `/perPage: read "10" as 10`)},
	{"list_commits/page 0 and unknown field", "list_commits", `{` + hello + `,"page":0,"fields":["sha","message"]}`, true,
		invalid(`/page: page must be at least 1, not 0`,
			`/fields/1: item 1 must be one of sha | html_url | commit | author | committer, not "message"`)},

	{"get_commit/default detail", "get_commit", `{` + hello + `,"sha":"dev"}`, false,
		[]string{`{"sha":"aec0198e7321","html_url":"https://github.com/octocat/hello-world/commit/aec0198e7321",` +
			`"commit":{"message":"Greet the world"},"author":"hubot","committer":"hubot","files":[{"additions":3,"filename":"src/main.go"}]}`}},
	{"get_commit/no files", "get_commit", `{` + hello + `,"sha":"main","detail":"none"}`, false,
		[]string{`{"sha":"70c506fada67","html_url":"https://github.com/octocat/hello-world/commit/70c506fada67",` +
			`"commit":{"message":"Add main.go"},"author":"octocat","committer":"octocat"}`}},
	{"get_commit/wrong enum", "get_commit", `{` + hello + `,"sha":"dev","detail":"patch"}`, true,
		invalid(`/detail: detail must be one of none | stats | full_patch, not "patch"`)},
	{"get_commit/missing sha", "get_commit", `{` + hello + `}`, true,
		invalid(`/sha: sha is required`)},

	{"create_pull_request", "create_pull_request", `{` + hello + `,"title":"Greet","head":"dev","base":"main","reviewers":["hubot"],"draft":true}`, false,
		[]string{`{"draft":true,"html_url":"https://github.com/octocat/hello-world/pull/4","number":4}`}},
	{"create_pull_request/one reviewer and a quoted boolean", "create_pull_request",
		`{` + hello + `,"title":"Greet","head":"dev","base":"main","reviewers":"hubot","draft":"true"}`, false,
		repaired(`{"draft":true,"html_url":"https://github.com/octocat/hello-world/pull/4","number":4}`,
			`/reviewers: read "hubot" as ["hubot"]`, `/draft: read "true" as true`)},
	{"create_pull_request/missing keys", "create_pull_request", `{` + hello + `,"title":"Greet","branch":"dev"}`, true,
		invalid(`/head: head is required`, `/base: base is required`,
			`/branch: branch is not a known property (expected owner, repo, title, body, head, base, draft, maintainer_can_modify, reviewers)`)},

	{"merge_pull_request", "merge_pull_request", `{` + hello + `,"pullNumber":3,"merge_method":"squash"}`, false,
		[]string{`{"merged":true,"message":"Pull Request successfully merged","sha":"5352557f3cb7"}`}},
	{"merge_pull_request/quoted number", "merge_pull_request", `{` + hello + `,"pullNumber":"3"}`, false,
		repaired(`{"merged":true,"message":"Pull Request successfully merged","sha":"5352557f3cb7"}`, `/pullNumber: read "3" as 3`)},
	{"merge_pull_request/snake case and wrong enum", "merge_pull_request", `{` + hello + `,"pull_number":3,"merge_method":"fast-forward"}`, true,
		invalid(`/pullNumber: pullNumber is required`,
			`/merge_method: merge_method must be one of merge | squash | rebase, not "fast-forward"`,
			`/pull_number: pull_number is not a known property; did you mean pullNumber? (expected owner, repo, pullNumber, commit_title, commit_message, merge_method)`)},
	{"merge_pull_request/fraction", "merge_pull_request", `{` + hello + `,"pullNumber":3.5}`, true,
		invalid(`/pullNumber: pullNumber must be an integer, not 3.5`)},
	{"merge_pull_request/an issue", "merge_pull_request", `{` + hello + `,"pullNumber":1}`, true,
		[]string{`pull request 1 not found in octocat/hello-world`}},

	{"list_branches", "list_branches", `{` + hello + `}`, false,
		[]string{`[{"name":"dev","sha":"aec0198e7321"},{"name":"main","sha":"70c506fada67"}]`}},
	{"list_branches/second page", "list_branches", `{` + hello + `,"perPage":1,"page":2}`, false,
		[]string{`[{"name":"main","sha":"70c506fada67"}]`}},
	{"list_branches/double-serialized", "list_branches", `"{\"owner\":\"octocat\",\"repo\":\"hello-world\",\"perPage\":1}"`, false,
		repaired(`[{"name":"dev","sha":"aec0198e7321"}]`, `the arguments: read the string as the object it holds`)},
	{"list_branches/missing repo", "list_branches", `{"owner":"octocat"}`, true,
		invalid(`/repo: repo is required`)},

	{"search_code", "search_code", `{"query":"package repo:octocat/hello-world","fields":["path","repository"]}`, false,
		[]string{`{"items":[{"path":"src/main.go","repository":"octocat/hello-world"}],"total_count":1}`}},
	{"search_code/no hit", "search_code", `{"query":"println"}`, false,
		[]string{`{"items":[],"total_count":0}`}},
	{"search_code/wrong enum", "search_code", `{"query":"x","order":"descending"}`, true,
		invalid(`/order: order must be one of asc | desc, not "descending"`)},

	{"update_issue_labels", "update_issue_labels", `{` + hello + `,"issue_number":1,"labels":["bug",{"name":"p1","confidence":"HIGH","rationale":"Reports a crash"},{"name":"triage","is_suggestion":true}]}`, false,
		[]string{`{"labels":["bug","p1"],"number":1,"suggested":["triage"]}`}},
	{"update_issue_labels/none", "update_issue_labels", `{` + hello + `,"issue_number":1,"labels":[]}`, false,
		[]string{`{"labels":[],"number":1,"suggested":[]}`}},
	{"update_issue_labels/one label alone, quoted number, case", "update_issue_labels", `{` + hello + `,"issue_number":"1","labels":{"name":"p1","confidence":"high"}}`, false,
		repaired(`{"labels":["p1"],"number":1,"suggested":[]}`,
			`/issue_number: read "1" as 1`, `/labels: read {"name":"p1","confidence":"high"} as [{"name":"p1","confidence":"high"}]`, `/labels/0/confidence: read "high" as "HIGH"`)},
	{"update_issue_labels/a number, an object without name", "update_issue_labels", `{` + hello + `,"issue_number":1,"labels":[7,{"confidence":"LOW"}]}`, true,
		invalid(`/labels/0: item 0 must be a string or an object, not a number`, `/labels/1/name: name is required`)},
	{"update_issue_labels/labels missing", "update_issue_labels", `{` + hello + `,"issue_number":1}`, true,
		invalid(`/labels: labels is required`)},
	{"add_issue_comment", "add_issue_comment", `{` + hello + `,"issue_number":1,"body":"Fixed in #3."}`, false,
		[]string{`{"comment":"https://github.com/octocat/hello-world/issues/1#issuecomment-1"}`}},
	{"add_issue_comment/reaction and quoted number", "add_issue_comment", `{` + hello + `,"issue_number":"1","reaction":"+1"}`, false,
		repaired(`{"reaction":"+1"}`, `/issue_number: read "1" as 1`)},
	{"add_issue_comment/wrong enum", "add_issue_comment", `{` + hello + `,"issue_number":1,"reaction":"thumbsup"}`, true,
		invalid(`/reaction: reaction must be one of +1 | -1 | laugh | confused | heart | hooray | rocket | eyes, not "thumbsup"`)},
	{"add_issue_comment/empty body", "add_issue_comment", `{` + hello + `,"issue_number":1,"body":""}`, true,
		invalid(`/body: body must be at least 1 character long`)},
	{"add_issue_comment/neither body nor reaction", "add_issue_comment", `{` + hello + `,"issue_number":1}`, true,
		[]string{`give body, reaction or both`}},
	{"add_issue_comment/comment_id with body", "add_issue_comment", `{` + hello + `,"issue_number":1,"body":"x","comment_id":1,"reaction":"heart"}`, true,
		[]string{`comment_id cannot be combined with body: a comment_id says which comment to react to`}},

	{"fork_repository", "fork_repository", `{"owner":"octo-org","repo":"tools"}`, false,
		[]string{`{"fork":true,"full_name":"octocat/tools","html_url":"https://github.com/octocat/tools"}`}},
	{"fork_repository/own repository", "fork_repository", `{` + hello + `}`, true,
		[]string{`octocat/hello-world already exists`}},
	{"fork_repository/guessed key", "fork_repository", `{` + hello + `,"org":"octo-org"}`, true,
		invalid(`/org: org is not a known property (expected owner, repo, organization)`)},

	{"push_files", "push_files", `{` + hello + `,"branch":"main","message":"Add docs","files":[{"path":"docs/a.md","content":"# A\n"},{"path":"docs/b.md","content":"# B\n"}]}`, false,
		[]string{`{"ref":"refs/heads/main","sha":"c06bbbb143fd"}`}},
	{"push_files/one file alone", "push_files", `{` + hello + `,"branch":"main","message":"Add docs","files":{"path":"docs/a.md","content":"# A\n"}}`, false,
		repaired(`{"ref":"refs/heads/main","sha":"5f5e5fa4351a"}`,
			`/files: read {"path":"docs/a.md","content":"# A\n"} as [{"path":"docs/a.md","content":"# A\n"}]`)},
	{"push_files/broken items", "push_files", `{` + hello + `,"branch":"main","message":"Add docs","files":[{"path":"docs/a.md"},{"filename":"b","content":"x"}]}`, true,
		invalid(`/files/0/content: content is required`, `/files/1/path: path is required`,
			`/files/1/filename: filename is not a known property (expected path, content)`)},

	{"create_issue", "create_issue", `{` + hello + `,"title":"Add a logo","body":"A small one."}`, false,
		[]string{`{"html_url":"https://github.com/octocat/hello-world/issues/4","number":4}`}},
	{"create_issue/null body", "create_issue", `{` + hello + `,"title":"Add a logo","body":null}`, false,
		repaired(`{"html_url":"https://github.com/octocat/hello-world/issues/4","number":4}`, `/body: read null as the property left out`)},
	{"create_issue/null title and a key of another tool", "create_issue", `{` + hello + `,"title":null,"labels":["design"]}`, true,
		invalid(`/title: title must be a string, not null`, `/labels: labels is not a known property (expected owner, repo, title, body)`)},
	{"create_issue/no such repository", "create_issue", `{"owner":"octocat","repo":"nope","title":"x"}`, true,
		[]string{`repository octocat/nope not found`}},
}

// TestCalls makes every call through go-sdk's client, each on a new
// server, and checks every text block of the result.
func TestCalls(t *testing.T) {
	tested := map[string]bool{}
	for _, c := range slices.Concat(calls, unionCalls) {
		tested[c.tool] = true
		t.Run(c.name, func(t *testing.T) {
			cs, _ := connect(t)
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
			if err != nil {
				t.Fatalf("a protocol error, not a tool result: %v", err)
			}
			if got := texts(t, res); res.IsError != c.isError || !reflect.DeepEqual(got, c.want) {
				t.Errorf("isError %v, text blocks:\n%q\nwant isError %v:\n%q", res.IsError, got, c.isError, c.want)
			}
		})
	}
	for _, h := range Tools(NewFake()) {
		if !tested[h.Name] {
			t.Errorf("no call of %s", h.Name)
		}
	}
}

func texts(t *testing.T, res *mcp.CallToolResult) []string {
	t.Helper()
	var out []string
	for _, c := range res.Content {
		tc, ok := c.(*mcp.TextContent)
		if !ok {
			t.Fatalf("content %T, want text", c)
		}
		out = append(out, tc.Text)
	}
	return out
}

// TestSession runs a change from branch to merge on one server: each call
// sees what the ones before it did.
func TestSession(t *testing.T) {
	cs, _ := connect(t)
	steps := []struct{ tool, args, want string }{
		{"create_branch", `{` + hello + `,"branch":"docs"}`, `{"ref":"refs/heads/docs","sha":"70c506fada67"}`},
		{"push_files", `{` + hello + `,"branch":"docs","message":"Add a guide","files":[{"path":"docs/guide.md","content":"# Guide\n"}]}`,
			`{"ref":"refs/heads/docs","sha":"a0c3bf147795"}`},
		{"create_pull_request", `{` + hello + `,"title":"Add a guide","head":"docs","base":"main"}`,
			`{"draft":false,"html_url":"https://github.com/octocat/hello-world/pull/4","number":4}`},
		{"merge_pull_request", `{` + hello + `,"pullNumber":4}`,
			`{"merged":true,"message":"Pull Request successfully merged","sha":"d6b290a89160"}`},
		{"merge_pull_request", `{` + hello + `,"pullNumber":4}`, `pull request 4 is not open`},
		{"get_file_contents", `{` + hello + `,"path":"docs","fields":["path"]}`, `[{"path":"docs/guide.md"}]`},
		{"list_commits", `{` + hello + `,"fields":["commit"],"perPage":2}`,
			`[{"commit":{"message":"Merge pull request #4"}},{"commit":{"message":"Add main.go"}}]`},
	}
	for _, s := range steps {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: s.tool, Arguments: json.RawMessage(s.args)})
		if err != nil {
			t.Fatal(err)
		}
		if got := texts(t, res); len(got) != 1 || got[0] != s.want {
			t.Errorf("%s %s:\n%q\nwant %q", s.tool, s.args, got, s.want)
		}
	}
}
