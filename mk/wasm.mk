# Browser/wasm package (bindings-wasm, npm name `polyid-wasm`): wasm-bindgen, no wasm-pack.
#
#   make wasm-build   toolchain (rustup wasm32 target + rust-src, else Debian rustc-web), std
#                     rebuilt for size, the JS glue by bindgen/ (the wasm-bindgen library),
#                     wasm-opt -Oz (npm binaryen) -> bindings-wasm/pkg: three modules, one per
#                     package entry (polyid-wasm: IDs, under the size budget;
#                     polyid-wasm/catalog; polyid-wasm/extuuid); prints their sizes (raw and
#                     gzip) and writes the toolchain path to target/wasm/toolchain.txt
#   make wasm-test    size budget; every shared vector (catalog and EXTUUID included) in Node
#                     (Node build) and in headless Debian Chromium (web build); API tests of
#                     the three entries; the page driven in Chromium
#                     (screenshot: bindings-wasm/build/page.png)
#   make wasm-demo    serves the page (bindings-wasm/www) on http://127.0.0.1:8765/ (also
#                     `make wasm-serve`; WASM_PORT=... to change the port)
#   make wasm-bench   throughput in Node: polyid-wasm against the native `polyid` package
#   make wasm-bench-catalog  loading and expanding catalogs of 1,000-100,000 entries, wasm
#                     against native (SIZES=1000,10000 for fewer)
#   make wasm-bench-write, make wasm-bench-catalog-write  the same, their tables written into
#                     the README (mk/docs.mk)
#
# The build is skipped when nothing it reads changed (stamp file); the npm tools are installed
# once, and bindgen/ (the wasm-bindgen library as its CLI calls it) is built into
# target/wasm-bindgen. Chromium comes from Debian (apt-get, only when missing).

WASM_DIR := $(ROOT)/bindings-wasm
WASM_STAMP := $(ROOT)/target/wasm/.stamp-build
WASM_PORT ?= 8765
WASM_BUILD_INPUTS := $(wildcard $(WASM_DIR)/src/*.rs $(WASM_DIR)/src/ids/*.rs $(WASM_DIR)/js/* $(WASM_DIR)/tools/* $(ROOT)/bindings-js/*) \
	$(WASM_DIR)/Cargo.toml $(WASM_DIR)/package-lock.json $(WASM_DIR)/README.md \
	$(WASM_DIR)/bindgen/Cargo.toml $(WASM_DIR)/bindgen/Cargo.lock $(WASM_DIR)/bindgen/src/main.rs \
	$(ROOT)/postgres/polyid--plpgsql.sql $(ROOT)/Cargo.lock $(ROOT)/core/Cargo.toml $(shell find $(ROOT)/core/src -name '*.rs' 2>/dev/null)

.PHONY: wasm-build wasm-test wasm-demo wasm-serve wasm-bench wasm-bench-catalog wasm-chromium \
	wasm-bench-write wasm-bench-catalog-write

$(WASM_STAMP): $(WASM_BUILD_INPUTS)
	@echo "==> wasm: build bindings-wasm/pkg"
	$(WASM_DIR)/tools/build.sh
	@mkdir -p $(dir $@) && touch $@

# A missing package (e.g. deleted by hand), or WASM_TOOLCHAIN=rustup|debian asking for another
# toolchain path than the last build's, forces a rebuild even when the stamp is fresh.
wasm-build:
	@[ -f $(WASM_DIR)/pkg/web/polyid_wasm_bg.wasm ] && [ -f $(WASM_DIR)/pkg/web/polyid_catalog_bg.wasm ] && [ -f $(WASM_DIR)/pkg/web/polyid_extuuid_bg.wasm ] && [ -f $(WASM_DIR)/pkg/node/index.cjs ] || rm -f $(WASM_STAMP)
	@[ -z "$${WASM_TOOLCHAIN:-}" ] || grep -q "^path: $${WASM_TOOLCHAIN}" $(ROOT)/target/wasm/toolchain.txt 2>/dev/null || rm -f $(WASM_STAMP)
	@$(MAKE) --no-print-directory -f $(ROOT)/Makefile $(WASM_STAMP)
	@sed -n 's/^path: /wasm: toolchain path: /p' $(ROOT)/target/wasm/toolchain.txt

# Debian's chromium for the headless browser tests, installed only when missing.
wasm-chromium:
	@command -v chromium >/dev/null || { \
		echo "==> wasm: apt-get install chromium"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO="sudo -n"; fi; \
		$$SUDO apt-get update -qq && \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium; }

# node-build: the parity tests compare every result with the native Node package's.
wasm-test: wasm-build wasm-chromium node-build
	@echo "==> wasm: node --test (size, vectors in Node and Chromium, API, page)"
	cd $(WASM_DIR) && node --test --test-concurrency=1 --test-reporter=spec tests/

wasm-demo: wasm-build
	@echo "==> wasm: the page on http://127.0.0.1:$(WASM_PORT)/ (Ctrl-C to stop)"
	node $(WASM_DIR)/tools/serve.mjs --port $(WASM_PORT)

wasm-serve: wasm-demo

wasm-bench: wasm-build
	cd $(WASM_DIR) && node bench/bench.mjs

wasm-bench-catalog: wasm-build node-build
	cd $(WASM_DIR) && node bench/catalog-scaling.mjs

wasm-bench-write:
	$(BENCH_WRITE) wasm --runtime node --runtime rust -- $(MAKE) --no-print-directory -C $(ROOT) wasm-bench

wasm-bench-catalog-write:
	$(BENCH_WRITE) wasm-catalog --runtime node --runtime rust -- \
	    $(MAKE) --no-print-directory -C $(ROOT) wasm-bench-catalog

BUILD_TARGETS += wasm-build
TEST_TARGETS += wasm-test
# The demo's matrix runs the browser module in headless chromium too.
DEMO_TARGETS += wasm-build wasm-chromium
