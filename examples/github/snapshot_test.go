package github

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// upstreamCommit is the commit of github/github-mcp-server whose tool
// snapshots (pkg/github/__toolsnaps__/*.snap) testdata/upstream.json
// digests.
const upstreamCommit = "64a49f34d076b6f5917dae1424521d43c7bcae84"

// upstream is testdata/upstream.json: the facts of each ported tool's
// snapshot at upstreamCommit (title, annotations, and the input schema
// without its descriptions), derived by hand from the .snap files.
type upstream struct {
	Repository string `json:"repository"`
	Commit     string `json:"commit"`
	Tools      map[string]struct {
		Title       string          `json:"title"`
		Annotations map[string]bool `json:"annotations"`
		InputSchema map[string]any  `json:"inputSchema"`
	} `json:"tools"`
}

// deliberate lists every way the generated flat schemas may differ from
// the upstream facts, each with its reason. tools is a tool name, several
// separated by spaces, or * for any tool; diff is a line of schemaDiff. A difference not listed fails
// the test, and so does a listed one that no tool shows any more.
var deliberate = []struct{ tools, diff, reason string }{
	{"*", `/additionalProperties: upstream absent, here false`,
		"structs are closed: a misspelt or invented key is an error naming the key meant, not silently ignored"},
	{"list_issues", `/properties/field_filters/items/additionalProperties: upstream absent, here false`,
		"the same for each field filter"},
	{"*", `/properties/owner/x-mcp-header: upstream absent, here "owner"`,
		"upstream adds it as it registers a tool (inventory.AnnotateHeaderParams), after the snapshot is taken"},
	{"*", `/properties/repo/x-mcp-header: upstream absent, here "repo"`, "the same"},
	{"*", `/properties/page/type: upstream "number", here "integer"`,
		"upstream's handler takes whole numbers only (its toInt refuses 1.5); the schema says so"},
	{"*", `/properties/perPage/type: upstream "number", here "integer"`,
		"the same for a page's size"},
	{"add_issue_comment issue_write sub_issue_write projects_write update_issue_labels", `/properties/issue_number/type: upstream "number", here "integer"`,
		"an issue number is a whole number"},
	{"merge_pull_request pull_request_review_write", `/properties/pullNumber/type: upstream "number", here "integer"`,
		"a pull request number is a whole number"},

	// The tools whose method picks an operation: unions.
	{"issue_write", `/properties/milestone/type: upstream "number", here "integer"`, "a milestone number is a whole number"},
	{"issue_write", `/properties/duplicate_of/type: upstream "number", here "integer"`, "an issue number is a whole number"},
	{"sub_issue_write", `/properties/method/enum: upstream absent, here ["add","remove","reprioritize"]`,
		"method is the union's discriminator, so an enum: a wrong method is an error naming the three, not the handler's unknown method"},
	{"sub_issue_write", `/properties/sub_issue_id/type: upstream "number", here "integer"`, "an issue ID is a whole number"},
	{"sub_issue_write", `/properties/after_id/type: upstream "number", here "integer"`, "the same"},
	{"sub_issue_write", `/properties/before_id/type: upstream "number", here "integer"`, "the same"},
	{"actions_list", `/properties/per_page/type: upstream "number", here "integer"`,
		"a page size is a whole number; and per_page is read here, where upstream's handler reads perPage and ignores the per_page it advertises (a bug)"},
	{"actions_list", `/properties/workflow_runs_filter/additionalProperties: upstream absent, here false`,
		"structs are closed: upstream turns a filter value of another type into \"\" silently"},
	{"actions_list", `/properties/workflow_jobs_filter/additionalProperties: upstream absent, here false`, "the same"},
	{"pull_request_review_write", `/required: upstream ["method","owner","repo","pullNumber"], here ["method","owner","repo"]`,
		"resolve_thread and unresolve_thread take a thread, not a pull request: pullNumber is required by the other three methods, each method's keys enforced"},
	{"projects_write", `/properties/project_number/type: upstream "number", here "integer"`, "a project number is a whole number"},
	{"projects_write", `/properties/item_id/type: upstream "number", here "integer"`,
		"an item ID is a whole number (upstream reads it as an int64, and its items say integer)"},
	{"projects_write", `/properties/pull_request_number/type: upstream "number", here "integer"`, "a pull request number is a whole number"},
	{"projects_write", `/properties/iteration_duration/type: upstream "number", here "integer"`, "a count of days is a whole number"},
	{"projects_write", `/properties/iterations/items/properties/duration/type: upstream "number", here "integer"`, "the same"},
	{"projects_write", `/properties/items/minItems: upstream absent, here 1`, "upstream's handler refuses no items; the schema says so"},
	{"projects_write", `/properties/items/maxItems: upstream absent, here 50`, "upstream's handler refuses more than 50; the schema says so"},
	{"projects_write", `/properties/items/items/oneOf: upstream 3 objects, here one object with all their properties`,
		"a flat schema has no oneOf: the untagged union ItemRef is advertised as one closed object whose keys say which form, and the decoder picks the form by them"},
	{"projects_write", `/properties/updated_field/oneOf: upstream 2 objects, here one object with all their properties`,
		"the same for the untagged union UpdatedField: by id or by name"},
	{"update_issue_labels", `/properties/labels/items/oneOf: upstream 2 members of distinct types, here one schema of all their types`,
		"a flat schema has no oneOf: the untagged union Label (a name, or an object with the reasons) is one schema of type [string, object] with each member's keywords, as exact as the oneOf"},
}

