# Arrow column kernels (arrow/, crate polyid-arrow): the crate's tests, among them the shared
# vectors through the kernels (arrow/tests/vectors.rs), and its doc examples.
#
#   arrow-test   cargo test -p polyid-arrow

.PHONY: arrow-test

arrow-test:
	@echo "==> arrow: cargo test -p polyid-arrow"
	$(CARGO) test --locked -p polyid-arrow

TEST_TARGETS += arrow-test
