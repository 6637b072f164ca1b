package github

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// project is a GitHub project of a user or an organization.
type project struct {
	owner    string
	number   int
	title    string
	nextID   int64 // the next item's ID
	fields   []*projectField
	items    []*projectItem
	views    []*projectView
	statuses int // status updates posted
}

type projectField struct {
	id         int64
	name       string
	options    []string    // a single-select field's options, whose IDs are the field's id*10 + index
	iterations []Iteration // an iteration field's
}

type projectItem struct {
	id      int64
	content string // owner/repo#number
	values  map[string]any
}

type projectView struct {
	id, name string
	layout   ViewLayout
	filter   string
	fields   []int64
}

func (it *projectItem) reply() map[string]any {
	return map[string]any{"id": it.id, "node_id": fmt.Sprintf("PVTI_%d", it.id), "content": it.content, "fields": it.values}
}

func (v *projectView) reply(p *project) map[string]any {
	names := []string{}
	for _, id := range v.fields {
		names = append(names, p.field(id, "").name)
	}
	out := map[string]any{"id": v.id, "name": v.name, "layout": v.layout, "visible_fields": names}
	if v.filter != "" {
		out["filter"] = v.filter
	}
	return out
}

// field finds a field by ID, or else by name (case aside); nil if none.
func (p *project) field(id int64, name string) *projectField {
	for _, fl := range p.fields {
		if fl.id == id || (id == 0 && strings.EqualFold(fl.name, name)) {
			return fl
		}
	}
	return nil
}

// ownerType is the kind of account login is, or an error if it is none
// or not of the kind the call says.
func (f *Fake) ownerType(login string, said OwnerType) (OwnerType, error) {
	t := OwnerUser
	switch {
	case slices.ContainsFunc(f.orgs, func(o string) bool { return strings.EqualFold(o, login) }):
		t = OwnerOrg
	case !strings.EqualFold(login, "octocat") && !strings.EqualFold(login, "hubot"):
		return "", fmt.Errorf("no user or organization %s", login)
	}
	if said != "" && said != t {
		kinds := map[OwnerType]string{OwnerUser: "a user", OwnerOrg: "an organization"}
		return "", fmt.Errorf("%s is %s, not %s: give owner_type %s, or leave it out", login, kinds[t], kinds[said], t)
	}
	return t, nil
}

func (f *Fake) project(in Project) (*project, error) {
	if _, err := f.ownerType(in.Owner, in.OwnerType); err != nil {
		return nil, err
	}
	for _, p := range f.projects {
		if strings.EqualFold(p.owner, in.Owner) && p.number == in.ProjectNumber {
			return p, nil
		}
	}
	return nil, fmt.Errorf("project %d of %s not found", in.ProjectNumber, in.Owner)
}

func validDate(key, s string) error {
	if _, err := time.Parse(time.DateOnly, s); s != "" && err != nil {
		return fmt.Errorf("%s %q is not a day written YYYY-MM-DD", key, s)
	}
	return nil
}

