#!/usr/bin/env bash
# Builds the npm package folder bindings-wasm/pkg/ (called by `make wasm-build`).
#
#   1. a Rust toolchain for wasm32-unknown-unknown, in this order:
#      rustup:  `rustup target add wasm32-unknown-unknown` + `rustup component add rust-src`
#               (both from the Rust distribution server, under `timeout`);
#      debian:  when rustup cannot download: apt `rustc-web cargo-web rust-web-src lld-22`
#               (Debian's Rust for Firefox/Chromium builds), linked with `wasm-ld-22`.
#      WASM_TOOLCHAIN=rustup|debian forces one. Either way std is rebuilt from source
#      (RUSTC_BOOTSTRAP=1 -Zbuild-std) with panics that abort at once and size-optimized
#      core/alloc: that is what keeps the module inside its size budget (see README.md).
#      The path taken is written to target/wasm/toolchain.txt.
#   2. bindgen/ (polyid-wasm-bindgen): the wasm-bindgen library at exactly the version of the
#      `wasm-bindgen` crate in Cargo.lock, called as `wasm-bindgen --target web|nodejs` calls
#      it, built into target/wasm-bindgen;
#   3. its JS glue: web -> pkg/web, nodejs -> pkg/node, for each module
#      (polyid_wasm: the ID-only module; polyid_catalog, polyid_extuuid: the other entries);
#   4. `wasm-opt -Oz` from the npm `binaryen` package (bindings-wasm/node_modules);
#   5. tools/package.mjs: the public API (bindings-js/) on top of both builds, types, package.json.
#
# No wasm-pack and no download from GitHub: crates.io, npm, the Rust distribution server
# (rustup path) and Debian apt (debian path) only.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/.." && pwd)
out=$root/target/wasm
pkg=$here/pkg
mkdir -p "$out"
log() { echo "wasm-build: $*"; }

# ---------------------------------------------------------------------------------------------
# 1. Toolchain

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo -n "$@"; else
        log "need root for: $*"; return 1; fi
}

rustup_toolchain() {
    command -v rustup >/dev/null || return 1
    # Both commands are no-ops when already installed; a download failure or a hang fails fast.
    (cd "$root" && timeout 300 rustup target add wasm32-unknown-unknown) >&2 || return 1
    (cd "$root" && timeout 300 rustup component add rust-src) >&2 || return 1
    CARGO_WASM=$(cd "$root" && rustup which cargo)
    RUSTC_WASM=$(cd "$root" && rustup which rustc)
    LINKER_ENV=()
    TOOLCHAIN="rustup ($(cd "$root" && rustup show active-toolchain | cut -d' ' -f1)): wasm32-unknown-unknown target + rust-src component"
}

debian_toolchain() {
    local missing=()
    [ -x /usr/bin/rustc ] && /usr/bin/rustc --version 2>/dev/null | grep -q . || missing+=(rustc-web)
    [ -x /usr/bin/cargo ] || missing+=(cargo-web)
    [ -d /usr/lib/rustlib/src/rust/library ] || missing+=(rust-web-src)
    command -v wasm-ld-22 >/dev/null || missing+=(lld-22)
    if [ ${#missing[@]} -gt 0 ]; then
        log "installing Debian packages: ${missing[*]}"
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
            rustc-web cargo-web rust-web-src lld-22
    fi
    CARGO_WASM=/usr/bin/cargo
    RUSTC_WASM=/usr/bin/rustc
    LINKER_ENV=(CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22)
    TOOLCHAIN="debian: rustc-web + cargo-web + rust-web-src, linked with wasm-ld-22"
}

case "${WASM_TOOLCHAIN:-auto}" in
    rustup) rustup_toolchain || { log "rustup path failed"; exit 1; } ;;
    debian) debian_toolchain ;;
    auto)
        if ! rustup_toolchain; then
            log "rustup cannot provide wasm32-unknown-unknown + rust-src: using Debian's rustc-web"
            debian_toolchain
        fi
        ;;
    *) log "WASM_TOOLCHAIN must be rustup, debian or unset"; exit 1 ;;
esac
rustc_version=$("$RUSTC_WASM" --version)
log "toolchain: $TOOLCHAIN; $rustc_version"

