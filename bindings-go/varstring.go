package polyid

/*
#include <polyid.h>
*/
import "C"

// varString runs a C function whose text result has no fixed bound: first into a buffer
// on the stack, then, when the core reports BUFFER_TOO_SMALL with the size it needs, once
// more into a buffer of that size.
func varString(call func(out *C.char, cap C.size_t, e *C.polyid_error) C.enum_polyid_status) (string, error) {
	var small [256]C.char
	var e C.polyid_error
	st := call(&small[0], C.size_t(len(small)), &e)
	if st == C.POLYID_OK {
		return gostr(&small[0]), nil
	}
	if st != C.POLYID_BUFFER_TOO_SMALL || e.expected <= 0 {
		return "", fail(st, &e)
	}
	big := make([]C.char, int(e.expected))
	st = call(&big[0], C.size_t(len(big)), &e)
	if err := fail(st, &e); err != nil {
		return "", err
	}
	return gostr(&big[0]), nil
}
