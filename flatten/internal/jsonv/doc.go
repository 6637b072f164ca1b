// Package jsonv is the JSON value model that package flatten and its
// profile package share: an immutable, order-keeping [Value] with its
// reader ([Parse]) and writer ([Encode]), the one walker that knows which
// keywords hold subschemas and in which polarity ([MapSubschemas],
// [EachSchema], ...; [AppendChildren] and [ReplaceChildren] for the walks
// over every schema of a large document, which keep their pointers as
// bytes and their children on one stack instead of a callback per schema),
// JSON Pointer helpers, the $ref inliner
// ([InlineRefs]) and the readers of nullable spellings ([NullableCore],
// [NullWrapped], [WithNull]).
//
// It is internal so that flatten's public API stays what it was: only
// flatten and the packages below it can import it, and it knows no
// provider.
package jsonv
