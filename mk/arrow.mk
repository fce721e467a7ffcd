# Arrow column kernels (arrow/, crate polyid-arrow): the crate's tests, among them the shared
# vectors through the kernels (arrow/tests/vectors.rs), and its doc examples.
#
#   arrow-test   cargo test -p polyid-arrow

.PHONY: arrow-test

arrow-test:
	@echo "==> arrow: cargo test -p polyid-arrow"
	$(CARGO) test --locked -p polyid-arrow

TEST_TARGETS += arrow-test

# The parse kernels against the core's per-ID loop (10,000,000 rows), then polyid.arrow in
# Python: compact IDs against a Python loop and Polars' Series.hash(), parse times, peak RSS.
.PHONY: arrow-bench arrow-bench-write
arrow-bench: python-build
	$(CARGO) run --locked --release -p polyid-arrow --example parse_bench -- 10000000
	$(PY) $(PY_DIR)/bench/arrow_bench.py

# The same run, its tables written into bindings-python/README.md (mk/docs.mk).
arrow-bench-write:
	$(BENCH_WRITE) python-arrow --runtime python=$(PY) --runtime rust -- \
	    $(MAKE) --no-print-directory -C $(ROOT) arrow-bench
