# Generators across processes and containers (tests/fleet/run): PID namespaces, nodes, the
# per-host node claim, required nodes, fork. Needs the Python package and the CLI built.
.PHONY: fleet-test
fleet-test: python-build cli-build
	@echo "==> fleet: generators across processes and PID namespaces"
	python3 tests/fleet/run --python $(PY) --cli $(ROOT)/target/release/polyid
	python3 docs/tools/uniqueness_table.py --check --cli $(ROOT)/target/release/polyid
	$(ROOT)/target/release/polyid simulate --family tid --hosts 10 --rate 100 --years 1
	$(ROOT)/target/release/polyid simulate --family xid --hosts 2 --rate 100 --years 1

TEST_TARGETS += fleet-test
