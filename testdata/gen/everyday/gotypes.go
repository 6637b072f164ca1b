package everyday

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// Go types with a JSON convention of their own: durations, integer enums,
// defaults and types with UnmarshalText.

// Theme is a colour scheme.
type Theme int

const (
	// ThemeLight is light on dark.
	ThemeLight Theme = iota
	ThemeDark        // dark on light
	ThemeAuto
)

// String names a theme; encoding/json still writes the number.
func (t Theme) String() string {
	return [...]string{"light", "dark", "auto"}[t]
}

// Priority is how soon a job runs.
type Priority uint8

// The priorities, with explicit values.
const (
	PriorityLow    Priority = 10 // when idle
	PriorityHigh   Priority = 20
	PriorityUrgent Priority = 30 // now
)

// Code is upper-case letters, read and written through text methods.
type Code struct{ text string }

// UnmarshalText accepts upper-case text that does not start with X.
func (c *Code) UnmarshalText(b []byte) error {
	if strings.ToUpper(string(b)) != string(b) {
		return errors.New("a code is upper-case")
	}
	if strings.HasPrefix(string(b), "X") {
		return errors.New("codes starting with X are reserved")
	}
	c.text = string(b)
	return nil
}

// MarshalText refuses the zero Code.
func (c Code) MarshalText() ([]byte, error) {
	if c.text == "" {
		return nil, errors.New("the code is empty")
	}
	return []byte(c.text), nil
}

// NewCode makes a Code of s as it stands.
func NewCode(s string) Code { return Code{text: s} }

// Label is a named string with UnmarshalText and no MarshalText:
// encoding/json writes it as the string itself.
type Label string

// UnmarshalText refuses surrounding space.
func (l *Label) UnmarshalText(b []byte) error {
	if strings.TrimSpace(string(b)) != string(b) {
		return errors.New("a label has no surrounding space")
	}
	*l = Label(b)
	return nil
}

// Ticket is a ticket number with its text methods on the pointer only:
// encoding/json writes a *Ticket with them always (a Ticket held by value
// only when it can take its address, which unionflat refuses).
type Ticket struct{ n int }

// UnmarshalText reads T and digits.
func (t *Ticket) UnmarshalText(b []byte) error {
	n, err := strconv.Atoi(strings.TrimPrefix(string(b), "T"))
	if err != nil || !strings.HasPrefix(string(b), "T") {
		return errors.New("a ticket is T and digits")
	}
	t.n = n
	return nil
}

// MarshalText writes T and the digits.
func (t *Ticket) MarshalText() ([]byte, error) { return []byte("T" + strconv.Itoa(t.n)), nil }

// Window is a span of time, a struct holding durations outside any tool.
type Window struct {
	Start  time.Duration `json:"start"`
	Length time.Duration `json:"length" jsonschema:"minimum=1m"`
}

// Step is one step of a job.
//
//unionflat:union discriminator=kind
type Step interface{ isStep() }

// Wait pauses the job.
//
//unionflat:variant wait
type Wait struct {
	Window
	For   time.Duration   `json:"for" jsonschema:"exclusiveMinimum=0s"`
	Every []time.Duration `json:"every,omitempty" jsonschema:"maximum=24h"`
}

// Run runs a command.
//
//unionflat:variant run
type Run struct {
	Command  string         `json:"command"`
	Deadline *time.Duration `json:"deadline,omitempty"`
	Theme    Theme          `json:"theme,omitempty" jsonschema:"default=2"`
}

// Sleep pauses until a moment; it declares the discriminator itself.
type Sleep struct {
	Kind  string        `json:"kind" jsonschema_extras:"const=sleep"`
	Until time.Duration `json:"until"`
}

func (Wait) isStep()   {}
func (Run) isStep()    {}
func (*Sleep) isStep() {}

// Queue names a queue: a named string as a map key.
type Queue string

// Schedule plans a job.
//
//unionflat:tool profile=gemini
type Schedule struct {
	Timeout time.Duration           `json:"timeout" jsonschema:"minimum=1s,maximum=1h"`
	Retry   *time.Duration          `json:"retry,omitempty"`
	Backoff []time.Duration         `json:"backoff,omitempty" jsonschema:"maxItems=5,minimum=0s"`
	Limits  map[Queue]time.Duration `json:"limits,omitempty"`
	Quotas  map[Queue]int           `json:"quotas,omitempty" jsonschema:"minimum=0"`
	// Grace is how long a job may overrun.
	Grace time.Duration `json:"grace,omitempty" jsonschema:"default=30s,multipleOf=1s"`

	Theme    Theme    `json:"theme"`
	Priority Priority `json:"priority,omitempty" jsonschema:"default=20"`
	Themes   []Theme  `json:"themes,omitempty"`

	Host  netip.Addr `json:"host" jsonschema:"format=ipv4"`
	Code  Code       `json:"code" jsonschema:"minLength=2,maxLength=4,pattern=^[A-Z]+$"`
	Label Label      `json:"label,omitempty" jsonschema:"maxLength=8"`
	// Ticket is written by its pointer's MarshalText.
	Ticket  *Ticket   `json:"ticket,omitempty" jsonschema:"maxLength=6,pattern=^T[0-9]+$"`
	Tickets []*Ticket `json:"tickets,omitempty" jsonschema:"pattern=^T[0-9]+$"`

	Windows []Window `json:"windows,omitempty"`
	Steps   []Step   `json:"steps"`
}

// Resize sets the size of a canvas; under openai-strict a model sends null
// for every field it leaves out, and gets the default.
//
//unionflat:tool profile=openai-strict
type Resize struct {
	Width   int            `json:"width,omitempty" jsonschema:"default=800,minimum=1,maximum=4000"`
	Zoom    *float64       `json:"zoom,omitempty" jsonschema:"default=1.5,exclusiveMinimum=0"`
	Units   string         `json:"units,omitempty" jsonschema:"default=px,enum=px,enum=em"`
	Tags    []string       `json:"tags,omitempty" jsonschema:"default=a,default=b,minLength=1"`
	Verbose bool           `json:"verbose,omitempty" jsonschema:"default=true"`
	Theme   Theme          `json:"theme,omitempty" jsonschema:"default=1"`
	Delay   *time.Duration `json:"delay,omitempty" jsonschema:"default=250ms,nullable"`
	Pause   time.Duration  `json:"pause,omitempty" jsonschema:"default=1s,maximum=10s"`
	// Sizes is required, and may be null.
	Sizes []int `json:"sizes" jsonschema:"nullable,minItems=1"`
}

// ScheduleStrict is Schedule read without repairs, for the differential
// test.
//
//unionflat:tool profile=gemini repair=off
type ScheduleStrict Schedule

// ResizeStrict is Resize read without repairs, for the differential
// test.
//
//unionflat:tool profile=openai-strict repair=off
type ResizeStrict Resize
