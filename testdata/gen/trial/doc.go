// Package trial is the golden package of shapes an outside user tried
// after the everyday package, each one a regression found by decoding,
// validating and round-tripping a realistic tool: each file names what
// went wrong before, and its test proves it stays right.
//
//   - text.go: a pointer to a type with UnmarshalText (*netip.Addr),
//     whose decoder did not compile.
//   - zero.go: float defaults of 0 and -0; -0 was applied as 0, and a
//     field holding the zero of the other sign was left out as if it
//     held its default.
//   - foreign.go: a struct of another package with defaults
//     (plans.Plan); Validate checked a zero field with a default, which
//     encoding/json leaves out and decoding reads as the default.
//   - omitzero.go: fields tagged omitzero, which Validate judged as if
//     omitempty: a zero struct or array checked though left out, an
//     empty slice passed though written.
//   - textempty.go: text types over a slice or a number, which omitempty
//     leaves out when empty or 0 and Validate judged all the same.
//   - hidden.go: a field out of the schema (jsonschema:"-") that
//     encoding/json writes and the decoder rejects; Validate passed it.
//   - nested.go: arrays of arrays, whose items a repair read as one-item
//     arrays though the array around them could be the one item meant;
//     and a maxItems above an array's length, which replaced the length
//     in the schema.
package trial
