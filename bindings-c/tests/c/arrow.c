/*
 * The Arrow C Data Interface functions of libpolyid (polyid_arrow_*), on arrays built by
 * hand here: string, int64, uint64 and fixed_size_binary(16) columns with nulls and
 * offsets, the {value, error} struct of POLYID_ARROW_NULL, the first bad row of
 * POLYID_ARROW_RAISE, bad arguments and malformed arrays, and the ownership rules (the
 * input is never released by polyid; the outputs are the caller's to release).
 *
 * A dictionary-encoded column (int8 keys, utf8 values) reads as the text it stands for.
 * Expected values are the docs/spec vectors (tests/vectors/): "E.Auth.Token.MISSING"
 * and "E.Auth.Token.001" -> "V6a0B", full ID "05o5h-V6a0B" in "auth_lib" (§1); TID
 * "3kxnlhr3gxq23" = 1721407246480310 us << 10 | clock id 1, display "3kxn-lhr-3gxq-23" (§3);
 * xid "11111111111" = 0 (§2); EUID "1HF7YAT0007ZG0938NKRKAYDXXB" =
 * 0c5e7f2b40000ff80123456789abcdef, no-check text "1HF7YAT0007ZG0938NKRKAYDXZZ" (§4).
 *
 * Prints "arrow (LINKAGE): N passed, N failed"; exit status 1 when a check fails.
 */
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

/* A fixed-width column (format "l", "L" or "w:16") of n values, no nulls. */
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

/* Releases an output pair and checks that both are then marked released. */
static void release_out(struct ArrowArray *a, struct ArrowSchema *s) {
    CHECK(a->release != NULL && s->release != NULL, "outputs not set");
    if (a->release) a->release(a);
    if (s->release) s->release(s);
    CHECK(a->release == NULL && s->release == NULL, "release did not mark released");
}

/* ------------------------------------------------------------------------------------ */

static void test_compact_ids(void) {
    static const char *codes[] = {"E.Auth.Token.MISSING", NULL, "E.Auth.Token.001"};
    column in;
    strings(&in, codes, 3);
    struct ArrowArray out;
    struct ArrowSchema out_schema;
    EXPECT(POLYID_OK, polyid_arrow_compact_ids(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                               POLYID_ARROW_RAISE, &out, &out_schema, &E));
    CHECK(strcmp(out_schema.format, "u") == 0, "format %s", out_schema.format);
    CHECK(out.length == 3 && out.null_count == 1 && out.n_buffers == 3, "shape");
    TEXT_IS(&out, 0, "V6a0B");
    TEXT_IS(&out, 1, "<null>");
    TEXT_IS(&out, 2, "V6a0B");
    release_out(&out, &out_schema);

    /* The same input again (it is still the caller's), sliced: rows 1..2. */
    in.array.offset = 1;
    in.array.length = 2;
    in.array.null_count = 1;
    EXPECT(POLYID_OK, polyid_arrow_full_ids("auth_lib", &in.array, &in.schema,
                                            POLYID_PROFILE_POLYID, POLYID_ARROW_RAISE, &out,
                                            &out_schema, &E));
    CHECK(out.length == 2, "length %" PRId64, out.length);
    TEXT_IS(&out, 0, "<null>");
    TEXT_IS(&out, 1, "05o5h-V6a0B");
    release_out(&out, &out_schema);
    CHECK(in.array.release != NULL && in.schema.release != NULL, "input released by polyid");
}

