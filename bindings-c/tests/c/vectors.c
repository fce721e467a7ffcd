/*
 * Runs every case of every tests/vectors/<name>.json file through libpolyid, each as its own
 * named test (<family>/<name>), and prints the runner summary line
 * "vectors (LINKAGE): N passed, N failed, N skipped". Exit status 1 when a case fails.
 *
 * usage: polyid-vectors-test [DIR]     (default: tests/vectors)
 *        POLYID_TEST_LINKAGE=static|shared labels the summary; -v prints every case.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

int main(int argc, char **argv) {
    const char *dir = "tests/vectors";
    int verbose = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-v")) verbose = 1;
        else dir = argv[i];
    }
    const char *linkage = getenv("POLYID_TEST_LINKAGE");
    json_t **docs;
    int nfiles = load_vector_files(dir, &docs);
    if (nfiles < 0) return 2;
    int passed = 0, failed = 0, skipped = 0;
    for (int f = 0; f < nfiles; f++) {
        const char *family = json_string_value(json_object_get(docs[f], "family"));
        size_t i;
        json_t *c;
        json_array_foreach(json_object_get(docs[f], "cases"), i, c) {
            const char *name = json_string_value(json_object_get(c, "name"));
            case_result r;
            run_case(c, &r);
            if (r.status == CASE_PASS) {
                passed++;
                if (verbose) printf("test %s/%s ... ok\n", family, name ? name : "?");
            } else if (r.status == CASE_SKIP) {
                skipped++;
                printf("test %s/%s ... skipped: %s\n", family, name ? name : "?", r.reason);
            } else {
                failed++;
                char *want = r.expected ? json_dumps(r.expected, JSON_ENCODE_ANY) : NULL;
                char *got = r.got ? json_dumps(r.got, JSON_ENCODE_ANY) : NULL;
                printf("test %s/%s ... FAILED: %s\n    expected %s\n         got %s\n", family,
                       name ? name : "?", r.reason, want ? want : "-", got ? got : "-");
                free(want);
                free(got);
            }
            case_result_clear(&r);
        }
    }
    free_docs(docs, nfiles);
    printf("vectors (%s, %s): %d passed, %d failed, %d skipped\n", linkage ? linkage : "C",
           polyid_version(), passed, failed, skipped);
    return failed ? 1 : 0;
}
