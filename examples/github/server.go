// Package github ports part of GitHub's official MCP server
// (github.com/github/github-mcp-server) onto unionflat: fifteen of its
// tools whose input is one plain object, typed as Go structs, and five
// whose root-level method chooses an operation, typed as unions, served
// on the official MCP Go SDK (github.com/modelcontextprotocol/go-sdk) with
// the flat schemas the generator writes.
//
// The handlers are the methods of [Fake], an in-memory GitHub, so that
// everything runs offline. The tools keep the upstream names, keys,
// types, enums and required keys, but for the differences the README
// lists, each deliberate; TestSnapshotFacts holds the port to the
// upstream snapshots' facts, stored in testdata.
//
//	s := github.NewServer(github.NewFake())
//	err := s.Run(ctx, &mcp.StdioTransport{})
package github

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// Tools returns every tool bound to its handler on f, in a fixed order.
func Tools(f *Fake) []unionflat.Handler {
	return []unionflat.Handler{
		GetMeTool.Bind(f.GetMe),
		ListIssuesTool.Bind(f.ListIssues),
		SearchRepositoriesTool.Bind(f.SearchRepositories),
		GetFileContentsTool.Bind(f.GetFileContents),
		CreateBranchTool.Bind(f.CreateBranch),
		ListCommitsTool.Bind(f.ListCommits),
		GetCommitTool.Bind(f.GetCommit),
		CreatePullRequestTool.Bind(f.CreatePullRequest),
		MergePullRequestTool.Bind(f.MergePullRequest),
		ListBranchesTool.Bind(f.ListBranches),
		SearchCodeTool.Bind(f.SearchCode),
		AddIssueCommentTool.Bind(f.AddIssueComment),
		ForkRepositoryTool.Bind(f.ForkRepository),
		PushFilesTool.Bind(f.PushFiles),
		CreateIssueTool.Bind(f.CreateIssue),
		UpdateIssueLabelsTool.Bind(f.UpdateIssueLabels),
		IssueWriteTool.Bind(f.IssueWrite),
		SubIssueWriteTool.Bind(f.SubIssueWrite),
		ActionsListTool.Bind(f.ActionsList),
		PullRequestReviewWriteTool.Bind(f.PullRequestReviewWrite),
		ProjectsWriteTool.Bind(f.ProjectsWrite),
	}
}

// NewServer returns a go-sdk server with every tool of [Tools], each
// registered with the low-level Server.AddTool and its flat schema's
// bytes, which the server sends unchanged. The generic mcp.AddTool would
// validate the arguments against that schema before the decoder could
// repair them, and round integers beyond 2^53.
func NewServer(f *Fake) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "github-mcp-server-unionflat", Version: "v0.1.0"}, nil)
	for _, h := range Tools(f) {
		s.AddTool(mcpTool(h.Tool), handler(h))
	}
	return s
}

// mcpTool is t as go-sdk's Tool. The title goes both where the protocol
// now puts it (Tool.Title) and where the upstream server puts it
// (annotations.title), for clients that read only one of them. go-sdk
// sends readOnlyHint and idempotentHint always, as the upstream server
// does; a hint not given is false.
func mcpTool(t unionflat.Tool) *mcp.Tool {
	a := t.Annotations
	return &mcp.Tool{
		Name:        t.Name,
		Title:       t.Title,
		Description: t.Description,
		InputSchema: json.RawMessage(t.InputSchema()),
		Annotations: &mcp.ToolAnnotations{
			Title:           t.Title,
			ReadOnlyHint:    a.ReadOnlyHint != nil && *a.ReadOnlyHint,
			DestructiveHint: a.DestructiveHint,
			IdempotentHint:  a.IdempotentHint != nil && *a.IdempotentHint,
			OpenWorldHint:   a.OpenWorldHint,
		},
	}
}

// handler serves h on the raw arguments the client sent. Arguments the
// decoder rejects, and the fake's own errors, come back as a result with
// IsError set, which the model reads; a Go error would be a JSON-RPC
// error that the model never sees. When the decoder repaired the
// arguments, a second text block says what it read, so that the model's
// next call is clean.
func handler(h unionflat.Handler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		r := h.Call(ctx, req.Params.Arguments)
		content := []mcp.Content{&mcp.TextContent{Text: r.Text}}
		if note := r.Repairs.Note(); note != "" && !r.IsError {
			content = append(content, &mcp.TextContent{Text: note})
		}
		return &mcp.CallToolResult{Content: content, IsError: r.IsError}, nil
	}
}
