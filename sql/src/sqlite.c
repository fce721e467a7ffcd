/*
 * The SQLite side of polyid's SQL functions: the only file that sees SQLite's extension API.
 *
 * A loadable extension reaches SQLite through the function table SQLite passes to its entry
 * point (sqlite3ext.h). Compiled against an older header, it reads only the members that
 * header declares, which every later SQLite also has, so one build serves the SQLite a host
 * already has. The functions themselves are in Rust (src/sqlite.rs); these wrappers give
 * Rust the few API calls it needs.
 */
#include <stddef.h>
#include <stdint.h>
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

/* Rust: the function table and the call of one function. */
extern int polyid_sql_count(void);
extern const char *polyid_sql_name(int index);
extern int polyid_sql_nargs(int index);
extern int polyid_sql_deterministic(int index);
extern void polyid_sqlite_call(sqlite3_context *ctx, int index, int argc, sqlite3_value **argv);

static void call(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
    polyid_sqlite_call(ctx, (int)(intptr_t)sqlite3_user_data(ctx), argc, argv);
}

int polyid_sqlite_value_type(sqlite3_value *v) { return sqlite3_value_type(v); }
const unsigned char *polyid_sqlite_value_text(sqlite3_value *v) { return sqlite3_value_text(v); }
const void *polyid_sqlite_value_blob(sqlite3_value *v) { return sqlite3_value_blob(v); }
int polyid_sqlite_value_bytes(sqlite3_value *v) { return sqlite3_value_bytes(v); }
sqlite3_int64 polyid_sqlite_value_int64(sqlite3_value *v) { return sqlite3_value_int64(v); }

void polyid_sqlite_result_text(sqlite3_context *ctx, const char *text, int len) {
    sqlite3_result_text(ctx, text, len, SQLITE_TRANSIENT);
}
void polyid_sqlite_result_blob(sqlite3_context *ctx, const void *bytes, int len) {
    sqlite3_result_blob(ctx, bytes, len, SQLITE_TRANSIENT);
}
void polyid_sqlite_result_int64(sqlite3_context *ctx, sqlite3_int64 v) { sqlite3_result_int64(ctx, v); }
void polyid_sqlite_result_null(sqlite3_context *ctx) { sqlite3_result_null(ctx); }
void polyid_sqlite_result_error(sqlite3_context *ctx, const char *message, int len) {
    sqlite3_result_error(ctx, message, len);
}
void polyid_sqlite_result_error_nomem(sqlite3_context *ctx) { sqlite3_result_error_nomem(ctx); }

/* SQLITE_DETERMINISTIC came in 3.8.3, SQLITE_INNOCUOUS in 3.31.0. */
#define NEEDED 3008003
#define INNOCUOUS_SINCE 3031000

int polyid_sqlite_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
    SQLITE_EXTENSION_INIT2(api);
    int version = sqlite3_libversion_number();
    if (version < NEEDED) {
        *err = sqlite3_mprintf("polyid: SQLite %s is too old (3.8.3 or newer is needed)", sqlite3_libversion());
        return SQLITE_ERROR;
    }
    int innocuous = version >= INNOCUOUS_SINCE ? SQLITE_INNOCUOUS : 0;
    for (int i = 0; i < polyid_sql_count(); i++) {
        int flags = SQLITE_UTF8 | innocuous | (polyid_sql_deterministic(i) ? SQLITE_DETERMINISTIC : 0);
        int rc = sqlite3_create_function_v2(db, polyid_sql_name(i), polyid_sql_nargs(i), flags, (void *)(intptr_t)i,
                                            call, NULL, NULL, NULL);
        if (rc != SQLITE_OK) {
            *err = sqlite3_mprintf("polyid: registering %s failed: %s", polyid_sql_name(i), sqlite3_errstr(rc));
            return rc;
        }
    }
    return SQLITE_OK;
}
