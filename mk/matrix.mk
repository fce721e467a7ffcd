# The cross-language matrix (tests/matrix): every vector in every runtime, and every runtime
# reading every other runtime's generated IDs. Runtimes without an adapter show as absent.
.PHONY: matrix matrix-demo
matrix:
	@echo "==> matrix: every vector in every runtime, then cross-generation"
	python3 tests/matrix/run

matrix-demo:
	@echo "==> demo: the same inputs in every runtime, then the matrix"
	python3 tests/matrix/run --demo
