// Package flatten projects a JSON Schema document onto its flat form: every
// discriminated union of objects, spelled oneOf or anyOf, at any depth,
// becomes one object schema, and the result accepts every instance the
// original accepts.
package flatten
