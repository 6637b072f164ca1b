package model

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
)

// RuntimePath is the import path of the runtime package, which declares
// Nullable (naming.RuntimePath is the same).
const RuntimePath = "github.com/unionflat/unionflat/runtime"

// TypeCode is the Go spelling of a modelled type.
func TypeCode(t *Type) *jen.Statement {
	if t.Named != nil {
		return jen.Qual(t.Named.Pkg, t.Named.Name)
	}
	switch t.Kind {
	case KindString:
		return jen.String()
	case KindBool:
		return jen.Bool()
	case KindInt:
		return jen.Id(SizedName("int", t.Bits))
	case KindUint:
		return jen.Id(SizedName("uint", t.Bits))
	case KindFloat:
		return jen.Id(SizedName("float", t.Bits))
	case KindBytes:
		return jen.Index().Byte()
	case KindSlice:
		return jen.Index().Add(TypeCode(t.Elem))
	case KindArray:
		return jen.Index(jen.Lit(int(t.Len))).Add(TypeCode(t.Elem))
	case KindMap:
		return jen.Map(KeyCode(t)).Add(TypeCode(t.Elem))
	case KindPointer:
		return jen.Op("*").Add(TypeCode(t.Elem))
	case KindNullable:
		return jen.Qual(RuntimePath, "Nullable").Types(TypeCode(t.Elem))
	case KindAny:
		return jen.Any()
	}
	panic(fmt.Sprintf("gen: no Go spelling for kind %d", t.Kind))
}

// KeyCode is the Go spelling of a map's key type.
func KeyCode(t *Type) *jen.Statement {
	if t.Key != nil {
		return jen.Qual(t.Key.Pkg, t.Key.Name)
	}
	return jen.String()
}

// SizedName spells a sized numeric type: int, int8, uint64, float32.
func SizedName(base string, bits int) string {
	if bits == 0 {
		return base
	}
	return base + strconv.Itoa(bits)
}

