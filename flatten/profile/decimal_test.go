package profile_test

import (
	"fmt"
	"maps"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/flatten"
	"github.com/unionflat/unionflat/flatten/profile"
	"github.com/unionflat/unionflat/internal/schematest"
)

// boundPool holds the bounds the random integer schemas draw from: small
// ones, 2^53 and its neighbours (the edge of what a float64 holds
// exactly), the 64-bit limits, and fractions beside them.
var boundPool = []string{
	"0", "1", "-1", "100", "-100", "1.5", "-1.5",
	"9007199254740991", "9007199254740992", "9007199254740993", "9007199254740992.5", "9007199254740991.5",
	"-9007199254740991", "-9007199254740992", "-9007199254740993", "-9007199254740992.5", "-9007199254740991.5",
	"9223372036854775807", "-9223372036854775808", "18446744073709551615", "1e300",
}

var integerBoundKeys = []string{"minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"}

// reachesPastExact is the independent judgement: whether some integer
// beyond ±2^53 passes every bound, tried on the integers where the
// allowed interval can start or end (each bound's neighbours) and on
// 2^53+1, -2^53-1 and numbers far beyond.
func reachesPastExact(bounds map[string]string, values []string) (past, any bool) {
	exact := new(big.Int).Lsh(big.NewInt(1), 53)
	beyond := func(n *big.Int) bool { return new(big.Int).Abs(n).Cmp(exact) > 0 }
	if len(values) > 0 {
		for _, v := range values {
			n, _ := new(big.Int).SetString(v, 10)
			past = past || beyond(n)
		}
		return past, true
	}
	far, _ := new(big.Int).SetString("1"+strings.Repeat("0", 400), 10)
	candidates := []*big.Int{new(big.Int).Add(exact, big.NewInt(1)), new(big.Int).Neg(new(big.Int).Add(exact, big.NewInt(1))), far, new(big.Int).Neg(far), big.NewInt(0)}
	for _, b := range bounds {
		r, _ := new(big.Rat).SetString(b)
		f := new(big.Int).Quo(r.Num(), r.Denom())
		for d := int64(-2); d <= 2; d++ {
			candidates = append(candidates, new(big.Int).Add(f, big.NewInt(d)))
		}
	}
	for _, c := range candidates {
		rc := new(big.Rat).SetInt(c)
		ok := true
		for key, b := range bounds {
			r, _ := new(big.Rat).SetString(b)
			cmp := rc.Cmp(r)
			switch key {
			case "minimum":
				ok = ok && cmp >= 0
			case "exclusiveMinimum":
				ok = ok && cmp > 0
			case "maximum":
				ok = ok && cmp <= 0
			case "exclusiveMaximum":
				ok = ok && cmp < 0
			}
		}
		if ok {
			any = true
			past = past || beyond(c)
		}
	}
	return past, any
}

// reachesPastStated is reachesPastExact for a choice that counts a side
// without a bound as fitting (bigints by default): that side is closed at
// ±2^53, or at the other side's bound where that lies beyond.
func reachesPastStated(bounds map[string]string, values []string) (past, any bool) {
	if len(values) > 0 {
		return reachesPastExact(bounds, values)
	}
	exact := new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), 53))
	closed := maps.Clone(bounds)
	outer := func(keys []string, edge *big.Rat, sign int) string {
		for _, k := range keys {
			if r, ok := new(big.Rat).SetString(bounds[k]); ok && r.Cmp(edge)*sign > 0 {
				edge = new(big.Rat).Add(r, big.NewRat(int64(2*sign), 1))
			}
		}
		return edge.FloatString(0)
	}
	if bounds["minimum"] == "" && bounds["exclusiveMinimum"] == "" {
		closed["minimum"] = outer([]string{"maximum", "exclusiveMaximum"}, new(big.Rat).Neg(exact), -1)
	}
	if bounds["maximum"] == "" && bounds["exclusiveMaximum"] == "" {
		closed["maximum"] = outer([]string{"minimum", "exclusiveMinimum"}, exact, 1)
	}
	return reachesPastExact(closed, nil)
}

