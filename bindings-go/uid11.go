package polyid

/*
#include <polyid.h>
#cgo noescape polyid_uid11_encode
#cgo nocallback polyid_uid11_encode
#cgo noescape polyid_uid11_decode_n
#cgo nocallback polyid_uid11_decode_n
#cgo noescape polyid_uid11_prefix_range_n
*/
import "C"

import "database/sql/driver"

// Uid11 is a 64-bit value written as exactly 11 Base58 symbols ("jpXCZedGfVQ" is 2^64-1).
type Uid11 uint64

// ParseUid11 decodes exactly 11 Base58 symbols.
func ParseUid11(text string) (Uid11, error) {
	var v C.uint64_t
	var e C.polyid_error
	p, n := cstr(text)
	if err := fail(C.polyid_uid11_decode_n(p, n, &v, &e), &e); err != nil {
		return 0, err
	}
	return Uid11(v), nil
}

// String is the 11-symbol text.
func (u Uid11) String() string {
	var out [C.POLYID_UID11_LEN]C.char
	C.polyid_uid11_encode(C.uint64_t(u), &out[0], C.size_t(len(out)), nil)
	return gostr(&out[0])
}

// Uint64 is the value.
func (u Uid11) Uint64() uint64 { return uint64(u) }

// MarshalText implements encoding.TextMarshaler (and so JSON as a string).
func (u Uid11) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseUid11.
func (u *Uid11) UnmarshalText(b []byte) error {
	v, err := ParseUid11(string(b))
	if err == nil {
		*u = v
	}
	return err
}

// Value implements driver.Valuer: the text (its byte order is the value order).
func (u Uid11) Value() (driver.Value, error) { return u.String(), nil }

// Scan implements sql.Scanner: the text.
func (u *Uid11) Scan(src any) error { return scanText(src, "Uid11", u.UnmarshalText) }

// Uid11PrefixRange is the inclusive range of the values whose text starts with prefix (0 to
// 11 symbols); ok is false when no 64-bit value has that prefix.
func Uid11PrefixRange(prefix string) (lo, hi uint64, ok bool, err error) {
	var l, h C.uint64_t
	var found C.bool
	var e C.polyid_error
	p, n := cstr(prefix)
	if err := fail(C.polyid_uid11_prefix_range_n(p, n, &l, &h, &found, &e), &e); err != nil {
		return 0, 0, false, err
	}
	if !bool(found) {
		return 0, 0, false, nil
	}
	return uint64(l), uint64(h), true, nil
}
