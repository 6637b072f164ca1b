package impl

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// decodeArguments reads a tool's arguments as a generated DecodeT does.
func decodeArguments[T any](data []byte, lenient Leniency, decode func(*Decoder, Value, *T)) (T, error) {
	var x T
	d, root, ok := BeginArguments(data, lenient)
	if ok {
		decode(d, root, &x)
	}
	if err := d.End(); err != nil {
		var zero T
		return zero, err
	}
	return x, nil
}

// decodeInt and decodeUint read a root integer of the given width, as
// generated code reads one whose range reaches past 2^53.
func decodeInt(bits int) func(*Decoder, Value, *int64) {
	return func(d *Decoder, v Value, out *int64) {
		if n, ok := d.BigInt(v, bits); ok {
			*out = n
		}
	}
}

func decodeUint(bits int) func(*Decoder, Value, *uint64) {
	return func(d *Decoder, v Value, out *uint64) {
		if n, ok := d.BigUint(v, bits); ok {
			*out = n
		}
	}
}

// onlyKind returns the kind of the one problem of err, or kindNone.
func onlyKind(err error) unionflat.Kind {
	var errs *unionflat.Errors
	if !errors.As(err, &errs) || len(errs.List) != 1 {
		return kindNone
	}
	return errs.List[0].Kind
}

// kindNone is no problem, or more than one.
const kindNone unionflat.Kind = math.MaxUint8

// integerEdges are the integers where float64 and the 64-bit types end.
var integerEdges = []string{
	"0", "1", "-1", "9007199254740991", "9007199254740992", "9007199254740993", "-9007199254740993",
	"2147483647", "2147483648", "-2147483649", "127", "128", "-129", "255", "256",
	"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
	"18446744073709551615", "18446744073709551616", "123456789012345678901234567890",
}

// randomIntegerText draws an integer's decimal text: an edge, or a random
// int64 or uint64.
func randomIntegerText(rnd *rand.Rand) string {
	switch rnd.IntN(3) {
	case 0:
		return integerEdges[rnd.IntN(len(integerEdges))]
	case 1:
		return strconv.FormatInt(int64(rnd.Uint64()), 10)
	}
	return strconv.FormatUint(rnd.Uint64(), 10)
}

// TestDecimalIntegers: under DecimalIntegers every integer width reads
// seeded random integers, and the edges of float64 and of each type,
// from a number and from a string of its digits alike, exactly; out of
// the type's range is a range problem either way, judged independently
// with math/big. Without the leniency the string is a type problem.
func TestDecimalIntegers(t *testing.T) {
	rnd := rand.New(rand.NewPCG(9007199254740993, 14))
	for range 3000 {
		text := randomIntegerText(rnd)
		want, _ := new(big.Int).SetString(text, 10)
		for _, bits := range []int{8, 16, 32, 64, 0} {
			width := bits
			if width == 0 {
				width = strconv.IntSize
			}
			lo := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(width-1)))
			hi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(width-1)), big.NewInt(1))
			uhi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(width)), big.NewInt(1))
			inInt := want.Cmp(lo) >= 0 && want.Cmp(hi) <= 0
			inUint := want.Sign() >= 0 && want.Cmp(uhi) <= 0
			for _, input := range []string{text, strconv.Quote(text)} {
				n, err := decodeArguments([]byte(input), DecimalIntegers, decodeInt(bits))
				switch {
				case inInt && (err != nil || n != want.Int64()):
					t.Fatalf("Int(%s, %d) = %d, %v; want %s", input, bits, n, err, text)
				case !inInt && onlyKind(err) != unionflat.KindRange:
					t.Fatalf("Int(%s, %d) = %d, %v; want a range problem", input, bits, n, err)
				}
				u, err := decodeArguments([]byte(input), DecimalIntegers, decodeUint(bits))
				switch {
				case inUint && (err != nil || u != want.Uint64()):
					t.Fatalf("Uint(%s, %d) = %d, %v; want %s", input, bits, u, err, text)
				case !inUint && onlyKind(err) != unionflat.KindRange:
					t.Fatalf("Uint(%s, %d) = %d, %v; want a range problem", input, bits, u, err)
				}
			}
			if _, err := decodeArguments([]byte(strconv.Quote(text)), 0, decodeInt(bits)); onlyKind(err) != unionflat.KindType {
				t.Fatalf("without the leniency Int(%q) = %v, want a type problem", text, err)
			}
		}
	}
}

