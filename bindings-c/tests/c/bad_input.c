/*
 * Bad-input and ABI-contract tests of libpolyid: NULL pointers, too-small buffers,
 * invalid UTF-8, overlong strings, out-of-range integers, the error struct, the status
 * strings, generators (also shared between threads; their options, node layouts, lead
 * bound and resume), catalogs (also shared between threads) and EXTUUID. Expected values
 * come from docs/spec. This program never assigns the process node (process-global state):
 * node_env.c tests that in child processes.
 *
 * Prints "bad-input (LINKAGE): N passed, N failed"; exit status 1 when a check fails.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "polyid.h"

#include "check.h"

static polyid_error E;

/* The call returns `want`, writes it to E with a message, and is thread-safe (no
 * global state: E is ours). */
#define EXPECT(want, call)                                                                     \
    do {                                                                                       \
        memset(&E, 0x5a, sizeof E);                                                            \
        polyid_status got_ = (call);                                                           \
        CHECK(got_ == (want) && E.status == got_ &&                                            \
                  (got_ == POLYID_OK ? E.message[0] == 0 : E.message[0] != 0) &&              \
                  memchr(E.message, 0, sizeof E.message) != NULL,                              \
              "%s: got %s (err %s: %.200s)", #call, polyid_status_code(got_),                  \
              polyid_status_code(E.status), E.message);                                        \
    } while (0)

#define STREQ(a, b) CHECK(strcmp((a), (b)) == 0, "\"%s\" != \"%s\"", (a), (b))

/* ------------------------------------------------------------------------------------ */

static void test_status_codes(void) {
    static const char *names[] = {"OK",
                                  "INVALID_FORMAT",
                                  "NON_ASCII",
                                  "INVALID_SEVERITY",
                                  "INVALID_COMPONENT",
                                  "INVALID_PRIMARY",
                                  "INVALID_SEQUENCE",
                                  "UNKNOWN_NAMED_SEQUENCE",
                                  "INVALID_NAMESPACE",
                                  "INVALID_LENGTH",
                                  "INVALID_CHARACTER",
                                  "OVERFLOW",
                                  "OUT_OF_RANGE",
                                  "INVALID_CHECKMOD",
                                  "EXHAUSTED",
                                  "NULL_POINTER",
                                  "BUFFER_TOO_SMALL",
                                  "INVALID_UTF8",
                                  "INVALID_ARGUMENT",
                                  "NOT_FOUND",
                                  "MISSING_FIELD",
                                  "COLLISION",
                                  "DUPLICATE_CODE",
                                  "INVALID_CATALOG",
                                  "TAMPERED",
                                  "INVALID_SIGNATURE",
                                  "NOT_UUID_V8",
                                  "RESERVED_TYPE",
                                  "RESERVED_BITS",
                                  "UNSUPPORTED_SCHEME",
                                  "INVALID_UNIT",
                                  "NODE_REQUIRED",
                                  "NODE_IN_USE",
                                  "CLOCK_BEHIND"};
    for (int i = 0; i <= 33; i++) STREQ(polyid_status_code(i), names[i]);
    STREQ(polyid_status_code(POLYID_INTERNAL_ERROR), "INTERNAL_ERROR");
    STREQ(polyid_status_code(-1), "UNKNOWN");
    STREQ(polyid_status_code(34), "UNKNOWN");
    CHECK(POLYID_NODE_REQUIRED == 31 && POLYID_NODE_IN_USE == 32 && POLYID_CLOCK_BEHIND == 33, "ABI values 31-33");
    STREQ(polyid_status_code(INT32_MAX), "UNKNOWN");
    CHECK(POLYID_NULL_POINTER == 15 && POLYID_BUFFER_TOO_SMALL == 16 && POLYID_INVALID_UTF8 == 17,
          "ABI values");
    CHECK(strlen(polyid_version()) > 0, "version");
    /* The header's compile-time version is the library's run-time one. */
    STREQ(polyid_version(), POLYID_VERSION);
    char parts[32];
    snprintf(parts, sizeof parts, "%d.%d.%d", POLYID_VERSION_MAJOR, POLYID_VERSION_MINOR,
             POLYID_VERSION_PATCH);
    CHECK(strncmp(POLYID_VERSION, parts, strlen(parts)) == 0, "POLYID_VERSION_MAJOR/MINOR/PATCH");
}

/* Every function accepts err == NULL, on success and on failure. */
static void test_err_null(void) {
    char out[64];
    CHECK(polyid_compact_id("E.AUTH.TOKEN.001", out, sizeof out, NULL) == POLYID_OK, "ok");
    STREQ(out, "V6a0B");
    CHECK(polyid_compact_id("X.AUTH.TOKEN.001", out, sizeof out, NULL) == POLYID_INVALID_SEVERITY, "err");
    CHECK(polyid_compact_id(NULL, out, sizeof out, NULL) == POLYID_NULL_POINTER, "null");
}

