package everyday

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/unionflat/unionflat/internal/schematest"
	unionflat "github.com/unionflat/unionflat/runtime"
)

// int64Edges and uint64Edges are where float64 stops being exact and
// where the types end.
var (
	int64Edges  = []int64{0, 1, -1, 1<<53 - 1, 1 << 53, 1<<53 + 1, -(1<<53 + 1), math.MaxInt64, math.MinInt64}
	uint64Edges = []uint64{0, 1, 1 << 53, 1<<53 + 1, math.MaxUint64, math.MaxUint64 - 1}
)

func randomInt64(rnd *rand.Rand) int64 {
	if rnd.IntN(3) == 0 {
		return int64Edges[rnd.IntN(len(int64Edges))]
	}
	return int64(rnd.Uint64())
}

func randomUint64(rnd *rand.Rand) uint64 {
	if rnd.IntN(3) == 0 {
		return uint64Edges[rnd.IntN(len(uint64Edges))]
	}
	return rnd.Uint64()
}

// spell writes an integer's decimal text as a JSON number or as a JSON
// string, at random.
func spell(rnd *rand.Rand, digits string) string {
	if rnd.IntN(2) == 0 {
		return digits
	}
	return strconv.Quote(digits)
}

// TestTransferDecimalStrings: the decoder of a tool with the gemini
// profile reads seeded random int64 and uint64 values (2^53+1 and the
// type limits among them) exactly, each written as a JSON number or as a
// string of digits at random, at the top level, in a slice, behind a
// pointer and in a map; the value it returns validates.
func TestTransferDecimalStrings(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1<<53+1, 13))
	for i := range 2000 {
		want := Transfer{
			From:   randomInt64(rnd),
			To:     randomUint64(rnd),
			Amount: rnd.Int64N(1<<54+3) - (1<<53 + 1),
			Fee:    rnd.IntN(10001),
		}
		if i%7 == 0 {
			want.Amount = []int64{1<<53 + 1, -(1<<53 + 1)}[i%2]
		}
		members := []string{
			`"from":` + spell(rnd, strconv.FormatInt(want.From, 10)),
			`"to":` + spell(rnd, strconv.FormatUint(want.To, 10)),
			`"amount":` + spell(rnd, strconv.FormatInt(want.Amount, 10)),
			`"fee":` + spell(rnd, strconv.Itoa(want.Fee)),
		}
		if rnd.IntN(2) == 0 {
			var refs []string
			for range 1 + rnd.IntN(3) {
				r := randomUint64(rnd)
				want.Refs = append(want.Refs, r)
				refs = append(refs, spell(rnd, strconv.FormatUint(r, 10)))
			}
			members = append(members, `"refs":[`+strings.Join(refs, ",")+`]`)
		}
		if rnd.IntN(2) == 0 {
			p := randomInt64(rnd)
			want.Parent = &p
			members = append(members, `"parent":`+spell(rnd, strconv.FormatInt(p, 10)))
		}
		if rnd.IntN(2) == 0 {
			l := randomInt64(rnd)
			want.Limits = map[string]int64{"EUR": l}
			members = append(members, `"limits":{"EUR":`+spell(rnd, strconv.FormatInt(l, 10))+`}`)
		}
		rnd.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
		data := "{" + strings.Join(members, ",") + "}"
		got, err := DecodeTransfer([]byte(data))
		if err != nil {
			t.Fatalf("DecodeTransfer(%s): %v", data, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("DecodeTransfer(%s) = %+v, want %+v", data, got, want)
		}
		if err := got.Validate(); err != nil {
			t.Fatalf("Validate(%+v): %v", got, err)
		}
	}
}

// TestTransferDecimalProblems: a string out of the type's range or the
// schema's bounds is the same problem the number is; anything but
// decimal digits is a type problem; each at its pointer.
func TestTransferDecimalProblems(t *testing.T) {
	base := map[string]string{"from": `1`, "to": `2`, "amount": `3`, "fee": `4`}
	for _, tc := range []struct {
		key, value, path string
		kind             unionflat.Kind
	}{
		{"from", `"9223372036854775808"`, "/from", unionflat.KindRange},
		{"from", `9223372036854775808`, "/from", unionflat.KindRange},
		{"to", `"-1"`, "/to", unionflat.KindRange},
		{"to", `"18446744073709551616"`, "/to", unionflat.KindRange},
		{"amount", `"9007199254740994"`, "/amount", unionflat.KindMaximum},
		{"amount", `9007199254740994`, "/amount", unionflat.KindMaximum},
		{"amount", `"-9007199254740994"`, "/amount", unionflat.KindMinimum},
		{"fee", `"10001"`, "/fee", unionflat.KindMaximum},
		{"from", `"0x10"`, "/from", unionflat.KindType},
		{"from", `"012"`, "/from", unionflat.KindType},
		{"from", `"1.0"`, "/from", 0}, // a quoted number, repaired
		{"refs", `["1","+2"]`, "/refs/1", unionflat.KindType},
		{"limits", `{"EUR":"1e3"}`, "/limits/EUR", 0},
	} {
		var members []string
		for _, k := range []string{"from", "to", "amount", "fee", "refs", "limits"} {
			v, ok := base[k]
			if k == tc.key {
				v, ok = tc.value, true
			}
			if ok {
				members = append(members, fmt.Sprintf("%q:%s", k, v))
			}
		}
		data := "{" + strings.Join(members, ",") + "}"
		_, repairs, err := DecodeTransferRepaired([]byte(data))
		if tc.kind == 0 {
			if err != nil || len(repairs.List) != 1 || repairs.List[0].Kind != unionflat.RepairQuotedNumber || repairs.List[0].Path.String() != tc.path {
				t.Errorf("DecodeTransfer(%s) = %v, %v; want a quoted number repaired at %s", data, err, repairs.List, tc.path)
			}
			continue
		}
		var errs *unionflat.Errors
		if !errors.As(err, &errs) || len(errs.List) != 1 || errs.List[0].Path.String() != tc.path || errs.List[0].Kind != tc.kind {
			t.Errorf("DecodeTransfer(%s) = %v, want one problem of kind %d at %s", data, err, tc.kind, tc.path)
		}
	}
}

