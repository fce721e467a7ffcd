# The cross-language matrix (tests/matrix): every vector in every runtime, and every runtime
# reading every other runtime's generated IDs. Runtimes without an adapter show as absent.
#
#   matrix              every vector, the seeded random cases, cross-generation and replay in
#                       every runtime (make test)
#   matrix-demo         the same inputs in every runtime, fresh IDs read back, then the matrix
#                       (make demo); every line it prints fits 120 columns (tests/matrix/layout.py)
#   matrix-layout-test  the runner's tables rendered from wide fake results fit 120 columns and
#                       still show every value, and its side-by-side calls keep their order and
#                       groups (make test; no adapter runs)
#   matrix-rust         the Rust column's adapter (core/examples/matrix_adapter.rs), which the
#                       adapter itself builds too when it is missing or stale
#
# The demo sets up every column before the runner starts (DEMO_TARGETS: the bindings' builds,
# matrix-rust, and PostgreSQL's server, extension and PGlite), so that each set-up step shows
# its own lines: an adapter's own set-up runs silently, inside the runner's first call.
.PHONY: matrix matrix-demo matrix-layout-test matrix-rust
# The random cases' outcomes come from tests/vectors/tools/independent.py, whose packages are
# the vector checkers' (mk/vectors.mk).
matrix:
	@echo "==> matrix: every vector in every runtime, then cross-generation"
	@$(MAKE) --no-print-directory $(VEC_STAMP)
	python3 tests/matrix/run

matrix-demo:
	@echo "==> demo: the same inputs in every runtime, then the matrix"
	@$(MAKE) --no-print-directory $(VEC_STAMP)
	python3 tests/matrix/run --demo

matrix-rust:
	@echo "==> matrix: cargo build of the Rust column's adapter (profile release-tests)"
	$(CARGO) build --locked --profile release-tests -p polyid --example matrix_adapter

DEMO_TARGETS += matrix-rust

matrix-layout-test:
	@echo "==> matrix: the tables fit 120 columns, the calls keep their order (tests/matrix/test_layout.py)"
	python3 -B tests/matrix/test_layout.py

TEST_TARGETS += matrix-layout-test
