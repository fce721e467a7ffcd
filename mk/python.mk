# Python binding (bindings-python): a PyO3 extension built by maturin as an abi3 wheel and
# installed into the repo's .venv. Stamps in .venv make a second `make` a no-op.
#
#   python-build   create .venv (maturin, pytest, mypy), build the wheel, install it
#   python-test    pytest (shared vectors, generated IDs, threads, fork, types), twice: with
#                  the fast paths and with POLYID_PYTHON_PORTABLE=1; mypy --strict on a
#                  sample using the whole API, stubtest
#   python-demo    the matrix adapter's demo object
#   python-bench   the benchmark against xxhash, uuid-utils, uuid and python-ulid
#   python-bench-paths  what each fast path buys (bench/paths.py)
#   (each *-bench has a *-bench-write that writes its tables into the README, mk/docs.mk)
#   python-test-versions  the same wheel's pytest suite on every other CPython >= 3.10 found
#                  under ~/.pyenv/versions (not part of `make test`)

PY_VENV := $(ROOT)/.venv
PY := $(PY_VENV)/bin/python
PY_DIR := $(ROOT)/bindings-python
PY_WHEELS := $(ROOT)/target/wheels/python
PY_TOOLS_STAMP := $(PY_VENV)/.polyid-python-tools
PY_BENCH_STAMP := $(PY_VENV)/.polyid-python-bench-tools
PY_BUILD_STAMP := $(PY_VENV)/.polyid-python-built
PY_SOURCES := $(shell find $(PY_DIR)/src $(PY_DIR)/python $(ROOT)/core/src $(ROOT)/arrow/src -type f 2>/dev/null) \
	$(PY_DIR)/Cargo.toml $(PY_DIR)/pyproject.toml $(PY_DIR)/README.md \
	$(ROOT)/core/Cargo.toml $(ROOT)/arrow/Cargo.toml $(ROOT)/Cargo.toml $(wildcard $(ROOT)/Cargo.lock) \
	$(shell find $(ROOT)/sql/src $(ROOT)/sql/tools -type f 2>/dev/null) $(PY_DIR)/backend/polyid_sql_files.py \
	$(ROOT)/postgres/polyid--plpgsql.sql

.PHONY: python-build python-test python-leaks python-demo python-bench python-test-versions \
	python-bench-write python-bench-paths python-bench-paths-write python-leaks-write

