/*
 * The Arrow C Data Interface functions of libpolyid (polyid_arrow_*), on arrays and streams
 * built by hand here: string, integer, timestamp and fixed_size_binary(16) columns with
 * nulls and offsets, the {value, error} struct of POLYID_ARROW_NULL, the first bad row of
 * POLYID_ARROW_RAISE (its status, message and *error_row), bad arguments and malformed
 * arrays, the ownership rules (an input array is never released by polyid; the outputs are
 * the caller's to release; an input stream is taken over and released with the output
 * stream), and every kernel: WDP compact IDs, namespace hashes, full IDs (one namespace or
 * one per row), normalized codes, validation, catalog lookup; TID, xid, uid11 and EUID
 * encode, parse, timestamps, fields, from parts and generation.
 *
 * A dictionary-encoded column (int8 keys, utf8 values) reads as the text it stands for.
 * Expected values are the shared vectors (the JSON files of tests/vectors/, named in each test):
 * wdp.json "E.Auth.Token.MISSING" and "E.Auth.Token.001" -> "V6a0B", full ID "05o5h-V6a0B"
 * in "auth_lib" (§1); tid.json "3kxnlhr3gxq23" = 1721407246480310 us << 10 | clock id 1,
 * display "3kxn-lhr-3gxq-23" (§3); xid.json "11111111111" = 0 (§2); euid.json
 * "1HF7YAT0007ZG0938NKRKAYDXXB" = 0c5e7f2b40000ff80123456789abcdef, no-check text
 * "1HF7YAT0007ZG0938NKRKAYDXZZ" (§4); generators.json for seeded generator sequences.
 *
 * Prints "arrow (LINKAGE): N passed, N failed"; exit status 1 when a check fails.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "polyid.h"

#include "check.h"

static polyid_error E;

#define EXPECT(want, call)                                                             \
    do {                                                                               \
        memset(&E, 0x5a, sizeof E);                                                    \
        polyid_status got_ = (call);                                                   \
        CHECK(got_ == (want) && E.status == got_, "%s: got %s (%.200s)", #call,        \
              polyid_status_code(got_), E.message);                                    \
    } while (0)

/* ---- input columns built by hand (the caller's memory, released by the caller) ---- */

/* How many times polyid called an input's release callback: must stay 0. */
static int input_releases;

static void count_release(struct ArrowSchema *s) {
    input_releases++;
    s->release = NULL;
}
static void count_release_array(struct ArrowArray *a) {
    input_releases++;
    a->release = NULL;
}

typedef struct {
    struct ArrowSchema schema;
    struct ArrowArray array;
    const void *buffers[3];
    uint8_t validity[8];
    int32_t offsets[16];
    char data[256];
} column;

static void schema_init(column *c, const char *format) {
    memset(c, 0, sizeof *c);
    c->schema.format = format;
    c->schema.name = "";
    c->schema.flags = ARROW_FLAG_NULLABLE;
    c->schema.release = count_release;
}

/* A utf8 column ("u"); NULL entries are null rows. */
static void strings(column *c, const char *const *values, int64_t n) {
    schema_init(c, "u");
    memset(c->validity, 0, sizeof c->validity);
    int64_t nulls = 0;
    int32_t off = 0;
    c->offsets[0] = 0;
    for (int64_t i = 0; i < n; i++) {
        if (values[i]) {
            size_t len = strlen(values[i]);
            memcpy(c->data + off, values[i], len);
            off += (int32_t)len;
            c->validity[i / 8] |= (uint8_t)(1u << (i % 8));
        } else {
            nulls++;
        }
        c->offsets[i + 1] = off;
    }
    c->buffers[0] = c->validity;
    c->buffers[1] = c->offsets;
    c->buffers[2] = c->data;
    memset(&c->array, 0, sizeof c->array);
    c->array.length = n;
    c->array.null_count = nulls;
    c->array.n_buffers = 3;
    c->array.buffers = c->buffers;
    c->array.release = count_release_array;
}

/* A fixed-width column (format "l", "L", "tsu:UTC", "w:16", ...) of n values, no nulls. */
static void fixed(column *c, const char *format, const void *values, size_t bytes, int64_t n) {
    schema_init(c, format);
    memcpy(c->data, values, bytes);
    c->buffers[0] = NULL;
    c->buffers[1] = c->data;
    memset(&c->array, 0, sizeof c->array);
    c->array.length = n;
    c->array.n_buffers = 2;
    c->array.buffers = c->buffers;
    c->array.release = count_release_array;
}

/* Gives a fixed-width column of up to 8 rows the validity bits `valid` (bit i: row i). */
static void with_nulls(column *c, uint8_t valid) {
    c->validity[0] = valid;
    c->buffers[0] = c->validity;
    c->array.null_count = 0;
    for (int64_t i = 0; i < c->array.length; i++) {
        if (!((valid >> i) & 1)) c->array.null_count++;
    }
}

/* ---- reading outputs ---- */

static int is_valid(const struct ArrowArray *a, int64_t i) {
    const uint8_t *v = a->buffers[0];
    int64_t j = a->offset + i;
    return v == NULL || ((v[j / 8] >> (j % 8)) & 1);
}

/* Row i of a utf8 output, copied into buf ("<null>" for a null row). */
static const char *text_at(const struct ArrowArray *a, int64_t i, char *buf, size_t cap) {
    if (!is_valid(a, i)) return "<null>";
    const int32_t *off = a->buffers[1];
    const char *data = a->buffers[2];
    int32_t start = off[a->offset + i], end = off[a->offset + i + 1];
    size_t len = (size_t)(end - start) < cap - 1 ? (size_t)(end - start) : cap - 1;
    memcpy(buf, data + start, len);
    buf[len] = 0;
    return buf;
}

#define TEXT_IS(a, i, want)                                                    \
    do {                                                                       \
        char b_[64];                                                           \
        const char *g_ = text_at((a), (i), b_, sizeof b_);                     \
        CHECK(strcmp(g_, (want)) == 0, "row %d: \"%s\" != \"%s\"", (int)(i), g_, (want)); \
    } while (0)

/* Row i of a fixed-width output of type T (valid rows only). */
#define VALUE_AT(T, a, i) (((const T *)(a)->buffers[1])[(a)->offset + (i)])

/* Whether text starts with prefix. */
#define STARTS(text, prefix) (strncmp((text), (prefix), strlen(prefix)) == 0)

#define FORMAT_IS(s, want) \
    CHECK(strcmp((s)->format, (want)) == 0, "format %s != %s", (s)->format, (want))

/* Releases an output pair and checks that both are then marked released. */
static void release_out(struct ArrowArray *a, struct ArrowSchema *s) {
    CHECK(a->release != NULL && s->release != NULL, "outputs not set");
    if (a->release) a->release(a);
    if (s->release) s->release(s);
    CHECK(a->release == NULL && s->release == NULL, "release did not mark released");
}

/* The failing row of the last call. */
static int64_t ROW;

/* ------------------------------------------------------------------------------------ */

static void test_compact_ids(void) {
    static const char *codes[] = {"E.Auth.Token.MISSING", NULL, "E.Auth.Token.001"};
    column in;
    strings(&in, codes, 3);
    struct ArrowArray out;
    struct ArrowSchema out_schema;
    ROW = 42;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids(&in.array, &in.schema, NULL, POLYID_PROFILE_POLYID,
                                               POLYID_ARROW_RAISE, &out, &out_schema, &ROW, &E));
    CHECK(ROW == POLYID_ARROW_NO_ROW, "error_row %" PRId64 " after success", ROW);
    FORMAT_IS(&out_schema, "u");
    CHECK(out.length == 3 && out.null_count == 1 && out.n_buffers == 3, "shape");
    TEXT_IS(&out, 0, "V6a0B");
    TEXT_IS(&out, 1, "<null>");
    TEXT_IS(&out, 2, "V6a0B");
    release_out(&out, &out_schema);

    /* The same input again (it is still the caller's), sliced: rows 1..2. */
    in.array.offset = 1;
    in.array.length = 2;
    in.array.null_count = 1;
    EXPECT(POLYID_OK, polyid_arrow_full_ids("auth_lib", &in.array, &in.schema, NULL,
                                            POLYID_PROFILE_POLYID, POLYID_ARROW_RAISE, &out,
                                            &out_schema, NULL, &E));
    CHECK(out.length == 2, "length %" PRId64, out.length);
    TEXT_IS(&out, 0, "<null>");
    TEXT_IS(&out, 1, "05o5h-V6a0B");
    release_out(&out, &out_schema);
    CHECK(in.array.release != NULL && in.schema.release != NULL, "input released by polyid");
}

/* Compact IDs of `in` with POLYID_ARROW_RAISE fail at row 2, "E.AUTH.TOKEN.000" (000 is
 * reserved), and leave the outputs released. */
static void raise_fails_at_row_2(column *in) {
    struct ArrowArray out;
    struct ArrowSchema out_schema;
    EXPECT(POLYID_INVALID_SEQUENCE,
           polyid_arrow_compact_ids(&in->array, &in->schema, NULL, POLYID_PROFILE_POLYID,
                                    POLYID_ARROW_RAISE, &out, &out_schema, &ROW, &E));
    CHECK(strncmp(E.message, "row 2 (\"E.AUTH.TOKEN.000\"): ", 27) == 0, "%s", E.message);
    CHECK(ROW == 2, "error_row %" PRId64, ROW);
    CHECK(out.release == NULL && out_schema.release == NULL, "outputs set on failure");
}

static void test_error_modes(void) {
    static const char *codes[] = {"E.Auth.Token.001", NULL, "E.AUTH.TOKEN.000", "bad"};
    column in;
    strings(&in, codes, 4);
    struct ArrowArray out;
    struct ArrowSchema out_schema;
    /* Raise: the first bad row, its input and code; the outputs are left released. */
    raise_fails_at_row_2(&in);
    /* Sliced from row 1: the same bad row is row 1 of the slice. */
    in.array.offset = 1;
    in.array.length = 3;
    in.array.null_count = 1;
    EXPECT(POLYID_INVALID_SEQUENCE,
           polyid_arrow_compact_ids(&in.array, &in.schema, NULL, POLYID_PROFILE_POLYID,
                                    POLYID_ARROW_RAISE, &out, &out_schema, &ROW, &E));
    CHECK(ROW == 1, "error_row %" PRId64 " in a slice", ROW);
    strings(&in, codes, 4);

    /* Null: a struct {value, error}; no row fails the call. */
    EXPECT(POLYID_OK, polyid_arrow_compact_ids(&in.array, &in.schema, NULL, POLYID_PROFILE_POLYID,
                                               POLYID_ARROW_NULL, &out, &out_schema, &ROW, &E));
    CHECK(ROW == POLYID_ARROW_NO_ROW, "error_row %" PRId64, ROW);
    FORMAT_IS(&out_schema, "+s");
    CHECK(out_schema.n_children == 2, "struct");
    CHECK(strcmp(out_schema.children[0]->name, "value") == 0 &&
              strcmp(out_schema.children[1]->name, "error") == 0,
          "field names");
    CHECK(out.n_children == 2 && out.length == 4, "struct shape");
    const struct ArrowArray *value = out.children[0], *error = out.children[1];
    TEXT_IS(value, 0, "V6a0B");
    TEXT_IS(value, 1, "<null>");
    TEXT_IS(value, 2, "<null>");
    TEXT_IS(value, 3, "<null>");
    TEXT_IS(error, 0, "<null>");
    TEXT_IS(error, 1, "<null>");
    TEXT_IS(error, 2, "INVALID_SEQUENCE");
    TEXT_IS(error, 3, "INVALID_FORMAT");
    release_out(&out, &out_schema);

    /* The validation column: the error code of each invalid code. */
    EXPECT(POLYID_OK, polyid_arrow_validate_codes(&in.array, &in.schema, NULL,
                                                  POLYID_PROFILE_POLYID, &out, &out_schema, &E));
    TEXT_IS(&out, 0, "<null>");
    TEXT_IS(&out, 1, "<null>");
    TEXT_IS(&out, 2, "INVALID_SEQUENCE");
    TEXT_IS(&out, 3, "INVALID_FORMAT");
    release_out(&out, &out_schema);
}

