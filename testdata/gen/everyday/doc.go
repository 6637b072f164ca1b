// Package everyday is the golden package of everyday Go shapes, as a new
// user writes them for an MCP server: each file declares one family and
// its test proves decoding, Validate and the Marshal -> Decode round trip.
//
//   - names.go: package-level names that generated code would otherwise
//     use for its locals (key, val, ok, tag, obj, d, s0, item0), used as
//     field types in a tool, a union's variants, slices, maps and
//     pointers; go-sdk description tags (jsonschema:"the page, ..."); and
//     a pattern with an escaped comma.
//   - gotypes.go: time.Duration, integer enums, defaults, and types with
//     UnmarshalText that carry rules.
//   - numbers.go: two tools with different profiles in one package, and
//     numbers compared on their decimal text.
package everyday
