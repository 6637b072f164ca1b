package impl

import (
	"bytes"
	"encoding/json"

	unionflat "github.com/unionflat/unionflat/runtime"
)

// Decode runs a generated decoder over data: it parses the input, calls
// decode on its root and returns the value, or the zero value and an
// *Errors listing every problem.
func Decode[T any](data []byte, decode func(*Decoder, Value, *T)) (T, error) {
	d := newDecoder(data)
	defer d.release()
	return run(d, decode)
}

// DecodeLenient is Decode with the leniency of a root's profiles (null
// for an absent optional property under openai-strict, for one); a
// generated DecodeT for a //unionflat:schema root calls it.
func DecodeLenient[T any](data []byte, lenient Leniency, decode func(*Decoder, Value, *T)) (T, error) {
	d := newDecoder(data)
	defer d.release()
	d.lenient = lenient
	return run(d, decode)
}

// run decodes the root of d's input.
func run[T any](d *Decoder, decode func(*Decoder, Value, *T)) (T, error) {
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

// Unmarshal is Decode for an UnmarshalJSON method: it decodes data into
// *x, which it leaves alone when there is a problem.
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

// Leniency is what a tool's decoder accepts beyond the lossless schema
// because a target profile's schema lets a model send it. It belongs to
// one tool: the struct and union decoders it shares with other tools read
// it from the Decoder, so another tool's profile never changes them.
type Leniency uint8

const (
	// NullAsAbsent reads null for a property that is not nullable as the
	// property left out, as openai-strict, which makes every property
	// required, has models write an optional one.
	NullAsAbsent Leniency = 1 << iota
	// AbsentAsNull lets a required nullable property be left out, as
	// portable, which cannot say null, asks.
	AbsentAsNull
	// DecimalIntegers reads an integer from a string of its decimal
	// digits ("9007199254740993", "-12"; no sign but -, no leading zero,
	// nothing else) as well as from a number, exactly, with the type's
	// range and the schema's bounds checked as for a number. The gemini
	// profiles write integers beyond 2^53 that way, since their SDK
	// decodes arguments through float64 (see the flatten/profile
	// package's BigInts); every integer of the tool is read so, which
	// only adds a spelling with one meaning.
	DecimalIntegers
	// RepairMistakes reads the model's mistakes that the schema leaves one
	// meaning, and records them (see [unionflat.Repairs]): a tool's decoder reads
	// with it unless its directive says repair=off. Without it, each is a
	// problem that says what to send instead. The leniencies above are
	// recorded as repairs too, with or without it.
	RepairMistakes
)

// BeginArguments starts the decode of a tool's arguments for a generated
// DecodeT, which calls its decoder directly so that the value it fills
// stays on its own stack (through a func value, as Decode takes it, the
// value escapes: one allocation of the whole struct a call). It
// takes a Decoder from the pool, sets the tool's leniency (0 for none),
// reads empty or null arguments as {} and parses them. When ok, the
// caller decodes root; in any case it then calls [Decoder.End].
func BeginArguments(data []byte, lenient Leniency) (d *Decoder, root Value, ok bool) {
	d = newDecoder(emptyAsObject(data))
	d.lenient = lenient
	root, ok = d.root()
	return d, root, ok
}

// End finishes a decode BeginArguments started: it gives the Decoder back
// to the pool, which must not be used after, and returns an *Errors
// listing every problem recorded, or nil.
func (d *Decoder) End() error {
	err := d.problems()
	d.release()
	return err
}

// Finish is End, and returns what the decode repaired, with the
// canonical arguments, when it found no problem.
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

// NullAsAbsent reports whether v, the value of the member being read, is
// null and the tool being decoded reads null as an absent property (see
// [NullAsAbsent]); if so, it records the repair, as what the tool's
// profile asked for.
func (d *Decoder) NullAsAbsent(v Value) bool {
	if d.lenient&NullAsAbsent == 0 {
		return false
	}
	return d.nullLeftOut(v, true)
}

// OptionalNull reports whether v, the value of an optional member that
// takes no null, is null to be read as the property left out, and if so
// records the repair: as the tool's profile asked (see [NullAsAbsent]),
// or, where repairs are on, as a mistake with one meaning. With repairs
// off, the type problem null then gets has a Fix: leave the property out.
func (d *Decoder) OptionalNull(v Value) bool {
	asked := d.lenient&NullAsAbsent != 0
	if !asked && !d.repairing() {
		// With repairs off, the type problem the value gets says what
		// to send instead.
		if d.IsNull(v) {
			d.nullFix = v
		}
		return false
	}
	return d.nullLeftOut(v, asked)
}

// nullLeftOut records, when v is null, its repair as the property left
// out, asked for by the tool's profile or not, and reports whether it
// was.
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

// AbsentAsNull reports whether the tool being decoded lets a required
// nullable property be left out (see [AbsentAsNull]); if so, it records
// the repair of obj, which lacks the property name.
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

// Validate runs a generated validator over a value built in code and
// returns an *Errors listing every problem, or nil.
func Validate[T any](x *T, validate func(*Decoder, *T)) error {
	d := newDecoder(nil)
	defer d.release()
	validate(d, x)
	return d.problems()
}

// Encode is the body of a generated EncodeT: it runs the generated
// validator over x and, when x passes, marshals it with encoding/json
// (and so with the generated MarshalJSON methods). What it returns is
// what the type's decoder accepts, so it validates under the type's
// lossless schema; a value that breaks a rule gets the *Errors Validate
// gives, and no bytes.
func Encode[T any](x T, validate func(*Decoder, *T)) ([]byte, error) {
	if err := Validate(&x, validate); err != nil {
		return nil, err
	}
	return json.Marshal(x)
}

// EncodeText is the Encode of a tool that names no output: the handler's
// string is the text of the reply, byte for byte.
func EncodeText(s string) ([]byte, error) { return []byte(s), nil }
