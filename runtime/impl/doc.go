// Package impl is for code unionflat generates; it is not for direct use.
// Its API changes with the generator: regenerate after an upgrade.
//
// A program calls what the generator declares, and the package runtime
// (imported as unionflat) for tools, errors and repairs. This package
// holds the [Decoder], which parses, repairs and checks an input, and the
// helpers a generated file uses. Its doc says what a decoder accepts.
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
// UnmarshalJSON. They repair nothing.
//
// Each read and each check records a problem at the current path when it
// fails, and goes on. [Decoder.Members] and [Decoder.Items] keep the path.
// [Validate] runs the same checks on a value built in code. For a tool's
// result that is nothing else, [EncodeOutput] and [ValidateOutput] take a
// nil pointer, slice, map or union below the root as the null its output
// schema describes. A generated file declares a [Properties] for each
// closed object and a [Discriminator] for each union, for the messages.
//
// # What a decoder checks
//
//   - Input that is not one JSON value is one problem, never a panic. So
//     is a key twice in one object, invalid UTF-8 or a lone surrogate.
//   - A union object is read by its discriminator, wherever the key
//     stands.
//   - It checks every rule of the lossless schema, and the formats
//     date-time, date, time, email, uri, uuid, ipv4, ipv6 and hostname
//     ([CheckFormat]). String lengths count characters.
//   - Items past an array's maxItems are not read.
//   - Integers never pass through float64: 9007199254740993 stays exact.
//   - Numbers are judged on their decimal text, before they are
//     converted. So 10000.0000000000000001 breaks maximum 10000, and
//     1.5000000000000001 is not a multiple of 0.5.
//   - A tool's decoder reads what its own profiles let a model send
//     ([Leniency]). Under openai-strict, null for a property that is not
//     nullable is the property left out. Under portable, a required
//     nullable property may be left out. Where a profile writes an
//     integer as a decimal string (an int64 or a uint64 under gemini,
//     gemini-json and ollama; any integer with bigints=string), every
//     integer may come as a string of its decimal digits.
//
// # Repairs in detail
//
// A tool's decoder reads these mistakes at any depth, in strings parsed as
// JSON too:
//
//   - Trailing commas before } or ]; not two commas, nor a comma alone.
//   - A byte order mark, and a fence around the whole input: ```json,
//     ```JSON or ``` alone, with only white space around it.
//   - A string that holds the object or array wanted, parsed again if it
//     holds another. A string where a string is wanted is never parsed.
//   - A string that is one number in JSON's syntax ("5", "1e3"), where
//     only a number is allowed. Its rules are checked on its text. Not
//     " 5", "+5", "05" or "5px".
//   - One value, not an array or null, where an array of non-arrays is
//     wanted. Not an item of an array: in [1, 2] where [[1, 2]] is wanted,
//     either reading could be meant. When the new array breaks a rule, the
//     problem is the value not being an array.
//   - A string that holds a JSON array, where an array of strings is
//     wanted, is that array (double serialization is the commonest
//     failure); any other string there is the one item.
//   - "true" or "false" where only a boolean is allowed is the boolean.
//   - An enum or discriminator value that equals one allowed value, case
//     aside. When it equals two, it stays a problem.
//   - Null for an optional property that takes no null. Its default=
//     applies. Null for a required property stays a problem.
//
// 2.0 where an integer is wanted is no repair: JSON Schema counts it an
// integer.
//
// # Where a decoder differs from a JSON Schema validator
//
// A decoder accepts what a JSON Schema 2020-12 validator with format
// assertions accepts under the lossless schema. These differences are
// deliberate:
//
//   - A tool's repairs, and what its profiles let a model send.
//   - A number the Go type cannot hold is KindRange: an int64 or uint64
//     beyond its range, or a float that rounds to zero or an infinity.
//     Other rounding is accepted, unless it breaks a rule the text keeps:
//     359.99999999999999999 is below exclusiveMaximum 360, but becomes 360.
//   - A []byte field must hold standard base64.
//   - A time.Time rejects a leap second, which it cannot hold.
//   - A type with UnmarshalText accepts what that method accepts.
//   - A time.Duration is a string that unionflat.DurationPattern matches
//     and time.ParseDuration reads. Its bounds and multipleOf are checked.
//   - default= is applied to an absent optional field.
//   - uniqueItems compares the decoded Go values: "1m" and "60s" are the
//     same time.Duration.
//   - Duplicate keys, invalid UTF-8 and too deep nesting are rejected.
//   - An ipv4 part with a sign, and an email with an empty local part, are
//     rejected.
//
// A generated Validate judges what MarshalJSON would write, by the same
// rules. A float is judged by its shortest text. The gen package doc says
// the rest.
//
// # Allocation
//
// Decoders come from a pool, and parsing allocates nothing once warm. A
// problem past MaxErrors allocates nothing, unless it takes a listed
// one's place. A decode allocates mostly the Go value. The strings of one
// input share one copy, so a decoded string keeps that copy alive.
package impl
