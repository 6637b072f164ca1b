package impl_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/unionflat/unionflat/internal/schematest"
	"github.com/unionflat/unionflat/runtime/impl"
)

// stricter lists the values the reference validator accepts and
// CheckFormat deliberately does not (see the package doc).
var stricter = map[string]bool{
	"ipv4 +1.2.3.4": true, // a sign is not part of a dotted decimal
	"email @b.c":    true, // RFC 5321: a local part has at least one character
}

// TestCheckFormat holds each format check to the independent validator
// (santhosh-tekuri/jsonschema with format assertions) on a table of valid
// values and near misses.
func TestCheckFormat(t *testing.T) {
	cases := map[string][]string{
		"date-time": {"2026-11-29T14:21:00Z", "2026-11-29t14:21:00z", "2026-11-29T14:21:00.123+05:30", "2016-12-31T23:59:60Z",
			"2016-12-31T22:59:60-01:00", "2026-11-29T23:59:60Z", "2026-11-29 14:21:00Z", "2026-11-29T14:21:00", "2026-02-30T00:00:00Z",
			"2026-11-29T24:00:00Z", "2026-11-29T14:21:00+5:30", "2026-11-29T14:21:00.Z", "1/2/2026"},
		"date": {"2026-11-29", "2024-02-29", "2023-02-29", "2026-13-01", "2026-1-01", "26-11-29", "2026-11-29T00:00:00Z"},
		"time": {"23:59:60-23:59", "00:00:60+00:01", "12:00:00+24:00", "12:00:00z", "12:00:00-00:00", "1:00:00Z", "12:00:00+0100",
			"14:21:00Z", "23:59:60Z", "23:59:60+00:00", "12:00:60Z", "14:21:00.5-07:00", "14:21Z", "25:00:00Z", "14:21:00"},
		"email": {"@b.c", "a@", "a@b", "a@b.", "a@.b", "a@b..c", "a@[]", `""@b.c`, `"a b"@b.c`, "a@b_c.d", "a@1.2.3.4", "a@[::1]", "é@b.c", "a\"b@c.d",
			"ada@example.com", "a.b+c@d-e.org", `"quoted local"@example.com`, "x@[192.0.2.1]", "x@[IPv6:::1]",
			"no-at.example.com", ".a@example.com", "a..b@example.com", "a@-bad.com", "a@exa_mple.com", "a b@example.com"},
		"uri": {"a:", "1a:b", "http://a b", "http://a%zz", "http://[::1", "http://x:port/", "a:b#c#d", "http://é.com", "://x", "http://[::1%25eth0]/",
			"https://example.com/a?b=c#d", "urn:isbn:0451450523", "mailto:a@b.c", "http://[::1]:80/", "/relative/path",
			"example.com", "http://[zz]/", "http://::1/", ""},
		"uuid": {"123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000", "123e4567e89b12d3a456426614174000",
			"123e4567-e89b-12d3-a456-42661417400", "g23e4567-e89b-12d3-a456-426614174000"},
		"ipv4": {"1.2.3.04", " 1.2.3.4", "1..3.4", "0x1.2.3.4", "1.2.3.4/8", "١.٢.٣.٤",
			"192.0.2.1", "0.0.0.0", "255.255.255.255", "256.0.0.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "+1.2.3.4", "a.b.c.d"},
		"ipv6": {"::", "1::2::3", "::ffff:1.2.3.04", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7::", "[::1]", "12345::", "::1.2.3",
			"::1", "2001:db8::1", "::ffff:192.0.2.1", "fe80::1%eth0", "1.2.3.4", "2001:db8:::1", "gggg::1"},
		"hostname": {"", ".", "a..", "1.2.3.4", "é.com", "a.-b", "123",
			"example.com", "a-b.example", "localhost", "example.com.", "-bad.com", "bad-.com", "exa_mple.com",
			"a..b", "xn--bcher-kva.example"},
	}
	for format, values := range cases {
		schema, err := schematest.Compile([]byte(`{"type":"string","format":"` + format + `"}`))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range values {
			text, _ := json.Marshal(v)
			inst, _ := schematest.Parse(text)
			want := schema.Validate(inst) == nil
			got := impl.CheckFormat(format, v) == nil
			if stricter[format+" "+v] {
				if got || !want {
					t.Errorf("%s %q: expected the documented difference (validator accepts, CheckFormat rejects)", format, v)
				}
				continue
			}
			if got != want {
				t.Errorf("%s %q: CheckFormat accepts=%v, validator accepts=%v", format, v, got, want)
			}
		}
	}
}

// formatShapes are the values TestCheckFormatRandom builds, per format:
// one option of each slot in turn, so that most values are close to
// valid, and then, for a third of them, one stray piece inserted.
var formatShapes = map[string][][]string{
	"uri": {{"http", "https", "a", "A1+.-", "1", ""}, {"://", ":", ":/", ""}, {"example.com", "x", "[::1]", "::1", "a@b", "é", ""},
		{":80", ":", ":x", ""}, {"/", "/a/b", "", "/%20", "/%zz", "/é"}, {"?q=1", "?", "?a?b", ""}, {"#f", "#", "#a#b", ""}},
	"ipv4":     {{"1", "0", "01", "255", "256"}, {"."}, {"2", "192", "00"}, {".", ".."}, {"3", "1000"}, {"."}, {"4", "25", "+4", ""}},
	"hostname": {{"a", "example", "-a", "xn--bcher-kva", strings.Repeat("x", 63), strings.Repeat("y", 64)}, {".", ""}, {"com", "b-", "1", ""}, {".", ""}},
	"date":     {{"2026", "2024", "1900", "2000", "0000", "226"}, {"-"}, {"01", "02", "12", "13", "00", "1"}, {"-"}, {"01", "28", "29", "30", "31", "32"}},
	"email":    {{"a", "a.b", `"a b"`, ".a", "a..b", "", "é"}, {"@"}, {"example.com", "b", "[1.2.3.4]", "[IPv6:::1]", "[::1]", "-b.c", "b_c.d"}},
	"uuid": {{"123e4567", "ABCDEF01", "0a1b2c3d", "123e456", "123e4567g"}, {"-", "-", "-", "_"}, {"e89b", "E89B", "ffff", "e8b"}, {"-"},
		{"12d3", "0000", "12d30"}, {"-", "-", "--"}, {"a456", "A456", "a45g"}, {"-", "-", "-", ""}, {"426614174000", "FFFFFFFFFFFF", "42661417400x"}},
}

// strayPieces are what TestCheckFormatRandom inserts into a value.
var strayPieces = []string{".", "-", "@", ":", "/", "%", "%2", "[", "]", "#", "?", " ", "é", "x", "0", "+", `"`, `\`, "\x7f", "~", "!", "^", "|"}

// documentedDifference reports whether v is one of the values the
// package doc says CheckFormat refuses although the validator takes them.
func documentedDifference(format, v string) bool {
	switch format {
	case "ipv4":
		return strings.Contains("."+v, ".+")
	case "email": // an empty local part, or a signed ipv4 literal
		return strings.LastIndexByte(v, '@') == 0 || strings.Contains(v, "[+") || strings.Contains(v, ".+")
	}
	return false
}

// TestCheckFormatRandom holds the format checks to the independent
// validator over seeded random values built from each format's shapes,
// so that the byte-by-byte checks (of ipv4, hostname,
// date and email) are judged on the whole neighbourhood of valid values.
func TestCheckFormatRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 2026))
	for _, format := range []string{"uri", "ipv4", "hostname", "date", "email", "uuid"} {
		schema, err := schematest.Compile([]byte(`{"type":"string","format":"` + format + `"}`))
		if err != nil {
			t.Fatal(err)
		}
		accepted := 0
		for range 20000 {
			var b strings.Builder
			for _, slot := range formatShapes[format] {
				b.WriteString(slot[r.IntN(len(slot))])
			}
			v := b.String()
			if r.IntN(3) == 0 {
				at := r.IntN(len(v) + 1)
				v = v[:at] + strayPieces[r.IntN(len(strayPieces))] + v[at:]
			}
			text, _ := json.Marshal(v)
			inst, _ := schematest.Parse(text)
			want := schema.Validate(inst) == nil
			got := impl.CheckFormat(format, v) == nil
			if got {
				accepted++
			}
			if got != want && !(want && documentedDifference(format, v)) {
				t.Errorf("%s %q: CheckFormat accepts=%v, validator accepts=%v", format, v, got, want)
			}
		}
		if accepted < 200 {
			t.Errorf("%s: only %d of 20000 random values are valid; the generator misses the valid class", format, accepted)
		}
	}
}

// FuzzCheckFormat holds the format checks to the independent validator
// on any text, seeded with the random test's shapes, as
// TestCheckFormatRandom does on its seeded values.
func FuzzCheckFormat(f *testing.F) {
	formats := []string{"uri", "ipv4", "hostname", "date", "email", "uuid"}
	schemas := make([]*jsonschema.Schema, len(formats))
	for i, format := range formats {
		schema, err := schematest.Compile([]byte(`{"type":"string","format":"` + format + `"}`))
		if err != nil {
			f.Fatal(err)
		}
		schemas[i] = schema
	}
	for i, format := range formats {
		var b strings.Builder
		for _, slot := range formatShapes[format] {
			b.WriteString(slot[0])
		}
		f.Add(uint8(i), b.String())
	}
	f.Fuzz(func(t *testing.T, which uint8, v string) {
		i := int(which) % len(formats)
		text, err := json.Marshal(v)
		if err != nil {
			return
		}
		inst, err := schematest.Parse(text)
		if err != nil {
			return // not valid UTF-8: no JSON string holds it as is
		}
		want := schemas[i].Validate(inst) == nil
		got := impl.CheckFormat(formats[i], v) == nil
		if got != want && !(want && documentedDifference(formats[i], v)) {
			t.Errorf("%s %q: CheckFormat accepts=%v, validator accepts=%v", formats[i], v, got, want)
		}
	})
}
