// Package impl is for code unionflat generates; it is not for direct use.
// Its API changes with the generator: regenerate after an upgrade.
//
// A program calls what the generator declares: DecodeT, EncodeT,
// Validate and the TTool descriptors. Their types, errors and repairs are
// in the package runtime, imported as unionflat. This package holds the
// rest: the [Decoder] that parses, repairs and checks an input, and the
// helpers and tables a generated file uses.
//
// # How generated code reads
//
// A generated DecodeT for a tool calls [BeginArguments]. It takes a
// Decoder from a pool and parses the whole input into a table of nodes.
// The generated decoder then walks that table from the root [Value]:
//
//	func ufDecodePoint(d *impl.Decoder, v impl.Value, out *Point) {
//		obj, ok := d.Object(v) // a string holding the object is parsed
//		if !ok {
//			return
//		}
//		for key, val := range d.Members(obj) { // each key on the path
//			switch string(key) {
//			case "x":
//				if n, ok := d.Int(val, 64); ok {
//					out.X = n
//				}
//			default:
//				d.Unknown(ufKeysPoint)
//			}
//		}
//	}
//
// [Decoder.End] gives the Decoder back and returns a *unionflat.Errors.
// [Decoder.Finish] also returns the unionflat.Repairs. [Decode],
// [DecodeLenient] and [Unmarshal] do the same for unions, schema roots and
// UnmarshalJSON, and repair nothing.
//
// Each read and each check records a problem at the current path when it
// fails, and goes on. [Decoder.Members], [Decoder.Items], [Decoder.Indexes]
// and [Keys] keep the path. A generated [Validate] runs the same checks on
// a value built in code; [Encode] then marshals it.
//
// A generated file declares a [Properties] for each closed object and a
// [Discriminator] for each union. Messages use them to suggest keys and
// values.
package impl