// TestDecimalIntegers: over seeded random integer schemas (bounds at and
// around 2^53, enums, nullable type arrays), a projection that writes big
// integers as strings converts exactly the schemas that allow an integer
// a float64 cannot hold (judged independently by trying the integers
// where the range can end), says every bound in words, keeps null, and
// under a profile with patterns accepts exactly decimal digits; under
// every other choice the schema stays an integer, taking the integers
// the document takes (see sameIntegers). By default a side without a
// bound does not reach past 2^53 (an int stays a number); with
// bigints=string it does. Every projection is idempotent.
func TestDecimalIntegers(t *testing.T) {
	rnd := rand.New(rand.NewPCG(14, 53))
	choices := []struct {
		p       profile.Profile
		o       profile.Options
		decimal bool
	}{
		{profile.Gemini, profile.Options{}, true},
		{profile.GeminiJSON, profile.Options{}, true},
		{profile.OpenAIStrict, profile.Options{}, false},
		{profile.Anthropic, profile.Options{BigInts: profile.BigIntsString}, true},
		{profile.OpenAIStrict, profile.Options{BigInts: profile.BigIntsString}, true},
		{profile.Gemini, profile.Options{BigInts: profile.BigIntsString}, true},
		{profile.Gemini, profile.Options{BigInts: profile.BigIntsNumber}, false},
	}
	converted := 0
	for i := range 600 {
		bounds := map[string]string{}
		var members []string
		nullable := rnd.IntN(3) == 0
		if nullable {
			members = append(members, `"type":["integer","null"]`)
		} else {
			members = append(members, `"type":"integer"`)
		}
		for _, key := range integerBoundKeys {
			if rnd.IntN(2) == 0 {
				bounds[key] = boundPool[rnd.IntN(len(boundPool))]
				members = append(members, fmt.Sprintf("%q:%s", key, bounds[key]))
			}
		}
		var values []string
		if rnd.IntN(5) == 0 {
			for range 1 + rnd.IntN(3) {
				v := boundPool[rnd.IntN(len(boundPool))]
				if !strings.ContainsAny(v, ".e") {
					values = append(values, v)
				}
			}
			if len(values) > 0 {
				members = append(members, `"enum":[`+strings.Join(values, ",")+`]`)
			}
		}
		schema := "{" + strings.Join(members, ",") + "}"
		doc := []byte(`{"type":"object","properties":{"n":` + schema + `},"required":["n"]}`)
		for _, c := range choices {
			past, nonEmpty := reachesPastExact(bounds, values)
			if c.o.BigInts != profile.BigIntsString {
				past, nonEmpty = reachesPastStated(bounds, values)
			}
			res, _, err := profile.ForProfileWith(doc, c.p, c.o, flatten.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if again, _, err := profile.ForProfileWith(res.Schema, c.p, c.o, flatten.Options{}); err != nil || string(again.Schema) != string(res.Schema) {
				t.Fatalf("%d %s %+v: projecting %s again changes it (%v):\n%s\n%s", i, c.p, c.o, schema, err, res.Schema, again.Schema)
			}
			out := decode(t, res.Schema)
			n, _ := at(out, "/properties/n")
			got := n.(map[string]any)
			typ := fmt.Sprint(got["type"])
			isString := strings.Contains(typ, "string")
			if !isString {
				sameIntegers(t, fmt.Sprintf("%d %s %+v", i, c.p, c.o), doc, res.Schema, bounds, len(values) > 0)
			}
			switch {
			case !c.decimal && isString:
				t.Fatalf("%d %s %+v: %s became a string: %s", i, c.p, c.o, schema, res.Schema)
			case c.decimal && past && !isString:
				t.Fatalf("%d %s %+v: %s reaches past 2^53 and stayed %s: %s", i, c.p, c.o, schema, typ, res.Schema)
			case c.decimal && !past && nonEmpty && isString:
				t.Fatalf("%d %s %+v: %s fits a float64 and became a string: %s", i, c.p, c.o, schema, res.Schema)
			case !isString:
				continue
			}
			converted++
			checkDecimalSchema(t, c.p, schema, bounds, nullable, got, res.Schema)
		}
	}
	if converted < 500 {
		t.Errorf("only %d conversions: the generator misses the class", converted)
	}
}

// sameIntegers holds a projection that kept an integer schema an integer
// to take exactly the integers the document takes, of those where its
// range can start or end (each bound's neighbours) and far beyond: every
// profile TestDecimalIntegers tries says minimum and maximum, the
// exclusive bounds as those or as themselves. An enum of integers a
// profile may only say in words: then the projection takes at least
// what the document takes. santhosh judges.
func sameIntegers(t *testing.T, name string, doc, projected []byte, bounds map[string]string, enum bool) {
	t.Helper()
	before, err := schematest.Compile(doc)
	if err != nil {
		t.Fatal(err)
	}
	after, err := schematest.Compile(projected)
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, projected)
	}
	candidates := []string{"0", "9007199254740993", "-9007199254740993", "1" + strings.Repeat("0", 40), "-1" + strings.Repeat("0", 40)}
	for _, b := range bounds {
		r, _ := new(big.Rat).SetString(b)
		f := new(big.Int).Quo(r.Num(), r.Denom())
		for d := int64(-2); d <= 2; d++ {
			candidates = append(candidates, new(big.Int).Add(f, big.NewInt(d)).String())
		}
	}
	for _, c := range candidates {
		v, err := schematest.Parse([]byte(`{"n":` + c + `}`))
		if err != nil {
			t.Fatal(err)
		}
		if was, is := before.Validate(v) == nil, after.Validate(v) == nil; was != is && (was || !enum) {
			t.Fatalf("%s: n = %s: the document takes it: %v, the projection: %v\n%s\n%s", name, c, was, is, doc, projected)
		}
	}
}