// TestDecimalSchemas: the gemini document says every int64 and uint64
// beyond 2^53 as a string of digits (a number that fits stays one, and so
// do an int and a uint, unless bigints=string) and accepts the
// string forms, as the independent validator judges; the lossless and
// flat schemas and the mcp document keep numbers; bigints=string and
// bigints=number choose for a tool, and its decoder follows.
func TestDecimalSchemas(t *testing.T) {
	for _, tc := range []struct {
		schema string
		path   []string
		typ    string
	}{
		{TransferGeminiSchema, []string{"properties", "from"}, "string"},
		{TransferGeminiSchema, []string{"properties", "to"}, "string"},
		{TransferGeminiSchema, []string{"properties", "amount"}, "string"},
		{TransferGeminiSchema, []string{"properties", "refs", "items"}, "string"},
		{TransferGeminiSchema, []string{"properties", "parent"}, "string"},
		{TransferGeminiSchema, []string{"properties", "fee"}, "integer"},
		{TransferGeminiSchema, []string{"properties", "page"}, "integer"},
		{TransferGeminiSchema, []string{"properties", "count"}, "integer"},
		{TransferSchema, []string{"properties", "from"}, "integer"},
		{TransferFlatSchema, []string{"properties", "amount"}, "integer"},
		{TransferMCPSchema, []string{"properties", "from"}, "integer"},
		{AuditAnthropicSchema, []string{"properties", "id"}, "string"},
		{AuditAnthropicSchema, []string{"properties", "seq"}, "string"},
		{RoundedGeminiSchema, []string{"properties", "id"}, "integer"},
	} {
		if p := property(t, tc.schema, tc.path...); p["type"] != tc.typ {
			t.Errorf("%v: %v, want type %s", tc.path, p, tc.typ)
		}
	}
	// The range in words: the tag's bounds, else the type's.
	for name, want := range map[string]string{
		"amount": "at least -9007199254740993 and at most 9007199254740993.",
		"from":   "at least -9223372036854775808 and at most 9223372036854775807.",
		"to":     "at least 0 and at most 18446744073709551615.",
	} {
		if d := property(t, TransferGeminiSchema, "properties", name)["description"].(string); !strings.Contains(d, want) {
			t.Errorf("%s description %q: want %q", name, d, want)
		}
	}
	if p := property(t, TransferMCPSchema, "properties", "from"); p["maximum"] != nil {
		t.Errorf("mcp from %v: the type's bounds belong to the decimal documents only", p)
	}
	gemini := schematest.Validator(t, []byte(TransferGeminiSchema))
	lossless := schematest.Validator(t, []byte(TransferSchema))
	strs := `{"from":"-9223372036854775808","to":"18446744073709551615","amount":"9007199254740993","fee":5,"refs":["9007199254740993"],"parent":"1"}`
	nums := `{"from":-9223372036854775808,"to":18446744073709551615,"amount":9007199254740993,"fee":5,"refs":[9007199254740993],"parent":1}`
	for _, c := range []struct {
		name  string
		check func(any) error
		doc   string
		valid bool
	}{
		{"gemini, strings", gemini.Validate, strs, true},
		{"gemini, a leading zero", gemini.Validate, strings.Replace(strs, `"1"`, `"01"`, 1), false},
		{"lossless, numbers", lossless.Validate, nums, true},
		{"lossless, strings", lossless.Validate, strs, false},
	} {
		v, err := schematest.Parse([]byte(c.doc))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.check(v); (err == nil) != c.valid {
			t.Errorf("%s: valid = %v, want %v (%v)", c.name, err == nil, c.valid, err)
		}
		if _, err := DecodeTransfer([]byte(c.doc)); (err == nil) != (c.name != "gemini, a leading zero") {
			t.Errorf("%s: DecodeTransfer: %v", c.name, err)
		}
	}
	if x, err := DecodeAudit([]byte(`{"id":"9007199254740993"}`)); err != nil || x.ID != 1<<53+1 {
		t.Errorf("DecodeAudit = %+v, %v; want the exact ID", x, err)
	}
	x, repairs, err := DecodeRoundedRepaired([]byte(`{"id":"1"}`))
	if err != nil || x.ID != 1 || len(repairs.List) != 1 || repairs.List[0].Kind != unionflat.RepairQuotedNumber {
		t.Errorf("DecodeRounded of a string = %+v, %v, %v; want 1, read as a repair: bigints=number writes numbers only", x, repairs.List, err)
	}
}
