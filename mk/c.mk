# C binding (bindings-c): libpolyid as a static and a shared library, polyid.h (generated
# by cbindgen, committed), pkg-config files, the C tests and the matrix adapter.
#
#   make c-build    libpolyid + header + pkg-config in target/c, and the matrix adapter
#   make c-test     header staleness, vectors, bad-input and Arrow tests (static and shared),
#                   the process-node tests in child processes, valgrind, AddressSanitizer,
#                   the pkg-config example (static and shared)
#   make c-demo     builds and runs bindings-c/examples/c
#   make c-header   regenerates bindings-c/include/polyid.h (then commit it)
#   make c-bench    ns per call through the C ABI vs the same calls in Rust
#   (each *-bench has a *-bench-write that writes its tables into the README, mk/docs.mk)
#   make c-install PREFIX=/usr/local

C_SRC := $(ROOT)/bindings-c
C_OUT := $(ROOT)/target/c
C_TESTS := $(C_SRC)/tests/c
C_CARGO_OUT := $(ROOT)/target/release
C_VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' $(ROOT)/Cargo.toml | head -n 1)
# What Rust's std needs from the system when libpolyid.a is linked statically
# (`cargo rustc -p polyid-c --release --crate-type staticlib -- --print native-static-libs`).
C_LIBS_PRIVATE := -lgcc_s -lutil -lrt -lpthread -lm -ldl
C_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -I$(C_OUT)/include
C_ASAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
C_VALGRIND := valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
	--errors-for-leak-kinds=definite,indirect --error-exitcode=99
C_HARNESS := $(C_TESTS)/harness.c $(C_TESTS)/harness.h
PREFIX ?= /usr/local

BUILD_TARGETS += c-build
TEST_TARGETS += c-test
DEMO_TARGETS += c-build

.PHONY: c-deps c-build c-lib c-test c-demo c-header c-bench c-bench-write c-install

# Debian packages the C side needs: jansson (JSON for the tests and the adapter),
# valgrind, pkg-config, cmake (the CMake example). Installed only when missing.
c-deps:
	@missing=""; \
	[ -f /usr/include/jansson.h ] || missing="$$missing libjansson-dev"; \
	command -v valgrind >/dev/null || missing="$$missing valgrind"; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	command -v cmake >/dev/null || missing="$$missing cmake"; \
	if [ -n "$$missing" ]; then \
	  echo "==> c: apt-get install$$missing"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo="sudo"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$sudo apt-get install -y -q $$missing >/dev/null 2>&1 || \
	    { $$sudo apt-get update -q >/dev/null && $$sudo apt-get install -y -q $$missing >/dev/null; }; \
	fi

# libpolyid.{a,so} + polyid.h + polyid.pc in target/c (install -C keeps unchanged files'
# timestamps, so the C programs below relink only when the library changed).
c-lib:
	@echo "==> c: cargo build -p polyid-c (libpolyid)"
	$(CARGO) build --locked --release -p polyid-c
	@mkdir -p $(C_OUT)/include $(C_OUT)/lib/pkgconfig $(C_OUT)/bin $(C_OUT)/test
	@install -C -m 644 $(C_SRC)/include/polyid.h $(C_OUT)/include/polyid.h
	@install -C -m 644 $(C_CARGO_OUT)/libpolyid_c.a $(C_OUT)/lib/libpolyid.a
	@install -C -m 755 $(C_CARGO_OUT)/libpolyid_c.so $(C_OUT)/lib/libpolyid.so.$(C_VERSION)
	@ln -sfn libpolyid.so.$(C_VERSION) $(C_OUT)/lib/libpolyid.so.0
	@ln -sfn libpolyid.so.0 $(C_OUT)/lib/libpolyid.so
	@for pc in polyid polyid-static; do \
	  sed -e 's|@PREFIX@|$(C_OUT)|' -e 's|@VERSION@|$(C_VERSION)|' \
	      -e 's|@LIBS_PRIVATE@|$(C_LIBS_PRIVATE)|' $(C_SRC)/pkgconfig/$$pc.pc.in \
	    > $(C_OUT)/lib/pkgconfig/$$pc.pc.tmp; \
	  cmp -s $(C_OUT)/lib/pkgconfig/$$pc.pc.tmp $(C_OUT)/lib/pkgconfig/$$pc.pc \
	    && rm $(C_OUT)/lib/pkgconfig/$$pc.pc.tmp \
	    || mv $(C_OUT)/lib/pkgconfig/$$pc.pc.tmp $(C_OUT)/lib/pkgconfig/$$pc.pc; \
	done

