package load

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/unionflat/unionflat/gen/internal/model"

	gosdk "github.com/google/jsonschema-go/jsonschema"
	"github.com/invopop/jsonschema"
)

// structWithTag is struct{ F string `json:"f" jsonschema:"<text>"` },
// built at run time so that the same tag text reaches both readers.
func structWithTag(text string) reflect.Type {
	return reflect.StructOf([]reflect.StructField{{
		Name: "F",
		Type: reflect.TypeFor[string](),
		Tag:  reflect.StructTag(`json:"f" jsonschema:` + strconv.Quote(text)),
	}})
}

// ourRules reads a tag text as the generator reads a string field's tag.
func ourRules(t *testing.T, text string) model.Rules {
	t.Helper()
	var r model.Rules
	if isDescriptionTag(text) {
		r.Description = text
		return r
	}
	for _, it := range splitSchemaTag(text) {
		if it.Flag {
			continue
		}
		if p := applyRule(&r, it, &model.Type{Kind: model.KindString}); p != nil {
			t.Fatalf("tag %q: %s", text, p.msg)
		}
	}
	return r
}

// The generator splits a jsonschema tag where invopop/jsonschema does, so
// an escaped comma (\, in the tag text, \\, in Go source) stays in the
// value: judged by invopop's own reflector on the same tag.
func TestTagSplitMatchesInvopop(t *testing.T) {
	for _, text := range []string{
		`pattern=^[A-Z]{1\,5}$`,
		`pattern=^a\,b\,c$,minLength=2`,
		`pattern=^\d+$,maxLength=9`,
		`description=one\, two,pattern=x`,
		`pattern=a\\,minLength=1`,
		`minLength=1,pattern=^[a-z]{2\,}$,maxLength=30`,
	} {
		r := jsonschema.Reflector{DoNotReference: true}
		prop, ok := r.ReflectFromType(structWithTag(text)).Properties.Get("f")
		if !ok {
			t.Fatalf("invopop made no property of %q", text)
		}
		ours := ourRules(t, text)
		if ours.Pattern != prop.Pattern || ours.Description != prop.Description ||
			!reflect.DeepEqual(ours.MinLength, prop.MinLength) || !reflect.DeepEqual(ours.MaxLength, prop.MaxLength) {
			t.Errorf("tag %q: ours pattern %q, description %q, lengths %v/%v; invopop %q, %q, %v/%v", text,
				ours.Pattern, ours.Description, ours.MinLength, ours.MaxLength, prop.Pattern, prop.Description, prop.MinLength, prop.MaxLength)
		}
	}
}

// A tag go-sdk's google/jsonschema-go reads as a description is one here
// too, word for word, and a tag it refuses (WORD= first) is read as the
// invopop grammar. The documented exception, a flag first (required,
// nullable and - mean the flags), is listed; one bare word is a
// description, as go-sdk reads it.
func TestDescriptionTagMatchesGoSDK(t *testing.T) {
	for _, c := range []struct {
		text      string
		exception bool // go-sdk takes it as a description, unionflat does not
	}{
		{text: "the radius in pixels"},
		{text: "the radius, in pixels, at least 1"},
		{text: "x y=z, with an = later"},
		{text: "Radius: how far, in px"},
		{text: "minLength=1"},
		{text: "pattern=^[a-z]+$,maxLength=3"},
		{text: "a=b c"},
		{text: "=leading"},
		{text: "required", exception: true},
		{text: "required,minLength=1"},
		{text: "nullable,description=x"},
		{text: "-", exception: true},
		{text: "radius"},
		{text: "optinal"},
		{text: "required, the user name", exception: true},
	} {
		s, err := gosdk.ForType(structWithTag(c.text), nil)
		sdkDescription := err == nil
		ours := isDescriptionTag(c.text)
		switch {
		case sdkDescription && ours && !c.exception:
			if got := s.Properties["f"].Description; got != c.text || ourRules(t, c.text).Description != got {
				t.Errorf("tag %q: go-sdk describes it as %q, unionflat as %q", c.text, got, ourRules(t, c.text).Description)
			}
		case sdkDescription && !ours && c.exception, !sdkDescription && !ours && !c.exception:
		default:
			t.Errorf("tag %q: go-sdk description %v (%v), unionflat description %v, listed exception %v", c.text, sdkDescription, err, ours, c.exception)
		}
	}
}
