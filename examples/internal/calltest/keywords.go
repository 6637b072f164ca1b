package calltest

// Keywords are the keywords of JSON Schema 2020-12 and OpenAPI
// 3.0 a document may hold, and Gemini's propertyOrdering.
var Keywords = []string{
	"$schema", "$id", "$ref", "$defs", "$anchor", "$comment", "definitions",
	"type", "enum", "const", "format", "title", "description", "default", "examples", "example",
	"deprecated", "readOnly", "writeOnly", "nullable", "discriminator",
	"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
	"minLength", "maxLength", "pattern", "contentEncoding", "contentMediaType",
	"items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains",
	"properties", "required", "additionalProperties", "patternProperties", "propertyNames",
	"minProperties", "maxProperties", "dependentRequired", "dependentSchemas",
	"unevaluatedProperties", "unevaluatedItems",
	"allOf", "anyOf", "oneOf", "not", "if", "then", "else", "propertyOrdering",
}

// SampleValue is a value of the kind a keyword takes.
func SampleValue(kw string) string {
	switch kw {
	case "enum", "required", "examples", "propertyOrdering", "type_list":
		return `["x"]`
	case "items", "additionalProperties", "contains", "propertyNames", "not", "if", "then", "else",
		"unevaluatedProperties", "unevaluatedItems", "$defs", "definitions", "properties",
		"patternProperties", "dependentSchemas", "dependentRequired", "discriminator":
		return `{}`
	case "allOf", "anyOf", "oneOf", "prefixItems":
		return `[{"type":"string"}]`
	case "nullable", "deprecated", "readOnly", "writeOnly", "uniqueItems":
		return `true`
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength",
		"maxLength", "minItems", "maxItems", "minContains", "maxContains", "minProperties", "maxProperties":
		return `1`
	case "format":
		return `"date-time"`
	}
	return `"x"`
}
