package polyid

/*
#include <polyid.h>
#cgo noescape polyid_compact_id_n
#cgo nocallback polyid_compact_id_n
#cgo noescape polyid_compact_id_with_n
#cgo nocallback polyid_compact_id_with_n
#cgo noescape polyid_normalize_code_n
#cgo noescape polyid_normalize_code_with_n
#cgo noescape polyid_parse_code_n
#cgo noescape polyid_parse_code_with_n
#cgo noescape polyid_namespace_hash_n
#cgo noescape polyid_full_id_n
#cgo noescape polyid_full_id_with_n
#cgo noescape polyid_parse_full_id_n
*/
import "C"

import (
	"database/sql/driver"
	"runtime"
)

// CompactID is the WDP compact ID of a structured code SEVERITY.COMPONENT.PRIMARY.SEQUENCE,
// e.g. "E.Auth.Token.MISSING" -> "V6a0B" (surrounding ASCII whitespace and case ignored).
func CompactID(code string) (string, error) { return (*NamedSequences)(nil).CompactID(code) }

// NormalizeCode is the normalized form of a structured code: trimmed, upper case, the named
// sequence resolved (" e.auth.token.missing " -> "E.AUTH.TOKEN.001").
func NormalizeCode(code string) (string, error) {
	return (*NamedSequences)(nil).NormalizeCode(code)
}

// ParseCode validates a structured code and returns its parts.
func ParseCode(code string) (Code, error) { return (*NamedSequences)(nil).ParseCode(code) }

// ValidateCode returns nil when code is a valid structured code, else the reason.
func ValidateCode(code string) error {
	_, err := ParseCode(code)
	return err
}

// NamespaceHash is the 5-symbol hash of a namespace [a-z][a-z0-9_]{0,15} ("auth_lib" ->
// "05o5h"), used as given.
func NamespaceHash(namespace string) (string, error) {
	var out [C.POLYID_COMPACT_ID_LEN]C.char
	var e C.polyid_error
	p, n := cstr(namespace)
	if err := fail(C.polyid_namespace_hash_n(p, n, &out[0], C.size_t(len(out)), &e), &e); err != nil {
		return "", err
	}
	return gostr(&out[0]), nil
}

// Code is a parsed structured code (ParseCode).
type Code struct {
	Severity   string // the letter, upper case: E B C W H S K I T
	Meaning    string // e.g. "Error"
	Priority   int    // 0 (trace) to 8 (error)
	Blocking   bool   // E and B
	Component  string // upper case
	Primary    string // upper case
	Sequence   int    // 1-999, a named sequence resolved
	Normalized string // e.g. "E.AUTH.TOKEN.001"
	CompactID  string // e.g. "V6a0B"
}

// String is the normalized code.
func (c Code) String() string { return c.Normalized }

// FullID is a WDP full ID "<namespace hash>-<compact ID>", e.g. "05o5h-V6a0B".
type FullID struct {
	NamespaceHash string
	CompactID     string
}

// NewFullID is the full ID of a code in a namespace: ("auth_lib", "E.Auth.Token.001") ->
// 05o5h-V6a0B.
func NewFullID(namespace, code string) (FullID, error) {
	return (*NamedSequences)(nil).NewFullID(namespace, code)
}

// ParseFullID splits "XXXXX-YYYYY" into its namespace hash and compact ID.
func ParseFullID(text string) (FullID, error) {
	var out C.polyid_full_id_parts
	var e C.polyid_error
	p, n := cstr(text)
	if err := fail(C.polyid_parse_full_id_n(p, n, &out, &e), &e); err != nil {
		return FullID{}, err
	}
	return FullID{gostr(&out.namespace_hash[0]), gostr(&out.compact_id[0])}, nil
}

// String is "<namespace hash>-<compact ID>" ("" for the zero FullID).
func (f FullID) String() string {
	if f == (FullID{}) {
		return ""
	}
	return f.NamespaceHash + "-" + f.CompactID
}

// MarshalText implements encoding.TextMarshaler (and so JSON as a string).
func (f FullID) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseFullID.
func (f *FullID) UnmarshalText(b []byte) error {
	v, err := ParseFullID(string(b))
	if err == nil {
		*f = v
	}
	return err
}

// Value implements driver.Valuer: the text.
func (f FullID) Value() (driver.Value, error) { return f.String(), nil }

// Scan implements sql.Scanner: text.
func (f *FullID) Scan(src any) error { return scanText(src, "FullID", f.UnmarshalText) }