# The unstable switches below (RUSTC_BOOTSTRAP=1 for -Zbuild-std, -Zbuild-std-features,
# -Zlocation-detail, -Zfmt-debug, -Cpanic=immediate-abort) are what keep the ID-only module
# inside its budget, and unstable switches change without notice. VERIFIED names the
# toolchain they were last checked with (README.md, "Build"). A rustc that rejects one, or a
# module that shows one had no effect, stops the build here with this message instead of
# leaving a larger module in pkg/.
VERIFIED="rustc 1.95.0 (59807616e 2026-04-14), rustup stable with the rust-src component"
flags_failed() {
    log "ERROR: $1"
    log "  this toolchain: $rustc_version ($TOOLCHAIN)"
    log "  the size build's unstable flags were verified with: $VERIFIED"
    log "  use that toolchain (WASM_TOOLCHAIN=rustup), or update the flags in"
    log "  bindings-wasm/tools/build.sh and VERIFIED there and in bindings-wasm/README.md"
    exit 1
}
for flag in -Zlocation-detail=none -Zfmt-debug=shallow; do
    RUSTC_BOOTSTRAP=1 "$RUSTC_WASM" --print cfg --target wasm32-unknown-unknown "$flag" >/dev/null 2>&1 ||
        flags_failed "rustc rejects $flag"
done

# std from source, size-optimized, panics abort at once (no panic message formatting).
# Rust >= 1.92 spells immediate abort as a panic strategy; older ones as a std feature.
std_features=optimize_for_size
rustflags="-Ctarget-feature=-reference-types,-multivalue -Zlocation-detail=none -Zfmt-debug=shallow"
if RUSTC_BOOTSTRAP=1 "$RUSTC_WASM" --print cfg --target wasm32-unknown-unknown \
    -Zunstable-options -Cpanic=immediate-abort >/dev/null 2>&1; then
    rustflags="-Zunstable-options -Cpanic=immediate-abort $rustflags"
else
    std_features="$std_features,panic_immediate_abort"
fi

tag=$(echo "$rustc_version" | tr -c 'a-zA-Z0-9.\n' '-' | cut -c1-40)
target_dir=$out/cargo-$tag
# One crate, built once per module (see Cargo.toml [features]):
#   polyid_wasm     default features: the ID-only module (size budget)
#   polyid_profiles --features profiles: the `polyid-wasm/profiles` entry (the same API with
#                   the profile option)
#   polyid_catalog  --no-default-features --features catalog: the `polyid-wasm/catalog` entry
#   polyid_extuuid  --no-default-features --features extuuid: the `polyid-wasm/extuuid` entry
MODULES=(polyid_wasm polyid_profiles polyid_catalog polyid_extuuid)
declare -A MODULE_FEATURES=(
    [polyid_wasm]=""
    [polyid_profiles]="--features profiles"
    [polyid_catalog]="--no-default-features --features catalog"
    [polyid_extuuid]="--no-default-features --features extuuid"
)
build_module() {
    local name=$1
    log "cargo build $name (profile wasm-release, -Zbuild-std ${MODULE_FEATURES[$name]}) into ${target_dir#"$root"/}"
    # shellcheck disable=SC2086 # the feature flags are words
    (
        cd "$root"
        env RUSTC_BOOTSTRAP=1 RUSTC="$RUSTC_WASM" RUSTFLAGS="$rustflags" CARGO_TARGET_DIR="$target_dir" \
            "${LINKER_ENV[@]}" \
            "$CARGO_WASM" build --locked -p polyid-wasm --target wasm32-unknown-unknown --profile wasm-release \
            -Zbuild-std=std,panic_abort -Zbuild-std-features="$std_features" ${MODULE_FEATURES[$name]}
    ) || flags_failed "cargo build of $name failed (its errors above); when they name -Zbuild-std, a std feature or a -Z flag, the unstable flags stopped working"
    # What the flags remove: std's panic messages and source locations. A module that still
    # holds them was built without their effect.
    local wasm=$target_dir/wasm32-unknown-unknown/wasm-release/polyid_wasm.wasm
    if grep -aqE 'panicked at|called `(Option|Result)::unwrap\(\)`|library/(core|std|alloc)/src/' "$wasm"; then
        flags_failed "$name holds std's panic messages or source paths: the immediate-abort panic strategy or -Zlocation-detail=none had no effect"
    fi
    # The cdylib has the crate's name whatever the features: keep each module's copy.
    cp "$target_dir/wasm32-unknown-unknown/wasm-release/polyid_wasm.wasm" "$out/$name.wasm"
}
for module in "${MODULES[@]}"; do build_module "$module"; done
{
    echo "path: ${TOOLCHAIN%%:*}"
    echo "toolchain: $TOOLCHAIN"
    echo "rustc: $rustc_version"
    echo "RUSTFLAGS: $rustflags"
    echo "build-std: std,panic_abort; features: $std_features"
} >"$out/toolchain.txt"

