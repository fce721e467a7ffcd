/*
 * The shared-vector harness of the C binding: runs one case of tests/vectors/<name>.json
 * through libpolyid and compares the result with the case's output or error.
 *
 * Used by the C test program (vectors.c) and by the matrix adapter (adapter.c). It only
 * translates JSON to C arguments and C results back to JSON; every identifier is
 * computed by libpolyid.
 */
#ifndef POLYID_HARNESS_H
#define POLYID_HARNESS_H

#include <jansson.h>
#include <stdint.h>

#include "polyid.h"

typedef enum { CASE_PASS, CASE_FAIL, CASE_SKIP } case_status;

typedef struct {
    case_status status;
    json_t *expected; /* on CASE_FAIL: what the vector wants (new reference) */
    json_t *got;      /* on CASE_FAIL: what libpolyid returned (new reference) */
    char reason[512]; /* on CASE_FAIL / CASE_SKIP: why */
    char message[POLYID_ERROR_MESSAGE_LEN]; /* on CASE_PASS of an error case: err->message */
} case_result;

/* Runs one case (an element of a file's "cases" array). Each case runs through the
 * (pointer, length) `_n` functions and, when no input string holds a NUL byte, through
 * the NUL-terminated ones too; both must match. The caller frees r->expected/r->got with
 * case_result_clear(). */
void run_case(const json_t *c, case_result *r);
void case_result_clear(case_result *r);

/* The outcome of one case as the matrix's replay reports it (new reference): the output,
 * or {"error": CODE}. NULL (with `why`) when the case is malformed or its op unknown. */
json_t *case_output(const json_t *c, char *why, size_t why_cap);

/* Loads DIR/<name>.json (sorted by name). Returns the number of files, or -1 (message on
 * stderr). *docs is a malloc'ed array of json_t* the caller frees with free_docs(). */
int load_vector_files(const char *dir, json_t ***docs);
void free_docs(json_t **docs, int n);

/* Integer formatting helpers (type translation only). */
void fmt_u64(uint64_t v, char out[24]);
void fmt_i64(int64_t v, char out[24]);
void fmt_u128(unsigned __int128 v, char out[48]);
void euid_to_u128(polyid_euid e, unsigned __int128 *v);

/* JSON readings of parsed IDs, as in the vectors (new references). */
json_t *xid_json(polyid_xid x);
json_t *tid_json(polyid_tid t);
json_t *euid_json(polyid_euid e);

#endif