// schemaDiff lists how here differs from up, one line per keyword,
// prefixed by its JSON Pointer from at. Descriptions are prose and $schema
// is the dialect, not a fact of the shape: both are skipped. properties
// are compared key by key, items recursively, required as a set.
//
// Two shapes of upstream's are read as the one object or type they
// amount to, so that their keys are compared too: an anyOf of a type
// and null is that type with "null" added, and where here has no oneOf,
// a oneOf of objects is one object with every member's properties, the
// required keys all members share, and additionalProperties false if
// every member is closed (one line says the oneOf is gone).
func schemaDiff(at string, up, here map[string]any) []string {
	var out []string
	up, out = unionOf(at, up, here)
	keys := map[string]bool{}
	for k := range up {
		keys[k] = true
	}
	for k := range here {
		keys[k] = true
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		u, uok := up[k]
		h, hok := here[k]
		switch {
		case k == "description" || k == "$schema":
		case k == "properties" && uok && hok:
			out = append(out, propertiesDiff(at+"/properties", u.(map[string]any), h.(map[string]any))...)
		case k == "items" && uok && hok:
			out = append(out, schemaDiff(at+"/items", u.(map[string]any), h.(map[string]any))...)
		case k == "required" && uok && hok:
			if !reflect.DeepEqual(sortedStrings(u), sortedStrings(h)) {
				out = append(out, fmt.Sprintf("%s/required: upstream %s, here %s", at, show(u, true), show(h, true)))
			}
		case !reflect.DeepEqual(u, h):
			out = append(out, fmt.Sprintf("%s/%s: upstream %s, here %s", at, k, show(u, uok), show(h, hok)))
		}
	}
	return out
}

func unionOf(at string, up, here map[string]any) (map[string]any, []string) {
	if alts, ok := up["anyOf"].([]any); ok && len(alts) == 2 && reflect.DeepEqual(alts[1], map[string]any{"type": "null"}) {
		merged := maps.Clone(alts[0].(map[string]any))
		maps.Copy(merged, up)
		delete(merged, "anyOf")
		merged["type"] = []any{merged["type"], "null"}
		return merged, nil
	}
	members, ok := up["oneOf"].([]any)
	if _, here := here["oneOf"]; !ok || here {
		return up, nil
	}
	merged := maps.Clone(up)
	delete(merged, "oneOf")
	if slices.ContainsFunc(members, func(m any) bool { return m.(map[string]any)["type"] != "object" }) {
		// Members of distinct JSON types: one schema with their types and
		// each member's keywords, as flatten's rule 7 makes it.
		var types []any
		for _, m := range members {
			for k, v := range m.(map[string]any) {
				if k == "type" {
					types = append(types, v)
				} else if k != "description" {
					merged[k] = v
				}
			}
		}
		merged["type"] = types
		return merged, []string{fmt.Sprintf("%s/oneOf: upstream %d members of distinct types, here one schema of all their types", at, len(members))}
	}
	props, closed := map[string]any{}, true
	var shared []any
	for i, m := range members {
		m := m.(map[string]any)
		maps.Copy(props, m["properties"].(map[string]any))
		closed = closed && m["additionalProperties"] == false
		req, _ := m["required"].([]any)
		if i == 0 {
			shared = req
		}
		shared = slices.DeleteFunc(slices.Clone(shared), func(k any) bool { return !slices.Contains(req, k) })
	}
	merged["properties"] = props
	if len(shared) > 0 {
		merged["required"] = shared
	}
	if closed {
		merged["additionalProperties"] = false
	}
	return merged, []string{fmt.Sprintf("%s/oneOf: upstream %d objects, here one object with all their properties", at, len(members))}
}

