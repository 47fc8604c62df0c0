#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>
/* SQLITE_TRANSIENT is a cast macro that Swift cannot import. */
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

/*
 * The FTS5 API of a connection, or NULL when SQLite was built without FTS5. This is the way the
 * FTS5 documentation gives ("SELECT fts5(?1)" with the address of a pointer bound under the type
 * "fts5_api_ptr"); the type string must outlive the statement, which a string literal here does.
 * sqlite3.h declares fts5_api and Fts5ExtensionApi (Debian ships no separate fts5.h).
 */
static inline fts5_api *csqlite_fts5_api(sqlite3 *db) {
    fts5_api *api = 0;
    sqlite3_stmt *statement = 0;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0) == SQLITE_OK
        && sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0) == SQLITE_OK) {
        sqlite3_step(statement);
    }
    sqlite3_finalize(statement);
    return api;
}
#endif
