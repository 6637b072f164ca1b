package everyday

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/internal/schematest"
	unionflat "github.com/unionflat/unionflat/runtime"
	"github.com/unionflat/unionflat/runtime/impl"
)

// schedule is a valid Schedule in JSON, with one member replaced or added.
func schedule(extra string) []byte {
	base := map[string]string{
		"timeout": `"90s"`, "theme": `1`, "host": `"10.0.0.1"`, "code": `"ABC"`, "steps": `[]`,
	}
	keys := []string{"timeout", "theme", "host", "code", "steps"}
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%q:%s", k, base[k]))
	}
	if extra != "" {
		name, _, _ := strings.Cut(extra, ":")
		for i, k := range keys {
			if fmt.Sprintf("%q", k) == name {
				parts = append(parts[:i:i], parts[i+1:]...)
				break
			}
		}
		parts = append(parts, extra)
	}
	return []byte("{" + strings.Join(parts, ",") + "}")
}

// problem decodes data and returns the one problem found, failing on any
// other outcome.
func problem(t *testing.T, data []byte) *unionflat.Error {
	t.Helper()
	_, err := DecodeSchedule(data)
	var errs *unionflat.Errors
	if !errors.As(err, &errs) || len(errs.List) != 1 {
		t.Fatalf("DecodeSchedule(%s) = %v, want exactly one problem", data, err)
	}
	return errs.List[0]
}

func wantProblem(t *testing.T, data []byte, path string, kind unionflat.Kind, text string) {
	t.Helper()
	e := problem(t, data)
	if e.Path.String() != path || e.Kind != kind || !strings.Contains(e.Error(), text) {
		t.Errorf("DecodeSchedule(%s): got %s (kind %d), want %s of kind %d saying %q", data, e, e.Kind, path, kind, text)
	}
}

// property returns a property of a schema by JSON names.
func property(t *testing.T, schema string, path ...string) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(schema), &doc); err != nil {
		t.Fatal(err)
	}
	for _, p := range path {
		next, ok := doc[p].(map[string]any)
		if !ok {
			t.Fatalf("no %s in %v", p, doc)
		}
		doc = next
	}
	return doc
}

func TestDurationDecode(t *testing.T) {
	x, err := DecodeSchedule(schedule(`"retry":"1h30m","backoff":["1s","2.5s"],"limits":{"a":"-1m"}`))
	if err != nil {
		t.Fatal(err)
	}
	if x.Timeout != 90*time.Second || *x.Retry != 90*time.Minute || !reflect.DeepEqual(x.Backoff, []time.Duration{time.Second, 2500 * time.Millisecond}) ||
		x.Limits["a"] != -time.Minute {
		t.Errorf("decoded %+v", x)
	}
	// A bare number is not a duration: 10 meaning minutes would be 10ns.
	wantProblem(t, schedule(`"timeout":10`), "/timeout", unionflat.KindType, "must be a string, not a number")
	wantProblem(t, schedule(`"timeout":"10"`), "/timeout", unionflat.KindPattern, `must be a Go duration such as "90s" or "1h30m", not "10"`)
	wantProblem(t, schedule(`"timeout":"PT1H"`), "/timeout", unionflat.KindPattern, "Go duration")
	wantProblem(t, schedule(`"retry":"3000000h"`), "/retry", unionflat.KindRange, "must be a duration from")
	// Bounds are durations.
	wantProblem(t, schedule(`"timeout":"999ms"`), "/timeout", unionflat.KindMinimum, "at least 1s, not 999ms")
	wantProblem(t, schedule(`"timeout":"1h0m1s"`), "/timeout", unionflat.KindMaximum, "at most 1h, not 1h0m1s")
	wantProblem(t, schedule(`"backoff":["1s","-1ns"]`), "/backoff/1", unionflat.KindMinimum, "at least 0s")
	wantProblem(t, schedule(`"grace":"1.5s"`), "/grace", unionflat.KindMultipleOf, "multiple of 1s")
	wantProblem(t, schedule(`"steps":[{"kind":"wait","start":"0s","length":"1m","for":"0s"}]`), "/steps/0/for", unionflat.KindExclusiveMinimum, "greater than 0s")
	wantProblem(t, schedule(`"windows":[{"start":"0s","length":"59s"}]`), "/windows/0/length", unionflat.KindMinimum, "at least 1m")
}

