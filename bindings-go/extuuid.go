package polyid

/*
#include <polyid.h>
#cgo noescape polyid_extuuid_encode_n
#cgo nocallback polyid_extuuid_encode_n
*/
import "C"

import (
	"database/sql/driver"
	"encoding/json"
)

// ExtUUIDEncode is the EXTUUID (a version-8 UUID, lower case 8-4-4-4-12) of a printed form,
// e.g. "fixedB4:GBP$:222.31" -> "49083027-d200-8000-8000-00000021ebfc" (the "extuuid:"
// prefix is optional).
func ExtUUIDEncode(text string) (string, error) {
	var out [C.POLYID_EXTUUID_LEN]C.char
	var e C.polyid_error
	p, n := cstr(text)
	if err := fail(C.polyid_extuuid_encode_n(p, n, &out[0], C.size_t(len(out)), &e), &e); err != nil {
		return "", err
	}
	return gostr(&out[0]), nil
}

// ExtUUIDDecode is the canonical printed form of an EXTUUID, e.g.
// "49083027-d200-8000-8000-00000021ebfc" -> "extuuid:fixedB4:GBP$:222.31".
func ExtUUIDDecode(uuid string) (string, error) {
	p, n := cstr(uuid)
	return varString(func(out *C.char, cap C.size_t, e *C.polyid_error) C.enum_polyid_status {
		return C.polyid_extuuid_decode_n(p, n, out, cap, e)
	})
}

// ExtUUIDInspect is the typed fields of an EXTUUID (a UUID or a printed form) as the core's
// JSON object: {"kind", "uuid", "text", <the kind's fields>}; integers are decimal strings.
func ExtUUIDInspect(input string) (json.RawMessage, error) {
	p, n := cstr(input)
	s, err := varString(func(out *C.char, cap C.size_t, e *C.polyid_error) C.enum_polyid_status {
		return C.polyid_extuuid_inspect_n(p, n, out, cap, e)
	})
	if err != nil {
		return nil, err
	}
	return json.RawMessage(s), nil
}

// ExtUUID is an EXTUUID: a typed value folded into a version-8 UUID. The zero ExtUUID is
// not one; make one with ParseExtUUID.
type ExtUUID struct{ uuid, text string }

// ParseExtUUID reads an EXTUUID from its UUID text (either case) or a printed form.
func ParseExtUUID(input string) (ExtUUID, error) {
	raw, err := ExtUUIDInspect(input)
	if err != nil {
		return ExtUUID{}, err
	}
	var f struct{ UUID, Text string }
	if err := json.Unmarshal(raw, &f); err != nil {
		return ExtUUID{}, goError("INTERNAL_ERROR", "EXTUUID: unreadable inspection: %v", err)
	}
	return ExtUUID{f.UUID, f.Text}, nil
}

// UUID is the lower-case 8-4-4-4-12 text.
func (x ExtUUID) UUID() string { return x.uuid }

// String is the canonical printed form, e.g. "extuuid:fixedB4:GBP$:222.31".
func (x ExtUUID) String() string { return x.text }

// MarshalText implements encoding.TextMarshaler: the printed form.
func (x ExtUUID) MarshalText() ([]byte, error) { return []byte(x.text), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseExtUUID.
func (x *ExtUUID) UnmarshalText(b []byte) error {
	v, err := ParseExtUUID(string(b))
	if err == nil {
		*x = v
	}
	return err
}

// Value implements driver.Valuer: the UUID text (for a uuid column).
func (x ExtUUID) Value() (driver.Value, error) { return x.uuid, nil }

// Scan implements sql.Scanner: a UUID or a printed form.
func (x *ExtUUID) Scan(src any) error { return scanText(src, "ExtUUID", x.UnmarshalText) }
