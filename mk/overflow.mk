# The tests of the C, Python and Node bindings against builds whose integer arithmetic is
# checked: an overflow panics (and each binding's boundary turns the panic into
# INTERNAL_ERROR, which the tests see) instead of wrapping into a wrong value, as release
# builds do. `make test` runs only the core's unit tests that way (`core-test`); this target
# adds three builds, in target/overflow, so it is separate:
#
#   make overflow-test

OVF_DIR := $(ROOT)/target/overflow
OVF_ENV := CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true \
	CARGO_TARGET_DIR=$(OVF_DIR)
OVF_LIBS := $(OVF_DIR)/release/libpolyid_c.a $(C_LIBS_PRIVATE)

.PHONY: overflow-test
overflow-test: c-build python-build node-build
	@echo "==> overflow: C, Python and Node builds with overflow checks (target/overflow)"
	$(OVF_ENV) $(CARGO) build --locked --release -p polyid-c -p polyid-node
	@mkdir -p $(OVF_DIR)/c $(OVF_DIR)/node
	$(CC) $(C_CFLAGS) -o $(OVF_DIR)/c/vectors $(C_TESTS)/vectors.c $(C_TESTS)/harness.c -ljansson $(OVF_LIBS)
	$(CC) $(C_CFLAGS) -pthread -o $(OVF_DIR)/c/bad-input $(C_TESTS)/bad_input.c $(OVF_LIBS)
	$(CC) $(C_CFLAGS) -o $(OVF_DIR)/c/arrow $(C_TESTS)/arrow.c $(OVF_LIBS)
	cd $(C_SRC) && $(OVF_DIR)/c/vectors $(ROOT)/tests/vectors && $(OVF_DIR)/c/bad-input \
		&& $(OVF_DIR)/c/arrow
	@# The Node tests load the checked addon through the loader's documented override.
	cp $(OVF_DIR)/release/libpolyid_node.so $(OVF_DIR)/node/polyid.node
	cd $(NODE_DIR) && POLYID_NATIVE_LIBRARY_PATH=$(OVF_DIR)/node/polyid.node \
		$(NODE) --test test/ > $(OVF_DIR)/node/test.log 2>&1 \
		|| { cat $(OVF_DIR)/node/test.log; exit 1; }
	@grep -E '^# (pass|fail)' $(OVF_DIR)/node/test.log | tr '\n' ' '; echo "(node, overflow checks)"
	@# The Python tests import the checked wheel, unpacked ahead of the installed one.
	rm -rf $(OVF_DIR)/wheel $(OVF_DIR)/py
	$(OVF_ENV) VIRTUAL_ENV=$(PY_VENV) $(PY_VENV)/bin/maturin build --release --locked --quiet \
		-m $(PY_DIR)/Cargo.toml -i $(PY) -o $(OVF_DIR)/wheel
	$(PY) -m zipfile -e $(OVF_DIR)/wheel/polyid_rs-*.whl $(OVF_DIR)/py
	cd $(PY_DIR) && PYTHONPATH=$(OVF_DIR)/py $(PY) -c \
		"import polyid, sys; sys.exit(not polyid.__file__.startswith('$(OVF_DIR)/py'))"
	cd $(PY_DIR) && PYTHONPATH=$(OVF_DIR)/py $(PY) -m pytest tests -q -p no:cacheprovider
	@echo "==> overflow: every test passed with overflow checks"