static void test_error_modes(void) {
    static const char *codes[] = {"E.Auth.Token.001", NULL, "E.AUTH.TOKEN.000", "bad"};
    column in;
    strings(&in, codes, 4);
    struct ArrowArray out;
    struct ArrowSchema out_schema;
    /* Raise: the first bad row, its input and code; the outputs are left released. */
    EXPECT(POLYID_INVALID_SEQUENCE,
           polyid_arrow_compact_ids(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                    POLYID_ARROW_RAISE, &out, &out_schema, &E));
    CHECK(strncmp(E.message, "row 2 (\"E.AUTH.TOKEN.000\"): ", 27) == 0, "%s", E.message);
    CHECK(out.release == NULL && out_schema.release == NULL, "outputs set on failure");

    /* Null: a struct {value, error}. */
    EXPECT(POLYID_OK, polyid_arrow_compact_ids(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                               POLYID_ARROW_NULL, &out, &out_schema, &E));
    CHECK(strcmp(out_schema.format, "+s") == 0 && out_schema.n_children == 2, "struct");
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
    EXPECT(POLYID_OK, polyid_arrow_validate_codes(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                                  &out, &out_schema, &E));
    TEXT_IS(&out, 0, "<null>");
    TEXT_IS(&out, 1, "<null>");
    TEXT_IS(&out, 2, "INVALID_SEQUENCE");
    TEXT_IS(&out, 3, "INVALID_FORMAT");
    release_out(&out, &out_schema);
}

static void test_tid_xid_euid(void) {
    struct ArrowArray out, back;
    struct ArrowSchema out_schema, back_schema;
    const int64_t tid_value = (INT64_C(1721407246480310) << 10) | 1;

    static const char *tids[] = {"3kxnlhr3gxq23", NULL};
    column in;
    strings(&in, tids, 2);
    EXPECT(POLYID_OK, polyid_arrow_tid_parse(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                             POLYID_ARROW_RAISE, &out, &out_schema, &E));
    CHECK(strcmp(out_schema.format, "l") == 0, "format %s", out_schema.format);
    CHECK(((const int64_t *)out.buffers[1])[0] == tid_value && !is_valid(&out, 1), "tid value");
    /* The output is a valid input: encode it back, in both forms. */
    EXPECT(POLYID_OK, polyid_arrow_tid_encode(&out, &out_schema, false, POLYID_ARROW_RAISE,
                                              &back, &back_schema, &E));
    TEXT_IS(&back, 0, "3kxnlhr3gxq23");
    TEXT_IS(&back, 1, "<null>");
    release_out(&back, &back_schema);
    EXPECT(POLYID_OK, polyid_arrow_tid_encode(&out, &out_schema, true, POLYID_ARROW_RAISE,
                                              &back, &back_schema, &E));
    TEXT_IS(&back, 0, "3kxn-lhr-3gxq-23");
    release_out(&back, &back_schema);
    release_out(&out, &out_schema);

    /* A uint64 column built here: 2^63 is beyond every TID value (int64). */
    uint64_t values[2] = {(uint64_t)tid_value, UINT64_C(1) << 63};
    column ints;
    fixed(&ints, "L", values, sizeof values, 2);
    EXPECT(POLYID_OUT_OF_RANGE, polyid_arrow_tid_encode(&ints.array, &ints.schema, false,
                                                        POLYID_ARROW_RAISE, &out, &out_schema, &E));
    CHECK(strncmp(E.message, "row 1 (", 7) == 0, "%s", E.message);

    static const char *xids[] = {"11111111111", "0OIl"};
    strings(&in, xids, 2);
    EXPECT(POLYID_OK, polyid_arrow_xid_parse(&in.array, &in.schema, POLYID_ARROW_NULL, &out,
                                             &out_schema, &E));
    CHECK(strcmp(out_schema.children[0]->format, "L") == 0, "xid format");
    CHECK(((const uint64_t *)out.children[0]->buffers[1])[0] == 0, "xid value");
    TEXT_IS(out.children[1], 1, "INVALID_LENGTH");
    release_out(&out, &out_schema);
    uint64_t xid_values[1] = {0};
    fixed(&ints, "L", xid_values, sizeof xid_values, 1);
    EXPECT(POLYID_OK, polyid_arrow_xid_encode(&ints.array, &ints.schema, POLYID_ARROW_RAISE, &out,
                                              &out_schema, &E));
    TEXT_IS(&out, 0, "11111111111");
    release_out(&out, &out_schema);

    static const char *euids[] = {"1HF7YAT0007ZG0938NKRKAYDXXB"};
    static const uint8_t euid_bytes[16] = {0x0c, 0x5e, 0x7f, 0x2b, 0x40, 0x00, 0x0f, 0xf8,
                                           0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef};
    strings(&in, euids, 1);
    EXPECT(POLYID_OK, polyid_arrow_euid_parse(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                              POLYID_ARROW_RAISE, &out, &out_schema, &E));
    CHECK(strcmp(out_schema.format, "w:16") == 0, "format %s", out_schema.format);
    CHECK(memcmp(out.buffers[1], euid_bytes, 16) == 0, "euid bytes");
    release_out(&out, &out_schema);
    column bin;
    fixed(&bin, "w:16", euid_bytes, 16, 1);
    EXPECT(POLYID_OK, polyid_arrow_euid_encode(&bin.array, &bin.schema, true, POLYID_ARROW_RAISE,
                                               &out, &out_schema, &E));
    TEXT_IS(&out, 0, "1HF7YAT0007ZG0938NKRKAYDXXB");
    release_out(&out, &out_schema);
    EXPECT(POLYID_OK, polyid_arrow_euid_encode(&bin.array, &bin.schema, false, POLYID_ARROW_RAISE,
                                               &out, &out_schema, &E));
    TEXT_IS(&out, 0, "1HF7YAT0007ZG0938NKRKAYDXZZ");
    release_out(&out, &out_schema);
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
    EXPECT(POLYID_OK, polyid_arrow_compact_ids(&in.array, &in.schema, POLYID_PROFILE_POLYID,
                                               POLYID_ARROW_NULL, &out, &out_schema, &E));
    TEXT_IS(out.children[0], 0, "V6a0B");
    TEXT_IS(out.children[0], 1, "<null>");
    TEXT_IS(out.children[1], 2, "INVALID_SEQUENCE");
    TEXT_IS(out.children[0], 3, "V6a0B");
    release_out(&out, &out_schema);
    CHECK(dict.array.release != NULL && in.array.release != NULL, "input released by polyid");
}

