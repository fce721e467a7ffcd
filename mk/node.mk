# Node package (bindings-node, npm name `polyid`): the shared JavaScript layer (bindings-js/)
# over the napi engine, a napi-rs v3 addon built by @napi-rs/cli.
#
#   make node-build   npm install when package-lock.json changed, then `napi build --release`
#                     and tools/assemble.mjs (index.js, index.mjs, index.d.ts)
#   make node-test    node --test (shared vectors, API, round trips, atproto) + tsc --noEmit
#   make node-bench   side-by-side benchmark against npm peers (not part of `make test`)
#   (each *-bench has a *-bench-write that writes its tables into the README, mk/docs.mk)
#   make node-leaks   leak check: 1,000,000 calls of every entry point (and of every error
#                     path), RSS growth per entry point and in total, fails above 5 MB. Not
#                     part of `make test`: it takes several minutes (LEAK_CALLS=... for fewer).
#   make node-leaks-write  the same, and its result written into the README (bench:node-leaks)
#
# Set-up is idempotent and cached: node_modules is reinstalled (`npm ci`, exactly the committed
# package-lock.json, which lists every platform's optional packages) only when package.json or
# package-lock.json is newer than its stamp, and the addon is rebuilt only when a Rust source
# (binding or core), Cargo manifest or the napi config changed.

NODE_DIR := $(ROOT)/bindings-node
NPM ?= npm
NODE ?= node
NODE_MODULES_STAMP := $(NODE_DIR)/node_modules/.polyid-installed
NODE_BUILD_STAMP := $(NODE_DIR)/.stamp-build
NODE_BUILD_INPUTS := $(wildcard $(NODE_DIR)/src/*.rs) $(NODE_DIR)/Cargo.toml $(NODE_DIR)/build.rs \
	$(NODE_DIR)/package.json $(NODE_DIR)/tools/assemble.mjs $(wildcard $(ROOT)/bindings-js/*) \
	$(shell find $(ROOT)/core/src -name '*.rs' 2>/dev/null) $(ROOT)/core/Cargo.toml

.PHONY: node-build node-test node-bench node-bench-write node-demo node-leaks node-leaks-write

$(NODE_MODULES_STAMP): $(NODE_DIR)/package.json $(NODE_DIR)/package-lock.json
	@echo "==> node: npm ci (package-lock.json as committed)"
	cd $(NODE_DIR) && $(NPM) ci --no-audit --no-fund --loglevel=error
	touch $@

$(NODE_BUILD_STAMP): $(NODE_MODULES_STAMP) $(NODE_BUILD_INPUTS)
	@echo "==> node: napi build --release"
	cd $(NODE_DIR) && $(NPM) run --silent build
	touch $@

# A missing addon (e.g. deleted by hand) forces a rebuild even when the stamp is fresh.
node-build:
	@ls $(NODE_DIR)/polyid.*.node >/dev/null 2>&1 || rm -f $(NODE_BUILD_STAMP)
	@$(MAKE) --no-print-directory -f $(ROOT)/Makefile $(NODE_BUILD_STAMP)

# The SQL extensions beside the addon (test/sql.test.js) come from make sql-build.
node-test: node-build sql-build
	@echo "==> node: node --test + tsc --noEmit"
	cd $(NODE_DIR) && $(NODE) --test --test-reporter=spec test/
	cd $(NODE_DIR) && ./node_modules/.bin/tsc -p test/tsconfig.json && echo "tsc --noEmit: test/types.ts OK"

node-bench: node-build
	cd $(NODE_DIR) && $(NODE) bench/bench.js

node-bench-write:
	$(BENCH_WRITE) node --runtime node=$(NODE) -- $(MAKE) --no-print-directory -C $(ROOT) node-bench

node-leaks: node-build
	cd $(NODE_DIR) && $(NODE) --expose-gc tools/leaks.js

node-leaks-write:
	$(BENCH_WRITE) node-leaks --runtime node=$(NODE) -- $(MAKE) --no-print-directory -C $(ROOT) node-leaks

node-demo: node-build
	@$(ROOT)/tests/matrix/adapters/node demo

BUILD_TARGETS += node-build
TEST_TARGETS += node-test
DEMO_TARGETS += node-build