/* wdp.json: namespace_hash, full_id (with a caller's named sequence), normalize_code. */
static void test_wdp(void) {
    struct ArrowArray out;
    struct ArrowSchema out_schema;
    column in, codes;

    /* spec-namespace-auth-lib, spec-namespace-user-service, namespace-uppercase-first. */
    static const char *namespaces[] = {"auth_lib", NULL, "user_service", "Auth_lib"};
    strings(&in, namespaces, 4);
    EXPECT(POLYID_INVALID_NAMESPACE,
           polyid_arrow_namespace_hashes(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                         POLYID_ARROW_RAISE, &out, &out_schema, &ROW, &E));
    CHECK(ROW == 3, "error_row %" PRId64, ROW);
    CHECK(out.release == NULL, "output set on failure");
    in.array.length = 3;
    EXPECT(POLYID_OK, polyid_arrow_namespace_hashes(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                                    POLYID_ARROW_RAISE, &out, &out_schema, &ROW,
                                                    &E));
    FORMAT_IS(&out_schema, "u");
    TEXT_IS(&out, 0, "05o5h");
    TEXT_IS(&out, 1, "<null>");
    TEXT_IS(&out, 2, "oFN7q");
    release_out(&out, &out_schema);

    /* full_id: spec-full-auth-lib, spec-full-user-service, full-extra-name (RATE_LIMITED =
     * 42), full-bad-namespace; a null in either column gives a null row. */
    polyid_named_sequences *names = NULL;
    EXPECT(POLYID_OK, polyid_named_sequences_new(&names, &E));
    EXPECT(POLYID_OK, polyid_named_sequences_insert(names, "RATE_LIMITED", 42, &E));
    static const char *row_ns[] = {"auth_lib", "user_service", "api_gateway", NULL, "auth_lib",
                                   "Auth"};
    static const char *row_codes[] = {"E.Auth.Token.001", "E.Database.Connection.021",
                                      "E.Api.Quota.RATE_LIMITED", "E.Auth.Token.001", NULL,
                                      "E.A.B.001"};
    strings(&in, row_ns, 6);
    strings(&codes, row_codes, 6);
    EXPECT(POLYID_OK, polyid_arrow_full_ids_per_row(&in.array, &in.schema, &codes.array,
                                                    &codes.schema, names, POLYID_PROFILE_POLYID,
                                                    POLYID_ARROW_NULL, &out, &out_schema, &ROW,
                                                    &E));
    const struct ArrowArray *value = out.children[0], *error = out.children[1];
    TEXT_IS(value, 0, "05o5h-V6a0B");
    TEXT_IS(value, 1, "oFN7q-gjyGQ");
    TEXT_IS(value, 2, "a8Ze2-dSWtD");
    TEXT_IS(value, 3, "<null>");
    TEXT_IS(value, 4, "<null>");
    TEXT_IS(value, 5, "<null>");
    TEXT_IS(error, 3, "<null>");
    TEXT_IS(error, 4, "<null>");
    TEXT_IS(error, 5, "INVALID_NAMESPACE");
    release_out(&out, &out_schema);
    /* Without the caller's names, RATE_LIMITED is not a named sequence: row 2 fails. */
    EXPECT(POLYID_UNKNOWN_NAMED_SEQUENCE,
           polyid_arrow_full_ids_per_row(&in.array, &in.schema, &codes.array, &codes.schema, NULL,
                                         POLYID_PROFILE_POLYID, POLYID_ARROW_RAISE, &out,
                                         &out_schema, &ROW, &E));
    CHECK(ROW == 2, "error_row %" PRId64, ROW);
    /* Columns of different lengths: the call's error, no row. */
    codes.array.length = 5;
    EXPECT(POLYID_INVALID_ARGUMENT,
           polyid_arrow_full_ids_per_row(&in.array, &in.schema, &codes.array, &codes.schema, names,
                                         POLYID_PROFILE_POLYID, POLYID_ARROW_RAISE, &out,
                                         &out_schema, &ROW, &E));
    CHECK(ROW == POLYID_ARROW_NO_ROW, "error_row %" PRId64, ROW);
    EXPECT(POLYID_NULL_POINTER,
           polyid_arrow_full_ids_per_row(&in.array, &in.schema, &codes.array, NULL, names,
                                         POLYID_PROFILE_POLYID, POLYID_ARROW_RAISE, &out,
                                         &out_schema, &ROW, &E));
    CHECK(strstr(E.message, "codes_schema") != NULL, "%s", E.message);

    /* normalize_code: spec-normalize-missing, normalize-extra-name, normalize-unknown-name. */
    static const char *to_normalize[] = {"  E.Auth.Token.MISSING  ", NULL,
                                         "e.api.quota.rate_limited", "E.A.B.NOPE"};
    strings(&in, to_normalize, 4);
    EXPECT(POLYID_OK, polyid_arrow_normalize_codes(&in.array, &in.schema, names,
                                                   POLYID_ARROW_NULL, &out, &out_schema, &ROW,
                                                   &E));
    value = out.children[0];
    error = out.children[1];
    TEXT_IS(value, 0, "E.AUTH.TOKEN.001");
    TEXT_IS(value, 1, "<null>");
    TEXT_IS(value, 2, "E.API.QUOTA.042");
    TEXT_IS(value, 3, "<null>");
    TEXT_IS(error, 3, "UNKNOWN_NAMED_SEQUENCE");
    release_out(&out, &out_schema);
    EXPECT(POLYID_UNKNOWN_NAMED_SEQUENCE,
           polyid_arrow_normalize_codes(&in.array, &in.schema, NULL, POLYID_ARROW_RAISE, &out,
                                        &out_schema, &ROW, &E));
    CHECK(ROW == 2, "error_row %" PRId64 " (rate_limited without the caller's names)", ROW);

    /* The caller's names in compact IDs too: E.API.QUOTA.042 (the full ID above). */
    static const char *quota[] = {"E.Api.Quota.RATE_LIMITED"};
    strings(&in, quota, 1);
    EXPECT(POLYID_OK, polyid_arrow_compact_ids(&in.array, &in.schema, names, POLYID_PROFILE_POLYID,
                                               POLYID_ARROW_RAISE, &out, &out_schema, &ROW, &E));
    TEXT_IS(&out, 0, "dSWtD");
    release_out(&out, &out_schema);
    polyid_named_sequences_free(names);
}

/* catalog.json load-minimal: {"AcAGP": ["E.AUTH.TOKEN.003", "third"], "0yRgf":
 * ["W.CACHE.DATA.018", "cache"]}; wdp.json: "E.Auth.Token.001" -> "V6a0B", not in it. */
static void test_catalog_lookup(void) {
    polyid_catalog *cat = NULL;
    EXPECT(POLYID_OK, polyid_catalog_load("{\"AcAGP\": [\"E.AUTH.TOKEN.003\", \"third\"], "
                                          "\"0yRgf\": [\"W.CACHE.DATA.018\", \"cache\"]}",
                                          &cat, &E));
    static const char *ids[] = {"AcAGP", NULL, "0yRgf", "V6a0B"};
    column in;
    strings(&in, ids, 4);
    struct ArrowArray out;
    struct ArrowSchema out_schema;
    EXPECT(POLYID_NOT_FOUND, polyid_arrow_catalog_lookup(cat, &in.array, &in.schema,
                                                         POLYID_ARROW_RAISE, &out, &out_schema,
                                                         &ROW, &E));
    CHECK(ROW == 3, "error_row %" PRId64, ROW);
    CHECK(strncmp(E.message, "row 3 (\"V6a0B\"): ", 17) == 0, "%s", E.message);
    in.array.length = 3;
    EXPECT(POLYID_OK, polyid_arrow_catalog_lookup(cat, &in.array, &in.schema, POLYID_ARROW_RAISE,
                                                  &out, &out_schema, &ROW, &E));
    FORMAT_IS(&out_schema, "+s");
    CHECK(out_schema.n_children == 2 && strcmp(out_schema.children[0]->name, "code") == 0 &&
              strcmp(out_schema.children[1]->name, "message") == 0,
          "catalog fields");
    CHECK(!is_valid(&out, 1), "null id -> null entry");
    TEXT_IS(out.children[0], 0, "E.AUTH.TOKEN.003");
    TEXT_IS(out.children[1], 0, "third");
    TEXT_IS(out.children[0], 2, "W.CACHE.DATA.018");
    TEXT_IS(out.children[1], 2, "cache");
    release_out(&out, &out_schema);
    /* Null mode: the entries under "value", the missing ID's code under "error". */
    in.array.length = 4;
    EXPECT(POLYID_OK, polyid_arrow_catalog_lookup(cat, &in.array, &in.schema, POLYID_ARROW_NULL,
                                                  &out, &out_schema, &ROW, &E));
    TEXT_IS(out.children[0]->children[1], 0, "third");
    CHECK(!is_valid(out.children[0], 3), "missing entry not null");
    TEXT_IS(out.children[1], 3, "NOT_FOUND");
    release_out(&out, &out_schema);
    EXPECT(POLYID_NULL_POINTER, polyid_arrow_catalog_lookup(NULL, &in.array, &in.schema,
                                                            POLYID_ARROW_RAISE, &out, &out_schema,
                                                            &ROW, &E));
    polyid_catalog_free(cat);
}

