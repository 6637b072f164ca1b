package gen

// The names table, for the tests of package gen_test.
var (
	LocalNames  = allLocals
	ImportNames = allImportNames
)
