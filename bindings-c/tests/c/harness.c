/* See harness.h. */
#define _GNU_SOURCE
#include "harness.h"

#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------ */
/* Integer formatting and parsing (JSON <-> C integer types; no identifier logic). */

void fmt_u64(uint64_t v, char out[24]) { snprintf(out, 24, "%" PRIu64, v); }
void fmt_i64(int64_t v, char out[24]) { snprintf(out, 24, "%" PRId64, v); }

void fmt_u128(unsigned __int128 v, char out[48]) {
    char tmp[48];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    for (int i = 0; i < n; i++) out[i] = tmp[n - 1 - i];
    out[n] = 0;
}

void euid_to_u128(polyid_euid e, unsigned __int128 *v) {
    *v = 0;
    for (int i = 0; i < 16; i++) *v = (*v << 8) | e.bytes[i];
}

/* A decimal integer as sign and magnitude; *too_big when it needs more than 128 bits. */
static int parse_decimal(const char *s, int *neg, unsigned __int128 *mag, int *too_big) {
    *neg = 0;
    *mag = 0;
    *too_big = 0;
    if (*s == '-') {
        *neg = 1;
        s++;
    }
    if (!*s) return 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return 0;
        unsigned __int128 d = (unsigned)(*s - '0');
        if (*mag > (((unsigned __int128)-1) - d) / 10) *too_big = 1;
        else *mag = *mag * 10 + d;
    }
    return 1;
}

/* ------------------------------------------------------------------------------------ */
/* Outcomes */

typedef struct {
    int is_error;
    json_t *value;        /* success: the reading (new reference) */
    polyid_status status; /* error */
    polyid_error err;     /* error written by libpolyid */
    int convert;          /* error: the input does not fit the C parameter type */
    int translated;       /* the input reached libpolyid in another form (its message differs) */
    char bad_vector[256]; /* the case itself is malformed */
} outcome;

static void outcome_clear(outcome *o) {
    if (o->value) json_decref(o->value);
    memset(o, 0, sizeof *o);
}

static void set_value(outcome *o, json_t *v) {
    o->is_error = 0;
    o->value = v;
}

/* Records a call's status: on failure the outcome becomes that error. Returns 1 on OK. */
static int check(outcome *o, polyid_status st) {
    if (st == POLYID_OK) return 1;
    o->is_error = 1;
    o->status = st;
    return 0;
}

static void convert_error(outcome *o) {
    o->is_error = 1;
    o->convert = 1;
    o->status = POLYID_OUT_OF_RANGE;
}

static void bad_vector(outcome *o, const char *what, const char *key) {
    snprintf(o->bad_vector, sizeof o->bad_vector, "malformed case: %s %s", what, key);
}

/* ------------------------------------------------------------------------------------ */
/* Reading inputs */

typedef struct {
    const char *p;
    size_t len;
    int has_nul;
} str;

static int get_str(const json_t *in, const char *key, str *s, outcome *o) {
    const json_t *v = json_object_get(in, key);
    if (!json_is_string(v)) {
        bad_vector(o, "no string", key);
        return 0;
    }
    s->p = json_string_value(v);
    s->len = json_string_length(v);
    s->has_nul = strlen(s->p) != s->len;
    return 1;
}

/* An integer given as a JSON number or a decimal string, as sign and magnitude. */
static int get_wide(const json_t *in, const char *key, int *neg, unsigned __int128 *mag,
                    int *too_big, outcome *o) {
    const json_t *v = json_object_get(in, key);
    if (json_is_integer(v)) {
        json_int_t i = json_integer_value(v);
        *neg = i < 0;
        *mag = i < 0 ? (unsigned __int128)(-(i + 1)) + 1 : (unsigned __int128)i;
        *too_big = 0;
        return 1;
    }
    if (json_is_string(v) && parse_decimal(json_string_value(v), neg, mag, too_big)) return 1;
    bad_vector(o, "no integer", key);
    return 0;
}

/* Returns 1 with *out set, 0 after recording a conversion error or a malformed case. */
static int get_i64(const json_t *in, const char *key, int64_t *out, outcome *o) {
    int neg, too_big;
    unsigned __int128 mag;
    if (!get_wide(in, key, &neg, &mag, &too_big, o)) return 0;
    if (too_big || (!neg && mag > INT64_MAX) || (neg && mag > (unsigned __int128)INT64_MAX + 1)) {
        convert_error(o);
        return 0;
    }
    *out = neg ? (int64_t)(-(__int128)mag) : (int64_t)mag;
    return 1;
}

static int get_u64(const json_t *in, const char *key, uint64_t *out, outcome *o) {
    int neg, too_big;
    unsigned __int128 mag;
    if (!get_wide(in, key, &neg, &mag, &too_big, o)) return 0;
    if (too_big || (neg && mag != 0) || mag > UINT64_MAX) {
        convert_error(o);
        return 0;
    }
    *out = (uint64_t)mag;
    return 1;
}

static int get_u128(const json_t *in, const char *key, unsigned __int128 *out, outcome *o) {
    int neg, too_big;
    unsigned __int128 mag;
    if (!get_wide(in, key, &neg, &mag, &too_big, o)) return 0;
    if (too_big || (neg && mag != 0)) {
        convert_error(o);
        return 0;
    }
    *out = mag;
    return 1;
}

enum { MODE_N, MODE_CSTR };

/* Builds the named-sequence table of a case (NULL when it has none). Returns 0 when the
 * outcome is already decided (an insert failed, or the case is malformed). */
static int get_names(const json_t *in, int mode, polyid_named_sequences **names, outcome *o) {
    *names = NULL;
    const json_t *table = json_object_get(in, "named_sequences");
    if (!table) return 1;
    if (!json_is_object(table)) {
        bad_vector(o, "not an object", "named_sequences");
        return 0;
    }
    if (!check(o, polyid_named_sequences_new(names, &o->err))) return 0;
    const char *key;
    const json_t *num;
    json_object_foreach((json_t *)table, key, num) {
        int64_t n;
        json_t *wrap = json_pack("{sO}", "n", (json_t *)num);
        int ok = get_i64(wrap, "n", &n, o);
        json_decref(wrap);
        if (!ok) goto fail;
        polyid_status st = mode == MODE_N
                               ? polyid_named_sequences_insert_n(*names, key, strlen(key), n, &o->err)
                               : polyid_named_sequences_insert(*names, key, n, &o->err);
        if (!check(o, st)) goto fail;
    }
    return 1;
fail:
    polyid_named_sequences_free(*names);
    *names = NULL;
    return 0;
}

/* ------------------------------------------------------------------------------------ */
/* Readings */

static json_t *dec_u64(uint64_t v) {
    char b[24];
    fmt_u64(v, b);
    return json_string(b);
}

