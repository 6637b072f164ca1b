package impl

import (
	"bytes"
	"encoding/json"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// Decode runs a generated decoder over data, and returns the value or
// an *Errors. Unions' DecodeU and UnmarshalJSON call it.
func Decode[T any](data []byte, decode func(*Decoder, Value, *T)) (T, error) {
	return DecodeLenient(data, 0, decode)
}

// DecodeLenient is Decode with the leniency of a schema root's profiles.
func DecodeLenient[T any](data []byte, lenient Leniency, decode func(*Decoder, Value, *T)) (T, error) {
	d := newDecoder(data)
	defer d.release()
	d.lenient = lenient
	var out T
	if root, ok := d.root(); ok {
		decode(d, root, &out)
	}
	if err := d.problems(); err != nil {
		var zero T
		return zero, err
	}
	return out, nil
}

// Unmarshal is Decode for UnmarshalJSON: it leaves *x alone when there
// is a problem.
func Unmarshal[T any](data []byte, x *T, decode func(*Decoder, Value, *T)) error {
	v, err := Decode(data, decode)
	if err != nil {
		return err
	}
	*x = v
	return nil
}

// emptyAsObject reads arguments that are empty or null as {}.
func emptyAsObject(data []byte) []byte {
	if trimmed := bytes.TrimSpace(data); len(trimmed) == 0 || string(trimmed) == "null" {
		return []byte("{}")
	}
	return data
}

// Leniency is what a tool's decoder accepts beyond the lossless schema,
// because its profiles or its repairs let a model send it. Each reading
// is recorded as a repair. It belongs to the Decoder, so the decoders
// that tools share read each tool's own.
type Leniency uint8

const (
	// NullAsAbsent reads null for a property that is not nullable as the
	// property left out, as openai-strict has models write one.
	NullAsAbsent Leniency = 1 << iota
	// AbsentAsNull lets a required nullable property be left out, as
	// portable asks.
	AbsentAsNull
	// DecimalIntegers reads an integer whose range reaches past 2^53 (one
	// generated code reads with BigInt or BigUint) from a string of its
	// decimal digits too ("-12": no sign but -, no leading zero), exactly,
	// as the gemini profiles write it (see flatten/profile's BigInts).
	DecimalIntegers
	// JSONText reads a string that holds JSON text, where a free-form
	// value is wanted (Go's any, json.RawMessage, an object of them), as
	// the value it holds, as the profiles that cannot say a free-form
	// value advertise it (see flatten/profile's Options.JSONText). A
	// string that holds no JSON text is itself.
	JSONText
	// RepairMistakes reads the mistakes that leave one meaning, unless a
	// tool says repair=off. Without it, each is a problem that says what
	// to send.
	RepairMistakes
	// DecimalWords reads every integer from a string of its digits too,
	// as a tool's bigints=string has its profiles write them.
	DecimalWords
)

// BeginArguments starts the decode of a tool's arguments: it reads empty
// or null arguments as {}, and parses them. When ok, a generated DecodeT
// decodes root itself, so that its value stays on its stack. It then
// calls [Decoder.End] or [Decoder.Finish].
func BeginArguments(data []byte, lenient Leniency) (d *Decoder, root Value, ok bool) {
	d = newDecoder(emptyAsObject(data))
	d.lenient = lenient
	root, ok = d.root()
	return d, root, ok
}

// End gives the Decoder back to the pool, and returns an *Errors of every
// problem recorded, or nil. The Decoder must not be used after.
func (d *Decoder) End() error {
	err := d.problems()
	d.release()
	return err
}

// Finish is End, and returns the repairs when there is no problem.
func (d *Decoder) Finish() (unionflat.Repairs, error) {
	defer d.release()
	if err := d.problems(); err != nil {
		return unionflat.Repairs{}, err
	}
	if len(d.markList)+len(d.lateMarks) == 0 { // the input is as sent: only a repair replaces it
		return unionflat.Repairs{Canonical: d.srcs[0]}, nil
	}
	return unionflat.Repairs{List: d.repairs, More: d.moreRepairs, Canonical: d.canonical()}, nil
}

// NullAsAbsent reports whether v, the member being read, is null that
// the tool reads as the property left out ([NullAsAbsent]), and records
// the repair.
func (d *Decoder) NullAsAbsent(v Value) bool {
	if d.lenient&NullAsAbsent == 0 {
		return false
	}
	return d.nullLeftOut(v, true)
}

// OptionalNull reports whether v, an optional member that takes no null,
// is null read as the property left out, as the profile asks or as a
// repair, and records it. With repairs off, null's type problem gets a
// Fix: leave the property out.
func (d *Decoder) OptionalNull(v Value) bool {
	asked := d.lenient&NullAsAbsent != 0
	if !asked && !d.repairing() {
		if d.IsNull(v) {
			d.nullFix = v
		}
		return false
	}
	return d.nullLeftOut(v, asked)
}

// nullLeftOut reports whether v is null, and then records its repair.
func (d *Decoder) nullLeftOut(v Value, asked bool) bool {
	if !d.IsNull(v) {
		return false
	}
	m, r := d.repair(v, unionflat.RepairNullAsAbsent, nil)
	m.flags |= markDrop
	if r != nil {
		r.Got, r.Asked = "null", asked
	}
	return true
}

// AbsentAsNull reports whether the tool lets the required nullable
// property name of obj be left out ([AbsentAsNull]), and records the
// repair.
func (d *Decoder) AbsentAsNull(obj Value, name string) bool {
	if d.lenient&AbsentAsNull == 0 {
		return false
	}
	d.EnterName(name)
	m, r := d.repair(obj, unionflat.RepairAbsentAsNull, nil)
	d.Leave()
	e := d.extra(m)
	e.nulls = append(e.nulls, name)
	if r != nil {
		r.Read, r.Asked = "null", true
	}
	return true
}

// Validate runs a generated validator over a value built in code, and
// returns an *Errors or nil.
func Validate[T any](x *T, validate func(*Decoder, *T)) error { return validateIn(x, validate, 0) }

// ValidateOutput is Validate for a tool's result that is nothing else (no
// input, no schema root): a nil pointer, slice, map, []byte or union
// below the root is the null its output schema describes, no problem.
func ValidateOutput[T any](x *T, validate func(*Decoder, *T)) error {
	return validateIn(x, validate, nullsWritten)
}

// nullsWritten is the Decoder's mode for ValidateOutput (see Decoder.Null).
const nullsWritten = DecimalWords << 1 // past every Leniency flag

// validateIn runs validate over x in the given mode.
func validateIn[T any](x *T, validate func(*Decoder, *T), mode Leniency) error {
	d := newDecoder(nil)
	defer d.release()
	d.lenient = mode
	validate(d, x)
	return d.problems()
}

// Encode is a generated EncodeT: Validate, then encoding/json. What it
// returns is what the type's decoder accepts.
func Encode[T any](x T, validate func(*Decoder, *T)) ([]byte, error) {
	return marshalValid(x, Validate(&x, validate))
}

// EncodeOutput is Encode by ValidateOutput. What it returns validates
// under the output schema.
func EncodeOutput[T any](x T, validate func(*Decoder, *T)) ([]byte, error) {
	return marshalValid(x, ValidateOutput(&x, validate))
}

// marshalValid marshals x, unless its validation failed.
func marshalValid(x any, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return json.Marshal(x)
}

// EncodeText is the Encode of a tool that names no output: the string,
// as it is.
func EncodeText(s string) ([]byte, error) { return []byte(s), nil }