// checkDecimalSchema checks one integer schema written as a string.
func checkDecimalSchema(t *testing.T, p profile.Profile, in string, bounds map[string]string, nullable bool, got map[string]any, doc []byte) {
	t.Helper()
	desc, _ := got["description"].(string)
	if !strings.Contains(desc, "An integer written in decimal digits as a string") {
		t.Errorf("%s %s: description %q does not say the string form", p, in, desc)
	}
	for _, key := range integerBoundKeys {
		if _, ok := got[key]; ok {
			t.Errorf("%s %s: %s kept on a string", p, in, key)
		}
		if b, ok := bounds[key]; ok && !strings.Contains(desc, b) {
			t.Errorf("%s %s: description %q does not say %s %s", p, in, desc, key, b)
		}
	}
	if null := strings.Contains(fmt.Sprint(got["type"]), "null") || got["nullable"] == true; null != nullable {
		t.Errorf("%s %s: nullable %v, want %v: %s", p, in, null, nullable, doc)
	}
	pattern, hasPattern := got["pattern"].(string)
	if wantPattern := p != profile.GeminiJSON; hasPattern != wantPattern {
		t.Fatalf("%s %s: pattern %q, want one: %v", p, in, pattern, wantPattern)
	}
	if !hasPattern {
		return
	}
	s, err := schematest.Compile([]byte(`{"type":"string","pattern":` + string(schematest.Marshal(pattern)) + `}`))
	if err != nil {
		t.Fatal(err)
	}
	signed := !strings.HasPrefix(pattern, "^(")
	for _, text := range []string{"0", "7", "9007199254740993", "18446744073709551615", "-9223372036854775808", "01", "+1", "1.0", "1e3", "", " 1", "-", "0x10"} {
		v, _ := schematest.Parse(schematest.Marshal(text))
		digits := strings.TrimPrefix(text, "-")
		want := digits != "" && strings.Trim(digits, "0123456789") == "" && (digits == "0" || digits[0] != '0') &&
			(signed || !strings.HasPrefix(text, "-"))
		if ok := s.Validate(v) == nil; ok != want {
			t.Errorf("%s %s: pattern %s accepts %q: %v, want %v", p, in, pattern, text, ok, want)
		}
	}
	if !signed {
		if lo, ok := bounds["minimum"]; !ok || strings.HasPrefix(lo, "-") {
			t.Errorf("%s %s: an unsigned pattern where the range has negative numbers", p, in)
		}
	}
}

// TestHugeIntegerBounds: an exclusive bound or an enum value far beyond
// any Go integer (1e999999) is not written out in its million digits when
// gemini says it as an inclusive bound (found by a review), and projecting
// again changes nothing.
func TestHugeIntegerBounds(t *testing.T) {
	doc := []byte(`{"type":"object","properties":{"b":{"type":"integer","exclusiveMinimum":1e999999},"c":{"type":"integer","enum":[1,-1e999999]}}}`)
	for _, p := range []profile.Profile{profile.Gemini, profile.GeminiJSON} {
		res, _, err := profile.ForProfileWith(doc, p, profile.Options{BigInts: profile.BigIntsNumber}, flatten.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Schema) > 1000 {
			t.Errorf("%s: %d bytes: %.300s...", p, len(res.Schema), res.Schema)
		}
		again, _, err := profile.ForProfileWith(res.Schema, p, profile.Options{BigInts: profile.BigIntsNumber}, flatten.Options{})
		if err != nil || string(again.Schema) != string(res.Schema) {
			t.Errorf("%s: projecting again changes it (%v):\n%s\n%s", p, err, res.Schema, again.Schema)
		}
	}
}