static json_t *dec_i64(int64_t v) {
    char b[24];
    fmt_i64(v, b);
    return json_string(b);
}

json_t *xid_json(polyid_xid x) {
    char text[POLYID_XID_LEN];
    if (polyid_xid_format(x, text, sizeof text, NULL) != POLYID_OK) return NULL;
    return json_pack("{s:s, s:o, s:I, s:I}", "text", text, "value", dec_u64(x), "unix_ms",
                     (json_int_t)polyid_xid_unix_ms(x), "random", (json_int_t)polyid_xid_random(x));
}

json_t *tid_json(polyid_tid t) {
    char text[POLYID_TID_LEN], display[POLYID_TID_DISPLAY_LEN];
    int64_t micros;
    uint16_t clock_id;
    if (polyid_tid_format(t, text, sizeof text, NULL) != POLYID_OK ||
        polyid_tid_display(t, display, sizeof display, NULL) != POLYID_OK ||
        polyid_tid_parts(t, &micros, &clock_id, NULL) != POLYID_OK)
        return NULL;
    return json_pack("{s:s, s:s, s:o, s:o, s:I}", "text", text, "display", display, "value",
                     dec_i64(t), "micros", dec_i64(micros), "clock_id", (json_int_t)clock_id);
}

json_t *euid_json(polyid_euid e) {
    char text[POLYID_EUID_LEN], nocheck[POLYID_EUID_LEN], value[48], hex[33];
    if (polyid_euid_encode(e, true, text, sizeof text, NULL) != POLYID_OK ||
        polyid_euid_encode(e, false, nocheck, sizeof nocheck, NULL) != POLYID_OK)
        return NULL;
    unsigned __int128 v;
    euid_to_u128(e, &v);
    fmt_u128(v, value);
    for (int i = 0; i < 16; i++) snprintf(hex + 2 * i, 3, "%02x", e.bytes[i]);
    int32_t ext = polyid_euid_extension(e);
    return json_pack("{s:s, s:s, s:s, s:s, s:I, s:o}", "value", value, "hex", hex, "text", text,
                     "text_nocheck", nocheck, "unix_ms", (json_int_t)polyid_euid_unix_ms(e),
                     "extension", ext < 0 ? json_null() : json_integer(ext));
}

/* ------------------------------------------------------------------------------------ */
/* Operations: one function per vector op. */

