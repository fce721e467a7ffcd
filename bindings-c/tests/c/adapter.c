/*
 * The C runtime's matrix adapter (tests/matrix/PROTOCOL.md), linked statically against
 * libpolyid: `vectors DIR`, `generate N`, `read`, `replay FILE`, `demo`. Every identifier is computed by
 * libpolyid; this program only moves JSON in and out.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

static void die(const char *what, const polyid_error *err) {
    fprintf(stderr, "polyid C adapter: %s: %s\n", what, err ? err->message : "");
    exit(2);
}

static void emit(json_t *j) {
    char *s = json_dumps(j, JSON_ENCODE_ANY);
    if (!s) die("cannot encode JSON", NULL);
    puts(s);
    free(s);
    json_decref(j);
}

/* ------------------------------------------------------------------------------------ */

static int cmd_vectors(const char *dir) {
    json_t **docs;
    int nfiles = load_vector_files(dir, &docs);
    if (nfiles < 0) return 2;
    for (int f = 0; f < nfiles; f++) {
        const char *family = json_string_value(json_object_get(docs[f], "family"));
        size_t i;
        json_t *c;
        json_array_foreach(json_object_get(docs[f], "cases"), i, c) {
            const char *name = json_string_value(json_object_get(c, "name"));
            const char *op = json_string_value(json_object_get(c, "op"));
            char full[512];
            snprintf(full, sizeof full, "%s/%s", family, name ? name : "?");
            case_result r;
            run_case(c, &r);
            json_t *line = json_pack("{s:s, s:s}", "case", full, "op", op ? op : "?");
            if (r.status == CASE_PASS) {
                json_object_set_new(line, "status", json_string("pass"));
                if (r.message[0]) json_object_set_new(line, "message", json_string(r.message));
            } else if (r.status == CASE_SKIP) {
                json_object_set_new(line, "status", json_string("skip"));
                json_object_set_new(line, "reason", json_string(r.reason));
            } else {
                json_object_set_new(line, "status", json_string("fail"));
                json_object_set(line, "expected", r.expected ? r.expected : json_null());
                json_object_set(line, "got", r.got ? r.got : json_null());
                json_object_set_new(line, "reason", json_string(r.reason));
            }
            emit(line);
            case_result_clear(&r);
        }
    }
    free_docs(docs, nfiles);
    return 0;
}

/* ------------------------------------------------------------------------------------ */

static unsigned rnd(unsigned n) { return (unsigned)(random() % n); }