// GoLiteral spells a JSON string, number or boolean literal in Go.
func GoLiteral(lit string) string {
	if strings.HasPrefix(lit, `"`) {
		return strconv.Quote(Unquote(lit))
	}
	if f, err := strconv.ParseFloat(lit, 64); err == nil && strings.ContainsAny(lit, ".eE") {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return lit
}

func Ceil(r *big.Rat) *big.Int {
	q := new(big.Int).Quo(r.Num(), r.Denom())
	if !r.IsInt() && r.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

func Floor(r *big.Rat) *big.Int {
	q := new(big.Int).Quo(r.Num(), r.Denom())
	if !r.IsInt() && r.Sign() < 0 {
		q.Sub(q, big.NewInt(1))
	}
	return q
}

// DefaultLiteral spells a scalar default in Go, untyped, so that it
// compares with and assigns to the field's own type.
func DefaultLiteral(t *Type, lit string) jen.Code {
	switch {
	case negativeZero(t, lit): // the constant -0 is 0 in Go: math.Copysign(0, -1)
		negZero := jen.Qual("math", "Copysign").Call(jen.Lit(0), jen.Lit(-1))
		if !plainFloat64(t) {
			return TypeCode(t).Call(negZero)
		}
		return negZero
	case t.Kind == KindDuration:
		return jen.Id(strconv.FormatInt(Nanos(Unquote(lit)), 10))
	case strings.HasPrefix(lit, `"`):
		return jen.Lit(Unquote(lit))
	}
	return jen.Id(GoLiteral(lit))
}

// WrittenWithDefault is when the generated MarshalJSON writes a field
// with a default (see shadowOf): a pointer, slice or map unless nil, a
// scalar unless it holds the default.
func WrittenWithDefault(f *Field, x func() *jen.Statement) jen.Code {
	switch f.Type.Kind {
	case KindPointer, KindSlice, KindMap:
		return x().Op("!=").Nil()
	case KindBool:
		if f.Rules.Default == "true" {
			return jen.Op("!").Add(x())
		}
		return x()
	}
	if zeroFloat(f.Type, f.Rules.Default) {
		return writtenWithZeroDefault(f, x)
	}
	return x().Op("!=").Add(DefaultLiteral(f.Type, f.Rules.Default))
}

// writtenWithZeroDefault tells -0 from 0, which == does not, so that a
// float field with default 0 still writes -0 (and one with default -0
// writes 0):
//
//	x.Offset != 0 || math.Signbit(x.Offset)
func writtenWithZeroDefault(f *Field, x func() *jen.Statement) jen.Code {
	v := x()
	if !plainFloat64(f.Type) {
		v = jen.Float64().Call(x())
	}
	sign := jen.Qual("math", "Signbit").Call(v)
	if negativeZero(f.Type, f.Rules.Default) {
		sign = jen.Op("!").Add(sign)
	}
	return x().Op("!=").Lit(0).Op("||").Add(sign)
}

// plainFloat64 reports whether t is float64 itself, not a named type or
// a float32.
func plainFloat64(t *Type) bool { return t.Named == nil && t.Bits == 64 }

// zeroFloat reports whether lit is a zero default of a float field.
func zeroFloat(t *Type, lit string) bool {
	r, ok := new(big.Rat).SetString(lit)
	return t.Kind == KindFloat && ok && r.Sign() == 0
}

// negativeZero reports whether lit is a float default of -0 (or -0.0).
func negativeZero(t *Type, lit string) bool {
	return zeroFloat(t, lit) && strings.HasPrefix(lit, "-")
}

// textWritten is the condition under which omitempty (or, with zero set,
// omitzero) writes a text type with MarshalText: by its underlying kind,
// or nil when it always does.
func textWritten(t *Type, x func() *jen.Statement, zero bool) jen.Code {
	switch t.TextBase {
	case KindString:
		return x().Op("!=").Lit("")
	case KindBool:
		return x()
	case KindInt, KindUint, KindFloat:
		return x().Op("!=").Lit(0)
	case KindSlice, KindMap:
		if zero {
			return x().Op("!=").Nil()
		}
		return jen.Len(x()).Op("!=").Lit(0)
	case KindPointer:
		return x().Op("!=").Nil()
	}
	if zero {
		return x().Op("!=").Parens(TypeCode(t).Values())
	}
	return nil
}

// Written is the condition under which the marshalling writes an optional
// field, or nil when it always does. A struct of another package gets no
// generated MarshalJSON, so encoding/json's omitempty decides there, even
// for a field with a default.
func Written(st *Struct, f *Field, x func() *jen.Statement) jen.Code {
	if AppliesDefault(f) && st.Local {
		return WrittenWithDefault(f, x)
	}
	switch {
	case f.OmitZero == NoOmitZero:
		return Present(f, x)
	case HasJSONOption(f.JSONOptions, "omitempty") && Present(f, x) != nil:
		return jen.Parens(Present(f, x)).Op("&&").Parens(writtenNonZero(f, x))
	}
	return writtenNonZero(f, x)
}

// Present is the condition under which encoding/json writes an optional
// field, or nil when it always does.
func Present(f *Field, x func() *jen.Statement) jen.Code {
	switch f.Type.Kind {
	case KindString:
		return x().Op("!=").Lit("")
	case KindInt, KindUint, KindFloat, KindDuration:
		return x().Op("!=").Lit(0)
	case KindBool:
		return x()
	case KindSlice, KindMap, KindBytes, KindRaw:
		return jen.Len(x()).Op("!=").Lit(0)
	case KindPointer, KindUnion, KindAny:
		return x().Op("!=").Nil()
	case KindText:
		if !f.Type.MarshalText { // a named string, written as itself
			return x().Op("!=").Lit("")
		}
		return textWritten(f.Type, x, false)
	}
	return nil
}