#define STR_CALL(mode, s, fn, ...) \
    ((mode) == MODE_N ? fn##_n((s).p, (s).len, __VA_ARGS__) : fn((s).p, __VA_ARGS__))

static void op_compact_id(const json_t *in, int mode, outcome *o) {
    str code;
    polyid_named_sequences *names;
    if (!get_str(in, "code", &code, o) || !get_names(in, mode, &names, o)) return;
    char out[POLYID_COMPACT_ID_LEN];
    polyid_status st = names ? STR_CALL(mode, code, polyid_compact_id_with, names, out, sizeof out, &o->err)
                             : STR_CALL(mode, code, polyid_compact_id, out, sizeof out, &o->err);
    polyid_named_sequences_free(names);
    if (check(o, st)) set_value(o, json_string(out));
}

static void op_normalize_code(const json_t *in, int mode, outcome *o) {
    str code;
    polyid_named_sequences *names;
    if (!get_str(in, "code", &code, o) || !get_names(in, mode, &names, o)) return;
    char out[POLYID_NORMALIZED_LEN];
    polyid_status st = names ? STR_CALL(mode, code, polyid_normalize_code_with, names, out, sizeof out, &o->err)
                             : STR_CALL(mode, code, polyid_normalize_code, out, sizeof out, &o->err);
    polyid_named_sequences_free(names);
    if (check(o, st)) set_value(o, json_string(out));
}

static void op_parse_code(const json_t *in, int mode, outcome *o) {
    str code;
    polyid_named_sequences *names;
    if (!get_str(in, "code", &code, o) || !get_names(in, mode, &names, o)) return;
    polyid_code c;
    polyid_status st = names ? STR_CALL(mode, code, polyid_parse_code_with, names, &c, &o->err)
                             : STR_CALL(mode, code, polyid_parse_code, &c, &o->err);
    polyid_named_sequences_free(names);
    if (!check(o, st)) return;
    char sev[2] = {c.severity, 0};
    set_value(o, json_pack("{s:s, s:s, s:i, s:b, s:s, s:s, s:i, s:s, s:s}", "severity", sev, "meaning",
                           c.meaning, "priority", (int)c.priority, "blocking", (int)c.blocking,
                           "component", c.component, "primary", c.primary, "sequence", (int)c.sequence,
                           "normalized", c.normalized, "compact_id", c.compact_id));
}

static void op_namespace_hash(const json_t *in, int mode, outcome *o) {
    str ns;
    if (!get_str(in, "namespace", &ns, o)) return;
    char out[POLYID_COMPACT_ID_LEN];
    if (check(o, STR_CALL(mode, ns, polyid_namespace_hash, out, sizeof out, &o->err)))
        set_value(o, json_string(out));
}

static void op_full_id(const json_t *in, int mode, outcome *o) {
    str ns, code;
    polyid_named_sequences *names;
    if (!get_str(in, "namespace", &ns, o) || !get_str(in, "code", &code, o) ||
        !get_names(in, mode, &names, o))
        return;
    char out[POLYID_FULL_ID_LEN];
    polyid_status st;
    if (mode == MODE_N)
        st = names ? polyid_full_id_with_n(ns.p, ns.len, code.p, code.len, names, out, sizeof out, &o->err)
                   : polyid_full_id_n(ns.p, ns.len, code.p, code.len, out, sizeof out, &o->err);
    else
        st = names ? polyid_full_id_with(ns.p, code.p, names, out, sizeof out, &o->err)
                   : polyid_full_id(ns.p, code.p, out, sizeof out, &o->err);
    polyid_named_sequences_free(names);
    if (check(o, st)) set_value(o, json_string(out));
}

static void op_parse_full_id(const json_t *in, int mode, outcome *o) {
    str id;
    if (!get_str(in, "id", &id, o)) return;
    polyid_full_id_parts parts;
    if (check(o, STR_CALL(mode, id, polyid_parse_full_id, &parts, &o->err)))
        set_value(o, json_pack("{s:s, s:s}", "namespace_hash", parts.namespace_hash, "compact_id",
                               parts.compact_id));
}

static void op_uid11_encode(const json_t *in, int mode, outcome *o) {
    (void)mode;
    uint64_t v;
    if (!get_u64(in, "value", &v, o)) return;
    char out[POLYID_UID11_LEN];
    if (check(o, polyid_uid11_encode(v, out, sizeof out, &o->err))) set_value(o, json_string(out));
}

static void op_uid11_decode(const json_t *in, int mode, outcome *o) {
    str text;
    if (!get_str(in, "text", &text, o)) return;
    uint64_t v;
    if (check(o, STR_CALL(mode, text, polyid_uid11_decode, &v, &o->err))) set_value(o, dec_u64(v));
}

static void op_uid11_prefix_range(const json_t *in, int mode, outcome *o) {
    str prefix;
    if (!get_str(in, "prefix", &prefix, o)) return;
    uint64_t lo, hi;
    bool found;
    if (!check(o, STR_CALL(mode, prefix, polyid_uid11_prefix_range, &lo, &hi, &found, &o->err))) return;
    set_value(o, found ? json_pack("[o, o]", dec_u64(lo), dec_u64(hi)) : json_null());
}

static void op_xid_from_parts(const json_t *in, int mode, outcome *o) {
    (void)mode;
    int64_t ms, random;
    if (!get_i64(in, "unix_ms", &ms, o) || !get_i64(in, "random", &random, o)) return;
    polyid_xid x;
    if (check(o, polyid_xid_from_parts(ms, random, &x, &o->err))) set_value(o, xid_json(x));
}

static void op_xid_parse(const json_t *in, int mode, outcome *o) {
    str text;
    if (!get_str(in, "text", &text, o)) return;
    polyid_xid x;
    if (check(o, STR_CALL(mode, text, polyid_xid_parse, &x, &o->err))) set_value(o, xid_json(x));
}

static void op_xid_prefix_range(const json_t *in, int mode, outcome *o) {
    str prefix;
    if (!get_str(in, "prefix", &prefix, o)) return;
    uint64_t lo, hi;
    bool found;
    if (!check(o, STR_CALL(mode, prefix, polyid_xid_prefix_range, &lo, &hi, &found, &o->err))) return;
    set_value(o, found ? json_pack("{s:I, s:I}", "min_unix_ms", (json_int_t)lo, "max_unix_ms",
                                   (json_int_t)hi)
                       : json_null());
}

static void op_tid_from_parts(const json_t *in, int mode, outcome *o) {
    (void)mode;
    int64_t micros, clock_id;
    if (!get_i64(in, "micros", &micros, o) || !get_i64(in, "clock_id", &clock_id, o)) return;
    polyid_tid t;
    if (check(o, polyid_tid_from_parts(micros, clock_id, &t, &o->err))) set_value(o, tid_json(t));
}

static void op_tid_parse(const json_t *in, int mode, outcome *o) {
    str text;
    if (!get_str(in, "text", &text, o)) return;
    polyid_tid t;
    if (check(o, STR_CALL(mode, text, polyid_tid_parse, &t, &o->err))) set_value(o, tid_json(t));
}

static void op_tid_prefix_range(const json_t *in, int mode, outcome *o) {
    str prefix;
    if (!get_str(in, "prefix", &prefix, o)) return;
    int64_t lo, hi;
    bool found;
    if (!check(o, STR_CALL(mode, prefix, polyid_tid_prefix_range, &lo, &hi, &found, &o->err))) return;
    set_value(o, found ? json_pack("[o, o]", dec_i64(lo), dec_i64(hi)) : json_null());
}

static void op_euid_from_parts(const json_t *in, int mode, outcome *o) {
    (void)mode;
    int64_t ms, ext = 0, padding;
    uint64_t random;
    const json_t *e = json_object_get(in, "extension");
    bool has_ext = e && !json_is_null(e);
    if (!get_i64(in, "unix_ms", &ms, o) || (has_ext && !get_i64(in, "extension", &ext, o)) ||
        !get_i64(in, "padding", &padding, o) || !get_u64(in, "random", &random, o))
        return;
    polyid_euid id;
    if (check(o, polyid_euid_from_parts(ms, has_ext, ext, padding, random, &id, &o->err)))
        set_value(o, euid_json(id));
}

static void op_euid_encode(const json_t *in, int mode, outcome *o) {
    (void)mode;
    unsigned __int128 v;
    if (!get_u128(in, "value", &v, o)) return;
    const json_t *c = json_object_get(in, "checkmod");
    if (!json_is_boolean(c)) {
        bad_vector(o, "no bool", "checkmod");
        return;
    }
    polyid_euid id = polyid_euid_from_halves((uint64_t)(v >> 64), (uint64_t)v);
    char out[POLYID_EUID_LEN];
    if (check(o, polyid_euid_encode(id, json_is_true(c), out, sizeof out, &o->err)))
        set_value(o, json_string(out));
}

static void op_euid_parse(const json_t *in, int mode, outcome *o) {
    str text;
    if (!get_str(in, "text", &text, o)) return;
    polyid_euid id;
    if (check(o, STR_CALL(mode, text, polyid_euid_parse, &id, &o->err))) set_value(o, euid_json(id));
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static void op_euid_from_bytes(const json_t *in, int mode, outcome *o) {
    (void)mode;
    str hex;
    if (!get_str(in, "hex", &hex, o)) return;
    if (hex.len % 2) {
        bad_vector(o, "odd-length", "hex");
        return;
    }
    uint8_t *bytes = malloc(hex.len / 2 + 1); /* never NULL-sized: 0 bytes is a valid input */
    for (size_t i = 0; i < hex.len / 2; i++) {
        int a = hexval(hex.p[2 * i]), b = hexval(hex.p[2 * i + 1]);
        if (a < 0 || b < 0) {
            free(bytes);
            bad_vector(o, "not hex", "hex");
            return;
        }
        bytes[i] = (uint8_t)(a << 4 | b);
    }
    polyid_euid id;
    polyid_status st = polyid_euid_from_bytes(bytes, hex.len / 2, &id, &o->err);
    free(bytes);
    if (check(o, st)) set_value(o, euid_json(id));
}

/* ------------------------------------------------------------------------------------ */
/* Catalogs */

/* Calls CALL (which uses `buf_` and `cap_`) with a buffer of FIRST bytes; on
 * BUFFER_TOO_SMALL it retries once with the capacity libpolyid reports in err.expected
 * (the documented way to size a variable-length result). `*TEXT` is malloc'ed. */
#define SIZED_CALL(o, st, text, first, CALL)                                                  \
    do {                                                                                      \
        size_t cap_ = (first);                                                                \
        for (int try_ = 0;; try_++) {                                                         \
            char *buf_ = malloc(cap_ ? cap_ : 1);                                             \
            (st) = (CALL);                                                                    \
            if ((st) == POLYID_BUFFER_TOO_SMALL && try_ == 0 &&                               \
                (o)->err.detail == POLYID_DETAIL_LENGTH && (size_t)(o)->err.found == cap_) { \
                cap_ = (size_t)(o)->err.expected;                                             \
                free(buf_);                                                                   \
                continue;                                                                     \
            }                                                                                 \
            (text) = buf_;                                                                    \
            break;                                                                            \
        }                                                                                     \
    } while (0)

/* Lowercase hex of bytes (the vectors write keys and signatures as hex). */
static json_t *hex_json(const uint8_t *b, size_t n) {
    char *h = malloc(2 * n + 1);
    for (size_t i = 0; i < n; i++) snprintf(h + 2 * i, 3, "%02x", b[i]);
    h[2 * n] = 0;
    json_t *j = json_string(h);
    free(h);
    return j;
}

/* Bytes of a hex string input; *n receives the count. NULL (malformed case) otherwise. */
static uint8_t *get_hex(const json_t *in, const char *key, size_t *n, outcome *o) {
    str hex;
    if (!get_str(in, key, &hex, o)) return NULL;
    if (hex.len % 2) {
        bad_vector(o, "odd-length hex", key);
        return NULL;
    }
    uint8_t *bytes = malloc(hex.len / 2 + 1);
    for (size_t i = 0; i < hex.len / 2; i++) {
        int a = hexval(hex.p[2 * i]), b = hexval(hex.p[2 * i + 1]);
        if (a < 0 || b < 0) {
            free(bytes);
            bad_vector(o, "not hex", key);
            return NULL;
        }
        bytes[i] = (uint8_t)(a << 4 | b);
    }
    *n = hex.len / 2;
    return bytes;
}

/* {"ids": [...]} or {"count", "ids", "namespace_hash"?} of a catalog, read back through
 * polyid_catalog_len / _id / _namespace_hash. */
static json_t *catalog_json(const polyid_catalog *cat, int with_count, outcome *o) {
    size_t n;
    if (!check(o, polyid_catalog_len(cat, &n, &o->err))) return NULL;
    json_t *ids = json_array();
    for (size_t i = 0; i < n; i++) {
        char id[POLYID_FULL_ID_LEN];
        if (!check(o, polyid_catalog_id(cat, i, id, sizeof id, &o->err))) {
            json_decref(ids);
            return NULL;
        }
        json_array_append_new(ids, json_string(id));
    }
    json_t *j = json_pack("{s:o}", "ids", ids);
    if (!with_count) return j;
    json_object_set_new(j, "count", json_integer((json_int_t)n));
    char nsh[POLYID_COMPACT_ID_LEN];
    bool found;
    if (!check(o, polyid_catalog_namespace_hash(cat, nsh, sizeof nsh, &found, &o->err))) {
        json_decref(j);
        return NULL;
    }
    if (found) json_object_set_new(j, "namespace_hash", json_string(nsh));
    return j;
}

/* A string list input of an entry (absent: none). */
static const char **get_str_list(const json_t *e, const char *key, size_t *n, outcome *o) {
    const json_t *a = json_object_get(e, key);
    *n = 0;
    if (!a) return NULL;
    if (!json_is_array(a)) {
        bad_vector(o, "not a list", key);
        return NULL;
    }
    const char **list = calloc(json_array_size(a) + 1, sizeof *list);
    size_t i;
    const json_t *v;
    json_array_foreach((json_t *)a, i, v) {
        if (!json_is_string(v)) {
            bad_vector(o, "non-string in", key);
            free(list);
            return NULL;
        }
        list[i] = json_string_value(v);
    }
    *n = json_array_size(a);
    return list;
}

static void op_catalog_build(const json_t *in, int mode, outcome *o) {
    (void)mode;
    const json_t *list = json_object_get(in, "entries");
    const json_t *ns = json_object_get(in, "namespace");
    if (!json_is_array(list)) {
        bad_vector(o, "not a list", "entries");
        return;
    }
    size_t n = json_array_size(list);
    polyid_catalog_entry *entries = calloc(n + 1, sizeof *entries);
    size_t i;
    const json_t *e;
    json_array_foreach((json_t *)list, i, e) {
        const json_t *code = json_object_get(e, "code"), *msg = json_object_get(e, "message");
        if (!json_is_string(code) || !json_is_string(msg)) {
            bad_vector(o, "no code or message in", "entries");
            goto done;
        }
        entries[i].code = json_string_value(code);
        entries[i].message = json_string_value(msg);
        entries[i].description = json_string_value(json_object_get(e, "description")); /* NULL: none */
        entries[i].docs_url = json_string_value(json_object_get(e, "docs_url"));
        entries[i].hints = get_str_list(e, "hints", &entries[i].hints_len, o);
        entries[i].tags = get_str_list(e, "tags", &entries[i].tags_len, o);
        if (o->bad_vector[0]) goto done;
    }
    polyid_catalog *cat = NULL;
    polyid_status st = json_is_string(ns)
                           ? polyid_catalog_build_namespaced(json_string_value(ns), entries, n, &cat, &o->err)
                           : polyid_catalog_build(entries, n, &cat, &o->err);
    if (check(o, st)) {
        json_t *j = catalog_json(cat, 0, o);
        if (j) set_value(o, j);
    }
    polyid_catalog_free(cat);
done:
    for (i = 0; i < n; i++) {
        free((void *)entries[i].hints);
        free((void *)entries[i].tags);
    }
    free(entries);
}

/* Loads the case's catalog ("json"), through the _n function or the NUL-terminated one. */
static polyid_catalog *load_catalog(const json_t *in, int mode, outcome *o) {
    str json;
    if (!get_str(in, "json", &json, o)) return NULL;
    polyid_catalog *cat = NULL;
    if (!check(o, STR_CALL(mode, json, polyid_catalog_load, &cat, &o->err))) return NULL;
    return cat;
}

static void op_catalog_load(const json_t *in, int mode, outcome *o) {
    polyid_catalog *cat = load_catalog(in, mode, o);
    if (!cat) return;
    json_t *j = catalog_json(cat, 1, o);
    if (j) set_value(o, j);
    polyid_catalog_free(cat);
}

static json_t *expansion_json(const polyid_catalog_expansion *x, const char *message) {
    char sev[2] = {x->severity, 0};
    return json_pack("{s:s, s:s, s:s}", "code", x->code, "severity", sev, "message", message);
}

/* (pointer, length) mode: fields as JSON text (polyid_catalog_expand_json_n), or none
 * (polyid_catalog_expand_n). NUL-terminated mode: string fields as parallel name/value
 * arrays (polyid_catalog_expand), fields with other values as JSON text (the core writes
 * those values in the spec's form: polyid_catalog_expand_json), or none as "{}". */
static void op_catalog_expand(const json_t *in, int mode, outcome *o) {
    str id;
    if (!get_str(in, "id", &id, o)) return;
    const json_t *fields = json_object_get(in, "fields");
    if (fields && !json_is_object(fields)) {
        bad_vector(o, "not an object", "fields");
        return;
    }
    polyid_catalog *cat = load_catalog(in, mode, o);
    if (!cat) return;
    polyid_catalog_expansion x;
    polyid_status st;
    char *message = NULL;
    int all_strings = 1;
    const char *key;
    const json_t *v;
    if (fields) json_object_foreach((json_t *)fields, key, v) all_strings &= json_is_string(v);
    if (mode == MODE_N || (fields && !all_strings)) {
        if (fields && mode != MODE_N) {
            char *text = json_dumps(fields, JSON_COMPACT | JSON_ENCODE_ANY);
            SIZED_CALL(o, st, message, 16, polyid_catalog_expand_json(cat, id.p, text, &x, buf_, cap_, &o->err));
            free(text);
        } else if (fields) {
            char *text = json_dumps(fields, JSON_COMPACT | JSON_ENCODE_ANY);
            SIZED_CALL(o, st, message, 16,
                       polyid_catalog_expand_json_n(cat, id.p, id.len, text, strlen(text), &x, buf_, cap_,
                                                    &o->err));
            free(text);
        } else {
            SIZED_CALL(o, st, message, 16,
                       polyid_catalog_expand_n(cat, id.p, id.len, NULL, NULL, 0, &x, buf_, cap_, &o->err));
        }
    } else if (fields) {
        size_t n = json_object_size(fields), k = 0;
        const char **names = calloc(n + 1, sizeof *names), **values = calloc(n + 1, sizeof *values);
        json_object_foreach((json_t *)fields, key, v) {
            names[k] = key;
            values[k] = json_string_value(v);
            k++;
        }
        SIZED_CALL(o, st, message, 16,
                   polyid_catalog_expand(cat, id.p, names, values, n, &x, buf_, cap_, &o->err));
        free(names);
        free(values);
    } else {
        SIZED_CALL(o, st, message, 16, polyid_catalog_expand_json(cat, id.p, "{}", &x, buf_, cap_, &o->err));
    }
    if (check(o, st)) set_value(o, expansion_json(&x, message));
    free(message);
    polyid_catalog_free(cat);
}

static int by_code(const void *a, const void *b) {
    const json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
    const char *p = json_string_value(json_object_get(x, "code")), *q = json_string_value(json_object_get(y, "code"));
    return strcmp(p ? p : "", q ? q : "");
}

static void op_catalog_expand_payload(const json_t *in, int mode, outcome *o) {
    str payload;
    if (!get_str(in, "payload", &payload, o)) return;
    polyid_catalog *cat = load_catalog(in, mode, o);
    if (!cat) return;
    polyid_status st;
    char *text = NULL;
    SIZED_CALL(o, st, text, 0,
               mode == MODE_N ? polyid_catalog_expand_payload_n(cat, payload.p, payload.len, buf_, cap_, &o->err)
                              : polyid_catalog_expand_payload(cat, payload.p, buf_, cap_, &o->err));
    if (check(o, st)) {
        /* The list libpolyid wrote, compared as the vectors define it: without the "id" of
         * each element (checked to be a string), sorted by code. */
        json_error_t jerr;
        json_t *list = json_loads(text, 0, &jerr);
        if (json_is_array(list)) {
            size_t n = json_array_size(list), i;
            json_t **items = calloc(n + 1, sizeof *items);
            for (i = 0; i < n; i++) {
                items[i] = json_array_get(list, i);
                if (!json_is_string(json_object_get(items[i], "id"))) break;
                json_object_del(items[i], "id");
            }
            if (i == n) {
                qsort(items, n, sizeof *items, by_code);
                json_t *sorted = json_array();
                for (i = 0; i < n; i++) json_array_append(sorted, items[i]);
                set_value(o, sorted);
            }
            free(items);
        }
        json_decref(list);
    }
    free(text);
    polyid_catalog_free(cat);
}

static void op_catalog_canonical(const json_t *in, int mode, outcome *o) {
    polyid_catalog *cat = load_catalog(in, mode, o);
    if (!cat) return;
    polyid_status st;
    char *text = NULL;
    SIZED_CALL(o, st, text, 0, polyid_catalog_canonical(cat, buf_, cap_, &o->err));
    if (check(o, st)) set_value(o, json_string(text));
    free(text);
    polyid_catalog_free(cat);
}

static void op_catalog_sign(const json_t *in, int mode, outcome *o) {
    size_t n;
    uint8_t *secret = get_hex(in, "secret_key", &n, o);
    if (!secret) return;
    if (n != POLYID_SECRET_KEY_LEN) {
        bad_vector(o, "not 32 bytes", "secret_key");
        free(secret);
        return;
    }
    polyid_catalog *cat = load_catalog(in, mode, o);
    if (cat) {
        uint8_t pk[POLYID_PUBLIC_KEY_LEN], sig[POLYID_SIGNATURE_LEN];
        if (check(o, polyid_catalog_public_key(secret, pk, &o->err)) &&
            check(o, polyid_catalog_sign(cat, secret, sig, &o->err)))
            set_value(o, json_pack("{s:o, s:o}", "public_key", hex_json(pk, sizeof pk), "signature",
                                   hex_json(sig, sizeof sig)));
        polyid_catalog_free(cat);
    }
    free(secret);
}

static void op_catalog_verify(const json_t *in, int mode, outcome *o) {
    size_t npk, nsig;
    uint8_t *pk = get_hex(in, "public_key", &npk, o);
    if (!pk) return;
    uint8_t *sig = get_hex(in, "signature", &nsig, o);
    if (!sig) {
        free(pk);
        return;
    }
    if (npk != POLYID_PUBLIC_KEY_LEN) {
        bad_vector(o, "not 32 bytes (the C API's public key size)", "public_key");
    } else {
        polyid_catalog *cat = load_catalog(in, mode, o);
        if (cat && check(o, polyid_catalog_verify(cat, pk, sig, nsig, &o->err))) set_value(o, json_true());
        polyid_catalog_free(cat);
    }
    free(pk);
    free(sig);
}

/* ------------------------------------------------------------------------------------ */
/* EXTUUID */

static void op_extuuid_encode(const json_t *in, int mode, outcome *o) {
    str text;
    if (!get_str(in, "text", &text, o)) return;
    char uuid[POLYID_EXTUUID_LEN], canonical[POLYID_EXTUUID_TEXT_LEN], again[POLYID_EXTUUID_LEN];
    if (!check(o, STR_CALL(mode, text, polyid_extuuid_encode, uuid, sizeof uuid, &o->err))) return;
    /* The canonical text is the decoding of the UUID; it must encode back to the same UUID. */
    if (!check(o, polyid_extuuid_decode(uuid, canonical, sizeof canonical, &o->err)) ||
        !check(o, polyid_extuuid_encode(canonical, again, sizeof again, &o->err)))
        return;
    json_t *j = json_pack("{s:s, s:s}", "uuid", uuid, "text", canonical);
    if (strcmp(uuid, again) != 0) json_object_set_new(j, "canonical_text_encodes_to", json_string(again));
    set_value(o, j);
}

static void op_extuuid_decode(const json_t *in, int mode, outcome *o) {
    str uuid;
    if (!get_str(in, "uuid", &uuid, o)) return;
    char text[POLYID_EXTUUID_TEXT_LEN];
    if (check(o, STR_CALL(mode, uuid, polyid_extuuid_decode, text, sizeof text, &o->err)))
        set_value(o, json_pack("{s:s}", "text", text));
}

static void op_extuuid_inspect(const json_t *in, int mode, outcome *o) {
    str input;
    if (!get_str(in, "input", &input, o)) return;
    polyid_status st;
    char *text = NULL;
    SIZED_CALL(o, st, text, 64,
               mode == MODE_N ? polyid_extuuid_inspect_n(input.p, input.len, buf_, cap_, &o->err)
                              : polyid_extuuid_inspect(input.p, buf_, cap_, &o->err));
    if (check(o, st)) {
        json_error_t jerr;
        json_t *j = json_loads(text, 0, &jerr);
        if (j) set_value(o, j);
    }
    free(text);
}

/* ------------------------------------------------------------------------------------ */
/* Generators (docs/spec §6): xid_sequence, tid_sequence, euid_sequence */

enum { GEN_XID, GEN_TID, GEN_EUID };

/* An optional integer member: 0 absent (or null), 1 read, -1 the outcome is decided. */
static int opt_i64(const json_t *in, const char *key, int64_t *out, outcome *o) {
    const json_t *v = json_object_get(in, key);
    if (!v || json_is_null(v)) return 0;
    return get_i64(in, key, out, o) ? 1 : -1;
}

/* The generator options of a case as polyid_generator_options (type translation only:
 * every rule is libpolyid's). Returns 0 when the outcome is already decided. */
static int get_gen_options(const json_t *in, polyid_generator_options *opts, outcome *o) {
    polyid_generator_options_init(opts);
    const json_t *j = json_object_get(in, "options");
    if (!json_is_object(j)) {
        bad_vector(o, "not an object", "options");
        return 0;
    }
    int64_t node;
    switch (opt_i64(j, "node", &node, o)) {
    case -1: return 0;
    case 1:
        /* -1 is the C API's "no node": a vector's -1 is a node out of range. */
        if (node == -1) {
            convert_error(o);
            return 0;
        }
        opts->node = node;
        break;
    }
    const json_t *v = json_object_get(j, "seed");
    if (v && !json_is_null(v)) {
        if (!get_u64(j, "seed", &opts->seed, o)) return 0;
        opts->has_seed = true;
    }
    if (json_object_get(j, "max_lead_ms") && !get_u64(j, "max_lead_ms", &opts->max_lead_ms, o)) return 0;
    v = json_object_get(j, "on_clock_behind");
    if (v) {
        const char *p = json_string_value(v);
        if (!p) {
            bad_vector(o, "no string", "on_clock_behind");
            return 0;
        }
        /* Any other text is a value outside polyid_clock_behind. */
        opts->on_clock_behind = !strcmp(p, "fail") ? POLYID_CLOCK_BEHIND_FAIL
                                : !strcmp(p, "wait") ? POLYID_CLOCK_BEHIND_WAIT
                                                     : -1;
        if (opts->on_clock_behind == -1) o->translated = 1;
    }
    switch (opt_i64(j, "clock_micros", &opts->clock_micros, o)) {
    case -1: return 0;
    case 1: opts->has_clock_micros = true; break;
    }
    return 1;
}

typedef struct {
    int kind;
    polyid_xid_generator *x;
    polyid_tid_generator *t;
    polyid_euid_generator *e;
} any_generator;

static void any_generator_free(any_generator *g) {
    polyid_xid_generator_free(g->x);
    polyid_tid_generator_free(g->t);
    polyid_euid_generator_free(g->e);
}

/* Builds the case's generator (from the options, or resumed after "resume"). Returns 0
 * when it cannot be built: the outcome then holds the error. The last ID is parsed first,
 * as a C program does before it calls a resume function (docs/spec §6.5). */
static int build_generator(const json_t *in, any_generator *g, outcome *o) {
    str resume = {NULL, 0, 0};
    const json_t *r = json_object_get(in, "resume");
    if (r && !get_str(in, "resume", &resume, o)) return 0;
    polyid_xid last_xid = 0;
    polyid_tid last_tid = 0;
    polyid_euid last_euid;
    if (resume.p) {
        polyid_status st = g->kind == GEN_XID   ? polyid_xid_parse_n(resume.p, resume.len, &last_xid, &o->err)
                           : g->kind == GEN_TID ? polyid_tid_parse_n(resume.p, resume.len, &last_tid, &o->err)
                                                : polyid_euid_parse_n(resume.p, resume.len, &last_euid, &o->err);
        if (!check(o, st)) return 0;
    }
    polyid_generator_options opts;
    if (!get_gen_options(in, &opts, o)) return 0;
    if (g->kind == GEN_XID) {
        if (!resume.p) return check(o, polyid_xid_generator_new(&opts, &g->x, &o->err));
        return check(o, polyid_xid_generator_resume(&opts, last_xid, &g->x, &o->err));
    }
    if (g->kind == GEN_TID) {
        int64_t clock_id = -1;
        switch (opt_i64(in, "clock_id", &clock_id, o)) {
        case -1: return 0;
        case 1:
            if (clock_id == -1) { /* the C API's "none" */
                convert_error(o);
                return 0;
            }
        }
        if (!resume.p) return check(o, polyid_tid_generator_new_with(&opts, clock_id, &g->t, &o->err));
        return check(o, polyid_tid_generator_resume(&opts, clock_id, last_tid, &g->t, &o->err));
    }
    int64_t ext = 0;
    int has_ext = opt_i64(in, "extension", &ext, o);
    if (has_ext < 0) return 0;
    if (!resume.p) return check(o, polyid_euid_generator_new_with(&opts, has_ext, ext, &g->e, &o->err));
    return check(o, polyid_euid_generator_resume_with(&opts, has_ext, ext, last_euid, &g->e, &o->err));
}

/* One step: set the clock if given, then next_many(count) as canonical texts, or
 * {"error": CODE}. NULL when the step is malformed. */
static json_t *run_step(const any_generator *g, const json_t *step, outcome *o) {
    polyid_error err;
    int64_t micros;
    switch (opt_i64(step, "clock_micros", &micros, o)) {
    case -1: return NULL;
    case 1: {
        polyid_status st = g->kind == GEN_XID   ? polyid_xid_generator_set_clock_micros(g->x, micros, &err)
                           : g->kind == GEN_TID ? polyid_tid_generator_set_clock_micros(g->t, micros, &err)
                                                : polyid_euid_generator_set_clock_micros(g->e, micros, &err);
        if (st) return json_pack("{s:s}", "error", polyid_status_code(st));
    }
    }
    uint64_t count;
    if (!get_u64(step, "count", &count, o)) return NULL;
    /* A count above the batch limit is refused before anything is written: no buffer. */
    size_t n = count <= POLYID_MAX_BATCH ? (size_t)count : 0;
    size_t size = g->kind == GEN_EUID ? sizeof(polyid_euid) : sizeof(uint64_t);
    void *buf = malloc((n ? n : 1) * size);
    polyid_status st = g->kind == GEN_XID   ? polyid_xid_generator_next_many(g->x, buf, (size_t)count, &err)
                       : g->kind == GEN_TID ? polyid_tid_generator_next_many(g->t, buf, (size_t)count, &err)
                                            : polyid_euid_generator_next_many(g->e, buf, (size_t)count, &err);
    json_t *texts = st ? json_pack("{s:s}", "error", polyid_status_code(st)) : json_array();
    for (size_t i = 0; !st && i < n; i++) {
        char text[POLYID_EUID_LEN];
        polyid_status fs = g->kind == GEN_XID   ? polyid_xid_format(((polyid_xid *)buf)[i], text, sizeof text, &err)
                           : g->kind == GEN_TID ? polyid_tid_format(((polyid_tid *)buf)[i], text, sizeof text, &err)
                                                : polyid_euid_encode(((polyid_euid *)buf)[i], true, text, sizeof text, &err);
        json_array_append_new(texts, fs ? json_null() : json_string(text));
    }
    free(buf);
    return texts;
}

static void op_sequence(const json_t *in, int kind, outcome *o) {
    any_generator g = {kind, NULL, NULL, NULL};
    const json_t *steps = json_object_get(in, "steps");
    if (!json_is_array(steps)) {
        bad_vector(o, "not a list", "steps");
        return;
    }
    if (build_generator(in, &g, o)) {
        json_t *out = json_array();
        size_t i;
        json_t *step;
        json_array_foreach(steps, i, step) {
            json_t *r = run_step(&g, step, o);
            if (!r) break;
            json_array_append_new(out, r);
        }
        /* A malformed step, or a step value outside its C type (OUT_OF_RANGE for the
         * whole case, as the Rust reference does). */
        if (o->bad_vector[0] || o->is_error) json_decref(out);
        else set_value(o, out);
    }
    any_generator_free(&g);
}

static void op_xid_sequence(const json_t *in, int mode, outcome *o) {
    (void)mode;
    op_sequence(in, GEN_XID, o);
}
static void op_tid_sequence(const json_t *in, int mode, outcome *o) {
    (void)mode;
    op_sequence(in, GEN_TID, o);
}
static void op_euid_sequence(const json_t *in, int mode, outcome *o) {
    (void)mode;
    op_sequence(in, GEN_EUID, o);
}

typedef struct {
    const char *op;
    void (*fn)(const json_t *, int, outcome *);
    int has_string_input; /* whether the NUL-terminated variants are a separate path */
} op_entry;

static const op_entry OPS[] = {
    {"compact_id", op_compact_id, 1},
    {"normalize_code", op_normalize_code, 1},
    {"parse_code", op_parse_code, 1},
    {"namespace_hash", op_namespace_hash, 1},
    {"full_id", op_full_id, 1},
    {"parse_full_id", op_parse_full_id, 1},
    {"uid11_encode", op_uid11_encode, 0},
    {"uid11_decode", op_uid11_decode, 1},
    {"uid11_prefix_range", op_uid11_prefix_range, 1},
    {"xid_from_parts", op_xid_from_parts, 0},
    {"xid_parse", op_xid_parse, 1},
    {"xid_prefix_range", op_xid_prefix_range, 1},
    {"tid_from_parts", op_tid_from_parts, 0},
    {"tid_parse", op_tid_parse, 1},
    {"tid_prefix_range", op_tid_prefix_range, 1},
    {"euid_from_parts", op_euid_from_parts, 0},
    {"euid_encode", op_euid_encode, 0},
    {"euid_parse", op_euid_parse, 1},
    {"euid_from_bytes", op_euid_from_bytes, 0},
    {"catalog_build", op_catalog_build, 0},
    {"catalog_load", op_catalog_load, 1},
    {"catalog_expand", op_catalog_expand, 1},
    {"catalog_expand_payload", op_catalog_expand_payload, 1},
    {"catalog_canonical", op_catalog_canonical, 1},
    {"catalog_sign", op_catalog_sign, 1},
    {"catalog_verify", op_catalog_verify, 1},
    {"extuuid_encode", op_extuuid_encode, 1},
    {"extuuid_decode", op_extuuid_decode, 1},
    {"extuuid_inspect", op_extuuid_inspect, 1},
    {"xid_sequence", op_xid_sequence, 0},
    {"tid_sequence", op_tid_sequence, 0},
    {"euid_sequence", op_euid_sequence, 0},
};

/* ------------------------------------------------------------------------------------ */
/* Judging */

/* The offending character as a JSON string (it may be U+0000, so its length comes from
 * the code point rather than from strlen). */
static json_t *character_json(const polyid_error *e) {
    size_t len = e->character < 0x80 ? 1 : e->character < 0x800 ? 2 : e->character < 0x10000 ? 3 : 4;
    return json_stringn(e->character_utf8, len);
}

static json_t *outcome_json(const outcome *o) {
    if (!o->is_error) return json_incref(o->value ? o->value : json_null());
    if (o->convert)
        return json_pack("{s:s, s:s}", "error", "OUT_OF_RANGE", "message",
                         "input does not fit the C parameter type");
    json_t *j = json_pack("{s:s, s:s}", "error", polyid_status_code(o->status), "message", o->err.message);
    switch (o->err.detail) {
    case POLYID_DETAIL_CHARACTER:
        json_object_set_new(j, "index", json_integer((json_int_t)o->err.index));
        json_object_set_new(j, "character", character_json(&o->err));
        break;
    case POLYID_DETAIL_LENGTH:
    case POLYID_DETAIL_CHECKMOD:
        json_object_set_new(j, "found", json_integer(o->err.found));
        json_object_set_new(j, "expected", json_integer(o->err.expected));
        break;
    default:
        break;
    }
    return j;
}

/* Compares one outcome with the case; fills r on failure and returns 0. */
static int judge(const json_t *c, const outcome *o, const char *mode_name, case_result *r) {
    const json_t *want_out = json_object_get(c, "output");
    const json_t *want_err = json_object_get(c, "error");
    const char *why = NULL;
    char buf[256];
    if (o->bad_vector[0]) {
        why = o->bad_vector;
    } else if (want_out && !want_err) {
        if (o->is_error) why = "expected an output, got an error";
        else if (!o->value) why = "could not read the result back";
        else if (!json_equal((json_t *)want_out, o->value)) why = "wrong output";
        else if (o->err.status != POLYID_OK || o->err.message[0]) why = "error struct not cleared on success";
    } else if (want_err && !want_out && json_is_string(want_err)) {
        const char *code = json_string_value(want_err);
        if (!o->is_error) why = "expected an error, got an output";
        else if (strcmp(code, polyid_status_code(o->status)) != 0) why = "wrong error code";
        else if (!o->convert) {
            const json_t *detail = json_object_get(c, "detail");
            if (o->err.status != o->status) why = "err->status differs from the returned status";
            else if (!o->err.message[0]) why = "empty error message";
            else if (r->message[0] && strcmp(r->message, o->err.message) != 0)
                why = "the message differs from the other function's";
            else if (detail) {
                const char *key;
                const json_t *v;
                json_object_foreach((json_t *)detail, key, v) {
                    json_t *got = NULL;
                    if (!strcmp(key, "index") && o->err.detail == POLYID_DETAIL_CHARACTER)
                        got = json_integer((json_int_t)o->err.index);
                    else if (!strcmp(key, "character") && o->err.detail == POLYID_DETAIL_CHARACTER)
                        got = character_json(&o->err);
                    else if (!strcmp(key, "found") &&
                             (o->err.detail == POLYID_DETAIL_LENGTH || o->err.detail == POLYID_DETAIL_CHECKMOD))
                        got = json_integer(o->err.found);
                    else if (!strcmp(key, "expected") &&
                             (o->err.detail == POLYID_DETAIL_LENGTH || o->err.detail == POLYID_DETAIL_CHECKMOD))
                        got = json_integer(o->err.expected);
                    int same = got && json_equal(got, (json_t *)v);
                    json_decref(got);
                    if (!same) {
                        snprintf(buf, sizeof buf, "wrong detail %s", key);
                        why = buf;
                        break;
                    }
                }
            }
        }
    } else {
        why = "malformed case: needs exactly one of output and error";
    }
    if (!why) {
        if (o->is_error && !o->convert && !o->translated)
            snprintf(r->message, sizeof r->message, "%s", o->err.message);
        return 1;
    }
    r->status = CASE_FAIL;
    snprintf(r->reason, sizeof r->reason, "%s (%s functions)", why, mode_name);
    json_t *expected = json_object();
    if (want_out) json_object_set(expected, "output", (json_t *)want_out);
    if (want_err) json_object_set(expected, "error", (json_t *)want_err);
    const json_t *detail = json_object_get(c, "detail");
    if (detail) json_object_set(expected, "detail", (json_t *)detail);
    r->expected = expected;
    r->got = outcome_json(o);
    return 0;
}

static int input_has_nul(const json_t *in) {
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)in, key, v) {
        if (json_is_string(v) && strlen(json_string_value(v)) != json_string_length(v)) return 1;
    }
    return 0;
}

