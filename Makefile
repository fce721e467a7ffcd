# polyid: `make demo` builds every binding and shows the same IDs computed in every runtime;
# `make test` runs every runtime's tests, then the cross-language matrix.
#
# Each binding adds its own targets in mk/<binding>.mk and appends them to BUILD_TARGETS,
# TEST_TARGETS and DEMO_TARGETS, so this file stays short and bindings do not collide.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
ROOT := $(abspath .)
CARGO ?= cargo
export CARGO_TERM_COLOR ?= never

BUILD_TARGETS :=
TEST_TARGETS :=
DEMO_TARGETS :=

include $(sort $(wildcard mk/*.mk))

.PHONY: all build test demo core-test workspace-test lint fmt bench bench-catalog bench-write bench-catalog-write bench-paired bench-paired-arrow clean matrix
all: build

build: $(BUILD_TARGETS)

# Optimized code with the dev profile's checks (profile release-tests: release without its
# build-time settings, with overflow checks and debug assertions) runs the tests. The shipped
# libraries are release builds, tested by each binding's tests and the matrix.
core-test:
	@echo "==> core: cargo test (profile release-tests: optimized, overflow checks)"
	$(CARGO) test --locked -p polyid --profile release-tests

# The Rust tests of the workspace's other crates (dev profile, which checks overflows), in one
# cargo invocation: the crates share dependencies with features that differ from crate to crate,
# and one invocation builds each of them once. Left out: the core (core-test), the CLI (cli-test:
# its conformance test needs the Python package) and the PyO3 and napi extension modules, whose
# test binaries cannot link outside their host runtime (their tests are Python's and Node's).
# arrow-test, c-test, sql-test and pg-test start with it.
workspace-test:
	@echo "==> workspace: cargo test of every crate but the core, the CLI and the Python and Node modules"
	$(CARGO) test --locked --workspace --exclude polyid --exclude polyid-cli --exclude polyid-python \
		--exclude polyid-node --features polyid-arrow/ffi

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --locked --workspace --all-targets -- -D warnings -W clippy::incompatible_msrv

fmt:
	$(CARGO) fmt --all

bench:
	$(CARGO) bench --locked -p polyid --bench ids

# Catalog expansion (1,000,000 IDs against 10,000 entries) and the collision report.
bench-catalog:
	$(CARGO) bench --locked -p polyid --bench catalog
	$(CARGO) run --locked --release -p polyid --example collisions

# The same runs, their tables written into README.md (tools/bench_section.py, mk/docs.mk).
bench-write:
	$(BENCH_WRITE) core --runtime rust -- $(MAKE) --no-print-directory -C $(ROOT) bench

bench-catalog-write:
	$(BENCH_WRITE) core-catalog --runtime rust -- $(MAKE) --no-print-directory -C $(ROOT) bench-catalog

# The core bench of BASE (a git revision) and of the working tree, in alternating rounds:
# each row old, new and new / old (tools/bench_paired.py).
bench-paired:
	@[ -n "$(BASE)" ] || { echo "bench-paired: BASE=<git revision> is required"; exit 2; }
	python3 $(ROOT)/tools/bench_paired.py $(BASE) $(if $(ROUNDS),--rounds $(ROUNDS))

# The same for the Arrow kernels (arrow/examples/column_bench.rs of the working tree, built
# against each commit's crates).
bench-paired-arrow:
	@[ -n "$(BASE)" ] || { echo "bench-paired-arrow: BASE=<git revision> is required"; exit 2; }
	python3 $(ROOT)/tools/bench_paired.py $(BASE) --arrow $(if $(ROUNDS),--rounds $(ROUNDS))

# The matrix runs last so that its "N passed, N failed" line closes the output.
test: lint core-test workspace-test $(TEST_TARGETS)
	@$(MAKE) --no-print-directory matrix

demo: $(DEMO_TARGETS)
	@$(MAKE) --no-print-directory matrix-demo

clean:
	$(CARGO) clean
