/*
 * A small C program using libpolyid: see Makefile (pkg-config) and CMakeLists.txt.
 * The first lines are fixed values from the polyid specification; the last ones are
 * generated now.
 */
#include <inttypes.h>
#include <stdio.h>

#include <polyid.h>

/* Prints the error of a failed call and returns 1. */
static int fail(const char *what, const polyid_error *err) {
    fprintf(stderr, "%s failed: %s (%s)\n", what, polyid_status_code(err->status), err->message);
    return 1;
}

int main(void) {
    polyid_error err;
    char text[POLYID_NORMALIZED_LEN];

    /* WDP compact IDs */
    if (polyid_compact_id("E.Auth.Token.MISSING", text, sizeof text, &err)) return fail("compact_id", &err);
    printf("compact_id   E.Auth.Token.MISSING -> %s\n", text);
    char full[POLYID_FULL_ID_LEN];
    if (polyid_full_id("auth_lib", "E.Auth.Token.001", full, sizeof full, &err)) return fail("full_id", &err);
    printf("full_id      auth_lib E.Auth.Token.001 -> %s\n", full);

    /* uid11 */
    char uid[POLYID_UID11_LEN];
    if (polyid_uid11_encode(UINT64_MAX, uid, sizeof uid, &err)) return fail("uid11_encode", &err);
    printf("uid11        %" PRIu64 " -> %s\n", UINT64_MAX, uid);

    /* TID from parts, in the display form */
    polyid_tid tid;
    char display[POLYID_TID_DISPLAY_LEN];
    if (polyid_tid_from_parts(1721407246480310, 1, &tid, &err) ||
        polyid_tid_display(tid, display, sizeof display, &err))
        return fail("tid", &err);
    printf("tid          (1721407246480310, 1) -> %s\n", display);

    /* EUID: parse, read its fields */
    polyid_euid euid;
    if (polyid_euid_parse("C8ZM14GR4JXG0MQXVY18S8TJNA6", &euid, &err)) return fail("euid_parse", &err);
    printf("euid         C8ZM14GR4JXG0MQXVY18S8TJNA6 -> hi %016" PRIx64 " lo %016" PRIx64 "\n",
           polyid_euid_hi(euid), polyid_euid_lo(euid));

    /* EXTUUID: a typed value in a version 8 UUID, and back to its canonical text. */
    char uuid[POLYID_EXTUUID_LEN], value[POLYID_EXTUUID_TEXT_LEN];
    if (polyid_extuuid_encode("fixedB4:GBP$:222.31", uuid, sizeof uuid, &err) ||
        polyid_extuuid_decode(uuid, value, sizeof value, &err))
        return fail("extuuid", &err);
    printf("extuuid      fixedB4:GBP$:222.31 -> %s -> %s\n", uuid, value);

    /* A WDP catalog: load one (any JSON form), expand an ID with its fields. */
    polyid_catalog *catalog;
    if (polyid_catalog_load("{\"V6a0B\": [\"E.AUTH.TOKEN.001\", \"token missing for {{user}}\"]}", &catalog,
                            &err))
        return fail("catalog_load", &err);
    const char *names[] = {"user"}, *values[] = {"ada"};
    polyid_catalog_expansion x;
    char message[128];
    polyid_status st = polyid_catalog_expand(catalog, "V6a0B", names, values, 1, &x, message, sizeof message, &err);
    polyid_catalog_free(catalog);
    if (st) return fail("catalog_expand", &err);
    printf("catalog      V6a0B {user: ada} -> %s %c \"%s\"\n", x.code, x.severity, message);

    /* Errors carry the shared code, a message and details. */
    if (polyid_tid_parse("3KXNLHR3GXQ23", &tid, &err) != POLYID_OK) {
        printf("error        3KXNLHR3GXQ23 -> %s at index %" PRIu64 " (%s)\n", polyid_status_code(err.status),
               err.index, err.character_utf8);
        printf("message      %s\n", err.message);
    }

    /* Generators (values depend on the clock). */
    polyid_tid_generator *gen;
    if (polyid_tid_generator_new(&gen, &err)) return fail("tid_generator_new", &err);
    char now[POLYID_TID_LEN];
    if (polyid_tid_generator_next(gen, &tid, &err) || polyid_tid_format(tid, now, sizeof now, &err)) {
        polyid_tid_generator_free(gen);
        return fail("tid_generator_next", &err);
    }
    polyid_tid_generator_free(gen);
    char eid[POLYID_EUID_LEN];
    if (polyid_euid_generate(true, 7, &euid, &err) || polyid_euid_encode(euid, true, eid, sizeof eid, &err))
        return fail("euid_generate", &err);
    printf("generated    tid %s, euid %s (extension %d)\n", now, eid, (int)polyid_euid_extension(euid));
    return 0;
}