void run_case(const json_t *c, case_result *r) {
    memset(r, 0, sizeof *r);
    r->status = CASE_PASS;
    const char *op = json_string_value(json_object_get(c, "op"));
    const json_t *in = json_object_get(c, "input");
    const op_entry *e = NULL;
    for (size_t i = 0; op && i < sizeof OPS / sizeof OPS[0]; i++)
        if (!strcmp(OPS[i].op, op)) e = &OPS[i];
    if (!e || !json_is_object(in)) {
        r->status = CASE_FAIL;
        snprintf(r->reason, sizeof r->reason, "unknown op %s or no input", op ? op : "(none)");
        return;
    }
    outcome o;
    memset(&o, 0, sizeof o);
    e->fn(in, MODE_N, &o);
    int ok = judge(c, &o, e->has_string_input ? "(pointer, length)" : "C", r);
    outcome_clear(&o);
    if (ok && e->has_string_input && !input_has_nul(in)) {
        e->fn(in, MODE_CSTR, &o);
        judge(c, &o, "NUL-terminated", r);
        outcome_clear(&o);
    }
}

json_t *case_output(const json_t *c, char *why, size_t why_cap) {
    const char *op = json_string_value(json_object_get(c, "op"));
    const json_t *in = json_object_get(c, "input");
    const op_entry *e = NULL;
    for (size_t i = 0; op && i < sizeof OPS / sizeof OPS[0]; i++)
        if (!strcmp(OPS[i].op, op)) e = &OPS[i];
    if (!e || !json_is_object(in)) {
        snprintf(why, why_cap, "unknown op %s or no input", op ? op : "(none)");
        return NULL;
    }
    outcome o;
    memset(&o, 0, sizeof o);
    e->fn(in, MODE_N, &o);
    json_t *out = NULL;
    if (o.bad_vector[0]) snprintf(why, why_cap, "%s", o.bad_vector);
    else if (o.is_error) out = json_pack("{s:s}", "error", polyid_status_code(o.status));
    else if (!o.value) snprintf(why, why_cap, "could not read the result back");
    else out = json_incref(o.value);
    outcome_clear(&o);
    return out;
}

