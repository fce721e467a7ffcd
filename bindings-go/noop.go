package polyid

/*
static void polyid_go_noop(void) {}
*/
import "C"

// cgoNoop is an empty cgo call: the benchmarks' floor (the cost of crossing into C and back).
func cgoNoop() { C.polyid_go_noop() }