static void test_null_pointers(void) {
    char out[64];
    polyid_named_sequences *names = NULL;
    EXPECT(POLYID_OK, polyid_named_sequences_new(&names, &E));
    polyid_code code;
    polyid_full_id_parts parts;
    uint64_t u, v;
    int64_t i, j;
    uint16_t c16;
    bool found;
    polyid_euid euid;
    polyid_tid tid;
    polyid_xid xid;

    /* WDP */
    strcpy(out, "junk");
    EXPECT(POLYID_NULL_POINTER, polyid_compact_id(NULL, out, sizeof out, &E));
    STREQ(out, ""); /* string outputs are emptied on failure */
    CHECK(E.detail == POLYID_DETAIL_NONE, "detail");
    EXPECT(POLYID_NULL_POINTER, polyid_compact_id("E.A.B.001", NULL, 6, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_compact_id_n(NULL, 3, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_compact_id_n(NULL, 0, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_compact_id_with("E.A.B.001", NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_compact_id_with(NULL, names, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_compact_id_with("E.A.B.001", names, NULL, 6, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_compact_id_with_n("E.A.B.001", 9, NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_normalize_code(NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_normalize_code("E.A.B.001", NULL, 40, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_normalize_code_n(NULL, 1, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_normalize_code_with("E.A.B.001", NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_normalize_code_with_n("E.A.B.001", 9, NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_parse_code(NULL, &code, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_parse_code("E.A.B.001", NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_parse_code_n(NULL, 0, &code, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_parse_code_with("E.A.B.001", NULL, &code, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_parse_code_with_n("E.A.B.001", 9, names, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_namespace_hash(NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_namespace_hash("auth_lib", NULL, 6, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_namespace_hash_n(NULL, 8, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_full_id(NULL, "E.A.B.001", out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_full_id("auth_lib", NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_full_id("auth_lib", "E.A.B.001", NULL, 12, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_full_id_n("auth_lib", 8, NULL, 9, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_full_id_with("auth_lib", "E.A.B.001", NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_full_id_with_n(NULL, 8, "E.A.B.001", 9, names, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_parse_full_id(NULL, &parts, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_parse_full_id("05o5h-V6a0B", NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_parse_full_id_n(NULL, 11, &parts, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_named_sequences_new(NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_named_sequences_insert(NULL, "RATE_LIMITED", 42, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_named_sequences_insert(names, NULL, 42, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_named_sequences_insert_n(names, NULL, 3, 42, &E));
    /* uid11 / xid */
    EXPECT(POLYID_NULL_POINTER, polyid_uid11_encode(1, NULL, 12, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_uid11_decode(NULL, &u, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_uid11_decode("11111111121", NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_uid11_decode_n(NULL, 11, &u, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_uid11_prefix_range(NULL, &u, &v, &found, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_uid11_prefix_range("1", NULL, &v, &found, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_uid11_prefix_range("1", &u, NULL, &found, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_uid11_prefix_range("1", &u, &v, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_uid11_prefix_range_n("1", 1, &u, &v, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_from_parts(POLYID_XID_EPOCH_MS, 0, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generate(NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generate_at(POLYID_XID_EPOCH_MS, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_parse(NULL, &xid, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_parse("1113M2EhCbG", NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_parse_n(NULL, 11, &xid, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_format(0, NULL, 12, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_prefix_range(NULL, &u, &v, &found, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_prefix_range("1", NULL, &v, &found, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_prefix_range_n("1", 1, &u, NULL, &found, &E));
    /* TID */
    EXPECT(POLYID_NULL_POINTER, polyid_tid_from_parts(0, 0, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_from_i64(0, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_parse(NULL, &tid, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_parse("3kxnlhr3gxq23", NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_parse_n(NULL, 13, &tid, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_format(0, NULL, 14, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_display(0, NULL, 17, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_parts(0, NULL, &c16, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_parts(0, &i, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generate(NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_prefix_range(NULL, &i, &j, &found, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_prefix_range("3", &i, &j, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_prefix_range_n("3", 1, NULL, &j, &found, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_new(NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_with_clock_id(1, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_next(NULL, &tid, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_next_many(NULL, &tid, 1, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_clock_id(NULL, &c16, &E));
    polyid_tid_generator *tg;
    EXPECT(POLYID_OK, polyid_tid_generator_new(&tg, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_next(tg, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_next_many(tg, NULL, 1, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_next_many(tg, NULL, 0, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_clock_id(tg, NULL, &E));
    polyid_tid_generator_free(tg);
    /* EUID */
    EXPECT(POLYID_NULL_POINTER, polyid_euid_from_parts(0, false, 0, 0, 0, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_from_bytes(NULL, 16, &euid, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_from_bytes(NULL, 0, &euid, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_from_bytes(euid.bytes, 16, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generate(false, 0, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_parse(NULL, &euid, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_parse("C8ZM14GR4JXG0MQXVY18S8TJNA6", NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_parse_n(NULL, 27, &euid, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_encode(euid, true, NULL, 28, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_next(euid, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_new(false, 0, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_next(NULL, &euid, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_next_many(NULL, &euid, 1, &E));
    polyid_euid_generator *eg;
    EXPECT(POLYID_OK, polyid_euid_generator_new(true, 7, &eg, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_next(eg, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_next_many(eg, NULL, 3, &E));
    polyid_euid_generator_free(eg);
    /* The _free functions accept NULL. */
    polyid_named_sequences_free(NULL);
    polyid_tid_generator_free(NULL);
    polyid_euid_generator_free(NULL);
    polyid_named_sequences_free(names);
}

/* A string output of `need` bytes: every capacity below fails without writing past it,
 * `need` itself succeeds. */
#define BUFFER_TEST(need, expect_text, call_with_out_cap)                                       \
    do {                                                                                       \
        for (size_t cap = 0; cap <= (need); cap++) {                                           \
            char buf[80];                                                                      \
            memset(buf, '#', sizeof buf);                                                      \
            char *out = buf + 8;                                                               \
            size_t out_cap = cap;                                                              \
            polyid_status want_ = cap < (need) ? POLYID_BUFFER_TOO_SMALL : POLYID_OK;           \
            EXPECT(want_, call_with_out_cap);                                                  \
            int intact = 1;                                                                    \
            for (size_t k = 0; k < 8; k++) intact &= buf[k] == '#';                            \
            for (size_t k = 8 + cap; k < sizeof buf; k++) intact &= buf[k] == '#';             \
            CHECK(intact, "%s wrote outside [out, out+%zu)", #call_with_out_cap, cap);         \
            if (cap < (need)) {                                                                \
                CHECK(E.detail == POLYID_DETAIL_LENGTH && E.found == (int64_t)cap &&            \
                          E.expected == (int64_t)(need),                                       \
                      "found %" PRId64 " expected %" PRId64, E.found, E.expected);             \
                if (cap > 0) CHECK(out[0] == 0, "out emptied");                                \
            } else {                                                                           \
                STREQ(out, expect_text);                                                       \
            }                                                                                  \
        }                                                                                      \
    } while (0)

static void test_buffers(void) {
    polyid_named_sequences *names;
    EXPECT(POLYID_OK, polyid_named_sequences_new(&names, &E));
    EXPECT(POLYID_OK, polyid_named_sequences_insert(names, "RATE_LIMITED", 42, &E));
    BUFFER_TEST(POLYID_COMPACT_ID_LEN, "V6a0B", polyid_compact_id("E.Auth.Token.MISSING", out, out_cap, &E));
    BUFFER_TEST(POLYID_COMPACT_ID_LEN, "V6a0B", polyid_compact_id_n("E.AUTH.TOKEN.001", 16, out, out_cap, &E));
    BUFFER_TEST(POLYID_COMPACT_ID_LEN, "V6a0B", polyid_compact_id_with("E.Auth.Token.001", names, out, out_cap, &E));
    BUFFER_TEST(17, "E.AUTH.TOKEN.001", polyid_normalize_code(" e.auth.token.missing ", out, out_cap, &E));
    BUFFER_TEST(17, "E.AUTH.TOKEN.001", polyid_normalize_code_n("e.auth.token.001", 16, out, out_cap, &E));
    BUFFER_TEST(16, "E.API.QUOTA.042", polyid_normalize_code_with("E.Api.Quota.RATE_LIMITED", names, out, out_cap, &E));
    BUFFER_TEST(POLYID_COMPACT_ID_LEN, "05o5h", polyid_namespace_hash("auth_lib", out, out_cap, &E));
    BUFFER_TEST(POLYID_FULL_ID_LEN, "05o5h-V6a0B", polyid_full_id("auth_lib", "E.Auth.Token.001", out, out_cap, &E));
    BUFFER_TEST(POLYID_FULL_ID_LEN, "05o5h-V6a0B", polyid_full_id_n("auth_lib", 8, "E.Auth.Token.001", 16, out, out_cap, &E));
    BUFFER_TEST(POLYID_UID11_LEN, "jpXCZedGfVQ", polyid_uid11_encode(UINT64_MAX, out, out_cap, &E));
    BUFFER_TEST(POLYID_XID_LEN, "jpXCZedGfVQ", polyid_xid_format(UINT64_MAX, out, out_cap, &E));
    polyid_tid t;
    EXPECT(POLYID_OK, polyid_tid_from_parts(1721407246480310, 1, &t, &E));
    BUFFER_TEST(POLYID_TID_LEN, "3kxnlhr3gxq23", polyid_tid_format(t, out, out_cap, &E));
    BUFFER_TEST(POLYID_TID_DISPLAY_LEN, "3kxn-lhr-3gxq-23", polyid_tid_display(t, out, out_cap, &E));
    polyid_euid e = polyid_euid_from_halves(0x623f40921824bb00ULL, 0x52fddf828ca352aaULL);
    BUFFER_TEST(POLYID_EUID_LEN, "C8ZM14GR4JXG0MQXVY18S8TJNA6", polyid_euid_encode(e, true, out, out_cap, &E));
    BUFFER_TEST(POLYID_EUID_LEN, "C8ZM14GR4JXG0MQXVY18S8TJNBZ", polyid_euid_encode(e, false, out, out_cap, &E));
    polyid_named_sequences_free(names);

    /* Arguments are checked in order (NULL, UTF-8, fixed capacity) before the core runs:
     * a too-small fixed-size buffer is reported even for an invalid code; a
     * variable-size result (normalize) is checked against the capacity last. */
    char out[8] = "junk";
    EXPECT(POLYID_INVALID_SEVERITY, polyid_compact_id("X.A.B.001", out, 6, &E));
    STREQ(out, "");
    EXPECT(POLYID_BUFFER_TOO_SMALL, polyid_compact_id("X.A.B.001", out, 2, &E));
    EXPECT(POLYID_INVALID_UTF8, polyid_compact_id("\xff", out, 2, &E));
    EXPECT(POLYID_INVALID_SEVERITY, polyid_normalize_code("X.A.B.001", out, 2, &E));
}

static void test_invalid_utf8(void) {
    static const struct {
        const char *s;
        size_t offset;
    } bad[] = {
        {"\xff", 0},
        {"E.A.B.\x80", 6},             /* lone continuation byte */
        {"\xc0\xaf", 0},               /* overlong '/' */
        {"ab\xe0\x80\xaf", 2},         /* overlong 3-byte */
        {"\xed\xa0\x80", 0},           /* UTF-16 surrogate */
        {"x\xf4\x90\x80\x80", 1},      /* above U+10FFFF */
        {"3kxnlhr3gxq2\xe2\x82", 12},  /* truncated sequence */
        {"\xc3\xa9\xfe", 2},           /* valid 'é' then a bad byte: offset in bytes */
    };
    char out[64];
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        const char *s = bad[k].s;
        size_t n = strlen(s);
        uint64_t u, v;
        int64_t i, j;
        bool found;
        polyid_code code;
        polyid_full_id_parts parts;
        polyid_euid euid;
        polyid_tid tid;
        polyid_xid xid;
        polyid_named_sequences *names;
        EXPECT(POLYID_OK, polyid_named_sequences_new(&names, &E));
#define UTF8(call)                                                                          \
    do {                                                                                    \
        EXPECT(POLYID_INVALID_UTF8, call);                                                  \
        CHECK(E.detail == POLYID_DETAIL_BYTE_OFFSET && E.index == bad[k].offset,             \
              "%s: offset %" PRIu64 ", want %zu", #call, E.index, bad[k].offset);           \
    } while (0)
        UTF8(polyid_compact_id(s, out, sizeof out, &E));
        UTF8(polyid_compact_id_n(s, n, out, sizeof out, &E));
        UTF8(polyid_compact_id_with(s, names, out, sizeof out, &E));
        UTF8(polyid_compact_id_with_n(s, n, names, out, sizeof out, &E));
        UTF8(polyid_normalize_code(s, out, sizeof out, &E));
        UTF8(polyid_normalize_code_n(s, n, out, sizeof out, &E));
        UTF8(polyid_normalize_code_with(s, names, out, sizeof out, &E));
        UTF8(polyid_normalize_code_with_n(s, n, names, out, sizeof out, &E));
        UTF8(polyid_parse_code(s, &code, &E));
        UTF8(polyid_parse_code_n(s, n, &code, &E));
        UTF8(polyid_parse_code_with(s, names, &code, &E));
        UTF8(polyid_parse_code_with_n(s, n, names, &code, &E));
        UTF8(polyid_namespace_hash(s, out, sizeof out, &E));
        UTF8(polyid_namespace_hash_n(s, n, out, sizeof out, &E));
        UTF8(polyid_full_id(s, "E.A.B.001", out, sizeof out, &E));
        UTF8(polyid_full_id("auth_lib", s, out, sizeof out, &E));
        UTF8(polyid_full_id_n("auth_lib", 8, s, n, out, sizeof out, &E));
        UTF8(polyid_full_id_with(s, "E.A.B.001", names, out, sizeof out, &E));
        UTF8(polyid_full_id_with_n(s, n, "E.A.B.001", 9, names, out, sizeof out, &E));
        UTF8(polyid_parse_full_id(s, &parts, &E));
        UTF8(polyid_parse_full_id_n(s, n, &parts, &E));
        UTF8(polyid_named_sequences_insert(names, s, 42, &E));
        UTF8(polyid_named_sequences_insert_n(names, s, n, 42, &E));
        UTF8(polyid_uid11_decode(s, &u, &E));
        UTF8(polyid_uid11_decode_n(s, n, &u, &E));
        UTF8(polyid_uid11_prefix_range(s, &u, &v, &found, &E));
        UTF8(polyid_uid11_prefix_range_n(s, n, &u, &v, &found, &E));
        UTF8(polyid_xid_parse(s, &xid, &E));
        UTF8(polyid_xid_parse_n(s, n, &xid, &E));
        UTF8(polyid_xid_prefix_range(s, &u, &v, &found, &E));
        UTF8(polyid_xid_prefix_range_n(s, n, &u, &v, &found, &E));
        UTF8(polyid_tid_parse(s, &tid, &E));
        UTF8(polyid_tid_parse_n(s, n, &tid, &E));
        UTF8(polyid_tid_prefix_range(s, &i, &j, &found, &E));
        UTF8(polyid_tid_prefix_range_n(s, n, &i, &j, &found, &E));
        UTF8(polyid_euid_parse(s, &euid, &E));
        UTF8(polyid_euid_parse_n(s, n, &euid, &E));
#undef UTF8
        polyid_named_sequences_free(names);
    }
}

static void test_overlong(void) {
    size_t n = 1 << 20;
    char *big = malloc(n + 1);
    memset(big, 'a', n);
    big[n] = 0;
    char out[64];
    uint64_t u, v;
    int64_t i, j;
    bool found;
    polyid_euid euid;
    polyid_tid tid;
    polyid_xid xid;
    polyid_full_id_parts parts;
#define LEN(call, want_found, want_expected)                                                 \
    do {                                                                                    \
        EXPECT(POLYID_INVALID_LENGTH, call);                                                \
        CHECK(E.detail == POLYID_DETAIL_LENGTH && E.found == (int64_t)(want_found) &&        \
                  E.expected == (want_expected),                                            \
              "%s: found %" PRId64 " expected %" PRId64, #call, E.found, E.expected);       \
    } while (0)
    LEN(polyid_uid11_decode(big, &u, &E), n, 11);
    LEN(polyid_uid11_prefix_range(big, &u, &v, &found, &E), n, 11);
    LEN(polyid_xid_parse(big, &xid, &E), n, 11);
    LEN(polyid_xid_prefix_range(big, &u, &v, &found, &E), n, 11);
    LEN(polyid_tid_parse(big, &tid, &E), n, 13);
    LEN(polyid_tid_prefix_range(big, &i, &j, &found, &E), n, 11);
    LEN(polyid_euid_parse(big, &euid, &E), n, 27);
    LEN(polyid_euid_parse_n(big, n, &euid, &E), n, 27);
    LEN(polyid_parse_full_id(big, &parts, &E), n, 11);
    LEN(polyid_euid_from_bytes((const uint8_t *)big, n, &euid, &E), n, 16);
    /* A length beyond PTRDIFF_MAX is rejected before any byte is read. */
    EXPECT(POLYID_INVALID_LENGTH, polyid_euid_parse_n("x", SIZE_MAX, &euid, &E));
    /* found cannot hold SIZE_MAX: -1, never a value equal to the limit it exceeds. */
    CHECK(E.detail == POLYID_DETAIL_LENGTH && E.found == -1 && E.expected == PTRDIFF_MAX,
          "length beyond PTRDIFF_MAX: found %" PRId64 ", expected %" PRId64, E.found, E.expected);
    EXPECT(POLYID_INVALID_LENGTH, polyid_compact_id_n("x", SIZE_MAX, out, sizeof out, &E));
    EXPECT(POLYID_INVALID_LENGTH, polyid_euid_from_bytes((const uint8_t *)"x", SIZE_MAX, &euid, &E));
    /* WDP: a huge code or namespace is an ordinary invalid one. */
    EXPECT(POLYID_INVALID_FORMAT, polyid_compact_id(big, out, sizeof out, &E));
    EXPECT(POLYID_INVALID_NAMESPACE, polyid_namespace_hash(big, out, sizeof out, &E));
    memcpy(big, "E.A.B.", 6); /* sequence name of ~1 MiB: the message quotes 64 characters of it */
    EXPECT(POLYID_INVALID_SEQUENCE, polyid_compact_id(big, out, sizeof out, &E));
    {
        char want[POLYID_ERROR_MESSAGE_LEN];
        snprintf(want, sizeof want, "WDP sequence: invalid \"%.64s\"... (%zu bytes)", big + 6, n - 6);
        CHECK(strcmp(E.message, want) == 0, "sequence message: %s", E.message);
    }
    memset(big, 'a', n); /* a component of ~1 MiB */
    memcpy(big, "E.", 2);
    memcpy(big + n - 6, ".B.001", 6);
    EXPECT(POLYID_INVALID_COMPONENT, polyid_compact_id(big, out, sizeof out, &E));
    CHECK(E.detail == POLYID_DETAIL_LENGTH && E.found == (int64_t)n - 8 && E.expected == 16,
          "component length: found %" PRId64, E.found);
    /* Non-ASCII long messages are cut at a character boundary. */
    size_t k = 0;
    memcpy(big, "E.A.B.", 6);
    for (k = 6; k + 2 <= 4000; k += 2) memcpy(big + k, "\xc3\xa9", 2);
    big[k] = 0;
    EXPECT(POLYID_NON_ASCII, polyid_compact_id(big, out, sizeof out, &E));
    CHECK(E.detail == POLYID_DETAIL_CHARACTER && E.index == 6 && E.character == 0xe9 &&
              strcmp(E.character_utf8, "\xc3\xa9") == 0,
          "character detail");
#undef LEN
    free(big);
}

static void test_embedded_nul(void) {
    polyid_tid tid = 12345;
    EXPECT(POLYID_INVALID_CHARACTER, polyid_tid_parse_n("3kxnlhr\0gxq23", 13, &tid, &E));
    CHECK(E.detail == POLYID_DETAIL_CHARACTER && E.index == 7 && E.character == 0, "nul detail");
    CHECK(tid == 12345, "non-string output untouched on failure");
    /* The NUL-terminated variant stops at the NUL: a 7-byte text. */
    EXPECT(POLYID_INVALID_LENGTH, polyid_tid_parse("3kxnlhr\0gxq23", &tid, &E));
    CHECK(E.found == 7 && E.expected == 13, "length %" PRId64, E.found);
    EXPECT(POLYID_OK, polyid_tid_parse_n("3kxnlhr3gxq23", 13, &tid, &E));
    CHECK(polyid_tid_micros(tid) == 1721407246480310 && polyid_tid_clock_id(tid) == 1, "spec tid");
    char out[8];
    EXPECT(POLYID_OK, polyid_compact_id_n("E.AUTH.TOKEN.001 trailing", 16, out, sizeof out, &E));
    STREQ(out, "V6a0B");
}

static void test_ranges(void) {
    polyid_tid t;
    polyid_xid x;
    polyid_euid e;
    polyid_tid_generator *tg = NULL;
    polyid_euid_generator *eg = NULL;
#define RANGE(call, lo, hi)                                                                   \
    do {                                                                                     \
        EXPECT(POLYID_OUT_OF_RANGE, call);                                                   \
        CHECK(E.detail == POLYID_DETAIL_RANGE && E.min == (lo) && E.max == (hi),              \
              "%s: min %" PRId64 " max %" PRId64, #call, E.min, E.max);                       \
    } while (0)
    int64_t bad_small[] = {-1, 1024, 65536, INT64_MAX, INT64_MIN};
    for (size_t k = 0; k < 5; k++) {
        RANGE(polyid_tid_from_parts(0, bad_small[k], &t, &E), 0, 1023);
        RANGE(polyid_tid_generator_with_clock_id(bad_small[k], &tg, &E), 0, 1023);
    }
    CHECK(tg == NULL, "no generator on failure");
    RANGE(polyid_tid_from_parts(POLYID_TID_MAX_MICROS + 1, 0, &t, &E), -POLYID_TID_MAX_MICROS, POLYID_TID_MAX_MICROS);
    RANGE(polyid_tid_from_parts(INT64_MIN, 0, &t, &E), -POLYID_TID_MAX_MICROS, POLYID_TID_MAX_MICROS);
    /* -2^53 << 10: the one int64_t pattern that is not a TID. */
    polyid_tid bad_tid = (polyid_tid)((uint64_t)(-(1LL << 53)) << 10);
    EXPECT(POLYID_OUT_OF_RANGE, polyid_tid_from_i64(bad_tid, &t, &E));
    char out[32];
    EXPECT(POLYID_OUT_OF_RANGE, polyid_tid_format(bad_tid, out, sizeof out, &E));
    EXPECT(POLYID_OUT_OF_RANGE, polyid_tid_display(bad_tid, out, sizeof out, &E));
    CHECK(polyid_tid_micros(bad_tid) == INT64_MIN && polyid_tid_clock_id(bad_tid) == UINT16_MAX, "sentinels");
    RANGE(polyid_xid_from_parts(-1, 0, &x, &E), POLYID_XID_EPOCH_MS, POLYID_XID_MAX_UNIX_MS);
    RANGE(polyid_xid_from_parts(POLYID_XID_EPOCH_MS, -1, &x, &E), 0, POLYID_XID_MAX_RANDOM);
    RANGE(polyid_xid_from_parts(POLYID_XID_EPOCH_MS, INT64_MAX, &x, &E), 0, POLYID_XID_MAX_RANDOM);
    RANGE(polyid_xid_generate_at(INT64_MIN, &x, &E), POLYID_XID_EPOCH_MS, POLYID_XID_MAX_UNIX_MS);
    RANGE(polyid_euid_from_parts(-1, false, 0, 0, 0, &e, &E), 0, POLYID_EUID_MAX_UNIX_MS);
    RANGE(polyid_euid_from_parts(0, true, 32768, 0, 0, &e, &E), 0, POLYID_EUID_MAX_EXTENSION);
    RANGE(polyid_euid_from_parts(0, true, -1, 0, 0, &e, &E), 0, POLYID_EUID_MAX_EXTENSION);
    RANGE(polyid_euid_from_parts(0, true, 255, 128, 0, &e, &E), 0, 127);
    /* Several parts out of range: the first in the order of the parameters is named, whatever
     * the core's type for each (the same part as in every runtime). */
    RANGE(polyid_tid_from_parts(POLYID_TID_MAX_MICROS + 1, -1, &t, &E), -POLYID_TID_MAX_MICROS, POLYID_TID_MAX_MICROS);
    RANGE(polyid_tid_from_parts(POLYID_TID_MAX_MICROS + 1, 5000, &t, &E), -POLYID_TID_MAX_MICROS, POLYID_TID_MAX_MICROS);
    RANGE(polyid_xid_from_parts(0, -1, &x, &E), POLYID_XID_EPOCH_MS, POLYID_XID_MAX_UNIX_MS);
    RANGE(polyid_euid_from_parts(-1, true, 32768, -1, 0, &e, &E), 0, POLYID_EUID_MAX_UNIX_MS);
    RANGE(polyid_euid_from_parts(0, true, 5, 65536, 0, &e, &E), 0, 4095);
    RANGE(polyid_euid_from_parts(0, true, 5, -1, 0, &e, &E), 0, 4095);
    RANGE(polyid_euid_generate(true, 1 << 20, &e, &E), 0, POLYID_EUID_MAX_EXTENSION);
    RANGE(polyid_euid_generator_new(true, -5, &eg, &E), 0, POLYID_EUID_MAX_EXTENSION);
    CHECK(eg == NULL, "no generator on failure");
    /* has_extension false ignores the extension argument. */
    EXPECT(POLYID_OK, polyid_euid_from_parts(1700000000000, false, -12345, 0, 0x0123456789abcdefULL, &e, &E));
    CHECK(polyid_euid_extension(e) == -1, "no extension");
    polyid_named_sequences *names;
    EXPECT(POLYID_OK, polyid_named_sequences_new(&names, &E));
    /* Outside 1-999 whatever integer it is, as 0 and 1000 are; the name is read first. */
    const int64_t bad_numbers[] = {65536, -1, 0, INT64_MIN, INT64_MAX};
    for (size_t k = 0; k < sizeof bad_numbers / sizeof bad_numbers[0]; k++) {
        EXPECT(POLYID_INVALID_SEQUENCE, polyid_named_sequences_insert(names, "RATE_LIMITED", bad_numbers[k], &E));
        CHECK(E.detail == POLYID_DETAIL_RANGE && E.found == bad_numbers[k] && E.min == 1 && E.max == 999,
              "named sequence %" PRId64 ": found %" PRId64, bad_numbers[k], E.found);
    }
    EXPECT(POLYID_INVALID_SEQUENCE, polyid_named_sequences_insert(names, "RATE-LIMITED", -1, &E));
    CHECK(E.detail != POLYID_DETAIL_RANGE, "the malformed name is named before the number");
    EXPECT(POLYID_INVALID_SEQUENCE, polyid_named_sequences_insert(names, "RATE_LIMITED", 1000, &E));
    EXPECT(POLYID_INVALID_SEQUENCE, polyid_named_sequences_insert(names, "MISSING", 5, &E));
    EXPECT(POLYID_OK, polyid_named_sequences_insert(names, "rate_limited", 31, &E));
    char a[8], b[8];
    EXPECT(POLYID_OK, polyid_compact_id_with("E.Api.Quota.RATE_LIMITED", names, a, sizeof a, &E));
    EXPECT(POLYID_OK, polyid_compact_id("E.API.QUOTA.031", b, sizeof b, &E));
    STREQ(a, b);
    EXPECT(POLYID_UNKNOWN_NAMED_SEQUENCE, polyid_compact_id("E.Api.Quota.RATE_LIMITED", a, sizeof a, &E));
    polyid_named_sequences_free(names);
#undef RANGE
}

static void test_values(void) {
    char out[64];
    polyid_code c;
    EXPECT(POLYID_OK, polyid_parse_code(" B.Auth.Token.MISSING\n", &c, &E));
    CHECK(c.severity == 'B' && c.blocking && c.priority == 7 && c.sequence == 1, "code fields");
    STREQ(c.meaning, "Blocked");
    STREQ(c.component, "AUTH");
    STREQ(c.primary, "TOKEN");
    STREQ(c.normalized, "B.AUTH.TOKEN.001");
    polyid_full_id_parts p;
    EXPECT(POLYID_OK, polyid_parse_full_id("05o5h-V6a0B", &p, &E));
    STREQ(p.namespace_hash, "05o5h");
    STREQ(p.compact_id, "V6a0B");
    uint64_t lo = 1, hi = 2;
    bool found = true;
    EXPECT(POLYID_OK, polyid_uid11_prefix_range("k", &lo, &hi, &found, &E));
    CHECK(!found && lo == 1 && hi == 2, "no range: bounds untouched");
    EXPECT(POLYID_OK, polyid_uid11_prefix_range("", &lo, &hi, &found, &E));
    CHECK(found && lo == 0 && hi == UINT64_MAX, "whole range");
    uint64_t u = 7;
    EXPECT(POLYID_OVERFLOW, polyid_uid11_decode("jpXCZedGfVR", &u, &E));
    CHECK(u == 7, "untouched");
    polyid_xid x;
    EXPECT(POLYID_OK, polyid_xid_from_parts(POLYID_XID_EPOCH_MS + 1234567, POLYID_XID_MAX_RANDOM, &x, &E));
    EXPECT(POLYID_OK, polyid_xid_format(x, out, sizeof out, &E));
    STREQ(out, "1113M2EhCbG");
    CHECK(polyid_xid_unix_ms(x) == POLYID_XID_EPOCH_MS + 1234567 && polyid_xid_random(x) == POLYID_XID_MAX_RANDOM, "xid parts");
    polyid_euid e;
    EXPECT(POLYID_OK, polyid_euid_from_parts(1700000000000, true, 255, 0, 0x0123456789abcdefULL, &e, &E));
    EXPECT(POLYID_OK, polyid_euid_encode(e, true, out, sizeof out, &E));
    STREQ(out, "1HF7YAT0007ZG0938NKRKAYDXXB");
    CHECK(polyid_euid_hi(e) == 0x0c5e7f2b40000ff8ULL && polyid_euid_lo(e) == 0x0123456789abcdefULL, "halves");
    CHECK(polyid_euid_unix_ms(e) == 1700000000000ULL && polyid_euid_extension(e) == 255 &&
              polyid_euid_padding(e) == 0,
          "fields");
    polyid_euid back;
    EXPECT(POLYID_OK, polyid_euid_from_bytes(e.bytes, sizeof e.bytes, &back, &E));
    CHECK(memcmp(&back, &e, sizeof e) == 0, "bytes round trip");
    EXPECT(POLYID_INVALID_CHECKMOD, polyid_euid_parse("C8ZM14GR4JXG0MQXVY18S8TJNA7", &back, &E));
    CHECK(E.detail == POLYID_DETAIL_CHECKMOD && E.found == 71 && E.expected == 70, "checkmod detail");
    EXPECT(POLYID_OK, polyid_euid_parse("c8zm14gr4jxg0mqxvy18s8tjnbz", &back, &E));
    CHECK(polyid_euid_hi(back) == 0x623f40921824bb00ULL && polyid_euid_checkmod(back) == 70, "nocheck parse");
    /* next() in another millisecond than the EUID's: a fresh EUID with its extension. */
    polyid_euid n;
    EXPECT(POLYID_OK, polyid_euid_next(e, &n, &E));
    CHECK(polyid_euid_extension(n) == 255 && memcmp(&n, &e, sizeof e) > 0, "next");
}

/* ------------------------------------------------------------------------------------ */
/* Generators, also shared between threads */

#define THREADS 4
#define PER_THREAD 5000

typedef struct {
    polyid_tid_generator *tg;
    polyid_euid_generator *eg;
    polyid_tid tids[PER_THREAD];
    polyid_euid euids[PER_THREAD];
    int ok;
    int id;
} worker;

static void *work(void *arg) {
    worker *w = arg;
    polyid_error err; /* per thread: errors never cross threads */
    w->ok = 1;
    for (int k = 0; k < PER_THREAD; k++) {
        if (polyid_tid_generator_next(w->tg, &w->tids[k], &err) != POLYID_OK) w->ok = 0;
        if (polyid_euid_generator_next(w->eg, &w->euids[k], &err) != POLYID_OK) w->ok = 0;
        if (k > 0 && (w->tids[k] <= w->tids[k - 1] || memcmp(&w->euids[k], &w->euids[k - 1], 16) <= 0))
            w->ok = 0;
        /* An error on this thread carries this thread's input. */
        char text[32];
        snprintf(text, sizeof text, "bad-%d-%d", w->id, k);
        polyid_tid t;
        if (polyid_tid_parse(text, &t, &err) != POLYID_INVALID_LENGTH || err.found != (int64_t)strlen(text))
            w->ok = 0;
    }
    return NULL;
}

static int cmp_tid(const void *a, const void *b) {
    polyid_tid x = *(const polyid_tid *)a, y = *(const polyid_tid *)b;
    return (x > y) - (x < y);
}

static int cmp_euid(const void *a, const void *b) { return memcmp(a, b, 16); }

static void test_generators(void) {
    polyid_tid_generator *tg;
    polyid_euid_generator *eg;
    EXPECT(POLYID_OK, polyid_tid_generator_with_clock_id(5, &tg, &E));
    EXPECT(POLYID_OK, polyid_euid_generator_new(true, 300, &eg, &E));
    uint16_t cid = 0;
    EXPECT(POLYID_OK, polyid_tid_generator_clock_id(tg, &cid, &E));
    CHECK(cid == 5, "clock id %u", cid);
    polyid_tid batch[1000];
    EXPECT(POLYID_OK, polyid_tid_generator_next_many(tg, batch, 1000, &E));
    int inc = 1;
    for (int k = 1; k < 1000; k++) inc &= batch[k] > batch[k - 1] && polyid_tid_clock_id(batch[k]) == 5;
    CHECK(inc, "next_many increasing with clock id 5");
    EXPECT(POLYID_OK, polyid_tid_generator_next_many(tg, batch, 0, &E));
    /* A count no C array can hold is refused before anything is allocated or written. */
    EXPECT(POLYID_OUT_OF_RANGE, polyid_tid_generator_next_many(tg, batch, SIZE_MAX, &E));
    EXPECT(POLYID_OUT_OF_RANGE, polyid_tid_generator_next_many(tg, batch, SIZE_MAX / 4, &E));
    polyid_euid eb[100];
    EXPECT(POLYID_OK, polyid_euid_generator_next_many(eg, eb, 100, &E));
    EXPECT(POLYID_OUT_OF_RANGE, polyid_euid_generator_next_many(eg, eb, SIZE_MAX / 8, &E));
    inc = 1;
    for (int k = 1; k < 100; k++) inc &= memcmp(&eb[k], &eb[k - 1], 16) > 0 && polyid_euid_extension(eb[k]) == 300;
    CHECK(inc, "euid next_many increasing with extension 300");
    polyid_tid_generator *random_tg;
    EXPECT(POLYID_OK, polyid_tid_generator_new(&random_tg, &E));
    EXPECT(POLYID_OK, polyid_tid_generator_clock_id(random_tg, &cid, &E));
    CHECK(cid < 32, "random clock id in 0-31: %u", cid);
    polyid_tid_generator_free(random_tg);
    polyid_tid t1, t2;
    EXPECT(POLYID_OK, polyid_tid_generate(&t1, &E));
    EXPECT(POLYID_OK, polyid_tid_generate(&t2, &E));
    CHECK(t2 > t1, "default generator increases");
    polyid_xid x;
    EXPECT(POLYID_OK, polyid_xid_generate(&x, &E));
    CHECK(polyid_xid_unix_ms(x) > 1700000000000ULL, "xid now");
    polyid_euid e;
    EXPECT(POLYID_OK, polyid_euid_generate(false, 0, &e, &E));
    CHECK(polyid_euid_extension(e) == -1 && polyid_euid_unix_ms(e) > 1700000000000ULL, "euid now");

    static worker w[THREADS];
    pthread_t th[THREADS];
    for (int k = 0; k < THREADS; k++) {
        w[k].tg = tg;
        w[k].eg = eg;
        w[k].id = k;
        pthread_create(&th[k], NULL, work, &w[k]);
    }
    static polyid_tid all[THREADS * PER_THREAD];
    static polyid_euid alle[THREADS * PER_THREAD];
    for (int k = 0; k < THREADS; k++) {
        pthread_join(th[k], NULL);
        CHECK(w[k].ok, "thread %d", k);
        memcpy(all + k * PER_THREAD, w[k].tids, sizeof w[k].tids);
        memcpy(alle + k * PER_THREAD, w[k].euids, sizeof w[k].euids);
    }
    qsort(all, THREADS * PER_THREAD, sizeof all[0], cmp_tid);
    qsort(alle, THREADS * PER_THREAD, sizeof alle[0], cmp_euid);
    int unique = 1;
    for (int k = 1; k < THREADS * PER_THREAD; k++)
        unique &= all[k] != all[k - 1] && memcmp(&alle[k], &alle[k - 1], 16) != 0;
    CHECK(unique, "one generator shared by %d threads issues unique IDs", THREADS);
    polyid_tid_generator_free(tg);
    polyid_euid_generator_free(eg);
}

/* fork(): a generator with a random clock id issues different TIDs in parent and child,
 * and EUID generators do not repeat each other. */
static void test_fork(void) {
    polyid_tid_generator *tg;
    polyid_euid_generator *eg;
    EXPECT(POLYID_OK, polyid_tid_generator_new(&tg, &E));
    EXPECT(POLYID_OK, polyid_euid_generator_new(false, 0, &eg, &E));
    polyid_tid t;
    polyid_euid e;
    EXPECT(POLYID_OK, polyid_tid_generator_next(tg, &t, &E));
    EXPECT(POLYID_OK, polyid_euid_generator_next(eg, &e, &E));
    enum { K = 200 };
    int fds[2];
    CHECK(pipe(fds) == 0, "pipe");
    pid_t pid = fork();
    if (pid == 0) {
        struct {
            uint16_t clock_id;
            polyid_tid tids[K];
            polyid_euid euids[K];
        } msg;
        memset(&msg, 0, sizeof msg); /* padding bytes too: they go through write() */
        int ok = polyid_tid_generator_clock_id(tg, &msg.clock_id, NULL) == POLYID_OK;
        for (int k = 0; k < K; k++)
            ok &= polyid_tid_generator_next(tg, &msg.tids[k], NULL) == POLYID_OK &&
                  polyid_euid_generator_next(eg, &msg.euids[k], NULL) == POLYID_OK;
        ok &= write(fds[1], &msg, sizeof msg) == (ssize_t)sizeof msg;
        _exit(ok ? 0 : 1);
    }
    static polyid_tid mine[K];
    static polyid_euid my_euids[K];
    uint16_t my_clock = 0;
    EXPECT(POLYID_OK, polyid_tid_generator_clock_id(tg, &my_clock, &E));
    for (int k = 0; k < K; k++) {
        EXPECT(POLYID_OK, polyid_tid_generator_next(tg, &mine[k], &E));
        EXPECT(POLYID_OK, polyid_euid_generator_next(eg, &my_euids[k], &E));
    }
    static struct {
        uint16_t clock_id;
        polyid_tid tids[K];
        polyid_euid euids[K];
    } child;
    size_t got = 0;
    while (got < sizeof child) {
        ssize_t r = read(fds[0], (char *)&child + got, sizeof child - got);
        if (r <= 0) break;
        got += (size_t)r;
    }
    int status = 0;
    waitpid(pid, &status, 0);
    close(fds[0]);
    close(fds[1]);
    CHECK(got == sizeof child && WIFEXITED(status) && WEXITSTATUS(status) == 0, "child ran: got %zu, status %d", got, status);
    CHECK(child.clock_id != my_clock, "child clock id %u differs from parent's %u", child.clock_id, my_clock);
    int distinct = 1;
    for (int a = 0; a < K; a++)
        for (int b = 0; b < K; b++)
            distinct &= mine[a] != child.tids[b] && memcmp(&my_euids[a], &child.euids[b], 16) != 0;
    CHECK(distinct, "parent and child never issue the same TID or EUID");
    polyid_tid_generator_free(tg);
    polyid_euid_generator_free(eg);
}

/* A count above the core's batch limit (10,000,000) is POLYID_OUT_OF_RANGE before anything is
 * allocated or written, whatever the buffer. */
static void test_batch_limit(void) {
    polyid_tid_generator *tg;
    polyid_euid_generator *eg;
    EXPECT(POLYID_OK, polyid_tid_generator_new(&tg, &E));
    EXPECT(POLYID_OK, polyid_euid_generator_new(false, 0, &eg, &E));
    static polyid_tid tids[4];
    static polyid_euid euids[4];
    static uint64_t xids[4];
    const size_t counts[] = {10000001u, (size_t)1 << 31, (size_t)1 << 40};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        EXPECT(POLYID_OUT_OF_RANGE, polyid_tid_generator_next_many(tg, tids, counts[i], &E));
        CHECK(strstr(E.message, "10000000") != NULL, "message names the limit: %s", E.message);
        EXPECT(POLYID_OUT_OF_RANGE, polyid_euid_generator_next_many(eg, euids, counts[i], &E));
        EXPECT(POLYID_OUT_OF_RANGE, polyid_xid_generate_many(xids, counts[i], &E));
    }
    EXPECT(POLYID_OK, polyid_tid_generator_next_many(tg, tids, 4, &E));
    EXPECT(POLYID_OK, polyid_euid_generator_next_many(eg, euids, 4, &E));
    EXPECT(POLYID_OK, polyid_xid_generate_many(xids, 4, &E));
    polyid_tid_generator_free(tg);
    polyid_euid_generator_free(eg);
}

/* fork() while other threads are inside the generators: the child's first call must not
 * wait for a lock that a thread of the parent held at the fork (that thread does not exist
 * in the child). Each child gets 5 s (alarm) to make one TID and one EUID; a hang fails. */
static polyid_euid_generator *spin_eg;
static polyid_tid_generator *spin_tg;
static volatile int spin_stop;
static void *spin_generators(void *arg) {
    (void)arg;
    polyid_euid e;
    polyid_tid t;
    while (!spin_stop) {
        polyid_euid_generator_next(spin_eg, &e, NULL);
        polyid_tid_generator_next(spin_tg, &t, NULL);
    }
    return NULL;
}
static void test_fork_while_generating(void) {
    enum { SPINNERS = 3, FORKS = 40 };
    /* Under valgrind each child ends with a leak report of the parent's threads (their
     * thread-local destructors never run in the child) and valgrind's error exit code; the
     * plain, shared and ASan runs cover this test. */
    const char *linkage = getenv("POLYID_TEST_LINKAGE");
    if (linkage && strstr(linkage, "valgrind")) return;
    EXPECT(POLYID_OK, polyid_euid_generator_new(false, 0, &spin_eg, &E));
    EXPECT(POLYID_OK, polyid_tid_generator_new(&spin_tg, &E));
    spin_stop = 0;
    pthread_t th[SPINNERS];
    for (int i = 0; i < SPINNERS; i++) pthread_create(&th[i], NULL, spin_generators, NULL);
    int finished = 0, hung = 0, other = -1;
    for (int f = 0; f < FORKS; f++) {
        pid_t pid = fork();
        if (pid == 0) {
            alarm(5);
            polyid_euid e;
            polyid_tid t;
            int ok = polyid_euid_generator_next(spin_eg, &e, NULL) == POLYID_OK &&
                     polyid_tid_generator_next(spin_tg, &t, NULL) == POLYID_OK;
            _exit(ok ? 0 : 1);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) finished++;
        else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) hung++;
        else other = status;
    }
    spin_stop = 1;
    for (int i = 0; i < SPINNERS; i++) pthread_join(th[i], NULL);
    CHECK(finished == FORKS, "%d of %d children forked beside %d generating threads made their IDs (%d hung, other status %d)",
          finished, FORKS, SPINNERS, hung, other);
    polyid_euid_generator_free(spin_eg);
    polyid_tid_generator_free(spin_tg);
}

/* ------------------------------------------------------------------------------------ */
/* Catalogs and EXTUUID. Values from tests/vectors/catalog.json and extuuid.json (written
 * by the independent Python tools) and docs/spec; RFC 8032 §7.1 TEST 1 for the key. */

/* The minimal catalog of the vector canonical-minimal, and its canonical text. */
static const char MINIMAL[] = "{\"AcAGP\": [\"E.AUTH.TOKEN.003\", \"third\"], \"0yRgf\": [\"W.CACHE.DATA.018\", \"cache\"]}";
static const char MINIMAL_CANONICAL[] =
    "{\"v\":\"1\",\"wd\":{\"0yRgf\":{\"c\":\"W.CACHE.DATA.018\",\"m\":\"cache\",\"s\":\"W\"},"
    "\"AcAGP\":{\"c\":\"E.AUTH.TOKEN.003\",\"m\":\"third\",\"s\":\"E\"}}}";
/* A namespaced catalog with a placeholder (vector canonical-namespaced). */
static const char NAMESPACED[] = "{\"v\": \"1\", \"ns\": \"auth_lib\", \"nsh\": \"05o5h\", \"wd\": {\"05o5h-V6a0B\": "
                                 "{\"c\": \"E.Auth.Token.001\", \"s\": \"E\", \"m\": \"token {{x}}\"}}}";
static const uint8_t RFC8032_SECRET[32] = {0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a,
                                           0xf4, 0x92, 0xec, 0x2c, 0xc4, 0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32,
                                           0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae, 0x7f, 0x60};
static const uint8_t RFC8032_PUBLIC[32] = {0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe,
                                           0xd3, 0xc9, 0x64, 0x07, 0x3a, 0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6,
                                           0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a};
static const char GBP_TEXT[] = "fixedB4:GBP$:222.31";
static const char GBP_UUID[] = "49083027-d200-8000-8000-00000021ebfc";
static const char GBP_CANONICAL[] = "extuuid:fixedB4:GBP$:222.31";
static const char INT_INSPECT[] =
    "{\"kind\":\"int\",\"uuid\":\"84000000-0000-8000-8000-00000000002a\",\"text\":\"extuuid:int:-42\",\"value\":\"-42\"}";

static polyid_catalog *load(const char *json) {
    polyid_catalog *c = NULL;
    EXPECT(POLYID_OK, polyid_catalog_load(json, &c, &E));
    return c;
}

/* BUFFER_TEST for results of any size: a heap buffer with 8 canary bytes either side. */
#define HEAP_BUFFER_TEST(need, expect_text, call_with_out_cap)                                 \
    do {                                                                                       \
        size_t need_ = (need);                                                                 \
        char *buf = malloc(need_ + 16);                                                        \
        for (size_t cap = 0; cap <= need_; cap++) {                                            \
            memset(buf, '#', need_ + 16);                                                      \
            char *out = buf + 8;                                                               \
            size_t out_cap = cap;                                                              \
            polyid_status want_ = cap < need_ ? POLYID_BUFFER_TOO_SMALL : POLYID_OK;            \
            EXPECT(want_, call_with_out_cap);                                                  \
            int intact = 1;                                                                    \
            for (size_t k = 0; k < 8; k++) intact &= buf[k] == '#';                            \
            for (size_t k = 8 + cap; k < need_ + 16; k++) intact &= buf[k] == '#';             \
            CHECK(intact, "%s wrote outside [out, out+%zu)", #call_with_out_cap, cap);         \
            if (cap < need_) {                                                                 \
                CHECK(E.detail == POLYID_DETAIL_LENGTH && E.found == (int64_t)cap &&            \
                          E.expected == (int64_t)need_,                                        \
                      "found %" PRId64 " expected %" PRId64, E.found, E.expected);             \
                if (cap > 0) CHECK(out[0] == 0, "out emptied");                                \
            } else {                                                                           \
                STREQ(out, expect_text);                                                       \
            }                                                                                  \
        }                                                                                      \
        free(buf);                                                                             \
    } while (0)

static void test_catalog_null_pointers(void) {
    polyid_catalog *c = load(MINIMAL), *none = NULL;
    polyid_catalog_entry entry = {"E.Auth.Token.001", "m", NULL, NULL, 0, NULL, 0, NULL};
    polyid_catalog_expansion x;
    char out[256];
    size_t n;
    bool found;
    uint8_t sk[32], pk[32], sig[64];
    const char *names[] = {"a"}, *values[] = {"b"}, *null_names[] = {NULL}, *null_values[] = {NULL};

    EXPECT(POLYID_NULL_POINTER, polyid_catalog_load(NULL, &none, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_load(MINIMAL, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_load_n(NULL, 2, &none, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_load_n(MINIMAL, strlen(MINIMAL), NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_build(NULL, 1, &none, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_build(&entry, 1, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_build_namespaced(NULL, &entry, 1, &none, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_build_namespaced("auth_lib", NULL, 1, &none, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_build_namespaced("auth_lib", &entry, 1, NULL, &E));
    polyid_catalog_entry bad = entry;
    bad.code = NULL;
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_build(&bad, 1, &none, &E));
    bad = entry;
    bad.message = NULL;
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_build(&bad, 1, &none, &E));
    bad = entry;
    bad.hints_len = 1; /* hints NULL with a count */
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_build(&bad, 1, &none, &E));
    bad.hints = null_names; /* one NULL hint */
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_build(&bad, 1, &none, &E));
    bad = entry;
    bad.tags_len = 1;
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_build(&bad, 1, &none, &E));
    CHECK(none == NULL, "no catalog on failure");
    /* NULL arrays are fine with a count of 0: an empty catalog. */
    EXPECT(POLYID_OK, polyid_catalog_build(NULL, 0, &none, &E));
    EXPECT(POLYID_OK, polyid_catalog_len(none, &n, &E));
    CHECK(n == 0, "empty catalog");
    polyid_catalog_free(none);
    none = NULL;

    EXPECT(POLYID_NULL_POINTER, polyid_catalog_len(NULL, &n, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_len(c, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_id(NULL, 0, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_id(c, 0, NULL, 12, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_namespace_hash(NULL, out, sizeof out, &found, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_namespace_hash(c, NULL, 6, &found, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_namespace_hash(c, out, sizeof out, NULL, &E));

    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand(NULL, "0yRgf", NULL, NULL, 0, &x, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand(c, NULL, NULL, NULL, 0, &x, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand(c, "0yRgf", NULL, values, 1, &x, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand(c, "0yRgf", names, NULL, 1, &x, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand(c, "0yRgf", null_names, values, 1, &x, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand(c, "0yRgf", names, null_values, 1, &x, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand(c, "0yRgf", NULL, NULL, 0, NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand(c, "0yRgf", NULL, NULL, 0, &x, NULL, 64, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand_n(c, NULL, 5, NULL, NULL, 0, &x, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand_json(NULL, "0yRgf", "{}", &x, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand_json(c, NULL, "{}", &x, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand_json(c, "0yRgf", NULL, &x, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand_json(c, "0yRgf", "{}", NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand_json(c, "0yRgf", "{}", &x, NULL, 64, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand_json_n(c, "0yRgf", 5, NULL, 2, &x, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand_payload(NULL, "{}", out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand_payload(c, NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand_payload(c, "{}", NULL, 64, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_expand_payload_n(c, NULL, 2, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_to_json(NULL, POLYID_CATALOG_FULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_to_json(c, POLYID_CATALOG_FULL, NULL, 64, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_canonical(NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_canonical(c, NULL, 64, &E));

    EXPECT(POLYID_NULL_POINTER, polyid_catalog_keypair_generate(NULL, pk, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_keypair_generate(sk, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_public_key(NULL, pk, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_public_key(RFC8032_SECRET, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_sign(NULL, RFC8032_SECRET, sig, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_sign(c, NULL, sig, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_sign(c, RFC8032_SECRET, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_verify(NULL, RFC8032_PUBLIC, sig, 64, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_verify(c, NULL, sig, 64, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_verify(c, RFC8032_PUBLIC, NULL, 64, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_entry_json(NULL, "0yRgf", out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_entry_json(c, NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_entry_json(c, "0yRgf", NULL, 64, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_entry_json_n(c, NULL, 5, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_collisions(NULL, 1, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_collisions(null_names, 1, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_catalog_collisions(names, 1, NULL, 64, &E));
    EXPECT(POLYID_OK, polyid_catalog_collisions(NULL, 0, out, sizeof out, &E));
    STREQ(out, "[]");
    polyid_catalog_free(NULL); /* a no-op */

    EXPECT(POLYID_NULL_POINTER, polyid_extuuid_encode(NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_extuuid_encode(GBP_TEXT, NULL, 37, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_extuuid_encode_n(NULL, 3, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_extuuid_decode(NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_extuuid_decode(GBP_UUID, NULL, 64, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_extuuid_decode_n(NULL, 36, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_extuuid_inspect(NULL, out, sizeof out, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_extuuid_inspect(GBP_TEXT, NULL, 64, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_extuuid_inspect_n(NULL, 3, out, sizeof out, &E));
    polyid_catalog_free(c);
}

static void test_catalog_buffers(void) {
    polyid_catalog *c = load(MINIMAL), *ns = load(NAMESPACED);
    polyid_catalog_expansion x;
    bool found = true;
    /* IDs in order, then the namespace hash (none / "05o5h"). */
    BUFFER_TEST(POLYID_COMPACT_ID_LEN, "0yRgf", polyid_catalog_id(c, 0, out, out_cap, &E));
    BUFFER_TEST(POLYID_COMPACT_ID_LEN, "AcAGP", polyid_catalog_id(c, 1, out, out_cap, &E));
    BUFFER_TEST(POLYID_FULL_ID_LEN, "05o5h-V6a0B", polyid_catalog_id(ns, 0, out, out_cap, &E));
    BUFFER_TEST(POLYID_COMPACT_ID_LEN, "", polyid_catalog_namespace_hash(c, out, out_cap, &found, &E));
    CHECK(!found, "no namespace");
    BUFFER_TEST(POLYID_COMPACT_ID_LEN, "05o5h", polyid_catalog_namespace_hash(ns, out, out_cap, &found, &E));
    CHECK(found, "namespace hash found");
    /* The message of an expansion; the fixed part only on success. */
    BUFFER_TEST(6, "cache", polyid_catalog_expand(c, "0yRgf", NULL, NULL, 0, &x, out, out_cap, &E));
    STREQ(x.code, "W.CACHE.DATA.018");
    STREQ(x.id, "0yRgf");
    CHECK(x.severity == 'W', "severity %c", x.severity);
    const char *names[] = {"x"}, *values[] = {"\xe2\x9c\x93"};
    BUFFER_TEST(10, "token \xe2\x9c\x93", polyid_catalog_expand(ns, "V6a0B", names, values, 1, &x, out, out_cap, &E));
    STREQ(x.id, "05o5h-V6a0B"); /* the catalog's ID, also for the bare compact ID */
    STREQ(x.code, "E.AUTH.TOKEN.001");
    BUFFER_TEST(9, "token 12", polyid_catalog_expand_json(ns, "05o5h-V6a0B", "{\"x\": 12}", &x, out, out_cap, &E));
    BUFFER_TEST(9, "token 12", polyid_catalog_expand_json_n(ns, "05o5h-V6a0Bzz", 11, "{\"x\":12}", 8, &x, out, out_cap, &E));
    static const char payload_out[] = "[{\"id\":\"0yRgf\",\"code\":\"W.CACHE.DATA.018\",\"severity\":\"W\",\"message\":\"cache\"}]";
    HEAP_BUFFER_TEST(sizeof payload_out, payload_out, polyid_catalog_expand_payload(c, "{\"0yRgf\": {}}", out, out_cap, &E));
    HEAP_BUFFER_TEST(sizeof MINIMAL_CANONICAL, MINIMAL_CANONICAL, polyid_catalog_canonical(c, out, out_cap, &E));
    static const char minimal_out[] = "{\"0yRgf\":[\"W.CACHE.DATA.018\",\"cache\"],\"AcAGP\":[\"E.AUTH.TOKEN.003\",\"third\"]}";
    HEAP_BUFFER_TEST(sizeof minimal_out, minimal_out, polyid_catalog_to_json(c, POLYID_CATALOG_MINIMAL, out, out_cap, &E));
    static const char entry_out[] = "{\"id\":\"05o5h-V6a0B\",\"code\":\"E.AUTH.TOKEN.001\",\"severity\":\"E\","
                                    "\"message\":\"token {{x}}\",\"description\":null,\"hints\":[],\"tags\":[],"
                                    "\"fields\":[\"x\"],\"docs_url\":null}";
    HEAP_BUFFER_TEST(sizeof entry_out, entry_out, polyid_catalog_entry_json(ns, "V6a0B", out, out_cap, &E));
    HEAP_BUFFER_TEST(sizeof entry_out, entry_out, polyid_catalog_entry_json_n(ns, "05o5h-V6a0B", 11, out, out_cap, &E));
    /* The colliding pair of docs/spec's birthday search (tests/vectors/README.md). */
    const char *pair[] = {"C.AUTH.READ.974", "E.A.B.001", "s.auth.read.898", "S.AUTH.READ.898"};
    static const char collisions_out[] = "[{\"id\":\"xv0cV\",\"codes\":[\"C.AUTH.READ.974\",\"S.AUTH.READ.898\"]}]";
    HEAP_BUFFER_TEST(sizeof collisions_out, collisions_out, polyid_catalog_collisions(pair, 4, out, out_cap, &E));
    polyid_catalog_free(c);
    polyid_catalog_free(ns);

    BUFFER_TEST(POLYID_EXTUUID_LEN, GBP_UUID, polyid_extuuid_encode(GBP_TEXT, out, out_cap, &E));
    BUFFER_TEST(POLYID_EXTUUID_LEN, GBP_UUID, polyid_extuuid_encode_n(GBP_TEXT, strlen(GBP_TEXT), out, out_cap, &E));
    BUFFER_TEST(sizeof GBP_CANONICAL, GBP_CANONICAL, polyid_extuuid_decode(GBP_UUID, out, out_cap, &E));
    BUFFER_TEST(sizeof GBP_CANONICAL, GBP_CANONICAL, polyid_extuuid_decode_n("49083027-D200-8000-8000-00000021EBFC", 36, out, out_cap, &E));
    HEAP_BUFFER_TEST(sizeof INT_INSPECT, INT_INSPECT, polyid_extuuid_inspect("int:-42", out, out_cap, &E));
    HEAP_BUFFER_TEST(sizeof INT_INSPECT, INT_INSPECT, polyid_extuuid_inspect_n("84000000-0000-8000-8000-00000000002a", 36, out, out_cap, &E));

    /* Order of checks: a fixed-size capacity before the core runs; a variable-size
     * result's capacity after it. */
    char out[8] = "junk";
    EXPECT(POLYID_BUFFER_TOO_SMALL, polyid_extuuid_encode("not a value", out, 8, &E));
    STREQ(out, "");
    EXPECT(POLYID_INVALID_LENGTH, polyid_extuuid_decode("49083027-d200-8000-8000-00000021ebf", out, 1, &E));
}

static void test_catalog_utf8(void) {
    static const char *bad[] = {"\xff", "E.A.B.\x80", "\xc0\xaf", "\xed\xa0\x80", "x\xf4\x90\x80\x80"};
    static const size_t offset[] = {0, 6, 0, 0, 1};
    polyid_catalog *c = load(MINIMAL), *none = NULL;
    polyid_catalog_expansion x;
    char out[256];
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        const char *s = bad[k];
        size_t n = strlen(s);
        const char *one[] = {s}, *ok[] = {"ok"};
#define UTF8(call)                                                                          \
    do {                                                                                    \
        EXPECT(POLYID_INVALID_UTF8, call);                                                  \
        CHECK(E.detail == POLYID_DETAIL_BYTE_OFFSET && E.index == offset[k],                 \
              "%s: offset %" PRIu64 ", want %zu", #call, E.index, offset[k]);               \
    } while (0)
        UTF8(polyid_catalog_load(s, &none, &E));
        UTF8(polyid_catalog_load_n(s, n, &none, &E));
        polyid_catalog_entry e = {"E.Auth.Token.001", "m", NULL, NULL, 0, NULL, 0, NULL};
        e.code = s;
        UTF8(polyid_catalog_build(&e, 1, &none, &E));
        e.code = "E.Auth.Token.001";
        e.message = s;
        UTF8(polyid_catalog_build(&e, 1, &none, &E));
        e.message = "m";
        e.description = s;
        UTF8(polyid_catalog_build(&e, 1, &none, &E));
        e.description = NULL;
        e.docs_url = s;
        UTF8(polyid_catalog_build(&e, 1, &none, &E));
        e.docs_url = NULL;
        e.hints = one;
        e.hints_len = 1;
        UTF8(polyid_catalog_build(&e, 1, &none, &E));
        e.hints = NULL;
        e.hints_len = 0;
        e.tags = one;
        e.tags_len = 1;
        UTF8(polyid_catalog_build(&e, 1, &none, &E));
        e.tags = NULL;
        e.tags_len = 0;
        UTF8(polyid_catalog_build_namespaced(s, &e, 1, &none, &E));
        CHECK(none == NULL, "no catalog on failure");
        UTF8(polyid_catalog_expand(c, s, NULL, NULL, 0, &x, out, sizeof out, &E));
        UTF8(polyid_catalog_expand_n(c, s, n, NULL, NULL, 0, &x, out, sizeof out, &E));
        UTF8(polyid_catalog_expand(c, "0yRgf", one, ok, 1, &x, out, sizeof out, &E));
        UTF8(polyid_catalog_expand(c, "0yRgf", ok, one, 1, &x, out, sizeof out, &E));
        UTF8(polyid_catalog_expand_json(c, s, "{}", &x, out, sizeof out, &E));
        UTF8(polyid_catalog_expand_json(c, "0yRgf", s, &x, out, sizeof out, &E));
        UTF8(polyid_catalog_expand_json_n(c, s, n, "{}", 2, &x, out, sizeof out, &E));
        UTF8(polyid_catalog_expand_json_n(c, "0yRgf", 5, s, n, &x, out, sizeof out, &E));
        UTF8(polyid_catalog_expand_payload(c, s, out, sizeof out, &E));
        UTF8(polyid_catalog_entry_json(c, s, out, sizeof out, &E));
        UTF8(polyid_catalog_entry_json_n(c, s, n, out, sizeof out, &E));
        const char *codes[] = {"E.A.B.001", s};
        UTF8(polyid_catalog_collisions(codes, 2, out, sizeof out, &E));
        UTF8(polyid_catalog_expand_payload_n(c, s, n, out, sizeof out, &E));
        UTF8(polyid_extuuid_encode(s, out, sizeof out, &E));
        UTF8(polyid_extuuid_encode_n(s, n, out, sizeof out, &E));
        UTF8(polyid_extuuid_decode(s, out, sizeof out, &E));
        UTF8(polyid_extuuid_decode_n(s, n, out, sizeof out, &E));
        UTF8(polyid_extuuid_inspect(s, out, sizeof out, &E));
        UTF8(polyid_extuuid_inspect_n(s, n, out, sizeof out, &E));
#undef UTF8
    }
    /* Lengths beyond PTRDIFF_MAX are refused before anything is read. */
    EXPECT(POLYID_INVALID_LENGTH, polyid_catalog_load_n("{}", SIZE_MAX, &none, &E));
    EXPECT(POLYID_INVALID_LENGTH, polyid_catalog_expand_payload_n(c, "{}", SIZE_MAX, out, sizeof out, &E));
    EXPECT(POLYID_INVALID_LENGTH, polyid_catalog_verify(c, RFC8032_PUBLIC, (const uint8_t *)"x", SIZE_MAX, &E));
    EXPECT(POLYID_INVALID_LENGTH, polyid_extuuid_encode_n("x", SIZE_MAX, out, sizeof out, &E));
    /* Counts beyond any C array are refused before anything is read. */
    const char *names[] = {"x"};
    polyid_catalog_entry e = {"E.Auth.Token.001", "m", NULL, NULL, 0, NULL, 0, NULL};
    EXPECT(POLYID_OUT_OF_RANGE, polyid_catalog_build(&e, SIZE_MAX, &none, &E));
    EXPECT(POLYID_OUT_OF_RANGE, polyid_catalog_expand(c, "0yRgf", names, names, SIZE_MAX, &x, out, sizeof out, &E));
    EXPECT(POLYID_OUT_OF_RANGE, polyid_catalog_collisions(names, SIZE_MAX, out, sizeof out, &E));
    /* Embedded NUL bytes in the (pointer, length) variants are ordinary characters. */
    EXPECT(POLYID_INVALID_CATALOG, polyid_catalog_load_n("{}\0", 3, &none, &E));
    EXPECT(POLYID_NOT_FOUND, polyid_catalog_expand_n(c, "0yR\0f", 5, NULL, NULL, 0, &x, out, sizeof out, &E));
    EXPECT(POLYID_OK, polyid_catalog_expand_n(c, "0yRgf\0", 5, NULL, NULL, 0, &x, out, sizeof out, &E));
    STREQ(out, "cache");
    polyid_catalog_free(c);
}

static void test_catalog_values(void) {
    polyid_catalog *c = NULL, *again = NULL;
    polyid_catalog_expansion x;
    char out[1024], *big;
    size_t n;
    /* Build (docs/spec IDs), with every optional member. */
    const char *hints[] = {"send a token"}, *tags[] = {"auth", "security"};
    polyid_catalog_entry entries[] = {
        {"E.Auth.Token.MISSING", "token missing for {{user}}", "No bearer token.", hints, 1, tags, 2,
         "https://example.com/V6a0B"},
        {"W.Database.Connection.027", "slow connection", NULL, NULL, 0, NULL, 0, NULL},
    };
    EXPECT(POLYID_OK, polyid_catalog_build(entries, 2, &c, &E));
    EXPECT(POLYID_OK, polyid_catalog_len(c, &n, &E));
    CHECK(n == 2, "len %zu", n);
    EXPECT(POLYID_OK, polyid_catalog_id(c, 0, out, sizeof out, &E));
    STREQ(out, "KF52S");
    EXPECT(POLYID_OK, polyid_catalog_id(c, 1, out, sizeof out, &E));
    STREQ(out, "V6a0B");
    EXPECT(POLYID_OUT_OF_RANGE, polyid_catalog_id(c, 2, out, sizeof out, &E));
    CHECK(E.detail == POLYID_DETAIL_RANGE && E.found == 2 && E.min == 0 && E.max == 1, "index range");
    EXPECT(POLYID_OUT_OF_RANGE, polyid_catalog_id(c, SIZE_MAX, out, sizeof out, &E));
    EXPECT(POLYID_OK, polyid_catalog_entry_json(c, "V6a0B", out, sizeof out, &E));
    STREQ(out, "{\"id\":\"V6a0B\",\"code\":\"E.AUTH.TOKEN.001\",\"severity\":\"E\",\"message\":\"token missing for "
               "{{user}}\",\"description\":\"No bearer token.\",\"hints\":[\"send a token\"],\"tags\":[\"auth\","
               "\"security\"],\"fields\":[\"user\"],\"docs_url\":\"https://example.com/V6a0B\"}");
    EXPECT(POLYID_NOT_FOUND, polyid_catalog_entry_json(c, "35Jkp", out, sizeof out, &E));
    EXPECT(POLYID_NOT_FOUND, polyid_catalog_entry_json(c, "05o5h-V6a0B", out, sizeof out, &E));
    const char *no_pair[] = {"E.Auth.Token.001", "E.AUTH.TOKEN.MISSING"};
    EXPECT(POLYID_OK, polyid_catalog_collisions(no_pair, 2, out, sizeof out, &E));
    STREQ(out, "[]"); /* one code twice is no collision */
    const char *bad_code[] = {"E.Auth.Token.001", "X.Auth.Token.001"};
    EXPECT(POLYID_INVALID_SEVERITY, polyid_catalog_collisions(bad_code, 2, out, sizeof out, &E));
    /* Expansion: named fields; the first of two equal names counts; missing fields. */
    const char *names[] = {"user", "user"}, *values[] = {"ada", "bob"};
    EXPECT(POLYID_OK, polyid_catalog_expand(c, "V6a0B", names, values, 2, &x, out, sizeof out, &E));
    STREQ(out, "token missing for ada");
    CHECK(x.severity == 'E', "severity");
    STREQ(x.code, "E.AUTH.TOKEN.001");
    EXPECT(POLYID_MISSING_FIELD, polyid_catalog_expand(c, "V6a0B", NULL, NULL, 0, &x, out, sizeof out, &E));
    CHECK(strstr(E.message, "user") != NULL, "names the field: %s", E.message);
    STREQ(out, "");
    EXPECT(POLYID_NOT_FOUND, polyid_catalog_expand(c, "35Jkp", NULL, NULL, 0, &x, out, sizeof out, &E));
    EXPECT(POLYID_NOT_FOUND, polyid_catalog_expand(c, "", NULL, NULL, 0, &x, out, sizeof out, &E));
    EXPECT(POLYID_OK, polyid_catalog_expand_json(c, "V6a0B", "{\"user\": true}", &x, out, sizeof out, &E));
    STREQ(out, "token missing for true");
    EXPECT(POLYID_OK, polyid_catalog_expand_json(c, "V6a0B", " {\"user\": \"a\\\"b\"} ", &x, out, sizeof out, &E));
    STREQ(out, "token missing for a\"b");
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_catalog_expand_json(c, "V6a0B", "[]", &x, out, sizeof out, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_catalog_expand_json(c, "V6a0B", "{", &x, out, sizeof out, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_catalog_expand_json(c, "V6a0B", "", &x, out, sizeof out, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_catalog_expand_payload(c, "[]", out, sizeof out, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_catalog_expand_payload(c, "{\"KF52S\": {\"f\": 2}}", out, sizeof out, &E));
    EXPECT(POLYID_MISSING_FIELD, polyid_catalog_expand_payload(c, "{\"V6a0B\": {}}", out, sizeof out, &E));
    EXPECT(POLYID_OK, polyid_catalog_expand_payload(c, "{}", out, sizeof out, &E));
    STREQ(out, "[]");
    /* Forms: unknown ones fail; each known one loads back to the same canonical bytes. */
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_catalog_to_json(c, 3, out, sizeof out, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_catalog_to_json(c, -1, out, sizeof out, &E));
    char canonical[1024];
    EXPECT(POLYID_OK, polyid_catalog_canonical(c, canonical, sizeof canonical, &E));
    CHECK(strstr(canonical, "\"h\":[\"send a token\"]") && strstr(canonical, "\"t\":[\"auth\",\"security\"]") &&
              strstr(canonical, "\"u\":\"https://example.com/V6a0B\"") && strstr(canonical, "\"d\":\"No bearer token.\""),
          "optional members in the canonical bytes: %s", canonical);
    for (int form = POLYID_CATALOG_FULL; form <= POLYID_CATALOG_MINIMAL; form++) {
        /* The size query: capacity 0 reports the size needed. */
        char probe;
        EXPECT(POLYID_BUFFER_TOO_SMALL, polyid_catalog_to_json(c, form, &probe, 0, &E));
        size_t need = (size_t)E.expected;
        big = malloc(need);
        EXPECT(POLYID_OK, polyid_catalog_to_json(c, form, big, need, &E));
        CHECK(strlen(big) + 1 == need, "size");
        EXPECT(POLYID_OK, polyid_catalog_load_n(big, need - 1, &again, &E));
        free(big);
        EXPECT(POLYID_OK, polyid_catalog_canonical(again, out, sizeof out, &E));
        if (form == POLYID_CATALOG_MINIMAL) {
            /* The minimal form keeps codes and messages only. */
            CHECK(strstr(out, "send a token") == NULL, "minimal drops hints");
        } else {
            STREQ(out, canonical);
        }
        polyid_catalog_free(again);
        again = NULL;
    }
    /* Signatures: RFC 8032 TEST 1's key, a generated key, tampering. */
    uint8_t pk[32], sk[32], sig[64], sig2[64];
    EXPECT(POLYID_OK, polyid_catalog_public_key(RFC8032_SECRET, pk, &E));
    CHECK(memcmp(pk, RFC8032_PUBLIC, 32) == 0, "RFC 8032 public key");
    EXPECT(POLYID_OK, polyid_catalog_sign(c, RFC8032_SECRET, sig, &E));
    EXPECT(POLYID_OK, polyid_catalog_sign(c, RFC8032_SECRET, sig2, &E));
    CHECK(memcmp(sig, sig2, 64) == 0, "Ed25519 is deterministic");
    EXPECT(POLYID_OK, polyid_catalog_verify(c, RFC8032_PUBLIC, sig, 64, &E));
    EXPECT(POLYID_INVALID_SIGNATURE, polyid_catalog_verify(c, RFC8032_PUBLIC, sig, 63, &E));
    EXPECT(POLYID_INVALID_SIGNATURE, polyid_catalog_verify(c, RFC8032_PUBLIC, sig, 0, &E));
    sig2[10] ^= 1;
    EXPECT(POLYID_INVALID_SIGNATURE, polyid_catalog_verify(c, RFC8032_PUBLIC, sig2, 64, &E));
    EXPECT(POLYID_OK, polyid_catalog_keypair_generate(sk, pk, &E));
    uint8_t pk2[32];
    EXPECT(POLYID_OK, polyid_catalog_public_key(sk, pk2, &E));
    CHECK(memcmp(pk, pk2, 32) == 0, "generated pair matches");
    EXPECT(POLYID_OK, polyid_catalog_sign(c, sk, sig2, &E));
    EXPECT(POLYID_OK, polyid_catalog_verify(c, pk, sig2, 64, &E));
    EXPECT(POLYID_INVALID_SIGNATURE, polyid_catalog_verify(c, RFC8032_PUBLIC, sig2, 64, &E));
    /* The same entries with another message: the old signature no longer verifies. */
    entries[1].message = "slower connection";
    EXPECT(POLYID_OK, polyid_catalog_build(entries, 2, &again, &E));
    EXPECT(POLYID_INVALID_SIGNATURE, polyid_catalog_verify(again, RFC8032_PUBLIC, sig, 64, &E));
    polyid_catalog_free(again);
    again = NULL;
    /* Build errors. */
    polyid_catalog_entry dup[] = {{"E.AUTH.TOKEN.001", "a", NULL, NULL, 0, NULL, 0, NULL},
                                  {"E.Auth.Token.MISSING", "b", NULL, NULL, 0, NULL, 0, NULL}};
    EXPECT(POLYID_DUPLICATE_CODE, polyid_catalog_build(dup, 2, &again, &E));
    polyid_catalog_entry coll[] = {{"C.AUTH.READ.974", "a", NULL, NULL, 0, NULL, 0, NULL},
                                   {"S.AUTH.READ.898", "b", NULL, NULL, 0, NULL, 0, NULL}};
    EXPECT(POLYID_COLLISION, polyid_catalog_build(coll, 2, &again, &E));
    CHECK(strstr(E.message, "xv0cV") != NULL, "collision names the ID: %s", E.message);
    EXPECT(POLYID_INVALID_FORMAT, polyid_catalog_build((polyid_catalog_entry[]){{"E.AUTH.TOKEN", "m", NULL, NULL, 0, NULL, 0, NULL}}, 1, &again, &E));
    EXPECT(POLYID_INVALID_NAMESPACE, polyid_catalog_build_namespaced("Bad", entries, 2, &again, &E));
    CHECK(again == NULL, "no catalog on failure");
    EXPECT(POLYID_OK, polyid_catalog_build_namespaced("auth_lib", entries, 1, &again, &E));
    EXPECT(POLYID_OK, polyid_catalog_id(again, 0, out, sizeof out, &E));
    STREQ(out, "05o5h-V6a0B");
    polyid_catalog_free(again);
    again = NULL;
    /* Load errors. */
    EXPECT(POLYID_INVALID_CATALOG, polyid_catalog_load("", &again, &E));
    EXPECT(POLYID_INVALID_CATALOG, polyid_catalog_load("[]", &again, &E));
    EXPECT(POLYID_TAMPERED, polyid_catalog_load("{\"V6a0B\": [\"E.AUTH.TOKEN.002\", \"m\"]}", &again, &E));
    CHECK(again == NULL, "no catalog on failure");
    polyid_catalog_free(c);

    /* EXTUUID values (the draft's examples, as in tests/vectors/extuuid.json). */
    EXPECT(POLYID_OK, polyid_extuuid_encode("extuuid:fixedB4:GBP$:222.31", out, sizeof out, &E));
    STREQ(out, GBP_UUID);
    EXPECT(POLYID_OK, polyid_extuuid_encode("int:-42", out, sizeof out, &E));
    STREQ(out, "84000000-0000-8000-8000-00000000002a");
    EXPECT(POLYID_OK, polyid_extuuid_decode("84000000-0000-8000-8000-00000000002A", out, sizeof out, &E));
    STREQ(out, "extuuid:int:-42");
    EXPECT(POLYID_OK, polyid_extuuid_inspect(GBP_TEXT, out, sizeof out, &E));
    STREQ(out, "{\"kind\":\"fixed\",\"uuid\":\"49083027-d200-8000-8000-00000021ebfc\",\"text\":\"extuuid:fixedB4:GBP$:222.31\","
               "\"scheme\":\"B\",\"name\":\"GBP$\",\"places\":\"4\",\"amount\":\"2223100\"}");
    EXPECT(POLYID_OK, polyid_extuuid_inspect("quant:9.81*m/s2", out, sizeof out, &E));
    CHECK(strstr(out, "\"value\":9.81,") != NULL && strstr(out, "\"unit\":\"m/s2\"") != NULL, "quant: %s", out);
    /* A UUID of version 4 is not an EXTUUID. */
    EXPECT(POLYID_NOT_UUID_V8, polyid_extuuid_decode("84000000-0000-4000-8000-00000000002a", out, sizeof out, &E));
    EXPECT(POLYID_INVALID_LENGTH, polyid_extuuid_decode("", out, sizeof out, &E));
    EXPECT(POLYID_INVALID_FORMAT, polyid_extuuid_encode("", out, sizeof out, &E));
    /* A printed form above 1024 bytes. */
    big = malloc(2000);
    memset(big, '1', 1999);
    memcpy(big, "int:", 4);
    big[1999] = 0;
    EXPECT(POLYID_INVALID_LENGTH, polyid_extuuid_encode(big, out, sizeof out, &E));
    CHECK(E.detail == POLYID_DETAIL_LENGTH && E.found == 1999 && E.expected == 1024, "length detail");
    free(big);
}

/* The process-wide xid generator: batches increase and never repeat (22 random bits would
 * repeat ~12 times in 10,000 draws of one millisecond). */
static void test_xid_many(void) {
    enum { N = 10000 };
    static polyid_xid xs[N];
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generate_many(NULL, 1, &E));
    EXPECT(POLYID_OUT_OF_RANGE, polyid_xid_generate_many(xs, SIZE_MAX / 8, &E));
    EXPECT(POLYID_OK, polyid_xid_generate_many(xs, 0, &E));
    EXPECT(POLYID_OK, polyid_xid_generate_many(xs, N, &E));
    int inc = 1;
    for (int k = 1; k < N; k++) inc &= xs[k] > xs[k - 1];
    CHECK(inc, "xid batch strictly increasing");
    polyid_xid next;
    EXPECT(POLYID_OK, polyid_xid_generate(&next, &E));
    CHECK(next > xs[N - 1], "next xid after the batch");
}

/* One catalog read by several threads at once. */
typedef struct {
    const polyid_catalog *c;
    int ok;
} cat_worker;

static void *cat_work(void *arg) {
    cat_worker *w = arg;
    polyid_error err;
    w->ok = 1;
    for (int k = 0; k < 2000; k++) {
        char value[32], message[64];
        snprintf(value, sizeof value, "v%d", k);
        const char *names[] = {"x"}, *values[] = {value};
        polyid_catalog_expansion x;
        char want[64];
        snprintf(want, sizeof want, "token v%d", k);
        if (polyid_catalog_expand(w->c, "V6a0B", names, values, 1, &x, message, sizeof message, &err) != POLYID_OK ||
            strcmp(message, want) != 0 || strcmp(x.id, "05o5h-V6a0B") != 0)
            w->ok = 0;
        if (polyid_catalog_expand(w->c, "oFN7q-V6a0B", NULL, NULL, 0, &x, message, sizeof message, &err) !=
            POLYID_NOT_FOUND)
            w->ok = 0;
    }
    return NULL;
}

static void test_catalog_threads(void) {
    polyid_catalog *c = load(NAMESPACED);
    cat_worker w[4];
    pthread_t th[4];
    for (int k = 0; k < 4; k++) {
        w[k].c = c;
        pthread_create(&th[k], NULL, cat_work, &w[k]);
    }
    for (int k = 0; k < 4; k++) {
        pthread_join(th[k], NULL);
        CHECK(w[k].ok, "catalog thread %d", k);
    }
    polyid_catalog_free(c);
}

/* ------------------------------------------------------------------------------------ */
/* Generator options (docs/spec §6): every generator below that names a node runs on a
 * manual clock, so it claims nothing on the host; the process node is never assigned here. */

#define XID_EPOCH_MS 1321009871111LL
#define T0 1700000000000000LL /* microseconds */

/* Options with a manual clock at `micros`. */
static polyid_generator_options manual(int64_t micros) {
    polyid_generator_options o;
    memset(&o, 0x5a, sizeof o); /* _init must set every member */
    polyid_generator_options_init(&o);
    o.has_clock_micros = true;
    o.clock_micros = micros;
    return o;
}

static void test_options_null_pointers(void) {
    polyid_generator_options o = manual(T0);
    polyid_xid_generator *xg = NULL;
    polyid_tid_generator *tg = NULL;
    polyid_euid_generator *eg = NULL;
    polyid_xid x;
    polyid_tid t;
    polyid_euid e;
    int64_t n;
    uint64_t u;
    int32_t p;
    polyid_generator_options_init(NULL); /* ignored */
    EXPECT(POLYID_NULL_POINTER, polyid_process_node(NULL, &E));
    /* xid */
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_new(&o, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_new(NULL, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_resume(&o, 1, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_next(NULL, &x, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_next_many(NULL, &x, 1, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_node(NULL, &n, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_lead_ms(NULL, &u, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_max_lead_ms(NULL, &u, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_on_clock_behind(NULL, &p, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_set_clock_micros(NULL, 0, &E));
    EXPECT(POLYID_OK, polyid_xid_generator_new(&o, &xg, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_next(xg, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_next_many(xg, NULL, 1, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_next_many(xg, NULL, 0, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_node(xg, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_lead_ms(xg, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_max_lead_ms(xg, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_xid_generator_on_clock_behind(xg, NULL, &E));
    polyid_xid_generator_free(xg);
    /* TID */
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_new_with(&o, -1, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_resume(&o, -1, 1024, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_node(NULL, &n, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_lead_ms(NULL, &u, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_max_lead_ms(NULL, &u, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_on_clock_behind(NULL, &p, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_set_clock_micros(NULL, 0, &E));
    EXPECT(POLYID_OK, polyid_tid_generator_new_with(&o, 3, &tg, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_node(tg, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_lead_ms(tg, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_max_lead_ms(tg, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_on_clock_behind(tg, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_generator_next(tg, NULL, &E));
    polyid_tid_generator_free(tg);
    /* EUID */
    polyid_euid zero = polyid_euid_from_halves(0, 0);
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_new_with(&o, false, 0, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_resume_with(&o, false, 0, zero, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_lead_ms(NULL, &u, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_max_lead_ms(NULL, &u, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_on_clock_behind(NULL, &p, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_set_clock_micros(NULL, 0, &E));
    EXPECT(POLYID_OK, polyid_euid_generator_new_with(&o, false, 0, &eg, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_lead_ms(eg, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_max_lead_ms(eg, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_on_clock_behind(eg, NULL, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_euid_generator_next(eg, NULL, &E));
    polyid_euid_generator_free(eg);
    polyid_xid_generator_free(NULL);
    (void)t;
    (void)e;
}

static void test_bad_options(void) {
    polyid_xid_generator *xg = NULL;
    polyid_tid_generator *tg = NULL;
    polyid_euid_generator *eg = NULL;
    polyid_generator_options o;
    /* The defaults. */
    memset(&o, 0x5a, sizeof o);
    polyid_generator_options_init(&o);
    CHECK(o.node == -1 && !o.has_seed && o.max_lead_ms == POLYID_DEFAULT_MAX_LEAD_MS &&
              o.on_clock_behind == POLYID_CLOCK_BEHIND_FAIL && !o.has_clock_micros,
          "defaults");
    CHECK(POLYID_DEFAULT_MAX_LEAD_MS == 60000 && POLYID_MAX_LEAD_MS == 86400000 && POLYID_MAX_NODE == 959,
          "constants");
#define RANGE(call, lo, hi)                                                                   \
    do {                                                                                     \
        EXPECT(POLYID_OUT_OF_RANGE, call);                                                   \
        CHECK(E.detail == POLYID_DETAIL_RANGE && E.min == (lo) && E.max == (hi),              \
              "%s: min %" PRId64 " max %" PRId64, #call, E.min, E.max);                       \
    } while (0)
    /* node: -1 or 0-959 */
    const int64_t bad_nodes[] = {-2, 960, 1023, INT64_MIN, INT64_MAX};
    for (size_t k = 0; k < sizeof bad_nodes / sizeof bad_nodes[0]; k++) {
        o = manual(T0);
        o.node = bad_nodes[k];
        RANGE(polyid_xid_generator_new(&o, &xg, &E), 0, 959);
        RANGE(polyid_xid_generator_resume(&o, 0, &xg, &E), 0, 959);
        RANGE(polyid_tid_generator_new_with(&o, -1, &tg, &E), 0, 959);
        RANGE(polyid_tid_generator_resume(&o, -1, 1024, &tg, &E), 0, 959);
        RANGE(polyid_euid_generator_new_with(&o, false, 0, &eg, &E), 0, 959);
        RANGE(polyid_set_node(bad_nodes[k], &E), 0, 959);
        RANGE(polyid_node_check(bad_nodes[k], &E), 0, 959);
    }
    /* The checks take -1 as a number, not as "none". */
    RANGE(polyid_node_check(-1, &E), 0, 959);
    CHECK(strcmp(E.message, "node: -1 is out of range 0..=959") == 0, "%s", E.message);
    EXPECT(POLYID_OK, polyid_node_check(959, &E));
    RANGE(polyid_tid_clock_id_check(-1, &E), 0, 1023);
    CHECK(strcmp(E.message, "TID clock_id: -1 is out of range 0..=1023") == 0, "%s", E.message);
    RANGE(polyid_tid_clock_id_check(1024, &E), 0, 1023);
    EXPECT(POLYID_OK, polyid_tid_clock_id_check(0, &E));
    /* max_lead_ms: 0 to 86,400,000 */
    const uint64_t bad_leads[] = {86400001u, UINT64_MAX, (uint64_t)INT64_MAX + 1};
    for (size_t k = 0; k < sizeof bad_leads / sizeof bad_leads[0]; k++) {
        o = manual(T0);
        o.max_lead_ms = bad_leads[k];
        RANGE(polyid_xid_generator_new(&o, &xg, &E), 0, 86400000);
        RANGE(polyid_tid_generator_new_with(&o, -1, &tg, &E), 0, 86400000);
        RANGE(polyid_euid_generator_new_with(&o, false, 0, &eg, &E), 0, 86400000);
    }
    o = manual(T0);
    o.max_lead_ms = 86400000;
    EXPECT(POLYID_OK, polyid_xid_generator_new(&o, &xg, &E));
    polyid_xid_generator_free(xg);
    xg = NULL;
    /* on_clock_behind: a polyid_clock_behind value */
    const int32_t bad_policies[] = {2, -1, INT32_MIN, INT32_MAX};
    for (size_t k = 0; k < sizeof bad_policies / sizeof bad_policies[0]; k++) {
        o = manual(T0);
        o.on_clock_behind = bad_policies[k];
        EXPECT(POLYID_INVALID_ARGUMENT, polyid_xid_generator_new(&o, &xg, &E));
        CHECK(strstr(E.message, "on_clock_behind") != NULL, "%s", E.message);
        EXPECT(POLYID_INVALID_ARGUMENT, polyid_tid_generator_new_with(&o, -1, &tg, &E));
        EXPECT(POLYID_INVALID_ARGUMENT, polyid_euid_generator_new_with(&o, false, 0, &eg, &E));
        EXPECT(POLYID_INVALID_ARGUMENT, polyid_euid_generator_resume_with(&o, false, 0, polyid_euid_from_halves(0, 0), &eg, &E));
    }
    /* TID: a node and a clock id together; clock ids -1 or 0-1023 */
    o = manual(T0);
    o.node = 1;
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_tid_generator_new_with(&o, 3, &tg, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_tid_generator_resume(&o, 3, 1024, &tg, &E));
    o = manual(T0);
    const int64_t bad_ids[] = {-2, 1024, INT64_MIN, INT64_MAX};
    for (size_t k = 0; k < sizeof bad_ids / sizeof bad_ids[0]; k++) {
        RANGE(polyid_tid_generator_new_with(&o, bad_ids[k], &tg, &E), 0, 1023);
        RANGE(polyid_tid_generator_resume(&o, bad_ids[k], 1024, &tg, &E), 0, 1023);
    }
    /* TID resume: the one int64_t that is not a TID */
    polyid_tid bad_tid = (polyid_tid)((uint64_t)(-(1LL << 53)) << 10);
    EXPECT(POLYID_OUT_OF_RANGE, polyid_tid_generator_resume(&o, -1, bad_tid, &tg, &E));
    /* EUID: no node; extension 0-32767 */
    o = manual(T0);
    o.node = 3;
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_euid_generator_new_with(&o, false, 0, &eg, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_euid_generator_resume_with(&o, false, 0, polyid_euid_from_halves(0, 0), &eg, &E));
    o = manual(T0);
    RANGE(polyid_euid_generator_new_with(&o, true, 32768, &eg, &E), 0, POLYID_EUID_MAX_EXTENSION);
    RANGE(polyid_euid_generator_resume_with(&o, true, -1, polyid_euid_from_halves(0, 0), &eg, &E), 0,
          POLYID_EUID_MAX_EXTENSION);
    CHECK(xg == NULL && tg == NULL && eg == NULL, "no generator on failure");
    /* A manual clock outside the family's range fails at the first ID. */
    o = manual(0);
    EXPECT(POLYID_OK, polyid_xid_generator_new(&o, &xg, &E));
    polyid_xid x;
    RANGE(polyid_xid_generator_next(xg, &x, &E), POLYID_XID_EPOCH_MS, POLYID_XID_MAX_UNIX_MS);
    polyid_xid_generator_free(xg);
    /* set_clock_micros on a generator that reads the real clock (seeded: no process node). */
    o = manual(0);
    o.has_clock_micros = false;
    o.has_seed = true;
    o.seed = 1;
    EXPECT(POLYID_OK, polyid_xid_generator_new(&o, &xg, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_xid_generator_set_clock_micros(xg, T0, &E));
    CHECK(strstr(E.message, "real clock") != NULL, "%s", E.message);
    EXPECT(POLYID_OK, polyid_xid_generator_next(xg, &x, &E));
    CHECK(polyid_xid_unix_ms(x) > 1700000000000ULL, "real clock");
    polyid_xid_generator_free(xg);
    EXPECT(POLYID_OK, polyid_tid_generator_new_with(&o, -1, &tg, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_tid_generator_set_clock_micros(tg, T0, &E));
    polyid_tid_generator_free(tg);
    EXPECT(POLYID_OK, polyid_tid_generator_with_clock_id(9, &tg, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_tid_generator_set_clock_micros(tg, T0, &E));
    polyid_tid_generator_free(tg);
    EXPECT(POLYID_OK, polyid_euid_generator_new_with(&o, false, 0, &eg, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_euid_generator_set_clock_micros(eg, T0, &E));
    polyid_euid_generator_free(eg);
    EXPECT(POLYID_OK, polyid_euid_generator_new(false, 0, &eg, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_euid_generator_set_clock_micros(eg, T0, &E));
    polyid_euid_generator_free(eg);
#undef RANGE
}

/* Node layouts (docs/spec §6.2, §6.3) on a manual clock. */
static void test_node_layouts(void) {
    const int64_t ms = T0 / 1000 + 7;
    polyid_generator_options o = manual(ms * 1000 + 999);
    o.node = 5;
    polyid_xid_generator *xg;
    EXPECT(POLYID_OK, polyid_xid_generator_new(&o, &xg, &E));
    int64_t node = 0;
    EXPECT(POLYID_OK, polyid_xid_generator_node(xg, &node, &E));
    CHECK(node == 5, "xid node %" PRId64, node);
    polyid_xid xs[4100];
    EXPECT(POLYID_OK, polyid_xid_generator_next_many(xg, xs, 4097, &E));
    int layout = 1;
    for (uint64_t c = 0; c < 4096; c++)
        layout &= xs[c] == (((uint64_t)(ms - XID_EPOCH_MS) << 22) | (5u << 12) | c);
    CHECK(layout, "xid with node 5: ((ms - epoch) << 22) | 5 << 12 | counter");
    CHECK(((xs[0] >> 12) & 0x3ff) == 5, "node in bits 21-12");
    /* the 4,097th borrows the next millisecond, counter back to 0 */
    CHECK(xs[4096] == (((uint64_t)(ms + 1 - XID_EPOCH_MS) << 22) | (5u << 12)), "borrowed millisecond");
    uint64_t lead = 9, max = 0;
    int32_t policy = 7;
    EXPECT(POLYID_OK, polyid_xid_generator_lead_ms(xg, &lead, &E));
    EXPECT(POLYID_OK, polyid_xid_generator_max_lead_ms(xg, &max, &E));
    EXPECT(POLYID_OK, polyid_xid_generator_on_clock_behind(xg, &policy, &E));
    CHECK(lead == 1 && max == 60000 && policy == POLYID_CLOCK_BEHIND_FAIL, "lead %" PRIu64 " max %" PRIu64, lead, max);
    EXPECT(POLYID_OK, polyid_xid_generator_set_clock_micros(xg, (ms + 10) * 1000, &E));
    EXPECT(POLYID_OK, polyid_xid_generator_next(xg, &xs[0], &E));
    CHECK(xs[0] == (((uint64_t)(ms + 10 - XID_EPOCH_MS) << 22) | (5u << 12)), "new millisecond from counter 0");
    EXPECT(POLYID_OK, polyid_xid_generator_lead_ms(xg, &lead, &E));
    CHECK(lead == 0, "no lead");
    polyid_xid_generator_free(xg);

    /* TID with node 7: clock id 39 */
    o = manual(T0);
    o.node = 7;
    polyid_tid_generator *tg;
    EXPECT(POLYID_OK, polyid_tid_generator_new_with(&o, -1, &tg, &E));
    uint16_t cid = 0;
    EXPECT(POLYID_OK, polyid_tid_generator_clock_id(tg, &cid, &E));
    EXPECT(POLYID_OK, polyid_tid_generator_node(tg, &node, &E));
    CHECK(cid == 39 && node == 7, "TID node 7: clock id %u node %" PRId64, cid, node);
    polyid_tid ts[3];
    EXPECT(POLYID_OK, polyid_tid_generator_next_many(tg, ts, 3, &E));
    CHECK(polyid_tid_clock_id(ts[0]) == 39 && polyid_tid_micros(ts[0]) == T0 && polyid_tid_micros(ts[2]) == T0 + 2,
          "TIDs at the manual clock");
    polyid_tid_generator_free(tg);
    /* An explicit clock id has no node; a seeded generator draws one in 0-31. */
    o = manual(T0);
    EXPECT(POLYID_OK, polyid_tid_generator_new_with(&o, 1023, &tg, &E));
    EXPECT(POLYID_OK, polyid_tid_generator_node(tg, &node, &E));
    EXPECT(POLYID_OK, polyid_tid_generator_clock_id(tg, &cid, &E));
    CHECK(node == -1 && cid == 1023, "explicit clock id");
    polyid_tid_generator_free(tg);
    o.has_seed = true;
    o.seed = 7;
    EXPECT(POLYID_OK, polyid_tid_generator_new_with(&o, -1, &tg, &E));
    EXPECT(POLYID_OK, polyid_tid_generator_node(tg, &node, &E));
    EXPECT(POLYID_OK, polyid_tid_generator_clock_id(tg, &cid, &E));
    CHECK(node == -1 && cid < 32, "seeded clock id %u", cid);
    polyid_tid_generator_free(tg);
    /* A seeded xid generator has no node (a lane from the seed) and repeats exactly. */
    polyid_xid a[5], b[5];
    for (int run = 0; run < 2; run++) {
        o = manual(T0);
        o.has_seed = true;
        o.seed = 42;
        EXPECT(POLYID_OK, polyid_xid_generator_new(&o, &xg, &E));
        EXPECT(POLYID_OK, polyid_xid_generator_node(xg, &node, &E));
        CHECK(node == -1, "seeded xid without node");
        EXPECT(POLYID_OK, polyid_xid_generator_next_many(xg, run ? b : a, 5, &E));
        polyid_xid_generator_free(xg);
    }
    CHECK(memcmp(a, b, sizeof a) == 0 && a[1] == a[0] + 1, "seeded generators repeat exactly");
    /* Seeded EUID generators too. */
    polyid_euid ea[3], eb[3];
    for (int run = 0; run < 2; run++) {
        polyid_euid_generator *eg;
        o = manual(T0);
        o.has_seed = true;
        o.seed = 42;
        EXPECT(POLYID_OK, polyid_euid_generator_new_with(&o, true, 255, &eg, &E));
        EXPECT(POLYID_OK, polyid_euid_generator_next_many(eg, run ? eb : ea, 3, &E));
        polyid_euid_generator_free(eg);
    }
    CHECK(memcmp(ea, eb, sizeof ea) == 0 && polyid_euid_extension(ea[0]) == 255 &&
              polyid_euid_unix_ms(ea[0]) == (uint64_t)(T0 / 1000),
          "seeded EUIDs repeat exactly");
}

/* The lead bound (docs/spec §6.4): a step back larger than max_lead_ms fails with
 * CLOCK_BEHIND and leaves the generator as it was; the clock catching up recovers. */
static void test_clock_behind(void) {
    polyid_generator_options o = manual(T0);
    o.node = 2;
    o.max_lead_ms = 50;
    polyid_xid_generator *xg;
    EXPECT(POLYID_OK, polyid_xid_generator_new(&o, &xg, &E));
    polyid_xid x0, x1, x2;
    EXPECT(POLYID_OK, polyid_xid_generator_next(xg, &x0, &E));
    EXPECT(POLYID_OK, polyid_xid_generator_set_clock_micros(xg, T0 - 40000, &E)); /* 40 ms back: within */
    EXPECT(POLYID_OK, polyid_xid_generator_next(xg, &x1, &E));
    CHECK(x1 == x0 + 1, "counts on within the lead");
    uint64_t lead = 0;
    EXPECT(POLYID_OK, polyid_xid_generator_lead_ms(xg, &lead, &E));
    CHECK(lead == 40, "lead %" PRIu64, lead);
    EXPECT(POLYID_OK, polyid_xid_generator_set_clock_micros(xg, T0 - 51000, &E)); /* 51 ms back */
    EXPECT(POLYID_CLOCK_BEHIND, polyid_xid_generator_next(xg, &x2, &E));
    CHECK(strstr(E.message, "ahead of the clock") != NULL, "%s", E.message);
    polyid_xid batch[3] = {0, 0, 0};
    EXPECT(POLYID_CLOCK_BEHIND, polyid_xid_generator_next_many(xg, batch, 3, &E));
    CHECK(batch[0] == 0 && batch[2] == 0, "nothing written on failure");
    EXPECT(POLYID_OK, polyid_xid_generator_set_clock_micros(xg, T0, &E));
    EXPECT(POLYID_OK, polyid_xid_generator_next(xg, &x2, &E));
    CHECK(x2 == x1 + 1, "state unchanged by the failures");
    polyid_xid_generator_free(xg);

    /* wait on a manual clock that does not move: fails instead of hanging */
    o = manual(T0);
    o.node = 3;
    o.max_lead_ms = 0;
    o.on_clock_behind = POLYID_CLOCK_BEHIND_WAIT;
    EXPECT(POLYID_OK, polyid_xid_generator_new(&o, &xg, &E));
    int32_t policy = -1;
    EXPECT(POLYID_OK, polyid_xid_generator_on_clock_behind(xg, &policy, &E));
    CHECK(policy == POLYID_CLOCK_BEHIND_WAIT, "policy %d", policy);
    static polyid_xid full[4096];
    EXPECT(POLYID_OK, polyid_xid_generator_next_many(xg, full, 4096, &E));
    EXPECT(POLYID_CLOCK_BEHIND, polyid_xid_generator_next(xg, &x2, &E));
    polyid_xid_generator_free(xg);

    /* TID: max_lead_ms 1 = 1000 microseconds */
    o = manual(T0);
    o.node = 4;
    o.max_lead_ms = 1;
    polyid_tid_generator *tg;
    EXPECT(POLYID_OK, polyid_tid_generator_new_with(&o, -1, &tg, &E));
    polyid_tid t0, t1;
    EXPECT(POLYID_OK, polyid_tid_generator_next(tg, &t0, &E));
    EXPECT(POLYID_OK, polyid_tid_generator_set_clock_micros(tg, T0 - 5000, &E));
    EXPECT(POLYID_CLOCK_BEHIND, polyid_tid_generator_next(tg, &t1, &E));
    static polyid_tid many[1002];
    EXPECT(POLYID_OK, polyid_tid_generator_set_clock_micros(tg, T0 + 10, &E));
    EXPECT(POLYID_CLOCK_BEHIND, polyid_tid_generator_next_many(tg, many, 1002, &E)); /* one batch alone */
    EXPECT(POLYID_OK, polyid_tid_generator_next(tg, &t1, &E));
    CHECK(polyid_tid_micros(t1) == T0 + 10 && t1 > t0, "recovers");
    uint64_t max = 0;
    EXPECT(POLYID_OK, polyid_tid_generator_max_lead_ms(tg, &max, &E));
    CHECK(max == 1, "max_lead_ms");
    polyid_tid_generator_free(tg);

    /* EUID */
    o = manual(T0);
    o.has_seed = true;
    o.seed = 3;
    o.max_lead_ms = 1;
    polyid_euid_generator *eg;
    EXPECT(POLYID_OK, polyid_euid_generator_new_with(&o, false, 0, &eg, &E));
    polyid_euid e0, e1;
    EXPECT(POLYID_OK, polyid_euid_generator_next(eg, &e0, &E));
    EXPECT(POLYID_OK, polyid_euid_generator_set_clock_micros(eg, T0 - 5000, &E));
    EXPECT(POLYID_CLOCK_BEHIND, polyid_euid_generator_next(eg, &e1, &E));
    EXPECT(POLYID_OK, polyid_euid_generator_set_clock_micros(eg, T0 - 1000, &E));
    EXPECT(POLYID_OK, polyid_euid_generator_next(eg, &e1, &E));
    EXPECT(POLYID_OK, polyid_euid_generator_lead_ms(eg, &max, &E));
    CHECK(memcmp(&e1, &e0, 16) > 0 && max == 1, "EUID within the lead (lead %" PRIu64 ")", max);
    polyid_euid_generator_free(eg);
}

/* resume(last) never re-issues: every ID is greater than `last`, also when the clock is
 * behind it (the generator then starts with that lead). */
static void test_resume(void) {
    polyid_xid last;
    EXPECT(POLYID_OK, polyid_xid_from_parts(XID_EPOCH_MS + 500, (7 << 12) | 9, &last, &E));
    const struct {
        int64_t node;
        uint64_t want;
        uint64_t lead;
    } cases[] = {
        {7, (500ULL << 22) | (7 << 12) | 10, 20},
        {8, (500ULL << 22) | (8 << 12), 20},
        {6, (501ULL << 22) | (6 << 12), 21},
    };
    for (size_t k = 0; k < 3; k++) {
        polyid_generator_options o = manual((XID_EPOCH_MS + 480) * 1000);
        o.node = cases[k].node;
        polyid_xid_generator *xg;
        EXPECT(POLYID_OK, polyid_xid_generator_resume(&o, last, &xg, &E));
        polyid_xid x;
        uint64_t lead = 0;
        EXPECT(POLYID_OK, polyid_xid_generator_next(xg, &x, &E));
        EXPECT(POLYID_OK, polyid_xid_generator_lead_ms(xg, &lead, &E));
        CHECK(x > last && x == cases[k].want && lead == cases[k].lead, "node %" PRId64 ": %" PRIu64 " lead %" PRIu64,
              cases[k].node, x, lead);
        polyid_xid_generator_free(xg);
    }
    /* TID: a last TID ahead of the clock */
    polyid_tid tlast;
    EXPECT(POLYID_OK, polyid_tid_from_parts(T0 + 5000, 41, &tlast, &E));
    polyid_generator_options o = manual(T0);
    o.node = 9;
    polyid_tid_generator *tg;
    EXPECT(POLYID_OK, polyid_tid_generator_resume(&o, -1, tlast, &tg, &E));
    polyid_tid ts[2];
    EXPECT(POLYID_OK, polyid_tid_generator_next_many(tg, ts, 2, &E));
    CHECK(ts[0] > tlast && polyid_tid_micros(ts[0]) == T0 + 5001 && polyid_tid_clock_id(ts[0]) == 41 &&
              ts[1] > ts[0],
          "TID resume");
    uint64_t lead = 0;
    EXPECT(POLYID_OK, polyid_tid_generator_lead_ms(tg, &lead, &E));
    CHECK(lead == 5, "TID lead %" PRIu64, lead);
    polyid_tid_generator_free(tg);
    /* a resume too far ahead of the clock: the first ID is CLOCK_BEHIND, never a repeat */
    o = manual(T0 - 61000000);
    o.node = 9;
    EXPECT(POLYID_OK, polyid_tid_generator_resume(&o, -1, tlast, &tg, &E));
    EXPECT(POLYID_CLOCK_BEHIND, polyid_tid_generator_next(tg, &ts[0], &E));
    polyid_tid_generator_free(tg);
    /* EUID */
    polyid_euid elast;
    EXPECT(POLYID_OK, polyid_euid_parse("C8ZM14GR4JXG0MQXVY18S8TJNA6", &elast, &E));
    o = manual((int64_t)polyid_euid_unix_ms(elast) * 1000);
    o.has_seed = true;
    o.seed = 5;
    polyid_euid_generator *eg;
    EXPECT(POLYID_OK, polyid_euid_generator_resume_with(&o, false, 0, elast, &eg, &E));
    polyid_euid es[3];
    EXPECT(POLYID_OK, polyid_euid_generator_next_many(eg, es, 3, &E));
    CHECK(memcmp(&es[0], &elast, 16) > 0 && memcmp(&es[1], &es[0], 16) > 0, "EUID resume");
    polyid_euid_generator_free(eg);
}

/* The batch limit and count 0 for the xid generator, as for the others. */
static void test_xid_generator_batch(void) {
    polyid_generator_options o = manual(T0);
    o.node = 11;
    polyid_xid_generator *xg;
    EXPECT(POLYID_OK, polyid_xid_generator_new(&o, &xg, &E));
    polyid_xid xs[4] = {0, 0, 0, 0};
    EXPECT(POLYID_OUT_OF_RANGE, polyid_xid_generator_next_many(xg, xs, POLYID_MAX_BATCH + 1, &E));
    CHECK(strstr(E.message, "10000000") != NULL, "message names the limit: %s", E.message);
    EXPECT(POLYID_OUT_OF_RANGE, polyid_xid_generator_next_many(xg, xs, SIZE_MAX, &E));
    EXPECT(POLYID_OK, polyid_xid_generator_next_many(xg, xs, 0, &E));
    CHECK(xs[0] == 0, "count 0 writes nothing");
    EXPECT(POLYID_OK, polyid_xid_generator_next_many(xg, xs, 4, &E));
    CHECK(xs[3] == xs[0] + 3, "consecutive");
    polyid_xid_generator_free(xg);
}

/* One xid generator (default options: this process has no node, so a lane) shared by
 * several threads: unique, each thread's increasing. */
typedef struct {
    polyid_xid_generator *g;
    polyid_xid xs[PER_THREAD];
    int ok;
} xid_worker;

static void *xid_work(void *arg) {
    xid_worker *w = arg;
    polyid_error err;
    w->ok = 1;
    for (int k = 0; k < PER_THREAD; k += 5) {
        if (polyid_xid_generator_next_many(w->g, &w->xs[k], 5, &err) != POLYID_OK) w->ok = 0;
        if (k > 0 && w->xs[k] <= w->xs[k - 1]) w->ok = 0;
    }
    return NULL;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static void test_xid_generator_threads(void) {
    polyid_xid_generator *g;
    EXPECT(POLYID_OK, polyid_xid_generator_new(NULL, &g, &E));
    int64_t node = 0;
    EXPECT(POLYID_OK, polyid_xid_generator_node(g, &node, &E));
    CHECK(node == -1, "no process node in this program: %" PRId64, node);
    static xid_worker w[THREADS];
    pthread_t th[THREADS];
    for (int k = 0; k < THREADS; k++) {
        w[k].g = g;
        pthread_create(&th[k], NULL, xid_work, &w[k]);
    }
    static polyid_xid all[THREADS * PER_THREAD];
    for (int k = 0; k < THREADS; k++) {
        pthread_join(th[k], NULL);
        CHECK(w[k].ok, "xid thread %d", k);
        memcpy(all + k * PER_THREAD, w[k].xs, sizeof w[k].xs);
    }
    qsort(all, THREADS * PER_THREAD, sizeof all[0], cmp_u64);
    int unique = 1;
    for (int k = 1; k < THREADS * PER_THREAD; k++) unique &= all[k] != all[k - 1];
    CHECK(unique, "one xid generator shared by %d threads issues unique xids", THREADS);
    polyid_xid_generator_free(g);
}

/* A generator given a node before fork() does not carry it into the child (docs/spec §6.1). */
static void test_fork_node(void) {
    polyid_generator_options o = manual(T0);
    o.node = 21;
    polyid_xid_generator *xg;
    polyid_tid_generator *tg;
    EXPECT(POLYID_OK, polyid_xid_generator_new(&o, &xg, &E));
    EXPECT(POLYID_OK, polyid_tid_generator_new_with(&o, -1, &tg, &E));
    polyid_xid x;
    polyid_tid t;
    EXPECT(POLYID_OK, polyid_xid_generator_next(xg, &x, &E));
    EXPECT(POLYID_OK, polyid_tid_generator_next(tg, &t, &E));
    pid_t pid = fork();
    if (pid == 0) {
        polyid_error err;
        int64_t n;
        int ok = polyid_xid_generator_next(xg, &x, &err) == POLYID_NODE_REQUIRED &&
                 polyid_xid_generator_node(xg, &n, &err) == POLYID_NODE_REQUIRED &&
                 polyid_tid_generator_next(tg, &t, &err) == POLYID_NODE_REQUIRED;
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child: NODE_REQUIRED for a node given before fork (status %d)",
          status);
    EXPECT(POLYID_OK, polyid_xid_generator_next(xg, &x, &E)); /* the parent goes on */
    polyid_xid_generator_free(xg);
    polyid_tid_generator_free(tg);
}

/* Profiles (docs/spec §1.5, §3.5, §4.4). Waddling values: Python xxhash over the text
 * waddling-errors-hash hashes (trimmed, upper-cased), not polyid's output. */
static void test_profiles(void) {
    polyid_tid t = 0;
    EXPECT(POLYID_OK, polyid_tid_parse_as("3kxnlhr3gxq23", POLYID_PROFILE_ATPROTO, &t, &E));
    CHECK(t == ((int64_t)1721407246480310 << 10 | 1), "atproto TID value");
    EXPECT(POLYID_INVALID_LENGTH, polyid_tid_parse_as("3kxn-lhr-3gxq-23", POLYID_PROFILE_ATPROTO, &t, &E));
    CHECK(E.detail == POLYID_DETAIL_LENGTH && E.found == 16 && E.expected == 13, "found/expected");
    EXPECT(POLYID_INVALID_CHARACTER, polyid_tid_parse_as("skxnlhr3gxq23", POLYID_PROFILE_ATPROTO, &t, &E));
    CHECK(E.index == 0, "index 0");
    EXPECT(POLYID_OUT_OF_RANGE, polyid_tid_parse_as("ckxnlhr3gxq23", POLYID_PROFILE_ATPROTO, &t, &E));
    EXPECT(POLYID_OK, polyid_tid_parse_as("3kxn-lhr-3gxq-23", POLYID_PROFILE_POLYID, &t, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_tid_parse_as("3kxnlhr3gxq23", POLYID_PROFILE_EUID, &t, &E));
    CHECK(strstr(E.message, "does not define TIDs") != NULL, "%s", E.message);
    /* Any int: no invalid enum reaches Rust. */
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_tid_parse_as("3kxnlhr3gxq23", 4, &t, &E));
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_tid_parse_as("3kxnlhr3gxq23", -1, &t, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_parse_as(NULL, POLYID_PROFILE_ATPROTO, &t, &E));
    EXPECT(POLYID_NULL_POINTER, polyid_tid_parse_as("3kxnlhr3gxq23", POLYID_PROFILE_ATPROTO, NULL, &E));

    polyid_euid e;
    EXPECT(POLYID_OK, polyid_euid_parse_as("C8ZMi4GR4JXGoMQXVYl8S8TJNA6", POLYID_PROFILE_EUID, &e, &E));
    CHECK(e.bytes[0] == 0x62 && e.bytes[15] == 0xaa, "euid bytes");
    EXPECT(POLYID_INVALID_CHECKMOD, polyid_euid_parse_as("C8ZM14GR4JXG0MQXVY18S8TJNA7", POLYID_PROFILE_EUID, &e, &E));
    CHECK(E.found == 71 && E.expected == 70, "checkmod found/expected");
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_euid_parse_as("C8ZM14GR4JXG0MQXVY18S8TJNA6", POLYID_PROFILE_WADDLING, &e, &E));

    char out[POLYID_FULL_ID_LEN];
    EXPECT(POLYID_OK, polyid_compact_id_as("E.Auth.Token.MISSING", POLYID_PROFILE_WADDLING, out, sizeof out, &E));
    STREQ(out, "hPdQW");
    EXPECT(POLYID_OK, polyid_compact_id_as("E.Auth.Token.MISSING", POLYID_PROFILE_POLYID, out, sizeof out, &E));
    STREQ(out, "V6a0B");
    EXPECT(POLYID_OK, polyid_compact_id_as("E.AUTH.TOKEN.000", POLYID_PROFILE_WADDLING, out, sizeof out, &E));
    STREQ(out, "Uo8Uh");
    EXPECT(POLYID_INVALID_SEQUENCE, polyid_compact_id_as("E.AUTH.TOKEN.000", POLYID_PROFILE_POLYID, out, sizeof out, &E));
    STREQ(out, "");
    EXPECT(POLYID_BUFFER_TOO_SMALL, polyid_compact_id_as("E.A.B.001", POLYID_PROFILE_WADDLING, out, 5, &E));
    EXPECT(POLYID_OK, polyid_namespace_hash_as("Auth-Lib", POLYID_PROFILE_WADDLING, out, sizeof out, &E));
    STREQ(out, "C6uO5");
    EXPECT(POLYID_INVALID_NAMESPACE, polyid_namespace_hash_as("Auth-Lib", POLYID_PROFILE_POLYID, out, sizeof out, &E));
    EXPECT(POLYID_OK, polyid_full_id_as("auth_lib", "E.Auth.Token.001", POLYID_PROFILE_WADDLING, out, sizeof out, &E));
    STREQ(out, "05o5h-V6a0B");
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_full_id_as("auth_lib", "E.A.B.001", POLYID_PROFILE_ATPROTO, out, sizeof out, &E));

    polyid_full_id_parts parts;
    EXPECT(POLYID_OK, polyid_parse_full_id_as("V6a0B", POLYID_PROFILE_WADDLING, &parts, &E));
    STREQ(parts.namespace_hash, "");
    STREQ(parts.compact_id, "V6a0B");
    EXPECT(POLYID_OK, polyid_parse_full_id_as("05o5h-V6a0B", POLYID_PROFILE_WADDLING, &parts, &E));
    STREQ(parts.namespace_hash, "05o5h");
    EXPECT(POLYID_INVALID_LENGTH, polyid_parse_full_id_as("V6a0B", POLYID_PROFILE_POLYID, &parts, &E));
    CHECK(E.found == 5 && E.expected == 11, "found/expected");

    polyid_profile p = POLYID_PROFILE_POLYID;
    EXPECT(POLYID_OK, polyid_profile_from_name("waddling", &p, &E));
    CHECK(p == POLYID_PROFILE_WADDLING, "from name");
    EXPECT(POLYID_INVALID_ARGUMENT, polyid_profile_from_name("bluesky", &p, &E));
    CHECK(strstr(E.message, "bluesky") != NULL, "%s", E.message);
    EXPECT(POLYID_NULL_POINTER, polyid_profile_from_name(NULL, &p, &E));
}

/* A message quotes at most 64 characters of an input, with its length, control characters
 * escaped: no input grows a message or starts a line of a log. */
static void test_messages_quote_bounded(void) {
    polyid_error err;
    char out[16];
    size_t n = 1000000;
    char *huge = malloc(n + 9);
    CHECK(huge != NULL, "malloc");
    if (!huge) return;
    memset(huge, 'Q', n);
    memcpy(huge + n, ".A.B.001", 9);
    CHECK(polyid_compact_id(huge, out, sizeof out, &err) == POLYID_INVALID_SEVERITY, "huge severity");
    char want[256];
    snprintf(want, sizeof want, "WDP severity: invalid \"%.64s\"... (1000000 bytes)", huge);
    CHECK(strcmp(err.message, want) == 0, "bounded: %s", err.message);
    free(huge);
    CHECK(polyid_compact_id("W\nerror[OK]: forged.A.B.001", out, sizeof out, &err) == POLYID_INVALID_SEVERITY,
          "newline severity");
    CHECK(strcmp(err.message, "WDP severity: invalid \"W\\nerror[OK]: forged\"") == 0, "escaped: %s", err.message);
    CHECK(strchr(err.message, '\n') == NULL, "one line");
}

int main(void) {
    test_messages_quote_bounded();
    test_status_codes();
    test_err_null();
    test_null_pointers();
    test_buffers();
    test_invalid_utf8();
    test_overlong();
    test_embedded_nul();
    test_ranges();
    test_values();
    test_generators();
    test_fork();
    test_fork_while_generating();
    test_batch_limit();
    test_catalog_null_pointers();
    test_catalog_buffers();
    test_catalog_utf8();
    test_catalog_values();
    test_catalog_threads();
    test_xid_many();
    test_options_null_pointers();
    test_bad_options();
    test_node_layouts();
    test_clock_behind();
    test_resume();
    test_xid_generator_batch();
    test_xid_generator_threads();
    test_fork_node();
    test_profiles();
    const char *linkage = getenv("POLYID_TEST_LINKAGE");
    printf("bad-input (%s): %d passed, %d failed\n", linkage ? linkage : "C", passed, failed);
    return failed ? 1 : 0;
}
