# Conformance with real third-party implementations (interop/): installs the peers from the
# registries, runs `polyid conform` against each at every error level, and writes
# docs/interop.md. Not part of `make test` (it installs packages).
.PHONY: interop
interop: cli-build
	@echo "==> interop: polyid conform against real peers (interop/run)"
	python3 interop/run --cli $(ROOT)/target/release/polyid
