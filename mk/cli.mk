# polyid command-line tool (cli/, binary `polyid`, package polyid-cli).
#
#   make cli-build   target/release/polyid
#   make cli-test    cargo test -p polyid-cli (dev profile, with overflow checks; the release
#                    binary runs in the matrix, the doc examples and the fleet): the binary
#                    against the shared vectors and docs/spec, bad input, stdin, JSON errors,
#                    the memory of a 500 MB stdin line (GNU time's peak RSS: /usr/bin/time,
#                    installed from apt when missing); `polyid conform` against the core
#                    (conform-serve), broken adapters and the Python package (built first
#                    with python-build when that target exists; skipped with its reason when
#                    `import polyid` fails)
#   make cli-bench   1,000,000 IDs to a pipe, timed with hyperfine (installed from apt when
#                    missing, else bash `time`); prints the figures
#   make cli-bench-write  the same, its table written into the README (mk/docs.mk)
#   make cli-demo    a few commands (not part of `make demo`)

CLI_BIN := $(ROOT)/target/release/polyid

BUILD_TARGETS += cli-build
TEST_TARGETS += cli-test

.PHONY: cli-build cli-test cli-test-deps cli-bench cli-bench-write cli-demo cli-bench-deps

cli-build:
	@echo "==> cli: cargo build -p polyid-cli (polyid)"
	$(CARGO) build --locked --release -p polyid-cli
	@echo "==> cli: built $(CLI_BIN)"

# GNU time from Debian, installed only when missing: a test reads the peak memory of polyid
# from `/usr/bin/time -v` (and fails saying so when it cannot be installed).
cli-test-deps:
	@[ -x /usr/bin/time ] || { \
	  echo "==> cli: apt-get install time"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo="sudo"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$sudo apt-get install -y -q time >/dev/null 2>&1 || \
	    { $$sudo apt-get update -q >/dev/null 2>&1 && $$sudo apt-get install -y -q time >/dev/null 2>&1; } || \
	    echo "cli: GNU time unavailable; the memory test will fail"; }

cli-test: cli-test-deps
	$(if $(filter python-build,$(BUILD_TARGETS)),@$(MAKE) --no-print-directory -C $(ROOT) python-build \
	  || echo "cli: python-build failed; the conform/python-package test will be skipped")
	@echo "==> cli: cargo test -p polyid-cli"
	$(CARGO) test --locked -p polyid-cli

# hyperfine from Debian, installed only when missing; the benchmark falls back to bash
# `time` when it cannot be installed.
cli-bench-deps:
	@command -v hyperfine >/dev/null || { \
	  echo "==> cli: apt-get install hyperfine"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo="sudo"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$sudo apt-get install -y -q hyperfine >/dev/null 2>&1 || \
	    { $$sudo apt-get update -q >/dev/null 2>&1 && $$sudo apt-get install -y -q hyperfine >/dev/null 2>&1; } || \
	    echo "cli: hyperfine unavailable; timing with bash time"; }

cli-bench: cli-build cli-bench-deps
	@echo "==> cli: 1,000,000 IDs to a pipe"
	$(ROOT)/cli/bench/bench.sh $(CLI_BIN)

cli-bench-write:
	$(BENCH_WRITE) cli --runtime rust --runtime hyperfine -- $(MAKE) --no-print-directory -C $(ROOT) cli-bench

cli-demo: cli-build
	$(CLI_BIN) compact --explain --namespace auth_lib E.Auth.Token.MISSING
	$(CLI_BIN) tid --at 2024-07-19T16:40:46.480310Z --clock-id 1 --display
	$(CLI_BIN) inspect 3kxnlhr3gxq23 1113M2EhCbG C8ZM14GR4JXG0MQXVY18S8TJNA6
	$(CLI_BIN) range 3kxn --family tid
	$(CLI_BIN) conform --name core -- $(CLI_BIN) conform-serve