# ---------------------------------------------------------------------------------------------
# 2. wasm-bindgen at the crate's exact version

wb_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$root/Cargo.lock")
[ -n "$wb_version" ] || { log "no wasm-bindgen in Cargo.lock"; exit 1; }
tool_version=$(awk '/^name = "wasm-bindgen-cli-support"$/ { getline; gsub(/version = |"/, ""); print; exit }' \
    "$here/bindgen/Cargo.lock")
if [ "$tool_version" != "$wb_version" ]; then
    log "the wasm-bindgen crate is $wb_version (Cargo.lock) but bindings-wasm/bindgen builds" \
        "wasm-bindgen-cli-support ${tool_version:-?}: set it to =$wb_version in bindgen/Cargo.toml"
    exit 1
fi
log "polyid-wasm-bindgen (wasm-bindgen-cli-support $wb_version) into target/wasm-bindgen"
host_cargo=$(command -v cargo || echo "$CARGO_WASM")
env -u RUSTC -u RUSTFLAGS "$host_cargo" build --quiet --locked \
    --manifest-path "$here/bindgen/Cargo.toml" --target-dir "$root/target/wasm-bindgen"
wasm_bindgen=$root/target/wasm-bindgen/debug/polyid-wasm-bindgen

# ---------------------------------------------------------------------------------------------
# 3-4. Bindings and wasm-opt

if ! [ -x "$here/node_modules/.bin/wasm-opt" ] || [ "$here/package-lock.json" -nt "$here/node_modules/.package-lock.json" ]; then
    log "npm ci (binaryen for wasm-opt, playwright-core for the browser tests)"
    (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi
wasm_opt=$here/node_modules/.bin/wasm-opt

rm -rf "$pkg"
mkdir -p "$pkg"
# One module's JS bindings and its optimized code (`set -e` holds inside the subshell).
bind_and_optimize() {
    local module=$1 target wasm
    "$wasm_bindgen" "$out/$module.wasm" "$module" "$pkg"
    local web=$pkg/web/${module}_bg.wasm node=$pkg/node/${module}_bg.wasm
    # The two targets differ only in their JS glue: when their modules are the same bytes,
    # the optimized one is copied rather than optimized twice.
    local same
    same=$(cmp -s "$web" "$node" && echo 1 || echo 0)
    for wasm in "$web" "$node"; do
        if [ "$wasm" = "$node" ] && [ "$same" = 1 ]; then cp "$web" "$node"; continue; fi
        # -Oz, plus a flatten/re-loop pass that makes this module a little smaller still.
        "$wasm_opt" -Oz --flatten --rereloop -Oz --converge --strip-debug --strip-producers \
            "$wasm" -o "$wasm"
    done
}
# The modules side by side: wasm-opt keeps about one core busy per module.
jobs_=()
for module in "${MODULES[@]}"; do
    (bind_and_optimize "$module") &
    jobs_+=("$!:$module")
done
failed=""
for job in "${jobs_[@]}"; do
    wait "${job%%:*}" || failed="$failed ${job#*:}"
done
[ -z "$failed" ] || { echo "wasm-build: wasm-bindgen or wasm-opt failed for:$failed" >&2; exit 1; }

# ---------------------------------------------------------------------------------------------
# 5. The package

node "$here/tools/package.mjs"
node "$here/tools/size.mjs" --check ||
    flags_failed "the ID-only module is over its size budget (sizes above): code that grew, or size flags that no longer take effect"
log "done: bindings-wasm/pkg (toolchain: ${TOOLCHAIN%%:*}; details in target/wasm/toolchain.txt)"