// ProjectsWrite handles projects_write. Its rules that no flat schema
// says are checked here: add_project_item's number of the kind item_type
// names, update_project_item's one way to name its item, one way for each
// of items and for updated_field, visible_fields or visible_field_names,
// and dates as YYYY-MM-DD.
func (f *Fake) ProjectsWrite(_ context.Context, in ProjectsWrite) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if in, ok := in.(CreateProject); ok {
		if _, err := f.ownerType(in.Owner, in.OwnerType); err != nil {
			return "", err
		}
		n := 1
		for _, p := range f.projects {
			if strings.EqualFold(p.owner, in.Owner) {
				n = max(n, p.number+1)
			}
		}
		f.projects = append(f.projects, &project{owner: in.Owner, number: n, title: in.Title, nextID: 1,
			fields: []*projectField{{id: 1, name: "Status", options: []string{"Todo", "In Progress", "Done"}}}})
		return reply(map[string]any{"number": n, "title": in.Title, "url": fmt.Sprintf("https://github.com/%ss/%s/projects/%d", in.OwnerType, in.Owner, n)})
	}
	var at Project
	switch in := in.(type) {
	case AddProjectItem:
		at = in.Project
	case UpdateProjectItem:
		at = in.Project
	case UpdateProjectItems:
		at = in.Project
	case DeleteProjectItem:
		at = in.Project
	case CreateProjectStatusUpdate:
		at = in.Project
	case CreateProjectView:
		at = in.Project
	case UpdateProjectView:
		at = in.Project
	case DeleteProjectView:
		at = in.Project
	case CreateIterationField:
		at = in.Project
	}
	p, err := f.project(at)
	if err != nil {
		return "", err
	}
	switch in := in.(type) {
	case AddProjectItem:
		number := in.IssueNumber
		switch {
		case in.ItemType == "issue" && (in.IssueNumber == 0 || in.PullRequestNumber != 0):
			return "", errors.New("item_type issue takes issue_number, not pull_request_number")
		case in.ItemType == "pull_request" && (in.PullRequestNumber == 0 || in.IssueNumber != 0):
			return "", errors.New("item_type pull_request takes pull_request_number, not issue_number")
		case in.ItemType == "pull_request":
			number = in.PullRequestNumber
		}
		content, err := f.content(in.ItemOwner, in.ItemRepo, number, in.ItemType == "pull_request")
		if err != nil {
			return "", err
		}
		for _, it := range p.items {
			if it.content == content {
				return reply(it.reply())
			}
		}
		it := &projectItem{id: p.nextID, content: content, values: map[string]any{}}
		p.nextID++
		p.items = append(p.items, it)
		return reply(it.reply())
	case UpdateProjectItem:
		var ref ItemRef = ItemByID{in.ItemID}
		switch byIssue := in.ItemOwner != "" || in.ItemRepo != "" || in.IssueNumber != 0; {
		case in.ItemID != 0 && byIssue, in.ItemID == 0 && !byIssue:
			return "", errors.New("name the item by item_id, or by item_owner, item_repo and issue_number: one of them")
		case byIssue && (in.ItemOwner == "" || in.ItemRepo == "" || in.IssueNumber == 0):
			return "", errors.New("item_owner, item_repo and issue_number go together")
		case byIssue:
			ref = ItemByIssue{in.ItemOwner, in.ItemRepo, in.IssueNumber}
		}
		it, err := f.item(p, ref, "")
		if err != nil {
			return "", err
		}
		if err := p.set([]*projectItem{it}, in.UpdatedField); err != nil {
			return "", err
		}
		return reply(it.reply())
	case UpdateProjectItems:
		var items []*projectItem
		for i, ref := range in.Items {
			it, err := f.item(p, ref, fmt.Sprintf("items[%d]: ", i))
			if err != nil {
				return "", err
			}
			items = append(items, it)
		}
		if err := p.set(items, in.UpdatedField); err != nil {
			return "", err
		}
		var ids []int64
		for _, it := range items {
			ids = append(ids, it.id)
		}
		return reply(map[string]any{"updated": ids})
	case DeleteProjectItem:
		i := slices.IndexFunc(p.items, func(it *projectItem) bool { return it.id == in.ItemID })
		if i < 0 {
			return "", fmt.Errorf("item %d not found in project %d", in.ItemID, p.number)
		}
		p.items = slices.Delete(p.items, i, i+1)
		return reply(map[string]any{"deleted": in.ItemID})
	case CreateProjectStatusUpdate:
		for _, err := range []error{validDate("start_date", in.StartDate), validDate("target_date", in.TargetDate)} {
			if err != nil {
				return "", err
			}
		}
		p.statuses++
		out := map[string]any{"id": fmt.Sprintf("PVTSU_%d", p.statuses), "status": in.Status, "body": in.Body}
		if in.StartDate != "" {
			out["start_date"] = in.StartDate
		}
		if in.TargetDate != "" {
			out["target_date"] = in.TargetDate
		}
		return reply(out)
	case CreateProjectView:
		if strings.TrimSpace(in.Name) == "" {
			return "", errors.New("name must not be blank")
		}
		v := &projectView{id: fmt.Sprintf("PVTV_%d", len(p.views)+1), name: in.Name, layout: in.Layout}
		v.filter, _ = in.Filter.Get()
		if err := p.showFields(v, in.VisibleFields, in.VisibleFields != nil, in.VisibleFieldNames, in.VisibleFieldNames != nil); err != nil {
			return "", err
		}
		p.views = append(p.views, v)
		return reply(v.reply(p))
	case UpdateProjectView:
		i := slices.IndexFunc(p.views, func(v *projectView) bool { return v.id == in.ViewID })
		if i < 0 {
			return "", fmt.Errorf("view %s not found in project %d", in.ViewID, p.number)
		}
		if in.Name == "" && in.Layout == "" && !in.Filter.Present() && in.VisibleFields == nil && in.VisibleFieldNames == nil {
			return "", errors.New("give at least one of name, layout, filter, visible_fields and visible_field_names")
		}
		v := *p.views[i]
		if in.Name != "" {
			v.name = in.Name
		}
		if in.Layout != "" {
			v.layout = in.Layout
		}
		if in.Filter.Present() {
			v.filter, _ = in.Filter.Get() // null removes the filter
		}
		var ids, names []string
		if in.VisibleFields != nil {
			ids = *in.VisibleFields
		}
		if in.VisibleFieldNames != nil {
			names = *in.VisibleFieldNames
		}
		if err := p.showFields(&v, ids, in.VisibleFields != nil, names, in.VisibleFieldNames != nil); err != nil {
			return "", err
		}
		*p.views[i] = v
		return reply(v.reply(p))
	case DeleteProjectView:
		i := slices.IndexFunc(p.views, func(v *projectView) bool { return v.id == in.ViewID })
		if i < 0 {
			return "", fmt.Errorf("view %s not found in project %d", in.ViewID, p.number)
		}
		p.views = slices.Delete(p.views, i, i+1)
		return reply(map[string]any{"deleted": in.ViewID})
	case CreateIterationField:
		if in.IterationDuration < 1 {
			return "", fmt.Errorf("iteration_duration must be at least 1 day, not %d", in.IterationDuration)
		}
		start, err := time.Parse(time.DateOnly, in.StartDate)
		if err != nil {
			return "", validDate("start_date", in.StartDate)
		}
		its := in.Iterations
		for i, it := range its {
			if err := validDate(fmt.Sprintf("iterations[%d].start_date", i), it.StartDate); err != nil {
				return "", err
			}
		}
		if its == nil {
			for i := range 3 {
				its = append(its, Iteration{Title: fmt.Sprintf("Iteration %d", i+1),
					StartDate: start.AddDate(0, 0, i*in.IterationDuration).Format(time.DateOnly), Duration: in.IterationDuration})
			}
		}
		if p.field(0, in.FieldName) != nil {
			return "", fmt.Errorf("project %d already has a field %s", p.number, in.FieldName)
		}
		fl := &projectField{id: p.fields[len(p.fields)-1].id + 1, name: in.FieldName, iterations: its}
		p.fields = append(p.fields, fl)
		return reply(map[string]any{"id": fl.id, "name": fl.name, "iterations": its})
	}
	return "", fmt.Errorf("no method %T", in)
}

