package polyid

/*
#include <polyid.h>
#include <stdlib.h>
*/
import "C"

import (
	"encoding/json"
	"runtime"
	"unsafe"
)

// Catalog is a WDP catalog: the diagnostics of a set of codes, found by ID and expanded with
// fields. It never changes once made; any number of goroutines may use it at once.
type Catalog struct{ p *C.polyid_catalog }

// CatalogEntry is one diagnostic for BuildCatalog. Code and Message are required.
type CatalogEntry struct {
	Code        string
	Message     string // with {{field}} placeholders
	Description string
	Hints       []string
	Tags        []string
	DocsURL     string
}

// Expansion is an expanded ID.
type Expansion struct {
	ID       string `json:"id"`
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

// CatalogForm is a JSON form of a catalog (Catalog.JSON).
type CatalogForm int32

const (
	CatalogFull    CatalogForm = C.POLYID_CATALOG_FULL
	CatalogCompact CatalogForm = C.POLYID_CATALOG_COMPACT
	CatalogMinimal CatalogForm = C.POLYID_CATALOG_MINIMAL
)

func newCatalog() *Catalog {
	c := &Catalog{}
	runtime.SetFinalizer(c, (*Catalog).Close)
	return c
}

// LoadCatalog reads a catalog in any of its JSON forms and verifies every entry.
func LoadCatalog(text string) (*Catalog, error) {
	c := newCatalog()
	var e C.polyid_error
	p, n := cstr(text)
	if err := fail(C.polyid_catalog_load_n(p, n, &c.p, &e), &e); err != nil {
		return nil, err
	}
	return c, nil
}

// BuildCatalog makes a catalog of entries (codes normalized, IDs computed).
func BuildCatalog(entries []CatalogEntry) (*Catalog, error) { return build("", false, entries) }

// BuildNamespacedCatalog makes a catalog whose IDs are full IDs in namespace.
func BuildNamespacedCatalog(namespace string, entries []CatalogEntry) (*Catalog, error) {
	return build(namespace, true, entries)
}

// cArena holds the C copies of the strings of one call (the C ABI takes arrays of C
// strings, which may not point into Go memory) and frees them together.
type cArena []unsafe.Pointer

func (a *cArena) str(s string) (*C.char, error) {
	cs, err := cstring(s)
	if err != nil {
		return nil, err
	}
	*a = append(*a, unsafe.Pointer(cs))
	return cs, nil
}

func (a *cArena) optional(s string) (*C.char, error) {
	if s == "" {
		return nil, nil
	}
	return a.str(s)
}

func (a *cArena) list(items []string) (**C.char, C.size_t, error) {
	if len(items) == 0 {
		return nil, 0, nil
	}
	arr := (*[1 << 28]*C.char)(C.calloc(C.size_t(len(items)), C.size_t(unsafe.Sizeof((*C.char)(nil)))))
	*a = append(*a, unsafe.Pointer(arr))
	for i, s := range items {
		cs, err := a.str(s)
		if err != nil {
			return nil, 0, err
		}
		arr[i] = cs
	}
	return &arr[0], C.size_t(len(items)), nil
}

func (a *cArena) free() {
	for _, p := range *a {
		C.free(p)
	}
}

func build(namespace string, namespaced bool, entries []CatalogEntry) (*Catalog, error) {
	var arena cArena
	defer arena.free()
	n := len(entries)
	var arr *[1 << 24]C.polyid_catalog_entry
	if n > 0 {
		arr = (*[1 << 24]C.polyid_catalog_entry)(C.calloc(C.size_t(n), C.size_t(unsafe.Sizeof(C.polyid_catalog_entry{}))))
		arena = append(arena, unsafe.Pointer(arr))
	}
	for i, en := range entries {
		ce := &arr[i]
		var err error
		if ce.code, err = arena.str(en.Code); err != nil {
			return nil, err
		}
		if ce.message, err = arena.str(en.Message); err != nil {
			return nil, err
		}
		if ce.description, err = arena.optional(en.Description); err != nil {
			return nil, err
		}
		if ce.docs_url, err = arena.optional(en.DocsURL); err != nil {
			return nil, err
		}
		if ce.hints, ce.hints_len, err = arena.list(en.Hints); err != nil {
			return nil, err
		}
		if ce.tags, ce.tags_len, err = arena.list(en.Tags); err != nil {
			return nil, err
		}
	}
	var first *C.polyid_catalog_entry
	if n > 0 {
		first = &arr[0]
	}
	c := newCatalog()
	var e C.polyid_error
	var st C.enum_polyid_status
	if namespaced {
		ns, err := arena.str(namespace)
		if err != nil {
			return nil, err
		}
		st = C.polyid_catalog_build_namespaced(ns, first, C.size_t(n), &c.p, &e)
	} else {
		st = C.polyid_catalog_build(first, C.size_t(n), &c.p, &e)
	}
	if err := fail(st, &e); err != nil {
		return nil, err
	}
	return c, nil
}

// Close frees the catalog; using it afterwards fails with NULL_POINTER.
func (c *Catalog) Close() {
	if c != nil && c.p != nil {
		C.polyid_catalog_free(c.p)
		c.p = nil
	}
}

// Len is the number of entries.
func (c *Catalog) Len() (int, error) {
	var n C.size_t
	var e C.polyid_error
	err := fail(C.polyid_catalog_len(c.p, &n, &e), &e)
	runtime.KeepAlive(c)
	return int(n), err
}

// IDs is every ID of the catalog, sorted.
func (c *Catalog) IDs() ([]string, error) {
	n, err := c.Len()
	if err != nil {
		return nil, err
	}
	ids := make([]string, n)
	for i := range ids {
		var out [C.POLYID_FULL_ID_LEN]C.char
		var e C.polyid_error
		if err := fail(C.polyid_catalog_id(c.p, C.size_t(i), &out[0], C.size_t(len(out)), &e), &e); err != nil {
			return nil, err
		}
		ids[i] = gostr(&out[0])
	}
	runtime.KeepAlive(c)
	return ids, nil
}

// NamespaceHash is the catalog's namespace hash; ok is false for a catalog without one.
func (c *Catalog) NamespaceHash() (hash string, ok bool, err error) {
	var out [C.POLYID_COMPACT_ID_LEN]C.char
	var found C.bool
	var e C.polyid_error
	err = fail(C.polyid_catalog_namespace_hash(c.p, &out[0], C.size_t(len(out)), &found, &e), &e)
	runtime.KeepAlive(c)
	if err != nil || !bool(found) {
		return "", false, err
	}
	return gostr(&out[0]), true, nil
}

// EntryJSON is the entry of id as the core's JSON object (id, code, severity, message,
// description, hints, tags, fields, docs_url).
func (c *Catalog) EntryJSON(id string) (json.RawMessage, error) {
	p, n := cstr(id)
	s, err := varString(func(out *C.char, cap C.size_t, e *C.polyid_error) C.enum_polyid_status {
		return C.polyid_catalog_entry_json_n(c.p, p, n, out, cap, e)
	})
	runtime.KeepAlive(c)
	return json.RawMessage(s), err
}

// Expand is the entry of id with its message's {{name}} placeholders replaced by fields.
func (c *Catalog) Expand(id string, fields map[string]string) (Expansion, error) {
	text := []byte("{}")
	if len(fields) > 0 {
		var err error
		if text, err = json.Marshal(fields); err != nil {
			return Expansion{}, goError("INVALID_ARGUMENT", "fields: %v", err)
		}
	}
	return c.ExpandJSON(id, string(text))
}

// ExpandJSON is Expand with the fields as a JSON object; a string value is substituted as
// is, any other value as its JSON text.
func (c *Catalog) ExpandJSON(id, fields string) (Expansion, error) {
	ip, in := cstr(id)
	fp, fn := cstr(fields)
	var x C.polyid_catalog_expansion
	msg, err := varString(func(out *C.char, cap C.size_t, e *C.polyid_error) C.enum_polyid_status {
		return C.polyid_catalog_expand_json_n(c.p, ip, in, fp, fn, &x, out, cap, e)
	})
	runtime.KeepAlive(c)
	if err != nil {
		return Expansion{}, err
	}
	return Expansion{gostr(&x.id[0]), gostr(&x.code[0]), string(rune(byte(x.severity))), msg}, nil
}

// ExpandPayload expands a wire payload {"<id>": {"f": {...}}, ...}.
func (c *Catalog) ExpandPayload(payload string) ([]Expansion, error) {
	p, n := cstr(payload)
	s, err := varString(func(out *C.char, cap C.size_t, e *C.polyid_error) C.enum_polyid_status {
		return C.polyid_catalog_expand_payload_n(c.p, p, n, out, cap, e)
	})
	runtime.KeepAlive(c)
	if err != nil {
		return nil, err
	}
	var list []Expansion
	if err := json.Unmarshal([]byte(s), &list); err != nil {
		return nil, goError("INTERNAL_ERROR", "catalog: unreadable expansion list: %v", err)
	}
	return list, nil
}

// JSON is the catalog in one of its JSON forms.
func (c *Catalog) JSON(form CatalogForm) (string, error) {
	s, err := varString(func(out *C.char, cap C.size_t, e *C.polyid_error) C.enum_polyid_status {
		return C.polyid_catalog_to_json(c.p, C.int32_t(form), out, cap, e)
	})
	runtime.KeepAlive(c)
	return s, err
}

// Canonical is the catalog's canonical bytes (what a signature covers).
func (c *Catalog) Canonical() (string, error) {
	s, err := varString(func(out *C.char, cap C.size_t, e *C.polyid_error) C.enum_polyid_status {
		return C.polyid_catalog_canonical(c.p, out, cap, e)
	})
	runtime.KeepAlive(c)
	return s, err
}

// Sign is the Ed25519 signature of the canonical bytes with a 32-byte secret key.
func (c *Catalog) Sign(secretKey []byte) ([]byte, error) {
	if len(secretKey) != C.POLYID_SECRET_KEY_LEN {
		return nil, goError("INVALID_LENGTH", "secret key: expected %d bytes, found %d", C.POLYID_SECRET_KEY_LEN, len(secretKey))
	}
	sig := make([]byte, C.POLYID_SIGNATURE_LEN)
	var e C.polyid_error
	err := fail(C.polyid_catalog_sign(c.p, (*C.uint8_t)(&secretKey[0]), (*C.uint8_t)(&sig[0]), &e), &e)
	runtime.KeepAlive(c)
	if err != nil {
		return nil, err
	}
	return sig, nil
}

// Verify checks an Ed25519 signature of the canonical bytes (nil: valid).
func (c *Catalog) Verify(publicKey, signature []byte) error {
	if len(publicKey) != C.POLYID_PUBLIC_KEY_LEN {
		return goError("INVALID_SIGNATURE", "public key: expected %d bytes, found %d", C.POLYID_PUBLIC_KEY_LEN, len(publicKey))
	}
	sp := (*C.uint8_t)(unsafe.Pointer(&nonEmpty))
	if len(signature) > 0 {
		sp = (*C.uint8_t)(&signature[0])
	}
	var e C.polyid_error
	err := fail(C.polyid_catalog_verify(c.p, (*C.uint8_t)(&publicKey[0]), sp, C.size_t(len(signature)), &e), &e)
	runtime.KeepAlive(c)
	return err
}

// CatalogKeypair is a new Ed25519 key pair from the operating system's random generator.
func CatalogKeypair() (secretKey, publicKey []byte, err error) {
	secretKey = make([]byte, C.POLYID_SECRET_KEY_LEN)
	publicKey = make([]byte, C.POLYID_PUBLIC_KEY_LEN)
	var e C.polyid_error
	if err := fail(C.polyid_catalog_keypair_generate((*C.uint8_t)(&secretKey[0]), (*C.uint8_t)(&publicKey[0]), &e), &e); err != nil {
		return nil, nil, err
	}
	return secretKey, publicKey, nil
}

// CatalogPublicKey is the Ed25519 public key of a 32-byte secret key.
func CatalogPublicKey(secretKey []byte) ([]byte, error) {
	if len(secretKey) != C.POLYID_SECRET_KEY_LEN {
		return nil, goError("INVALID_LENGTH", "secret key: expected %d bytes, found %d", C.POLYID_SECRET_KEY_LEN, len(secretKey))
	}
	pub := make([]byte, C.POLYID_PUBLIC_KEY_LEN)
	var e C.polyid_error
	if err := fail(C.polyid_catalog_public_key((*C.uint8_t)(&secretKey[0]), (*C.uint8_t)(&pub[0]), &e), &e); err != nil {
		return nil, err
	}
	return pub, nil
}