func TestDurationSchema(t *testing.T) {
	for _, schema := range []string{ScheduleSchema, ScheduleFlatSchema, ScheduleGeminiSchema} {
		p := property(t, schema, "properties", "timeout")
		if p["type"] != "string" || p["pattern"] != unionflat.DurationPattern || p["format"] != nil || p["minimum"] != nil {
			t.Errorf("timeout schema %v: want a string with the duration pattern, no format, no minimum", p)
		}
		if d, _ := p["description"].(string); !strings.Contains(d, impl.DurationDescription) || !strings.Contains(d, "At least 1s. At most 1h.") {
			t.Errorf("timeout description %q: want the syntax and the bounds", d)
		}
	}
	items := property(t, ScheduleSchema, "properties", "backoff", "items")
	if items["pattern"] != unionflat.DurationPattern || !strings.Contains(items["description"].(string), "At least 0s.") {
		t.Errorf("backoff items %v", items)
	}
	if p := property(t, ResizeOpenAIStrictSchema, "properties", "pause"); p["pattern"] != unionflat.DurationPattern {
		t.Errorf("openai-strict pause %v: want the pattern kept", p)
	}
}

func TestDurationValidate(t *testing.T) {
	x := validSchedule()
	x.Timeout = time.Millisecond
	x.Backoff = []time.Duration{-time.Second}
	x.Grace = 1500 * time.Millisecond
	x.Steps = []Step{Wait{Window: Window{Length: time.Second}, For: 0}}
	got := messages(x.Validate())
	want := []string{
		"/timeout: timeout must be at least 1s, not 1ms",
		"/backoff/0: item 0 must be at least 0s, not -1s",
		"/grace: grace must be a multiple of 1s, not 1.5s",
		"/steps/0/length: length must be at least 1m, not 1s",
		"/steps/0/for: for must be greater than 0s, not 0s",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Validate:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// durationsSchedule is a valid Schedule with a duration at every place a
// Schedule can hold one: a pointer, a slice, a map, a struct in a slice
// and each step variant.
func durationsSchedule() Schedule {
	retry := 90 * time.Minute
	x := validSchedule()
	x.Retry = &retry
	x.Backoff = []time.Duration{time.Second}
	x.Limits = map[Queue]time.Duration{"a": time.Minute}
	x.Windows = []Window{{Start: 0, Length: time.Hour}}
	x.Steps = []Step{Wait{Window: Window{Start: time.Second, Length: time.Minute}, For: 2 * time.Second, Every: []time.Duration{time.Hour}},
		Run{Command: "ls", Deadline: &retry}, &Sleep{Kind: "sleep", Until: time.Hour}}
	return x
}

// TestDurationMarshal: every type holding a duration writes it as a
// string, at any depth, through json.Marshal of the user's own value.
func TestDurationMarshal(t *testing.T) {
	x := durationsSchedule()
	b, err := json.Marshal(struct{ S Schedule }{x}) // nested in a type unionflat never saw
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"timeout":"1m30s"`, `"retry":"1h30m0s"`, `"backoff":["1s"]`, `"limits":{"a":"1m0s"}`,
		`"windows":[{"start":"0s","length":"1h0m0s"}]`, `{"kind":"wait","start":"1s","length":"1m0s","for":"2s","every":["1h0m0s"]}`,
		`"deadline":"1h30m0s"`, `{"kind":"sleep","until":"1h0m0s"}`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("json.Marshal wrote\n%s\nwant it to hold %s", b, want)
		}
	}
	if strings.Contains(string(b), `"grace"`) {
		t.Errorf("grace holds its default, 30s, and is written: %s", b)
	}
	var back struct{ S Schedule }
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back.S, x) {
		t.Errorf("json.Unmarshal gives %+v, %v; want %+v", back.S, err, x)
	}
}

func TestIntEnum(t *testing.T) {
	wantProblem(t, schedule(`"theme":3`), "/theme", unionflat.KindEnum, "must be one of 0 | 1 | 2, not 3")
	wantProblem(t, schedule(`"theme":"dark"`), "/theme", unionflat.KindType, "must be an integer")
	wantProblem(t, schedule(`"priority":15`), "/priority", unionflat.KindEnum, "one of 10 | 20 | 30, not 15")
	wantProblem(t, schedule(`"themes":[0,7]`), "/themes/1", unionflat.KindEnum, "not 7")
	wantProblem(t, schedule(`"steps":[{"kind":"run","command":"ls","theme":-1}]`), "/steps/0/theme", unionflat.KindEnum, "not -1")
	x, err := DecodeSchedule(schedule(`"theme":2,"themes":[1,0]`))
	if err != nil || x.Theme != ThemeAuto || !reflect.DeepEqual(x.Themes, []Theme{ThemeDark, ThemeLight}) {
		t.Errorf("decoded %+v, %v", x, err)
	}
	v := validSchedule()
	v.Theme, v.Priority, v.Themes = 5, 11, []Theme{1, 9}
	got := messages(v.Validate())
	want := []string{
		"/theme: theme must be one of 0 | 1 | 2, not 5",
		"/priority: priority must be one of 10 | 20 | 30, not 11",
		"/themes/1: item 1 must be one of 0 | 1 | 2, not 9",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Validate: %q, want %q", got, want)
	}
	// A String method does not change what encoding/json writes.
	if b, _ := json.Marshal(validSchedule()); !strings.Contains(string(b), `"theme":1`) {
		t.Errorf("json.Marshal wrote %s, want the theme as the integer 1", b)
	}
	p := property(t, ScheduleSchema, "properties", "theme")
	if !reflect.DeepEqual(p["enum"], []any{0.0, 1.0, 2.0}) || p["type"] != "integer" ||
		p["description"] != "Theme is a colour scheme. 0: ThemeLight, light on dark; 1: ThemeDark, dark on light; 2: ThemeAuto." {
		t.Errorf("theme schema %v", p)
	}
	if p := property(t, ScheduleSchema, "properties", "priority"); !reflect.DeepEqual(p["enum"], []any{10.0, 20.0, 30.0}) ||
		!strings.Contains(p["description"].(string), "10: PriorityLow, when idle; 20: PriorityHigh; 30: PriorityUrgent, now.") {
		t.Errorf("priority schema %v", p)
	}
	// Gemini takes string enums only: the values move to the description
	// (a wider schema), and the decoder still enforces them.
	g := property(t, ScheduleGeminiSchema, "properties", "theme")
	if g["enum"] != nil || !strings.Contains(g["description"].(string), "One of 0, 1, 2.") {
		t.Errorf("gemini theme schema %v: want the enum said in words", g)
	}
	if p := property(t, ResizeOpenAIStrictSchema, "properties", "theme"); !reflect.DeepEqual(p["enum"], []any{0.0, 1.0, 2.0, nil}) {
		t.Errorf("openai-strict theme schema %v: want the enum with null", p)
	}
}

func TestDefaults(t *testing.T) {
	zoom, delay := 1.5, 250*time.Millisecond
	want := Resize{Width: 800, Zoom: &zoom, Units: "px", Tags: []string{"a", "b"}, Verbose: true, Theme: ThemeDark, Delay: &delay, Pause: time.Second}
	for _, in := range []string{
		`{"sizes":null}`,
		// openai-strict: null stands for an absent optional field.
		`{"width":null,"zoom":null,"units":null,"tags":null,"verbose":null,"theme":null,"pause":null,"sizes":null}`,
	} {
		got, err := DecodeResize([]byte(in))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("DecodeResize(%s) = %+v, %v; want the defaults %+v", in, got, err, want)
		}
	}
	// A value given is kept, the zero value too.
	got, err := DecodeResize([]byte(`{"width":1,"verbose":false,"tags":[],"theme":0,"delay":null,"pause":"0s","units":"em","sizes":null}`))
	if err != nil || got.Width != 1 || got.Verbose || got.Tags == nil || len(got.Tags) != 0 || got.Theme != ThemeLight || got.Delay != nil || got.Pause != 0 || got.Units != "em" {
		t.Errorf("decoded %+v, %v", got, err)
	}
	// Defaults are not validated at run time, but given values are.
	if _, err := DecodeResize([]byte(`{"width":0,"sizes":null}`)); err == nil || !strings.Contains(err.Error(), "/width: width must be at least 1, not 0") {
		t.Errorf("width 0: %v", err)
	}
	// The zero value of a field with a default is written, so that it
	// reads back as itself, not as the default.
	b, err := json.Marshal(Resize{Width: 800, Units: "px", Verbose: true, Theme: ThemeDark, Pause: time.Second})
	if err != nil || string(b) != `{"sizes":null,"delay":null}` {
		t.Errorf("json.Marshal of the defaults = %s, %v; want only the nullable delay and sizes", b, err)
	}
	b, err = json.Marshal(Resize{Tags: []string{}, Delay: &delay})
	if err != nil || string(b) != `{"sizes":null,"width":0,"units":"","tags":[],"verbose":false,"theme":0,"delay":"250ms","pause":"0s"}` {
		t.Errorf("json.Marshal of zero values = %s, %v", b, err)
	}
	if err := (Resize{}).Validate(); err == nil || !strings.Contains(err.Error(), "/width: width must be at least 1, not 0") {
		t.Errorf("Validate of a zero width, which is written: %v", err)
	}
	if err := want.Validate(); err != nil {
		t.Errorf("Validate of the defaults: %v", err)
	}
	p := property(t, ResizeSchema, "properties", "width")
	if p["default"] != 800.0 {
		t.Errorf("width schema %v: want default 800", p)
	}
	if p := property(t, ResizeSchema, "properties", "pause"); p["default"] != "1s" {
		t.Errorf("pause schema %v: want default \"1s\"", p)
	}
	// A variant's default too.
	x, err := DecodeSchedule(schedule(`"steps":[{"kind":"run","command":"ls"},{"kind":"run","command":"ls","theme":0}]`))
	if err != nil || x.Steps[0].(Run).Theme != ThemeAuto || x.Steps[1].(Run).Theme != ThemeLight {
		t.Errorf("decoded %+v, %v", x.Steps, err)
	}
}

// TestText: Validate checks a text type as decoding checks its written
// form: MarshalText, then the rules and UnmarshalText on that text.
func TestText(t *testing.T) {
	wantProblem(t, schedule(`"code":"XAB"`), "/code", unionflat.KindInvalid, "codes starting with X are reserved")
	if _, err := DecodeSchedule(schedule(`"code":"ab"`)); err == nil || err.Error() != "/code: code is invalid: a code is upper-case\n/code: code must match the pattern ^[A-Z]+$" {
		t.Errorf("code ab: %v, want both the UnmarshalText error and the pattern", err)
	}
	wantProblem(t, schedule(`"code":"A"`), "/code", unionflat.KindMinLength, "at least 2 characters")
	wantProblem(t, schedule(`"code":"ABCDE"`), "/code", unionflat.KindMaxLength, "at most 4 characters")
	wantProblem(t, schedule(`"code":"A-B"`), "/code", unionflat.KindPattern, "^[A-Z]+$")
	wantProblem(t, schedule(`"host":"::1"`), "/host", unionflat.KindFormat, "ipv4")
	wantProblem(t, schedule(`"label":" x"`), "/label", unionflat.KindInvalid, "surrounding space")
	wantProblem(t, schedule(`"label":"123456789"`), "/label", unionflat.KindMaxLength, "at most 8")
	for _, tc := range []struct {
		change func(*Schedule)
		want   string
	}{
		{func(x *Schedule) { x.Code = Code{} }, "/code: code is invalid: the code is empty"},
		{func(x *Schedule) { x.Code = NewCode("XAB") }, "/code: code is invalid: codes starting with X are reserved"},
		{func(x *Schedule) { x.Code = NewCode("ab") }, "/code: code is invalid: a code is upper-case\n/code: code must match the pattern ^[A-Z]+$"},
		{func(x *Schedule) { x.Code = NewCode("A") }, "/code: code must be at least 2 characters long"},
		{func(x *Schedule) { x.Code = NewCode("A1") }, "/code: code must match the pattern ^[A-Z]+$"},
		{func(x *Schedule) { x.Host = netip.MustParseAddr("::1") }, "/host: host must be an ipv4"},
		{func(x *Schedule) { x.Label = " x" }, "/label: label is invalid: a label has no surrounding space"},
		{func(x *Schedule) { x.Label = "123456789" }, "/label: label must be at most 8 characters long"},
	} {
		x := validSchedule()
		tc.change(&x)
		err := x.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Validate = %v, want %q", err, tc.want)
		}
		// Whatever Validate says, decoding what json.Marshal writes says
		// too (or json.Marshal fails, for a MarshalText error).
		b, merr := json.Marshal(x)
		if merr == nil {
			if _, derr := DecodeSchedule(b); derr == nil || !strings.Contains(derr.Error(), strings.SplitN(tc.want, ":", 2)[0]) {
				t.Errorf("decoding %s = %v, want a problem at %s", b, derr, strings.SplitN(tc.want, ":", 2)[0])
			}
		}
	}
}

func validSchedule() Schedule {
	return Schedule{Timeout: 90 * time.Second, Grace: 30 * time.Second, Theme: ThemeDark, Priority: PriorityHigh,
		Host: netip.MustParseAddr("10.0.0.1"), Code: NewCode("ABC"), Steps: []Step{}}
}

// messages lists an error's problems as their sentences, or nil.
func messages(err error) []string {
	var errs *unionflat.Errors
	if !errors.As(err, &errs) {
		return nil
	}
	var out []string
	for _, e := range errs.List {
		out = append(out, e.Error())
	}
	return out
}

// TestRoundTrip: for random values of every shape above, valid or not,
// Validate agrees with decoding what json.Marshal writes (a MarshalText
// error fails both), and a valid value reads back as itself.
func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 50))
	valid := 0
	const n = 3000
	for i := range n {
		s, z := randomSchedule(r), randomResize(r)
		valid += roundTrip(t, i, s, s.Validate, DecodeSchedule)
		valid += roundTrip(t, i, z, z.Validate, DecodeResize)
		for _, step := range s.Steps {
			valid += roundTrip(t, i, step, func() error { return ValidateStep(step) }, DecodeStep)
		}
	}
	t.Logf("%d valid values read back as themselves", valid)
	if valid < n/2 {
		t.Errorf("only %d valid values: the generator is lopsided", valid)
	}
}

func roundTrip[T any](t *testing.T, i int, x T, validate func() error, decode func([]byte) (T, error)) int {
	t.Helper()
	verr := validate()
	b, merr := json.Marshal(x)
	if merr != nil {
		if verr == nil {
			t.Errorf("case %d: json.Marshal fails (%v) but Validate passes %+v", i, merr, x)
		}
		return 0
	}
	got, derr := decode(b)
	switch {
	case (verr == nil) != (derr == nil):
		t.Errorf("case %d: Validate says %v, decoding %s says %v", i, verr, b, derr)
	case verr == nil && !reflect.DeepEqual(got, x):
		t.Errorf("case %d: %s reads back as\n%+v\nwant\n%+v", i, b, got, x)
	case verr == nil:
		return 1
	}
	return 0
}

func randomDuration(r *rand.Rand) time.Duration {
	switch r.IntN(4) {
	case 0:
		return time.Duration(r.Int64()) - time.Duration(r.Int64())
	case 1:
		return time.Duration(r.IntN(3600)) * time.Second
	case 2:
		return time.Duration(r.IntN(61)) * time.Minute
	}
	return time.Duration(r.IntN(2000)) * time.Millisecond
}

func randomSchedule(r *rand.Rand) Schedule {
	x := Schedule{
		Timeout:  time.Duration(1+r.IntN(3600)) * time.Second,
		Grace:    []time.Duration{30 * time.Second, 0, time.Minute, 1500 * time.Millisecond}[r.IntN(4)],
		Theme:    Theme(r.IntN(3)),
		Priority: []Priority{10, 20, 30, 0}[r.IntN(4)],
		Host:     []netip.Addr{netip.MustParseAddr("10.0.0.1"), netip.MustParseAddr("192.168.1.200")}[r.IntN(2)],
		Code:     NewCode([]string{"AB", "XYZ", "ABCD"}[r.IntN(3)]),
		Label:    Label([]string{"", "l", "label"}[r.IntN(3)]),
		Steps:    []Step{},
	}
	if r.IntN(10) == 0 { // something invalid
		switch r.IntN(5) {
		case 0:
			x.Timeout = randomDuration(r)
		case 1:
			x.Theme = Theme(3 + r.IntN(3))
		case 2:
			x.Code = NewCode("ab")
		case 3:
			x.Host = netip.MustParseAddr("::1")
		case 4:
			x.Label = " l"
		}
	}
	if r.IntN(2) == 0 {
		d := randomDuration(r)
		x.Retry = &d
	}
	for range r.IntN(4) {
		x.Backoff = append(x.Backoff, time.Duration(r.IntN(1e6))*time.Microsecond)
	}
	if r.IntN(2) == 0 {
		x.Limits = map[Queue]time.Duration{}
		for k := range 1 + r.IntN(3) {
			x.Limits[Queue(fmt.Sprint("k", k))] = randomDuration(r)
		}
	}
	if r.IntN(2) == 0 {
		x.Quotas = map[Queue]int{}
		for k := range 1 + r.IntN(3) {
			x.Quotas[Queue(fmt.Sprint("q", k))] = r.IntN(100)
		}
	}
	for range r.IntN(3) {
		x.Themes = append(x.Themes, Theme(r.IntN(3)))
	}
	for range r.IntN(3) {
		x.Windows = append(x.Windows, Window{Start: randomDuration(r), Length: time.Duration(1+r.IntN(60)) * time.Minute})
	}
	for range r.IntN(4) {
		x.Steps = append(x.Steps, randomStep(r))
	}
	return x
}

func randomStep(r *rand.Rand) Step {
	if r.IntN(2) == 0 {
		w := Wait{Window: Window{Start: randomDuration(r), Length: time.Duration(1+r.IntN(60)) * time.Minute},
			For: time.Duration(1+r.IntN(1e9)) * time.Nanosecond}
		for range r.IntN(3) {
			w.Every = append(w.Every, time.Duration(r.IntN(24))*time.Hour)
		}
		return w
	}
	if r.IntN(3) == 0 {
		// An empty Kind is written as "sleep", and reads back so.
		return &Sleep{Kind: "sleep", Until: randomDuration(r)}
	}
	run := Run{Command: "ls", Theme: Theme(r.IntN(3))}
	if r.IntN(2) == 0 {
		d := randomDuration(r)
		run.Deadline = &d
	}
	return run // Run has value methods: the decoder gives a Run, never a *Run
}

func randomResize(r *rand.Rand) Resize {
	x := Resize{
		Width:   []int{800, 1, 4000, 0, 123}[r.IntN(5)],
		Units:   []string{"px", "em"}[r.IntN(2)],
		Verbose: r.IntN(2) == 0,
		Theme:   Theme(r.IntN(3)),
		Pause:   time.Duration(r.IntN(11)) * time.Second,
	}
	// A nil Zoom or Tags is written as absent and reads back as the
	// default; the decoder never gives nil there, so neither does this.
	z := []float64{1.5, 0.1, 3, -1}[r.IntN(4)]
	x.Zoom = &z
	x.Tags = []string{"a", "bc", ""}[:r.IntN(4)]
	if r.IntN(2) == 0 {
		d := randomDuration(r)
		x.Delay = &d
	}
	x.Sizes = [][]int{nil, {}, {1, 2}}[r.IntN(3)] // nil is null, [] too few
	return x
}

// TestDifferential compares the decoders with an independent validator
// (santhosh-tekuri/jsonschema, formats asserted) on the lossless schemas,
// over generated instances and near misses. The documented differences
// are counted, not failed: a duration bound (the schema says it only in
// words), a number or duration beyond its Go type (KindRange), a string
// UnmarshalText refuses (KindInvalid), and null for an absent optional
// property (openai-strict, asked for by Resize).
//
// Schedule and Resize are decoded twice: without repairs (their
// repair=off twins), whose verdicts must be the validator's, and with
// them, judged against the first (see schematest.Differential).
func TestDifferential(t *testing.T) {
	for _, tc := range []struct {
		name              string
		schema            string
		decode, repairing func([]byte) schematest.Decoded
	}{
		{"Schedule", ScheduleSchema, func(b []byte) schematest.Decoded {
			x, r, err := DecodeScheduleStrictRepaired(b)
			return schematest.Outcome(Schedule(x), r, err)
		}, func(b []byte) schematest.Decoded { return schematest.Outcome(DecodeScheduleRepaired(b)) }},
		{"Resize", ResizeSchema, func(b []byte) schematest.Decoded {
			x, r, err := DecodeResizeStrictRepaired(b)
			return schematest.Outcome(Resize(x), r, err)
		}, func(b []byte) schematest.Decoded { return schematest.Outcome(DecodeResizeRepaired(b)) }},
		{"Step", StepSchema, func(b []byte) schematest.Decoded { return schematest.Plain(DecodeStep(b)) }, nil},
	} {
		t.Run(tc.name, func(t *testing.T) { differential(t, []byte(tc.schema), tc.decode, tc.repairing) })
	}
}

func differential(t *testing.T, schemaText []byte, decode, repairing func([]byte) schematest.Decoded) {
	const rounds = 3000
	schema := schematest.Validator(t, schemaText)
	got := schematest.Differential{
		Schema: schemaText, Seed: 3, Rounds: rounds, Decode: decode, Repairing: repairing,
		Tolerate: func(_ []byte, parsed any, derr error) (string, bool) {
			switch {
			case derr != nil && tolerable(derr):
				return "documented", true
			case derr == nil && nullsForAbsent(schema, parsed):
				// null for an absent optional property, which
				// openai-strict (the profile of Resize) has a model send.
				return "null for absent", true
			}
			return "", false
		},
	}.Run(t)
	t.Logf("%d valid, %d invalid agreed (%d decoded values passed Validate); tolerated differences: %v", got.Valid, got.Invalid, got.Validated, got.Tolerated)
	if got.Validated == 0 {
		t.Errorf("no decoded value was held to Validate")
	}
	if repairing != nil {
		t.Logf("with repairs: %d read the same, %d more read with repairs; broken and read back: %v", got.Same, got.Repaired, got.Broken)
		if got.Repaired == 0 || len(got.Broken) == 0 {
			t.Errorf("no instance was repaired: the comparison with repairs judged nothing")
		}
	}
	// Durations the generator draws mostly break their bounds: those
	// count as accepted by both for the syntax.
	tolerated := got.Tolerated["documented"] + got.Tolerated["null for absent"]
	if got.Valid+tolerated < rounds/5 || got.Invalid < rounds/5 {
		t.Errorf("too few cases of one kind to mean much: %d valid, %d invalid", got.Valid, got.Invalid)
	}
}

// nullsForAbsent reports whether the validator accepts the instance once
// its null members stand for absent ones: all of them, or all but one
// (a required nullable property keeps its null).
func nullsForAbsent(schema *jsonschema.Schema, inst any) bool {
	paths := nullMembers(inst, "")
	if schema.Validate(dropNulls(inst, "", "")) == nil {
		return true
	}
	for _, keep := range paths {
		if schema.Validate(dropNulls(inst, "", keep)) == nil {
			return true
		}
	}
	return false
}

// nullMembers lists the paths of the object members that are null.
func nullMembers(v any, at string) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		for k, m := range v {
			if m == nil {
				out = append(out, at+"/"+k)
			}
			out = append(out, nullMembers(m, at+"/"+k)...)
		}
	case []any:
		for i, it := range v {
			out = append(out, nullMembers(it, fmt.Sprint(at, "/", i))...)
		}
	}
	return out
}

// dropNulls removes the members of objects that are null, at any depth,
// but the one at path keep.
func dropNulls(v any, at, keep string) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, m := range v {
			if m != nil || at+"/"+k == keep {
				out[k] = dropNulls(m, at+"/"+k, keep)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, it := range v {
			out[i] = dropNulls(it, fmt.Sprint(at, "/", i), keep)
		}
		return out
	}
	return v
}

// tolerable reports whether every problem is a documented difference.
func tolerable(err error) bool {
	var all *unionflat.Errors
	if !errors.As(err, &all) {
		return false
	}
	for _, e := range all.List {
		switch e.Kind {
		case unionflat.KindRange, unionflat.KindInvalid:
		case unionflat.KindMinimum, unionflat.KindMaximum, unionflat.KindExclusiveMinimum, unionflat.KindExclusiveMaximum, unionflat.KindMultipleOf:
			if !schematest.IsDuration(e.Got) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// TestValidateNilSlice: a nil slice in a required field is written as
// null, which decoding rejects; Validate says so too.
func TestValidateNilSlice(t *testing.T) {
	x := validSchedule()
	x.Steps = nil
	if got := messages(x.Validate()); !reflect.DeepEqual(got, []string{"/steps: steps must be an array, not null"}) {
		t.Errorf("Validate = %q", got)
	}
	b, _ := json.Marshal(x)
	// (While one tool's openai-strict makes the whole package read null as
	// absent, the decoder says "steps is required" instead.)
	if _, err := DecodeSchedule(b); err == nil || !strings.HasPrefix(err.Error(), "/steps: steps ") {
		t.Errorf("decoding %s = %v", b, err)
	}
}

// TestNamedMapKeys: a map keyed by a named string type decodes its keys
// as that type, checks each value on its key's path, and Validate checks
// the map built in code the same way.
func TestNamedMapKeys(t *testing.T) {
	x, err := DecodeSchedule(schedule(`"quotas":{"fast":3,"slow":0}`))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(x.Quotas, map[Queue]int{"fast": 3, "slow": 0}) {
		t.Errorf("quotas = %#v", x.Quotas)
	}
	wantProblem(t, schedule(`"quotas":{"fast":-1}`), "/quotas/fast", unionflat.KindMinimum, "at least 0")
	x.Quotas["slow"] = -2
	if err := x.Validate(); err == nil || !strings.Contains(err.Error(), "/quotas/slow") {
		t.Errorf("Validate = %v, want the negative quota of slow", err)
	}
}

// TestPointerText: a *Ticket, whose text methods are on the pointer only,
// is the string its MarshalText writes, in the schema, Validate and
// decoding alike, a field and the items of a slice.
func TestPointerText(t *testing.T) {
	x := validSchedule()
	x.Ticket, x.Tickets = &Ticket{n: 42}, []*Ticket{{n: 7}, {n: 8}}
	b, err := json.Marshal(x)
	if err != nil || !strings.Contains(string(b), `"ticket":"T42","tickets":["T7","T8"]`) {
		t.Fatalf("json.Marshal = %s, %v", b, err)
	}
	if err := x.Validate(); err != nil {
		t.Errorf("Validate = %v", err)
	}
	schema := schematest.Validator(t, []byte(ScheduleSchema))
	if err := schema.Validate(schematest.MustParse(t, b)); err != nil {
		t.Errorf("the schema refuses what json.Marshal writes: %v\n%s", err, b)
	}
	back, err := DecodeSchedule(b)
	if err != nil || !reflect.DeepEqual(back.Ticket, x.Ticket) || !reflect.DeepEqual(back.Tickets, x.Tickets) {
		t.Errorf("DecodeSchedule(%s) = %+v %+v, %v", b, back.Ticket, back.Tickets, err)
	}
	x.Ticket = &Ticket{n: 123456}
	if err := x.Validate(); err == nil || !strings.Contains(err.Error(), "/ticket: ticket must be at most 6 characters long") {
		t.Errorf("Validate of T123456 = %v, want the maxLength problem", err)
	}
	wantProblem(t, schedule(`"ticket":"T-1"`), "/ticket", unionflat.KindPattern, "^T[0-9]+$")
}