C_LIB_A := $(C_OUT)/lib/libpolyid.a
C_LIB_SO := $(C_OUT)/lib/libpolyid.so.$(C_VERSION)
C_LINK_STATIC := $(C_LIB_A) $(C_LIBS_PRIVATE)
C_LINK_SHARED := -L$(C_OUT)/lib -lpolyid -Wl,-rpath,$(C_OUT)/lib

$(C_OUT)/bin/polyid-c-adapter: $(C_TESTS)/adapter.c $(C_HARNESS) $(C_LIB_A) $(C_OUT)/include/polyid.h
	$(CC) $(C_CFLAGS) -o $@ $(C_TESTS)/adapter.c $(C_TESTS)/harness.c -ljansson $(C_LINK_STATIC)

c-build: c-deps
	@$(MAKE) --no-print-directory -C $(ROOT) c-lib
	@$(MAKE) --no-print-directory -C $(ROOT) $(C_OUT)/bin/polyid-c-adapter
	@echo "==> c: built $(C_OUT)/{lib/libpolyid.a,lib/libpolyid.so,include/polyid.h,lib/pkgconfig/polyid.pc}"

# Test programs: each linked against the static and the shared library, plus an
# AddressSanitizer build (static).
$(C_OUT)/test/vectors-static: $(C_TESTS)/vectors.c $(C_HARNESS) $(C_LIB_A) $(C_OUT)/include/polyid.h
	$(CC) $(C_CFLAGS) -o $@ $(C_TESTS)/vectors.c $(C_TESTS)/harness.c -ljansson $(C_LINK_STATIC)
$(C_OUT)/test/vectors-shared: $(C_TESTS)/vectors.c $(C_HARNESS) $(C_LIB_SO) $(C_OUT)/include/polyid.h
	$(CC) $(C_CFLAGS) -o $@ $(C_TESTS)/vectors.c $(C_TESTS)/harness.c -ljansson $(C_LINK_SHARED)
$(C_OUT)/test/vectors-asan: $(C_TESTS)/vectors.c $(C_HARNESS) $(C_LIB_A) $(C_OUT)/include/polyid.h
	$(CC) $(C_CFLAGS) $(C_ASAN) -o $@ $(C_TESTS)/vectors.c $(C_TESTS)/harness.c -ljansson $(C_LINK_STATIC)
$(C_OUT)/test/bad-input-static: $(C_TESTS)/bad_input.c $(C_TESTS)/check.h $(C_LIB_A) $(C_OUT)/include/polyid.h
	$(CC) $(C_CFLAGS) -pthread -o $@ $< $(C_LINK_STATIC)
$(C_OUT)/test/bad-input-shared: $(C_TESTS)/bad_input.c $(C_TESTS)/check.h $(C_LIB_SO) $(C_OUT)/include/polyid.h
	$(CC) $(C_CFLAGS) -pthread -o $@ $< $(C_LINK_SHARED)
$(C_OUT)/test/bad-input-asan: $(C_TESTS)/bad_input.c $(C_TESTS)/check.h $(C_LIB_A) $(C_OUT)/include/polyid.h
	$(CC) $(C_CFLAGS) $(C_ASAN) -pthread -o $@ $< $(C_LINK_STATIC)

$(C_OUT)/test/node-env-static: $(C_TESTS)/node_env.c $(C_TESTS)/check.h $(C_LIB_A) $(C_OUT)/include/polyid.h
	$(CC) $(C_CFLAGS) -o $@ $< $(C_LINK_STATIC)
$(C_OUT)/test/node-env-shared: $(C_TESTS)/node_env.c $(C_TESTS)/check.h $(C_LIB_SO) $(C_OUT)/include/polyid.h
	$(CC) $(C_CFLAGS) -o $@ $< $(C_LINK_SHARED)
$(C_OUT)/test/node-env-asan: $(C_TESTS)/node_env.c $(C_TESTS)/check.h $(C_LIB_A) $(C_OUT)/include/polyid.h
	$(CC) $(C_CFLAGS) $(C_ASAN) -o $@ $< $(C_LINK_STATIC)

$(C_OUT)/test/arrow-static: $(C_TESTS)/arrow.c $(C_TESTS)/check.h $(C_LIB_A) $(C_OUT)/include/polyid.h
	$(CC) $(C_CFLAGS) -o $@ $< $(C_LINK_STATIC)
