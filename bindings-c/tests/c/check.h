/*
 * The counting check of the C test programs (bad_input.c, node_env.c, arrow.c): CHECK(cond,
 * fmt, ...) counts a pass, or counts a failure and prints the file, line, condition and the
 * formatted detail. Each program prints `passed` and `failed` and exits non-zero on a failure.
 */
#ifndef POLYID_TEST_CHECK_H
#define POLYID_TEST_CHECK_H

#include <stdio.h>

static int passed, failed;

#define CHECK(cond, ...)                                            \
    do {                                                            \
        if (cond) {                                                 \
            passed++;                                               \
        } else {                                                    \
            failed++;                                               \
            printf("FAILED %s:%d: %s: ", __FILE__, __LINE__, #cond); \
            printf(__VA_ARGS__);                                    \
            printf("\n");                                           \
        }                                                           \
    } while (0)

#endif
