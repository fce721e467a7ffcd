package polyid

/*
#include <polyid.h>
#cgo noescape polyid_euid_parse_n
#cgo nocallback polyid_euid_parse_n
#cgo noescape polyid_euid_encode
#cgo nocallback polyid_euid_encode
#cgo noescape polyid_euid_from_parts
#cgo noescape polyid_euid_from_bytes
#cgo noescape polyid_euid_generate
#cgo noescape polyid_euid_next
*/
import "C"

import (
	"database/sql/driver"
	"time"
	"unsafe"
)

// Euid is an EUID: its 128-bit value as 16 big-endian bytes (so bytes.Compare order is EUID
// order), written as 27 symbols with a mod-127 check symbol. Every 16-byte value is an Euid.
type Euid [16]byte

// NoExtension is the extension argument of an EUID without one.
const NoExtension = -1

func (u Euid) c() C.struct_polyid_euid { return *(*C.struct_polyid_euid)(unsafe.Pointer(&u)) }

// EuidFromParts builds an EUID from Unix milliseconds, an extension (0-32767, or
// NoExtension), the random padding above the extension, and the low 64 random bits.
func EuidFromParts(unixMs int64, extension int, padding int64, random uint64) (Euid, error) {
	var out Euid
	var e C.polyid_error
	has := extension != NoExtension
	st := C.polyid_euid_from_parts(C.int64_t(unixMs), C.bool(has), C.int64_t(extension), C.int64_t(padding),
		C.uint64_t(random), (*C.struct_polyid_euid)(unsafe.Pointer(&out)), &e)
	if err := fail(st, &e); err != nil {
		return Euid{}, err
	}
	return out, nil
}

// EuidFromHalves is the EUID of its high and low 64 bits.
func EuidFromHalves(hi, lo uint64) Euid {
	r := C.polyid_euid_from_halves(C.uint64_t(hi), C.uint64_t(lo))
	return *(*Euid)(unsafe.Pointer(&r))
}

// EuidFromBytes is the EUID of exactly 16 big-endian bytes.
func EuidFromBytes(b []byte) (Euid, error) {
	var out Euid
	var e C.polyid_error
	p := (*C.uint8_t)(unsafe.Pointer(&nonEmpty))
	if len(b) > 0 {
		p = (*C.uint8_t)(unsafe.Pointer(&b[0]))
	}
	if err := fail(C.polyid_euid_from_bytes(p, C.size_t(len(b)), (*C.struct_polyid_euid)(unsafe.Pointer(&out)), &e), &e); err != nil {
		return Euid{}, err
	}
	return out, nil
}

// ParseEuid reads the 27-symbol text (any case; I and L read as 1, O as 0; the check
// symbol must match, or be the no-check value).
func ParseEuid(text string) (Euid, error) {
	var out Euid
	var e C.polyid_error
	p, n := cstr(text)
	if err := fail(C.polyid_euid_parse_n(p, n, (*C.struct_polyid_euid)(unsafe.Pointer(&out)), &e), &e); err != nil {
		return Euid{}, err
	}
	return out, nil
}

// GenerateEuid is a new EUID for the current time with fresh random bits, without an
// extension (extension given: with it, 0-32767).
func GenerateEuid(extension ...int) (Euid, error) {
	var out Euid
	var e C.polyid_error
	has, ext := false, 0
	if len(extension) > 0 {
		has, ext = true, extension[0]
	}
	if err := fail(C.polyid_euid_generate(C.bool(has), C.int64_t(ext), (*C.struct_polyid_euid)(unsafe.Pointer(&out)), &e), &e); err != nil {
		return Euid{}, err
	}
	return out, nil
}

// Next is the EUID after u as the EUID reference computes it (EXHAUSTED when the random
// high half is at its maximum in the same millisecond).
func (u Euid) Next() (Euid, error) {
	var out Euid
	var e C.polyid_error
	if err := fail(C.polyid_euid_next(u.c(), (*C.struct_polyid_euid)(unsafe.Pointer(&out)), &e), &e); err != nil {
		return Euid{}, err
	}
	return out, nil
}

// Encode is the 27-symbol text, with the check symbol (checkmod true: the canonical form)
// or the no-check value.
func (u Euid) Encode(checkmod bool) string {
	var out [C.POLYID_EUID_LEN]C.char
	C.polyid_euid_encode(u.c(), C.bool(checkmod), &out[0], C.size_t(len(out)), nil)
	return gostr(&out[0])
}

// String is the canonical text (with the check symbol).
func (u Euid) String() string { return u.Encode(true) }

// Bytes is the 16 big-endian bytes.
func (u Euid) Bytes() []byte { return append([]byte(nil), u[:]...) }

// Hi is the high 64 bits.
func (u Euid) Hi() uint64 { return uint64(C.polyid_euid_hi(u.c())) }

// Lo is the low 64 bits (the random part).
func (u Euid) Lo() uint64 { return uint64(C.polyid_euid_lo(u.c())) }

// UnixMilli is the time in Unix milliseconds.
func (u Euid) UnixMilli() int64 { return int64(C.polyid_euid_unix_ms(u.c())) }

// Time is the time (UTC, millisecond precision).
func (u Euid) Time() time.Time { return time.UnixMilli(u.UnixMilli()).UTC() }

// Extension is the extension (0-32767); ok is false when the EUID has none.
func (u Euid) Extension() (ext int, ok bool) {
	x := int(C.polyid_euid_extension(u.c()))
	return x, x >= 0
}

// Padding is the random padding above the extension.
func (u Euid) Padding() int { return int(C.polyid_euid_padding(u.c())) }

// Checkmod is the check value (the value mod 127).
func (u Euid) Checkmod() int { return int(C.polyid_euid_checkmod(u.c())) }

// MarshalText implements encoding.TextMarshaler (and so JSON as a string).
func (u Euid) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseEuid.
func (u *Euid) UnmarshalText(b []byte) error {
	v, err := ParseEuid(string(b))
	if err == nil {
		*u = v
	}
	return err
}

// Value implements driver.Valuer: the canonical text (its byte order is the value order).
func (u Euid) Value() (driver.Value, error) { return u.String(), nil }

// Scan implements sql.Scanner: the text, or a 16-byte binary column holding the value.
func (u *Euid) Scan(src any) error {
	if b, ok := src.([]byte); ok && len(b) == len(u) {
		copy(u[:], b)
		return nil
	}
	return scanText(src, "Euid", u.UnmarshalText)
}
