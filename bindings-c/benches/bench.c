/*
 * ns per call through libpolyid's C ABI (linked statically). Prints "op ns_per_call" lines;
 * benches/compare.py sets them beside the same calls made directly in Rust
 * (benches/bench_rust.rs). Run with `make c-bench`.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "polyid.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static volatile uint64_t sink;

#define N 2000000
#define ROUNDS 5
/* Best of ROUNDS runs of N calls; BODY uses the loop index i. */
#define BENCH(name, BODY)                                        \
    do {                                                         \
        double best = 1e9;                                       \
        for (int r = 0; r < ROUNDS; r++) {                       \
            double t0 = now();                                   \
            for (uint64_t i = 0; i < N; i++) {                   \
                BODY;                                            \
            }                                                    \
            double ns = (now() - t0) * 1e9 / N;                  \
            if (ns < best) best = ns;                            \
        }                                                        \
        printf("%s %.2f\n", name, best);                         \
    } while (0)

int main(void) {
    char out[64];
    polyid_error err;
    polyid_tid_generator *tg;
    polyid_euid_generator *eg;
    /* One TID per microsecond per clock id: the timed loop outruns that, so the generator gets
       the largest lead bound (past the default, it would time CLOCK_BEHIND errors). */
    polyid_generator_options opts;
    polyid_generator_options_init(&opts);
    opts.max_lead_ms = POLYID_MAX_LEAD_MS;
    polyid_tid_generator_new_with(&opts, 1023, &tg, NULL);
    polyid_euid_generator_new(false, 0, &eg, NULL);
    polyid_euid e;
    polyid_euid_parse("C8ZM14GR4JXG0MQXVY18S8TJNA6", &e, NULL);

    BENCH("compact_id", polyid_compact_id("E.Auth.Token.001", out, sizeof out, &err); sink += (uint8_t)out[0]);
    BENCH("compact_id_error", polyid_compact_id("X.Auth.Token.001", out, sizeof out, &err); sink += err.status);
    BENCH("uid11_encode", polyid_uid11_encode(i * 0x9e3779b97f4a7c15ULL, out, sizeof out, &err); sink += (uint8_t)out[3]);
    BENCH("uid11_decode", uint64_t v; polyid_uid11_decode("jpXCZedGfVQ", &v, &err); sink += v);
    BENCH("tid_parse", polyid_tid t; polyid_tid_parse("3kxnlhr3gxq23", &t, &err); sink += (uint64_t)t);
    BENCH("tid_generator_next", polyid_tid t; polyid_tid_generator_next(tg, &t, &err); sink += (uint64_t)t);
    BENCH("euid_parse", polyid_euid x; polyid_euid_parse("C8ZM14GR4JXG0MQXVY18S8TJNA6", &x, &err); sink += x.bytes[15]);
    BENCH("euid_encode", polyid_euid_encode(e, true, out, sizeof out, &err); sink += (uint8_t)out[26]);
    BENCH("euid_generator_next", polyid_euid x; polyid_euid_generator_next(eg, &x, &err); sink += x.bytes[15]);
    BENCH("xid_generate", polyid_xid x; polyid_xid_generate(&x, &err); sink += x);

    polyid_catalog *cat;
    polyid_catalog_load("{\"V6a0B\": [\"E.AUTH.TOKEN.001\", \"token missing for {{user}}\"], "
                        "\"KF52S\": [\"W.DATABASE.CONNECTION.027\", \"slow connection\"]}",
                        &cat, NULL);
    const char *names[] = {"user"}, *values[] = {"ada"};
    polyid_catalog_expansion cx;
    char message[128];
    BENCH("catalog_expand", polyid_catalog_expand(cat, "V6a0B", names, values, 1, &cx, message, sizeof message, &err);
          sink += (uint8_t)message[0]);
    BENCH("catalog_expand_no_fields", polyid_catalog_expand(cat, "KF52S", NULL, NULL, 0, &cx, message, sizeof message, &err);
          sink += (uint8_t)message[0]);
    polyid_catalog_free(cat);
    char text[POLYID_EXTUUID_TEXT_LEN];
    BENCH("extuuid_encode", polyid_extuuid_encode("fixedB4:GBP$:222.31", out, sizeof out, &err); sink += (uint8_t)out[0]);
    BENCH("extuuid_decode", polyid_extuuid_decode("49083027-d200-8000-8000-00000021ebfc", text, sizeof text, &err);
          sink += (uint8_t)text[8]);

    polyid_tid_generator_free(tg);
    polyid_euid_generator_free(eg);
    return 0;
}