$(PY_TOOLS_STAMP): $(PY_DIR)/requirements-dev.txt
	@echo "==> python: tools into $(PY_VENV)"
	@test -x $(PY) || python3 -m venv $(PY_VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r $(PY_DIR)/requirements-dev.txt
	@touch $@

$(PY_BENCH_STAMP): $(PY_TOOLS_STAMP) $(PY_DIR)/requirements-bench.txt
	$(PY) -m pip install -q --disable-pip-version-check -r $(PY_DIR)/requirements-bench.txt
	@touch $@

# The wheel carries the SQL engine extensions of `make sql-build` (polyid.sqlite, polyid.duckdb)
# and PostgreSQL's pure-SQL file (polyid.postgres).
$(PY_BUILD_STAMP): $(PY_TOOLS_STAMP) $(PY_SOURCES) | sql-build
	@echo "==> python: maturin build (abi3 wheel) and install into .venv"
	@rm -f $(PY_WHEELS)/polyid_rs-*.whl
	VIRTUAL_ENV=$(PY_VENV) $(PY_VENV)/bin/maturin build --release --locked --quiet \
		-m $(PY_DIR)/Cargo.toml -i $(PY) -o $(PY_WHEELS)
	$(PY) $(PY_DIR)/backend/polyid_sql_files.py add $(PY_WHEELS)/polyid_rs-*.whl \
		$(ROOT)/target/sql/polyid_sqlite.so $(ROOT)/target/sql/polyid.duckdb_extension \
		$(ROOT)/postgres/polyid--plpgsql.sql
	@# A checkout's venv may still hold this package's wheel under its former distribution
	@# name, polyid (the name of an unrelated PyPI project, which `import polyid` warns about).
	$(PY) -m pip uninstall -q -y --disable-pip-version-check polyid 2>/dev/null || true
	$(PY) -m pip install -q --disable-pip-version-check --no-deps --force-reinstall \
		$(PY_WHEELS)/polyid_rs-*.whl
	@touch $@

python-build: $(PY_BUILD_STAMP)

python-test: python-build
	@echo "==> python: pytest (the fast paths)"
	cd $(PY_DIR) && $(PY) -m pytest tests -q -rs -p no:cacheprovider
	@echo "==> python: pytest with POLYID_PYTHON_PORTABLE=1 (the portable path)"
	cd $(PY_DIR) && POLYID_PYTHON_PORTABLE=1 $(PY) -m pytest tests -q -rs -p no:cacheprovider
	@echo "==> python: mypy --strict (typing sample) and stubtest (stubs = module)"
	$(PY_VENV)/bin/mypy --strict --cache-dir $(ROOT)/target/mypy-cache \
		$(PY_DIR)/tests/typing/sample.py
	cd $(ROOT)/target && $(PY_VENV)/bin/stubtest polyid
	@echo "==> python: the stubs' docstrings are the module's docs (tools/py_stub_docs.py)"
	$(PY) $(ROOT)/tools/py_stub_docs.py --check
	@echo "==> python: leak smoke test (make python-leaks runs 1,000,000 calls per entry point)"
	$(PY) $(PY_DIR)/tests/leaks.py --calls 10000 --limit-mb 1 --summary

python-leaks: python-build
	$(PY) $(PY_DIR)/tests/leaks.py --self-test --calls 100000 --only compact_id --summary
	$(PY) $(PY_DIR)/tests/leaks.py

python-leaks-write:
	$(BENCH_WRITE) python-leaks --runtime python=$(PY) -- $(MAKE) --no-print-directory -C $(ROOT) python-leaks

python-demo: python-build
	@$(PY) $(PY_DIR)/tests/matrix_adapter.py demo

python-bench: python-build $(PY_BENCH_STAMP)
	$(PY) $(PY_DIR)/bench/bench.py

python-bench-write:
	$(BENCH_WRITE) python --runtime python=$(PY) --runtime rust -- \
	    $(MAKE) --no-print-directory -C $(ROOT) python-bench

# What each fast path of the wheel buys: bench/bench.py with POLYID_PYTHON_PORTABLE set to
# each value in turn, round after round (PATHS_ROUNDS, PATHS_SAMPLES).
python-bench-paths: python-build $(PY_BENCH_STAMP)
	$(PY) $(PY_DIR)/bench/paths.py

python-bench-paths-write:
	$(BENCH_WRITE) python-paths --runtime python=$(PY) --runtime rust -- \
	    $(MAKE) --no-print-directory -C $(ROOT) python-bench-paths

python-test-versions: python-build
	@set -e; found=0; for py in $(wildcard $(HOME)/.pyenv/versions/3.*/bin/python3); do \
		v=$$($$py -c 'import sys; print("%d.%d" % sys.version_info[:2])'); \
		case $$v in 3.[0-9]) continue;; esac; found=1; \
		venv=$(ROOT)/target/python-versions/$$v; \
		test -x $$venv/bin/python || $$py -m venv $$venv; \
		$$venv/bin/python -m pip install -q --disable-pip-version-check pytest==9.2.0 xxhash==4.1.0 2>/dev/null \
			|| $$venv/bin/python -m pip install -q --disable-pip-version-check pytest xxhash; \
		$$venv/bin/python -m pip install -q --disable-pip-version-check --no-deps --force-reinstall \
			$(PY_WHEELS)/polyid_rs-*.whl; \
		echo "==> python: CPython $$v"; \
		(cd $(PY_DIR) && $$venv/bin/python -m pytest tests -q -p no:cacheprovider | tail -1); \
	done; test $$found = 1 || echo "python-test-versions: no other CPython under ~/.pyenv/versions"

BUILD_TARGETS += python-build
TEST_TARGETS += python-test
DEMO_TARGETS += python-build