/* A random valid structured code (test input only: its compact ID comes from libpolyid). */
static void random_code(char *out, size_t cap) {
    static const char sev[] = "EWCBSKITHewcbskith";
    static const char alpha[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    static const char alnum[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    static const char *names[] = {"MISSING", "invalid", "Timeout", "NOT_FOUND", "COMPLETE"};
    char field[2][17];
    for (int f = 0; f < 2; f++) {
        unsigned len = 1 + rnd(16);
        field[f][0] = alpha[rnd(sizeof alpha - 1)];
        for (unsigned k = 1; k < len; k++) field[f][k] = alnum[rnd(sizeof alnum - 1)];
        field[f][len] = 0;
    }
    char seq[16];
    if (rnd(4) == 0) snprintf(seq, sizeof seq, "%s", names[rnd(5)]);
    else snprintf(seq, sizeof seq, "%03u", 1 + rnd(999));
    snprintf(out, cap, "%c.%s.%s.%s", sev[rnd(sizeof sev - 1)], field[0], field[1], seq);
}

static int cmd_generate(long n) {
    polyid_error err;
    polyid_tid_generator *tg;
    polyid_euid_generator *eg;
    if (polyid_tid_generator_new(&tg, &err) || polyid_euid_generator_new(false, 0, &eg, &err))
        die("generator", &err);
    srandom((unsigned)time(NULL) ^ (unsigned)getpid());
    json_t *xs = json_array(), *ts = json_array(), *es = json_array(), *exs = json_array(),
           *ws = json_array();
    for (long k = 0; k < n; k++) {
        char text[64];
        polyid_xid x;
        if (polyid_xid_generate(&x, &err) || polyid_xid_format(x, text, sizeof text, &err)) die("xid", &err);
        json_array_append_new(xs, json_string(text));
        polyid_tid t;
        if (polyid_tid_generator_next(tg, &t, &err) || polyid_tid_format(t, text, sizeof text, &err))
            die("tid", &err);
        json_array_append_new(ts, json_string(text));
        polyid_euid e;
        if (polyid_euid_generator_next(eg, &e, &err) || polyid_euid_encode(e, true, text, sizeof text, &err))
            die("euid", &err);
        json_array_append_new(es, json_string(text));
        if (polyid_euid_generate(true, rnd(32768), &e, &err) ||
            polyid_euid_encode(e, true, text, sizeof text, &err))
            die("euid_ext", &err);
        json_array_append_new(exs, json_string(text));
        char code[64], id[POLYID_COMPACT_ID_LEN];
        random_code(code, sizeof code);
        if (polyid_compact_id(code, id, sizeof id, &err)) die(code, &err);
        json_array_append_new(ws, json_pack("[s, s]", code, id));
    }
    polyid_tid_generator_free(tg);
    polyid_euid_generator_free(eg);
    emit(json_pack("{s:o, s:o, s:o, s:o, s:o}", "xid", xs, "tid", ts, "euid", es, "euid_ext", exs, "wdp", ws));
    return 0;
}

/* ------------------------------------------------------------------------------------ */

static json_t *error_json(polyid_status st, const polyid_error *err) {
    return json_pack("{s:s, s:s}", "error", polyid_status_code(st), "message", err->message);
}

static int cmd_read(void) {
    json_error_t jerr;
    json_t *in = json_loadf(stdin, JSON_ALLOW_NUL, &jerr);
    if (!json_is_object(in)) {
        fprintf(stderr, "polyid C adapter: read: %s\n", in ? "not an object" : jerr.text);
        json_decref(in);
        return 2;
    }
    json_t *out = json_object();
    static const char *kinds[] = {"xid", "tid", "euid", "wdp"};
    for (int k = 0; k < 4; k++) {
        json_t *arr = json_object_get(in, kinds[k]);
        if (!arr) continue;
        json_t *res = json_array();
        size_t i;
        json_t *v;
        json_array_foreach(arr, i, v) {
            const char *s = json_string_value(v);
            size_t len = json_string_length(v);
            polyid_error err;
            polyid_status st;
            json_t *r;
            if (!s) {
                r = json_pack("{s:s}", "error", "INVALID_ARGUMENT");
            } else if (k == 0) {
                polyid_xid x;
                st = polyid_xid_parse_n(s, len, &x, &err);
                r = st ? error_json(st, &err) : xid_json(x);
            } else if (k == 1) {
                polyid_tid t;
                st = polyid_tid_parse_n(s, len, &t, &err);
                r = st ? error_json(st, &err) : tid_json(t);
            } else if (k == 2) {
                polyid_euid e;
                st = polyid_euid_parse_n(s, len, &e, &err);
                if (st) {
                    r = error_json(st, &err);
                } else {
                    /* The protocol's reading: {text, value, unix_ms, extension}. */
                    json_t *full = euid_json(e);
                    r = json_pack("{s:O, s:O, s:O, s:O}", "text", json_object_get(full, "text"), "value",
                                  json_object_get(full, "value"), "unix_ms", json_object_get(full, "unix_ms"),
                                  "extension", json_object_get(full, "extension"));
                    json_decref(full);
                }
            } else {
                char id[POLYID_COMPACT_ID_LEN];
                st = polyid_compact_id_n(s, len, id, sizeof id, &err);
                r = st ? error_json(st, &err) : json_string(id);
            }
            json_array_append_new(res, r ? r : json_null());
        }
        json_object_set_new(out, kinds[k], res);
    }
    json_decref(in);
    emit(out);
    return 0;
}

/* ------------------------------------------------------------------------------------ */

/* Seeded generator runs (tests/matrix/replay.json): {"<case name>": output or {"error"}}. */
static int cmd_replay(const char *path) {
    json_error_t jerr;
    json_t *doc = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
    json_t *cases = json_object_get(doc, "cases");
    if (!json_is_array(cases)) {
        fprintf(stderr, "polyid C adapter: replay: %s: %s\n", path, doc ? "no cases" : jerr.text);
        json_decref(doc);
        return 2;
    }
    json_t *out = json_object();
    size_t i;
    json_t *c;
    json_array_foreach(cases, i, c) {
        const char *name = json_string_value(json_object_get(c, "name"));
        char why[512];
        json_t *r = name ? case_output(c, why, sizeof why) : NULL;
        if (!r) {
            fprintf(stderr, "polyid C adapter: replay: case %s: %s\n", name ? name : "?", name ? why : "no name");
            json_decref(out);
            json_decref(doc);
            return 2;
        }
        json_object_set_new(out, name, r);
    }
    json_decref(doc);
    emit(out);
    return 0;
}

/* ------------------------------------------------------------------------------------ */

static int cmd_demo(void) {
    polyid_error err;
    char compact[POLYID_COMPACT_ID_LEN], full[POLYID_FULL_ID_LEN], uid[POLYID_UID11_LEN],
        xtext[POLYID_XID_LEN], ttext[POLYID_TID_DISPLAY_LEN], etext[POLYID_EUID_LEN],
        enocheck[POLYID_EUID_LEN];
    polyid_xid x;
    polyid_tid t;
    polyid_euid e, e2;
    if (polyid_compact_id("E.Auth.Token.MISSING", compact, sizeof compact, &err)) die("compact_id", &err);
    if (polyid_full_id("auth_lib", "E.Auth.Token.001", full, sizeof full, &err)) die("full_id", &err);
    if (polyid_uid11_encode(UINT64_MAX, uid, sizeof uid, &err)) die("uid11", &err);
    if (polyid_xid_from_parts(1700000000000, 4660, &x, &err) || polyid_xid_format(x, xtext, sizeof xtext, &err))
        die("xid", &err);
    if (polyid_tid_from_parts(1721407246480310, 1, &t, &err) || polyid_tid_display(t, ttext, sizeof ttext, &err))
        die("tid", &err);
    if (polyid_euid_from_parts(1700000000000, true, 255, 0, 0x0123456789abcdefULL, &e, &err) ||
        polyid_euid_encode(e, true, etext, sizeof etext, &err))
        die("euid", &err);
    if (polyid_euid_from_parts(1700000000000, false, 0, 0, 0x0123456789abcdefULL, &e2, &err) ||
        polyid_euid_encode(e2, false, enocheck, sizeof enocheck, &err))
        die("euid_nocheck", &err);
    char ext[POLYID_EXTUUID_LEN], message[256];
    if (polyid_extuuid_encode("fixedB4:GBP$:222.31", ext, sizeof ext, &err)) die("extuuid", &err);
    static const char catalog_json[] = "{\"V6a0B\": [\"E.AUTH.TOKEN.001\", \"token missing for {{user}}\"]}";
    const char *names[] = {"user"}, *values[] = {"ada"};
    polyid_catalog *cat;
    polyid_catalog_expansion exp;
    if (polyid_catalog_load(catalog_json, &cat, &err) ||
        polyid_catalog_expand(cat, "V6a0B", names, values, 1, &exp, message, sizeof message, &err))
        die("catalog", &err);
    polyid_catalog_free(cat);
    emit(json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s}", "compact_id", compact, "full_id", full,
                   "uid11", uid, "xid", xtext, "tid", ttext, "euid", etext, "euid_nocheck", enocheck, "extuuid",
                   ext, "catalog", message));
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "vectors")) return cmd_vectors(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "generate")) {
        char *end;
        long n = strtol(argv[2], &end, 10);
        if (*end || n < 0) {
            fprintf(stderr, "generate: N must be a non-negative integer\n");
            return 2;
        }
        return cmd_generate(n);
    }
    if (argc == 2 && !strcmp(argv[1], "read")) return cmd_read();
    if (argc == 3 && !strcmp(argv[1], "replay")) return cmd_replay(argv[2]);
    if (argc == 2 && !strcmp(argv[1], "demo")) return cmd_demo();
    fprintf(stderr, "usage: %s vectors DIR | generate N | read | replay FILE | demo\n", argv[0]);
    return 2;
}
