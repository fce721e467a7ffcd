# The shared vectors' independent checkers (tests/vectors/tools, see the README there).
#
#   make vectors-check   each checker recomputes every expected value of its files from the
#                        specification and fails naming the case that differs; then
#                        test_checkers.py changes one expected value per file in a copy and
#                        asserts that the file's checker fails naming that case
#
# Their packages (tools/requirements.txt) go into the repo's .venv (mk/python.mk).

VEC_TOOLS := $(ROOT)/tests/vectors/tools
VEC_STAMP := $(PY_VENV)/.polyid-vector-tools

.PHONY: vectors-check

$(VEC_STAMP): $(VEC_TOOLS)/requirements.txt
	@echo "==> vectors: checker packages into $(PY_VENV)"
	@test -x $(PY) || python3 -m venv $(PY_VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r $<
	@touch $@

vectors-check: $(VEC_STAMP)
	@echo "==> vectors: the independent checkers (--check)"
	$(PY) $(VEC_TOOLS)/independent.py --check
	$(PY) $(VEC_TOOLS)/extuuid_independent.py --check
	$(PY) $(VEC_TOOLS)/catalog_independent.py --check
	$(PY) $(VEC_TOOLS)/generators_independent.py --check
	@echo "==> vectors: a changed expected value fails its checker"
	$(PY) $(VEC_TOOLS)/test_checkers.py

TEST_TARGETS += vectors-check
