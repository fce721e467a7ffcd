package polyid

/*
#include <polyid.h>
*/
import "C"

// batch allocates the output of a NextMany of n IDs. A count above MaxBatch is passed to
// the core with a one-element buffer, which it rejects (OUT_OF_RANGE) before writing: the
// limit and its message stay the core's, and no huge slice is allocated first.
func batch[T any](n int) ([]T, C.size_t, error) {
	if n < 0 {
		return nil, 0, goError("OUT_OF_RANGE", "count: %d is out of range 0..=%d", n, MaxBatch)
	}
	if n > MaxBatch {
		return make([]T, 1), C.size_t(n), nil
	}
	return make([]T, n+1), C.size_t(n), nil
}