// TestDecimalIntegerSpelling: only decimal digits are read, with a minus
// sign and no leading zero, escapes resolved; a float64 detour would
// have made 2^53+1 even.
func TestDecimalIntegerSpelling(t *testing.T) {
	for _, tc := range []struct {
		input string
		want  int64
		ok    bool
	}{
		{`"9007199254740993"`, 9007199254740993, true},
		{`"-9223372036854775808"`, math.MinInt64, true},
		{`"0"`, 0, true},
		{`"-0"`, 0, true},
		{`"\u0031\u0032"`, 12, true},
		{`9007199254740993`, 9007199254740993, true},
		{`"01"`, 0, false},
		{`"+1"`, 0, false},
		{`"1.0"`, 0, false},
		{`"1e3"`, 0, false},
		{`""`, 0, false},
		{`" 1"`, 0, false},
		{`"1 "`, 0, false},
		{`"-"`, 0, false},
		{`"--1"`, 0, false},
		{`"0x10"`, 0, false},
		{`"１"`, 0, false},
		{`"-01"`, 0, false},
	} {
		n, err := decodeArguments([]byte(tc.input), DecimalIntegers, decodeInt(64))
		switch {
		case tc.ok && (err != nil || n != tc.want):
			t.Errorf("Int(%s) = %d, %v; want %d", tc.input, n, err, tc.want)
		case !tc.ok && onlyKind(err) != unionflat.KindType:
			t.Errorf("Int(%s) = %d, %v; want a type problem", tc.input, n, err)
		}
	}
	// In an object the problem has its pointer.
	_, err := decodeArguments([]byte(`{"id":"07"}`), DecimalIntegers, func(d *Decoder, v Value, out *int64) {
		obj, _ := d.Object(v)
		for key, val := range d.Members(obj) {
			if string(key) == "id" {
				*out, _ = d.BigInt(val, 64)
			}
		}
	})
	var errs *unionflat.Errors
	if !errors.As(err, &errs) || len(errs.List) != 1 || errs.List[0].Path.String() != "/id" {
		t.Errorf("got %v, want one problem at /id", err)
	}
}

// FuzzDecimalIntegers: any string, read under DecimalIntegers as an int64
// and a uint64, is accepted exactly when it is an integer in decimal
// digits (a minus sign, no leading zero) within the type's range, and
// then as the value math/big reads; never a panic.
func FuzzDecimalIntegers(f *testing.F) {
	for _, s := range append(integerEdges, "01", "+1", "1.0", "1e3", "", " 1", "-", "-0", "0x10", "１") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		input, err := json.Marshal(s)
		if err != nil {
			t.Skip() // not UTF-8: no JSON string holds it as is
		}
		digits := strings.TrimPrefix(s, "-")
		spelled := digits != "" && strings.Trim(digits, "0123456789") == "" && (digits == "0" || digits[0] != '0')
		want, _ := new(big.Int).SetString(s, 10)
		n, err := decodeArguments(input, DecimalIntegers, decodeInt(64))
		if ok := spelled && want.IsInt64(); ok != (err == nil) || ok && n != want.Int64() {
			t.Fatalf("Int(%s) = %d, %v; spelled %v", input, n, err, spelled)
		}
		u, err := decodeArguments(input, DecimalIntegers, decodeUint(64))
		if ok := spelled && want.Sign() >= 0 && want.IsUint64(); ok != (err == nil) || ok && u != want.Uint64() {
			t.Fatalf("Uint(%s) = %d, %v; spelled %v", input, u, err, spelled)
		}
	})
}

// TestDigitStringsPerInteger: DecimalIntegers reads digits as asked only
// for an integer read with BigInt (one a profile writes as digits);
// Int refuses them without repairs, and records a repair with them.
// DecimalWords reads them for every integer.
func TestDigitStringsPerInteger(t *testing.T) {
	small := func(d *Decoder, v Value, out *int64) {
		if n, ok := d.Int(v, 32); ok {
			*out = n
		}
	}
	if _, err := decodeArguments([]byte(`"3"`), DecimalIntegers, small); onlyKind(err) != unionflat.KindType {
		t.Errorf(`Int("3") under DecimalIntegers: %v; want a type problem`, err)
	}
	if n, err := decodeArguments([]byte(`"3"`), DecimalWords, small); err != nil || n != 3 {
		t.Errorf(`Int("3") under DecimalWords = %d, %v; want 3`, n, err)
	}
	if n, err := decodeArguments([]byte(`"3"`), DecimalIntegers, decodeInt(32)); err != nil || n != 3 {
		t.Errorf(`BigInt("3") under DecimalIntegers = %d, %v; want 3`, n, err)
	}
	for _, flags := range []Leniency{DecimalIntegers | RepairMistakes, DecimalWords | RepairMistakes} {
		d, v, _ := BeginArguments([]byte(`"3"`), flags)
		d.Int(v, 32)
		r, err := d.Finish()
		if err != nil || len(r.List) != 1 || r.List[0].Asked != (flags&DecimalWords != 0) {
			t.Errorf(`Int("3") under %b: repairs %+v, %v; want one, asked only under DecimalWords`, flags, r.List, err)
		}
	}
}