void case_result_clear(case_result *r) {
    json_decref(r->expected);
    json_decref(r->got);
    r->expected = r->got = NULL;
}

/* ------------------------------------------------------------------------------------ */
/* Files */

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int load_vector_files(const char *dir, json_t ***docs) {
    *docs = NULL;
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "cannot open %s\n", dir);
        return -1;
    }
    char **names = NULL;
    int n = 0;
    struct dirent *ent;
    while ((ent = readdir(d))) {
        size_t len = strlen(ent->d_name);
        if (len > 5 && !strcmp(ent->d_name + len - 5, ".json")) {
            names = realloc(names, sizeof *names * (size_t)(n + 1));
            names[n++] = strdup(ent->d_name);
        }
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    *docs = calloc((size_t)n + 1, sizeof **docs);
    int ok = 1;
    for (int i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        json_error_t jerr;
        (*docs)[i] = json_load_file(path, JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES, &jerr);
        if (!(*docs)[i] || !json_is_string(json_object_get((*docs)[i], "family")) ||
            !json_is_array(json_object_get((*docs)[i], "cases"))) {
            fprintf(stderr, "%s: %s (line %d)\n", path, (*docs)[i] ? "no family or cases" : jerr.text,
                    jerr.line);
            ok = 0;
        }
        free(names[i]);
    }
    free(names);
    if (!ok || n == 0) {
        if (n == 0) fprintf(stderr, "no *.json files in %s\n", dir);
        free_docs(*docs, n);
        *docs = NULL;
        return -1;
    }
    return n;
}

void free_docs(json_t **docs, int n) {
    if (!docs) return;
    for (int i = 0; i < n; i++) json_decref(docs[i]);
    free(docs);
}
