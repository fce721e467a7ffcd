package polyid

/*
#include <polyid.h>
#cgo noescape polyid_tid_parse_n
#cgo nocallback polyid_tid_parse_n
#cgo noescape polyid_tid_format
#cgo nocallback polyid_tid_format
#cgo noescape polyid_tid_display
#cgo noescape polyid_tid_from_parts
#cgo noescape polyid_tid_from_i64
#cgo noescape polyid_tid_generate
#cgo nocallback polyid_tid_generate
#cgo noescape polyid_tid_prefix_range_n
*/
import "C"

import (
	"database/sql/driver"
	"time"
)

// Tid is a TID (AT Protocol's timestamp identifier, extended to negative timestamps): its
// 64-bit value micros<<10 | clock id, written as 13 sortable base32 symbols.
type Tid int64

// TidFromParts builds a TID from microseconds since the Unix epoch and a clock id (0-1023).
func TidFromParts(micros, clockID int64) (Tid, error) {
	var t C.polyid_tid
	var e C.polyid_error
	if err := fail(C.polyid_tid_from_parts(C.int64_t(micros), C.int64_t(clockID), &t, &e), &e); err != nil {
		return 0, err
	}
	return Tid(t), nil
}

// TidFromTime is TidFromParts with t's microseconds.
func TidFromTime(t time.Time, clockID int64) (Tid, error) {
	return TidFromParts(t.UnixMicro(), clockID)
}

// TidFromInt64 checks a 64-bit TID value from elsewhere (a database column).
func TidFromInt64(v int64) (Tid, error) {
	var t C.polyid_tid
	var e C.polyid_error
	if err := fail(C.polyid_tid_from_i64(C.int64_t(v), &t, &e), &e); err != nil {
		return 0, err
	}
	return Tid(t), nil
}

// ParseTid reads the 13-symbol form "3kxnlhr3gxq23" or the display form "3kxn-lhr-3gxq-23".
func ParseTid(text string) (Tid, error) {
	var t C.polyid_tid
	var e C.polyid_error
	p, n := cstr(text)
	if err := fail(C.polyid_tid_parse_n(p, n, &t, &e), &e); err != nil {
		return 0, err
	}
	return Tid(t), nil
}

// GenerateTid is a new TID from the process-wide generator (clock id 32 + the process
// node, or a random one in 0-31 without a node).
func GenerateTid() (Tid, error) {
	var t C.polyid_tid
	var e C.polyid_error
	if err := fail(C.polyid_tid_generate(&t, &e), &e); err != nil {
		return 0, err
	}
	return Tid(t), nil
}

// Format is the 13-symbol text, or the error for a value that is not a TID (timestamp
// -2^53, only reachable by converting an int64).
func (t Tid) Format() (string, error) {
	var out [C.POLYID_TID_LEN]C.char
	var e C.polyid_error
	if err := fail(C.polyid_tid_format(C.polyid_tid(t), &out[0], C.size_t(len(out)), &e), &e); err != nil {
		return "", err
	}
	return gostr(&out[0]), nil
}

// String is the 13-symbol text ("" for a value that is not a TID; Format says why).
func (t Tid) String() string {
	var out [C.POLYID_TID_LEN]C.char
	C.polyid_tid_format(C.polyid_tid(t), &out[0], C.size_t(len(out)), nil)
	return gostr(&out[0])
}

// Display is the form STTT-TTT-TTTT-CC ("" for a value that is not a TID).
func (t Tid) Display() string {
	var out [C.POLYID_TID_DISPLAY_LEN]C.char
	C.polyid_tid_display(C.polyid_tid(t), &out[0], C.size_t(len(out)), nil)
	return gostr(&out[0])
}

// Int64 is the value.
func (t Tid) Int64() int64 { return int64(t) }

// Micros is the timestamp in microseconds since the Unix epoch.
func (t Tid) Micros() int64 { return int64(C.polyid_tid_micros(C.polyid_tid(t))) }

// ClockID is the clock id (0-1023).
func (t Tid) ClockID() int { return int(C.polyid_tid_clock_id(C.polyid_tid(t))) }

// Time is the timestamp (UTC, microsecond precision).
func (t Tid) Time() time.Time { return time.UnixMicro(t.Micros()).UTC() }

// MarshalText implements encoding.TextMarshaler (and so JSON as a string).
func (t Tid) MarshalText() ([]byte, error) {
	s, err := t.Format()
	return []byte(s), err
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseTid.
func (t *Tid) UnmarshalText(b []byte) error {
	v, err := ParseTid(string(b))
	if err == nil {
		*t = v
	}
	return err
}

// Value implements driver.Valuer: the 13-symbol text (its byte order is the time order).
func (t Tid) Value() (driver.Value, error) {
	s, err := t.Format()
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Scan implements sql.Scanner: the text, or a 64-bit integer column holding the value.
func (t *Tid) Scan(src any) error {
	if v, ok := src.(int64); ok {
		tid, err := TidFromInt64(v)
		if err == nil {
			*t = tid
		}
		return err
	}
	return scanText(src, "Tid", t.UnmarshalText)
}

// TidPrefixRange is the inclusive microsecond range of the TIDs whose timestamp text
// starts with prefix (up to 11 symbols, dashes of the display form allowed); ok is false
// when no valid timestamp matches.
func TidPrefixRange(prefix string) (minMicros, maxMicros int64, ok bool, err error) {
	var lo, hi C.int64_t
	var found C.bool
	var e C.polyid_error
	p, n := cstr(prefix)
	if err := fail(C.polyid_tid_prefix_range_n(p, n, &lo, &hi, &found, &e), &e); err != nil {
		return 0, 0, false, err
	}
	if !bool(found) {
		return 0, 0, false, nil
	}
	return int64(lo), int64(hi), true, nil
}
