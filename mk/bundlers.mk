# polyid-wasm in the bundlers its README names (tests/bundlers/run.mjs): Vite, webpack and
# esbuild (file and binary loaders), each building an app that imports the three entries,
# each build loaded in headless Chromium. The bundlers are installed from
# tests/bundlers/package-lock.json into target/bundlers (npm ci, again only when the lock
# changed). About 10 s once installed.
#
#   make bundlers-test

BUNDLERS_DIR := $(ROOT)/target/bundlers
BUNDLERS_STAMP := $(BUNDLERS_DIR)/node_modules/.polyid-installed

TEST_TARGETS += bundlers-test

.PHONY: bundlers-test

$(BUNDLERS_STAMP): $(ROOT)/tests/bundlers/package.json $(ROOT)/tests/bundlers/package-lock.json
	@echo "==> bundlers: npm ci (tests/bundlers/package-lock.json) into target/bundlers"
	@mkdir -p $(BUNDLERS_DIR)
	cp $(ROOT)/tests/bundlers/package.json $(ROOT)/tests/bundlers/package-lock.json $(BUNDLERS_DIR)/
	cd $(BUNDLERS_DIR) && $(NPM) ci --no-audit --no-fund --loglevel=error
	touch $@

bundlers-test: wasm-build wasm-chromium $(BUNDLERS_STAMP)
	@echo "==> bundlers: polyid-wasm built by Vite, webpack and esbuild, run in Chromium"
	node $(ROOT)/tests/bundlers/run.mjs
