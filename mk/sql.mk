# SQL engines (sql/, crate polyid-sql): polyid's functions in SQLite and DuckDB.
#
#   make sql-build   target/sql/polyid_sqlite.so (SQLite) and target/sql/polyid.duckdb_extension
#   make sql-test    the crates' unit tests (make workspace-test), then every engine: SQLite
#                    3.40 (Debian's python3), a recent bundled SQLite (apsw), DuckDB from PyPI
#                    (current and previous minor release), each running the shared vectors
#                    and the engine tests
#
# The library is one file with both entry points; the DuckDB copy carries the metadata
# footer DuckDB reads (sql/tools/duckdb_extension.py).

SQL_OUT := $(ROOT)/target/sql
SQL_LIB := $(ROOT)/target/sql-release/libpolyid_sql.so
SQL_VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' $(ROOT)/Cargo.toml | head -n 1)
# The DuckDB releases the extension is tested in: the current one and the previous minor.
SQL_DUCKDB_VERSIONS := 2.0.1 1.5.6
SQL_APSW_VERSION := 3.54.1.0

TEST_TARGETS += sql-test
BUILD_TARGETS += sql-build

.PHONY: sql-build sql-test sql-deps

sql-deps:
	@command -v sqlite3 >/dev/null && test -f /usr/include/sqlite3ext.h || { \
		echo "sql: installing sqlite3 and libsqlite3-dev (apt)"; \
		apt-get update -qq && apt-get install -y -qq sqlite3 libsqlite3-dev >/dev/null; }
	@for v in $(SQL_DUCKDB_VERSIONS); do \
		test -d $(SQL_OUT)/duckdb-$$v/duckdb || { \
			echo "sql: duckdb $$v from PyPI into target/sql/duckdb-$$v"; \
			python3 -m pip install -q --disable-pip-version-check --target $(SQL_OUT)/duckdb-$$v duckdb==$$v; }; \
	done
	@test -d $(SQL_OUT)/apsw/apsw || { \
		echo "sql: apsw $(SQL_APSW_VERSION) from PyPI into target/sql/apsw"; \
		python3 -m pip install -q --disable-pip-version-check --target $(SQL_OUT)/apsw apsw==$(SQL_APSW_VERSION); }

# Cargo leaves its library untouched when nothing changed, and the files made from it are
# made again only when it is newer (a second make reads the new times): a build with nothing
# to do rewrites no file that a running engine or matrix adapter has loaded.
sql-build: sql-deps
	@echo "==> sql: cargo build --profile sql-release -p polyid-sql"
	$(CARGO) build --locked --profile sql-release -p polyid-sql
	@$(MAKE) --no-print-directory -s -f $(ROOT)/Makefile $(SQL_NODE_COPIES)
	@ls -l $(SQL_OUT)/polyid_sqlite.so $(SQL_OUT)/polyid.duckdb_extension

$(SQL_OUT)/polyid_sqlite.so: $(SQL_LIB)
	@mkdir -p $(SQL_OUT)
	strip -o $@ $<

$(SQL_OUT)/polyid.duckdb_extension: $(SQL_OUT)/polyid_sqlite.so $(ROOT)/sql/tools/duckdb_extension.py
	python3 $(ROOT)/sql/tools/duckdb_extension.py $< $@ --version $(SQL_VERSION)

# Beside a source build's Node addon, where sqlitePath() / duckdbPath() find them (the release
# puts them in each platform package instead).
SQL_NODE_COPIES := $(ROOT)/bindings-node/polyid_sqlite.so $(ROOT)/bindings-node/polyid.duckdb_extension
$(SQL_NODE_COPIES): $(ROOT)/bindings-node/%: $(SQL_OUT)/%
	cp $< $@

sql-test: sql-build workspace-test
	@echo "==> sql: SQLite $$(sqlite3 --version | cut -d' ' -f1) (Debian's python3 and CLI)"
	/usr/bin/python3 -m unittest -q sql/tests/test_engines.py
	@echo "==> sql: apsw (a recent bundled SQLite)"
	PYTHONPATH=$(SQL_OUT)/apsw POLYID_SQL_ENGINES=sqlite-apsw python3 -m unittest -q sql/tests/test_engines.py
	@for v in $(SQL_DUCKDB_VERSIONS); do \
		echo "==> sql: DuckDB $$v"; \
		PYTHONPATH=$(SQL_OUT)/duckdb-$$v POLYID_SQL_ENGINES=duckdb python3 -m unittest -q sql/tests/test_engines.py || exit 1; \
	done

# The SQL functions against each engine's built-ins on one column, ratios printed (sql/bench.py):
# SQLite 3.40 through Debian's python3, DuckDB through the project's venv (which has polyid
# and pyarrow, for the Arrow UDF row).
.PHONY: sql-bench sql-bench-write
sql-bench: sql-build python-build
	/usr/bin/python3 sql/bench.py sqlite
	$(ROOT)/.venv/bin/python sql/bench.py duckdb

# The same, with the tables written into docs/sql.md's Performance section.
sql-bench-write:
	$(BENCH_WRITE) sql --runtime python=/usr/bin/python3 -- $(MAKE) --no-print-directory -C $(ROOT) sql-bench

# The DuckDB release the matrix column uses (its adapter asks).
.PHONY: sql-duckdb-version
sql-duckdb-version:
	@echo $(firstword $(SQL_DUCKDB_VERSIONS))