static void test_tid_xid_euid(void) {
    struct ArrowArray out, back;
    struct ArrowSchema out_schema, back_schema;
    const int64_t tid_value = (INT64_C(1721407246480310) << 10) | 1;

    static const char *tids[] = {"3kxnlhr3gxq23", NULL};
    column in;
    strings(&in, tids, 2);
    EXPECT(POLYID_OK, polyid_arrow_tid_parse(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                             POLYID_ARROW_RAISE, &out, &out_schema, &ROW, &E));
    FORMAT_IS(&out_schema, "l");
    CHECK(VALUE_AT(int64_t, &out, 0) == tid_value && !is_valid(&out, 1), "tid value");
    /* The output is a valid input: encode it back, in both forms. */
    EXPECT(POLYID_OK, polyid_arrow_tid_encode(&out, &out_schema, false, POLYID_ARROW_RAISE,
                                              &back, &back_schema, &ROW, &E));
    TEXT_IS(&back, 0, "3kxnlhr3gxq23");
    TEXT_IS(&back, 1, "<null>");
    release_out(&back, &back_schema);
    EXPECT(POLYID_OK, polyid_arrow_tid_encode(&out, &out_schema, true, POLYID_ARROW_RAISE,
                                              &back, &back_schema, &ROW, &E));
    TEXT_IS(&back, 0, "3kxn-lhr-3gxq-23");
    release_out(&back, &back_schema);
    release_out(&out, &out_schema);

    /* A uint64 column built here: 2^63 is beyond every TID value (int64). */
    uint64_t values[2] = {(uint64_t)tid_value, UINT64_C(1) << 63};
    column ints;
    fixed(&ints, "L", values, sizeof values, 2);
    EXPECT(POLYID_OUT_OF_RANGE, polyid_arrow_tid_encode(&ints.array, &ints.schema, false,
                                                        POLYID_ARROW_RAISE, &out, &out_schema,
                                                        &ROW, &E));
    CHECK(strncmp(E.message, "row 1 (", 7) == 0, "%s", E.message);
    CHECK(ROW == 1 && E.detail == POLYID_DETAIL_RANGE, "error_row %" PRId64, ROW);

    static const char *xids[] = {"11111111111", "0OIl"};
    strings(&in, xids, 2);
    EXPECT(POLYID_OK, polyid_arrow_xid_parse(&in.array, &in.schema, POLYID_ARROW_NULL, &out,
                                             &out_schema, &ROW, &E));
    FORMAT_IS(out_schema.children[0], "L");
    CHECK(VALUE_AT(uint64_t, out.children[0], 0) == 0, "xid value");
    TEXT_IS(out.children[1], 1, "INVALID_LENGTH");
    release_out(&out, &out_schema);
    uint64_t xid_values[1] = {0};
    fixed(&ints, "L", xid_values, sizeof xid_values, 1);
    EXPECT(POLYID_OK, polyid_arrow_xid_encode(&ints.array, &ints.schema, POLYID_ARROW_RAISE, &out,
                                              &out_schema, &ROW, &E));
    TEXT_IS(&out, 0, "11111111111");
    release_out(&out, &out_schema);

    static const char *euids[] = {"1HF7YAT0007ZG0938NKRKAYDXXB"};
    static const uint8_t euid_bytes[16] = {0x0c, 0x5e, 0x7f, 0x2b, 0x40, 0x00, 0x0f, 0xf8,
                                           0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef};
    strings(&in, euids, 1);
    EXPECT(POLYID_OK, polyid_arrow_euid_parse(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                              POLYID_ARROW_RAISE, &out, &out_schema, &ROW, &E));
    FORMAT_IS(&out_schema, "w:16");
    CHECK(memcmp(out.buffers[1], euid_bytes, 16) == 0, "euid bytes");
    /* Plain fixed_size_binary(16): no arrow.uuid extension (an EUID is not a UUID). */
    CHECK(out_schema.metadata == NULL, "euid values carry no extension type");
    release_out(&out, &out_schema);
    column bin;
    fixed(&bin, "w:16", euid_bytes, 16, 1);
    EXPECT(POLYID_OK, polyid_arrow_euid_encode(&bin.array, &bin.schema, true, POLYID_ARROW_RAISE,
                                               &out, &out_schema, &ROW, &E));
    TEXT_IS(&out, 0, "1HF7YAT0007ZG0938NKRKAYDXXB");
    release_out(&out, &out_schema);
    /* The same bytes as an arrow.uuid extension column: read as its storage. The metadata
     * is the C Data Interface's: a count, then each key and value with its length. */
    static char uuid_metadata[4 + 4 + 20 + 4 + 10];
    char *m = uuid_metadata;
    int32_t pairs = 1, key_len = 20, value_len = 10;
    memcpy(m, &pairs, 4);
    memcpy(m + 4, &key_len, 4);
    memcpy(m + 8, "ARROW:extension:name", 20);
    memcpy(m + 28, &value_len, 4);
    memcpy(m + 32, "arrow.uuid", 10);
    bin.schema.metadata = uuid_metadata;
    EXPECT(POLYID_OK, polyid_arrow_euid_encode(&bin.array, &bin.schema, true, POLYID_ARROW_RAISE,
                                               &out, &out_schema, &ROW, &E));
    TEXT_IS(&out, 0, "1HF7YAT0007ZG0938NKRKAYDXXB");
    release_out(&out, &out_schema);
    bin.schema.metadata = NULL;
    EXPECT(POLYID_OK, polyid_arrow_euid_encode(&bin.array, &bin.schema, false, POLYID_ARROW_RAISE,
                                               &out, &out_schema, &ROW, &E));
    TEXT_IS(&out, 0, "1HF7YAT0007ZG0938NKRKAYDXZZ");
    release_out(&out, &out_schema);
}

/* tid.json: spec-parse-2024-07-19 ("3kxnlhr3gxq23": micros 1721407246480310, clock id 1),
 * spec-parse-1972-clock-776 ("242k52k4kg3sc": 70921738076545, 776), spec-parse-minus-one
 * ("zzzzzzzzzzz22": -1, 0); from-parts-clock-1024 (OUT_OF_RANGE). */
static void test_tid_fields(void) {
    static const char *tids[] = {"3kxnlhr3gxq23", NULL, "242k52k4kg3sc", "zzzzzzzzzzz22",
                                 "3KXNLHR3GXQ23"};
    column in;
    strings(&in, tids, 5);
    struct ArrowArray ts, clock, out;
    struct ArrowSchema ts_schema, clock_schema, out_schema;
    /* tid.json parse-uppercase: INVALID_CHARACTER 'K' at index 1. */
    EXPECT(POLYID_INVALID_CHARACTER,
           polyid_arrow_tid_timestamps(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                       POLYID_ARROW_RAISE, &ts, &ts_schema, &ROW, &E));
    CHECK(ROW == 4 && E.detail == POLYID_DETAIL_CHARACTER && E.index == 1 && E.character == 'K',
          "error_row %" PRId64 ", index %" PRIu64, ROW, E.index);
    in.array.length = 4;
    EXPECT(POLYID_OK, polyid_arrow_tid_timestamps(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                                  POLYID_ARROW_RAISE, &ts, &ts_schema, &ROW, &E));
    FORMAT_IS(&ts_schema, "tsu:UTC");
    CHECK(VALUE_AT(int64_t, &ts, 0) == INT64_C(1721407246480310) && !is_valid(&ts, 1) &&
              VALUE_AT(int64_t, &ts, 2) == INT64_C(70921738076545) &&
              VALUE_AT(int64_t, &ts, 3) == -1,
          "tid timestamps");
    EXPECT(POLYID_OK, polyid_arrow_tid_clock_ids(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                                 POLYID_ARROW_RAISE, &clock, &clock_schema, &ROW,
                                                 &E));
    FORMAT_IS(&clock_schema, "S");
    CHECK(VALUE_AT(uint16_t, &clock, 0) == 1 && !is_valid(&clock, 1) &&
              VALUE_AT(uint16_t, &clock, 2) == 776 && VALUE_AT(uint16_t, &clock, 3) == 0,
          "tid clock ids");
    /* From parts, with the two outputs as the inputs (timestamp[us] and uint16): the
     * values of the same TIDs; the null row stays null. */
    EXPECT(POLYID_OK, polyid_arrow_tid_from_parts(&ts, &ts_schema, &clock, &clock_schema,
                                                  POLYID_ARROW_RAISE, &out, &out_schema, &ROW,
                                                  &E));
    FORMAT_IS(&out_schema, "l");
    CHECK(VALUE_AT(int64_t, &out, 0) == INT64_C(1762721020395837441) && !is_valid(&out, 1) &&
              VALUE_AT(int64_t, &out, 2) == INT64_C(72623859790382856) &&
              VALUE_AT(int64_t, &out, 3) == -1024,
          "tid from parts");
    release_out(&out, &out_schema);
    release_out(&ts, &ts_schema);
    release_out(&clock, &clock_schema);

    /* Integer columns: clock id 1024 is out of range (row 1); a null micros is a null row. */
    int64_t micros[3] = {0, 0, 0};
    int32_t clock_ids[3] = {1023, 1024, 5};
    column m, c;
    fixed(&m, "l", micros, sizeof micros, 3);
    with_nulls(&m, 0x3); /* row 2 null */
    fixed(&c, "i", clock_ids, sizeof clock_ids, 3);
    EXPECT(POLYID_OUT_OF_RANGE, polyid_arrow_tid_from_parts(&m.array, &m.schema, &c.array,
                                                            &c.schema, POLYID_ARROW_RAISE, &out,
                                                            &out_schema, &ROW, &E));
    CHECK(ROW == 1, "error_row %" PRId64, ROW);
    CHECK(STARTS(E.message, "row 1 (\"micros=0, clock_id=1024\"): "), "%s", E.message);
    CHECK(E.detail == POLYID_DETAIL_RANGE && E.found == 1024 && E.max == 1023, "range detail");
    EXPECT(POLYID_OK, polyid_arrow_tid_from_parts(&m.array, &m.schema, &c.array, &c.schema,
                                                  POLYID_ARROW_NULL, &out, &out_schema, &ROW, &E));
    /* from-parts-clock-1023: value 1023. */
    CHECK(VALUE_AT(int64_t, out.children[0], 0) == 1023, "tid from parts (1023)");
    TEXT_IS(out.children[1], 1, "OUT_OF_RANGE");
    TEXT_IS(out.children[1], 2, "<null>");
    CHECK(!is_valid(out.children[0], 2), "null parts -> null");
    release_out(&out, &out_schema);
    /* A text column is not a micros column. */
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_arrow_tid_from_parts(&in.array, &in.schema, &c.array,
                                                                &c.schema, POLYID_ARROW_RAISE,
                                                                &out, &out_schema, &ROW, &E));
    CHECK(ROW == POLYID_ARROW_NO_ROW, "error_row %" PRId64, ROW);
}

/* xid.json: spec-parse-delta-1234567-random-max ("1113M2EhCbG": unix_ms 1321011105678,
 * random 4194303, value 5178153500671), spec-parse-zero ("11111111111": 1321009871111, 0),
 * from-parts-random-2-pow-22 (OUT_OF_RANGE). uid11.json: spec-encode-58 ("11111111121"),
 * spec-encode-max ("jpXCZedGfVQ"), encode-negative (OUT_OF_RANGE), spec-decode-xid-1day
 * ("113q8KFkAEs" = 362387865600000), decode-spec-overflow ("jpXCZedGfVR", OVERFLOW). */
