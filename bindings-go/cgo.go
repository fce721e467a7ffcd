// Package polyid gives Go the polyid identifiers (WDP compact IDs and catalogs, uid11, xid,
// TID, EUID, EXTUUID) through polyid's C ABI (libpolyid, linked statically with cgo), so
// that every value is computed by the same Rust core as in every other polyid runtime.
//
// The package only translates: Go strings and integers in, Go values and *Error out.
// Every rule (alphabets, layouts, limits, validation, error codes and messages) is the
// core's.
package polyid

/*
#cgo CFLAGS: -I${SRCDIR}/lib/include
#cgo linux,amd64 LDFLAGS: ${SRCDIR}/lib/linux_amd64/libpolyid.a
#cgo linux,arm64 LDFLAGS: ${SRCDIR}/lib/linux_arm64/libpolyid.a
#cgo darwin,amd64 LDFLAGS: ${SRCDIR}/lib/darwin_amd64/libpolyid.a
#cgo darwin,arm64 LDFLAGS: ${SRCDIR}/lib/darwin_arm64/libpolyid.a
#cgo linux LDFLAGS: -lgcc_s -lutil -lrt -lpthread -lm -ldl
#cgo darwin LDFLAGS: -framework CoreFoundation -framework Security -liconv -lc -lm
#include <polyid.h>
*/
import "C"

import "unsafe"

// nonEmpty is what an empty Go string points at when it crosses into C: the C functions
// reject a NULL pointer even with a length of 0.
var nonEmpty byte

// cstr passes a Go string to a `_n` function as (pointer, length) without copying; the C
// side only reads it during the call.
func cstr(s string) (*C.char, C.size_t) {
	if len(s) == 0 {
		return (*C.char)(unsafe.Pointer(&nonEmpty)), 0
	}
	return (*C.char)(unsafe.Pointer(unsafe.StringData(s))), C.size_t(len(s))
}

// gostr copies a NUL-terminated result out of a caller's buffer. Unlike C.GoString it does
// not let the buffer escape, so the buffers stay on the stack.
func gostr(p *C.char) string {
	n := 0
	for *(*byte)(unsafe.Add(unsafe.Pointer(p), n)) != 0 {
		n++
	}
	return string(unsafe.Slice((*byte)(unsafe.Pointer(p)), n))
}

// Version is libpolyid's version, e.g. "0.1.0".
func Version() string { return C.GoString(C.polyid_version()) }

// MaxBatch is the most IDs one NextMany/GenerateXids call makes (the core's MAX_BATCH).
const MaxBatch = int(C.POLYID_MAX_BATCH)