$(C_OUT)/test/arrow-shared: $(C_TESTS)/arrow.c $(C_TESTS)/check.h $(C_LIB_SO) $(C_OUT)/include/polyid.h
	$(CC) $(C_CFLAGS) -o $@ $< $(C_LINK_SHARED)
$(C_OUT)/test/arrow-asan: $(C_TESTS)/arrow.c $(C_TESTS)/check.h $(C_LIB_A) $(C_OUT)/include/polyid.h
	$(CC) $(C_CFLAGS) $(C_ASAN) -o $@ $< $(C_LINK_STATIC)

C_TEST_BINS := $(addprefix $(C_OUT)/test/,vectors-static vectors-shared vectors-asan \
	bad-input-static bad-input-shared bad-input-asan node-env-static node-env-shared node-env-asan \
	arrow-static arrow-shared arrow-asan)

# The header staleness and Rust-side tests are the crate's (tests/header.rs), run by
# `make workspace-test` with the other crates'.
c-test: c-build workspace-test
	@$(MAKE) --no-print-directory -C $(ROOT) $(C_TEST_BINS)
	@echo "==> c: linkage"
	@! ldd $(C_OUT)/test/vectors-static | grep libpolyid >/dev/null \
	  || { echo "vectors-static is linked to a shared libpolyid"; exit 1; }
	@ldd $(C_OUT)/test/vectors-shared | grep "libpolyid.so.0 => $(C_OUT)/lib/libpolyid.so.0" >/dev/null \
	  || { echo "vectors-shared does not load $(C_OUT)/lib/libpolyid.so.0"; ldd $(C_OUT)/test/vectors-shared; exit 1; }
	@echo "static: no libpolyid.so needed; shared: libpolyid.so.0 => $(C_OUT)/lib/libpolyid.so.0"
	@echo "==> c: vectors and bad-input tests, static and shared"
	cd $(ROOT) && POLYID_TEST_LINKAGE=static $(C_OUT)/test/vectors-static tests/vectors
	cd $(ROOT) && POLYID_TEST_LINKAGE=shared $(C_OUT)/test/vectors-shared tests/vectors
	POLYID_TEST_LINKAGE=static $(C_OUT)/test/bad-input-static
	POLYID_TEST_LINKAGE=shared $(C_OUT)/test/bad-input-shared
	POLYID_TEST_LINKAGE=static $(C_OUT)/test/arrow-static
	POLYID_TEST_LINKAGE=shared $(C_OUT)/test/arrow-shared
	@echo "==> c: the process node in child processes (POLYID_NODE, NODE_REQUIRED, NODE_IN_USE)"
	POLYID_TEST_LINKAGE=static $(C_OUT)/test/node-env-static
	POLYID_TEST_LINKAGE=shared $(C_OUT)/test/node-env-shared
	@echo "==> c: valgrind (no leaks, no invalid accesses)"
	cd $(ROOT) && POLYID_TEST_LINKAGE=static+valgrind $(C_VALGRIND) $(C_OUT)/test/vectors-static tests/vectors
	cd $(ROOT) && POLYID_TEST_LINKAGE=shared+valgrind $(C_VALGRIND) $(C_OUT)/test/vectors-shared tests/vectors
	POLYID_TEST_LINKAGE=static+valgrind $(C_VALGRIND) $(C_OUT)/test/bad-input-static
	POLYID_TEST_LINKAGE=shared+valgrind $(C_VALGRIND) $(C_OUT)/test/bad-input-shared
	POLYID_TEST_LINKAGE=static+valgrind $(C_VALGRIND) $(C_OUT)/test/arrow-static
	@echo "==> c: AddressSanitizer + UBSan (static)"
	cd $(ROOT) && POLYID_TEST_LINKAGE=static+asan ASAN_OPTIONS=detect_leaks=1 $(C_OUT)/test/vectors-asan tests/vectors
	POLYID_TEST_LINKAGE=static+asan ASAN_OPTIONS=detect_leaks=1 $(C_OUT)/test/bad-input-asan
	POLYID_TEST_LINKAGE=static+asan ASAN_OPTIONS=detect_leaks=1 $(C_OUT)/test/node-env-asan
	POLYID_TEST_LINKAGE=static+asan ASAN_OPTIONS=detect_leaks=1 $(C_OUT)/test/arrow-asan
	@echo "==> c: pkg-config example (static and shared)"
	@$(MAKE) --no-print-directory -C $(ROOT) c-example-check
	@echo "==> c: all C tests passed"