static void test_xid_uid11(void) {
    static const char *xids[] = {"1113M2EhCbG", NULL, "11111111111"};
    column in;
    strings(&in, xids, 3);
    struct ArrowArray ts, rnd, out;
    struct ArrowSchema ts_schema, rnd_schema, out_schema;
    EXPECT(POLYID_OK, polyid_arrow_xid_timestamps(&in.array, &in.schema, POLYID_ARROW_RAISE, &ts,
                                                  &ts_schema, &ROW, &E));
    FORMAT_IS(&ts_schema, "tsm:UTC");
    CHECK(VALUE_AT(int64_t, &ts, 0) == INT64_C(1321011105678) && !is_valid(&ts, 1) &&
              VALUE_AT(int64_t, &ts, 2) == INT64_C(1321009871111),
          "xid timestamps");
    EXPECT(POLYID_OK, polyid_arrow_xid_randoms(&in.array, &in.schema, POLYID_ARROW_RAISE, &rnd,
                                               &rnd_schema, &ROW, &E));
    FORMAT_IS(&rnd_schema, "I");
    CHECK(VALUE_AT(uint32_t, &rnd, 0) == 4194303 && !is_valid(&rnd, 1) &&
              VALUE_AT(uint32_t, &rnd, 2) == 0,
          "xid randoms");
    EXPECT(POLYID_OK, polyid_arrow_xid_from_parts(&ts, &ts_schema, &rnd, &rnd_schema,
                                                  POLYID_ARROW_RAISE, &out, &out_schema, &ROW,
                                                  &E));
    FORMAT_IS(&out_schema, "L");
    CHECK(VALUE_AT(uint64_t, &out, 0) == UINT64_C(5178153500671) && !is_valid(&out, 1) &&
              VALUE_AT(uint64_t, &out, 2) == 0,
          "xid from parts");
    release_out(&out, &out_schema);
    release_out(&ts, &ts_schema);
    release_out(&rnd, &rnd_schema);
    static const char *bad[] = {"11111111111", "jpXCZedGfVR"};
    strings(&in, bad, 2);
    EXPECT(POLYID_OVERFLOW, polyid_arrow_xid_timestamps(&in.array, &in.schema, POLYID_ARROW_RAISE,
                                                        &ts, &ts_schema, &ROW, &E));
    CHECK(ROW == 1, "error_row %" PRId64, ROW);

    int64_t ms[2] = {INT64_C(1321009871111), INT64_C(1321009871111)};
    uint32_t randoms[2] = {1, 4194304};
    column m, r;
    fixed(&m, "l", ms, sizeof ms, 2);
    fixed(&r, "I", randoms, sizeof randoms, 2);
    EXPECT(POLYID_OUT_OF_RANGE, polyid_arrow_xid_from_parts(&m.array, &m.schema, &r.array,
                                                            &r.schema, POLYID_ARROW_RAISE, &out,
                                                            &out_schema, &ROW, &E));
    CHECK(ROW == 1, "error_row %" PRId64, ROW);
    CHECK(STARTS(E.message, "row 1 (\"unix_ms=1321009871111, random=4194304\"): "), "%s",
          E.message);

    /* uid11 */
    uint64_t u[3] = {58, 0, UINT64_MAX};
    column vals;
    fixed(&vals, "L", u, sizeof u, 3);
    with_nulls(&vals, 0x5); /* row 1 null */
    EXPECT(POLYID_OK, polyid_arrow_uid11_encode(&vals.array, &vals.schema, POLYID_ARROW_RAISE,
                                                &out, &out_schema, &ROW, &E));
    FORMAT_IS(&out_schema, "u");
    TEXT_IS(&out, 0, "11111111121");
    TEXT_IS(&out, 1, "<null>");
    TEXT_IS(&out, 2, "jpXCZedGfVQ");
    release_out(&out, &out_schema);
    int64_t negative[2] = {58, -1};
    fixed(&vals, "l", negative, sizeof negative, 2);
    EXPECT(POLYID_OUT_OF_RANGE, polyid_arrow_uid11_encode(&vals.array, &vals.schema,
                                                          POLYID_ARROW_RAISE, &out, &out_schema,
                                                          &ROW, &E));
    CHECK(ROW == 1 && E.found == -1, "error_row %" PRId64, ROW);
    static const char *texts[] = {"113q8KFkAEs", NULL, "jpXCZedGfVR"};
    strings(&in, texts, 3);
    EXPECT(POLYID_OK, polyid_arrow_uid11_decode(&in.array, &in.schema, POLYID_ARROW_NULL, &out,
                                                &out_schema, &ROW, &E));
    FORMAT_IS(out_schema.children[0], "L");
    CHECK(VALUE_AT(uint64_t, out.children[0], 0) == UINT64_C(362387865600000), "uid11 decode");
    CHECK(!is_valid(out.children[0], 1) && !is_valid(out.children[0], 2), "uid11 nulls");
    TEXT_IS(out.children[1], 1, "<null>");
    TEXT_IS(out.children[1], 2, "OVERFLOW");
    release_out(&out, &out_schema);
    EXPECT(POLYID_OVERFLOW, polyid_arrow_uid11_decode(&in.array, &in.schema, POLYID_ARROW_RAISE,
                                                      &out, &out_schema, &ROW, &E));
    CHECK(ROW == 2, "error_row %" PRId64, ROW);
}

/* euid.json: spec-parse-from-parts-ext-255-pad-0 ("1HF7YAT0007ZG0938NKRKAYDXXB": unix_ms
 * 1700000000000, extension 255), spec-parse-from-parts-ext-none-pad-0
 * ("1HF7YAT0000000938NKRKAYDXZT": no extension, hex 0c5e7f2b400000000123456789abcdef),
 * spec-parse-reference ("C8ZM14GR4JXG0MQXVY18S8TJNA6": 13502975722244, no extension),
 * from-parts-ext-255-pad-max (padding 127, hex 0c5e7f2b4007fff80123456789abcdef),
 * from-parts-ext-32768 (OUT_OF_RANGE). */
static void test_euid_fields(void) {
    static const char *euids[] = {"1HF7YAT0007ZG0938NKRKAYDXXB", "1HF7YAT0000000938NKRKAYDXZT",
                                  NULL, "C8ZM14GR4JXG0MQXVY18S8TJNA6",
                                  "C8ZM14GR4JXG0MQXVY18S8TJNA7"};
    column in;
    strings(&in, euids, 5);
    struct ArrowArray out;
    struct ArrowSchema out_schema;
    EXPECT(POLYID_INVALID_CHECKMOD,
           polyid_arrow_euid_timestamps(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                        POLYID_ARROW_RAISE, &out, &out_schema, &ROW, &E));
    /* euid.json spec-parse-bad-checkmod: found 71, expected 70. */
    CHECK(ROW == 4 && E.detail == POLYID_DETAIL_CHECKMOD && E.found == 71 && E.expected == 70,
          "error_row %" PRId64, ROW);
    in.array.length = 4;
    EXPECT(POLYID_OK, polyid_arrow_euid_timestamps(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                                   POLYID_ARROW_RAISE, &out, &out_schema, &ROW,
                                                   &E));
    FORMAT_IS(&out_schema, "tsm:UTC");
    CHECK(VALUE_AT(int64_t, &out, 0) == INT64_C(1700000000000) &&
              VALUE_AT(int64_t, &out, 1) == INT64_C(1700000000000) && !is_valid(&out, 2) &&
              VALUE_AT(int64_t, &out, 3) == INT64_C(13502975722244),
          "euid timestamps");
    release_out(&out, &out_schema);
    /* Null mode: an EUID without an extension is a null value with a null error; an
     * invalid row has its code. */
    in.array.length = 5;
    EXPECT(POLYID_OK, polyid_arrow_euid_extensions(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                                   POLYID_ARROW_NULL, &out, &out_schema, &ROW,
                                                   &E));
    FORMAT_IS(out_schema.children[0], "S");
    const struct ArrowArray *value = out.children[0], *error = out.children[1];
    CHECK(VALUE_AT(uint16_t, value, 0) == 255 && !is_valid(value, 1) && !is_valid(value, 2) &&
              !is_valid(value, 3) && !is_valid(value, 4),
          "euid extensions");
    TEXT_IS(error, 1, "<null>");
    TEXT_IS(error, 3, "<null>");
    TEXT_IS(error, 4, "INVALID_CHECKMOD");
    release_out(&out, &out_schema);

    /* From parts: rows (ext 255, pad 0), (no extension), (ext 255, pad 127), (ext 32768). */
    int64_t ms[4] = {INT64_C(1700000000000), INT64_C(1700000000000), INT64_C(1700000000000),
                     INT64_C(1700000000000)};
    uint16_t ext[4] = {255, 0, 255, 32768};
    uint16_t pad[4] = {0, 0, 127, 0};
    uint64_t rnd[4] = {UINT64_C(81985529216486895), UINT64_C(81985529216486895),
                       UINT64_C(81985529216486895), 0};
    column m, e, p, r;
    fixed(&m, "l", ms, sizeof ms, 4);
    fixed(&e, "S", ext, sizeof ext, 4);
    with_nulls(&e, 0xd); /* row 1: no extension */
    fixed(&p, "S", pad, sizeof pad, 4);
    fixed(&r, "L", rnd, sizeof rnd, 4);
    EXPECT(POLYID_OUT_OF_RANGE,
           polyid_arrow_euid_from_parts(&m.array, &m.schema, &e.array, &e.schema, &p.array,
                                        &p.schema, &r.array, &r.schema, POLYID_ARROW_RAISE, &out,
                                        &out_schema, &ROW, &E));
    CHECK(ROW == 3, "error_row %" PRId64, ROW);
    CHECK(STARTS(E.message, "row 3 (\"unix_ms=1700000000000, extension=32768, padding=0, "
                            "random=0\"): "),
          "%s", E.message);
    m.array.length = e.array.length = p.array.length = r.array.length = 3;
    EXPECT(POLYID_OK, polyid_arrow_euid_from_parts(&m.array, &m.schema, &e.array, &e.schema,
                                                   &p.array, &p.schema, &r.array, &r.schema,
                                                   POLYID_ARROW_RAISE, &out, &out_schema, &ROW,
                                                   &E));
    FORMAT_IS(&out_schema, "w:16");
    static const uint8_t want[3][16] = {
        {0x0c, 0x5e, 0x7f, 0x2b, 0x40, 0x00, 0x0f, 0xf8, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef},
        {0x0c, 0x5e, 0x7f, 0x2b, 0x40, 0x00, 0x00, 0x00, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef},
        {0x0c, 0x5e, 0x7f, 0x2b, 0x40, 0x07, 0xff, 0xf8, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef},
    };
    CHECK(out.null_count == 0 && memcmp(out.buffers[1], want, sizeof want) == 0, "euid from parts");
    /* The output reads back as the vectors' text. */
    struct ArrowArray text;
    struct ArrowSchema text_schema;
    EXPECT(POLYID_OK, polyid_arrow_euid_encode(&out, &out_schema, true, POLYID_ARROW_RAISE, &text,
                                               &text_schema, &ROW, &E));
    TEXT_IS(&text, 0, "1HF7YAT0007ZG0938NKRKAYDXXB");
    TEXT_IS(&text, 1, "1HF7YAT0000000938NKRKAYDXZT");
    TEXT_IS(&text, 2, "1HF7YAT00ZZZG0938NKRKAYDXXB");
    release_out(&text, &text_schema);
    release_out(&out, &out_schema);
    /* Without the optional columns: no extension, padding 0 (row 1's bytes). */
    EXPECT(POLYID_OK, polyid_arrow_euid_from_parts(&m.array, &m.schema, NULL, NULL, NULL, NULL,
                                                   &r.array, &r.schema, POLYID_ARROW_RAISE, &out,
                                                   &out_schema, &ROW, &E));
    CHECK(memcmp((const uint8_t *)out.buffers[1] + 16, want[1], 16) == 0, "euid without ext");
    release_out(&out, &out_schema);
    /* An optional column given without its schema. */
    EXPECT(POLYID_NULL_POINTER,
           polyid_arrow_euid_from_parts(&m.array, &m.schema, &e.array, NULL, NULL, NULL, &r.array,
                                        &r.schema, POLYID_ARROW_RAISE, &out, &out_schema, &ROW,
                                        &E));
}

