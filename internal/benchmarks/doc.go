// Package benchmarks measures unionflat's generated decoder against the
// JSON decoders Go programs use instead, flatten against an encoding/json
// round trip and the generator against go vet, side by side in one run,
// with the ratios computed inside that run. It is a module of its own so
// that its dependencies (goccy/go-json, bytedance/sonic,
// segmentio/encoding, go-json-experiment/json, santhosh-tekuri/jsonschema)
// stay out of unionflat's go.mod, and so that the
// repository's `go test ./...` does not enter it (the README's test
// command runs its tests on their own).
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
// The 1 KB document is the fixture's canvas.BenchDoc, whose parts the
// large documents repeat the shapes of, and the mirror is the fixture's
// own, canvas.FlatDraw and its parts.
//
// The table has six parts:
//
//  1. the 1 KB document, every decoder, with ratios to DecodeDraw and to
//     encoding/json, and each decoder's first call in the process (its
//     caches, pools and any code it compiles at run time: sonic's JIT);
//     and beside them what a program does without a generated decoder:
//     santhosh-tekuri/jsonschema validating the document against
//     canvas.DrawSchema (formats asserted, the schema compiled once),
//     then encoding/json into the mirror and a dispatch of every shape and
//     fill on its discriminator into the typed canvas.Draw;
//  2. documents of 1 MB, 10 MB and (with -large) 100 MB, built by
//     repeating the 1 KB document's shapes, measured per input byte, with
//     each decoder's time per byte against its own at 1 MB, from a group
//     of that decoder alone at every size, its sizes one after another
//     in every round, so that the ratio compares the same few seconds;
//  3. DecodeDraw warm (part 2's figure: every decode after the first
//     finds the pools the last one filled) against cold (every decode
//     after two garbage collections, which empty sync.Pool; the median of
//     a fixed count of decodes in a fresh process that holds the document
//     alone, one process for every document and decoder, in 5 rounds of
//     all of them one after another, and the median of the rounds), with
//     encoding/json cold beside it: its ratios between sizes and to
//     encoding/json compare the processes of a round, while cold / warm
//     compares figures measured minutes apart;
//  4. hostile inputs of about 1 MB each, DecodeDraw, encoding/json into
//     the mirror and json.Valid, with bytes per input byte and whether
//     each decoder took the input or refused it:
//     1 MB of "[" (nesting); a string of 1 MB of \u0061 escapes as the
//     value of notes (DecodeDraw refuses it for maxLength 500) and as an
//     unknown key; a Draw whose shapes arrive as a string in which every
//     label's style is a string again (DecodeDraw repairs both levels,
//     encoding/json refuses the string); 100,000 unknown keys; 31 unknown
//     keys of 33 KB of escapes each, equal but for their last character;
//  5. flatten.JSON (default options, compact output) against an
//     encoding/json round trip of the same bytes (Unmarshal into an any,
//     then Marshal), on schemas of 100 KB, 1 MB and 10 MB built by
//     internal/synthetic.UnionSchema: definitions of unions of three
//     variants with unions inside them, each with about 200 bytes of
//     description;
//  6. generation of the synthetic module of internal/synthetic (200
//     unions, 1,000 variants, 200 generated files), fresh in every round
//     so that no cache answers for it: gen.Load (go list, parsing, type
//     checking, the model), the generator's own work (GeneratePackages:
//     generatePackage of every package, several at once) with the
//     process's CPU time during it, and go vet
//     ./... on the module with its generated files, with the ratios of
//     the whole generation and of the generator's own work to go vet.
//     Each round runs in a fresh process (the test binary again), as the
//     command does, since the heap the decoders leave would pace this
//     process's garbage collector as no generator run is paced.
//
// Beside the table, BenchmarkSeededHostile samples the whole class the
// hostile part stands for: documents of 1 MB built by internal/hostile,
// three seeds of each of its families (nesting, long numbers, white
// space, repeated and unknown keys, escapes, multi-byte strings, long
// arrays, late discriminators, serialized values, truncated documents,
// wrong types, broken rules, long strings, late repairs), as
// BenchmarkSeededHostile/family/seed/decoder, for DecodeDraw,
// encoding/json and json.Valid. The mirror has a field for every member
// of Draw and of every variant (the fixture's TestMirrorHasEveryMember
// holds it to that), so encoding/json decodes every member DecodeDraw
// reads. The canvas fixture's TestHostileClass holds the same documents
// to the allocation bound.
//
// Every ratio is computed inside the run. Every warm group (a document
// and its decoders, or a decoder and every size) is measured in rounds:
// each decoder on each document first alone with testing.Benchmark, for
// its allocations and how many decodes take about 5 ms (at least one);
// then rounds in which each makes that many decodes, one after another,
// so that a ratio compares decoders over the same few milliseconds (on a
// shared machine two benchmarks of a second each differ by 10% to 20%,
// and its speed changes by up to 2x from one minute to the next). Each
// round starts with another and goes forwards and backwards in turn, so
// that none always follows the same one, whose garbage the collector
// would charge to it. A group has as many rounds as take about 16 s for
// the 1 KB document, 10 s for a larger one or a decoder's sizes, 4 s for
// a hostile input or a schema, at least -rounds (and one) and at most
// 400. The table shows the medians over the rounds and, of every ratio,
// the median of the rounds' ratios; generation is measured in -rounds
// rounds, the cold part in processes of its own.
//
// Even so the 1 KB document's ratio to goccy/go-json is not a property of
// the code alone: on the machine this was built on it was 0.79x to 1.09x
// while the machine ran slow (every decoder nearly twice as slow), where
// decoders that allocate more lose more, and 1.1x to 1.2x while it ran
// fast (1.14x to 1.18x in these rounds). Read it with the ns/op beside
// it.
//
// # Running it
//
// From this directory, the whole table, headings and all in Markdown,
// whose 1 KB rows the README's Performance section quotes (about five
// minutes on 2 cores, most of it the warm groups' budgets above; a round
// of generation beyond them, go vet included, adds about ten seconds):
//
//	go test -timeout 60m -args -table -rounds 3
//
// and with the 100 MB documents too (2.3 GB at the peak; about seven
// minutes in all):
//
//	go test -timeout 60m -args -table -rounds 3 -large
//
// -test.benchtime=100ms after -args makes a quicker table (it shortens
// the decoders' measures alone, not the rounds). The raw
// figures, one benchmark per cell (for benchstat; -large works here too):
//
//	go test -run '^$' -bench . -benchmem
//
// Plain `go test` only checks that DecodeDraw reads the 1 KB document's
// shapes, that every decoder reads every shape of the 1 KB document and of a
// larger one, that santhosh-tekuri's dispatch reads a document of every
// member to DecodeDraw's value, that every hostile input has its size and is taken
// or refused by each decoder as described above, that every flatten
// schema has its size and flattens without a union left, and that the
// synthetic module generates and passes go vet (-short skips that one);
// no test here asserts a time. Compare tables only from the same machine and load.
//
// Quicker figures of their own, from the repository root: flatten alone
// against an encoding/json round trip, and the canvas fixture's decoder:
//
//	go test ./flatten -run '^$' -bench JSON -benchmem
//	go test ./internal/fixtures/canvas -run '^$' -bench . -benchmem
//
// # Dependencies
//
// goccy/go-json v0.12.0, bytedance/sonic v1.15.5, segmentio/encoding
// v0.5.4, go-json-experiment/json v1.27.2 and santhosh-tekuri/jsonschema
// v6.0.3 (the version unionflat's own tests use), pinned in go.mod; all of
// them build and run on linux/amd64 with Go 1.26.8, so none is left out.
// sonic compiles its decoders at run time only on amd64 and arm64 with
// Go before 1.28 (its build constraints); elsewhere it falls back to
// encoding/json and its row measures that. encoding/json/v2 itself needs GOEXPERIMENT=jsonv2; the
// go-json-experiment row is the same code as a module.
package benchmarks
