// Package benchmarks measures unionflat's generated decoder against the
// JSON decoders Go programs use instead, side by side in one run, with the
// ratios computed inside that run. It is a module of its own so that its
// dependencies (goccy/go-json, bytedance/sonic, segmentio/encoding and
// go-json-experiment/json) stay out of unionflat's go.mod, and so that the
// repository's `go test ./...` does not enter it.
//
// # What it measures
//
// Everything runs on the canvas fixture
// (github.com/unionflat/unionflat/internal/fixtures/canvas) and its
// generated DecodeDraw, which validates every rule while it decodes. The
// other decoders read the same bytes into a union-free mirror of Draw
// (every variant's fields side by side, no validation):
//
//   - encoding/json v1, go-json-experiment/json (the code behind
//     encoding/json/v2), goccy/go-json, bytedance/sonic and
//     segmentio/encoding, each into the mirror;
//   - encoding/json.Valid, one scan and no decoding, as the floor.
//
// The 1 KB document and the mirror types are copied from the fixture's
// bench_test.go (test files cannot be imported); TestDocumentMatchesFixture
// keeps the copy honest by decoding it with DecodeDraw.
//
// The table has four parts:
//
//  1. the 1 KB document, every decoder, with ratios to DecodeDraw and to
//     encoding/json;
//  2. documents of 1 MB, 10 MB and (with -large) 100 MB, built by
//     repeating the 1 KB document's shapes, measured per input byte, with
//     each decoder's time per byte compared to its own at 1 MB;
//  3. DecodeDraw warm (testing.Benchmark, pools full), cold (every decode
//     after two garbage collections, which empty the runtime's pools) and
//     its first call in the process;
//  4. hostile inputs of about 1 MB each: nesting ([[[[...), a string of
//     escapes as a value and as a key, a double-serialized value inside a
//     double-serialized value, 100,000 keys, 31 escaped keys of 33 KB each;
//     DecodeDraw, encoding/json into the mirror and json.Valid, with
//     bytes and allocations per input byte.
//
// # Running it
//
// From this directory, the whole table (a few minutes on 2 cores):
//
//	go test -timeout 30m -args -table
//
// and with the 100 MB documents (about 3 GB of memory more):
//
//	go test -timeout 60m -args -table -large
//
// The raw figures for benchstat, one benchmark per cell of the table:
//
//	go test -run '^$' -bench . -benchmem
//
// Plain `go test` only checks that every decoder reads the 1 KB document
// and that every hostile input is what it claims to be; no test here
// asserts a time. The ratios are within one run: compare runs only on the
// same machine and load.
//
// The table in the report was measured on linux/amd64, 2 cores shared with
// other work, Go 1.26.8.
package benchmarks