/* generators.json: tid-node-is-clock-id-32-plus-node (node 7 at 1700000000000000 us:
 * "3ke6kg3wk223b", "3ke6kg3wk233b", "3ke6kg3wk243b", then "3ke6kg3wk253b"),
 * xid-node-counts-from-zero (node 5: "4h1dcciSDYs", "4h1dcciSDYt", "4h1dcciSDYu"). */
static void test_generate(void) {
    struct ArrowArray out;
    struct ArrowSchema out_schema;
    polyid_generator_options opts;
    polyid_generator_options_init(&opts);
    opts.node = 7;
    opts.has_clock_micros = true;
    opts.clock_micros = INT64_C(1700000000000000);
    polyid_tid_generator *tg = NULL;
    EXPECT(POLYID_OK, polyid_tid_generator_new_with(&opts, -1, &tg, &E));
    EXPECT(POLYID_OK, polyid_arrow_tid_generate(tg, 3, &out, &out_schema, &E));
    FORMAT_IS(&out_schema, "u");
    CHECK(out.length == 3 && out.null_count == 0, "tid generate shape");
    TEXT_IS(&out, 0, "3ke6kg3wk223b");
    TEXT_IS(&out, 1, "3ke6kg3wk233b");
    TEXT_IS(&out, 2, "3ke6kg3wk243b");
    release_out(&out, &out_schema);
    EXPECT(POLYID_OK, polyid_arrow_tid_generate(tg, 1, &out, &out_schema, &E));
    TEXT_IS(&out, 0, "3ke6kg3wk253b");
    release_out(&out, &out_schema);
    polyid_tid_generator_free(tg);

    opts.node = 5;
    polyid_xid_generator *xg = NULL;
    EXPECT(POLYID_OK, polyid_xid_generator_new(&opts, &xg, &E));
    EXPECT(POLYID_OK, polyid_arrow_xid_generate(xg, 3, &out, &out_schema, &E));
    TEXT_IS(&out, 0, "4h1dcciSDYs");
    TEXT_IS(&out, 1, "4h1dcciSDYt");
    TEXT_IS(&out, 2, "4h1dcciSDYu");
    release_out(&out, &out_schema);
    polyid_xid_generator_free(xg);

    /* EUIDs of a seeded generator on a manual clock: every one at that millisecond. */
    opts.node = -1;
    opts.has_seed = true;
    opts.seed = 1;
    polyid_euid_generator *eg = NULL;
    EXPECT(POLYID_OK, polyid_euid_generator_new_with(&opts, false, 0, &eg, &E));
    EXPECT(POLYID_OK, polyid_arrow_euid_generate(eg, 4, &out, &out_schema, &E));
    CHECK(out.length == 4 && out.null_count == 0, "euid generate shape");
    struct ArrowArray ts;
    struct ArrowSchema ts_schema;
    EXPECT(POLYID_OK, polyid_arrow_euid_timestamps(&out, &out_schema, POLYID_PROFILE_POLYID,
                                                   POLYID_ARROW_RAISE, &ts, &ts_schema, &ROW, &E));
    for (int64_t i = 0; i < 4; i++) {
        CHECK(VALUE_AT(int64_t, &ts, i) == INT64_C(1700000000000), "euid %d time", (int)i);
    }
    char prev[64] = "", cur[64];
    for (int64_t i = 0; i < 4; i++) {
        text_at(&out, i, cur, sizeof cur);
        CHECK(strlen(cur) == 27 && strcmp(prev, cur) < 0, "euid %d: %s after %s", (int)i, cur, prev);
        memcpy(prev, cur, sizeof cur);
    }
    release_out(&ts, &ts_schema);
    release_out(&out, &out_schema);
    polyid_euid_generator_free(eg);

    /* The default generators (NULL): increasing IDs of each width; 0 rows; too many. */
    EXPECT(POLYID_OK, polyid_arrow_tid_generate(NULL, 1000, &out, &out_schema, &E));
    CHECK(out.length == 1000, "tid default length");
    int increasing = 1;
    for (int64_t i = 0; i < 1000; i++) {
        text_at(&out, i, cur, sizeof cur);
        if (strlen(cur) != 13 || (i > 0 && strcmp(prev, cur) >= 0)) increasing = 0;
        memcpy(prev, cur, sizeof cur);
    }
    CHECK(increasing, "default TIDs: 13 symbols, strictly increasing");
    release_out(&out, &out_schema);
    EXPECT(POLYID_OK, polyid_arrow_xid_generate(NULL, 0, &out, &out_schema, &E));
    CHECK(out.length == 0, "empty");
    release_out(&out, &out_schema);
    EXPECT(POLYID_OK, polyid_arrow_euid_generate(NULL, 2, &out, &out_schema, &E));
    CHECK(strlen(text_at(&out, 1, cur, sizeof cur)) == 27, "default EUID width");
    release_out(&out, &out_schema);
    EXPECT(POLYID_OUT_OF_RANGE, polyid_arrow_xid_generate(NULL, POLYID_MAX_BATCH + 1, &out,
                                                          &out_schema, &E));
    CHECK(E.detail == POLYID_DETAIL_RANGE && E.max == POLYID_MAX_BATCH, "batch limit");
    CHECK(out.release == NULL && out_schema.release == NULL, "outputs set on failure");
    EXPECT(POLYID_NULL_POINTER, polyid_arrow_tid_generate(NULL, 1, NULL, &out_schema, &E));
}

static void test_dictionary(void) {
    /* int8 keys {1, null, 0, 1} into the utf8 values {"E.AUTH.TOKEN.000", "E.Auth.Token.MISSING"}. */
    static const char *values[] = {"E.AUTH.TOKEN.000", "E.Auth.Token.MISSING"};
    column dict;
    strings(&dict, values, 2);
    static const int8_t keys[4] = {1, 0, 0, 1};
    static const uint8_t key_validity[1] = {0x0d}; /* rows 0, 2, 3 */
    column in;
    fixed(&in, "c", keys, sizeof keys, 4);
    in.buffers[0] = key_validity;
    in.array.null_count = 1;
    in.schema.dictionary = &dict.schema;
    in.array.dictionary = &dict.array;
    struct ArrowArray out;
    struct ArrowSchema out_schema;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids(&in.array, &in.schema, NULL, POLYID_PROFILE_POLYID,
                                               POLYID_ARROW_NULL, &out, &out_schema, &ROW, &E));
    TEXT_IS(out.children[0], 0, "V6a0B");
    TEXT_IS(out.children[0], 1, "<null>");
    TEXT_IS(out.children[1], 2, "INVALID_SEQUENCE");
    TEXT_IS(out.children[0], 3, "V6a0B");
    release_out(&out, &out_schema);
    /* Raise: each value is computed once, and the error is the first row whose value fails:
     * row 2, not the null row 1 whose key points at the same value. */
    raise_fails_at_row_2(&in);
    /* A value no row uses fails nothing. */
    static const int8_t valid_keys[4] = {1, 1, 1, 1};
    column used;
    fixed(&used, "c", valid_keys, sizeof valid_keys, 4);
    used.schema.dictionary = &dict.schema;
    used.array.dictionary = &dict.array;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids(&used.array, &used.schema, NULL,
                                               POLYID_PROFILE_POLYID, POLYID_ARROW_RAISE, &out,
                                               &out_schema, &ROW, &E));
    FORMAT_IS(&out_schema, "u");
    TEXT_IS(&out, 3, "V6a0B");
    release_out(&out, &out_schema);
    CHECK(dict.array.release != NULL && in.array.release != NULL, "input released by polyid");
}

/* ---- a stream built by hand: chunks of a column, handed out one by one ---- */

typedef struct {
    column chunks[3];
    int n, next;
    int fail_at;          /* get_next fails with EIO at this chunk (-1: never) */
    const char *format;   /* the stream's type */
    int chunk_releases;   /* chunks handed out and released by the consumer */
    int stream_releases;
} producer;

static void release_static_schema(struct ArrowSchema *s) { s->release = NULL; }

static producer *producer_of(struct ArrowArrayStream *s) { return s->private_data; }

static int producer_get_schema(struct ArrowArrayStream *s, struct ArrowSchema *out) {
    memset(out, 0, sizeof *out);
    out->format = producer_of(s)->format;
    out->name = "";
    out->flags = ARROW_FLAG_NULLABLE;
    out->release = release_static_schema;
    return 0;
}

/* A chunk's private_data is its producer (the stream struct itself moves to the consumer). */
static void producer_chunk_release(struct ArrowArray *a) {
    ((producer *)a->private_data)->chunk_releases++;
    a->release = NULL;
}

static int producer_get_next(struct ArrowArrayStream *s, struct ArrowArray *out) {
    producer *p = producer_of(s);
    if (p->next == p->fail_at) return EIO;
    if (p->next == p->n) {
        memset(out, 0, sizeof *out); /* released: the end */
        return 0;
    }
    *out = p->chunks[p->next++].array;
    out->release = producer_chunk_release;
    out->private_data = p;
    return 0;
}

static const char *producer_last_error(struct ArrowArrayStream *s) {
    (void)s;
    return "the disk is gone";
}

static void producer_release(struct ArrowArrayStream *s) {
    producer_of(s)->stream_releases++;
    s->release = NULL;
}

static void producer_init(producer *p, struct ArrowArrayStream *s, const char *format) {
    p->n = p->next = 0;
    p->fail_at = -1;
    p->format = format;
    p->chunk_releases = p->stream_releases = 0;
    memset(s, 0, sizeof *s);
    s->get_schema = producer_get_schema;
    s->get_next = producer_get_next;
    s->get_last_error = producer_last_error;
    s->release = producer_release;
    s->private_data = p;
}