// content is the owner/repo#number of an issue or a pull request.
func (f *Fake) content(owner, repo string, number int, pull bool) (string, error) {
	r, err := f.repo(Repo{owner, repo})
	if err != nil {
		return "", err
	}
	is, err := r.issue(number)
	if err != nil {
		return "", err
	}
	if (is.pull != nil) != pull {
		kind := "an issue"
		if is.pull != nil {
			kind = "a pull request"
		}
		return "", fmt.Errorf("%s/%s#%d is %s", r.owner, r.name, number, kind)
	}
	return fmt.Sprintf("%s/%s#%d", r.owner, r.name, number), nil
}

// item finds the item ref names.
func (f *Fake) item(p *project, ref ItemRef, at string) (*projectItem, error) {
	var want func(*projectItem) bool
	var what string
	switch ref := ref.(type) {
	case ItemByNodeID:
		want, what = func(it *projectItem) bool { return fmt.Sprintf("PVTI_%d", it.id) == ref.NodeID }, "item "+ref.NodeID
	case ItemByID:
		want, what = func(it *projectItem) bool { return it.id == ref.ItemID }, fmt.Sprintf("item %d", ref.ItemID)
	case ItemByIssue:
		content, err := f.content(ref.ItemOwner, ref.ItemRepo, ref.IssueNumber, false)
		if err != nil {
			return nil, fmt.Errorf("%s%w", at, err)
		}
		want, what = func(it *projectItem) bool { return it.content == content }, content
	}
	for _, it := range p.items {
		if want(it) {
			return it, nil
		}
	}
	return nil, fmt.Errorf("%s%s not found in project %d", at, what, p.number)
}

