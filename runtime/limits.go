package runtime

// MaxInputBytes is the largest input a decode reads: 4 MiB. A larger one
// is one problem of [KindSize], found before parsing. A program may set
// it before it decodes.
var MaxInputBytes = 4 << 20

// MaxDepth bounds how deeply arrays and objects nest, in strings parsed
// as JSON too. Deeper input is one KindDepth problem.
const MaxDepth = 128
