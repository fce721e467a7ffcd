//! polyid's functions as native SQL functions: a SQLite loadable extension (entry point
//! `sqlite3_polyid_init`, over SQLite's C extension API) and a DuckDB extension (entry point
//! `polyid_init_c_api`, over DuckDB's stable C extension API), both from one function table
//! (crate `polyid-sql-functions` in sql/functions/, which PostgreSQL's extension in postgres/
//! reads too) computed by the core. docs/sql.md is the user's page.

use std::ffi::CString;
use std::sync::OnceLock;

pub mod duckdb;
/// The function table (crate `polyid-sql-functions`, sql/functions/).
pub use polyid_sql_functions as functions;
pub mod sqlite;

/// The functions' names as C strings, in the table's order.
fn names() -> &'static [CString] {
    static NAMES: OnceLock<Vec<CString>> = OnceLock::new();
    NAMES.get_or_init(|| {
        functions::FUNCTIONS
            .iter()
            .map(|f| CString::new(f.name).expect("names have no NUL"))
            .collect()
    })
}