static void test_bad_arguments(void) {
    static const char *codes[] = {"E.Auth.Token.001", "E.Auth.Token.MISSING"};
    column in;
    strings(&in, codes, 2);
    struct ArrowArray out;
    struct ArrowSchema out_schema;
#define COMPACT(a, s, p, m, o, os) polyid_arrow_compact_ids((a), (s), (p), (m), (o), (os), &E)
    EXPECT(POLYID_NULL_POINTER, COMPACT(NULL, &in.schema, 0, 0, &out, &out_schema));
    EXPECT(POLYID_NULL_POINTER, COMPACT(&in.array, NULL, 0, 0, &out, &out_schema));
    EXPECT(POLYID_NULL_POINTER, COMPACT(&in.array, &in.schema, 0, 0, NULL, &out_schema));
    EXPECT(POLYID_NULL_POINTER, COMPACT(&in.array, &in.schema, 0, 0, &out, NULL));
    CHECK(out.release == NULL, "out set on failure");
    EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&in.array, &in.schema, 0, 7, &out, &out_schema));
    EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&in.array, &in.schema, 99, 0, &out, &out_schema));
    EXPECT(POLYID_INVALID_NAMESPACE, polyid_arrow_full_ids("Not A Namespace!", &in.array, &in.schema,
                                                          0, 0, &out, &out_schema, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_arrow_full_ids(NULL, &in.array, &in.schema, 0, 0, &out,
                                                      &out_schema, &E));

    /* A column of another type. */
    int64_t values[2] = {1, 2};
    column ints;
    fixed(&ints, "l", values, sizeof values, 2);
    EXPECT(POLYID_INVALID_ARGUMENT, COMPACT(&ints.array, &ints.schema, 0, 0, &out, &out_schema));
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
    /* After all of that the input still works. */
    EXPECT(POLYID_OK, COMPACT(&in.array, &in.schema, 0, 0, &out, &out_schema));
    TEXT_IS(&out, 1, "V6a0B");
    release_out(&out, &out_schema);
#undef COMPACT
}

int main(void) {
    const char *linkage = getenv("POLYID_TEST_LINKAGE");
    test_compact_ids();
    test_error_modes();
    test_tid_xid_euid();
    test_dictionary();
    test_bad_arguments();
    CHECK(input_releases == 0, "polyid released an input %d times", input_releases);
    printf("arrow (%s): %d passed, %d failed\n", linkage ? linkage : "?", passed, failed);
    return failed ? 1 : 0;
}
