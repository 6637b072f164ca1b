package flatten

// SetAlwaysReach sets alwaysReach for a test, and returns the function
// that puts it back.
func SetAlwaysReach(on bool) (restore func()) {
	old := alwaysReach
	alwaysReach = on
	return func() { alwaysReach = old }
}
