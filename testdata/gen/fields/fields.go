// Package fields exercises every field rule: json names and options,
// embedded structs, doc comments and every jsonschema tag key.
package fields

// Base is embedded in Profile; its fields are promoted as encoding/json
// promotes them.
type Base struct {
	// ID identifies the record.
	ID string `json:"id"`
	// Shadowed loses to Profile's own field of the same JSON name.
	Shadowed int `json:"note,omitempty"`
}

// Audit is embedded twice removed: Meta embeds it.
type Audit struct {
	CreatedBy string `json:"created_by,omitempty"`
}

// Meta is embedded in Profile and embeds Audit.
type Meta struct {
	Audit
	Version int `json:"version,omitempty"`
}

// stamp is unexported, yet its exported fields are promoted.
type stamp struct {
	Stamp string `json:"stamp,omitempty"`
}

// Named is embedded with a json name, so it stays a nested object.
type Named struct {
	First string `json:"first"`
}

// Profile updates a user's profile. A `backtick`, "quotes", */ and
// non-ASCII text (café, 日本語) survive in descriptions.
//
//lint:ignore U1000 a foreign directive is stripped from the description
//unionflat:tool name=update_profile
type Profile struct {
	Base
	Meta
	stamp
	Named `json:"named"`

	// Note is the profile's own note; it hides Base.Shadowed.
	Note string `json:"note"`

	NoTag     string
	OnlyOpts  string `json:",omitempty"`
	Renamed   string `json:"renamed_field"`
	Skipped   string `json:"-"`
	Dash      string `json:"-,"`
	Optional  string `json:"optional,omitempty"`
	Zero      int    `json:"zero,omitzero"`
	Forced    string `json:"forced,omitempty" jsonschema:"required"`
	Ignored   string `json:"ignored,omitempty" jsonschema:"-"`
	unexposed string

	Title   string `json:"title" jsonschema:"title=The title,description=from the tag"`
	Trailer string `json:"trailer"` // Trailer is documented by a line comment.
	// Described has a doc comment that the tag overrides.
	Described string `json:"described" jsonschema_description:"Tag text wins, even with a comma, here."`
	// Quoted keeps a `code span`, "quotes", a \ backslash, */ and ünïcödé.
	Quoted string "json:\"quoted,omitempty\" jsonschema:\"example=say \\\"hi\\\" with a `tick`\""

	Handle  string  `json:"handle" jsonschema:"minLength=3,maxLength=20,pattern=^[a-z][a-z0-9_]*$"`
	Email   string  `json:"email" jsonschema:"format=email"`
	Age     int     `json:"age" jsonschema:"minimum=0,maximum=150"`
	Score   float64 `json:"score" jsonschema:"exclusiveMinimum=0,exclusiveMaximum=1"`
	Step    int     `json:"step" jsonschema:"multipleOf=5"`
	Color   string  `json:"color" jsonschema:"enum=red,enum=green,enum=blue"`
	Level   int     `json:"level" jsonschema:"enum=1,enum=2,enum=3"`
	Lang    string  `json:"lang,omitempty" jsonschema:"default=en,example=en,example=fr"`
	Limit   int     `json:"limit,omitempty" jsonschema:"default=10"`
	Enabled bool    `json:"enabled,omitempty" jsonschema:"default=true"`
	Secret  string  `json:"secret,omitempty" jsonschema:"writeOnly=true"`
	Created string  `json:"created,omitempty" jsonschema:"readOnly=true,format=date-time"`
	Legacy  string  `json:"legacy,omitempty" jsonschema:"deprecated=true"`
	Comma   string  `json:"comma,omitempty" jsonschema:"enum=a\\,b,enum=c"`

	Nickname *string `json:"nickname" jsonschema:"nullable"`
	Rank     *int    `json:"rank,omitempty" jsonschema:"nullable,minimum=1"`
	Mood     Mood    `json:"mood,omitempty" jsonschema:"nullable"`
	Home     *Named  `json:"home,omitempty" jsonschema:"nullable"`

	Tags    []string          `json:"tags" jsonschema:"minItems=1,maxItems=5,uniqueItems=true,minLength=2,pattern=^[a-z]+$"`
	Grid    [2]int            `json:"grid,omitempty" jsonschema:"minimum=0"`
	Labels  map[string]string `json:"labels,omitempty" jsonschema:"maxLength=8"`
	Weights []float64         `json:"weights,omitempty" jsonschema:"default=0.5,default=1"`

	Kind   string `json:"kind" jsonschema_extras:"const=profile"`
	Widget string `json:"widget,omitempty" jsonschema_extras:"x-order=1,x-flag=true,x-list=a,x-list=b"`
}

// Mood is how the user feels.
type Mood string

const (
	MoodHappy Mood = "happy"
	MoodSad   Mood = "sad"
)
