package polyid

/*
#include <polyid.h>
#cgo noescape polyid_xid_parse_n
#cgo nocallback polyid_xid_parse_n
#cgo noescape polyid_xid_format
#cgo nocallback polyid_xid_format
#cgo noescape polyid_xid_from_parts
#cgo noescape polyid_xid_generate
#cgo nocallback polyid_xid_generate
#cgo noescape polyid_xid_generate_at
#cgo noescape polyid_xid_prefix_range_n
*/
import "C"

import (
	"database/sql/driver"
	"time"
)

// Xid is a 64-bit ID: 42 bits of milliseconds since 2011-11-11T11:11:11.111Z and 22 random
// bits, written as 11 Base58 symbols. Every uint64 is an Xid.
type Xid uint64

// XidFromParts builds an xid from Unix milliseconds and a 22-bit random part.
func XidFromParts(unixMs, random int64) (Xid, error) {
	var x C.polyid_xid
	var e C.polyid_error
	if err := fail(C.polyid_xid_from_parts(C.int64_t(unixMs), C.int64_t(random), &x, &e), &e); err != nil {
		return 0, err
	}
	return Xid(x), nil
}

// ParseXid reads the 11-symbol text.
func ParseXid(text string) (Xid, error) {
	var x C.polyid_xid
	var e C.polyid_error
	p, n := cstr(text)
	if err := fail(C.polyid_xid_parse_n(p, n, &x, &e), &e); err != nil {
		return 0, err
	}
	return Xid(x), nil
}

// GenerateXid is a new xid from the process-wide generator (greater than every xid this
// process generated before; its node, from POLYID_NODE or SetNode, in bits 21-12).
func GenerateXid() (Xid, error) {
	var x C.polyid_xid
	var e C.polyid_error
	if err := fail(C.polyid_xid_generate(&x, &e), &e); err != nil {
		return 0, err
	}
	return Xid(x), nil
}

// GenerateXids is n consecutive xids from the process-wide generator.
func GenerateXids(n int) ([]Xid, error) {
	out, count, err := batch[Xid](n)
	if err != nil {
		return nil, err
	}
	var e C.polyid_error
	if err := fail(C.polyid_xid_generate_many((*C.polyid_xid)(&out[0]), count, &e), &e); err != nil {
		return nil, err
	}
	return out[:n], nil
}

// GenerateXidAt is an xid for t (milliseconds) with fresh random bits.
func GenerateXidAt(t time.Time) (Xid, error) {
	var x C.polyid_xid
	var e C.polyid_error
	if err := fail(C.polyid_xid_generate_at(C.int64_t(t.UnixMilli()), &x, &e), &e); err != nil {
		return 0, err
	}
	return Xid(x), nil
}

// String is the 11-symbol text.
func (x Xid) String() string {
	var out [C.POLYID_XID_LEN]C.char
	C.polyid_xid_format(C.polyid_xid(x), &out[0], C.size_t(len(out)), nil)
	return gostr(&out[0])
}

// Uint64 is the value.
func (x Xid) Uint64() uint64 { return uint64(x) }

// UnixMilli is the time in Unix milliseconds.
func (x Xid) UnixMilli() int64 { return int64(C.polyid_xid_unix_ms(C.polyid_xid(x))) }

// Time is the time (UTC, millisecond precision).
func (x Xid) Time() time.Time { return time.UnixMilli(x.UnixMilli()).UTC() }

// Random is the 22-bit random part.
func (x Xid) Random() uint32 { return uint32(C.polyid_xid_random(C.polyid_xid(x))) }

// MarshalText implements encoding.TextMarshaler (and so JSON as a string).
func (x Xid) MarshalText() ([]byte, error) { return []byte(x.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseXid.
func (x *Xid) UnmarshalText(b []byte) error {
	v, err := ParseXid(string(b))
	if err == nil {
		*x = v
	}
	return err
}

// Value implements driver.Valuer: the text (its byte order is the time order).
func (x Xid) Value() (driver.Value, error) { return x.String(), nil }

// Scan implements sql.Scanner: the text.
func (x *Xid) Scan(src any) error { return scanText(src, "Xid", x.UnmarshalText) }

// XidPrefixRange is the inclusive Unix-millisecond range of the xids whose text starts
// with prefix; ok is false when no xid has that prefix.
func XidPrefixRange(prefix string) (minUnixMs, maxUnixMs int64, ok bool, err error) {
	var lo, hi C.uint64_t
	var found C.bool
	var e C.polyid_error
	p, n := cstr(prefix)
	if err := fail(C.polyid_xid_prefix_range_n(p, n, &lo, &hi, &found, &e), &e); err != nil {
		return 0, 0, false, err
	}
	if !bool(found) {
		return 0, 0, false, nil
	}
	return int64(lo), int64(hi), true, nil
}