# Builds bindings-c/examples/c with its own Makefile through pkg-config, runs both
# linkages and compares their fixed lines with expected.txt (values from docs/spec).
c-example-check:
	@mkdir -p $(C_OUT)/example
	@PKG_CONFIG_PATH=$(C_OUT)/lib/pkgconfig $(MAKE) --no-print-directory -s -C $(C_SRC)/examples/c \
	  OUT=$(C_OUT)/example CFLAGS="-O2 -Wall -Wextra -Werror" all
	@for kind in static shared; do \
	  $(C_OUT)/example/example-$$kind > $(C_OUT)/example/$$kind.out; \
	  head -n 8 $(C_OUT)/example/$$kind.out | diff -u $(C_SRC)/examples/c/expected.txt - \
	    || { echo "example-$$kind: unexpected output"; exit 1; }; \
	done
	@! ldd $(C_OUT)/example/example-static | grep libpolyid >/dev/null
	@ldd $(C_OUT)/example/example-shared | grep "libpolyid.so.0 => $(C_OUT)/lib/" >/dev/null
	@echo "example: 2 passed, 0 failed (static and shared, via pkg-config)"
	@for s in OFF ON; do \
	  PKG_CONFIG_PATH=$(C_OUT)/lib/pkgconfig cmake -S $(C_SRC)/examples/c -B $(C_OUT)/example/cmake-$$s \
	    -DPOLYID_STATIC=$$s >/dev/null && cmake --build $(C_OUT)/example/cmake-$$s >/dev/null \
	    && $(C_OUT)/example/cmake-$$s/example | head -n 8 | diff -u $(C_SRC)/examples/c/expected.txt - \
	    || { echo "CMake example (POLYID_STATIC=$$s) failed"; exit 1; }; \
	done; echo "cmake example: 2 passed, 0 failed"

c-demo: c-build
	@mkdir -p $(C_OUT)/example
	@PKG_CONFIG_PATH=$(C_OUT)/lib/pkgconfig $(MAKE) --no-print-directory -s -C $(C_SRC)/examples/c \
	  OUT=$(C_OUT)/example all
	@echo "==> c: example (shared library)"
	@$(C_OUT)/example/example-shared
	@echo "==> c: matrix adapter demo"
	@$(C_OUT)/bin/polyid-c-adapter demo

# tests/header.rs generates the header; with POLYID_C_UPDATE_HEADER=1 it writes it instead of
# comparing (building the library itself does not run cbindgen).
c-header:
	POLYID_C_UPDATE_HEADER=1 $(CARGO) test --locked -p polyid-c --test header
	@echo "bindings-c/include/polyid.h regenerated; review and commit it"

$(C_OUT)/bench/bench-c: $(C_SRC)/benches/bench.c $(C_LIB_A) $(C_OUT)/include/polyid.h
	@mkdir -p $(C_OUT)/bench
	$(CC) $(C_CFLAGS) -O3 -o $@ $< $(C_LINK_STATIC)

c-bench: c-build
	@$(MAKE) --no-print-directory -C $(ROOT) $(C_OUT)/bench/bench-c
	$(CARGO) build --locked --release -p polyid-c --example bench_rust
	$(C_OUT)/bench/bench-c > $(C_OUT)/bench/c.txt
	$(C_CARGO_OUT)/examples/bench_rust > $(C_OUT)/bench/rust.txt
	@python3 $(C_SRC)/benches/compare.py $(C_OUT)/bench/c.txt $(C_OUT)/bench/rust.txt

c-bench-write:
	$(BENCH_WRITE) c --runtime rust --runtime gcc -- $(MAKE) --no-print-directory -C $(ROOT) c-bench

c-install: c-build
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 $(C_OUT)/include/polyid.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 $(C_LIB_A) $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(C_LIB_SO) $(DESTDIR)$(PREFIX)/lib/
	ln -sfn libpolyid.so.$(C_VERSION) $(DESTDIR)$(PREFIX)/lib/libpolyid.so.0
	ln -sfn libpolyid.so.0 $(DESTDIR)$(PREFIX)/lib/libpolyid.so
	for pc in polyid polyid-static; do \
	  sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(C_VERSION)|' \
	      -e 's|@LIBS_PRIVATE@|$(C_LIBS_PRIVATE)|' $(C_SRC)/pkgconfig/$$pc.pc.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/$$pc.pc; \
	done