func propertiesDiff(at string, up, here map[string]any) []string {
	var out []string
	for name, u := range up {
		if h, ok := here[name]; ok {
			out = append(out, schemaDiff(at+"/"+name, u.(map[string]any), h.(map[string]any))...)
		} else {
			out = append(out, at+"/"+name+": upstream has it, here absent")
		}
	}
	for name := range here {
		if _, ok := up[name]; !ok {
			out = append(out, at+"/"+name+": upstream absent, here has it")
		}
	}
	return out
}

func sortedStrings(v any) []string {
	var out []string
	for _, s := range v.([]any) {
		out = append(out, s.(string))
	}
	slices.Sort(out)
	return out
}

func show(v any, ok bool) string {
	if !ok {
		return "absent"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// TestSnapshotFacts compares each tool with the facts of its upstream
// snapshot: its title and annotations, and every property, type, enum,
// bound, default and required key of its flat schema, all but the
// deliberate differences.
func TestSnapshotFacts(t *testing.T) {
	b, err := os.ReadFile("testdata/upstream.json")
	if err != nil {
		t.Fatal(err)
	}
	var up upstream
	if err := json.Unmarshal(b, &up); err != nil {
		t.Fatal(err)
	}
	if up.Repository != "github/github-mcp-server" || up.Commit != upstreamCommit {
		t.Fatalf("testdata digests %s at %s, want github/github-mcp-server at %s", up.Repository, up.Commit, upstreamCommit)
	}
	tools := Tools(NewFake())
	if len(tools) != len(up.Tools) {
		t.Errorf("%d tools, %d in testdata", len(tools), len(up.Tools))
	}
	used := make([]bool, len(deliberate))
	for _, h := range tools {
		u, ok := up.Tools[h.Name]
		if !ok {
			t.Errorf("%s: not in testdata", h.Name)
			continue
		}
		if h.Title != u.Title {
			t.Errorf("%s: title %q, upstream %q", h.Name, h.Title, u.Title)
		}
		if got := hints(h.Annotations); !reflect.DeepEqual(got, u.Annotations) {
			t.Errorf("%s: annotations %v, upstream %v", h.Name, got, u.Annotations)
		}
		var here map[string]any
		if err := json.Unmarshal([]byte(h.InputSchema()), &here); err != nil {
			t.Fatal(err)
		}
	diffs:
		for _, d := range schemaDiff("", u.InputSchema, here) {
			for i, w := range deliberate {
				if (w.tools == "*" || slices.Contains(strings.Fields(w.tools), h.Name)) && w.diff == d {
					used[i] = true
					continue diffs
				}
			}
			t.Errorf("%s: %s", h.Name, d)
		}
	}
	for i, w := range deliberate {
		if !used[i] {
			t.Errorf("deliberate difference %s %s shows nowhere: drop it", w.tools, w.diff)
		}
	}
}

// hints are a tool's hints as the snapshots write them: each one set.
func hints(a unionflat.Annotations) map[string]bool {
	out := map[string]bool{}
	for name, h := range map[string]*bool{"readOnlyHint": a.ReadOnlyHint, "destructiveHint": a.DestructiveHint,
		"idempotentHint": a.IdempotentHint, "openWorldHint": a.OpenWorldHint} {
		if h != nil {
			out[name] = *h
		}
	}
	return out
}
