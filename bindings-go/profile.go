package polyid

/*
#include <polyid.h>
#include <stdlib.h>
*/
import "C"

import (
	"strings"
	"unsafe"
)

// Profile is an ecosystem's reading of identifier text (the *As functions).
type Profile int32

const (
	ProfilePolyid   Profile = C.POLYID_PROFILE_POLYID   // polyid's own reading
	ProfileAtproto  Profile = C.POLYID_PROFILE_ATPROTO  // TIDs as the AT Protocol reads them
	ProfileEuid     Profile = C.POLYID_PROFILE_EUID     // EUIDs as the euid crate reads them
	ProfileWaddling Profile = C.POLYID_PROFILE_WADDLING // WDP as waddling-errors-hash computes it
)

// ProfileFromName reads "polyid", "atproto", "euid" or "waddling".
func ProfileFromName(name string) (Profile, error) {
	cs, err := cstring(name)
	if err != nil {
		return 0, err
	}
	defer C.free(unsafe.Pointer(cs))
	var p C.enum_polyid_profile
	var e C.polyid_error
	if err := fail(C.polyid_profile_from_name(cs, &p, &e), &e); err != nil {
		return 0, err
	}
	return Profile(p), nil
}

// ParseTidAs is ParseTid as profile reads a TID.
func ParseTidAs(text string, profile Profile) (Tid, error) {
	cs, err := cstring(text)
	if err != nil {
		return 0, err
	}
	defer C.free(unsafe.Pointer(cs))
	var t C.polyid_tid
	var e C.polyid_error
	if err := fail(C.polyid_tid_parse_as(cs, C.int32_t(profile), &t, &e), &e); err != nil {
		return 0, err
	}
	return Tid(t), nil
}

// CompactIDAs is CompactID as profile computes it (ProfileWaddling hashes any text).
func CompactIDAs(code string, profile Profile) (string, error) {
	cs, err := cstring(code)
	if err != nil {
		return "", err
	}
	defer C.free(unsafe.Pointer(cs))
	var out [C.POLYID_COMPACT_ID_LEN]C.char
	var e C.polyid_error
	if err := fail(C.polyid_compact_id_as(cs, C.int32_t(profile), &out[0], C.size_t(len(out)), &e), &e); err != nil {
		return "", err
	}
	return gostr(&out[0]), nil
}

// cstring copies s for a C function that reads a NUL-terminated string (one without a `_n`
// twin). A NUL byte inside s would end the string early and hide the rest from the core,
// so such a string is refused.
func cstring(s string) (*C.char, error) {
	if strings.IndexByte(s, 0) >= 0 {
		return nil, goError("INVALID_ARGUMENT", "a string holds a NUL byte, which this function cannot read")
	}
	return C.CString(s), nil
}
