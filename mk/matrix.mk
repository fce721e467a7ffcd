# The cross-language matrix (tests/matrix). Until every adapter exists it runs the ones
# that do and prints the rest as skipped.
.PHONY: matrix
matrix:
	@echo "==> matrix"
	@if [ -x tests/matrix/run ]; then tests/matrix/run; else echo "matrix: not built yet"; fi
