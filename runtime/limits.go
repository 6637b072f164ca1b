package runtime

// MaxInputBytes is the largest input a decode reads, in bytes: 4 MiB,
// far more than any tool call's arguments. A larger input is refused
// before it is parsed, with one problem of [KindSize], so that a decode's
// memory stays bounded whatever a model sends (below the cap, time and
// memory grow in proportion to the input). Every generated DecodeT and
// UnmarshalJSON reads it once, at the start: to read larger inputs, set
// unionflat.MaxInputBytes before decoding starts.
var MaxInputBytes = 4 << 20

// MaxDepth bounds how deeply arrays and objects may nest in a decoded
// document, strings parsed as JSON by coercion included. Deeper input is
// one KindDepth error, never a stack overflow.
const MaxDepth = 128
