# PostgreSQL (postgres/): the native extension (CREATE EXTENSION polyid: a static library
# from the crate polyid-postgres, linked by PGXS with src/polyid.c) and the pure-SQL tier,
# polyid--plpgsql.sql (PL/pgSQL and SQL over built-in types, for servers that load no
# extension, and PGlite).
#
#   make pg-deps        Debian's postgresql-15 (apt), psycopg into target/pg/py (pip --target),
#                       PGlite into postgres/pglite/node_modules (npm ci, when the lock changed)
#   make pg-build       the extension for the server PG_CONFIG names (Debian's 15 by default;
#                       postgresql-server-dev-15 from apt when its headers are missing)
#   make pg-install     pg-build, then PGXS's install into that server's folders (as root)
#   make pg-test        the native tier: the functions both tiers share (test_plpgsql.py with
#                       POLYID_PG_ENGINE=native) and its own tests (test_native.py) on a
#                       throwaway cluster; the Rust side's unit tests (make workspace-test)
#   make pg-sql-test    postgres/tests/test_plpgsql.py on a throwaway PostgreSQL 15 cluster under
#                       target/pg (started and stopped by the test, cluster.py), then on PGlite
#                       in Node; each prints how many shared vectors it covered. Run by Debian's
#                       python3, whose sqlite3 loads the SQLite extension (sql-build): every
#                       error message is compared with the extension's
#   make pg-bench       the native extension's per-row cost against md5(text), to_timestamp and
#                       gen_random_uuid, the pure-SQL tier's against it, and the storage of keyed
#                       tables against bigint and uuid (PG_NATIVE_BENCH_ROWS, default 1000000)
#   make pg-sql-bench   per-row cost of every function against md5(text), to_timestamp and
#                       gen_random_uuid on one server (PG_BENCH_ROWS rows, default 100000)
#   make pg-majors      PostgreSQL 17 and 18 (Debian trixie and forky roots from debootstrap,
#                       cached in target/pg-majors, about 1.7 GB each): the extension built there
#                       with PGXS, then the native and pure-SQL tests (postgres/tests/majors.sh;
#                       not in make test); PG_MAJORS="17" for one
#
# The matrix's postgres-sql and pglite columns (tests/matrix/adapters) use the same pieces.

PG_DIR := $(ROOT)/postgres
PG_OUT := $(ROOT)/target/pg
PG_MAJOR := 15
PG_PSYCOPG_VERSION := 3.3.9
PG_PGLITE_STAMP := $(PG_DIR)/pglite/node_modules/.polyid-installed
PG_BENCH_ROWS ?= 100000
PG_NATIVE_BENCH_ROWS ?= 1000000
PG_CONFIG ?= $(firstword $(wildcard /usr/lib/postgresql/$(PG_MAJOR)/bin/pg_config) pg_config)

TEST_TARGETS += pg-test pg-sql-test
# The matrix's postgres, postgres-sql and pglite columns, set up before the demo's runner starts.
DEMO_TARGETS += pg-deps pg-install

.PHONY: pg-deps pg-dev-deps pg-build pg-install pg-test pg-bench pg-bench-write pg-sql-test pg-sql-bench \
	pg-sql-bench-write pg-majors

pg-deps: $(PG_PGLITE_STAMP)
	@test -x /usr/lib/postgresql/$(PG_MAJOR)/bin/pg_ctl || { \
		echo "postgres: installing postgresql-$(PG_MAJOR) (apt)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-$(PG_MAJOR) >/dev/null; }
	@test -d $(PG_OUT)/py/psycopg || { \
		echo "postgres: psycopg $(PG_PSYCOPG_VERSION) from PyPI into target/pg/py"; \
		python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore --target $(PG_OUT)/py \
			"psycopg[binary]==$(PG_PSYCOPG_VERSION)"; }

$(PG_PGLITE_STAMP): $(PG_DIR)/pglite/package.json $(PG_DIR)/pglite/package-lock.json
	@echo "==> postgres: npm ci (postgres/pglite/package-lock.json)"
	cd $(PG_DIR)/pglite && $(NPM) ci --no-audit --no-fund --silent
	@touch $@

# PGXS and the server's headers (Debian: postgresql-server-dev-15). Debian's client package
# ships pgxs.mk without the headers, so the check is for postgres.h.
pg-dev-deps:
	@test -f "$$($(PG_CONFIG) --includedir-server 2>/dev/null)/postgres.h" || { \
		echo "postgres: installing postgresql-server-dev-$(PG_MAJOR) (apt)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-server-dev-$(PG_MAJOR) >/dev/null; }

pg-build: pg-dev-deps
	@echo "==> postgres: cargo build --profile pg-release -p polyid-postgres, then PGXS ($(PG_CONFIG))"
	$(CARGO) build --locked --profile pg-release -p polyid-postgres
	$(MAKE) --no-print-directory -s -C $(PG_DIR) PG_CONFIG=$(PG_CONFIG) CARGO_TARGET_DIR=$(ROOT)/target

pg-install: pg-build
	$(MAKE) --no-print-directory -s -C $(PG_DIR) PG_CONFIG=$(PG_CONFIG) CARGO_TARGET_DIR=$(ROOT)/target install

pg-test: pg-deps pg-install sql-build workspace-test
	@echo "==> postgres: native tier on PostgreSQL $(PG_MAJOR) (throwaway cluster under target/pg)"
	POLYID_PG_ENGINE=native POLYID_PG_COMPARE_SQLITE=1 /usr/bin/python3 -B -m unittest -q postgres/tests/test_plpgsql.py
	/usr/bin/python3 -B -m unittest -q postgres/tests/test_native.py

pg-sql-test: pg-deps sql-build
	@echo "==> postgres: pure-SQL tier on PostgreSQL $(PG_MAJOR) (throwaway cluster under target/pg)"
	POLYID_PG_ENGINE=server POLYID_PG_COMPARE_SQLITE=1 /usr/bin/python3 -B -m unittest -q postgres/tests/test_plpgsql.py
	@echo "==> postgres: pure-SQL tier on PGlite (Node)"
	POLYID_PG_ENGINE=pglite POLYID_PG_COMPARE_SQLITE=1 /usr/bin/python3 -B -m unittest -q postgres/tests/test_plpgsql.py

pg-bench: pg-deps pg-install
	/usr/bin/python3 -B postgres/tests/bench_native.py $(PG_NATIVE_BENCH_ROWS)

# The same, with the tables written into docs/sql.md's native performance section.
pg-bench-write:
	$(BENCH_WRITE) pg -- $(MAKE) --no-print-directory -C $(ROOT) pg-bench

pg-sql-bench: pg-deps
	python3 -B postgres/tests/bench_plpgsql.py $(PG_BENCH_ROWS)

# The same, with the table written into docs/sql.md's PostgreSQL performance section.
pg-sql-bench-write:
	$(BENCH_WRITE) pg-sql -- $(MAKE) --no-print-directory -C $(ROOT) pg-sql-bench

# docs/sql.md's PostgreSQL examples run psql against a throwaway cluster and PGlite in Node.
docs-examples: pg-deps pg-install

PG_MAJORS ?= 17 18
pg-majors: pg-build
	$(PG_DIR)/tests/majors.sh $(PG_MAJORS)
