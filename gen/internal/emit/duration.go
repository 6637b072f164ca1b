package emit

import (
	"strconv"

	"github.com/dave/jennifer/jen"
	"github.com/unionflat/unionflat/gen/internal/model"
)

// durationChecks are the bounds of a duration, compared in nanoseconds:
//
//	if t0 < 60000000000 {
//		d.DurationOutOfBound(unionflat.KindMinimum, "1m", t0)
//	}
func (e *emitter) durationChecks(r model.Rules, x jen.Code) []jen.Code {
	var out []jen.Code
	bound := func(lit, kind, op string) {
		if lit == "" {
			return
		}
		out = append(out, jen.If(jen.Add(x).Op(op).Id(strconv.FormatInt(model.Nanos(lit), 10))).Block(
			e.dot("d", "DurationOutOfBound").Call(rt(kind), jen.Lit(lit), x)))
	}
	bound(r.Minimum, "KindMinimum", "<")
	bound(r.ExclMinimum, "KindExclusiveMinimum", "<=")
	bound(r.Maximum, "KindMaximum", ">")
	bound(r.ExclMaximum, "KindExclusiveMaximum", ">=")
	if r.MultipleOf != "" {
		out = append(out, jen.If(jen.Add(x).Op("%").Id(strconv.FormatInt(model.Nanos(r.MultipleOf), 10)).Op("!=").Lit(0)).Block(
			e.dot("d", "DurationOutOfBound").Call(rt("KindMultipleOf"), jen.Lit(r.MultipleOf), x)))
	}
	return out
}