// NamedSequences is a table of sequence names beyond the standard ones (MISSING = 001, ...),
// for the WDP functions that take one. A nil *NamedSequences is the standard table. Reading
// from several goroutines is safe; Insert needs exclusive access.
type NamedSequences struct{ p *C.polyid_named_sequences }

// NewNamedSequences returns an empty table (the standard names are always known).
func NewNamedSequences() (*NamedSequences, error) {
	var e C.polyid_error
	t := &NamedSequences{}
	if err := fail(C.polyid_named_sequences_new(&t.p, &e), &e); err != nil {
		return nil, err
	}
	runtime.SetFinalizer(t, (*NamedSequences).Close)
	return t, nil
}

// Insert adds name ([A-Za-z][A-Za-z0-9_]{0,31}, any case) for number (1-999).
func (t *NamedSequences) Insert(name string, number int) error {
	var e C.polyid_error
	p, n := cstr(name)
	err := fail(C.polyid_named_sequences_insert_n(t.handle(), p, n, C.int64_t(number), &e), &e)
	runtime.KeepAlive(t)
	return err
}

// Close frees the table; using it afterwards fails with NULL_POINTER.
func (t *NamedSequences) Close() {
	if t != nil && t.p != nil {
		C.polyid_named_sequences_free(t.p)
		t.p = nil
	}
}

func (t *NamedSequences) handle() *C.polyid_named_sequences {
	if t == nil {
		return nil
	}
	return t.p
}

// CompactID is the package's CompactID with this table's names.
func (t *NamedSequences) CompactID(code string) (string, error) {
	var out [C.POLYID_COMPACT_ID_LEN]C.char
	var e C.polyid_error
	p, n := cstr(code)
	var st C.enum_polyid_status
	if t == nil {
		st = C.polyid_compact_id_n(p, n, &out[0], C.size_t(len(out)), &e)
	} else {
		st = C.polyid_compact_id_with_n(p, n, t.p, &out[0], C.size_t(len(out)), &e)
		runtime.KeepAlive(t)
	}
	if err := fail(st, &e); err != nil {
		return "", err
	}
	return gostr(&out[0]), nil
}

// NormalizeCode is the package's NormalizeCode with this table's names.
func (t *NamedSequences) NormalizeCode(code string) (string, error) {
	var out [C.POLYID_NORMALIZED_LEN]C.char
	var e C.polyid_error
	p, n := cstr(code)
	var st C.enum_polyid_status
	if t == nil {
		st = C.polyid_normalize_code_n(p, n, &out[0], C.size_t(len(out)), &e)
	} else {
		st = C.polyid_normalize_code_with_n(p, n, t.p, &out[0], C.size_t(len(out)), &e)
		runtime.KeepAlive(t)
	}
	if err := fail(st, &e); err != nil {
		return "", err
	}
	return gostr(&out[0]), nil
}

// ParseCode is the package's ParseCode with this table's names.
func (t *NamedSequences) ParseCode(code string) (Code, error) {
	var out C.polyid_code
	var e C.polyid_error
	p, n := cstr(code)
	var st C.enum_polyid_status
	if t == nil {
		st = C.polyid_parse_code_n(p, n, &out, &e)
	} else {
		st = C.polyid_parse_code_with_n(p, n, t.p, &out, &e)
		runtime.KeepAlive(t)
	}
	if err := fail(st, &e); err != nil {
		return Code{}, err
	}
	return Code{
		Severity:   string(rune(byte(out.severity))),
		Meaning:    gostr(&out.meaning[0]),
		Priority:   int(out.priority),
		Blocking:   bool(out.blocking),
		Component:  gostr(&out.component[0]),
		Primary:    gostr(&out.primary[0]),
		Sequence:   int(out.sequence),
		Normalized: gostr(&out.normalized[0]),
		CompactID:  gostr(&out.compact_id[0]),
	}, nil
}

// NewFullID is the package's NewFullID with this table's names.
func (t *NamedSequences) NewFullID(namespace, code string) (FullID, error) {
	var out [C.POLYID_FULL_ID_LEN]C.char
	var e C.polyid_error
	np, nn := cstr(namespace)
	cp, cn := cstr(code)
	var st C.enum_polyid_status
	if t == nil {
		st = C.polyid_full_id_n(np, nn, cp, cn, &out[0], C.size_t(len(out)), &e)
	} else {
		st = C.polyid_full_id_with_n(np, nn, cp, cn, t.p, &out[0], C.size_t(len(out)), &e)
		runtime.KeepAlive(t)
	}
	if err := fail(st, &e); err != nil {
		return FullID{}, err
	}
	return ParseFullID(gostr(&out[0]))
}