static void test_stream(void) {
    static producer p; /* static: its chunks hold 3 columns of buffers */
    struct ArrowArrayStream in, out;
    struct ArrowSchema schema;
    struct ArrowArray chunk;

    /* Two chunks: ids of both, in order, then the end; the input goes with the output. */
    producer_init(&p, &in, "u");
    static const char *c0[] = {"E.Auth.Token.MISSING", NULL};
    static const char *c1[] = {"E.Auth.Token.001", "W.DATABASE.CONNECTION.027"};
    strings(&p.chunks[0], c0, 2);
    strings(&p.chunks[1], c1, 2);
    p.n = 2;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids_stream(&in, NULL, NULL, POLYID_PROFILE_POLYID,
                                                      POLYID_ARROW_RAISE, &out, &E));
    CHECK(in.release == NULL, "input stream not taken over");
    CHECK(out.get_schema(&out, &schema) == 0, "get_schema");
    FORMAT_IS(&schema, "u");
    schema.release(&schema);
    CHECK(p.next == 0, "the call read a chunk");
    CHECK(out.get_next(&out, &chunk) == 0 && chunk.release != NULL, "chunk 0");
    CHECK(chunk.length == 2, "chunk 0 length");
    TEXT_IS(&chunk, 0, "V6a0B");
    TEXT_IS(&chunk, 1, "<null>");
    struct ArrowArray kept = chunk; /* kept past the stream's release */
    CHECK(out.get_next(&out, &chunk) == 0 && chunk.release != NULL, "chunk 1");
    TEXT_IS(&chunk, 0, "V6a0B");
    TEXT_IS(&chunk, 1, "KF52S"); /* wdp.json spec-w-database-connection-027 */
    chunk.release(&chunk);
    CHECK(out.get_next(&out, &chunk) == 0 && chunk.release == NULL, "end of stream");
    CHECK(p.chunk_releases == 2, "input chunks released %d", p.chunk_releases);
    int64_t row = 42;
    EXPECT(POLYID_OK, polyid_arrow_stream_error(&out, &E, &row));
    CHECK(row == POLYID_ARROW_NO_ROW, "row %" PRId64 " of a stream that did not fail", row);
    out.release(&out);
    CHECK(out.release == NULL && p.stream_releases == 1, "input stream released with the output");
    TEXT_IS(&kept, 0, "V6a0B");
    kept.release(&kept);

    /* A bad row in chunk 1: get_next fails with EINVAL, the row counted from the start. */
    producer_init(&p, &in, "u");
    static const char *d0[] = {"E.Auth.Token.001", "E.A.B.001"};
    static const char *d1[] = {"W.DATABASE.CONNECTION.027", "E.AUTH.TOKEN.000"};
    strings(&p.chunks[0], d0, 2);
    strings(&p.chunks[1], d1, 2);
    p.n = 2;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids_stream(&in, NULL, NULL, POLYID_PROFILE_POLYID,
                                                      POLYID_ARROW_RAISE, &out, &E));
    CHECK(out.get_next(&out, &chunk) == 0 && chunk.release != NULL, "chunk 0");
    TEXT_IS(&chunk, 1, "l3i4I"); /* wdp.json: E.A.B.001 */
    chunk.release(&chunk);
    CHECK(out.get_next(&out, &chunk) == EINVAL && chunk.release == NULL, "bad chunk");
    const char *msg = out.get_last_error(&out);
    CHECK(msg && strncmp(msg, "row 3 (\"E.AUTH.TOKEN.000\"): ", 27) == 0, "%s", msg ? msg : "NULL");
    EXPECT(POLYID_INVALID_SEQUENCE, polyid_arrow_stream_error(&out, &E, &row));
    CHECK(row == 3 && strncmp(E.message, "row 3 (", 7) == 0, "row %" PRId64 ": %s", row, E.message);
    CHECK(out.get_next(&out, &chunk) == EINVAL, "a failed stream stays failed");
    out.release(&out);
    CHECK(p.stream_releases == 1 && p.chunk_releases == 2, "releases %d %d", p.stream_releases,
          p.chunk_releases);

    /* Null mode: one struct chunk per input chunk. */
    producer_init(&p, &in, "u");
    strings(&p.chunks[0], d1, 2);
    p.n = 1;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids_stream(&in, NULL, NULL, POLYID_PROFILE_POLYID,
                                                      POLYID_ARROW_NULL, &out, &E));
    CHECK(out.get_schema(&out, &schema) == 0, "get_schema");
    FORMAT_IS(&schema, "+s");
    schema.release(&schema);
    CHECK(out.get_next(&out, &chunk) == 0, "null chunk");
    TEXT_IS(chunk.children[0], 0, "KF52S");
    TEXT_IS(chunk.children[1], 1, "INVALID_SEQUENCE");
    chunk.release(&chunk);
    out.release(&out);

    /* The input's own failure: its code and message, passed on. */
    producer_init(&p, &in, "u");
    p.fail_at = 0;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids_stream(&in, NULL, NULL, POLYID_PROFILE_POLYID,
                                                      POLYID_ARROW_RAISE, &out, &E));
    CHECK(out.get_next(&out, &chunk) == EIO, "input failure code");
    msg = out.get_last_error(&out);
    CHECK(msg && strstr(msg, "the disk is gone") != NULL, "%s", msg ? msg : "NULL");
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_arrow_stream_error(&out, &E, &row));
    CHECK(row == POLYID_ARROW_NO_ROW, "row %" PRId64, row);
    out.release(&out);

    /* A stream of another type: the call fails and the input stays the caller's. */
    producer_init(&p, &in, "l");
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_arrow_compact_ids_stream(&in, NULL, NULL,
                                                                    POLYID_PROFILE_POLYID,
                                                                    POLYID_ARROW_RAISE, &out, &E));
    CHECK(in.release != NULL && out.release == NULL, "ownership after a failed call");
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_arrow_compact_ids_stream(&in, NULL, NULL,
                                                                    POLYID_PROFILE_POLYID, 9,
                                                                    &out, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_arrow_stream_error(&in, &E, &row)); /* not polyid's */
    in.release(&in);
    CHECK(p.stream_releases == 1, "caller's release");
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_arrow_compact_ids_stream(&in, NULL, NULL,
                                                                    POLYID_PROFILE_POLYID,
                                                                    POLYID_ARROW_RAISE, &out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_arrow_compact_ids_stream(NULL, NULL, NULL, POLYID_PROFILE_POLYID,
                                                                POLYID_ARROW_RAISE, &out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_arrow_stream_error(NULL, &E, &row));
}

/* ---- a stream of record batches {id: int64, code: utf8}, as a result stream carries them ---- */

typedef struct {
    column ids[2], codes[2];          /* the children of each batch */
    struct ArrowArray batch[2];
    struct ArrowArray *children[2][2];
    const void *no_validity[1];       /* a batch's one buffer: no validity bitmap */
    int n, next, releases;
} batches;

static void noop_child_release(struct ArrowArray *a) { a->release = NULL; }
static void noop_child_schema_release(struct ArrowSchema *s) { s->release = NULL; }

static int batches_get_schema(struct ArrowArrayStream *s, struct ArrowSchema *out) {
    (void)s;
    static struct ArrowSchema id_field, code_field;
    static struct ArrowSchema *fields[2];
    memset(&id_field, 0, sizeof id_field);
    id_field.format = "l";
    id_field.name = "id";
    id_field.release = noop_child_schema_release;
    code_field = id_field;
    code_field.format = "u";
    code_field.name = "code";
    code_field.flags = ARROW_FLAG_NULLABLE;
    fields[0] = &id_field;
    fields[1] = &code_field;
    memset(out, 0, sizeof *out);
    out->format = "+s";
    out->name = "";
    out->n_children = 2;
    out->children = fields;
    out->release = release_static_schema;
    return 0;
}

static void batch_release(struct ArrowArray *a) {
    ((batches *)a->private_data)->releases++;
    a->release = NULL;
}

static int batches_get_next(struct ArrowArrayStream *s, struct ArrowArray *out) {
    batches *b = s->private_data;
    if (b->next == b->n) {
        memset(out, 0, sizeof *out);
        return 0;
    }
    *out = b->batch[b->next++];
    return 0;
}

static void batches_release(struct ArrowArrayStream *s) { s->release = NULL; }

/* Batch k: ids and codes of `rows` rows. */
static void batch_init(batches *b, int k, const int64_t *ids, const char *const *codes,
                       int64_t rows) {
    fixed(&b->ids[k], "l", ids, (size_t)rows * sizeof *ids, rows);
    strings(&b->codes[k], codes, rows);
    b->ids[k].array.release = noop_child_release;
    b->codes[k].array.release = noop_child_release;
    b->children[k][0] = &b->ids[k].array;
    b->children[k][1] = &b->codes[k].array;
    struct ArrowArray *a = &b->batch[k];
    memset(a, 0, sizeof *a);
    a->length = rows;
    a->n_buffers = 1;
    b->no_validity[0] = NULL;
    a->buffers = b->no_validity;
    a->n_children = 2;
    a->children = b->children[k];
    a->release = batch_release;
    a->private_data = b;
}

static const int64_t IDS0[] = {1, 2}, IDS1[] = {3, 4};
static const char *CODES0[] = {"E.Auth.Token.MISSING", NULL};
static const char *CODES1[] = {"W.DATABASE.CONNECTION.027", "E.AUTH.TOKEN.000"};

/* A fresh stream of two batches in `in`. */
static void batches_init(batches *b, struct ArrowArrayStream *in) {
    memset(b, 0, sizeof *b);
    batch_init(b, 0, IDS0, CODES0, 2);
    batch_init(b, 1, IDS1, CODES1, 2);
    b->n = 2;
    memset(in, 0, sizeof *in);
    in->get_schema = batches_get_schema;
    in->get_next = batches_get_next;
    in->release = batches_release;
    in->private_data = b;
}

static void test_record_batch_stream(void) {
    static batches b;
    struct ArrowArrayStream in, out;
    struct ArrowSchema schema;
    struct ArrowArray chunk;
    batches_init(&b, &in);

    /* A column that is not there, or a name for a stream of columns: the call fails. */
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_arrow_compact_ids_stream(
        &in, "message", NULL, POLYID_PROFILE_POLYID, POLYID_ARROW_RAISE, &out, &E));
    CHECK(strstr(E.message, "message") != NULL && in.release != NULL, "%s", E.message);
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_arrow_compact_ids_stream(
        &in, NULL, NULL, POLYID_PROFILE_POLYID, POLYID_ARROW_RAISE, &out, &E));

    /* The "code" column of each batch, in null mode: one output chunk per batch. */
    EXPECT(POLYID_OK, polyid_arrow_compact_ids_stream(&in, "code", NULL, POLYID_PROFILE_POLYID,
                                                      POLYID_ARROW_NULL, &out, &E));
    CHECK(in.release == NULL, "input stream not taken over");
    CHECK(out.get_schema(&out, &schema) == 0, "get_schema");
    FORMAT_IS(&schema, "+s");
    schema.release(&schema);
    CHECK(out.get_next(&out, &chunk) == 0 && chunk.length == 2, "batch 0");
    TEXT_IS(chunk.children[0], 0, "V6a0B"); /* docs/spec §1.2 */
    TEXT_IS(chunk.children[0], 1, "<null>");
    chunk.release(&chunk);
    CHECK(out.get_next(&out, &chunk) == 0 && chunk.length == 2, "batch 1");
    TEXT_IS(chunk.children[0], 0, "KF52S"); /* wdp.json spec-w-database-connection-027 */
    TEXT_IS(chunk.children[1], 1, "INVALID_SEQUENCE");
    chunk.release(&chunk);
    CHECK(out.get_next(&out, &chunk) == 0 && chunk.release == NULL, "end of stream");
    out.release(&out);
    CHECK(b.releases == 2, "batches released %d", b.releases);

    /* Raise: the failing row counted over the batches. */
    batches_init(&b, &in);
    int64_t row = -7;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids_stream(&in, "code", NULL, POLYID_PROFILE_POLYID,
                                                      POLYID_ARROW_RAISE, &out, &E));
    CHECK(out.get_next(&out, &chunk) == 0, "batch 0");
    chunk.release(&chunk);
    CHECK(out.get_next(&out, &chunk) == EINVAL, "batch 1 fails");
    EXPECT(POLYID_INVALID_SEQUENCE, polyid_arrow_stream_error(&out, &E, &row));
    CHECK(row == 3, "row %" PRId64, row);
    out.release(&out);
}

