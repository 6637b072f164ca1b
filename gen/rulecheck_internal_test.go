package gen

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/unionflat/unionflat/gen/internal/load"
	"github.com/unionflat/unionflat/gen/internal/model"
	"github.com/unionflat/unionflat/gen/internal/schema"
)

// ruleJudge compiles the schema the generator writes for a value of type
// t with rules r, for santhosh-tekuri/jsonschema to judge literals by.
func ruleJudge(t *testing.T, typ *model.Type, r model.Rules) *jsonschema.Schema {
	t.Helper()
	s := schema.NewSchemaDoc(false).TypeSchema(typ)
	schema.ApplyRules(s, r)
	raw, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("mem://rules.json", doc); err != nil {
		t.Fatal(err)
	}
	compiled, err := c.Compile("mem://rules.json")
	if err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return compiled
}

func passes(t *testing.T, s *jsonschema.Schema, lit string) bool {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(lit))
	if err != nil {
		t.Fatalf("literal %s: %v", lit, err)
	}
	return s.Validate(v) == nil
}

// randomRules draws rules for a string, integer or number type, as tags
// would give them (every value a JSON literal).
func randomRules(rng *rand.Rand) (*model.Type, model.Rules) {
	var r model.Rules
	maybe := func() bool { return rng.IntN(3) == 0 }
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	length := func() *uint64 { n := uint64(rng.IntN(5)); return &n }
	switch rng.IntN(5) {
	case 0:
		typ := &model.Type{Kind: model.KindString}
		if maybe() {
			r.MinLength = length()
		}
		if maybe() {
			r.MaxLength = length()
		}
		if maybe() {
			r.Pattern = pick(`^[a-z]+$`, `^a`, `b$`, `^[ab]{2,3}$`, `é`)
		}
		return typ, r
	case 1:
		return numberRules(rng, &model.Type{Kind: model.KindInt}, r)
	case 2:
		return numberRules(rng, &model.Type{Kind: model.KindInt, Bits: 8}, r)
	case 3:
		return numberRules(rng, &model.Type{Kind: model.KindUint, Bits: 8}, r)
	}
	return numberRules(rng, &model.Type{Kind: model.KindFloat, Bits: 64}, r)
}

func numberRules(rng *rand.Rand, typ *model.Type, r model.Rules) (*model.Type, model.Rules) {
	values := []string{"-200", "-3", "-1.5", "0", "2", "2.5", "130", "1e2"}
	bound := func() string {
		if rng.IntN(3) == 0 {
			return values[rng.IntN(len(values))]
		}
		return ""
	}
	r.Minimum, r.Maximum, r.ExclMinimum, r.ExclMaximum = bound(), bound(), bound(), bound()
	if rng.IntN(4) == 0 {
		r.MultipleOf = []string{"0.5", "2", "3", "1.5"}[rng.IntN(4)]
	}
	return typ, r
}

// randomLiteral draws a JSON literal a tag could give a value of typ,
// half the time one of the rules' own bounds, where off-by-one mistakes
// show.
func randomLiteral(rng *rand.Rand, typ *model.Type, r model.Rules) string {
	if typ.Kind != model.KindString && rng.IntN(2) == 0 {
		b := []string{r.Minimum, r.Maximum, r.ExclMinimum, r.ExclMaximum}[rng.IntN(4)]
		if _, err := strconv.Atoi(b); b != "" && (err == nil || typ.Kind == model.KindFloat) {
			return b
		}
	}
	if typ.Kind == model.KindString {
		var b strings.Builder
		for range rng.IntN(6) {
			b.WriteString([]string{"a", "b", "z", "A", "é", "-"}[rng.IntN(6)])
		}
		return strconv.Quote(b.String())
	}
	n := rng.IntN(601) - 300
	if typ.Kind == model.KindFloat && rng.IntN(2) == 0 {
		return fmt.Sprintf("%d.5", n/2)
	}
	return strconv.Itoa(n)
}

// breaks agrees with an independent validator on the schema the generator
// writes: an enum, const (or default) literal breaks the rules exactly
// when santhosh-tekuri/jsonschema rejects it.
func TestBreaksAgreesWithValidator(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 1))
	rejected := 0
	for range 1000 {
		typ, r := randomRules(rng)
		judge := ruleJudge(t, typ, r)
		for range 10 {
			lit := randomLiteral(rng, typ, r)
			ours := load.Breaks(lit, r, typ)
			if ours != "" {
				rejected++
			}
			if (ours == "") != passes(t, judge, lit) {
				t.Fatalf("rules %+v on kind %d: literal %s: breaks says %q, the validator disagrees", r, typ.Kind, lit, ours)
			}
		}
	}
	t.Logf("%d of 10000 literals broke their rules", rejected)
	if rejected < 1000 || rejected > 9000 {
		t.Errorf("%d of 10000 literals broke their rules: the draw does not exercise both answers", rejected)
	}
}

// emptyRange says no value passes exactly when none does: judged by the
// validator over every integer from -300 to 300 for integer types, and
// for numbers over the bounds, their midpoints and a point beyond each
// end (a non-empty interval contains one of them).
func TestEmptyRangeIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 2))
	empty := 0
	for range 300 {
		typ, r := numberRules(rng, []*model.Type{{Kind: model.KindInt}, {Kind: model.KindInt, Bits: 8}, {Kind: model.KindUint, Bits: 8}, {Kind: model.KindFloat, Bits: 64}}[rng.IntN(4)], model.Rules{})
		var candidates []string
		if typ.Kind == model.KindFloat {
			var points []*big.Rat
			for _, b := range []string{r.Minimum, r.Maximum, r.ExclMinimum, r.ExclMaximum} {
				if v, ok := new(big.Rat).SetString(b); ok {
					points = append(points, v)
				}
			}
			for _, a := range points {
				candidates = append(candidates, a.FloatString(3), new(big.Rat).Add(a, big.NewRat(1, 1)).FloatString(3), new(big.Rat).Sub(a, big.NewRat(1, 1)).FloatString(3))
				for _, b := range points {
					mid := new(big.Rat).Add(a, b)
					candidates = append(candidates, mid.Quo(mid, big.NewRat(2, 1)).FloatString(3))
				}
			}
			candidates = append(candidates, "0")
		} else {
			for n := -300; n <= 300; n++ {
				candidates = append(candidates, strconv.Itoa(n))
			}
		}
		r.MultipleOf = "" // emptiness is about the bounds
		judge := ruleJudge(t, typ, r)
		some := false
		for _, c := range candidates {
			if passes(t, judge, c) {
				some = true
				break
			}
		}
		ours := load.EmptyRange(r, typ)
		if ours != nil {
			empty++
		}
		if (ours == nil) != some {
			t.Fatalf("bounds %+v on kind %d bits %d: emptyRange says %v, yet a value passes: %v", r, typ.Kind, typ.Bits, ours, some)
		}
	}
	t.Logf("%d of 300 ranges were empty", empty)
	if empty < 30 || empty > 270 {
		t.Errorf("%d of 300 ranges were empty: the draw does not exercise both answers", empty)
	}
}