// set sets the field fv names on every item. A single-select field named
// by name takes an option's name, named by id an option's ID; null clears
// the field.
func (p *project) set(items []*projectItem, uf UpdatedField) error {
	var fl *projectField
	var value any
	byID := false
	switch uf := uf.(type) {
	case FieldByID:
		fl, value, byID = p.field(uf.ID, ""), uf.Value, true
		if fl == nil {
			return fmt.Errorf("updated_field: project %d has no field with ID %d", p.number, uf.ID)
		}
	case FieldByName:
		fl, value = p.field(0, uf.Name), uf.Value
		if fl == nil {
			return fmt.Errorf("updated_field: project %d has no field %q", p.number, uf.Name)
		}
	}
	if value != nil && fl.options != nil {
		s, ok := value.(string)
		if !ok {
			b, _ := json.Marshal(value)
			return fmt.Errorf("updated_field: %s takes an option as a string, not %s", fl.name, b)
		}
		i := slices.IndexFunc(fl.options, func(o string) bool { return strings.EqualFold(o, s) })
		if byID {
			i = slices.IndexFunc(fl.options, func(o string) bool { return fl.optionID(o) == s })
		}
		if i < 0 {
			return fmt.Errorf("updated_field: %s has no option %q (its options: %s)", fl.name, s, fl.optionList(byID))
		}
		value = fl.options[i]
	}
	for _, it := range items {
		if value == nil {
			delete(it.values, fl.name)
		} else {
			it.values[fl.name] = value
		}
	}
	return nil
}

// optionID is the ID of a single-select field's option: the field's ID
// times 10 plus the option's index.
func (fl *projectField) optionID(option string) string {
	return strconv.FormatInt(fl.id*10+int64(slices.Index(fl.options, option)), 10)
}

// optionList lists a single-select field's options, by ID or by name.
func (fl *projectField) optionList(byID bool) string {
	var out []string
	for _, o := range fl.options {
		if byID {
			o = fl.optionID(o) + " (" + o + ")"
		}
		out = append(out, o)
	}
	return strings.Join(out, ", ")
}

// showFields sets the fields a view shows, by ID or by name: present
// says the key was sent, so [] resets them to none.
func (p *project) showFields(v *projectView, ids []string, idsSent bool, names []string, namesSent bool) error {
	switch {
	case idsSent && namesSent:
		return errors.New("give visible_fields or visible_field_names, not both")
	case !idsSent && !namesSent:
		return nil
	case v.layout == LayoutRoadmap && len(ids)+len(names) > 0:
		return errors.New("a roadmap view takes visible_fields or visible_field_names [] only")
	}
	shown := []int64{}
	for _, s := range ids {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || p.field(id, "") == nil || id == 0 {
			return fmt.Errorf("visible_fields: project %d has no field with ID %q", p.number, s)
		}
		shown = append(shown, id)
	}
	for _, name := range names {
		fl := p.field(0, name)
		if fl == nil {
			return fmt.Errorf("visible_field_names: project %d has no field %q", p.number, name)
		}
		shown = append(shown, fl.id)
	}
	v.fields = shown
	return nil
}