static void test_bad_arguments(void) {
    static const char *codes[] = {"E.Auth.Token.001", "E.Auth.Token.MISSING"};
    column in;
    strings(&in, codes, 2);
    struct ArrowArray out;
    struct ArrowSchema out_schema;
#define COMPACT(a, s, p, m, o, os) \
    polyid_arrow_compact_ids((a), (s), NULL, (p), (m), (o), (os), &ROW, &E)
    EXPECT(POLYID_NULL_POINTER, COMPACT(NULL, &in.schema, 0, 0, &out, &out_schema));
    EXPECT(POLYID_NULL_POINTER, COMPACT(&in.array, NULL, 0, 0, &out, &out_schema));
    EXPECT(POLYID_NULL_POINTER, COMPACT(&in.array, &in.schema, 0, 0, NULL, &out_schema));
    EXPECT(POLYID_NULL_POINTER, COMPACT(&in.array, &in.schema, 0, 0, &out, NULL));
    CHECK(out.release == NULL, "out set on failure");
    EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&in.array, &in.schema, 0, 7, &out, &out_schema));
    EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&in.array, &in.schema, 99, 0, &out, &out_schema));
    CHECK(ROW == POLYID_ARROW_NO_ROW, "error_row %" PRId64, ROW);
    EXPECT(POLYID_INVALID_NAMESPACE, polyid_arrow_full_ids("Not A Namespace!", &in.array,
                                                          &in.schema, NULL, 0, 0, &out,
                                                          &out_schema, &ROW, &E));
    CHECK(ROW == POLYID_ARROW_NO_ROW, "a bad namespace is no row's: %" PRId64, ROW);
    EXPECT(POLYID_NULL_POINTER, polyid_arrow_full_ids(NULL, &in.array, &in.schema, NULL, 0, 0,
                                                      &out, &out_schema, &ROW, &E));
    /* A profile that does not define the family is the call's argument, in both modes: no
     * row is blamed, nothing is written. */
    for (int mode = POLYID_ARROW_RAISE; mode <= POLYID_ARROW_NULL; mode++) {
        EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&in.array, &in.schema, POLYID_PROFILE_ATPROTO,
                                                mode, &out, &out_schema));
        CHECK(ROW == POLYID_ARROW_NO_ROW && out.release == NULL, "row %" PRId64, ROW);
        CHECK(strstr(E.message, "does not define WDP codes") != NULL, "%s", E.message);
    }

    /* A column of another type. */
    int64_t values[2] = {1, 2};
    column ints;
    fixed(&ints, "l", values, sizeof values, 2);
    EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&ints.array, &ints.schema, 0, 0, &out, &out_schema));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_arrow_uid11_decode(&ints.array, &ints.schema, 0, &out,
                                                              &out_schema, &ROW, &E));
    column bin;
    fixed(&bin, "w:16", values, sizeof values, 1);
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_arrow_tid_timestamps(&bin.array, &bin.schema, 0, 0,
                                                                &out, &out_schema, &ROW, &E));
    /* TID values have no reading to choose, yet a profile without TIDs is still refused. */
    for (int mode = POLYID_ARROW_RAISE; mode <= POLYID_ARROW_NULL; mode++) {
        EXPECT(POLYID_INVALID_ARGUMENT,
               polyid_arrow_tid_timestamps(&ints.array, &ints.schema, POLYID_PROFILE_WADDLING,
                                           mode, &out, &out_schema, &ROW, &E));
        CHECK(ROW == POLYID_ARROW_NO_ROW && out.release == NULL, "row %" PRId64, ROW);
        CHECK(strstr(E.message, "does not define TIDs") != NULL, "%s", E.message);
    }
    /* A schema whose format is not Arrow's. */
    in.schema.format = "?!";
    EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&in.array, &in.schema, 0, 0, &out, &out_schema));
    in.schema.format = "u";
    /* Malformed arrays (the buffers themselves stay in bounds: the C Data Interface gives
     * no buffer sizes, so a last offset past the data cannot be seen): decreasing offsets,
     * a negative first offset, invalid UTF-8, too few buffers. */
    int32_t saved = in.offsets[1];
    in.offsets[1] = in.offsets[2] + 1;
    EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&in.array, &in.schema, 0, 0, &out, &out_schema));
    in.offsets[1] = saved;
    in.offsets[0] = -1;
    EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&in.array, &in.schema, 0, 0, &out, &out_schema));
    in.offsets[0] = 0;
    in.data[3] = (char)0xff;
    EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&in.array, &in.schema, 0, 0, &out, &out_schema));
    in.data[3] = 'u';
    in.array.n_buffers = 2;
    EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&in.array, &in.schema, 0, 0, &out, &out_schema));
    in.array.n_buffers = 3;
    /* Released inputs. */
    in.array.release = NULL;
    EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&in.array, &in.schema, 0, 0, &out, &out_schema));
    in.array.release = count_release_array;
    in.schema.release = NULL;
    EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&in.array, &in.schema, 0, 0, &out, &out_schema));
    in.schema.release = count_release;
    CHECK(out.release == NULL && out_schema.release == NULL, "outputs set on failure");
    /* After all of that the input still works, and error_row may be NULL. */
    EXPECT(POLYID_OK, polyid_arrow_compact_ids(&in.array, &in.schema, NULL, 0, 0, &out,
                                               &out_schema, NULL, &E));
    TEXT_IS(&out, 1, "V6a0B");
    release_out(&out, &out_schema);
#undef COMPACT
}

/* ---- malformed structs: refused with INVALID_ARGUMENT and the path of the field ---- */

/* The call fails with POLYID_INVALID_ARGUMENT (never POLYID_INTERNAL_ERROR) and a message
 * that contains `fragment`; the outputs are left released. */
#define REFUSED(call, fragment)                                                      \
    do {                                                                             \
        EXPECT(POLYID_INVALID_ARGUMENT, call);                                       \
        CHECK(strstr(E.message, (fragment)) != NULL, "message \"%s\" lacks \"%s\"",  \
              E.message, (fragment));                                                \
    } while (0)

#define COMPACT_INTO(a, s) \
    polyid_arrow_compact_ids((a), (s), NULL, 0, POLYID_ARROW_RAISE, &out, &out_schema, &ROW, &E)

/* A struct column {code: utf8} over a string column (its one child). */
typedef struct {
    struct ArrowSchema schema;
    struct ArrowArray array;
    struct ArrowSchema *schema_children[1];
    struct ArrowArray *array_children[1];
    const void *buffers[1];
    column code;
} record;

static void record_init(record *r, const char *const *codes, int64_t n) {
    memset(r, 0, sizeof *r);
    strings(&r->code, codes, n);
    r->code.schema.name = "code";
    r->schema.format = "+s";
    r->schema.name = "";
    r->schema.n_children = 1;
    r->schema_children[0] = &r->code.schema;
    r->schema.children = r->schema_children;
    r->schema.release = count_release;
    r->buffers[0] = NULL;
    r->array.length = n;
    r->array.n_buffers = 1;
    r->array.buffers = r->buffers;
    r->array.n_children = 1;
    r->array_children[0] = &r->code.array;
    r->array.children = r->array_children;
    r->array.release = count_release_array;
}

/* A chain of list types ("+l") DEEP levels deep above a utf8 one. */
#define DEEP 70
static struct ArrowSchema deep[DEEP + 1];
static struct ArrowSchema *deep_children[DEEP];

