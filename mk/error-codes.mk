# Error codes are defined once, in the core (core/src/error.rs: ErrorCode::ALL, as_str,
# description). tools/error_codes.py checks every list of them (the C enum and header, the
# TypeScript unions, the documentation tables) against the core's table.
#
#   make error-codes-check   fails on any list that differs from the core
#   make error-codes-write   rewrites the generated lists (tables, unions, C strings)

TEST_TARGETS += error-codes-check

.PHONY: error-codes-check error-codes-write

error-codes-check:
	@echo "==> error codes: every list against the core (tools/error_codes.py --check)"
	CARGO=$(CARGO) python3 $(ROOT)/tools/error_codes.py --check

error-codes-write:
	CARGO=$(CARGO) python3 $(ROOT)/tools/error_codes.py --write
