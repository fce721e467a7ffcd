# Generators across processes and containers (tests/fleet/run): PID namespaces, nodes, the
# per-host node claim, required nodes, fork. Needs the Python package and the CLI built.
.PHONY: fleet-test
fleet-test: python-build cli-build
	@echo "==> fleet: generators across processes and PID namespaces"
	python3 tests/fleet/run --python $(PY) --cli $(ROOT)/target/release/polyid

TEST_TARGETS += fleet-test