static void test_malformed_structs(void) {
    static const char *codes[] = {"E.Auth.Token.MISSING", NULL};
    column in;
    struct ArrowArray out;
    struct ArrowSchema out_schema;

    /* The schema: NULL, unknown, over-long or non-UTF-8 format; children as the format
     * says; a dictionary of an integer index type; nothing released. */
    strings(&in, codes, 2);
    in.schema.format = NULL;
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "input: schema.format is NULL");
    CHECK(out.release == NULL && out_schema.release == NULL, "outputs set on failure");
    CHECK(ROW == POLYID_ARROW_NO_ROW, "error_row %" PRId64, ROW);
    in.schema.format = "w:-1"; /* a negative width: arrow-rs would panic on its layout */
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "schema.format \"w:-1\" is not an Arrow format");
    static char long_format[200];
    memset(long_format, 'x', sizeof long_format - 1);
    in.schema.format = long_format; /* quoted, but only its first 32 bytes */
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"...");
    CHECK(strlen(E.message) < 100, "a long format echoed: %s", E.message);
    in.schema.format = "\xff";
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "schema.format is not UTF-8");
    in.schema.format = "u";
    in.schema.name = "\xc3(";
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "schema.name is not UTF-8");
    in.schema.name = "";
    static const char bad_metadata[4] = {(char)0xff, (char)0xff, (char)0xff, (char)0xff};
    in.schema.metadata = bad_metadata; /* -1 entries */
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "schema.metadata has a negative number");
    in.schema.metadata = NULL;
    in.schema.n_children = 1; /* a utf8 type has no children */
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "format \"u\" takes 0 children, found n_children = 1");
    in.schema.n_children = 0;

    record r;
    record_init(&r, codes, 2);
    r.schema.children = NULL;
    REFUSED(COMPACT_INTO(&r.array, &r.schema), "schema.children is NULL (n_children = 1)");
    r.schema.children = r.schema_children;
    r.schema_children[0] = NULL;
    REFUSED(COMPACT_INTO(&r.array, &r.schema), "schema.children[0] is NULL");
    r.schema_children[0] = &r.code.schema;
    r.code.schema.release = NULL;
    REFUSED(COMPACT_INTO(&r.array, &r.schema), "schema.children[0] is released");
    r.code.schema.release = count_release;
    r.code.schema.format = NULL;
    REFUSED(COMPACT_INTO(&r.array, &r.schema), "schema.children[0].format is NULL");
    r.code.schema.format = "u";
    r.schema.format = "+l"; /* a list has exactly one child: arrow-rs would panic on none */
    r.schema.n_children = 0;
    REFUSED(COMPACT_INTO(&r.array, &r.schema), "format \"+l\" takes 1 child, found n_children = 0");
    r.schema.format = "+s";
    r.schema.n_children = -3;
    REFUSED(COMPACT_INTO(&r.array, &r.schema), "found n_children = -3");
    r.schema.n_children = 1;

    /* The array against its type: buffers, children, counts. */
    r.array.children = NULL;
    REFUSED(COMPACT_INTO(&r.array, &r.schema), "input: array.children is NULL (n_children = 1)");
    r.array.children = r.array_children;
    r.array_children[0] = NULL;
    REFUSED(COMPACT_INTO(&r.array, &r.schema), "array.children[0] is NULL");
    r.array_children[0] = &r.code.array;
    r.code.array.release = NULL;
    REFUSED(COMPACT_INTO(&r.array, &r.schema), "array.children[0] is released");
    r.code.array.release = count_release_array;
    r.array.n_children = 2;
    REFUSED(COMPACT_INTO(&r.array, &r.schema), "has 1 child, found n_children = 2");
    r.array.n_children = 1;
    r.code.array.buffers = NULL;
    REFUSED(COMPACT_INTO(&r.array, &r.schema), "array.children[0].buffers is NULL (n_buffers = 3)");
    r.code.array.buffers = r.code.buffers;
    /* The struct itself is read (the kernel refuses its type): the structs were sound. */
    REFUSED(COMPACT_INTO(&r.array, &r.schema), "expected");

    strings(&in, codes, 2);
    in.array.buffers = NULL;
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "array.buffers is NULL (n_buffers = 3)");
    in.array.buffers = in.buffers;
    in.buffers[1] = NULL; /* the offsets */
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "array.buffers[1] is NULL");
    in.buffers[1] = in.offsets;
    in.array.n_buffers = 2;
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "an array of type Utf8 has 3 buffers, found n_buffers = 2");
    in.array.n_buffers = 4;
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "an array of type Utf8 has 3 buffers, found n_buffers = 4");
    in.array.n_buffers = 3;
    in.buffers[0] = NULL; /* no validity buffer, yet one null */
    REFUSED(COMPACT_INTO(&in.array, &in.schema),
            "array.buffers[0] (validity) is NULL, but null_count is 1");
    in.buffers[0] = in.validity;
    in.array.null_count = 3; /* above the length */
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "array.null_count is 3: it must be -1");
    in.array.null_count = -2;
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "array.null_count is -2: it must be -1");
    in.array.null_count = -1; /* not computed: allowed, and counted from the bitmap */
    EXPECT(POLYID_OK, COMPACT_INTO(&in.array, &in.schema));
    CHECK(out.null_count == 1, "null_count %" PRId64, out.null_count);
    release_out(&out, &out_schema);
    in.array.null_count = 1;
    in.array.length = -1;
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "array.length is negative (-1)");
    in.array.length = 2;
    in.array.offset = -1;
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "array.offset is negative (-1)");
    in.array.offset = INT64_MAX;
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "offset + length overflows");
    in.array.offset = 0;
    in.array.length = INT64_C(1) << 62; /* its offsets would take 4 * (2^62 + 1) bytes */
    REFUSED(COMPACT_INTO(&in.array, &in.schema), "is too large for an array of type Utf8");
    in.array.length = 2;

    /* An integer column without validity buffer (fixed() gives none) and a null. */
    int64_t tids[2] = {1, 2};
    column ints;
    fixed(&ints, "l", tids, sizeof tids, 2);
    ints.array.null_count = 1;
    REFUSED(polyid_arrow_tid_encode(&ints.array, &ints.schema, false, 0, &out, &out_schema, &ROW, &E),
            "array.buffers[0] (validity) is NULL, but null_count is 1");
    ints.array.null_count = 0;
    ints.buffers[1] = NULL;
    REFUSED(polyid_arrow_tid_encode(&ints.array, &ints.schema, false, 0, &out, &out_schema, &ROW, &E),
            "array.buffers[1] is NULL");

    /* Dictionaries: present iff the schema has one, not released, an integer index. */
    static const char *values[] = {"E.AUTH.TOKEN.000", "E.Auth.Token.MISSING"};
    column dict, keys;
    strings(&dict, values, 2);
    static const int8_t key_values[2] = {1, 0};
    fixed(&keys, "c", key_values, sizeof key_values, 2);
    keys.schema.dictionary = &dict.schema;
    keys.array.dictionary = &dict.array;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids(&keys.array, &keys.schema, NULL, 0,
                                               POLYID_ARROW_NULL, &out, &out_schema, &ROW, &E));
    release_out(&out, &out_schema);
    dict.array.release = NULL;
    REFUSED(COMPACT_INTO(&keys.array, &keys.schema), "array.dictionary is released");
    dict.array.release = count_release_array;
    dict.schema.release = NULL;
    REFUSED(COMPACT_INTO(&keys.array, &keys.schema), "schema.dictionary is released");
    dict.schema.release = count_release;
    keys.array.dictionary = NULL;
    REFUSED(COMPACT_INTO(&keys.array, &keys.schema), "array.dictionary is NULL");
    keys.array.dictionary = &dict.array;
    dict.array.buffers = NULL;
    REFUSED(COMPACT_INTO(&keys.array, &keys.schema), "array.dictionary.buffers is NULL");
    dict.array.buffers = dict.buffers;
    keys.schema.format = "u";
    REFUSED(COMPACT_INTO(&keys.array, &keys.schema), "a dictionary's index type must be an integer");
    keys.schema.format = "c";
    keys.schema.dictionary = NULL;
    REFUSED(COMPACT_INTO(&keys.array, &keys.schema), "array.dictionary is set");

    /* Hostile nesting: a chain deeper than the limit, and a schema that is its own child. */
    for (int i = 0; i <= DEEP; i++) {
        memset(&deep[i], 0, sizeof deep[i]);
        deep[i].format = i < DEEP ? "+l" : "u";
        deep[i].name = "";
        deep[i].release = count_release;
        if (i < DEEP) {
            deep_children[i] = &deep[i + 1];
            deep[i].n_children = 1;
            deep[i].children = &deep_children[i];
        }
    }
    REFUSED(COMPACT_INTO(&in.array, &deep[0]), "types nest deeper than 64 levels");
    CHECK(strstr(E.message, "(...59 levels...).children[0]") != NULL, "a deep path written in full: %s", E.message);
    deep_children[0] = &deep[0];
    REFUSED(COMPACT_INTO(&in.array, &deep[0]), "types nest deeper than 64 levels");
    CHECK(input_releases == 0, "polyid released an input %d times", input_releases);
}

/* The outputs' release callbacks may be called twice: the second call does nothing. */
static void test_release_twice(void) {
    static const char *codes[] = {"E.Auth.Token.MISSING", "bad"};
    column in;
    strings(&in, codes, 2);
    struct ArrowArray out;
    struct ArrowSchema out_schema;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids(&in.array, &in.schema, NULL, 0, POLYID_ARROW_NULL,
                                               &out, &out_schema, &ROW, &E));
    /* A child released twice in place, then the parent (which skips it). */
    struct ArrowArray *value = out.children[0];
    void (*child_release)(struct ArrowArray *) = value->release;
    child_release(value);
    child_release(value);
    CHECK(value->release == NULL, "child not released");
    struct ArrowSchema *field = out_schema.children[1];
    void (*field_release)(struct ArrowSchema *) = field->release;
    field_release(field);
    field_release(field);
    CHECK(field->release == NULL, "schema child not released");
    void (*array_release)(struct ArrowArray *) = out.release;
    void (*schema_release)(struct ArrowSchema *) = out_schema.release;
    array_release(&out);
    array_release(&out);
    schema_release(&out_schema);
    schema_release(&out_schema);
    CHECK(out.release == NULL && out_schema.release == NULL, "outputs not released");
    array_release(NULL); /* NULL: nothing */
    schema_release(NULL);

    /* A stream's schema and chunks alike; and the stream itself. */
    static producer p;
    struct ArrowArrayStream s, o;
    producer_init(&p, &s, "u");
    strings(&p.chunks[0], codes, 1);
    p.n = 1;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids_stream(&s, NULL, NULL, 0, POLYID_ARROW_RAISE, &o, &E));
    struct ArrowSchema schema;
    struct ArrowArray chunk;
    CHECK(o.get_schema(&o, &schema) == 0, "get_schema");
    schema_release = schema.release;
    schema_release(&schema);
    schema_release(&schema);
    CHECK(o.get_next(&o, &chunk) == 0 && chunk.release != NULL, "chunk");
    TEXT_IS(&chunk, 0, "V6a0B");
    array_release = chunk.release;
    array_release(&chunk);
    array_release(&chunk);
    CHECK(chunk.release == NULL, "chunk not released");
    int (*get_next)(struct ArrowArrayStream *, struct ArrowArray *) = o.get_next;
    void (*stream_release)(struct ArrowArrayStream *) = o.release;
    stream_release(&o);
    stream_release(&o);
    CHECK(o.release == NULL && p.stream_releases == 1, "stream releases %d", p.stream_releases);
    /* A callback kept past the release fails instead of reading freed memory. */
    CHECK(get_next(&o, &chunk) == EINVAL, "get_next after release");
}

/* A stream's schema and chunks get the same checks. */
static void test_malformed_stream(void) {
    static producer p;
    static const char *codes[] = {"E.Auth.Token.MISSING", NULL};
    struct ArrowArrayStream in, out;
    struct ArrowArray chunk;
    producer_init(&p, &in, NULL); /* get_schema gives a NULL format */
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_arrow_compact_ids_stream(&in, NULL, NULL, 0,
                                                                    POLYID_ARROW_RAISE, &out, &E));
    CHECK(strstr(E.message, "input: schema.format is NULL") != NULL, "%s", E.message);
    CHECK(in.release != NULL && out.release == NULL, "ownership after a failed call");
    in.release(&in);

    producer_init(&p, &in, "u");
    strings(&p.chunks[0], codes, 2);
    strings(&p.chunks[1], codes, 2);
    p.chunks[1].array.buffers = NULL;
    p.n = 2;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids_stream(&in, NULL, NULL, 0, POLYID_ARROW_RAISE, &out, &E));
    CHECK(out.get_next(&out, &chunk) == 0 && chunk.release != NULL, "chunk 0");
    chunk.release(&chunk);
    CHECK(out.get_next(&out, &chunk) == EINVAL && chunk.release == NULL, "malformed chunk");
    const char *msg = out.get_last_error(&out);
    CHECK(msg && strstr(msg, "input: array.buffers is NULL (n_buffers = 3)") != NULL, "%s",
          msg ? msg : "NULL");
    int64_t row = 42;
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_arrow_stream_error(&out, &E, &row));
    CHECK(row == POLYID_ARROW_NO_ROW, "row %" PRId64, row);
    out.release(&out);
    CHECK(p.chunk_releases == 2 && p.stream_releases == 1, "releases %d %d", p.chunk_releases,
          p.stream_releases);

    /* A chunk whose null_count the interface forbids. */
    producer_init(&p, &in, "u");
    strings(&p.chunks[0], codes, 2);
    p.chunks[0].array.null_count = 7;
    p.n = 1;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids_stream(&in, NULL, NULL, 0, POLYID_ARROW_RAISE, &out, &E));
    CHECK(out.get_next(&out, &chunk) == EINVAL, "null_count above the length");
    msg = out.get_last_error(&out);
    CHECK(msg && strstr(msg, "array.null_count is 7") != NULL, "%s", msg ? msg : "NULL");
    out.release(&out);
}

int main(void) {
    const char *linkage = getenv("POLYID_TEST_LINKAGE");
    test_compact_ids();
    test_error_modes();
    test_wdp();
    test_catalog_lookup();
    test_tid_xid_euid();
    test_tid_fields();
    test_xid_uid11();
    test_euid_fields();
    test_generate();
    test_dictionary();
    test_stream();
    test_record_batch_stream();
    test_bad_arguments();
    test_malformed_structs();
    test_release_twice();
    test_malformed_stream();
    CHECK(input_releases == 0, "polyid released an input %d times", input_releases);
    printf("arrow (%s): %d passed, %d failed\n", linkage ? linkage : "?", passed, failed);
    return failed ? 1 : 0;
}
