# Fuzzing (fuzz/, cargo-fuzz + libFuzzer; see fuzz/README.md). Not part of `make test`, whose
# core-test and workspace-test run every target's committed seeds through its properties
# (core/tests/fuzz_seeds.rs, arrow/tests/fuzz_seeds.rs), without cargo-fuzz.
#
#   make fuzz              build once, run every target FUZZ_SECONDS (default 30) each;
#                          prints execs, execs/s and the result per target and a summary;
#                          exits non-zero when any target crashed or broke a property
#   make fuzz FUZZ_SECONDS=60 FUZZ_TARGETS="tid euid"
#   make fuzz FUZZ_SEEDS=clean   without the regress-* seeds (open core bugs)
#   make fuzz-build        just build the targets (fuzz/target, its own workspace)
#   make fuzz-seeds        rewrite the committed seed corpus from tests/vectors
#
# cargo-fuzz is installed once per machine into ~/.cache/polyid/cargo-fuzz. It needs nightly
# flags (-Zsanitizer, ...): the stable toolchain is used with RUSTC_BOOTSTRAP=1. Builds use
# debug assertions (overflow checks) and AddressSanitizer (FUZZ_SANITIZER=none to skip it).

FUZZ_SECONDS ?= 30
FUZZ_TARGETS ?= wdp_code full_id uid11 xid tid euid catalog extuuid_text extuuid_uuid \
	arrow_text arrow_ffi arrow_ints arrow_stream arrow_zip
FUZZ_SANITIZER ?= address
CARGO_FUZZ_VERSION := 0.13.2
CARGO_FUZZ_ROOT ?= $(HOME)/.cache/polyid/cargo-fuzz
CARGO_FUZZ := $(CARGO_FUZZ_ROOT)/bin/cargo-fuzz
FUZZ_BUILD_FLAGS = --fuzz-dir $(ROOT)/fuzz --debug-assertions --sanitizer $(FUZZ_SANITIZER)

.PHONY: fuzz fuzz-build fuzz-tools fuzz-seeds

fuzz-tools:
	@[ -x $(CARGO_FUZZ) ] && $(CARGO_FUZZ) --version | grep -q " $(CARGO_FUZZ_VERSION)" || { \
	  echo "==> fuzz: cargo install cargo-fuzz $(CARGO_FUZZ_VERSION) into $(CARGO_FUZZ_ROOT)"; \
	  $(CARGO) install --locked --version $(CARGO_FUZZ_VERSION) --root $(CARGO_FUZZ_ROOT) cargo-fuzz; }

fuzz-build: fuzz-tools
	@echo "==> fuzz: cargo fuzz build ($(FUZZ_SANITIZER) sanitizer, debug assertions)"
	cd $(ROOT) && RUSTC_BOOTSTRAP=1 $(CARGO_FUZZ) fuzz build $(FUZZ_BUILD_FLAGS)

fuzz: fuzz-build
	@FUZZ_SECONDS=$(FUZZ_SECONDS) $(ROOT)/fuzz/run.sh $(FUZZ_TARGETS)

fuzz-seeds:
	python3 $(ROOT)/fuzz/seeds.py
